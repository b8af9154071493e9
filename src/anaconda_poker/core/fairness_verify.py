"""Checking the fairness fields of a version 1 or 2 hand history: what ``anaconda-poker
verify`` runs (``docs/protocol.md`` §6, RULES.md §7). The commitments and the deal are in
:mod:`anaconda_poker.core.fairness`; version 3 (player seeds) builds on this module in
:mod:`anaconda_poker.core.fairness_v3`.

Pure functions (no I/O, no clock, no RNG).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from anaconda_poker.core.cards import card_str, parse_code, parse_codes
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.fairness import (
    DECK_SIZE,
    SUPPORTED_VERSIONS,
    FairnessError,
    card_leaf,
    check_digest,
    check_position,
    commit_deck,
    deal_from_deck,
    dealt_positions,
    deck_leaves,
    leaves_root,
)


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
        return verify_own_v2(history)
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
        checks.append(replay_check(history))
    ok = all(c[1] for c in checks)
    if ok:
        summary = (
            "full verification: the whole deck (every seat's cards, folded and unused ones "
            "included) was fixed by the commitment published before the deal, and the deal "
            "came from it in dealing order"
            + (", and the actions reproduce the result" if replay else "")
        )
    else:
        summary = failed_summary(checks)
    return Verification(ok=ok, checks=tuple(checks), scope="full", summary=summary)


def failed_summary(checks: Sequence[tuple[str, bool, str]]) -> str:
    failed = ", ".join(name for name, passed, _ in checks if not passed)
    return f"NOT verified: the {failed} check(s) failed"


def parse_openings(raw: object) -> list[tuple[int, int, str]]:
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
        position = check_position(opening["position"])
        try:
            card = parse_code(str(opening["card"]))
        except (AnacondaError, ValueError) as exc:
            raise FairnessError(f"opening {index} (position {position}): {exc}") from None
        salt = check_digest(opening["card_salt"], f"the card salt of position {position}")
        openings.append((position, card, salt))
    return openings


def viewer_seat(history: Mapping[str, Any], dealt: Mapping[int, list[int]]) -> int:
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


def verify_own_v2(history: Mapping[str, Any]) -> Verification:
    try:
        commitment = check_digest(history["deck_commitment"], "deck_commitment")
        leaves_raw = history["deck_leaves"]
        openings = parse_openings(history["deck_openings"])
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
    leaves = [check_digest(leaf, f"leaf {i}") for i, leaf in enumerate(leaves_raw)]
    seat = viewer_seat(history, dealt)
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
    checks.append(
        own_cards_check(
            dealt,
            seat,
            expected,
            openings,
            where=lambda position: f"position {position}",
            unproven=" and no opening proves them",
        )
    )
    ok = all(c[1] for c in checks)
    summary = (
        f"seat {seat}: your {len(expected)} dealt cards were fixed in the deck committed "
        "before the deal; other seats' cards stay secret (only their salted hashes are "
        "shown), so they and the result are not checked"
        if ok
        else failed_summary(checks)
    )
    return Verification(ok=ok, checks=tuple(checks), scope="own", summary=summary, seat=seat)


def replay_check(history: Mapping[str, Any]) -> tuple[str, bool, str]:
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


def own_cards_check(
    dealt: Mapping[int, Sequence[int]],
    seat: int,
    expected: Sequence[int],
    openings: Sequence[tuple[int, int, str]],
    *,
    where: Callable[[int], str],
    unproven: str = "",
) -> tuple[str, bool, str]:
    """The ``"cards"`` check of a seat's own history (versions 2 and 3): the opened cards at
    the ``expected`` deck positions, in order, are exactly the seat's ``dealt`` cards, and the
    history lists no other seat's dealt cards (RULES.md §7).

    Args:
        dealt: seat → its dealt cards (card ints) as the history lists them.
        seat: the viewing seat.
        expected: the deck positions that hold the seat's cards, in the order received.
        openings: ``(position, card, card_salt)`` as parsed by :func:`parse_openings`.
        where: how a failure names a position (``"position 7"``, or with its dealt position).
        unproven: appended to the foreign-seats failure.

    Returns:
        ``("cards", passed, detail)``.
    """
    at = {position: card for position, card, _ in openings}
    own = dealt[seat]
    differences = []
    for k, position in enumerate(expected):
        listed = card_str(own[k]) if k < len(own) else "nothing"
        held = card_str(at[position]) if position in at else "unopened"
        if listed != held:
            differences.append(
                f"card {k + 1} of seat {seat} is {listed} in the history but "
                f"{where(position)} holds {held}"
            )
    if len(own) != len(expected):
        differences.append(
            f"seat {seat} has {len(own)} dealt cards in the history, the deal gives {len(expected)}"
        )
    foreign = sorted(s for s in dealt if s != seat)
    if foreign:
        differences.append(
            f"the history also lists dealt cards of seats {foreign}: a seat's own history "
            f"never holds them (RULES.md §7){unproven}"
        )
    return (
        "cards",
        not differences,
        f"the opened cards are seat {seat}'s dealt cards in the order received"
        if not differences
        else "; ".join(differences),
    )
