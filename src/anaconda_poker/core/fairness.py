"""Provably fair deals: a SHA-256 commitment to the deck order and the deal from that deck.
The checks ``anaconda-poker verify`` runs on a hand history are in
:mod:`anaconda_poker.core.fairness_verify` (versions 1 and 2) and
:mod:`anaconda_poker.core.fairness_v3` (player seeds).

Pure functions (no I/O, no clock, no RNG): the server draws the deck and the master salt with
``secrets`` and passes them in; everything here only hashes and compares.

Two versions of the format (``docs/protocol.md`` §6). All strings are ASCII; card text is the
two-character form (``"As"``); hex is lower case; ``deck[i]`` is the card at deck position
``i`` (0 = top, dealt first).

Version 2 (current), a commitment to each card separately so that a player can check their
own cards without learning anybody else's (RULES.md §7)::

    card_salt_i = HMAC-SHA256(key=bytes.fromhex(salt_hex),
                              msg="anaconda-card-salt-v2:" + str(i)).hexdigest()
    leaf_i      = sha256("anaconda-card-v2:" + str(i) + ":" + card_salt_i + ":" + card_i)
    commitment  = sha256("anaconda-deck-v2:" + ":".join(leaf_0, ..., leaf_51))

Version 1 (hands stored before version 2; still verified)::

    commitment = sha256("anaconda-deck-v1:" + salt_hex + ":" + " ".join(card_0, ..., card_51))

The commitment is published before the deal. Afterwards either the whole deck and the master
salt are revealed (tables with ``reveal_deck_after_hand``: a *full* verification), or a seat
dealt into the hand receives the 52 leaves and, for the deck positions dealt to that seat
only, ``{"position", "card", "card_salt"}`` (a *partial* verification: its own cards were
fixed before the deal; every other position is a salted hash that reveals nothing).

The deal (RULES.md §2.2): one card at a time, clockwise, starting with the first player in
the hand to the left of the button, ``cards_dealt`` rounds; the last two cards each player
receives in the 9-card variant are the hidden cards.

>>> deck = list(range(52))
>>> salt = "00" * 32
>>> len(deck_commitment(deck, salt)), len(deck_commitment_v2(deck, salt))
(64, 64)
>>> deal_from_deck(deck, seats=[0, 2, 5], button=2, cards_each=2)
{5: [0, 3], 0: [1, 4], 2: [2, 5]}
>>> dealt_positions(seats=[0, 2, 5], button=2, cards_each=2)
{5: [0, 3], 0: [1, 4], 2: [2, 5]}
"""

from __future__ import annotations

import hashlib
import hmac
import string
from collections.abc import Sequence
from typing import Any

from anaconda_poker.core.cards import FULL_DECK, card_str
from anaconda_poker.core.errors import AnacondaError

COMMITMENT_PREFIX = "anaconda-deck-v1"
"""Domain-separation prefix of version 1 of the commitment format."""

COMMITMENT_PREFIX_V2 = "anaconda-deck-v2"
"""Domain-separation prefix of the version 2 root (the hash over the 52 leaves)."""

CARD_SALT_PREFIX_V2 = "anaconda-card-salt-v2"
"""HMAC message prefix deriving one card's salt from the master salt (version 2)."""

LEAF_PREFIX_V2 = "anaconda-card-v2"
"""Domain-separation prefix of one card's leaf (version 2)."""

COMMITMENT_VERSION = 2
"""The version the server commits with now."""

SUPPORTED_VERSIONS = (1, 2)
"""Versions :func:`anaconda_poker.core.fairness_verify.verify_history` checks."""

SALT_BYTES = 32
"""Salt length the server uses (bytes); any non-empty even-length hex salt verifies."""

DECK_SIZE = 52
"""Cards in the deck, hence leaves in a version 2 commitment."""


class FairnessError(AnacondaError):
    """A deck, salt or hand history cannot be checked (malformed input)."""


def check_deck(deck: Sequence[int]) -> list[int]:
    cards = [int(c) for c in deck]
    if sorted(cards) != list(FULL_DECK):
        raise FairnessError("a deck must list each of the 52 cards exactly once")
    return cards


def _is_hex(text: object) -> bool:
    return isinstance(text, str) and all(ch in string.hexdigits for ch in text)


def _check_salt(salt_hex: str) -> str:
    if not _is_hex(salt_hex) or not salt_hex or len(salt_hex) % 2:
        raise FairnessError(
            f"the salt must be a non-empty even-length hex string, got {salt_hex!r}"
        )
    return salt_hex.lower()


def check_digest(value: object, what: str) -> str:
    if not _is_hex(value) or len(str(value)) != 64:
        raise FairnessError(f"{what} must be a SHA-256 digest (64 hex characters), got {value!r}")
    return str(value).lower()


def check_position(position: object) -> int:
    if isinstance(position, bool) or not isinstance(position, int):
        raise FairnessError(f"a deck position must be an integer 0..51, got {position!r}")
    if not 0 <= position < DECK_SIZE:
        raise FairnessError(f"a deck position must be 0..51, got {position}")
    return position


# ============================================================== version 1
def commitment_message(deck: Sequence[int], salt_hex: str) -> bytes:
    """The exact bytes hashed by version 1 (see the module docstring for the format).

    Args:
        deck: the 52 card codes (0..51) in dealing order.
        salt_hex: the salt as hex (any case; lower-cased before hashing).

    Raises:
        FairnessError: if ``deck`` is not a permutation of the 52 cards or the salt is not hex.
    """
    cards = check_deck(deck)
    salt = _check_salt(salt_hex)
    deck_text = " ".join(card_str(c) for c in cards)
    return f"{COMMITMENT_PREFIX}:{salt}:{deck_text}".encode("ascii")


def deck_commitment(deck: Sequence[int], salt_hex: str) -> str:
    """Version 1 SHA-256 commitment to a deck order: 64 lower-case hex characters.

    Args:
        deck: the 52 card codes (0..51) in dealing order.
        salt_hex: the salt as hex.

    Raises:
        FairnessError: if the deck or the salt is malformed.
    """
    return hashlib.sha256(commitment_message(deck, salt_hex)).hexdigest()


# ============================================================== version 2
def card_salt(salt_hex: str, position: int) -> str:
    """Version 2 salt of the card at ``position``: 64 hex characters.

    ``HMAC-SHA256(key=bytes.fromhex(salt_hex), msg="anaconda-card-salt-v2:<position>")``. The
    master salt stays secret; one card's salt reveals nothing about the others.

    Args:
        salt_hex: the hand's master salt as hex (any case).
        position: the deck position, 0..51 (0 is dealt first).

    Raises:
        FairnessError: if the salt is not hex or the position is out of range.
    """
    return _card_salt(bytes.fromhex(_check_salt(salt_hex)), check_position(position))


def _card_salt(key: bytes, position: int) -> str:
    """:func:`card_salt` of checked inputs (the master salt as bytes)."""
    message = f"{CARD_SALT_PREFIX_V2}:{position}".encode("ascii")
    return hmac.digest(key, message, "sha256").hex()


def _card_leaf(position: int, card: int, card_salt_hex: str) -> str:
    """:func:`card_leaf` of checked inputs."""
    text = f"{LEAF_PREFIX_V2}:{position}:{card_salt_hex}:{card_str(card)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _root(leaves: Sequence[str]) -> str:
    """:func:`leaves_root` of 52 checked lower-case leaves."""
    text = f"{COMMITMENT_PREFIX_V2}:" + ":".join(leaves)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def card_leaf(position: int, card: int, card_salt_hex: str) -> str:
    """Version 2 leaf of one deck position: ``sha256("anaconda-card-v2:i:card_salt:card")``.

    Args:
        position: the deck position, 0..51.
        card: the card code (0..51) at that position.
        card_salt_hex: that position's card salt (:func:`card_salt`), 64 hex characters.

    Raises:
        FairnessError: if the position, the card or the card salt is malformed.
    """
    salt = check_digest(card_salt_hex, "a card salt")
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < DECK_SIZE:
        raise FairnessError(f"a card code must be 0..51, got {card!r}")
    return _card_leaf(check_position(position), card, salt)


def deck_leaves(deck: Sequence[int], salt_hex: str) -> list[str]:
    """The 52 version 2 leaves of a deck, by position.

    Args:
        deck: the 52 card codes in dealing order.
        salt_hex: the hand's master salt as hex.

    Raises:
        FairnessError: if the deck or the salt is malformed.
    """
    cards = check_deck(deck)
    key = bytes.fromhex(_check_salt(salt_hex))
    # checked once here: the per-card helpers skip re-validating the same salt 52 times
    return [_card_leaf(i, card, _card_salt(key, i)) for i, card in enumerate(cards)]


def leaves_root(leaves: Sequence[str]) -> str:
    """Version 2 commitment over 52 leaves: ``sha256("anaconda-deck-v2:" + ":".join(leaves))``.

    Args:
        leaves: 52 SHA-256 hex digests, by deck position (any case; lower-cased).

    Raises:
        FairnessError: if there are not 52 leaves or one is not a 64-character hex digest.
    """
    if isinstance(leaves, str) or len(leaves) != DECK_SIZE:
        raise FairnessError(f"a version 2 commitment needs 52 leaves, got {len(leaves)}")
    return _root([check_digest(leaf, f"leaf {i}") for i, leaf in enumerate(leaves)])


def deck_commitment_v2(deck: Sequence[int], salt_hex: str) -> str:
    """Version 2 commitment to a deck order: 64 lower-case hex characters.

    Args:
        deck: the 52 card codes (0..51) in dealing order.
        salt_hex: the hand's master salt as hex.

    Raises:
        FairnessError: if the deck or the salt is malformed.
    """
    return _root(deck_leaves(deck, salt_hex))


def commit_deck(deck: Sequence[int], salt_hex: str, version: int = COMMITMENT_VERSION) -> str:
    """The commitment of ``deck`` in format ``version`` (1 or 2).

    Raises:
        FairnessError: if the version is not supported or the deck or the salt is malformed.
    """
    if version == 1:
        return deck_commitment(deck, salt_hex)
    if version == 2:
        return deck_commitment_v2(deck, salt_hex)
    raise FairnessError(f"commitment version must be one of {SUPPORTED_VERSIONS}, got {version!r}")


def commitment_matches(
    commitment: str, deck: Sequence[int], salt_hex: str, version: int = 1
) -> bool:
    """True if ``commitment`` is the commitment of ``deck`` with ``salt_hex`` in ``version``.

    Compared in constant time. A malformed deck or salt raises rather than answering False.

    Raises:
        FairnessError: if the deck, the salt or the version is malformed.
    """
    expected = commit_deck(deck, salt_hex, version)
    return hmac.compare_digest(expected, str(commitment).lower())


# ============================================================== the deal
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


def dealt_positions(*, seats: Sequence[int], button: int, cards_each: int) -> dict[int, list[int]]:
    """The deck positions each seat is dealt (RULES.md §2.2), in the order received.

    Seat ``order[k]`` (see :func:`dealing_order`) receives positions ``k, k + n, k + 2n, ...``
    for ``n`` seats dealt in.

    Args:
        seats: seat numbers dealt in.
        button: the dealer's seat.
        cards_each: cards per player (7, or 9 in the hidden-cards variant).

    Returns:
        ``{seat: [positions]}``, in dealing order.

    Raises:
        FairnessError: if the seats are malformed or the deal needs more than 52 cards.
    """
    order = dealing_order(seats, button)
    need = len(order) * cards_each
    if cards_each < 1 or need > DECK_SIZE:
        raise FairnessError(
            f"dealing {cards_each} cards to {len(order)} seats needs {need} of the 52 cards"
        )
    return {seat: list(range(k, need, len(order))) for k, seat in enumerate(order)}


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
    positions = dealt_positions(seats=seats, button=button, cards_each=cards_each)
    need = len(positions) * cards_each
    if len(deck) < need:
        raise FairnessError(
            f"dealing {cards_each} cards to {len(positions)} seats needs {need} cards; "
            f"the deck has {len(deck)}"
        )
    return {seat: [int(deck[p]) for p in ps] for seat, ps in positions.items()}


def seat_openings(
    deck: Sequence[int],
    salt_hex: str,
    *,
    seats: Sequence[int],
    button: int,
    cards_each: int,
    seat: int,
) -> list[dict[str, Any]]:
    """The version 2 openings a seat may receive: its own dealt positions only (RULES.md §7).

    Args:
        deck: the 52 card codes in dealing order.
        salt_hex: the hand's master salt as hex.
        seats: the seat numbers dealt in; button: the dealer's seat;
        cards_each: cards per player (7 or 9).
        seat: the seat receiving the openings.

    Returns:
        ``[{"position": int, "card": "As", "card_salt": hex}]`` in position order, one per
        card dealt to ``seat``.

    Raises:
        FairnessError: if ``seat`` was not dealt in, or the deck, salt or seats are malformed.
    """
    cards = check_deck(deck)
    positions = dealt_positions(seats=seats, button=button, cards_each=cards_each)
    if seat not in positions:
        raise FairnessError(f"seat {seat} was not dealt in; dealt seats are {sorted(positions)}")
    return [
        {"position": i, "card": card_str(cards[i]), "card_salt": card_salt(salt_hex, i)}
        for i in positions[seat]
    ]
