"""The heuristic bot's hand potential and its pass and arrangement choices, vectorised.

:func:`potentials` computes, for many card sets at once, exactly the score of
:func:`anaconda_poker.bots.heuristic.potential` (the same features, the same floating-point
operations in the same order, so equal scores and equal tie-breaks): a high score from the
best of the rank-group, flush and straight features (plus 0.15 of the second and the rank
sum / 400), a low score from the distinct low ranks in split games, and
``max(high, low) + 0.35 * min(high, low)``.

:func:`best_passes` and :func:`best_fives` make the heuristic bot's choices
(:func:`~anaconda_poker.bots.heuristic.best_pass`,
:func:`~anaconda_poker.bots.heuristic.best_five`) for many hands in one go, which is what
the pass-aware opponent model (:mod:`anaconda_poker.analysis.pass_model`) needs: every
opponent of every sampled deal passes by a potential. ``tests/analysis/test_potential.py``
checks both against the bot's own code.

**Fitted weights.** The score's feature values are a :class:`PassWeights`; the heuristic
bot's are :data:`HEURISTIC`. :data:`FITTED` holds values fitted, per pass size, to the
``montecarlo`` bot's own passes in high only (which it chooses by simulated equity with a
look-ahead to later passes: far too slow to replay in every sampled deal): montecarlo
bots passed at 4-seat check/call tables to the arrangement (1,000 tables per game,
200 samples per decision, the calibration benchmark's setting, other seeds than its
tables), 4,000 decisions per game and pass size; a coordinate search from the heuristic's
values kept each change that made the policy pass exactly the bot's cards more often, on
the first two thirds of the decisions; the last third is held out. Montecarlo players keep
flush draws where the heuristic keeps a second pair (README, "Calibration").
Reproduce: ``python benchmarks/pass_fit.py collect --tables 1000 --games
high_only,high_low_8 --workers 2 --out passes.npz`` then ``python benchmarks/pass_fit.py
fit passes.npz``; ``check`` prints both policies' agreement. The share of held-out decisions
on which the policy passes exactly the bot's cards, heuristic values → fitted (the high-low
values were fitted but are not used, :data:`FITTED` says why):

=========== ============= ============= =============
game        pass of 3     pass of 2     pass of 1
=========== ============= ============= =============
high only   0.554 → 0.634 0.592 → 0.634 0.510 → 0.567
high-low 8  0.430 → 0.603 0.604 → 0.628 0.576 → 0.608
=========== ============= ============= =============

(1,334 decisions each). Only the table's values change: the fitted policy is as fast as the
heuristic's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Final

import numpy as np
from numpy.typing import NDArray

from anaconda_poker.analysis.dealing import CardArray
from anaconda_poker.analysis.situation import FIVE
from anaconda_poker.core.config import Split
from anaconda_poker.core.evaluation.rank_keys import RANK_KEYS
from anaconda_poker.core.evaluation.tables import ROW_MASK, ROW_SHIFT, row_displacement

FloatArray = NDArray[np.float64]
BoolArray = NDArray[np.bool_]
_ACE = 12
_LOW_TOP = 8


@dataclass(frozen=True, slots=True)
class PassWeights:
    """The feature values of a potential score (module docstring): the heuristic bot's by
    default (:data:`HEURISTIC`).

    Attributes:
        quads, full_house, trips, two_pair, pair: the rank-group feature of each class
            (plus the top group's rank / 26, a pair's / 13; no group: the top rank / 13).
        flush3, flush4, flush5: the flush feature with 3, 4, 5+ cards of one suit.
        straight3, straight4, straight5: the straight feature with 3, 4, 5 ranks of one
            straight's window.
        second: weight of the second-best of the three high features.
        low_scale: factor on the low score (split games).
    """

    quads: float = 9.0
    full_house: float = 8.0
    trips: float = 6.0
    two_pair: float = 4.5
    pair: float = 2.5
    flush3: float = 1.5
    flush4: float = 4.0
    flush5: float = 7.5
    straight3: float = 1.2
    straight4: float = 3.5
    straight5: float = 7.0
    second: float = 0.15
    low_scale: float = 1.0


HEURISTIC = PassWeights()
"""The heuristic bot's feature values (:func:`~anaconda_poker.bots.heuristic.potential`)."""

FITTED: Final[Mapping[Split, Mapping[int, PassWeights]]] = {
    # printed by ``benchmarks/pass_fit.py fit`` (module docstring)
    Split.HIGH_ONLY: {
        3: PassWeights(two_pair=4.75, pair=3.5, flush3=3.5, flush4=5.0, straight3=-0.8, second=0.1),
        2: PassWeights(pair=2.75, flush3=2.5, flush4=5.0),
        1: PassWeights(pair=3.0, flush3=-0.5, straight3=0.2, second=0.05),
    },
}
"""Per game and pass size, feature values fitted to the montecarlo bot's passes (module
docstring; ``benchmarks/pass_fit.py`` fits and checks them). High only: the high-low fit
(``pass_fit.py fit --games high_low_8``) agreed more often with the bot's passes too, but
its replayed opponents held weaker hands than both heuristic and montecarlo players (the
model overstated a seat's share by 0.02-0.06 in a first calibration run), so split games
keep the heuristic's values."""


def fitted_weights(split: Split, count: int) -> PassWeights:
    """:data:`FITTED` values for passing ``count`` cards in ``split`` games: those fitted
    for the nearest pass size (the larger on a tie), the heuristic's for games not fitted
    (the split games)."""
    table = FITTED.get(split)
    if not table:
        return HEURISTIC
    nearest = min(table, key=lambda c: (abs(c - count), -c))
    return table[nearest]


@cache
def _subsets(n: int, k: int) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """``(chosen, rest)``: the ``k``-subsets of ``range(n)`` in ``itertools.combinations``
    order, and the complement of each (ascending), as int[C, k] and int[C, n - k]."""
    chosen = np.array(list(combinations(range(n), k)), dtype=np.intp).reshape(-1, k)
    rest = np.array(
        [[i for i in range(n) if i not in row] for row in chosen.tolist()], dtype=np.intp
    ).reshape(len(chosen), n - k)
    chosen.flags.writeable = False
    rest.flags.writeable = False
    return chosen, rest


def _counts(values: NDArray[np.intp], bins: int) -> NDArray[np.int16]:
    """Per row, how many entries equal each of ``0..bins-1``: int16[m, bins]."""
    m = values.shape[0]
    out = np.zeros((m, bins), dtype=np.int16)
    rows = np.arange(m)
    for j in range(values.shape[1]):
        out[rows, values[:, j]] += 1
    return out


RankClasses = tuple[NDArray[np.intp], FloatArray, FloatArray, NDArray[np.intp], FloatArray]
"""Per row: the rank-group class (0 quads, 1 full house, 2 trips, 3 two pair, 4 pair,
5 none), the top group's rank, the top rank / 13, the straight class (0 five, 1 four,
2 three, 3 fewer ranks of a straight's window) and the rank sum."""


def _rank_classes(cards: CardArray) -> RankClasses:
    """The weight-free rank facts of each row (:data:`RankClasses`)."""
    m = cards.shape[0]
    ranks = (cards >> 2).astype(np.intp)
    counts = _counts(ranks, 13)
    # the group with the most cards, the higher rank first (sorted by (count, rank))
    key = counts.astype(np.int32) * 16 + np.arange(13)
    top = key.argmax(axis=1)
    rows = np.arange(m)
    top_count = counts[rows, top]
    rest = counts.copy()
    rest[rows, top] = 0
    second_count = rest.max(axis=1)
    group = np.select(
        [
            top_count >= 4,
            (top_count == 3) & (second_count >= 2),
            top_count == 3,
            (top_count == 2) & (second_count == 2),
            top_count == 2,
        ],
        [0, 1, 2, 3, 4],
        5,
    )
    present = np.zeros((m, 14), dtype=np.int16)  # index 0: the ace playing low
    present[:, 1:] = counts > 0
    present[:, 0] = present[:, 13]
    run = np.cumsum(present, axis=1)
    windows = np.concatenate([run[:, 4:5], run[:, 5:] - run[:, :-5]], axis=1)  # 10 windows
    window = windows.max(axis=1)
    straight = np.select([window >= FIVE, window == 4, window == 3], [0, 1, 2], 3)
    high_card: FloatArray = ranks.max(axis=1) / 13
    return group, top.astype(np.float64), high_card, straight, ranks.sum(axis=1).astype(np.float64)


def _rank_values(
    classes: RankClasses, weights: PassWeights = HEURISTIC
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The rank-only parts of the high score: ``(group, straight, rank_sum)``, float64[m]
    each (the flush feature depends on suits and is added later), in the bot's operations."""
    w = weights
    group_class, tr, high_card, straight_class, rank_sum = classes
    group = np.select(
        [group_class == i for i in range(5)],
        [
            w.quads + tr / 26,
            w.full_house + tr / 26,
            w.trips + tr / 26,
            w.two_pair + tr / 26,
            w.pair + tr / 13,
        ],
        high_card,
    )
    straight = np.array([w.straight5, w.straight4, w.straight3, 0.0]).take(straight_class)
    return group, straight, rank_sum


def _rank_features(
    cards: CardArray, weights: PassWeights = HEURISTIC
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """:func:`_rank_values` of each row of ``cards``."""
    return _rank_values(_rank_classes(cards), weights)


def _flush_feature(suit_max: NDArray[np.integer]) -> FloatArray:
    feature: FloatArray = np.select(
        [suit_max >= FIVE, suit_max == 4, suit_max == 3], [7.5, 4.0, 1.5], 0.0
    )
    return feature


def _combine(
    group: FloatArray,
    flush: FloatArray,
    straight: FloatArray,
    rank_sum: FloatArray,
    second: float = HEURISTIC.second,
) -> FloatArray:
    """The best feature, ``second`` (0.15) of the second, and the rank sum / 400 (the bot's
    order of operations)."""
    hi = np.maximum(np.maximum(group, flush), straight)
    middle = _middle(group, flush, straight)
    total: FloatArray = hi + second * middle + rank_sum / 400
    return total


def _middle(a: FloatArray, b: FloatArray, c: FloatArray) -> FloatArray:
    """The median of three, elementwise (exactly one of the inputs)."""
    out: FloatArray = np.maximum(np.minimum(a, b), np.minimum(np.maximum(a, b), c))
    return out


def high_potentials(cards: CardArray) -> FloatArray:
    """:func:`~anaconda_poker.bots.heuristic.high_potential` of each row of ``cards``
    (uint8[m, k], ``k`` of 4..9 distinct codes): float64[m]."""
    group, straight, rank_sum = _rank_features(cards)
    suit_max = _counts((cards & 3).astype(np.intp), 4).max(axis=1)
    return _combine(group, _flush_feature(suit_max), straight, rank_sum)


def low_potentials(cards: CardArray, split: Split) -> FloatArray:
    """:func:`~anaconda_poker.bots.heuristic.low_potential` of each row (0 in
    ``high_only``): float64[m]."""
    m = cards.shape[0]
    if not split.has_low:
        return np.zeros(m)
    ranks = (cards >> 2).astype(np.intp)
    low = np.where(ranks == _ACE, 1, ranks + 2)  # ace 1 .. king 13
    present = _counts(low, 14)[:, 1:] > 0  # ranks 1..13
    if split.low_qualifier is not None:
        present[:, _LOW_TOP:] = False
    n = present.sum(axis=1)
    run = np.cumsum(present, axis=1)

    def nth(j: int) -> NDArray[np.float64]:
        """The ``j``-th lowest present rank (1-based), where there are that many."""
        first: NDArray[np.float64] = (np.argmax(run >= j, axis=1) + 1).astype(np.float64)
        return first

    out = 0.3 * n.astype(np.float64)
    out = np.where(n == 3, 1.5 + np.maximum(0.0, (_LOW_TOP - nth(3)) / 5), out)
    out = np.where(n == 4, 3.5 + np.maximum(0.0, (_LOW_TOP - nth(4)) / 3), out)
    result: FloatArray = np.where(n >= FIVE, 6.0 + np.maximum(0.0, (_LOW_TOP - nth(5)) / 2), out)
    return result


def potentials(cards: CardArray, split: Split) -> FloatArray:
    """:func:`~anaconda_poker.bots.heuristic.potential` of each row: float64[m]."""
    high = high_potentials(cards)
    low = low_potentials(cards, split)
    total: FloatArray = np.maximum(high, low) + 0.35 * np.minimum(high, low)
    return total


# -- the fast path: rank multisets looked up, suits counted by subtraction ------------------
_RANK_KEYS = np.asarray(RANK_KEYS, dtype=np.int64)
"""The evaluator's rank keys: sums over up to 7 cards identify the rank multiset."""
_CARD_CODES = (_RANK_KEYS[np.arange(52) >> 2] << 16) | (1 << (4 * (np.arange(52) & 3)))
"""Per card: its rank key in the high bits, a count of one in its suit's 4-bit field in the
low 16 bits, so that one sum over a card set gives its multiset key and its suit counts."""
_CARD_FLOATS = _CARD_CODES.astype(np.float64)
""":data:`_CARD_CODES` as floats (below 2**38: exact) for the subsets' sums by a product."""
_FLUSH_CLASS = np.array([0, 0, 0, 1, 2, 3, 3, 3], dtype=np.intp)
"""Largest suit count 0..7 -> flush feature class (none, three, four, five or more)."""
_SUITS = np.arange(1 << 16)
_SUITS_FLUSH_CLASS = _FLUSH_CLASS.take(
    np.minimum(
        np.maximum(
            np.maximum(_SUITS & 15, (_SUITS >> 4) & 15),
            np.maximum((_SUITS >> 8) & 15, (_SUITS >> 12) & 15),
        ),
        7,
    )
)
"""The four 4-bit suit counts of a card set (the low 16 bits of its summed card codes) ->
the flush class of its largest suit: one lookup instead of four shifts and maxima."""


@cache
def _multisets() -> tuple[
    list[CardArray], NDArray[np.intp], NDArray[np.int32], NDArray[np.int64], NDArray[np.intp]
]:
    """Every rank multiset of 1..7 cards as card blocks (one block per size), the order
    sorting their keys, and the row-displacement placement of :func:`potential_table`."""
    blocks = []
    for k in range(1, 8):
        rows = [r for r in combinations_with_replacement(range(13), k) if _fits(r)]
        arr = np.asarray(rows, dtype=np.intp)
        # distinct suits for repeated ranks: the n-th copy of a rank gets suit n
        copy = np.zeros_like(arr)
        for j in range(1, k):
            copy[:, j] = np.where(arr[:, j] == arr[:, j - 1], copy[:, j - 1] + 1, 0)
        blocks.append((arr * 4 + copy).astype(np.uint8))
    keys = np.concatenate([_RANK_KEYS[(b >> 2).astype(np.intp)].sum(axis=1) for b in blocks])
    order = np.argsort(keys)
    keys = keys[order]
    displacement, size = row_displacement(keys)
    slots = displacement[keys >> ROW_SHIFT] + (keys & ROW_MASK)
    slot_key = np.full(size, -1, dtype=np.int64)
    slot_row = np.zeros(size, dtype=np.intp)
    slot_key[slots] = keys
    slot_row[slots] = np.arange(len(keys))
    return blocks, order, displacement, slot_key, slot_row


@cache
def _table_facts() -> tuple[RankClasses, dict[Split, FloatArray]]:
    """The :data:`RankClasses` and per split the low score of every multiset, key order."""
    blocks, order, *_ = _multisets()
    parts = [_rank_classes(b) for b in blocks]
    classes = tuple(np.concatenate([p[i] for p in parts])[order] for i in range(5))
    lows = {s: np.concatenate([low_potentials(b, s) for b in blocks])[order] for s in Split}
    return classes, lows  # type: ignore[return-value]


@lru_cache(maxsize=16)
def _scores(weights: PassWeights, split: Split) -> FloatArray:
    """The potential of each multiset (in key order) with each flush class,
    float64[multisets, 4] (2.4 MB; kept for the 16 latest weights and splits)."""
    classes, lows = _table_facts()
    group, straight, rank_sum = _rank_values(classes, weights)
    flushes = np.array([0.0, weights.flush3, weights.flush4, weights.flush5])
    n = len(group)
    high = _combine(
        np.repeat(group[:, None], 4, axis=1),
        np.broadcast_to(flushes, (n, 4)),
        np.repeat(straight[:, None], 4, axis=1),
        np.repeat(rank_sum[:, None], 4, axis=1),
        weights.second,
    )
    low = lows[split][:, None]
    if weights.low_scale != 1.0:
        low = low * weights.low_scale
    table: FloatArray = np.maximum(high, low) + 0.35 * np.minimum(high, low)
    return table


def potential_table(
    weights: PassWeights = HEURISTIC,
) -> tuple[NDArray[np.int32], NDArray[np.int64], NDArray[np.intp], dict[Split, FloatArray]]:
    """Every rank multiset of 1..7 cards (about 76,000, built once per process and per
    ``weights`` in a fraction of a second), placed by the evaluator's row-displacement
    hashing (:func:`~anaconda_poker.core.evaluation.tables.row_displacement`: the multiset
    key ``k`` sits in slot ``displacement[k >> ROW_SHIFT] + (k & ROW_MASK)``, no collisions,
    so a lookup is two gathers and no probing): the displacement per key row, the
    multiset key in each slot (-1 empty), the row of that multiset, and per split the
    potential (scored with ``weights``) of each multiset with each flush class,
    float64[multisets, 4]."""
    _, _, displacement, slot_key, slot_row = _multisets()
    return displacement, slot_key, slot_row, {split: _scores(weights, split) for split in Split}


@lru_cache(maxsize=16)
def _slot_scores(split: Split, weights: PassWeights = HEURISTIC) -> FloatArray:
    """The potential table of ``split`` (scored with ``weights``) laid out by hash slot:
    float64[slots * 4], the potential of the multiset in slot ``s`` with flush class ``f`` at
    ``4 * s + f`` (NaN in empty slots), so that a lookup is one gather after the
    displacement's (built on first use per split and weights, about 4.6 MB)."""
    _, _, _, slot_key, slot_row = _multisets()
    table = _scores(weights, split)
    cached: FloatArray = np.where((slot_key >= 0)[:, None], table[slot_row], np.nan).ravel()
    cached.flags.writeable = False
    return cached


def _check_hands(hands: CardArray, drop: NDArray[np.intp]) -> None:
    """Refuse what has no rank multiset in the tables: a hand with more than four cards of
    a rank (so a repeated card among them), or a ``drop`` row that does not leave 1 to 7
    distinct positions. (Every subset of a hand of distinct cards is a multiset of the
    tables, so checking the hands checks all their subsets.)

    Raises:
        ValueError: as :func:`subset_potentials`.
    """
    n, k = hands.shape
    d = drop.shape[1]
    bad = not 1 <= k - d <= 7
    if d and not bad:
        ordered = np.sort(drop, axis=1)
        bad = bool(
            (ordered[:, 0] < 0).any()
            or (ordered[:, -1] >= k).any()
            or (np.diff(ordered, axis=1) == 0).any()
        )
    if n and not bad:
        ranks = (hands >> 2).astype(np.intp) + 13 * np.arange(n)[:, None]
        bad = bool(np.bincount(ranks.ravel(), minlength=13 * n).max() > 4)
    if bad:
        raise ValueError("not a set of 1 to 7 distinct cards: its ranks are no hand's")


def _fits(ranks: tuple[int, ...]) -> bool:
    return all(ranks.count(r) <= 4 for r in set(ranks))


def _check_distinct(ranked: CardArray) -> None:
    """Refuse sorted hands with a repeated card (their multisets may be no hand's).

    Raises:
        ValueError: as :func:`subset_potentials`.
    """
    if ranked.shape[1] > 1 and (ranked[:, 1:] == ranked[:, :-1]).any():
        raise ValueError("not a set of 1 to 7 distinct cards: its ranks are no hand's")


def subset_potentials(
    hands: CardArray, drop: NDArray[np.intp], split: Split, weights: PassWeights = HEURISTIC
) -> FloatArray:
    """:func:`potentials` of each hand without the cards at the positions of each row of
    ``drop``, from table lookups (the same values; scored with ``weights``).

    Args:
        hands: uint8[n, k] card codes.
        drop: int[C, d] positions to leave out; ``1 <= k - d <= 7``.
        split: game type.
        weights: the feature values (default the heuristic bot's).

    Returns:
        float64[n, C].

    Raises:
        ValueError: a hand with a repeated card (more than four of a rank), or ``drop``
            rows that are not ``d`` distinct positions leaving 1 to 7 cards.
    """
    _check_hands(hands, drop)
    return _subset_scores(hands, _keep_matrix(hands.shape[1], drop), split, weights)


def _keep_matrix(k: int, drop: NDArray[np.intp]) -> FloatArray:
    """float64[k, C]: 1 where position ``i`` is kept by subset ``c`` (not in ``drop[c]``)."""
    keep = np.ones((k, drop.shape[0]))
    for j in range(drop.shape[1]):
        keep[drop[:, j], np.arange(drop.shape[0])] = 0.0
    return keep


@cache
def _keep_of(k: int, d: int, rest: bool = False) -> FloatArray:
    """:func:`_keep_matrix` of dropping the ``d``-subsets of ``range(k)`` (:func:`_subsets`
    order), or with ``rest`` of dropping their complements (keeping the subsets)."""
    keep = _keep_matrix(k, _subsets(k, d)[1 if rest else 0])
    keep.flags.writeable = False
    return keep


def _subset_scores(
    hands: CardArray, keep: FloatArray, split: Split, weights: PassWeights = HEURISTIC
) -> FloatArray:
    """:func:`subset_potentials` of valid hands (unchecked), the subsets given by their
    :func:`_keep_matrix`: the subsets' summed card codes by one float64 product (exact:
    the codes are below 2**38, their sums below 2**42, far under 2**53), then the
    displacement's gather and one gather of :func:`_slot_scores`. float64[n, C]."""
    kept = (_CARD_FLOATS[hands] @ keep).astype(np.int64)  # [n, C] summed card codes
    wanted = kept >> 16
    slots = _multisets()[2].take(wanted >> ROW_SHIFT) + (wanted & ROW_MASK)
    slots <<= 2  # the row of a flat [slots * 4] table
    slots += _SUITS_FLUSH_CLASS.take(kept & 0xFFFF)
    score: FloatArray = _slot_scores(split, weights).take(slots)
    return score


def best_passes(
    hands: CardArray,
    count: int,
    split: Split,
    protected: NDArray[np.bool_] | None = None,
    *,
    weights: PassWeights = HEURISTIC,
) -> CardArray:
    """The heuristic bot's pass for each hand: the ``count`` cards whose removal keeps the
    highest :func:`potentials` (ties: the lowest cards), never a ``protected`` card.

    Args:
        hands: uint8[n, 7] card codes (any order).
        count: cards to pass, 1..6.
        split: game type.
        protected: optional bool[n, 7], True for cards that must stay (a row whose cards
            cannot all stay passes its lowest-scoring choice among all).
        weights: the potential's feature values: the heuristic bot's (default) or
            :data:`FITTED` (the montecarlo bot's passes, module docstring).

    Returns:
        uint8[n, count]: the cards passed, ascending; without ``protected`` the same as
        :func:`~anaconda_poker.bots.heuristic.best_pass` row by row.

    Raises:
        ValueError: a hand with a repeated card, or ``count`` leaving no hand of 1 to 7.
    """
    n, width = hands.shape
    # a stable argsort of each row, from one sort of (card, position) packed in an int16
    # (sorting small rows is several times faster than arg-sorting them)
    packed = np.sort((hands.astype(np.int16) << 4) | np.arange(width, dtype=np.int16), axis=1)
    order = packed & 15
    ranked: CardArray = (packed >> 4).astype(np.uint8)
    if not 1 <= width - count <= 7:
        raise ValueError(f"passing {count} of {width} cards leaves no hand of 1 to 7 cards")
    chosen, _ = _subsets(width, count)
    _check_distinct(ranked)
    keep = _keep_of(width, count)
    score = _subset_scores(ranked, keep, split, weights)  # [n, C]: without each choice
    if protected is not None:
        held = protected.ravel().take(order + np.arange(0, n * width, width)[:, None])
        # any of each choice's cards: the count of its held cards, by one product
        blocked = held.astype(np.float64) @ (1.0 - keep) > 0
        blocked &= ~blocked.all(axis=1, keepdims=True)
        score[blocked] = -np.inf
    pick = score.argmax(axis=1)  # the first maximum: the lowest cards among equal scores
    passed: CardArray = ranked[np.arange(n)[:, None], chosen[pick]]
    return passed


def best_fives(hands: CardArray, split: Split) -> CardArray:
    """The heuristic bot's five for each hand (:func:`~anaconda_poker.bots.heuristic.
    best_five` before its reveal order): the five with the highest :func:`potentials`,
    ties to the last such five in ``combinations`` order of the sorted hand.

    Args:
        hands: uint8[n, 7].

    Returns:
        uint8[n, 5], ascending.

    Raises:
        ValueError: a hand with a repeated card.
    """
    n, width = hands.shape
    ranked = np.sort(hands, axis=1)
    chosen, _ = _subsets(width, FIVE)
    _check_distinct(ranked)
    score = _subset_scores(ranked, _keep_of(width, FIVE, rest=True), split)  # [n, 21]
    last = len(chosen) - 1 - score[:, ::-1].argmax(axis=1)
    best: CardArray = ranked[np.arange(n)[:, None], chosen[last]]
    return best
