"""Who decides for the bot seats: the project's bots (``anaconda_poker.bots``) by level name.

A bot only ever receives its own seat's view and legal actions (RULES.md §7), never the
state itself.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from anaconda_poker.bots.levels import LEVELS as ACCEPTED_LEVELS
from anaconda_poker.bots.levels import resolve_level
from anaconda_poker.bots.protocol import Bot, observe_result, observes_results
from anaconda_poker.bots.registry import UnknownBotError, create_bot
from anaconda_poker.core.actions import Action
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import HandState
from anaconda_poker.i18n import N_

LEVEL_LABELS: dict[str, str] = {
    "beginner": N_("beginner bot"),
    "casual": N_("casual bot"),
    "strong": N_("strong bot"),
    "expert": N_("expert bot"),
    "random": N_("random bot"),
    "calling-station": N_("calling station"),
    "heuristic": N_("heuristic bot"),
    "montecarlo": N_("Monte Carlo bot"),
}
"""Message ids of the bot levels' display names (unknown levels show their name)."""

LEVELS: tuple[str, ...] = ACCEPTED_LEVELS
"""Bot levels: the strength names weakest first, then the bots' own names
(:mod:`anaconda_poker.bots.levels`)."""


class Policy(Protocol):
    """Decides one seat's action in a hand. A policy may also have ``observe(state, seat)``
    (as :class:`BotPolicy` has): the session calls it when a hand is over."""

    def choose(self, state: HandState, seat: int) -> Action:
        """The action ``seat`` takes now; ``seat`` is in ``state.to_act``."""
        ...


class BotPolicy:
    """A bot of the registry playing one seat; rebuilt when the table's rules change
    (dealer's choice of game between hands), with the same random stream.

    Args:
        level: a name of the bots registry.
        rng: the bot's only source of randomness.
        options: keyword options of the bot's constructor (``raise_cap_bets`` of the
            heuristic bot).

    Raises:
        ValueError: if ``level`` is not a known level.
    """

    def __init__(self, level: str, rng: random.Random, **options: Any) -> None:
        try:
            self._name, base = resolve_level(level)
        except UnknownBotError as exc:
            raise ValueError(str(exc)) from None
        self.level = level
        self._rng = rng
        self._options = {**base, **options}
        self._config: TableConfig | None = None
        self._bot: Bot | None = None

    def _bot_for(self, config: TableConfig) -> Bot:
        if self._bot is None or self._config != config:
            self._bot = create_bot(self._name, config=config, rng=self._rng, **self._options)
            self._config = config
        return self._bot

    def choose(self, state: HandState, seat: int) -> Action:
        """Ask the bot, giving it only the seat's view and legal actions."""
        bot = self._bot_for(state.config)
        return bot.act(state.view(seat), state.legal_actions(seat))

    def observe(self, state: HandState, seat: int) -> None:
        """Give the bot the final view of ``seat`` in the complete hand ``state``
        (``observe_result``: results and shown cards, nothing hidden); a bot not built yet
        has nothing to remember.

        Raises:
            ValueError: if ``state`` is not complete.
        """
        bot = self._bot
        if bot is not None and self._config == state.config and observes_results(bot):
            observe_result(bot, state.view(seat))


def make_policy(level: str, rng: random.Random, *, raise_cap_bets: int = 4) -> Policy:
    """The policy of a bot level.

    Args:
        level: one of :data:`LEVELS`.
        rng: the bot's own random source (seed it for reproducible games).
        raise_cap_bets: the heuristic bot stops raising once a betting round's bet reaches
            this many big bets (4 is its full strength; other levels ignore it).

    Raises:
        ValueError: if ``level`` is not a known level, or ``raise_cap_bets`` is below 1.
    """
    if raise_cap_bets < 1:
        raise ValueError(f"--bot-raise-cap must be at least 1 big bet, got {raise_cap_bets}")
    if level in ("heuristic", "casual"):
        return BotPolicy(level, rng, raise_cap_bets=raise_cap_bets)
    return BotPolicy(level, rng)
