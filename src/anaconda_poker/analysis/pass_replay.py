"""The replay of the passes behind the pass-aware opponent model
(:mod:`~anaconda_poker.analysis.pass_model`, whose module docstring states the model): the
passes a seat saw (:class:`PassRound`, :class:`PassHistory`) and :class:`Replay`, which
deals and replays them in a batch of sampled deals, split in two so that
:class:`~anaconda_poker.analysis.kept_replay.KeptReplay` can keep the passes (steps 1 and 2,
:meth:`Replay.passes`) and redo only the consistency (step 3, :meth:`Replay.finish`) for
each new card knowledge.

The model (:class:`~anaconda_poker.analysis.pass_model.PassingOpponents`) and the kept
replay import this module; it imports neither (:class:`ReplayPolicy` is what it asks of the
model). :class:`PassRound` and :class:`PassHistory` are public from
:mod:`~anaconda_poker.analysis.pass_model` too, with the model they describe.

Public API: :class:`PassRound`, :class:`PassHistory`, :class:`ReplayPolicy`,
:class:`Replay`, :func:`deal_columns`, :func:`repeat_rows`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, overload

import numpy as np
from numpy.typing import NDArray

from anaconda_poker.analysis.dealing import CardArray
from anaconda_poker.analysis.equity import InvalidSituationError, SeatKnowledge
from anaconda_poker.analysis.potential import PassWeights, best_passes
from anaconda_poker.analysis.situation import PLAYABLE_CARDS
from anaconda_poker.core.config import Split

BoolArray = NDArray[np.bool_]


@dataclass(frozen=True, slots=True)
class PassRound:
    """One pass as the asking seat saw it.

    Attributes:
        count: cards each seat passed.
        live: seats in the hand at this pass, ascending (they all passed).
        step: +1 when passes went left (to the next higher seat number), -1 right.
        passed: the asking seat's cards passed (codes), ``()`` when unknown.
        received: the cards it received, ``()`` when unknown.
    """

    count: int
    live: tuple[int, ...]
    step: int
    passed: tuple[int, ...] = ()
    received: tuple[int, ...] = ()

    def neighbour(self, seat: int, step: int) -> int:
        """The seat ``step`` places from ``seat`` around the live seats."""
        i = self.live.index(seat)
        return self.live[(i + step) % len(self.live)]


@dataclass(frozen=True, slots=True)
class PassHistory:
    """The passes made so far, from one seat's knowledge.

    Attributes:
        seat: the asking seat.
        seats: every seat dealt in, ascending.
        hand: the asking seat's seven playable cards now (arranged or not).
        rounds: the passes made, in order; a round with empty ``passed`` means the seat's
            own cards of that pass are unknown (sampled at random: the module docstring
            of :mod:`~anaconda_poker.analysis.pass_model`).

    Raises:
        InvalidSituationError: a round whose cards do not fit (wrong counts, received cards
            not in the hand, a seat not dealt in).
    """

    seat: int
    seats: tuple[int, ...]
    hand: tuple[int, ...]
    rounds: tuple[PassRound, ...] = field(default=())

    def __post_init__(self) -> None:
        if len(self.hand) != PLAYABLE_CARDS:
            raise InvalidSituationError(f"the pass history needs 7 cards, got {len(self.hand)}")
        if self.seat not in self.seats:
            raise InvalidSituationError(f"seat {self.seat} is not among the seats {self.seats}")
        held = set(self.hand)
        for r in reversed(self.rounds):
            if not set(r.live) <= set(self.seats) or self.seat not in r.live:
                raise InvalidSituationError(f"a pass among seats {r.live} does not fit")
            if not r.passed and not r.received:
                continue
            if len(r.passed) != r.count or len(r.received) != r.count:
                raise InvalidSituationError(
                    f"a pass of {r.count} cards passed {len(r.passed)} and received "
                    f"{len(r.received)}"
                )
            if not set(r.received) <= held or set(r.passed) & held:
                raise InvalidSituationError(
                    "the cards received must be in the hand after that pass, the cards passed not"
                )
            held = (held - set(r.received)) | set(r.passed)

    @property
    def known(self) -> bool:
        """True when the seat's own cards of every pass are known."""
        return all(r.passed for r in self.rounds)


class ReplayPolicy(Protocol):
    """What :class:`Replay` asks of the model it replays (implemented by
    :class:`~anaconda_poker.analysis.pass_model.PassingOpponents`)."""

    @property
    def history(self) -> PassHistory:
        """The passes to replay, as the asking seat saw them."""
        ...

    @property
    def split(self) -> Split:
        """The game the policy passes for."""
        ...

    def pass_weights(self, count: int) -> PassWeights | None:
        """The potential weights the policy passes ``count`` cards by; ``None`` for random
        passes."""
        ...


def deal_columns(hands: CardArray, knowledge: SeatKnowledge, seats: Sequence[int]) -> CardArray:
    """The layout of :meth:`~anaconda_poker.analysis.pass_model.PassingOpponents.
    deal_batches` from replayed hands: each active opponent's unknown cards in turn,
    uint8[n, knowledge.needed()].

    Args:
        hands: uint8[n, len(seats), 7] as :meth:`~anaconda_poker.analysis.pass_model.
            PassingOpponents.sample_hands`.
        knowledge: what the seat knows (its active opponents and their shown cards).
        seats: the pass history's seats (column ``j`` of ``hands`` is ``seats[j]``).
    """
    cols = []
    for o in knowledge.active:
        if o.unknown == 0:
            continue
        hand = hands[:, seats.index(o.seat)]
        shown = np.zeros(52, dtype=bool)
        shown[list(o.known) + list(o.revealed)] = True
        order = np.argsort(shown[hand], axis=1, kind="stable")[:, : o.unknown]
        cols.append(np.take_along_axis(hand, order, axis=1))
    return np.concatenate(cols, axis=1) if cols else np.zeros((hands.shape[0], 0), np.uint8)


_POSITIONS = np.arange(PLAYABLE_CARDS, dtype=np.int16)
_TWO_53 = float(1 << 53)
_CARDS = np.arange(52, dtype=np.int64)
_TAKEN = 1 << 60


class Replay:
    """One batch of ``trials`` replays of ``model`` for ``knowledge`` (the steps 1 to 3 of
    :mod:`~anaconda_poker.analysis.pass_model`: :meth:`passes` then :meth:`finish`;
    :meth:`run` both), drawing from ``rng``."""

    def __init__(
        self,
        model: ReplayPolicy,
        knowledge: SeatKnowledge,
        trials: int,
        rng: np.random.Generator,
    ) -> None:
        self.model = model
        self.history = model.history
        self.knowledge = knowledge
        self.n = trials
        self.rng = rng
        seats = self.history.seats
        self.me = seats.index(self.history.seat)
        self.rows = np.arange(trials)[:, None]
        self.holds = {
            seats.index(o.seat): tuple(o.known) + tuple(o.revealed)
            for o in knowledge.opponents
            if o.known or o.revealed
        }
        self.shown = {seats.index(o.seat): tuple(o.revealed) for o in knowledge.opponents}

    # -- the seat's own passes ---------------------------------------------------------------
    def own_passes(self) -> tuple[list[CardArray], list[CardArray], CardArray]:
        """Per round the seat's passed and received cards (uint8[n, count] each) and its
        starting hand uint8[n, 7]; unknown passes sampled (the module docstring of
        :mod:`~anaconda_poker.analysis.pass_model`)."""
        n, hand = self.n, np.asarray(self.history.hand, dtype=np.uint8)
        rounds = self.history.rounds
        passed: list[CardArray] = []
        received: list[CardArray] = []
        if self.history.known:
            for r in rounds:
                passed.append(repeat_rows(r.passed, n))
                received.append(repeat_rows(r.received, n))
        else:
            total = sum(r.count for r in rounds)
            mine = np.argsort(self.rng.random((n, PLAYABLE_CARDS)), axis=1)[:, :total]
            got = hand[mine]
            seen = self.knowledge.seen()
            pool = np.asarray([c for c in range(52) if c not in seen], dtype=np.uint8)
            pick = np.argsort(self.rng.random((n, len(pool))), axis=1)[:, :total]
            gave = pool[pick]
            start = 0
            for r in rounds:
                passed.append(gave[:, start : start + r.count])
                received.append(got[:, start : start + r.count])
                start += r.count
        if self.history.known:  # the same start in every row: undone once, then repeated
            one = _undo_passes(hand[None, :], [p[:1] for p in passed], [r[:1] for r in received])
            return passed, received, repeat_rows(one[0], n)
        return passed, received, _undo_passes(repeat_rows(hand, n), passed, received)

    # -- the deal --------------------------------------------------------------------------
    def deal(self, start: CardArray, forced: dict[int, list[CardArray]]) -> CardArray:
        """uint8[n, seats*7 + stub]: every seat's seven, then the undealt cards (hidden
        cards of the others included). ``forced[j]``: card arrays that start in seat
        ``j``'s hand (at most 7 columns in all); ``forced[-1]``: cards that start undealt
        (at most the stub's size)."""
        n, seats = self.n, len(self.history.seats)
        out_of_play = set(self.knowledge.out_of_play) - set(self.history.hand)
        taken = np.zeros((n, 52), dtype=bool)
        taken[:, list(out_of_play)] = True
        taken[self.rows, start] = True
        for arrays in forced.values():
            for a in arrays:
                taken[self.rows, a] = True
        # the free cards in the order of their random keys: an argsort of the keys, from
        # one sort of (key, card) packed in an int64 (about 1.9x faster at 200 rows);
        # ``random()`` returns k / 2**53, so k is exact and orders as the key does
        keys = (self.rng.random((n, 52)) * _TWO_53).astype(np.int64)
        keys <<= 6
        keys |= _CARDS
        keys[taken] = _TAKEN  # after every free card (never read)
        keys.sort(axis=1)
        keys &= 63
        free = keys.astype(np.uint8)
        stub = 52 - len(out_of_play) - PLAYABLE_CARDS * seats
        deck = np.empty((n, PLAYABLE_CARDS * seats + stub), dtype=np.uint8)
        at = 0
        for j in range(seats):
            slot = deck[:, PLAYABLE_CARDS * j : PLAYABLE_CARDS * (j + 1)]
            if j == self.me:
                slot[:] = start
                continue
            given = np.concatenate(forced.get(j, []) or [np.zeros((n, 0), np.uint8)], axis=1)
            k = given.shape[1]
            slot[:, :k] = given
            slot[:, k:] = free[:, at : at + PLAYABLE_CARDS - k]
            at += PLAYABLE_CARDS - k
        parked = np.concatenate(forced.get(-1, []) or [np.zeros((n, 0), np.uint8)], axis=1)
        deck[:, PLAYABLE_CARDS * seats : PLAYABLE_CARDS * seats + parked.shape[1]] = parked
        deck[:, PLAYABLE_CARDS * seats + parked.shape[1] :] = free[
            :, at : at + stub - parked.shape[1]
        ]
        return deck

    def hand(self, deck: CardArray, j: int) -> CardArray:
        return deck[:, PLAYABLE_CARDS * j : PLAYABLE_CARDS * (j + 1)]

    def ensure(
        self,
        deck: CardArray,
        j: int,
        cards: CardArray,
        keep: CardArray,
        prefer: BoolArray | None = None,
    ) -> None:
        """Make seat ``j`` hold ``cards`` (uint8[n, q]) in every replay, swapping each
        missing one with a card of its hand that is not in ``keep``: one marked in
        ``prefer`` (bool[n, 7]) if any, else a random one."""
        hand = self.hand(deck, j)
        kept: BoolArray | None = None  # bool[n, 52]: the cards of each row of ``keep``
        for col in range(cards.shape[1]):
            rows = np.flatnonzero((hand != cards[:, col, None]).all(axis=1))
            if rows.size == 0:
                continue
            if kept is None:
                kept = np.zeros((self.n, 52), dtype=bool)
                kept[self.rows, keep] = True
            card = cards[rows, col, None]  # uint8[r, 1]: the missing card of each such row
            where = np.argmax(deck[rows] == card, axis=1)
            sub = hand[rows]
            fixed = kept[rows[:, None], sub]  # which of its cards are in ``keep``
            keys = self.rng.random(sub.shape)
            if prefer is not None:
                keys += prefer[rows] & (sub != card)
            victim = np.argmax(np.where(fixed, -1.0, keys), axis=1)
            victim += PLAYABLE_CARDS * j
            held = deck[rows, victim]  # a copy (fancy indexing)
            deck[rows, victim] = card[:, 0]
            deck[rows, where] = held

    # -- the replay ------------------------------------------------------------------------
    def run(self) -> CardArray:
        """Steps 1 to 3: uint8[n, seats, 7] as :meth:`~anaconda_poker.analysis.pass_model.
        PassingOpponents.sample_hands`."""
        return self.finish(*self.passes())

    def passes(self) -> tuple[CardArray, CardArray]:
        """Steps 1 and 2: the deck after the passes, uint8[n, seats*7 + stub] (seat ``j``'s
        seven at columns ``7j..7j+6``), and the seat's passed cards, uint8[n, passed]."""
        history = self.history
        seats = history.seats
        rounds = history.rounds
        passed, received, start = self.own_passes()
        upstream = [seats.index(r.neighbour(history.seat, -r.step)) for r in rounds]
        forced: dict[int, list[CardArray]] = {}
        room = {j: PLAYABLE_CARDS for j in range(len(seats))}
        mine = set(history.hand)  # the cards the seat held at some time
        if history.known:  # the same cards in every row
            mine.update(c for r in rounds for c in r.passed)
        else:
            mine.update(int(c) for p in passed for c in np.unique(p))

        def force(j: int, cards: CardArray) -> None:
            if cards.shape[1] and cards.shape[1] <= room[j]:
                forced.setdefault(j, []).append(cards)
                room[j] -= cards.shape[1]

        for j, shown in self.shown.items():
            force(j, repeat_rows([c for c in shown if c not in mine], self.n))
        # The cards the seat received start undealt (latest passes first while the stub has
        # room): they reach their passer by a swap with its own choice (run's loop), and no
        # other seat may have chosen to keep them meanwhile.
        room[-1] = 52 - len(set(self.knowledge.out_of_play) - set(history.hand))
        room[-1] -= PLAYABLE_CARDS * len(seats)
        for got in reversed(received):
            force(-1, got)
        deck = self.deal(start, forced)
        # the seat's passed cards stay with the opponents: never swapped into the stub
        gone = np.concatenate([np.zeros((self.n, 0), np.uint8), *passed], axis=1)
        shown_rows = {j: repeat_rows(cards, self.n) for j, cards in self.shown.items() if cards}
        for i, r in enumerate(rounds):
            live = [seats.index(s) for s in r.live]
            # the cards each live seat must keep through this pass (none for most seats:
            # those skip the comparisons, a pass without protected cards is the same)
            keep: dict[int, CardArray | None] = {}
            for j in live:
                parts = [shown_rows[j]] if j in shown_rows else []
                parts.extend(received[k] for k in range(i + 1, len(rounds)) if upstream[k] == j)
                keep[j] = np.concatenate(parts, axis=1) if parts else None
            up = upstream[i]
            # the passer to this seat passed what it received: those cards take the place
            # of the ones the policy would have passed (which go where they were); done
            # first, since the swap can change the other hands
            own = self.hand(deck, up)
            junk = self.choose(own, r.count, self.held(own, keep[up]))
            wanted = _members(own, junk)
            fixed = np.concatenate([*_some(keep[up]), received[i], gone], axis=1)
            self.ensure(deck, up, received[i], fixed, prefer=wanted)
            outgoing = {up: received[i], self.me: passed[i]}
            choosers = [j for j in live if j not in outgoing]
            if choosers:
                hands = np.concatenate([self.hand(deck, j) for j in choosers])
                masks = None
                if any(keep[j] is not None for j in choosers):
                    masks = np.concatenate(
                        [self.held(self.hand(deck, j), keep[j], always=True) for j in choosers]
                    )
                picks = self.choose(hands, r.count, masks)
                for k, j in enumerate(choosers):
                    outgoing[j] = picks[k * self.n : (k + 1) * self.n]
            # every live seat's cards change hands at once: each passed card's place in
            # its passer's hand, then the receiver's card goes to that place (one gather,
            # one comparison and one assignment for all the seats)
            hands = deck[:, : PLAYABLE_CARDS * len(seats)].reshape(self.n, len(seats), -1)
            sent = np.stack([outgoing[j] for j in live], axis=1)  # [n, live, count]
            places = np.argmax(sent[:, :, :, None] == hands[:, live, None, :], axis=3)
            giver = [live.index(seats.index(r.neighbour(seats[j], -r.step))) for j in live]
            columns = PLAYABLE_CARDS * np.asarray(live)[:, None] + places
            deck[self.rows[:, :, None], columns] = sent[:, giver]
        return deck, gone

    def finish(self, deck: CardArray, gone: CardArray) -> CardArray:
        """Step 3 on ``deck`` (changed in place) from :meth:`passes`: every opponent holds
        its known and revealed cards of the knowledge, never by giving up a card of
        ``gone`` (the seat's passed cards). uint8[n, seats, 7]."""
        for j, cards in self.holds.items():
            need = repeat_rows(cards, self.n)
            self.ensure(deck, j, need, np.concatenate([need, gone], axis=1))
        seats = len(self.history.seats)
        return deck[:, : PLAYABLE_CARDS * seats].reshape(self.n, seats, PLAYABLE_CARDS)

    @overload
    @staticmethod
    def held(hand: CardArray, keep: CardArray | None, *, always: Literal[True]) -> BoolArray: ...

    @overload
    @staticmethod
    def held(hand: CardArray, keep: CardArray | None) -> BoolArray | None: ...

    @staticmethod
    def held(hand: CardArray, keep: CardArray | None, *, always: bool = False) -> BoolArray | None:
        """bool[n, 7]: the cards of ``hand`` that are in ``keep`` (row by row); ``None``
        (none of them) when ``keep`` is ``None``, unless ``always``."""
        if keep is None:
            return np.zeros(hand.shape, dtype=bool) if always else None
        return _members(hand, keep)

    def choose(self, hands: CardArray, count: int, protected: BoolArray | None) -> CardArray:
        """The policy's passes for each row of ``hands`` (uint8[m, 7]), never a
        ``protected`` card (``None``: none protected)."""
        weights = self.model.pass_weights(count)
        if weights is not None:
            return best_passes(hands, count, self.model.split, protected, weights=weights)
        keys = self.rng.random(hands.shape)
        if protected is not None:
            keys = np.where(protected, 2.0, keys)
        order = np.argsort(keys, axis=1)[:, :count]
        picked: CardArray = np.take_along_axis(hands, order, axis=1)
        return picked


def _undo_passes(
    hands: CardArray, passed: Sequence[CardArray], received: Sequence[CardArray]
) -> CardArray:
    """The hands before the passes: uint8[m, 7] ``hands`` (changed in place) with each
    round's ``received`` cards (uint8[m, count] per round) given back for its ``passed``
    ones, latest round first, each passed card taking the place of a received one in
    hand order."""
    rows = np.arange(hands.shape[0])[:, None]
    for gave_back, got_back in zip(reversed(passed), reversed(received), strict=True):
        where = _members(hands, got_back)
        # a stable argsort of ~where (its cards first, in hand order) from one sort
        packed = np.sort((~where).astype(np.int16) << 4 | _POSITIONS, axis=1)
        order = (packed & 15)[:, : got_back.shape[1]]
        hands[rows, order] = gave_back  # put_along_axis, as one assignment
    return hands


def _members(hand: CardArray, cards: CardArray) -> BoolArray:
    """bool[n, h]: whether each card of ``hand`` (uint8[n, h]) is in the same row of
    ``cards`` (uint8[n, q]): ``(hand[:, :, None] == cards[:, None, :]).any(axis=2)``, by
    one comparison per column of ``cards`` for few of them (``any`` over a short last
    axis costs about 90 us at 200 rows, three comparisons 29 us), else by a 52-flag
    table per row."""
    n, q = cards.shape
    if q == 0:
        return np.zeros(hand.shape, dtype=bool)
    if q <= _FEW:
        out: BoolArray = hand == cards[:, :1]
        for k in range(1, q):
            out |= hand == cards[:, k : k + 1]
        return out
    rows = np.arange(n)[:, None]
    flags = np.zeros((n, 52), dtype=bool)
    flags[rows, cards] = True
    found: BoolArray = flags[rows, hand]
    return found


_FEW = 6
"""Up to this many cards, :func:`_members` compares column by column."""


def _some(cards: CardArray | None) -> list[CardArray]:
    """``[cards]``, or ``[]`` for ``None`` (no cards)."""
    return [] if cards is None else [cards]


def repeat_rows(cards: Sequence[int] | CardArray, n: int) -> CardArray:
    """The same cards in each of ``n`` rows: uint8[n, len(cards)], a new array (filled
    by one assignment: ``np.broadcast_to`` costs more in its Python checks)."""
    out = np.empty((n, len(cards)), dtype=np.uint8)
    out[:] = cards
    return out
