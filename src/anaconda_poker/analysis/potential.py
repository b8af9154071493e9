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
opponent of every sampled deal passes like the heuristic bot. ``tests/analysis/
test_potential.py`` checks both against the bot's own code.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement

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


def _rank_features(cards: CardArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The rank-only parts of the high score of each row: ``(group, straight, rank_sum)``,
    float64[m] each (the flush feature depends on suits and is added later)."""
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
    tr = top.astype(np.float64)
    group = np.select(
        [
            top_count >= 4,
            (top_count == 3) & (second_count >= 2),
            top_count == 3,
            (top_count == 2) & (second_count == 2),
            top_count == 2,
        ],
        [9.0 + tr / 26, 8.0 + tr / 26, 6.0 + tr / 26, 4.5 + tr / 26, 2.5 + tr / 13],
        ranks.max(axis=1) / 13,
    )
    present = np.zeros((m, 14), dtype=np.int16)  # index 0: the ace playing low
    present[:, 1:] = counts > 0
    present[:, 0] = present[:, 13]
    run = np.cumsum(present, axis=1)
    windows = np.concatenate([run[:, 4:5], run[:, 5:] - run[:, :-5]], axis=1)  # 10 windows
    window = windows.max(axis=1)
    straight = np.select([window >= FIVE, window == 4, window == 3], [7.0, 3.5, 1.2], 0.0)
    return group, straight, ranks.sum(axis=1).astype(np.float64)


def _flush_feature(suit_max: NDArray[np.integer]) -> FloatArray:
    feature: FloatArray = np.select(
        [suit_max >= FIVE, suit_max == 4, suit_max == 3], [7.5, 4.0, 1.5], 0.0
    )
    return feature


def _combine(
    group: FloatArray, flush: FloatArray, straight: FloatArray, rank_sum: FloatArray
) -> FloatArray:
    """The best feature, 0.15 of the second, and the rank sum / 400 (the bot's order of
    operations)."""
    hi = np.maximum(np.maximum(group, flush), straight)
    middle = _middle(group, flush, straight)
    total: FloatArray = hi + 0.15 * middle + rank_sum / 400
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
def potential_table() -> tuple[
    NDArray[np.int32], NDArray[np.int64], NDArray[np.intp], dict[Split, FloatArray]
]:
    """Every rank multiset of 1..7 cards (about 76,000, built once per process in a
    fraction of a second), placed by the evaluator's row-displacement hashing
    (:func:`~anaconda_poker.core.evaluation.tables.row_displacement`: the multiset key
    ``k`` sits in slot ``displacement[k >> ROW_SHIFT] + (k & ROW_MASK)``, no collisions,
    so a lookup is two gathers and no probing): the displacement per key row, the
    multiset key in each slot (-1 empty), the row of that multiset, and per split the
    potential of each multiset with each flush class, float64[multisets, 4]."""
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
    group, straight, rank_sum = (
        np.concatenate([part[i] for part in map(_rank_features, blocks)])[order] for i in range(3)
    )
    flushes = np.array([0.0, 1.5, 4.0, 7.5])
    high = _combine(
        np.repeat(group[:, None], 4, axis=1),
        np.broadcast_to(flushes, (len(keys), 4)),
        np.repeat(straight[:, None], 4, axis=1),
        np.repeat(rank_sum[:, None], 4, axis=1),
    )
    tables = {}
    for split in Split:
        low = np.concatenate([low_potentials(b, split) for b in blocks])[order][:, None]
        tables[split] = np.maximum(high, low) + 0.35 * np.minimum(high, low)
    keys = keys[order]
    displacement, size = row_displacement(keys)
    slots = displacement[keys >> ROW_SHIFT] + (keys & ROW_MASK)
    slot_key = np.full(size, -1, dtype=np.int64)
    slot_row = np.zeros(size, dtype=np.intp)
    slot_key[slots] = keys
    slot_row[slots] = np.arange(len(keys))
    return displacement, slot_key, slot_row, tables


def _slot_scores(split: Split) -> FloatArray:
    """The potential table of ``split`` laid out by hash slot: float64[slots * 4], the
    potential of the multiset in slot ``s`` with flush class ``f`` at ``4 * s + f`` (NaN in
    empty slots), so that a lookup is one gather after the displacement's (built on first
    use per split, about 4.6 MB)."""
    cached = _SLOT_SCORES.get(split)
    if cached is None:
        _, slot_key, slot_row, tables = potential_table()
        cached = np.where((slot_key >= 0)[:, None], tables[split][slot_row], np.nan).ravel()
        cached.flags.writeable = False
        _SLOT_SCORES[split] = cached
    return cached


_SLOT_SCORES: dict[Split, FloatArray] = {}


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


def subset_potentials(hands: CardArray, drop: NDArray[np.intp], split: Split) -> FloatArray:
    """:func:`potentials` of each hand without the cards at the positions of each row of
    ``drop``, from table lookups (the same values).

    Args:
        hands: uint8[n, k] card codes.
        drop: int[C, d] positions to leave out; ``1 <= k - d <= 7``.
        split: game type.

    Returns:
        float64[n, C].

    Raises:
        ValueError: a hand with a repeated card (more than four of a rank), or ``drop``
            rows that are not ``d`` distinct positions leaving 1 to 7 cards.
    """
    _check_hands(hands, drop)
    return _subset_scores(hands, _keep_matrix(hands.shape[1], drop), split)


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


def _subset_scores(hands: CardArray, keep: FloatArray, split: Split) -> FloatArray:
    """:func:`subset_potentials` of valid hands (unchecked), the subsets given by their
    :func:`_keep_matrix`: the subsets' summed card codes by one float64 product (exact:
    the codes are below 2**38, their sums below 2**42, far under 2**53), then the
    displacement's gather and one gather of :func:`_slot_scores`. float64[n, C]."""
    kept = (_CARD_FLOATS[hands] @ keep).astype(np.int64)  # [n, C] summed card codes
    wanted = kept >> 16
    slots = potential_table()[0].take(wanted >> ROW_SHIFT) + (wanted & ROW_MASK)
    slots <<= 2  # the row of a flat [slots * 4] table
    slots += _SUITS_FLUSH_CLASS.take(kept & 0xFFFF)
    score: FloatArray = _slot_scores(split).take(slots)
    return score


def best_passes(
    hands: CardArray, count: int, split: Split, protected: NDArray[np.bool_] | None = None
) -> CardArray:
    """The heuristic bot's pass for each hand: the ``count`` cards whose removal keeps the
    highest :func:`potentials` (ties: the lowest cards), never a ``protected`` card.

    Args:
        hands: uint8[n, 7] card codes (any order).
        count: cards to pass, 1..6.
        split: game type.
        protected: optional bool[n, 7], True for cards that must stay (a row whose cards
            cannot all stay passes its lowest-scoring choice among all).

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
    score = _subset_scores(ranked, keep, split)  # [n, C]: without each choice
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
