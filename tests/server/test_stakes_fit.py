"""``check_stakes_fit`` (``server/host_controls.py``, docs/protocol.md §3): every "must be
at most N" it states works. Review: ante 200 and small bet 201 at a 200-chip stack blamed
the small bet ("at most 200"), and a small bet of 200 was then refused on the ante ("at most
0"); a small bet of 101 in fixed limit blamed a big bet the user never gave.

The property: stakes refused naming option F with largest value N, with F set to N and
nothing else changed, are accepted, or refused naming an option later in the order ante,
small bet, big bet (never F again, never an earlier one). So following the messages reaches
stakes that fit in at most three changes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anaconda_poker.core.config import BIG_BET_DEFAULT, TableConfig
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.host_controls import check_stakes_fit

ORDER = ["config.ante", "config.small_bet", "config.big_bet"]
OPTION = {"config.ante": "ante", "config.small_bet": "small_bet", "config.big_bet": "big_bet"}


def refusal(stakes: dict[str, Any], seats: int, stack: int) -> tuple[str, int, str] | None:
    """The option blamed, its largest value stated and the message; None when accepted."""
    config = TableConfig.from_dict(stakes)
    derived = stakes["big_bet"] == BIG_BET_DEFAULT
    try:
        check_stakes_fit(config, seats=seats, starting_stack=stack, big_bet_derived=derived)
    except ClientError as error:
        assert error.field in ORDER, error
        found = re.search(r"must be at most ([\d,]+)$", error.message)
        assert found, error.message
        return error.field, int(found.group(1).replace(",", "")), error.message
    return None


@st.composite
def tables(draw: st.DrawFn) -> tuple[dict[str, Any], int, int]:
    stack = draw(st.integers(1, 400) | st.integers(1, 10**6))
    limit = 3 * stack + 3
    small = draw(st.integers(1, limit))
    big = draw(st.just(BIG_BET_DEFAULT) | st.integers(small, max(small, limit)))
    stakes = {
        "ante": draw(st.integers(0, limit)),
        "small_bet": small,
        "big_bet": big,
        "betting": draw(st.sampled_from(["fixed_limit", "pot_limit", "no_limit"])),
        "forced_bet": draw(st.sampled_from(["ante", "dealer_ante"])),
    }
    return stakes, draw(st.integers(2, 7)), stack


@settings(max_examples=1500, deadline=None)
@given(tables())
def test_every_stated_maximum_works_for_its_option(table: tuple[dict[str, Any], int, int]) -> None:
    stakes, seats, stack = table
    blamed: list[str] = []
    for _ in range(4):
        refused = refusal(stakes, seats, stack)
        if refused is None:
            break
        field, most, message = refused
        assert not blamed or ORDER.index(field) > ORDER.index(blamed[-1]), (blamed, message)
        blamed.append(field)
        assert most < stakes[OPTION[field]] or OPTION[field] == "big_bet", message
        lowest = 1 if field != "config.ante" else 0
        assert most >= lowest, message
        stakes = {**stakes, OPTION[field]: most}
    else:
        pytest.fail(f"still refused after {blamed}")
    assert len(blamed) <= 3


def message(stakes: dict[str, Any], seats: int, stack: int) -> tuple[str, str]:
    full = {"big_bet": BIG_BET_DEFAULT, **stakes}
    refused = refusal(full, seats, stack)
    assert refused is not None
    return refused[0], refused[2]


@pytest.mark.parametrize(
    ("stakes", "seats", "stack", "field", "text"),
    [
        # the antes alone reach the stack: the ante is blamed, with a value that leaves room
        (
            {"betting": "pot_limit", "ante": 200, "small_bet": 201},
            6,
            200,
            "config.ante",
            "the ante (200) and one minimum bet (201) come to 401, more than the starting "
            "stack (200); the ante must be at most 199",
        ),
        (
            {"betting": "pot_limit", "ante": 199, "small_bet": 201},
            6,
            200,
            "config.small_bet",
            "the minimum bet (201) and the ante (199) come to 400, more than the starting "
            "stack (200); it must be at most 1",
        ),
        (
            {"betting": "pot_limit", "ante": 200, "small_bet": 150},
            6,
            200,
            "config.ante",
            "the ante (200) and one minimum bet (150) come to 350, more than the starting "
            "stack (200); the ante must be at most 50",
        ),
        (
            {"forced_bet": "dealer_ante", "ante": 50, "small_bet": 201},
            4,
            200,
            "config.ante",
            "the dealer's antes for each of up to 4 players (50 × 4) and one small bet (201) "
            "come to 401, more than the starting stack (200); the ante must be at most 49",
        ),
        # a small bet of 200 and of 201 with the ante of 1 blame the same option
        (
            {"betting": "pot_limit", "ante": 1, "small_bet": 200},
            6,
            200,
            "config.small_bet",
            "the minimum bet (200) and the ante (1) come to 201, more than the starting "
            "stack (200); it must be at most 199",
        ),
        (
            {"betting": "pot_limit", "ante": 1, "small_bet": 201},
            6,
            200,
            "config.small_bet",
            "the minimum bet (201) and the ante (1) come to 202, more than the starting "
            "stack (200); it must be at most 199",
        ),
        # a big bet that follows the small bet: the small bet is named, at most half
        (
            {"ante": 1, "small_bet": 101},
            6,
            200,
            "config.small_bet",
            "the big bet (202, twice the small bet) is more than the starting stack (200); "
            "the small bet must be at most 100",
        ),
        (
            {"ante": 1, "small_bet": 201},
            6,
            200,
            "config.small_bet",
            "the big bet (402, twice the small bet) is more than the starting stack (200); "
            "the small bet must be at most 100",
        ),
        (
            {"ante": 0, "small_bet": 1},  # no small bet has a big bet of twice it that fits
            6,
            1,
            "config.big_bet",
            "the big bet (2, twice the small bet) is more than the starting stack (1); "
            "it must be at most 1",
        ),
    ],
)
def test_the_review_cases(
    stakes: dict[str, Any], seats: int, stack: int, field: str, text: str
) -> None:
    assert message(stakes, seats, stack) == (field, text)
