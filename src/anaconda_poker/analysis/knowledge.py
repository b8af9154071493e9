"""What a seat knows, read from its view: the bridge from ``HandState.view(seat)`` to the
equity calculator's :class:`~anaconda_poker.analysis.equity.SeatKnowledge`.

Only the seat's own view is read (RULES.md §7): its cards, hidden cards, its passes (what it
passed and received), its arrangement and dead cards, the public seats (folds, revealed
cards) and the public log (to know who was still in the hand at each pass, hence who
received each passed card: the next seat still in the hand in the pass direction,
RULES.md §3).

A card the seat passed is pinned to the seat it was passed to when it cannot have moved
since: no later pass has happened, or every later pass of that seat came to this seat (and
the card was not among the cards received). Otherwise the receiver may have passed it on
(players pass along the junk they are given): the card is known to be in *some* opponent's
hand and leaves the pool (:attr:`SeatKnowledge.elsewhere`). A card held again or revealed
is simply where it is seen.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from anaconda_poker.analysis.equity import PLAYABLE_CARDS, OpponentInfo, SeatKnowledge
from anaconda_poker.core.cards import card_str, parse_code
from anaconda_poker.core.config import Direction, TableConfig

_CODE_OF: dict[str, int] = {card_str(code): code for code in range(52)}
"""The code of each card as views write it ("As", "Td"): one lookup instead of parsing."""


def _codes(cards: Sequence[str] | None) -> tuple[int, ...]:
    if not cards:
        return ()
    code_of = _CODE_OF
    try:  # a view's cards: every one is in the table
        return tuple(map(code_of.__getitem__, cards))
    except KeyError:
        return tuple(code_of[c] if c in code_of else parse_code(c) for c in cards)


def live_at_passes(view: Mapping[str, Any]) -> list[list[int]]:
    """For each pass made so far, the seats still in the hand when it was made, ascending.

    Read from the public log: a pass is one ``pass`` entry per seat then in the hand, and
    folds are the only way to leave a hand.

    Args:
        view: a seat's (or a spectator's) view.
    """
    seats = sorted(int(s["seat"]) for s in view["seats"])
    folded: set[int] = set()
    out: list[list[int]] = []
    log = view["log"]
    i = 0
    while i < len(log):
        entry = log[i]
        if entry["action"] == "pass":
            live = [s for s in seats if s not in folded]
            out.append(live)
            i += len(live)
            continue
        if entry["action"] == "fold":
            folded.add(int(entry["seat"]))
        i += 1
    return out


def neighbour(live: Sequence[int], seat: int, direction: Direction) -> int:
    """The seat that receives ``seat``'s pass: the next seat of ``live`` in ``direction``
    (left = clockwise = next higher seat number, wrapping; RULES.md §3)."""
    ring = sorted(live)
    i = ring.index(seat)
    step = 1 if direction is Direction.LEFT else -1
    return ring[(i + step) % len(ring)]


def knowledge_from_view(view: Mapping[str, Any], config: TableConfig) -> SeatKnowledge:
    """The equity question a seat can ask now, from its own view.

    Args:
        view: ``HandState.view(seat)`` for a seat (``view["you"]`` must be set).
        config: the table's rules (pass directions).

    Returns:
        A :class:`SeatKnowledge`: the seat's five arranged cards once it has arranged (its
        dead and hidden cards out of play), else its seven; every other seat dealt in as an
        :class:`OpponentInfo` with its revealed cards, its fold, and the cards this seat
        passed it that cannot have moved since; passed cards that may have moved on are in
        ``elsewhere``.

    Raises:
        ValueError: if the view is a spectator's.
    """
    you = view.get("you")
    if not you:
        raise ValueError("a spectator's view has no seat to ask about")
    arrangement = you.get("arrangement")
    if not arrangement or view.get("phase") == "passing":
        arrangement = None
    lives = live_at_passes(view)
    records = list(you.get("passes") or ())[: len(lives)]
    facts = _Facts(
        config.pass_directions,
        you["seat"],
        tuple(you["hand"]),
        tuple(you.get("hidden") or ()),
        None if arrangement is None else tuple(arrangement),
        tuple((s["seat"], tuple(s["revealed"]), s["folded"]) for s in view["seats"]),
        tuple(tuple(live) for live in lives[: len(records)]),
        tuple(tuple(record["passed"]) for record in records),
    )
    try:
        hash(facts)
    except TypeError:  # not a view's plain values: work it out without the cache
        return _knowledge(facts)
    return _cached_knowledge(facts)


class _Facts(NamedTuple):
    """Everything of a view that :func:`knowledge_from_view` reads (its answer is a function
    of these alone): the cache key of :func:`_cached_knowledge`."""

    directions: Sequence[Direction]
    me: Any
    hand: Sequence[str]
    hidden: Sequence[str] | None
    arrangement: Sequence[str] | None
    """The arrangement when it counts (made, and the phase is not passing), else ``None``."""
    seats: Sequence[tuple[Any, Sequence[str], Any]]
    """``(seat, revealed, folded)`` of each entry of the view's ``seats``, in order."""
    lives: Sequence[Sequence[int]]
    """:func:`live_at_passes` for the seat's passes."""
    passed: Sequence[Sequence[str]]
    """The cards the seat passed in each of its passes (as many as ``lives``)."""


@functools.lru_cache(maxsize=256)
def _cached_knowledge(facts: _Facts) -> SeatKnowledge:
    """:func:`_knowledge`, remembered: a seat's knowledge changes only with a pass, an
    arrangement, a reveal or a fold, so most decisions of a betting round ask it again
    (the answer is immutable, so sharing it is safe)."""
    return _knowledge(facts)


def _knowledge(facts: _Facts) -> SeatKnowledge:
    """:func:`knowledge_from_view`'s answer from the facts it reads."""
    me = int(facts.me)
    hand = _codes(facts.hand)
    hidden = _codes(facts.hidden)
    out_of_play: tuple[int, ...] = hidden
    if facts.arrangement is not None:
        five = _codes(facts.arrangement)
        out_of_play = hidden + tuple(c for c in hand if c not in five)
        hand = five
    revealed = {int(seat): _codes(cards) for seat, cards, _ in facts.seats}
    shown = {c for cards in revealed.values() for c in cards}
    mine = set(hand) | set(out_of_play)
    pinned: dict[int, int] = {}
    elsewhere: set[int] = set()
    lives = facts.lives
    passed = facts.passed
    config_directions = facts.directions
    directions = [config_directions[i % len(config_directions)] for i in range(len(passed))]
    for index, cards in enumerate(passed):
        if me not in lives[index]:
            break
        receiver = neighbour(lives[index], me, directions[index])
        moved = any(
            receiver in lives[later] and neighbour(lives[later], receiver, directions[later]) != me
            for later in range(index + 1, len(passed))
        )
        for card in _codes(cards):
            pinned.pop(card, None)  # re-insert: dict order is pass order
            elsewhere.discard(card)
            if moved:
                elsewhere.add(card)
            else:
                pinned[card] = receiver
    opponents = []
    overflow: list[int] = []
    for seat_value, _, folded in facts.seats:
        seat = int(seat_value)
        if seat == me:
            continue
        known = tuple(
            c for c, r in pinned.items() if r == seat and c not in mine and c not in shown
        )
        room = PLAYABLE_CARDS - len(revealed[seat])  # keep the most recent passes if too many
        if len(known) > room:
            overflow.extend(known[: len(known) - room])
            known = known[len(known) - room :]
        opponents.append(
            OpponentInfo(
                seat=seat,
                known=known,
                revealed=revealed[seat],
                folded=bool(folded),
            )
        )
    elsewhere.update(overflow)
    away = tuple(sorted(c for c in elsewhere if c not in mine and c not in shown))
    return SeatKnowledge(
        hand=hand, out_of_play=out_of_play, elsewhere=away, opponents=tuple(opponents)
    )
