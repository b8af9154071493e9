"""Provably fair deals: a SHA-256 commitment to the deck order, the deal from that deck, and
the checks ``anaconda-poker verify`` runs on a hand history.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from anaconda_poker.core.cards import FULL_DECK, card_str, parse_code, parse_codes
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
"""Versions :func:`verify_history` checks."""

SALT_BYTES = 32
"""Salt length the server uses (bytes); any non-empty even-length hex salt verifies."""

DECK_SIZE = 52
"""Cards in the deck, hence leaves in a version 2 commitment."""


class FairnessError(AnacondaError):
    """A deck, salt or hand history cannot be checked (malformed input)."""


def _check_deck(deck: Sequence[int]) -> list[int]:
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


def _check_digest(value: object, what: str) -> str:
    if not _is_hex(value) or len(str(value)) != 64:
        raise FairnessError(f"{what} must be a SHA-256 digest (64 hex characters), got {value!r}")
    return str(value).lower()


def _check_position(position: object) -> int:
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
    cards = _check_deck(deck)
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
    return _card_salt(bytes.fromhex(_check_salt(salt_hex)), _check_position(position))


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
    salt = _check_digest(card_salt_hex, "a card salt")
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < DECK_SIZE:
        raise FairnessError(f"a card code must be 0..51, got {card!r}")
    return _card_leaf(_check_position(position), card, salt)


def deck_leaves(deck: Sequence[int], salt_hex: str) -> list[str]:
    """The 52 version 2 leaves of a deck, by position.

    Args:
        deck: the 52 card codes in dealing order.
        salt_hex: the hand's master salt as hex.

    Raises:
        FairnessError: if the deck or the salt is malformed.
    """
    cards = _check_deck(deck)
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
    return _root([_check_digest(leaf, f"leaf {i}") for i, leaf in enumerate(leaves)])


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
    cards = _check_deck(deck)
    positions = dealt_positions(seats=seats, button=button, cards_each=cards_each)
    if seat not in positions:
        raise FairnessError(f"seat {seat} was not dealt in; dealt seats are {sorted(positions)}")
    return [
        {"position": i, "card": card_str(cards[i]), "card_salt": card_salt(salt_hex, i)}
        for i in positions[seat]
    ]


# ============================================================== verification
@dataclass(frozen=True, slots=True)
class Verification:
    """The outcome of :func:`verify_history`.

    Attributes:
        ok: every check passed.
        checks: ``(name, passed, detail)`` per check, in the order run.
        scope: ``"full"`` (the whole deck was revealed and checked) or ``"own"`` (a seat's
            own dealt cards only, version 2 partial reveal).
        summary: one sentence saying what was proven (or that it was not).
        seat: the seat whose cards a partial verification checked (``None`` when full).
    """

    ok: bool
    checks: tuple[tuple[str, bool, str], ...] = field(default=())
    scope: str = "full"
    summary: str = ""
    seat: int | None = None


def commitment_version(history: Mapping[str, Any]) -> int:
    """The commitment format of a history: ``deck_commitment_version``, 1 when absent.

    Raises:
        FairnessError: if the field is present but not a supported version.
    """
    version = history.get("deck_commitment_version", 1)
    if isinstance(version, bool) or version not in SUPPORTED_VERSIONS:
        raise FairnessError(
            f"deck_commitment_version must be one of {SUPPORTED_VERSIONS}, got {version!r}"
        )
    return int(version)


def verify_history(history: Mapping[str, Any], *, replay: bool = True) -> Verification:
    """Check the fairness fields of a hand history (HAND_HISTORY.md + ``docs/protocol.md`` §6).

    A **full** history (``deck`` and ``deck_salt``, from a table with
    ``reveal_deck_after_hand``): the commitment recomputed from the deck and the salt (in the
    history's ``deck_commitment_version``, 1 when absent) equals ``deck_commitment``; any
    listed ``deck_leaves`` are the recomputed ones (version 2); dealing the deck from the
    button's left (RULES.md §2.2) reproduces ``dealt``; and (with ``replay``) replaying the
    actions through the engine reproduces ``result``.

    A seat's **own** history (version 2: ``deck_leaves`` and ``deck_openings``, no deck):
    each opening ``{position, card, card_salt}`` hashes to the listed leaf of its position;
    the 52 leaves hash to ``deck_commitment``; the opened positions are exactly the ones the
    deal order gives the viewing seat (``viewer_seat``, or the only seat in ``dealt``), from
    ``seats``, ``button`` and ``config.cards_dealt``; and the opened cards, in position order,
    are that seat's ``dealt`` cards. Other seats' cards are not known, so the actions are not
    replayed.

    Args:
        history: a hand history with the fairness fields above.
        replay: also replay the actions through the engine (full histories only;
            ``core.history.replay``).

    Returns:
        A :class:`Verification`; never raises for a history that merely fails a check.

    Raises:
        FairnessError: if the fairness fields are missing or malformed (not hex, not 52
            leaves, an opening without a position, card or card salt, an unknown version).
    """
    version = commitment_version(history)
    if "deck" in history or "deck_salt" in history:
        return _verify_full(history, version, replay=replay)
    if "deck_openings" in history:
        if version != 2:
            raise FairnessError(
                "deck_leaves and deck_openings are version 2 fields, but the history says "
                f"deck_commitment_version {version}"
            )
        return _verify_own(history)
    raise FairnessError(
        "a verifiable history needs deck and deck_salt (a full reveal) or deck_leaves and "
        "deck_openings (a seat's own cards, version 2); this history has neither: it is a "
        "spectator's history (leaves but no openings), or a version 1 hand at a table that "
        "keeps the deck secret"
    )


def _verify_full(history: Mapping[str, Any], version: int, *, replay: bool) -> Verification:
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
    recomputed = commit_deck(deck, salt, version)
    matches = hmac.compare_digest(recomputed, commitment.lower())
    what = (
        "SHA-256 of salt and deck"
        if version == 1
        else "the root of the 52 card leaves recomputed from deck and salt"
    )
    checks.append(
        (
            "commitment",
            matches,
            f"{what} equals the published commitment (version {version})"
            if matches
            else f"recomputed {recomputed} != published {commitment} (version {version})",
        )
    )
    if version == 2 and "deck_leaves" in history:
        listed = [str(leaf).lower() for leaf in history["deck_leaves"]]
        expected = deck_leaves(deck, salt)
        wrong = [i for i in range(DECK_SIZE) if i >= len(listed) or listed[i] != expected[i]]
        wrong += list(range(DECK_SIZE, len(listed)))
        checks.append(
            (
                "leaves",
                not wrong,
                "the listed leaves are the ones of the revealed deck"
                if not wrong
                else f"the listed leaves differ from the revealed deck's at positions {wrong}",
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
    ok = all(c[1] for c in checks)
    if ok:
        summary = (
            "full verification: the whole deck (every seat's cards, folded and unused ones "
            "included) was fixed by the commitment published before the deal, and the deal "
            "came from it in dealing order"
            + (", and the actions reproduce the result" if replay else "")
        )
    else:
        summary = _failed_summary(checks)
    return Verification(ok=ok, checks=tuple(checks), scope="full", summary=summary)


def _failed_summary(checks: Sequence[tuple[str, bool, str]]) -> str:
    failed = ", ".join(name for name, passed, _ in checks if not passed)
    return f"NOT verified: the {failed} check(s) failed"


def _parse_openings(raw: object) -> list[tuple[int, int, str]]:
    if isinstance(raw, str | bytes) or not isinstance(raw, Sequence):
        raise FairnessError(f"deck_openings must be a list, got {type(raw).__name__}")
    openings: list[tuple[int, int, str]] = []
    for index, opening in enumerate(raw):
        if not isinstance(opening, Mapping) or not {"position", "card", "card_salt"} <= set(
            opening
        ):
            raise FairnessError(
                f"opening {index} must be an object with position, card and card_salt, "
                f"got {opening!r}"
            )
        position = _check_position(opening["position"])
        try:
            card = parse_code(str(opening["card"]))
        except (AnacondaError, ValueError) as exc:
            raise FairnessError(f"opening {index} (position {position}): {exc}") from None
        salt = _check_digest(opening["card_salt"], f"the card salt of position {position}")
        openings.append((position, card, salt))
    return openings


def _viewer_seat(history: Mapping[str, Any], dealt: Mapping[int, list[int]]) -> int:
    viewer = history.get("viewer_seat")
    if viewer is None:
        if len(dealt) != 1:
            raise FairnessError(
                "a seat's own history names its seat in viewer_seat or lists only its own "
                f"dealt cards; this one lists seats {sorted(dealt)} and no viewer_seat"
            )
        return next(iter(dealt))
    if isinstance(viewer, bool) or not isinstance(viewer, int) or viewer not in dealt:
        raise FairnessError(
            f"viewer_seat {viewer!r} has no dealt cards in the history (dealt: {sorted(dealt)})"
        )
    return viewer


def _verify_own(history: Mapping[str, Any]) -> Verification:
    try:
        commitment = _check_digest(history["deck_commitment"], "deck_commitment")
        leaves_raw = history["deck_leaves"]
        openings = _parse_openings(history["deck_openings"])
        button = int(history["button"])
        seats = [int(entry["seat"]) for entry in history["seats"]]
        dealt = {int(s): parse_codes(list(cards)) for s, cards in history["dealt"].items()}
        cards_each = int((history.get("config") or {}).get("cards_dealt", 7))
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, FairnessError):
            raise
        raise FairnessError(
            "a seat's own history needs deck_commitment, deck_leaves, deck_openings, seats, "
            f"button and dealt ({exc!r})"
        ) from None
    if isinstance(leaves_raw, str) or not isinstance(leaves_raw, Sequence):
        raise FairnessError("deck_leaves must be a list of 52 SHA-256 hex digests")
    if len(leaves_raw) != DECK_SIZE:
        raise FairnessError(f"deck_leaves must list 52 leaves, got {len(leaves_raw)}")
    leaves = [_check_digest(leaf, f"leaf {i}") for i, leaf in enumerate(leaves_raw)]
    seat = _viewer_seat(history, dealt)
    checks: list[tuple[str, bool, str]] = []

    # 1. each opening hashes to the listed leaf of its position
    bad_leaves = []
    for position, card, salt in openings:
        recomputed = card_leaf(position, card, salt)
        if not hmac.compare_digest(recomputed, leaves[position]):
            bad_leaves.append(
                f"position {position}: {card_str(card)} with its card salt hashes to "
                f"{recomputed[:16]}..., but leaf {position} is {leaves[position][:16]}..."
            )
    checks.append(
        (
            "openings",
            not bad_leaves,
            f"each of the {len(openings)} opened cards with its card salt hashes to the leaf "
            "of its position"
            if not bad_leaves
            else "; ".join(bad_leaves),
        )
    )

    # 2. the 52 leaves hash to the commitment published before the deal
    root = leaves_root(leaves)
    same_root = hmac.compare_digest(root, commitment)
    checks.append(
        (
            "commitment",
            same_root,
            "the 52 leaves hash to the published commitment (version 2)"
            if same_root
            else f"the 52 leaves hash to {root}, not to the published commitment {commitment}",
        )
    )

    # 3. the opened positions are exactly the seat's positions in the deal order (§2.2)
    owners = {
        position: owner
        for owner, positions in dealt_positions(
            seats=seats, button=button, cards_each=cards_each
        ).items()
        for position in positions
    }
    if seat not in owners.values():
        raise FairnessError(f"seat {seat} is not among the history's seats {sorted(seats)}")
    expected = [p for p in sorted(owners) if owners[p] == seat]
    opened = [position for position, _, _ in openings]
    problems = []
    repeated = sorted({p for p in opened if opened.count(p) > 1})
    if repeated:
        problems.append(f"positions {repeated} are opened more than once")
    for position in sorted(set(opened) - set(expected)):
        owner = owners.get(position)
        problems.append(
            f"position {position} was dealt to seat {owner}, not to seat {seat}"
            if owner is not None
            else f"position {position} was not dealt to anybody"
        )
    missing = sorted(set(expected) - set(opened))
    if missing:
        problems.append(f"positions {missing} of seat {seat} are not opened")
    checks.append(
        (
            "positions",
            not problems,
            f"the opened positions {expected} are exactly the ones the deal order gives seat "
            f"{seat} (RULES.md §2.2)"
            if not problems
            else "; ".join(problems),
        )
    )

    # 4. the opened cards are the seat's dealt cards, in the order received
    at = {position: card for position, card, _ in openings}
    own = dealt[seat]
    differences = []
    for k, position in enumerate(expected):
        listed = card_str(own[k]) if k < len(own) else "nothing"
        committed = card_str(at[position]) if position in at else "unopened"
        if listed != committed:
            differences.append(
                f"card {k + 1} of seat {seat} is {listed} in the history but position "
                f"{position} holds {committed}"
            )
    if len(own) != len(expected):
        differences.append(
            f"seat {seat} has {len(own)} dealt cards in the history, the deal gives {len(expected)}"
        )
    foreign = sorted(s for s in dealt if s != seat)
    if foreign:
        differences.append(
            f"the history also lists dealt cards of seats {foreign}: a seat's own history "
            "never holds them (RULES.md §7) and no opening proves them"
        )
    checks.append(
        (
            "cards",
            not differences,
            f"the opened cards are seat {seat}'s dealt cards in the order received"
            if not differences
            else "; ".join(differences),
        )
    )
    ok = all(c[1] for c in checks)
    summary = (
        f"seat {seat}: your {len(expected)} dealt cards were fixed in the deck committed "
        "before the deal; other seats' cards stay secret (only their salted hashes are "
        "shown), so they and the result are not checked"
        if ok
        else _failed_summary(checks)
    )
    return Verification(ok=ok, checks=tuple(checks), scope="own", summary=summary, seat=seat)


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
