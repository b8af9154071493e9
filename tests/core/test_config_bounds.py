"""Every numeric table option has bounds (issue 17 item 7): inside them a value is kept as
given, outside them :class:`OptionOutOfRangeError` names the option and the allowed range
and no config is built. The issue's cases: an ante of 2**80 and a schedule of 60 passes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from anaconda_poker.core.config import (
    MAX_CHIPS,
    MAX_PASS_COUNT,
    MAX_PASSES,
    MAX_RAISE_CAP,
    MAX_SEATS,
    TableConfig,
)
from anaconda_poker.core.errors import InvalidConfigError, OptionOutOfRangeError


def refused(option: str, **options: Any) -> OptionOutOfRangeError:
    with pytest.raises(OptionOutOfRangeError) as caught:
        TableConfig(**options)
    assert caught.value.option == option
    assert str(caught.value).startswith(f"{option} must be ")
    return caught.value


def test_the_chip_limit_keeps_every_amount_exact_in_json_and_javascript() -> None:
    assert MAX_SEATS * MAX_CHIPS < 2**53


def test_the_issue_cases_are_refused() -> None:
    error = refused("ante", ante=2**80)
    assert str(error) == f"ante must be 0 to {MAX_CHIPS} chips, got {2**80}"
    sixty = {"pass_counts": [1] * 60, "pass_directions": ["left"] * 60}
    with pytest.raises(OptionOutOfRangeError, match=r"1 to 5 passes.*got 60 passes") as caught:
        TableConfig.from_dict(json.loads(json.dumps(sixty)))
    assert caught.value.option == "pass_counts"


def test_a_number_too_long_to_print_is_still_refused_cleanly() -> None:
    error = refused("small_bet", small_bet=10**5000)
    assert "too long to show" in str(error) and len(str(error)) < 100


@pytest.mark.parametrize(("option", "low"), [("ante", 0), ("small_bet", 1)])
@given(data=st.data())
def test_chip_options(option: str, low: int, data: st.DataObject) -> None:
    inside = data.draw(st.integers(low, MAX_CHIPS), label="inside")
    extra = {"big_bet": MAX_CHIPS} if option == "small_bet" else {}
    assert getattr(TableConfig(**{option: inside}, **extra), option) == inside
    outside = data.draw(
        st.integers(max_value=low - 1) | st.integers(min_value=MAX_CHIPS + 1), label="outside"
    )
    error = refused(option, **{option: outside}, **extra)
    assert f"{low} to {MAX_CHIPS} chips" in str(error) and error.value == outside


@given(small=st.integers(1, MAX_CHIPS), data=st.data())
def test_big_bet_lies_between_the_small_bet_and_the_chip_limit(
    small: int, data: st.DataObject
) -> None:
    big = data.draw(st.integers(small, MAX_CHIPS), label="big")
    assert TableConfig(small_bet=small, big_bet=big).big_bet == big
    too_big = data.draw(st.integers(MAX_CHIPS + 1, 2**100), label="too_big")
    refused("big_bet", small_bet=small, big_bet=too_big)
    if small > 1:
        too_small = data.draw(st.integers(1, small - 1), label="too_small")
        error = refused("big_bet", small_bet=small, big_bet=too_small)
        assert f"at least small_bet ({small})" in str(error)


@given(cap=st.integers(-(2**70), 2**70))
def test_raise_cap(cap: int) -> None:
    if 1 <= cap <= MAX_RAISE_CAP:
        assert TableConfig(raise_cap=cap).raise_cap == cap
    else:
        refused("raise_cap", raise_cap=cap)
    assert TableConfig(raise_cap=None).raise_cap is None


@given(counts=st.lists(st.integers(-3, 10), min_size=0, max_size=70))
def test_pass_schedules(counts: list[int]) -> None:
    options = {"pass_counts": tuple(counts), "pass_directions": ("right",) * len(counts)}
    ok = 1 <= len(counts) <= MAX_PASSES and all(1 <= c <= MAX_PASS_COUNT for c in counts)
    if ok:
        config = TableConfig(**options)
        assert config.pass_counts == tuple(counts)
        assert config.betting_rounds == 1 + len(counts) + 5
        assert TableConfig.from_dict(config.to_dict()) == config
    else:
        refused("pass_counts", **options)


@given(value=st.integers(-(2**40), 2**40))
def test_cards_dealt_and_roll_rounds(value: int) -> None:
    if value in (7, 9):
        assert TableConfig(cards_dealt=value).cards_dealt == value
    else:
        refused("cards_dealt", cards_dealt=value)
    if value in (4, 5):
        assert TableConfig(roll_betting_rounds=value).roll_betting_rounds == value
    else:
        refused("roll_betting_rounds", roll_betting_rounds=value)


@pytest.mark.parametrize(("cards", "top"), [(7, 7), (9, 5)])
def test_seats_follow_the_deck(cards: int, top: int) -> None:
    """RULES.md §1: 2 to 7 players with 7 cards each, at most 5 with 9."""
    config = TableConfig(cards_dealt=cards)
    for seats in range(2, top + 1):
        config.check_seats(seats)
    for seats in (-1, 0, 1, top + 1, MAX_SEATS, 2**80):
        with pytest.raises(OptionOutOfRangeError) as caught:
            config.check_seats(seats)
        assert caught.value.option == "seats"
        assert f"2..{top} with {cards} cards dealt" in str(caught.value)


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"split": "lowball"}, "split"),
        ({"ante": "1"}, "ante"),
        ({"pass_directions": ("left", "up", "left")}, "pass_directions"),
        ({"pass_directions": ("left",)}, "pass_directions"),
        ({"declare": "declare", "split": "high_only"}, "declare"),
        ({"cap_lifted_heads_up": 1}, "cap_lifted_heads_up"),
        ({"raise_cap": 2.5}, "raise_cap"),
    ],
)
def test_other_refusals_name_their_option(options: dict[str, Any], option: str) -> None:
    with pytest.raises(InvalidConfigError) as caught:
        TableConfig(**options)
    assert caught.value.option == option
