"""Exhaustive checks of the evaluator (RULES.md §5) against published counts.

* All 2,598,960 five-card hands: the published category counts, 7,462 distinct high values,
  56 eight-or-better and 6,175 unqualified low values.
* All 133,784,560 seven-card hands through the batch API: the published seven-card category
  counts, and the count of every eight-or-better low value against a count derived by
  combinatorics (the best low is the five lowest distinct ranks of A..8 present).

Hands are enumerated in chunks: every 7-card hand is two leading cards ``a < b`` followed by a
5-card combination of the cards above ``b``, a suffix of the lexicographic list of all 5-card
combinations, so memory stays bounded (one chunk is at most 2.1 M rows).
"""

from __future__ import annotations

from itertools import product
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from anaconda_poker.core.evaluation import (
    HandCategory,
    LowCategory,
    get_tables,
    high_category,
    high_low_values,
    high_values,
    low_values,
)
from anaconda_poker.core.evaluation.scores import CATEGORY_UNIT

FIVE_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 40,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}
FIVE_CARD_CLASSES = {
    HandCategory.STRAIGHT_FLUSH: 10,
    HandCategory.FOUR_OF_A_KIND: 156,
    HandCategory.FULL_HOUSE: 156,
    HandCategory.FLUSH: 1_277,
    HandCategory.STRAIGHT: 10,
    HandCategory.THREE_OF_A_KIND: 858,
    HandCategory.TWO_PAIR: 858,
    HandCategory.ONE_PAIR: 2_860,
    HandCategory.HIGH_CARD: 1_277,
}
SEVEN_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 41_584,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.ONE_PAIR: 58_627_800,
    HandCategory.HIGH_CARD: 23_294_460,
}


def combinations_array(n: int, k: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """All k-combinations of ``range(n)`` in lexicographic order, ``uint8[C(n, k), k]``, and
    ``starts[m]`` = index of the first combination whose smallest card is ``>= m``."""
    rows = np.arange(n, dtype=np.uint8)[:, None]
    for size in range(2, k + 1):
        firsts = rows[:, 0].astype(np.int64)
        # combinations of `size - 1` cards whose first card is above `a`
        parts = [
            np.hstack([np.full((len(rows) - s, 1), a, dtype=np.uint8), rows[s:]])
            for a in range(n - size + 1)
            for s in [int(np.searchsorted(firsts, a + 1))]
        ]
        rows = np.vstack(parts)
    firsts = rows[:, 0].astype(np.int64)
    starts = np.searchsorted(firsts, np.arange(n + 1))
    return rows, starts


def category_of_values() -> npt.NDArray[np.int64]:
    """Category of every high value (index 0, no value, gets -1)."""
    categories = get_tables().high_scores // CATEGORY_UNIT
    categories[0] = -1
    return categories


@pytest.fixture(scope="module")
def five_card_hands() -> npt.NDArray[np.uint8]:
    hands, _ = combinations_array(52, 5)
    assert hands.shape == (2_598_960, 5)
    return hands


def test_all_five_card_hands(five_card_hands: npt.NDArray[np.uint8]) -> None:
    high = high_values(five_card_hands)
    per_value = np.bincount(high, minlength=7463)
    assert per_value[0] == 0 and np.count_nonzero(per_value) == 7_462
    categories = category_of_values()
    for category, count in FIVE_CARD_COUNTS.items():
        assert per_value[categories == category].sum() == count, category.name
        assert np.count_nonzero(categories == category) == FIVE_CARD_CLASSES[category]
        # categories occupy contiguous value ranges, in rule order
        values = np.flatnonzero(categories == category)
        assert values.max() - values.min() + 1 == len(values)
        assert high_category(int(values[0])) is category
    assert high.min() == 1 and high.max() == 7_462

    low8 = low_values(five_card_hands)
    low8_counts = np.bincount(low8, minlength=57)
    # 56 qualifying lows (5 distinct ranks of A..8), each made by 4**5 suit choices
    assert np.count_nonzero(low8_counts[1:]) == 56
    assert (low8_counts[1:] == 4**5).all()
    assert low8_counts[0] == 2_598_960 - 56 * 4**5

    low_any = low_values(five_card_hands, None)
    assert low_any.min() == 1 and len(np.unique(low_any)) == 6_175
    low_scores = get_tables().low_scores
    low_categories = np.bincount(low_scores[low_any] // CATEGORY_UNIT, minlength=6)
    unpaired = sum(
        FIVE_CARD_COUNTS[c]
        for c in (
            HandCategory.HIGH_CARD,
            HandCategory.STRAIGHT,
            HandCategory.FLUSH,
            HandCategory.STRAIGHT_FLUSH,
        )
    )
    assert low_categories[LowCategory.NO_PAIR] == unpaired
    assert low_categories[LowCategory.ONE_PAIR] == FIVE_CARD_COUNTS[HandCategory.ONE_PAIR]
    assert low_categories[LowCategory.TWO_PAIR] == FIVE_CARD_COUNTS[HandCategory.TWO_PAIR]
    assert (
        low_categories[LowCategory.THREE_OF_A_KIND]
        == FIVE_CARD_COUNTS[HandCategory.THREE_OF_A_KIND]
    )
    assert low_categories[LowCategory.FULL_HOUSE] == FIVE_CARD_COUNTS[HandCategory.FULL_HOUSE]
    assert (
        low_categories[LowCategory.FOUR_OF_A_KIND] == FIVE_CARD_COUNTS[HandCategory.FOUR_OF_A_KIND]
    )
    # the eight-or-better lows are exactly the best 56 unqualified lows
    qualifying = low8 > 0
    assert np.array_equal(low_any[qualifying] - (6_175 - 56), low8[qualifying])
    assert (low_any[~qualifying] <= 6_175 - 56).all()


def expected_seven_card_low_counts() -> dict[tuple[int, ...], int]:
    """Seven-card hands by their best eight-or-better low (its five ranks, ace = 1), by
    counting: choose how many of each of the 8 low ranks (A..8) the hand holds, the other
    cards come from the 20 cards nine to king; the low is the five lowest ranks present."""
    counts: dict[tuple[int, ...], int] = {}
    for copies in product(range(5), repeat=8):
        low_cards = sum(copies)
        if low_cards > 7:
            continue
        present = [rank for rank, c in zip(range(1, 9), copies, strict=True) if c]
        if len(present) < 5:
            continue
        ways = comb(20, 7 - low_cards)
        for c in copies:
            ways *= comb(4, c)
        key = tuple(sorted(present)[:5])
        counts[key] = counts.get(key, 0) + ways
    return counts


@pytest.mark.slow
def test_all_seven_card_hands() -> None:
    five, starts = combinations_array(52, 5)
    high_counts = np.zeros(7463, dtype=np.int64)
    low_counts = np.zeros(57, dtype=np.int64)
    chunk = np.empty((len(five), 7), dtype=np.uint8)
    for a in range(46):
        for b in range(a + 1, 47):
            tail = five[starts[b + 1] :]
            rows = chunk[: len(tail)]
            rows[:, 0] = a
            rows[:, 1] = b
            rows[:, 2:] = tail
            high, low = high_low_values(rows, check_duplicates=False)
            high_counts += np.bincount(high, minlength=7463)
            low_counts += np.bincount(low, minlength=57)
    assert high_counts.sum() == comb(52, 7) == 133_784_560
    categories = category_of_values()
    measured = {c: int(high_counts[categories == c].sum()) for c in HandCategory}
    assert measured == SEVEN_CARD_COUNTS

    expected = expected_seven_card_low_counts()
    # value of each five-rank low: 56 for A-2-3-4-5 down to 1 for 4-5-6-7-8, ordered by
    # comparing from the highest card down
    ordered = sorted(expected, key=lambda ranks: tuple(reversed(ranks)), reverse=True)
    assert len(ordered) == 56
    for value, ranks in enumerate(ordered, start=1):
        assert low_counts[value] == expected[ranks], ranks
    assert low_counts[0] == comb(52, 7) - sum(expected.values())
