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

from anaconda_poker.bots.calling_station import CallingStationBot
from anaconda_poker.bots.heuristic import HeuristicBot
from anaconda_poker.bots.montecarlo import MonteCarloBot
from anaconda_poker.bots.protocol import Bot
from anaconda_poker.bots.random_bot import RandomBot
from anaconda_poker.core.config import TableConfig

BOTS: dict[str, Callable[..., Bot]] = {
    RandomBot.name: RandomBot,
    CallingStationBot.name: CallingStationBot,
    HeuristicBot.name: HeuristicBot,
    MonteCarloBot.name: MonteCarloBot,
}
"""Bot constructors by name, weakest first."""


class UnknownBotError(ValueError):
    """A bot name that is not in :data:`BOTS`."""


def create_bot(name: str, *, config: TableConfig, rng: random.Random, **options: Any) -> Bot:
    """Build the bot called ``name`` for a table.

    Args:
        name: one of :data:`BOTS` (``random``, ``calling-station``, ``heuristic``,
            ``montecarlo``).
        config: the table's rules.
        rng: the bot's only source of randomness (``random.Random(seed)`` for reproducible
            play).
        options: bot-specific keyword options (e.g. ``samples`` for ``montecarlo``).

    Raises:
        UnknownBotError: naming the bad name and the known ones.
    """
    try:
        factory = BOTS[name]
    except KeyError:
        raise UnknownBotError(
            f"unknown bot {name!r}; bots are {', '.join(BOTS)}"
        ) from None
    return factory(config=config, rng=rng, **options)
