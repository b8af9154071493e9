"""Rank a seat's legal choices by expected pot share: which cards to pass, which five to keep
and in which order to reveal them.

Both rankings reuse the random-opponent model of :mod:`anaconda_poker.analysis.equity` with
common random numbers: every choice is scored on the same deals, so the differences between
choices are measured far more precisely than each choice's equity alone.

* **Passing** (RULES.md §3): after passing ``cards`` the seat keeps the rest and receives as
  many cards, uniformly random among the unseen cards; the passed cards join the receiver's
  hand (they become its known cards). Later passes are not simulated: each choice is scored by
  the showdown equity of the hand right after this pass.
* **Arranging** (RULES.md §2.5): each of the 21 fives is scored against the same opponent
  deals. The reveal order does not change showdown equity; :func:`reveal_order` stacks the
  five to disguise it (:mod:`anaconda_poker.analysis.reveal`, which also says why).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from anaconda_poker.analysis.dealing import DealSource
from anaconda_poker.analysis.equity import (
    DEFAULT_EXACT_LIMIT,
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
    deal_batches,
    opponent_values,
    outcome,
)
from anaconda_poker.analysis.reveal import reveal_plan
from anaconda_poker.analysis.values import (
    card_set,
    card_sets,
    hand_values,
    set_values,
    sets_supported,
)
from anaconda_poker.core.config import Split

MAX_CARDS = 9
"""Most cards the batch evaluator takes per hand (bounds the pass ``lookahead``)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One ranked choice.

    Attributes:
        cards: the card codes chosen: the cards to pass, or the five to keep in reveal order.
        result: the seat's equity after making the choice.
    """

    cards: tuple[int, ...]
    result: EquityResult


def pass_options(
    hand: Sequence[int], count: int, candidates: Sequence[Sequence[int]] | None
) -> list[tuple[int, ...]]:
    """The passes to compare: each ``count``-card subset of ``hand`` (card codes 0..51),
    or the given ``candidates``; each option sorted ascending.

    Raises:
        InvalidSituationError: a candidate of another size or with a card not in the hand.
    """
    if candidates is None:
        return [tuple(sorted(c)) for c in combinations(hand, count)]
    options = [tuple(sorted(int(x) for x in c)) for c in candidates]
    for option in options:
        if len(option) != count or not set(option) <= set(hand):
            raise InvalidSituationError(
                f"cannot pass {list(option)}: pick {count} cards of the hand {list(hand)}"
            )
    return options


def pass_choices(
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
    """Rank the ways to pass ``count`` cards by expected pot share, best first.

    Args:
        knowledge: the seat's knowledge before this pass; ``hand`` must hold 7 cards.
        count: cards to pass (1..6).
        receiver: seat number of the opponent who receives them (must be an active
            opponent in ``knowledge``).
        split: game type.
        trials: deals scored per choice (the same deals for every choice).
        rng: NumPy generator or int seed.
        candidates: the card sets to compare; default every ``count``-subset of the hand.
        exact_limit: enumerate exactly when the received cards and the opponents' unknown
            cards have at most this many assignments.
        lookahead: cards still to be received in later passes (``0..2``) to count now:
            every hand (the seat's, after the pass, and each opponent's) is dealt that many
            more random cards and plays its best five of all (the "later passes" estimate
            of the module docstring); ``0`` scores the hand right after this pass.

    Returns:
        One :class:`Choice` per candidate, sorted by ``result.share`` descending (ties by
        card codes), ``cards`` ascending.

    Raises:
        InvalidSituationError: hand not of 7 cards, bad count, unknown receiver, a candidate
            card not in the hand.
    """
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
    options = pass_options(hand, count, candidates)
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
    by_sets = sets_supported(split)
    if by_sets:  # each choice's kept cards and passed cards as card sets, added per deal
        option_sets = np.array([card_set(o) for o in options], dtype=np.int64)
        kept_sets = card_set(hand) - option_sets  # the hand's cards but the passed ones
        passed_sets = card_set(keep_known) + option_sets
    for deals in batches:
        n = deals.shape[0]
        other_cols = np.concatenate(
            [deals[:, offsets[i] : offsets[i + 1]] for i in range(len(dealing)) if i != index]
            or [np.zeros((n, 0), dtype=np.uint8)],
            axis=1,
        )
        if lookahead and by_sets:
            oh, ol = _wider_set_values(others, other_cols, lookahead, split)
        elif lookahead:
            oh, ol = _wider_values(others, other_cols, lookahead, split)
        else:
            oh, ol = opponent_values(others, other_cols, split)
        field = FieldBest.of(oh, ol)
        received = deals[:, : count + lookahead]
        recv_fill = deals[:, offsets[index] : offsets[index + 1]]
        m = len(options)
        if by_sets:
            mh, ml = set_values(kept_sets[:, None] + card_sets(received)[None, :], split)
            th, tl = set_values(passed_sets[:, None] + card_sets(recv_fill)[None, :], split)
            faced = field.with_opponent(th, tl)
            Accumulator.add_each(accs, outcome(mh, ml, faced, split))
            continue
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
        faced = field.with_opponent(th.reshape(m, n), tl.reshape(m, n))
        Accumulator.add_each(accs, outcome(mh.reshape(m, n), ml.reshape(m, n), faced, split))
    results = _results(accs, exact=exact, opponents=len(active))
    chosen = [Choice(option, result) for option, result in zip(options, results, strict=True)]
    chosen.sort(key=lambda c: (-c.result.share, c.cards))
    return chosen


def _results(accs: Sequence[Accumulator], *, exact: bool, opponents: int) -> list[EquityResult]:
    """:meth:`Accumulator.result` of unweighted accumulators (filled by
    :meth:`Accumulator.add_each`), computed for all of them at once: the same elementwise
    operations on stacked sums, so the same floats."""
    sums = np.array([acc.sums for acc in accs])
    squares = np.array([acc.squares for acc in accs])
    weight = np.array([acc.weight for acc in accs])
    weight_sq = np.array([acc.weight_sq for acc in accs])
    if any(acc.gain is not None for acc in accs) or not np.array_equal(weight, weight_sq):
        return [acc.result(exact=exact, opponents=opponents) for acc in accs]  # weighted
    total = np.where(weight > 0, weight, 1.0)[:, None]
    mean = sums / total
    se = np.zeros_like(mean)
    # unit weights: n_eff = weight² / weight_sq = weight, the deals counted
    rows = np.flatnonzero(weight >= 2) if not exact else np.zeros(0, dtype=np.intp)
    if rows.size:
        n_eff = weight[rows, None]
        var = np.maximum(squares[rows] / total[rows] - mean[rows] * mean[rows], 0.0)
        se[rows] = np.sqrt(var / (n_eff - 1))
    return [
        EquityResult(
            win_high=m[0],
            win_low=m[1],
            scoop=m[2],
            share=m[3],
            win_high_se=e[0],
            win_low_se=e[1],
            scoop_se=e[2],
            share_se=e[3],
            trials=acc.n,
            exact=exact,
            opponents=opponents,
        )
        for acc, m, e in zip(accs, mean.tolist(), se.tolist(), strict=True)
    ]


def _wider_set_values(
    opponents: Sequence[OpponentInfo], cols: CardArray, lookahead: int, split: Split
) -> tuple[IntArray, IntArray]:
    """:func:`_wider_values` from card sets, every opponent in one evaluator call (for the
    games :func:`~anaconda_poker.analysis.values.set_values` serves): the same values."""
    n = cols.shape[0]
    sets = np.empty((len(opponents), n), dtype=np.int64)
    start = 0
    for i, o in enumerate(opponents):
        take = o.unknown + lookahead
        sets[i] = card_sets(cols[:, start : start + take]) + card_set(o.known)
        start += take
    highs, lows = set_values(sets, split)
    return highs.T, lows.T


def _wider_values(
    opponents: Sequence[OpponentInfo], cols: CardArray, lookahead: int, split: Split
) -> tuple[IntArray, IntArray]:
    """Values of opponents that hold no revealed card, each dealt ``lookahead`` more random
    cards than its seven: its known cards plus its columns of ``cols`` (in turn, as for
    :func:`~anaconda_poker.analysis.equity.opponent_values`), best five of all."""
    n = cols.shape[0]
    highs = np.empty((n, len(opponents)), dtype=np.int64)
    lows = np.empty((n, len(opponents)), dtype=np.int64)
    start = 0
    for i, o in enumerate(opponents):
        take = o.unknown + lookahead
        fill = cols[:, start : start + take]
        start += take
        if o.known:
            known = np.broadcast_to(np.asarray(o.known, dtype=np.uint8), (n, len(o.known)))
            fill = np.concatenate([known, fill], axis=1)
        highs[:, i], lows[:, i] = hand_values(np.ascontiguousarray(fill), split)
    return highs, lows


def arrange_choices(
    knowledge: SeatKnowledge,
    *,
    split: Split,
    trials: int = 20_000,
    rng: np.random.Generator | int | None = None,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
    limit: int | None = None,
    opponents: DealSource | None = None,
) -> list[Choice]:
    """Rank the 21 fives of a 7-card hand by expected pot share, best first.

    Args:
        knowledge: the seat's knowledge; ``hand`` must hold 7 cards.
        split: game type.
        trials: Monte Carlo deals (the same deals score every five).
        rng: NumPy generator or int seed.
        exact_limit: enumerate exactly when the unseen assignments are at most this many.
        limit: return only the best ``limit`` choices (their reveal order, a search in
            Python, is then worked out for those alone); ``None`` returns all 21.
        opponents: the opponent model (``None``: random opponents; e.g.
            :class:`~anaconda_poker.analysis.pass_model.PassingOpponents`).

    Returns:
        21 (or ``limit``) :class:`Choice` objects sorted by share descending (ties: higher
        ``win_high``, then the better five by hand value, high then low, then card codes);
        ``cards`` is each five in :func:`reveal_order`.

    Raises:
        InvalidSituationError: if the hand does not hold 7 cards.
    """
    hand = knowledge.hand
    if len(hand) != PLAYABLE_CARDS:
        raise InvalidSituationError(f"arranging needs the 7-card hand, got {len(hand)} cards")
    fives = [tuple(f) for f in combinations(hand, FIVE)]
    fh, fl = hand_values(np.asarray(fives, dtype=np.uint8), split)
    accs = [Accumulator() for _ in fives]
    active = knowledge.active
    # The two cards left out become dead: out of play, unknown to the others, known to us.
    deal = deal_batches if opponents is None else opponents.deal_batches
    exact, batches = deal(knowledge, extra=0, trials=trials, exact_limit=exact_limit, rng=rng)
    for deals in batches:
        oh, ol = opponent_values(active, deals, split)
        if opponents is not None:
            oh, ol = opponents.arranged_values(active, deals, split, oh, ol)
        field = FieldBest.of(oh, ol)
        Accumulator.add_each(accs, outcome(fh[:, None], fl[:, None], field, split))
    results = _results(accs, exact=exact, opponents=len(active))
    highs, lows = fh.tolist(), fl.tolist()
    # equal shares (e.g. two pair with any kicker: a kicker that decides no sampled deal)
    # go to the better five by the evaluator's own ranking, then card codes: the five an
    # equal share could only ever lose with is never named best
    order = sorted(
        range(len(fives)),
        key=lambda j: (
            -results[j].share,
            -results[j].win_high,
            -highs[j],
            -lows[j],
            sorted(fives[j]),
        ),
    )
    if limit is not None:
        order = order[:limit]
    return [Choice(reveal_order(fives[j], split), results[j]) for j in order]


def reveal_order(five: Sequence[int], split: Split) -> tuple[int, ...]:
    """Stack five cards so that the face-up cards give the hand away as late as possible:
    the cards of :func:`~anaconda_poker.analysis.reveal.reveal_plan` (pairs, suited cards
    and connectors show late, the weakest-looking board first; a hand that plays only for
    low shows its highest low card first). Deterministic.

    Args:
        five: five distinct card codes.
        split: game type.

    Returns:
        The same five codes in reveal order (first revealed first).

    Raises:
        InvalidSituationError: if ``five`` is not five distinct cards.
    """
    return tuple(step.card for step in reveal_plan(five, split))
