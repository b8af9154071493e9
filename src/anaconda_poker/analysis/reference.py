"""The straightforward code the fast paths of the equity calculator replaced, kept callable.

:func:`equity_reference`, :func:`pass_choices_reference` and :func:`arrange_choices_reference`
are the implementations of :func:`~anaconda_poker.analysis.equity.equity`,
:func:`~anaconda_poker.analysis.advice.pass_choices` and
:func:`~anaconda_poker.analysis.advice.arrange_choices` as they were before the speed work of
issue 15 §3: one outcome and one accumulation per choice, strength percentiles by binary
search, every reveal order worked out. They are not used in play. The tests check that the
fast paths give exactly the same results (same floats) on the same seeds, and
``benchmarks/bots.py`` plays the arena with a montecarlo bot built on them
(``MonteCarloBot(reference=True)``) as the baseline of the same run.

The opponents' values, the consistency weights (one evaluator call per opponent) and the
deal sampler (one draw per step) are kept here too; helpers the fast paths did not change
(exact dealing, the field's best, the accumulator's weighted sums) are shared with the
fast code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from anaconda_poker.analysis.advice import MAX_CARDS, Choice, _wider_values, reveal_order
from anaconda_poker.analysis.equity import (
    DEFAULT_EXACT_LIMIT,
    DEFAULT_TRIALS,
    FIVE,
    PLAYABLE_CARDS,
    Accumulator,
    CardArray,
    EquityResult,
    FieldBest,
    IntArray,
    InvalidSituationError,
    OpponentInfo,
    SeatKnowledge,
    action_weights,
    as_generator,
    constrained_values,
    deal_batches,
    outcome,
    strength_percentiles_reference,
)
from anaconda_poker.analysis.ranges import ActionRead, RangeModel
from anaconda_poker.analysis.values import hand_values
from anaconda_poker.core.config import Split

__all__ = [
    "arrange_choices_reference",
    "careless_values_reference",
    "consistency_weights_reference",
    "equity_reference",
    "opponent_values_reference",
    "pass_choices_reference",
    "sample_deals_reference",
]


def equity_reference(
    knowledge: SeatKnowledge,
    *,
    split: Split,
    trials: int = DEFAULT_TRIALS,
    rng: np.random.Generator | int | None = None,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
    aggression: Mapping[int, float] | None = None,
    consistency: float = 1.0,
    rational: float = 1.0,
    trust: float = 1.0,
    pot: int | None = None,
    bet: int = 0,
    fold_below: float = 0.5,
    reads: Mapping[int, ActionRead] | None = None,
    range_model: RangeModel | None = None,
) -> EquityResult:
    """The code of :func:`~anaconda_poker.analysis.equity.equity` before the fast
    paths: same arguments, same result (percentiles by binary search)."""
    if trials < 1:
        raise ValueError(f"trials must be >= 1, got {trials}")
    if not 0.0 < consistency <= 1.0:
        raise ValueError(f"consistency must be in (0, 1], got {consistency}")
    if not 0.0 <= rational <= 1.0:
        raise ValueError(f"rational must be in [0, 1], got {rational}")
    gen = as_generator(rng)
    active = knowledge.active
    exps = [float((aggression or {}).get(o.seat, 0.0)) for o in active]
    model = range_model or RangeModel()
    read_cols = [
        (i, r)
        for i, o in enumerate(active)
        if (r := (reads or {}).get(o.seat)) is not None and not r.silent
    ]
    acc = Accumulator()
    my_h, my_l = hand_values(np.asarray([knowledge.hand], dtype=np.uint8), split)
    exact, batches = deal_batches(
        knowledge, extra=0, trials=trials, exact_limit=exact_limit, rng=gen
    )
    for deals in batches:
        highs, lows = opponent_values_reference(active, deals, split)
        weights = action_weights(highs, lows, split, exps, trust)
        if read_cols:
            pct = strength_percentiles_reference(highs, lows, split)
            for i, read in read_cols:
                column = read.likelihood(pct[:, i], model)
                weights = column if weights is None else weights * column
        fits = consistency_weights_reference(active, deals, split, highs, lows, consistency)
        if fits is not None:
            weights = fits if weights is None else weights * fits
        if rational < 1.0:
            exact = False
            ch, cl = careless_values_reference(active, deals, split, gen)
            careful = gen.random(highs.shape) < rational
            for i, read in read_cols:
                if read.consistent:
                    careful[:, i] = True  # it bets by the strength of the five it plays
            highs = np.where(careful, highs, ch)
            lows = np.where(careful, lows, cl)
        now = outcome(int(my_h[0]), int(my_l[0]), FieldBest.of(highs, lows), split)
        acc.add(now, weights)
        if pot is not None:
            weak = strength_percentiles_reference(highs, lows, split) < fold_below
            for i, read in read_cols:
                if read.roll_bets:
                    weak[:, i] = False  # it bet or raised its fixed five: it calls
            callers = (~weak).sum(axis=1)
            called = outcome(
                int(my_h[0]),
                int(my_l[0]),
                FieldBest.of(np.where(weak, -1, highs), np.where(weak, -1, lows)),
                split,
            )
            gains = called.share * (pot + (callers + 1) * bet) - bet - now.share * pot
            acc.add_gain(gains, weights)
    return acc.result(exact=exact, opponents=len(active))


def pass_choices_reference(
    knowledge: SeatKnowledge,
    *,
    count: int,
    receiver: int,
    split: Split,
    trials: int = 20_000,
    rng: np.random.Generator | int | None = None,
    candidates: Sequence[Sequence[int]] | None = None,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
    lookahead: int = 0,
) -> list[Choice]:
    """The code of :func:`~anaconda_poker.analysis.advice.pass_choices` before the fast
    paths (one outcome per choice): same arguments, same result."""
    hand = knowledge.hand
    if len(hand) != PLAYABLE_CARDS:
        raise InvalidSituationError(f"passing needs the 7-card hand, got {len(hand)} cards")
    if not 1 <= count < PLAYABLE_CARDS:
        raise InvalidSituationError(f"pass count must be 1..6, got {count}")
    if not 0 <= lookahead <= MAX_CARDS - PLAYABLE_CARDS:
        raise InvalidSituationError(f"lookahead must be 0..2 cards, got {lookahead}")
    active = list(knowledge.active)
    index = next((i for i, o in enumerate(active) if o.seat == receiver), None)
    if index is None:
        raise InvalidSituationError(f"seat {receiver} is not an opponent still in the hand")
    if candidates is None:
        options = [tuple(sorted(c)) for c in combinations(hand, count)]
    else:
        options = [tuple(sorted(int(x) for x in c)) for c in candidates]
        for option in options:
            if len(option) != count or not set(option) <= set(hand):
                raise InvalidSituationError(
                    f"cannot pass {list(option)}: pick {count} cards of the hand {list(hand)}"
                )
    # The receiver's unknown cards shrink by ``count``: the passed cards take their place.
    old = active[index]
    keep_known = old.known[max(0, len(old.known) + count - PLAYABLE_CARDS) :]
    needs = [o.unknown + lookahead for o in active]
    needs[index] = PLAYABLE_CARDS - len(keep_known) - count + lookahead
    dealing = [*active]
    exact, batches = deal_batches(
        knowledge,
        extra=count + lookahead,
        trials=trials,
        exact_limit=exact_limit,
        rng=rng,
        needs=needs,
    )
    accs = [Accumulator() for _ in options]
    others = [o for i, o in enumerate(dealing) if i != index]
    offsets = np.cumsum([count + lookahead, *needs])
    width = PLAYABLE_CARDS + lookahead
    for deals in batches:
        n = deals.shape[0]
        other_cols = np.concatenate(
            [deals[:, offsets[i] : offsets[i + 1]] for i in range(len(dealing)) if i != index]
            or [np.zeros((n, 0), dtype=np.uint8)],
            axis=1,
        )
        if lookahead:
            oh, ol = _wider_values(others, other_cols, lookahead, split)
        else:
            oh, ol = opponent_values_reference(others, other_cols, split)
        field = FieldBest.of(oh, ol)
        received = deals[:, : count + lookahead]
        recv_fill = deals[:, offsets[index] : offsets[index + 1]]
        mine = np.empty((len(options), n, width), dtype=np.uint8)
        theirs = np.empty((len(options), n, width), dtype=np.uint8)
        for j, option in enumerate(options):
            kept = [c for c in hand if c not in option]
            mine[j, :, : PLAYABLE_CARDS - count] = kept
            mine[j, :, PLAYABLE_CARDS - count :] = received
            known = keep_known + option
            theirs[j, :, : len(known)] = known
            theirs[j, :, len(known) :] = recv_fill
        mh, ml = hand_values(mine.reshape(-1, width), split)
        th, tl = hand_values(theirs.reshape(-1, width), split)
        for j in range(len(options)):
            part = slice(j * n, (j + 1) * n)
            accs[j].add(outcome(mh[part], ml[part], field.with_opponent(th[part], tl[part]), split))
    chosen = [
        Choice(option, acc.result(exact=exact, opponents=len(active)))
        for option, acc in zip(options, accs, strict=True)
    ]
    chosen.sort(key=lambda c: (-c.result.share, c.cards))
    return chosen


def arrange_choices_reference(
    knowledge: SeatKnowledge,
    *,
    split: Split,
    trials: int = 20_000,
    rng: np.random.Generator | int | None = None,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
) -> list[Choice]:
    """The code of :func:`~anaconda_poker.analysis.advice.arrange_choices` before the
    fast paths (one outcome per five, every reveal order worked out): same arguments,
    same result."""
    hand = knowledge.hand
    if len(hand) != PLAYABLE_CARDS:
        raise InvalidSituationError(f"arranging needs the 7-card hand, got {len(hand)} cards")
    fives = [tuple(f) for f in combinations(hand, FIVE)]
    fh, fl = hand_values(np.asarray(fives, dtype=np.uint8), split)
    accs = [Accumulator() for _ in fives]
    active = knowledge.active
    # The two cards left out become dead: out of play, unknown to the others, known to us.
    exact, batches = deal_batches(
        knowledge, extra=0, trials=trials, exact_limit=exact_limit, rng=rng
    )
    for deals in batches:
        oh, ol = opponent_values_reference(active, deals, split)
        field = FieldBest.of(oh, ol)
        for j in range(len(fives)):
            accs[j].add(outcome(int(fh[j]), int(fl[j]), field, split))
    results = [acc.result(exact=exact, opponents=len(active)) for acc in accs]
    ranked = sorted(
        range(len(fives)),
        key=lambda j: (
            -results[j].share,
            -results[j].win_high,
            -int(fh[j]),  # equal shares: the better five by hand value (high, then low)
            -int(fl[j]),
            sorted(fives[j]),
        ),
    )
    return [Choice(reveal_order(fives[j], split), results[j]) for j in ranked]


def opponent_values_reference(
    opponents: Sequence[OpponentInfo], deals: CardArray, split: Split
) -> tuple[IntArray, IntArray]:
    """The code of :func:`~anaconda_poker.analysis.equity.opponent_values` before
    the fast paths (one evaluator call per opponent with shown or known cards)."""
    n = deals.shape[0]
    highs = np.empty((n, len(opponents)), dtype=np.int64)
    lows = np.empty((n, len(opponents)), dtype=np.int64)
    # Group opponents that hold no known or revealed card: one batch call for all of them.
    plain = [i for i, o in enumerate(opponents) if not o.known and not o.revealed]
    offsets = np.cumsum([0] + [o.unknown for o in opponents])
    if plain:
        block = np.concatenate([deals[:, offsets[i] : offsets[i + 1]] for i in plain], axis=0)
        h, lo = hand_values(block, split)
        for j, i in enumerate(plain):
            highs[:, i] = h[j * n : (j + 1) * n]
            lows[:, i] = lo[j * n : (j + 1) * n]
    for i, o in enumerate(opponents):
        if i in plain:
            continue
        fill = deals[:, offsets[i] : offsets[i + 1]]
        if o.known:
            known = np.broadcast_to(np.asarray(o.known, dtype=np.uint8), (n, len(o.known)))
            fill = np.concatenate([known, fill], axis=1)
        highs[:, i], lows[:, i] = constrained_values(o.revealed, fill, split)
    return highs, lows


def careless_values_reference(
    opponents: Sequence[OpponentInfo],
    deals: CardArray,
    split: Split,
    rng: np.random.Generator,
) -> tuple[IntArray, IntArray]:
    """The code of :func:`~anaconda_poker.analysis.equity.careless_values` before
    the fast paths (one evaluator call per opponent)."""
    n = deals.shape[0]
    highs = np.empty((n, len(opponents)), dtype=np.int64)
    lows = np.empty((n, len(opponents)), dtype=np.int64)
    offsets = np.cumsum([0] + [o.unknown for o in opponents])
    for i, o in enumerate(opponents):
        r = min(len(o.revealed), FIVE)
        five = np.empty((n, FIVE), dtype=np.uint8)
        five[:, :r] = o.revealed[:r]
        if r < FIVE:
            rest = deals[:, offsets[i] : offsets[i + 1]]
            if o.known:
                known = np.broadcast_to(np.asarray(o.known, dtype=np.uint8), (n, len(o.known)))
                rest = np.concatenate([known, rest], axis=1)
            picks = np.argsort(rng.random(rest.shape), axis=1)[:, : FIVE - r]
            five[:, r:] = np.take_along_axis(rest, picks, axis=1)
        highs[:, i], lows[:, i] = hand_values(five, split)
    return highs, lows


def consistency_weights_reference(
    opponents: Sequence[OpponentInfo],
    deals: CardArray,
    split: Split,
    highs: IntArray,
    lows: IntArray,
    slack: float,
) -> NDArray[np.float64] | None:
    """The code of :func:`~anaconda_poker.analysis.equity.consistency_weights`
    before the fast paths (one evaluator call per opponent)."""
    if slack >= 1.0:
        return None
    n = deals.shape[0]
    weights: NDArray[np.float64] | None = None
    offsets = np.cumsum([0] + [o.unknown for o in opponents])
    for i, o in enumerate(opponents):
        r = len(o.revealed)
        if not 1 <= r < FIVE:
            continue
        seven = np.empty((n, PLAYABLE_CARDS), dtype=np.uint8)
        seven[:, :r] = o.revealed
        seven[:, r : r + len(o.known)] = o.known
        seven[:, r + len(o.known) :] = deals[:, offsets[i] : offsets[i + 1]]
        best_high, best_low = hand_values(seven, split)
        consistent = highs[:, i] == best_high
        if split.has_low:
            consistent |= (best_low >= 0) & (lows[:, i] == best_low)
        factor = np.where(consistent, 1.0, slack)
        weights = factor if weights is None else weights * factor
    return weights


def sample_deals_reference(
    pool: Sequence[int], count: int, trials: int, rng: np.random.Generator
) -> CardArray:
    """The code of :func:`~anaconda_poker.analysis.dealing.sample_deals` before the fast
    paths: one draw of swap targets per Fisher–Yates step (the same deals)."""
    size = len(pool)
    if count > size:
        raise ValueError(f"cannot draw {count} distinct cards from a pool of {size}")
    deck = np.tile(np.asarray(pool, dtype=np.uint8), trials)
    base = np.arange(trials, dtype=np.intp) * size
    for j in range(count):
        target = base + rng.integers(j, size, size=trials, dtype=np.intp)
        here = base + j
        picked = deck[target]
        deck[target] = deck[here]
        deck[here] = picked
    return deck.reshape(trials, size)[:, :count]
