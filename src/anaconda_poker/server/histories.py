"""Who may download what of a finished hand (RULES.md §7 and the lead's decision on issue 6).

- Spectators, and seats that were not dealt into the hand: the **public** history, what a
  spectator saw at the table: no ``dealt``, ``deck`` or ``deck_salt``; pass and arrange
  actions without their cards; the result (pots, nets, revealed cards) as shown.
- A seat dealt into the hand: its **own** history: the public history plus its own dealt
  cards and its own pass and arrange cards (nobody else's).
- A seat dealt into the hand at a table with ``reveal_deck_after_hand`` on: the **full**
  history with ``deck`` and ``deck_salt``, which ``anaconda-poker verify`` needs to recompute
  the commitment (it shows every seat's cards, so it is off by default: RULES.md §7 wins).

The deck commitment itself is always in every version (it was published before the deal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SECRET_FIELDS = ("dealt", "deck", "deck_salt")
"""History fields only the full version carries."""


def public_history(history: Mapping[str, Any]) -> dict[str, Any]:
    """The hand as a spectator saw it; ``"redacted": true``, ``"viewer_seat": null``.

    Args:
        history: the full stored history (HAND_HISTORY.md plus the fairness fields).
    """
    out = {k: v for k, v in history.items() if k not in SECRET_FIELDS}
    out["actions"] = [
        {k: v for k, v in action.items() if k != "cards"} for action in history.get("actions", [])
    ]
    out["redacted"] = True
    out["viewer_seat"] = None
    return out


def own_history(history: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """The hand as seat ``seat`` may keep it: public plus its own cards and choices.

    Args:
        history: the full stored history.
        seat: a seat dealt into the hand.

    Raises:
        KeyError: ``seat`` was not dealt into the hand.
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
    out["viewer_seat"] = seat
    return out


def history_for(
    history: Mapping[str, Any], seat: int | None, *, reveal_deck: bool
) -> dict[str, Any]:
    """The version of a finished hand's history that ``seat`` may download.

    Args:
        history: the full stored history.
        seat: the requester's seat at this table, or ``None`` (spectator, another table's
            token, no token).
        reveal_deck: the table's ``reveal_deck_after_hand`` option.
    """
    if seat is None or str(seat) not in history.get("dealt", {}):
        return public_history(history)
    if reveal_deck:
        out = dict(history)
        out["redacted"] = False
        out["viewer_seat"] = seat
        return out
    return own_history(history, seat)
