"""Named strength levels: each resolves to its bot and options, tables offer the names and
still accept the bots' own names, and hosts build the right bot for a level."""

from __future__ import annotations

import random

import pytest

from anaconda_poker.bots.adaptive import AdaptiveBot
from anaconda_poker.bots.calling_station import CallingStationBot
from anaconda_poker.bots.heuristic import HeuristicBot
from anaconda_poker.bots.levels import DEFAULT_LEVEL, LEVELS, STRENGTHS, resolve_level
from anaconda_poker.bots.montecarlo import MonteCarloBot
from anaconda_poker.bots.registry import BOTS, UnknownBotError, create_bot
from anaconda_poker.core.config import TableConfig
from anaconda_poker.server.bot_seats import ACCEPTED_LEVELS, BOT_LEVELS, BotPolicy
from anaconda_poker.tui.players import LEVEL_LABELS, make_policy
from anaconda_poker.tui.players import BotPolicy as TerminalPolicy


def test_strength_names_resolve_weakest_first() -> None:
    assert list(STRENGTHS) == ["beginner", "casual", "strong", "expert"]
    assert resolve_level("beginner") == ("calling-station", {})
    assert resolve_level("casual") == ("heuristic", {})
    assert resolve_level("strong") == ("montecarlo", {"samples": 400})
    assert resolve_level("expert") == ("adaptive", {"samples": 400})
    assert resolve_level("montecarlo") == ("montecarlo", {})
    assert DEFAULT_LEVEL in STRENGTHS
    assert (*STRENGTHS, *BOTS) == LEVELS
    with pytest.raises(UnknownBotError, match=r"shark.*beginner, casual"):
        resolve_level("shark")


def test_tables_offer_the_names_and_accept_the_old_levels() -> None:
    assert tuple(STRENGTHS) == BOT_LEVELS
    assert set(ACCEPTED_LEVELS) == set(STRENGTHS) | set(BOTS)
    kinds = {"beginner": CallingStationBot, "casual": HeuristicBot, "strong": MonteCarloBot}
    config = TableConfig()
    for level, kind in {**kinds, "expert": AdaptiveBot, "random": object}.items():
        policy = BotPolicy(level, random.Random(1))
        assert policy.slow is (level in ("strong", "expert"))
        bot = create_bot(policy.bot, config=config, rng=random.Random(0), **policy.options)
        assert isinstance(bot, kind)
        if level in ("strong", "expert"):
            assert isinstance(bot, MonteCarloBot) and bot.samples == 400
    with pytest.raises(ValueError, match="unknown bot level 'shark'"):
        BotPolicy("shark", random.Random(1))


def test_the_terminal_builds_the_named_levels_and_labels_them() -> None:
    config = TableConfig()
    expert = make_policy("expert", random.Random(2))
    assert isinstance(expert, TerminalPolicy)
    bot = expert._bot_for(config)
    assert isinstance(bot, AdaptiveBot) and bot.samples == 400
    casual = make_policy("casual", random.Random(2), raise_cap_bets=2)
    assert isinstance(casual, TerminalPolicy)
    heuristic = casual._bot_for(config)
    assert isinstance(heuristic, HeuristicBot)
    for level in STRENGTHS:
        assert LEVEL_LABELS[level] == f"{level} bot"
    with pytest.raises(ValueError, match="unknown bot level"):
        make_policy("shark", random.Random(2))
