"""Awarding one high-low pot (RULES.md §5), including issue 11's same-winners rule."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from anaconda_poker.core.pots import share, share_high_low

ORDER = [1, 2, 3, 0]


def test_same_winners_both_ways_share_the_pot_as_one() -> None:
    assert share_high_low(66, [1, 0], [0, 1], order=ORDER) == {1: 33, 0: 33}
    assert share_high_low(99, [0, 1, 2], [2, 1, 0], order=ORDER) == {1: 33, 2: 33, 0: 33}
    # an odd chip of the one pot goes to the first winner from the dealer's left
    assert share_high_low(67, [0, 1], [0, 1], order=ORDER) == {1: 34, 0: 33}


def test_different_winners_halve_the_pot_first() -> None:
    # high half 34 (odd chip) to seat 1 alone; low half 33 shared 17/16 from the dealer's left
    assert share_high_low(67, [1], [1, 0], order=ORDER) == {1: 51, 0: 16}
    assert share_high_low(10, [2], [3], order=ORDER) == {2: 5, 3: 5}
    assert share_high_low(11, [2], [], order=ORDER) == {2: 11}  # no low: high takes it all


@given(
    amount=st.integers(0, 10_000),
    high=st.sets(st.sampled_from(ORDER), min_size=1),
    low=st.sets(st.sampled_from(ORDER)),
)
def test_awards_always_sum_to_the_pot(amount: int, high: set[int], low: set[int]) -> None:
    awards = share_high_low(amount, sorted(high), sorted(low), order=ORDER)
    assert sum(awards.values()) == amount
    assert set(awards) == high | low
    if not low or low == high:
        assert awards == share(amount, sorted(high), order=ORDER)
