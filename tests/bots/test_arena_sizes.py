"""Every bot at every legal table size, 2 to 7 seats, and in the 9-card deal (2 to 5 seats):
whole hands through the engine. Bot failures raise here (the arena calls bots directly, and
the suite runs with ``ANACONDA_POKER_STRICT_BOTS``), so a bot that cannot decide in some
seat count fails the test instead of being replaced by a fallback."""

from __future__ import annotations

import pytest

from anaconda_poker.bots.arena import ArenaSpec, play_hand
from anaconda_poker.bots.registry import ARENA_BOTS
from anaconda_poker.core.config import Split, TableConfig

FAST = {name: {"samples": 40, "exact_limit": 200} for name in ("montecarlo", "adaptive")}
"""Few samples: these tests check that every decision can be made, not its quality."""

SIZES = [(cards, n) for cards in (7, 9) for n in range(2, 8) if cards * n <= 52]


def _others(bot: str, n: int) -> tuple[str, ...]:
    """``bot`` in seat 0, then the other bots in turn (calling stations first: they never
    fold, so seat 0 reaches the last betting rounds)."""
    rest = ["calling-station", *(b for b in ARENA_BOTS if b not in (bot, "calling-station"))]
    return (bot, *(rest[i % len(rest)] for i in range(n - 1)))


@pytest.mark.parametrize("bot", list(ARENA_BOTS))
@pytest.mark.parametrize(("cards", "n"), SIZES)
def test_every_bot_plays_whole_hands_at_every_table_size(bot: str, cards: int, n: int) -> None:
    split = Split.HIGH_LOW_8 if n % 2 else Split.HIGH_ONLY
    spec = ArenaSpec(
        config=TableConfig(cards_dealt=cards, split=split),
        seats=_others(bot, n),
        hands=n,
        seed=n * 10 + cards,
        stack=200,
        bot_options=FAST,
    )
    for rotation in (0, n - 1):
        state = play_hand(spec, 0, rotation)
        assert state.is_complete
        assert state.chip_total() == state.starting_total
        assert all(len(state.view(s)["you"]["hidden"]) == cards - 7 for s in range(n))


def test_montecarlo_plays_past_the_third_pass_at_seven_players() -> None:
    """The reported crash: at seven players only 3 cards are undealt, and the cards the bot
    passed that may have moved on must be dealt among the opponents, not removed."""
    spec = ArenaSpec(
        config=TableConfig(),
        seats=("montecarlo", *("calling-station",) * 6),
        hands=7,
        seed=1,
        stack=500,
        bot_options=FAST,
    )
    state = play_hand(spec, 0, 0)
    assert state.is_complete
    assert state.chip_total() == state.starting_total
    log = state.view(0)["log"]
    mine = [i for i, e in enumerate(log) if int(e["seat"]) == 0]
    passes = [i for i in mine if log[i]["action"] == "pass"]
    assert len(passes) == 3 and mine[-1] > passes[-1]  # it decided after its third pass
