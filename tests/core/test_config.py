"""Table configuration: defaults from RULES.md §6, validation, dict round trips."""

from __future__ import annotations

from typing import Any

import pytest

from anaconda_poker.core.config import (
    BIG_BET_DEFAULT,
    Betting,
    Direction,
    FirstToAct,
    ForcedBet,
    Split,
    TableConfig,
)
from anaconda_poker.core.errors import InvalidConfigError


def test_defaults_are_the_rules_defaults() -> None:
    cfg = TableConfig()
    assert cfg.split is Split.HIGH_LOW_8 and cfg.betting is Betting.FIXED_LIMIT
    assert cfg.pass_schedule == ((3, Direction.LEFT), (2, Direction.LEFT), (1, Direction.LEFT))
    assert cfg.cards_dealt == 7 and cfg.hidden_cards == 0
    assert cfg.forced_bet is ForcedBet.ANTE
    assert cfg.reveal_first_to_act is FirstToAct.BEST_SHOWING
    assert cfg.raise_cap == 4 and cfg.cap_lifted_heads_up
    assert cfg.big_bet == 2 * cfg.small_bet
    assert cfg.roll_betting_rounds == 5 and cfg.betting_rounds == 9
    assert TableConfig(roll_betting_rounds=4).betting_rounds == 8
    assert Split.HIGH_LOW_8.low_qualifier == 8 and Split.HIGH_LOW_ANY.low_qualifier is None
    assert not Split.HIGH_ONLY.has_low and Split.HIGH_LOW_ANY.has_low


def test_keyword_only_and_frozen() -> None:
    with pytest.raises(TypeError):
        TableConfig("high_only")  # type: ignore[misc]
    cfg = TableConfig()
    with pytest.raises(AttributeError):
        cfg.ante = 5  # type: ignore[misc]


def test_schedules() -> None:
    nasty = TableConfig(pass_counts=(1, 2, 3))
    assert [c for c, _ in nasty.pass_schedule] == [1, 2, 3]
    australian = TableConfig(pass_directions=("right", "right", "right"))
    assert {d for _, d in australian.pass_schedule} == {Direction.RIGHT}
    assert TableConfig(pass_counts=(2, 2), pass_directions=("left", "right")).betting_rounds == 8


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"split": "lowball"}, "invalid table option"),
        ({"betting": "spread"}, "invalid table option"),
        ({"ante": -1}, "ante must be 0 to 1000000000 chips, got -1"),
        ({"small_bet": 0}, "small_bet must be 1 to 1000000000 chips, got 0"),
        ({"small_bet": 4, "big_bet": 2}, "big_bet"),
        ({"raise_cap": 0}, "raise_cap"),
        ({"raise_cap": True}, "raise_cap"),
        ({"cards_dealt": 8}, "cards_dealt must be 7 or 9"),
        ({"roll_betting_rounds": 3}, "roll_betting_rounds must be 4 or 5"),
        ({"pass_counts": ()}, "at least one pass"),
        ({"pass_counts": (3, 0, 1)}, "pass count"),
        ({"pass_directions": ("left", "up", "left")}, "pass_directions"),
        ({"pass_directions": ("left",)}, "one direction per pass"),
        ({"ante": 1.5}, "ante must be an integer number of chips"),
        ({"cards_dealt": "7"}, r"cards_dealt must be an integer, got '7'"),
        ({"cap_lifted_heads_up": "false"}, "cap_lifted_heads_up must be true or false"),
        ({"cap_lifted_heads_up": None}, "cap_lifted_heads_up must be true or false"),
    ],
)
def test_invalid_options(options: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidConfigError, match=match):
        TableConfig(**options)


def test_player_counts_against_the_deck() -> None:
    TableConfig().check_players(7)
    TableConfig(cards_dealt=9).check_players(5)
    with pytest.raises(InvalidConfigError, match="9 cards × 6 players needs 54 cards; the deck"):
        TableConfig(cards_dealt=9).check_players(6)
    with pytest.raises(InvalidConfigError, match="7 cards × 8 players needs 56"):
        TableConfig().check_players(8)
    with pytest.raises(InvalidConfigError, match="at least 2"):
        TableConfig().check_players(1)
    assert TableConfig().max_players() == 7 and TableConfig(cards_dealt=9).max_players() == 5


def test_dict_round_trip_and_replace() -> None:
    cfg = TableConfig(
        split=Split.HIGH_ONLY, betting=Betting.NO_LIMIT, pass_directions=("left", "right", "left")
    )
    data = cfg.to_dict()
    assert data["split"] == "high_only" and data["pass_directions"] == ["left", "right", "left"]
    assert TableConfig.from_dict(data) == cfg
    assert TableConfig.from_dict({}) == TableConfig()
    assert cfg.replace(ante=3).ante == 3 and cfg.ante == 1
    with pytest.raises(InvalidConfigError, match="unknown table option"):
        TableConfig.from_dict({"jokers": 2})
    with pytest.raises(InvalidConfigError, match="must be a list") as refused:
        TableConfig.from_dict({"pass_counts": "321"})
    assert refused.value.option == "pass_counts"
    with pytest.raises(InvalidConfigError, match="unknown table option") as refused:
        TableConfig.from_dict({"jokers": 2})
    assert refused.value.option == "jokers"
    with pytest.raises(InvalidConfigError, match="unknown table option") as refused:
        TableConfig.from_dict({"jokers": 2, "wild": True})
    assert refused.value.option is None  # two options to blame: no single field
    with pytest.raises(InvalidConfigError):
        cfg.replace(cards_dealt=10)


@pytest.mark.parametrize(("small", "big"), [(1, 2), (2, 4), (5, 10), (25, 50)])
def test_default_big_bet_is_twice_the_small_bet(small: int, big: int) -> None:
    """RULES.md §4: the default big bet is 2 × small, whatever the small bet (issue 11).

    Before, the default was always 4: small bet 1 played 1/4 and small bet 5 was refused.
    """
    assert TableConfig(small_bet=small).big_bet == big
    assert TableConfig(small_bet=small, big_bet=BIG_BET_DEFAULT).big_bet == big
    assert TableConfig.from_dict({"small_bet": small}).big_bet == big
    assert TableConfig.from_dict({"small_bet": small}).to_dict()["big_bet"] == big
    # an explicit big bet is kept, even when it is not twice the small bet
    assert TableConfig(small_bet=small, big_bet=3 * small).big_bet == 3 * small
    assert TableConfig(small_bet=small, big_bet=small).big_bet == small


def test_replace_keeps_the_big_bet_in_chips() -> None:
    assert TableConfig().replace(small_bet=3).big_bet == 4
    assert TableConfig().replace(small_bet=5, big_bet=BIG_BET_DEFAULT).big_bet == 10
    too_small = r"big_bet must be at least small_bet \(5\).*, got 4"
    with pytest.raises(InvalidConfigError, match=too_small):
        TableConfig().replace(small_bet=5)
