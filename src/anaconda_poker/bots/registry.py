"""Bots by name: the names the arena and the server accept, and one constructor for all.

>>> import random
>>> from anaconda_poker.core.config import TableConfig
>>> create_bot("random", config=TableConfig(), rng=random.Random(1)).name
'random'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from anaconda_poker.bots.adaptive import AdaptiveBot
from anaconda_poker.bots.calling_station import CallingStationBot
from anaconda_poker.bots.exploiters import BlufferBot, ManiacBot
from anaconda_poker.bots.heuristic import HeuristicBot
from anaconda_poker.bots.montecarlo import (
    HeuristicPassesMonteCarloBot,
    MonteCarloBot,
    RandomOpponentsMonteCarloBot,
)
from anaconda_poker.bots.protocol import Bot
from anaconda_poker.bots.random_bot import RandomBot
from anaconda_poker.core.actions import Action
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import HandState

BOTS: dict[str, Callable[..., Bot]] = {
    RandomBot.name: RandomBot,
    CallingStationBot.name: CallingStationBot,
    HeuristicBot.name: HeuristicBot,
    MonteCarloBot.name: MonteCarloBot,
}
"""Bot constructors by name, weakest first: the levels a table offers."""

EXPLOITERS: dict[str, Callable[..., Bot]] = {
    ManiacBot.name: ManiacBot,
    BlufferBot.name: BlufferBot,
}
"""Bots with one crude habit, for the strength checks (:mod:`anaconda_poker.bots.exploiters`);
the arena and :func:`create_bot` accept them, tables do not offer them."""

ARENA_BOTS: dict[str, Callable[..., Bot]] = {
    **BOTS,
    AdaptiveBot.name: AdaptiveBot,
    RandomOpponentsMonteCarloBot.name: RandomOpponentsMonteCarloBot,
    HeuristicPassesMonteCarloBot.name: HeuristicPassesMonteCarloBot,
    **EXPLOITERS,
}
"""Every bot the arena (``simulate --seats``) accepts: :data:`BOTS`, the ``adaptive``
montecarlo bot (:mod:`anaconda_poker.bots.adaptive`), ``montecarlo-random`` (the
montecarlo bot before the pass-aware opponent model, for strength comparisons),
``montecarlo-heuristic-passes`` (the montecarlo bot whose model replays the heuristic
bot's passes, the default before the fitted pass policy) and
:data:`EXPLOITERS`."""


class UnknownBotError(ValueError):
    """A bot name that is not in :data:`BOTS`."""


def create_bot(name: str, *, config: TableConfig, rng: random.Random, **options: Any) -> Bot:
    """Build the bot called ``name`` for a table.

    Args:
        name: one of :data:`ARENA_BOTS` (``random``, ``calling-station``, ``heuristic``,
            ``montecarlo``, ``maniac``, ``bluffer``); ``_`` may stand for ``-``.
        config: the table's rules.
        rng: the bot's only source of randomness (``random.Random(seed)`` for reproducible
            play).
        options: bot-specific keyword options (e.g. ``samples`` for ``montecarlo``).

    Raises:
        UnknownBotError: naming the bad name and the known ones.
    """
    try:
        factory = ARENA_BOTS[name.replace("_", "-")]
    except KeyError:
        raise UnknownBotError(f"unknown bot {name!r}; bots are {', '.join(ARENA_BOTS)}") from None
    return factory(config=config, rng=rng, **options)


class SeatBot:
    """A bot driving one seat of live hands: the adapter for hosts (the server) that hold
    the hand state. It hands the bot only ``state.view(seat)`` and
    ``state.legal_actions(seat)``, building the bot for each hand's table rules.

    Args:
        name: bot name (as for :func:`create_bot`).
        rng: the bot's random source.
        options: bot-specific options.
    """

    def __init__(self, name: str, *, rng: random.Random, **options: Any) -> None:
        create_bot(name, config=TableConfig(), rng=random.Random(0), **options)  # validate
        self.name = name
        self.rng = rng
        self.options = options
        self._bot: Bot | None = None
        self._config: TableConfig | None = None

    def choose(self, state: HandState, seat: int) -> Action:
        """The bot's action for ``seat`` (which must be among ``state.to_act``)."""
        if self._bot is None or self._config != state.config:
            self._config = state.config
            self._bot = create_bot(self.name, config=state.config, rng=self.rng, **self.options)
        return self._bot.act(state.view(seat), state.legal_actions(seat))


def make_bot(name: str, *, rng: random.Random, **options: Any) -> SeatBot:
    """A :class:`SeatBot` for hosts that hold the state (``choose(state, seat)``).

    Raises:
        UnknownBotError: for an unknown name.
    """
    return SeatBot(name, rng=rng, **options)
