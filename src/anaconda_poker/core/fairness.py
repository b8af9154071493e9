"""Provably fair deals: a SHA-256 commitment to the deck order, the deal from that deck, and
the checks ``anaconda-poker verify`` runs on a hand history.

Pure functions (no I/O, no clock, no RNG): the server draws the deck and the salt with
``secrets`` and passes them in; everything here only hashes and compares.

Format (``docs/protocol.md`` §6), version 1::

    commitment = sha256("anaconda-deck-v1:" + salt_hex + ":" + deck_text).hexdigest()

where ``salt_hex`` is the salt as lower-case hex (64 characters for the server's 32 bytes) and
``deck_text`` the 52 cards in dealing order as two-character strings (``"As"``) joined by single
spaces. The string is ASCII. The commitment is published before the deal; the deck and the
salt are revealed after the hand, and anyone can recompute it.

The deal (RULES.md §2.2): one card at a time, clockwise, starting with the first player in
the hand to the left of the button, ``cards_dealt`` rounds; the last two cards each player
receives in the 9-card variant are the hidden cards.

>>> deck = list(range(52))
>>> salt = "00" * 32
>>> len(deck_commitment(deck, salt))
64
>>> deal_from_deck(deck, seats=[0, 2, 5], button=2, cards_each=2)
{5: [0, 3], 0: [1, 4], 2: [2, 5]}
"""

from __future__ import annotations

import hashlib
import hmac
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from anaconda_poker.core.cards import FULL_DECK, card_str, parse_codes
from anaconda_poker.core.errors import AnacondaError

COMMITMENT_PREFIX = "anaconda-deck-v1"
"""Domain-separation prefix of version 1 of the commitment format."""

SALT_BYTES = 32
"""Salt length the server uses (bytes); any non-empty even-length hex salt verifies."""


class FairnessError(AnacondaError):
    """A deck, salt or hand history cannot be checked (malformed input)."""


def _check_deck(deck: Sequence[int]) -> list[int]:
    cards = [int(c) for c in deck]
    if sorted(cards) != list(FULL_DECK):
        raise FairnessError("a deck must list each of the 52 cards exactly once")
    return cards


def _check_salt(salt_hex: str) -> str:
    if (
        not isinstance(salt_hex, str)
        or not salt_hex
        or len(salt_hex) % 2
        or any(ch not in string.hexdigits for ch in salt_hex)
    ):
        raise FairnessError(
            f"the salt must be a non-empty even-length hex string, got {salt_hex!r}"
        )
    return salt_hex.lower()


def commitment_message(deck: Sequence[int], salt_hex: str) -> bytes:
    """The exact bytes that are hashed (see the module docstring for the format).

    Args:
        deck: the 52 card codes (0..51) in dealing order.
        salt_hex: the salt as hex (any case; lower-cased before hashing).

    Raises:
        FairnessError: if ``deck`` is not a permutation of the 52 cards or the salt is not hex.
    """
    cards = _check_deck(deck)
    salt = _check_salt(salt_hex)
    deck_text = " ".join(card_str(c) for c in cards)
    return f"{COMMITMENT_PREFIX}:{salt}:{deck_text}".encode("ascii")


def deck_commitment(deck: Sequence[int], salt_hex: str) -> str:
    """SHA-256 commitment to a deck order: 64 lower-case hex characters.

    Args:
        deck: the 52 card codes (0..51) in dealing order.
        salt_hex: the salt as hex.

    Raises:
        FairnessError: if the deck or the salt is malformed.
    """
    return hashlib.sha256(commitment_message(deck, salt_hex)).hexdigest()


def commitment_matches(commitment: str, deck: Sequence[int], salt_hex: str) -> bool:
    """True if ``commitment`` is the commitment of ``deck`` with ``salt_hex``.

    Compared in constant time. A malformed deck or salt raises rather than answering False.

    Raises:
        FairnessError: if the deck or the salt is malformed.
    """
    expected = deck_commitment(deck, salt_hex)
    return hmac.compare_digest(expected, str(commitment).lower())


def dealing_order(seats: Sequence[int], button: int) -> list[int]:
    """The seats in the order they receive cards: clockwise from the button's left.

    Args:
        seats: the seat numbers dealt in (any order, distinct).
        button: the dealer's seat number (need not be dealt in).

    Raises:
        FairnessError: if ``seats`` is empty or has duplicates.
    """
    ordered = sorted(int(s) for s in seats)
    if not ordered or len(set(ordered)) != len(ordered):
        raise FairnessError(f"dealt seats must be distinct and non-empty, got {list(seats)}")
    after = [s for s in ordered if s > button]
    return after + [s for s in ordered if s <= button]


def deal_from_deck(
    deck: Sequence[int], *, seats: Sequence[int], button: int, cards_each: int
) -> dict[int, list[int]]:
    """Deal ``cards_each`` cards to each seat from the top of ``deck`` (RULES.md §2.2).

    One card at a time clockwise starting left of the button. The dict's insertion order is
    the dealing order.

    Args:
        deck: card codes in dealing order (at least ``len(seats) * cards_each`` of them).
        seats: seat numbers dealt in.
        button: the dealer's seat.
        cards_each: cards per player (7, or 9 in the hidden-cards variant).

    Returns:
        ``{seat: [codes in the order received]}``.

    Raises:
        FairnessError: if the deck is too short or the seats are malformed.
    """
    order = dealing_order(seats, button)
    need = len(order) * cards_each
    if cards_each < 1 or len(deck) < need:
        raise FairnessError(f"dealing {cards_each} cards to {len(order)} seats needs {need} cards")
    dealt: dict[int, list[int]] = {s: [] for s in order}
    for position in range(need):
        dealt[order[position % len(order)]].append(int(deck[position]))
    return dealt


@dataclass(frozen=True, slots=True)
class Verification:
    """The outcome of :func:`verify_history`.

    Attributes:
        ok: every check passed.
        checks: ``(name, passed, detail)`` per check, in the order run.
    """

    ok: bool
    checks: tuple[tuple[str, bool, str], ...] = field(default=())


def verify_history(history: Mapping[str, Any], *, replay: bool = True) -> Verification:
    """Check the fairness fields of a hand history (HAND_HISTORY.md + ``docs/protocol.md`` §6).

    Checks, in order: the commitment recomputed from ``deck`` and ``deck_salt`` equals
    ``deck_commitment``; dealing ``deck`` to the seats from the button's left reproduces
    ``dealt``; and (with ``replay``) replaying the history through the engine reproduces its
    ``result``.

    Args:
        history: a full hand history with ``deck`` (52 card strings), ``deck_salt`` (hex)
            and ``deck_commitment`` (hex).
        replay: also replay the actions through the engine (``core.history.replay``).

    Returns:
        A :class:`Verification`; never raises for a history that merely fails a check.

    Raises:
        FairnessError: if the fairness fields are missing or malformed.
    """
    try:
        deck = parse_codes(list(history["deck"]))
        salt = str(history["deck_salt"])
        commitment = str(history["deck_commitment"])
        button = int(history["button"])
        dealt_raw = history["dealt"]
        config = history.get("config") or {}
    except (KeyError, TypeError, ValueError) as exc:
        raise FairnessError(
            f"a verifiable history needs deck, deck_salt, deck_commitment, button and dealt ({exc})"
        ) from None
    checks: list[tuple[str, bool, str]] = []
    matches = commitment_matches(commitment, deck, salt)
    checks.append(
        (
            "commitment",
            matches,
            "SHA-256 of salt and deck equals the published commitment"
            if matches
            else f"recomputed {deck_commitment(deck, salt)} != published {commitment}",
        )
    )
    dealt = {int(seat): parse_codes(list(cards)) for seat, cards in dealt_raw.items()}
    cards_each = int(config.get("cards_dealt", 7))
    redealt = deal_from_deck(deck, seats=list(dealt), button=button, cards_each=cards_each)
    same_deal = all(redealt[s] == dealt[s] for s in dealt)
    checks.append(
        (
            "deal",
            same_deal,
            "the cards dealt come from the top of the committed deck in dealing order"
            if same_deal
            else "the dealt cards differ from a deal of the committed deck",
        )
    )
    if replay:
        checks.append(_replay_check(history))
    return Verification(ok=all(c[1] for c in checks), checks=tuple(checks))


def _replay_check(history: Mapping[str, Any]) -> tuple[str, bool, str]:
    from anaconda_poker.core import history as history_module  # the engine's replayer

    try:
        state = history_module.replay(history)
    except AnacondaError as exc:
        return ("replay", False, f"the actions do not replay: {exc}")
    stored = history.get("result")
    result = state.result
    if stored is None:
        return ("replay", True, "the actions replay (no stored result to compare)")
    if result is None:
        return ("replay", False, "the replayed hand is not complete but a result is stored")
    same = _normalise(result.to_dict()) == _normalise(stored)
    return (
        "replay",
        same,
        "replaying the actions reproduces the stored result"
        if same
        else "the replayed result differs from the stored result",
    )


def _normalise(value: Any) -> Any:
    """JSON-normalise (string keys, lists) so results compare independent of key types."""
    if isinstance(value, Mapping):
        return {str(k): _normalise(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_normalise(v) for v in value]
    return value
