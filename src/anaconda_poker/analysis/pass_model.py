"""A pass-aware opponent model: opponents' hands as they look after purposeful passing.

The random-opponent model (:mod:`anaconda_poker.analysis.equity`) deals the opponents
uniformly random unseen cards. After three rounds of passing that is far from the truth:
every player kept what fits its hand and passed the rest, so real hands are much stronger
than random sevens, and a seat's equity against random opponents is badly overstated
(``benchmarks/calibration.py`` measures it).

**The model.** Each sampled deal replays how the hands were built:

1. **The deal.** Every seat dealt in gets seven cards: the asking seat its own starting
   hand (its cards now with its passes undone), the others random unseen cards, except that
   the cards the seat received in a pass start in the passer's hand, and an opponent's
   revealed cards start in its own hand (when the seat never held them).
2. **The passes so far** (RULES.md §3), in order, among the seats then in the hand: the
   asking seat passes what it really passed; the seat that passed to it passes exactly the
   cards it really received; every other opponent passes by the **pass policy** (below:
   by default ``montecarlo``, the cards whose removal keeps the most hand potential,
   :func:`~anaconda_poker.analysis.potential.best_passes`, scored with weights fitted to
   the montecarlo bot's passes) — never passing a card it must still hold (a card it will
   pass to the seat later, a card it revealed).
3. **Consistency.** A card the seat knows an opponent holds (a revealed card, a card the
   seat passed that cannot have moved) that the replay moved elsewhere is swapped back
   for a random other card of that opponent's.

The sampled opponents then arrange: one that has shown nothing plays the five the
heuristic bot keeps (:meth:`PassingOpponents.arranged_values`: one five for both halves,
where the random model credits a seven with its best high and its best low even if no five
plays both); one that has shown cards plays its best five containing them. The
betting-range weights, consistency and careless-arranger options of
:func:`~anaconda_poker.analysis.equity.equity` apply on top.
Passes not made yet are not simulated (the seat's hand is valued as it is now).

**Assumptions** (documented approximations): every opponent passes like the policy (a
population of strong players); the passer's hand is not conditioned on having chosen the
cards the seat received (they are forced, not chosen); cards placed at the deal to satisfy
what the seat saw could in reality have arrived by an earlier pass. When the seat's own
passes are unknown (the ``equity`` command without ``--passed``/``--received``), it is
taken to have passed random unseen cards and to have received random cards of its hand.

Policies (:data:`POLICIES`):

* ``montecarlo`` (default): the montecarlo bot's passing, imitated. The bot itself passes by
  simulated equity with a look-ahead to later passes, far too slow to replay in each of
  thousands of deals per question; the policy passes by the heuristic's potential with
  feature values fitted, per pass size, to the bot's own passes in high only
  (:data:`~anaconda_poker.analysis.potential.FITTED`; ``benchmarks/pass_fit.py`` fits and
  checks them). It passes exactly the bot's cards on 57-63% of held-out decisions where
  the heuristic's values do on 51-59%; like the bot it keeps flush draws where the
  heuristic keeps a second pair, and its replays hold as many flushes as montecarlo
  players' hands (31% of best high fives, against 25% for the heuristic). In split games
  it passes like the heuristic (a high-low fit made the replayed hands too weak: see
  :data:`~anaconda_poker.analysis.potential.FITTED`). The same lookup tables as the
  heuristic's, other values: no slower. ``benchmarks/calibration.py`` measures it against
  montecarlo and heuristic populations (README, "Calibration").
* ``heuristic``: the heuristic bot's passing (also the ``calling-station`` bot's), the
  default before; ``montecarlo-heuristic-passes`` in the arena is the montecarlo bot on it.
* ``random``: passes random cards (close to the random model).

Public API: :func:`pass_history` (what the seat saw of the passes, from its view),
:class:`PassingOpponents` (the model; give it as ``opponents=`` to
:func:`~anaconda_poker.analysis.equity.equity` or
:func:`~anaconda_poker.analysis.advice.arrange_choices`, or to
:func:`~anaconda_poker.analysis.pass_advice.passing_pass_choices` to rank passes) and
:func:`passing_opponents` (both from a view in one call).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, overload

import numpy as np
from numpy.typing import NDArray

from anaconda_poker.analysis.dealing import CardArray, IntArray, as_generator
from anaconda_poker.analysis.equity import InvalidSituationError, OpponentInfo, SeatKnowledge
from anaconda_poker.analysis.knowledge import live_at_passes
from anaconda_poker.analysis.potential import (
    HEURISTIC,
    PassWeights,
    best_fives,
    best_passes,
    fitted_weights,
)
from anaconda_poker.analysis.situation import PLAYABLE_CARDS
from anaconda_poker.analysis.values import hand_values
from anaconda_poker.core.cards import parse_code
from anaconda_poker.core.config import Direction, Split, TableConfig

POLICIES: Final = ("montecarlo", "heuristic", "random")
"""Pass policies the model can replay (module docstring); the first is the default."""
DEFAULT_POLICY: Final = POLICIES[0]
CHUNK: Final = 8_192
"""Replays per batch of :meth:`PassingOpponents.deal_batches`."""
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
            own cards of that pass are unknown (sampled at random, module docstring).

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


def pass_history(view: Mapping[str, Any], config: TableConfig) -> PassHistory:
    """The passes the seat of ``view`` made and saw (RULES.md §7: its own passes, the public
    log for who was in the hand at each pass).

    Raises:
        ValueError: if the view is a spectator's.
    """
    you = view.get("you")
    if not you:
        raise ValueError("a spectator's view has no seat to ask about")
    seats = tuple(sorted(int(s["seat"]) for s in view["seats"]))
    lives = live_at_passes(view)
    rounds = []
    for i, record in enumerate(list(you.get("passes") or ())[: len(lives)]):
        direction = config.pass_directions[i % len(config.pass_directions)]
        passed = tuple(parse_code(c) for c in record["passed"])
        rounds.append(
            PassRound(
                count=len(passed),
                live=tuple(lives[i]),
                step=1 if direction is Direction.LEFT else -1,
                passed=passed,
                received=tuple(parse_code(c) for c in record["received"]),
            )
        )
    return PassHistory(
        seat=int(you["seat"]),
        seats=seats,
        hand=tuple(parse_code(c) for c in you["hand"]),
        rounds=tuple(rounds),
    )


@dataclass(frozen=True, slots=True)
class PassingOpponents:
    """Opponents whose hands were built by passing (module docstring).

    Attributes:
        history: the passes so far, as the asking seat saw them.
        split: the game (the pass policy plays for it).
        policy: ``"montecarlo"`` (default), ``"heuristic"`` or ``"random"``
            (:data:`POLICIES`, module docstring).
        arrange: opponents that have shown nothing play the five the policy arranges
            (:meth:`arranged_values`); ``False``: their best high and best low of seven.

    Raises:
        ValueError: for an unknown policy.
    """

    history: PassHistory
    split: Split
    policy: str = DEFAULT_POLICY
    arrange: bool = True

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise ValueError(f"unknown pass policy {self.policy!r}; policies: {POLICIES}")

    def pass_weights(self, count: int) -> PassWeights | None:
        """The potential weights the policy passes ``count`` cards by
        (:func:`~anaconda_poker.analysis.potential.best_passes`); ``None`` for random passes."""
        if self.policy == "heuristic":
            return HEURISTIC
        if self.policy == "montecarlo":
            return fitted_weights(self.split, count)
        return None

    @property
    def label(self) -> str:
        """Plain words for the model, for output (English; callers translate)."""
        done = len(self.history.rounds)
        return f"opponents who passed like the {self.policy} bot ({done} passes replayed)"

    def deal_batches(
        self,
        knowledge: SeatKnowledge,
        *,
        extra: int,
        trials: int,
        exact_limit: int,
        rng: np.random.Generator | int | None,
        needs: Sequence[int] | None = None,
    ) -> tuple[bool, Iterable[CardArray]]:
        """Deals in the layout of :func:`~anaconda_poker.analysis.equity.deal_batches`:
        each active opponent's unknown cards in turn (uint8[b, knowledge.needed()]), from
        :meth:`sample_hands`. Never exact (``exact_limit`` is ignored).

        Raises:
            InvalidSituationError: when ``extra`` or ``needs`` is asked for (the pass
                advice's layout, not supported by this model), or the history does not
                fit the knowledge.
        """
        if extra or needs is not None:
            raise InvalidSituationError("the passing model deals the opponents' hands only")
        gen = as_generator(rng)
        seats = self.history.seats
        missing = [o.seat for o in knowledge.opponents if o.seat not in seats]
        if missing:
            raise InvalidSituationError(f"seats {missing} are not in the pass history")

        def batches() -> Iterable[CardArray]:
            left = trials
            while left > 0:
                b = min(left, CHUNK)
                left -= b
                yield deal_columns(self.sample_hands(knowledge, b, gen), knowledge, seats)

        return False, batches()

    def arranged_values(
        self,
        opponents: Sequence[OpponentInfo],
        deals: CardArray,
        split: Split,
        highs: IntArray,
        lows: IntArray,
    ) -> tuple[IntArray, IntArray]:
        """Opponents that have shown nothing play the five the policy arranges
        (:func:`~anaconda_poker.analysis.potential.best_fives`: one five for both halves,
        where their best high and best low of seven might need two); opponents with shown
        cards keep their best five containing them; with ``arrange=False`` or the random
        policy every opponent keeps its best fives (``highs``/``lows`` unchanged).

        Args:
            opponents, deals, split: as :func:`~anaconda_poker.analysis.opponents.
                opponent_values`.
            highs, lows: that function's values, int64[n, len(opponents)].
        """
        if not self.arrange or self.policy == "random":
            return highs, lows
        n = deals.shape[0]
        offsets = np.cumsum([0] + [o.unknown for o in opponents]).tolist()
        plain = [i for i, o in enumerate(opponents) if not o.revealed and o.unknown]
        if not plain:
            return highs, lows
        sevens = np.concatenate(
            [
                np.concatenate(
                    [_rows(opponents[i].known, n), deals[:, offsets[i] : offsets[i + 1]]], axis=1
                )
                for i in plain
            ]
        )
        h, lo = hand_values(best_fives(sevens, split), split)
        highs, lows = highs.copy(), lows.copy()
        for j, i in enumerate(plain):
            highs[:, i] = h[j * n : (j + 1) * n]
            lows[:, i] = lo[j * n : (j + 1) * n]
        return highs, lows

    def sample_hands(
        self, knowledge: SeatKnowledge, trials: int, rng: np.random.Generator
    ) -> CardArray:
        """Every seat's seven playable cards after the passes so far, in ``trials`` replays.

        Returns:
            uint8[trials, len(history.seats), 7]: seat ``history.seats[j]`` in column
            ``j``; the asking seat's row is its own hand; each opponent holds its known and
            revealed cards of ``knowledge``.
        """
        return Replay(self, knowledge, trials, rng).run()


def deal_columns(hands: CardArray, knowledge: SeatKnowledge, seats: Sequence[int]) -> CardArray:
    """The layout of :meth:`PassingOpponents.deal_batches` from replayed hands: each active
    opponent's unknown cards in turn, uint8[n, knowledge.needed()].

    Args:
        hands: uint8[n, len(seats), 7] as :meth:`PassingOpponents.sample_hands`.
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


def passing_opponents(
    view: Mapping[str, Any], config: TableConfig, *, policy: str = DEFAULT_POLICY
) -> PassingOpponents:
    """The passing model of the seat of ``view`` (:func:`pass_history` of the view).

    Raises:
        ValueError: a spectator's view, or an unknown policy.
    """
    return PassingOpponents(pass_history(view, config), config.split, policy)


_POSITIONS = np.arange(PLAYABLE_CARDS, dtype=np.int16)


class Replay:
    """One batch of ``trials`` replays of ``model`` for ``knowledge`` (module docstring,
    steps 1 to 3: :meth:`passes` then :meth:`finish`; :meth:`run` both), drawing from
    ``rng``."""

    def __init__(
        self,
        model: PassingOpponents,
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
        starting hand uint8[n, 7]; unknown passes sampled (module docstring)."""
        n, hand = self.n, np.asarray(self.history.hand, dtype=np.uint8)
        rounds = self.history.rounds
        passed: list[CardArray] = []
        received: list[CardArray] = []
        if self.history.known:
            for r in rounds:
                passed.append(_rows(r.passed, n))
                received.append(_rows(r.received, n))
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
        start_hand = _rows(hand, n)
        for gave_back, got_back in zip(reversed(passed), reversed(received), strict=True):
            where = (start_hand[:, :, None] == got_back[:, None, :]).any(axis=2)
            # a stable argsort of ~where (its cards first, in hand order) from one sort
            packed = np.sort((~where).astype(np.int16) << 4 | _POSITIONS, axis=1)
            order = (packed & 15)[:, : got_back.shape[1]]
            start_hand[self.rows, order] = gave_back  # put_along_axis, as one assignment
        return passed, received, start_hand

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
        keys = np.where(taken, 2.0, self.rng.random((n, 52)))
        free = np.argsort(keys, axis=1).astype(np.uint8)
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
            card = cards[:, col]
            rows = np.flatnonzero(~(hand == card[:, None]).any(axis=1))
            if rows.size == 0:
                continue
            if kept is None:
                kept = np.zeros((self.n, 52), dtype=bool)
                kept[self.rows, keep] = True
            where = np.argmax(deck[rows] == card[rows, None], axis=1)
            sub = hand[rows]
            fixed = kept[rows[:, None], sub]  # which of its cards are in ``keep``
            keys = self.rng.random(sub.shape)
            if prefer is not None:
                keys = keys + (prefer[rows] & (sub != card[rows, None]))
            pick = np.argmax(np.where(fixed, -1.0, keys), axis=1)
            victim = PLAYABLE_CARDS * j + pick
            held = deck[rows, victim].copy()
            deck[rows, victim] = card[rows]
            deck[rows, where] = held

    # -- the replay ------------------------------------------------------------------------
    def run(self) -> CardArray:
        """Steps 1 to 3: uint8[n, seats, 7] as :meth:`PassingOpponents.sample_hands`."""
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
            force(j, _rows([c for c in shown if c not in mine], self.n))
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
        shown_rows = {j: _rows(cards, self.n) for j, cards in self.shown.items() if cards}
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
            wanted = (own[:, :, None] == junk[:, None, :]).any(axis=2)
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
            places = np.argmax(hands[:, live, :, None] == sent[:, :, None, :], axis=2)
            giver = [live.index(seats.index(r.neighbour(seats[j], -r.step))) for j in live]
            columns = PLAYABLE_CARDS * np.asarray(live)[:, None] + places
            deck[self.rows[:, :, None], columns] = sent[:, giver]
        return deck, gone

    def finish(self, deck: CardArray, gone: CardArray) -> CardArray:
        """Step 3 on ``deck`` (changed in place) from :meth:`passes`: every opponent holds
        its known and revealed cards of the knowledge, never by giving up a card of
        ``gone`` (the seat's passed cards). uint8[n, seats, 7]."""
        for j, cards in self.holds.items():
            need = _rows(cards, self.n)
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
        mask: BoolArray = (hand[:, :, None] == keep[:, None, :]).any(axis=2)
        return mask

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


def _some(cards: CardArray | None) -> list[CardArray]:
    """``[cards]``, or ``[]`` for ``None`` (no cards)."""
    return [] if cards is None else [cards]


def _rows(cards: Sequence[int] | CardArray, n: int) -> CardArray:
    """The same cards in each of ``n`` rows: uint8[n, len(cards)], a new array (filled
    by one assignment: ``np.broadcast_to`` costs more in its Python checks)."""
    out = np.empty((n, len(cards)), dtype=np.uint8)
    out[:] = cards
    return out
