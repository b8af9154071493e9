"""Who may download what of a finished hand (RULES.md §7 and the lead's decision on issue 6).

- Spectators, and seats that were not dealt into the hand: the **public** history, what a
  spectator saw at the table: no ``dealt``, ``deck``, ``deck_salt`` or ``deck_openings``;
  pass and arrange actions without their cards; the result (pots, nets, revealed cards) as
  shown. Version 2 hands add the 52 ``deck_leaves`` (salted hashes: they reveal no card).
- A seat dealt into the hand: its **own** history: the public history plus its own dealt
  cards, its own pass and arrange cards and the cards it received in each pass
  (``received``, one list per pass; nobody else's), and for version 2 hands the
  ``deck_openings`` of the deck positions dealt to that seat only (``core.fairness``,
  ``docs/protocol.md`` §6), so ``anaconda-poker verify`` proves its own cards were fixed
  before the deal. Positions of cards other seats showed at the showdown are never opened:
  a position tells who was dealt a card, which would leak passing choices.
- A seat dealt into the hand at a table with ``reveal_deck_after_hand`` on: the **full**
  history with ``deck`` and ``deck_salt``, which ``anaconda-poker verify`` needs to recompute
  the whole commitment (it shows every seat's cards, so it is off by default: RULES.md §7).

The deck commitment (and its ``deck_commitment_version``) is in every version: it was
published before the deal. Version 1 hands (stored before version 2) have no leaves, so
their own and public histories carry nothing to verify.

Version 3 hands (player seeds, ``server/seeds.py``) are stored with the committed
``server_deck`` besides the dealt ``deck``. Their ``player_seeds`` are public in every version
(the permutation they pick reveals no card without the server deck); the leaves are the
server deck's, and a seat's openings are the server-deck positions the seeds moved its cards
from (``core.fairness_v3.seat_openings_v3``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.fairness import FairnessError, deck_leaves, seat_openings
from anaconda_poker.core.fairness_v3 import SUPPORTED_VERSIONS, history_seeds, seat_openings_v3

SECRET_FIELDS = ("dealt", "deck", "deck_salt", "deck_openings", "server_deck")
"""History fields only the full (or, for ``dealt`` and openings, the own) version carries."""


def _leaved_version(history: Mapping[str, Any]) -> int | None:
    """2 or 3 for a stored history whose leaves can be published, else ``None``.

    Raises:
        FairnessError: an unknown ``deck_commitment_version``.
    """
    version = history.get("deck_commitment_version", 1)
    if isinstance(version, bool) or version not in SUPPORTED_VERSIONS:
        raise FairnessError(
            f"deck_commitment_version must be one of {SUPPORTED_VERSIONS}, got {version!r}"
        )
    if "deck_salt" not in history:
        return None
    if version == 3 and "server_deck" in history:
        return 3
    return 2 if version == 2 and "deck" in history else None


def public_history(history: Mapping[str, Any]) -> dict[str, Any]:
    """The hand as a spectator saw it; ``"redacted": true``, ``"viewer_seat": null``.

    Args:
        history: the full stored history (HAND_HISTORY.md plus the fairness fields
            ``deck``, ``deck_salt``, ``deck_commitment`` and ``deck_commitment_version``).

    Returns:
        A new dict; version 2 and 3 hands carry ``deck_leaves`` (52 hex digests by position
        of the committed deck), version 3 hands also ``player_seeds``.

    Raises:
        FairnessError: the stored deck, salt or version is malformed.
    """
    out = {k: v for k, v in history.items() if k not in SECRET_FIELDS}
    out["actions"] = [
        {k: v for k, v in action.items() if k != "cards"} for action in history.get("actions", [])
    ]
    version = _leaved_version(history)
    if version is not None:
        committed = history["server_deck"] if version == 3 else history["deck"]
        out["deck_leaves"] = deck_leaves(parse_codes(committed), history["deck_salt"])
    out["redacted"] = True
    out["viewer_seat"] = None
    return out


def own_history(history: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """The hand as seat ``seat`` may keep it: public plus its own cards and choices.

    Version 2 hands add ``deck_openings``: ``[{"position", "card", "card_salt"}]`` for the
    positions the deal order (RULES.md §2.2) gave ``seat``, nothing for any other position;
    version 3 hands the same for the server-deck positions the seeds moved those cards from.

    Args:
        history: the full stored history.
        seat: a seat dealt into the hand.

    Raises:
        KeyError: ``seat`` was not dealt into the hand.
        FairnessError: the stored deck, salt or version is malformed.
    """
    own_cards = history["dealt"][str(seat)]
    out = public_history(history)
    out["dealt"] = {str(seat): list(own_cards)}
    out["actions"] = [
        dict(action)
        if action.get("seat") == seat
        else {k: v for k, v in action.items() if k != "cards"}
        for action in history.get("actions", [])
    ]
    version = _leaved_version(history)
    seats = [int(entry["seat"]) for entry in history["seats"]]
    button = int(history["button"])
    cards_each = int(history.get("config", {}).get("cards_dealt", 7))
    if version == 2:
        out["deck_openings"] = seat_openings(
            parse_codes(history["deck"]),
            history["deck_salt"],
            seats=seats,
            button=button,
            cards_each=cards_each,
            seat=seat,
        )
    elif version == 3:
        out["deck_openings"] = seat_openings_v3(
            parse_codes(history["server_deck"]),
            history["deck_salt"],
            history_seeds(history),
            seats=seats,
            button=button,
            cards_each=cards_each,
            seat=seat,
        )
    received = _received(history, seat)
    if received is not None:
        out["received"] = received
    out["viewer_seat"] = seat
    return out


def _received(history: Mapping[str, Any], seat: int) -> list[list[str]] | None:
    """The cards ``seat`` received in each of its passes (it saw them, RULES.md §7), from a
    replay of the full history; ``None`` when the stored history does not replay. With them
    a seat's own download holds everything its seat saw, so ``anaconda-poker review`` can
    rebuild its decisions (``analysis/own_download.py``)."""
    from anaconda_poker.core.cards import card_str
    from anaconda_poker.core.errors import AnacondaError
    from anaconda_poker.core.history import replay

    try:
        state = replay(history)
        return [[card_str(c) for c in got] for _given, got in state.passes[seat]]
    except (AnacondaError, KeyError, TypeError, ValueError, IndexError):
        return None


def history_for(
    history: Mapping[str, Any], seat: int | None, *, reveal_deck: bool
) -> dict[str, Any]:
    """The version of a finished hand's history that ``seat`` may download.

    Args:
        history: the full stored history.
        seat: the requester's seat at this table, or ``None`` (spectator, another table's
            token, no token).
        reveal_deck: the table's ``reveal_deck_after_hand`` option.

    Raises:
        FairnessError: the stored deck, salt or version is malformed.
    """
    if seat is None or str(seat) not in history.get("dealt", {}):
        return public_history(history)
    if reveal_deck:
        out = dict(history)
        out["redacted"] = False
        out["viewer_seat"] = seat
        return out
    return own_history(history, seat)
