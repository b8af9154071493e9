"""The batch evaluator's light path for small batches gives exactly the column-wise values."""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anaconda_poker.core.errors import DuplicateCardError
from anaconda_poker.core.evaluation import high_low_values, high_value, low_value
from anaconda_poker.core.evaluation.batch import CHUNK_ROWS, SMALL_ROWS, _evaluate, small_values
from anaconda_poker.core.evaluation.low import qualifier_offset
from anaconda_poker.core.evaluation.wide import set_values64, suit_masks, wide_values


def _assert_analysis_values(
    values: Callable[..., tuple[np.ndarray, np.ndarray | None]],
    high: np.ndarray,
    low: np.ndarray,
    offset: int,
) -> None:
    """``values(want_low=..., offset=...)`` gives the evaluator's ``high`` and ``low`` in
    the analysis convention: int64, the low -1 where it does not qualify (0 of the
    evaluator), and no low at all when not asked for."""
    fast_high, fast_low = values(want_low=True, offset=offset)
    assert fast_high.dtype == np.int64 and fast_low is not None and fast_low.dtype == np.int64
    assert np.array_equal(fast_high, high)
    assert np.array_equal(fast_low, np.where(low == 0, -1, low))
    only_high, no_low = values(want_low=False, offset=0)
    assert no_low is None and np.array_equal(only_high, high)


def _hands(seed: int, rows: int, width: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((rows, 52)), axis=1)[:, :width].astype(np.uint8)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rows=st.integers(1, SMALL_ROWS),
    width=st.integers(5, 7),
    qualifier=st.sampled_from([None, 5, 8, 13]),
    check=st.booleans(),
)
def test_light_path_equals_column_path(
    seed: int, rows: int, width: int, qualifier: int | None, check: bool
) -> None:
    codes = _hands(seed, rows, width)
    offset = qualifier_offset(qualifier)
    args = {"want_high": True, "want_low": True, "offset": offset, "check_duplicates": check}
    light = _evaluate(codes, light=True, **args)
    columns = _evaluate(codes, light=False, **args)
    assert light[0].dtype == columns[0].dtype == np.int32
    assert np.array_equal(light[0], columns[0])
    assert np.array_equal(light[1], columns[1])


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rows=st.integers(0, SMALL_ROWS),
    width=st.integers(5, 7),
    qualifier=st.sampled_from([None, 5, 8, 13]),
    few=st.booleans(),
)
def test_analysis_values_are_the_column_values(
    seed: int, rows: int, width: int, qualifier: int | None, few: bool
) -> None:
    # int64, the low -1 where it does not qualify (0 of the evaluator)
    codes = _few_ranks(seed, rows, width) if few else _hands(seed, rows, width)
    offset = qualifier_offset(qualifier)
    args = {"want_high": True, "want_low": True, "offset": offset, "check_duplicates": False}
    high, low = _evaluate(codes, light=False, **args)
    _assert_analysis_values(functools.partial(small_values, codes), high, low, offset)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), width=st.integers(5, 7))
def test_light_path_matches_the_scalar_oracle(seed: int, width: int) -> None:
    codes = _hands(seed, 50, width)
    high, low = high_low_values(codes, 8)
    assert high.tolist() == [high_value(row.tolist()) for row in codes]
    assert low.tolist() == [low_value(row.tolist(), 8) for row in codes]


def test_flushes_take_the_flush_table_on_the_light_path() -> None:
    # every row a flush (spades: codes 3, 7, 11, ...), one a straight flush
    codes = np.array([[3, 7, 11, 15, 19, 0, 1], [51, 47, 43, 39, 31, 2, 5]], dtype=np.uint8)
    high, _ = high_low_values(codes, 8)
    assert high.tolist() == [high_value(codes[0].tolist()), high_value(codes[1].tolist())]
    assert high[0] > 7000  # 7-high straight flush


def test_light_path_reports_a_repeated_card_by_row() -> None:
    codes = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 5]], dtype=np.uint8)
    with pytest.raises(DuplicateCardError, match="row 1"):
        high_low_values(codes, 8)


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    width=st.integers(8, 9),
    qualifier=st.sampled_from([None, 8]),
    rows=st.integers(1, CHUNK_ROWS + 3),
)
def test_eight_and_nine_cards_match_the_scalar_oracle(
    seed: int, width: int, qualifier: int | None, rows: int
) -> None:
    # the one-pass path of the suits' rank masks, in steps of CHUNK_ROWS rows
    codes = _hands(seed, rows, width)
    high, low = high_low_values(codes, qualifier)
    sample = codes[:: max(1, rows // 60)]
    picked = np.arange(0, rows, max(1, rows // 60))
    assert high[picked].tolist() == [high_value(row.tolist()) for row in sample]
    assert low[picked].tolist() == [low_value(row.tolist(), qualifier) for row in sample]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), width=st.integers(8, 9), rows=st.integers(1, 2_500))
def test_wide_one_pass_equals_one_pass_per_subset(seed: int, width: int, rows: int) -> None:
    codes = _hands(seed, rows, width)
    args = {"want_high": True, "want_low": True, "offset": 0, "check_duplicates": True}
    fast = _evaluate(codes, light=True, **args)
    reference = _evaluate(codes, light=False, **args)
    assert np.array_equal(fast[0], reference[0])
    assert np.array_equal(fast[1], reference[1])


def _few_ranks(seed: int, rows: int, width: int) -> np.ndarray:
    """Rows of ``width`` cards from only 3..5 ranks (or one suit and a few more cards):
    quads, full houses, two trips, three pairs, flushes beside pairs."""
    rng = np.random.default_rng(seed)
    out = np.empty((rows, width), dtype=np.uint8)
    for row in range(rows):
        if row % 4 == 3:  # a suit of five or more plus other cards
            suit = int(rng.integers(4))
            suited = rng.permutation(np.arange(suit, 52, 4))[: int(rng.integers(5, width + 1))]
            rest = np.setdiff1d(np.arange(52), suited)
            cards = np.concatenate([suited, rng.permutation(rest)[: width - len(suited)]])
        else:
            ranks = rng.permutation(13)[: int(rng.integers(3, 6))]
            pool = (ranks[:, None] * 4 + np.arange(4)).ravel()
            cards = rng.permutation(pool)[:width]
        out[row] = cards
    return out


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), width=st.integers(8, 9), qualifier=st.sampled_from([None, 8])
)
def test_wide_path_on_hands_of_few_ranks(seed: int, width: int, qualifier: int | None) -> None:
    # the hand classes random rows rarely hold: every class's candidate is exercised
    codes = _few_ranks(seed, 400, width)
    offset = qualifier_offset(qualifier)
    args = {"want_high": True, "want_low": True, "offset": offset, "check_duplicates": True}
    fast = _evaluate(codes, light=True, **args)
    reference = _evaluate(codes, light=False, **args)
    assert np.array_equal(fast[0], reference[0])
    assert np.array_equal(fast[1], reference[1])
    sample = codes[::10]
    assert fast[0][::10].tolist() == [high_value(row.tolist()) for row in sample]


def test_wide_path_reports_a_repeated_card_by_row() -> None:
    codes = np.array([list(range(9)), [9, 10, 11, 12, 13, 14, 15, 16, 9]], dtype=np.uint8)
    with pytest.raises(DuplicateCardError, match="row 1"):
        high_low_values(codes, 8)


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    width=st.integers(5, 9),
    qualifier=st.sampled_from([5, 8, 13]),
    few=st.booleans(),
)
def test_analysis_set_values_are_the_wide_values(
    seed: int, width: int, qualifier: int, few: bool
) -> None:
    # int64, the low -1 where it does not qualify (0 of wide_values)
    codes = _few_ranks(seed, 300, width) if few else _hands(seed, 300, width)
    sets = suit_masks(codes)
    offset = qualifier_offset(qualifier)
    high, low = wide_values(sets, want_high=True, want_low=True, offset=offset)
    _assert_analysis_values(functools.partial(set_values64, sets), high, low, offset)
