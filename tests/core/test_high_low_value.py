"""``high_low_value``: the scalar high and low in one call equal the two separate calls."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anaconda_poker.core.cards import Card, parse_codes
from anaconda_poker.core.config import Split
from anaconda_poker.core.errors import DuplicateCardError, InvalidCardError, InvalidConfigError
from anaconda_poker.core.evaluation import high_low_value, high_value, low_value
from anaconda_poker.core.showdown import hand_values

HANDS = st.integers(5, 9).flatmap(
    lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)
)


@settings(max_examples=600, deadline=None)
@given(cards=HANDS, qualifier=st.sampled_from([None, 5, 8, 13]))
def test_one_call_equals_two(cards: list[int], qualifier: int | None) -> None:
    assert high_low_value(cards, qualifier) == (high_value(cards), low_value(cards, qualifier))


@settings(max_examples=100, deadline=None)
@given(cards=HANDS)
def test_card_objects_and_tuples_give_the_same_values(cards: list[int]) -> None:
    expected = high_low_value(cards)
    assert high_low_value(tuple(cards)) == expected
    assert high_low_value([Card(c) for c in cards]) == expected


def test_known_hands() -> None:
    assert high_low_value(parse_codes("As Ks Qs Js Ts 2c 3d")) == (7462, 0)
    assert high_low_value(parse_codes("Ah 2c 3d 4s 5h Kd Kc")) == (5854, 56)
    assert high_low_value(parse_codes("Ah 2h 3h 4h 5h 9h Kd Kc 8c")) == (
        high_value(parse_codes("Ah 2h 3h 4h 5h")),
        56,
    )


def test_bad_input_raises_what_the_separate_calls_raise() -> None:
    with pytest.raises(DuplicateCardError):
        high_low_value([0, 1, 2, 3, 0])
    with pytest.raises(InvalidCardError):
        high_low_value([0, 1, 2, 3])
    with pytest.raises(InvalidCardError):
        high_low_value([0, 1, 2, 3, 52])
    with pytest.raises(InvalidConfigError):
        high_low_value([0, 1, 2, 3, 4], qualifier=4)


@settings(max_examples=100, deadline=None)
@given(
    fives=st.lists(st.integers(0, 51), min_size=15, max_size=15, unique=True),
    split=st.sampled_from(list(Split)),
)
def test_showdown_values_use_it_and_stay_the_same(fives: list[int], split: Split) -> None:
    seats = {s: fives[5 * s : 5 * s + 5] for s in range(3)}
    high, low = hand_values(split, seats)
    assert high == {s: high_value(c) for s, c in seats.items()}
    if split.has_low:
        lows = {s: low_value(c, split.low_qualifier) for s, c in seats.items()}
        assert low == {s: (v if v > 0 else None) for s, v in lows.items()}
    else:
        assert low == {}
