"""Decisions the server makes for a seat: bot seats, and default actions on timeout.

A bot seat's policy sees only what the seat may see: the engine's ``view(seat)`` and the
seat's legal actions (the bots package's protocol, ``anaconda_poker.bots.protocol``). A bot
seat keeps its bot across hands, and when a hand ends the bot is given the final view of its
seat (:func:`tell_results`): the session memory of the protocol.

Default actions on timeout (``docs/protocol.md`` §5): check, else fold while betting; the
heuristic bot's pass while passing; the heuristic bot's best five (in its reveal order)
while arranging.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

from anaconda_poker.bots.fallback import fallback_action
from anaconda_poker.bots.levels import LEVELS, SLOW_BOTS, STRENGTHS, resolve_level
from anaconda_poker.bots.protocol import observe_result
from anaconda_poker.bots.registry import UnknownBotError, create_bot
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import HandState, LegalActions

BOT_LEVELS: tuple[str, ...] = tuple(STRENGTHS)
"""Bot levels a table offers (``GET /api/options``), named by strength, weakest first
(:mod:`anaconda_poker.bots.levels`)."""

ACCEPTED_LEVELS: tuple[str, ...] = LEVELS
"""Levels a table accepts: :data:`BOT_LEVELS` and the bots' own names (stored tables)."""


class SeatPolicy(Protocol):
    """Chooses one action for a seat from what that seat may know."""

    slow: bool

    def decide(self, view: dict[str, Any], legal: LegalActions, config: TableConfig) -> Action:
        """An action legal for the seat now.

        Args:
            view: the seat's own view (``HandState.view(seat)``).
            legal: the seat's legal actions (``kinds`` not empty).
            config: the hand's rules (the split may change with dealer's choice).
        """
        ...


class BotPolicy:
    """A bot of the bots package behind :class:`SeatPolicy`.

    Args:
        level: a name of :data:`ACCEPTED_LEVELS`.
        rng: the bot's only source of randomness.

    Raises:
        ValueError: for an unknown level.
    """

    def __init__(self, level: str, rng: random.Random) -> None:
        try:
            self.bot, self.options = resolve_level(level)
        except UnknownBotError as exc:
            raise ValueError(str(exc)) from None
        self.level = level
        self.rng = rng
        self.slow = self.bot in SLOW_BOTS
        self._bots: dict[TableConfig, Any] = {}

    def decide(self, view: dict[str, Any], legal: LegalActions, config: TableConfig) -> Action:
        """The bot's action (a bot is built per distinct rule set, then reused)."""
        bot = self._bots.get(config)
        if bot is None:
            bot = self._bots[config] = create_bot(
                self.bot, config=config, rng=self.rng, **self.options
            )
        action: Action = bot.act(view, legal)
        return action

    def observe(self, view: dict[str, Any], config: TableConfig) -> None:
        """Give the bot of ``config`` the final view of its seat (``observe_result``); a
        bot not built yet (it never acted) has nothing to remember."""
        bot = self._bots.get(config)
        if bot is not None:
            observe_result(bot, view)


def tell_results(policies: Mapping[int, object], hand: HandState) -> None:
    """After ``hand`` is complete, give every bot seat dealt in it the seat's final view
    (policies with an ``observe(view, config)`` method, such as :class:`BotPolicy`).

    Raises:
        ValueError: if ``hand`` is not complete.
    """
    if not hand.is_complete:
        raise ValueError("results are told only for a complete hand")
    for seat, policy in policies.items():
        observe = getattr(policy, "observe", None)
        if observe is not None and 0 <= seat < hand.n_seats and hand.dealt_in[seat]:
            observe(hand.view(seat), hand.config)


def make_policy(level: str, *, seed: int | None = None) -> SeatPolicy:
    """The policy of a bot seat of ``level``.

    Args:
        level: one of :data:`ACCEPTED_LEVELS`.
        seed: seeds the bot's RNG (tests); ``None`` for a fresh random seed.

    Raises:
        ValueError: for an unknown level.
    """
    return BotPolicy(level, random.Random(seed))


def random_legal_action(legal: LegalActions, rng: random.Random) -> Action:
    """A uniformly random action among ``legal`` (kinds, amounts, cards, orders).

    Raises:
        ValueError: if ``legal.kinds`` is empty (the seat may not act now).
    """
    if not legal.kinds:
        raise ValueError(f"seat {legal.seat} may not act now")
    kind = rng.choice(sorted(legal.kinds))
    if kind is ActionKind.BET and legal.bet_range:
        return Action.bet(rng.randint(*legal.bet_range))
    if kind is ActionKind.RAISE and legal.raise_range:
        return Action.raise_to(rng.randint(*legal.raise_range))
    if kind is ActionKind.PASS:
        return Action.pass_cards(rng.sample(list(legal.cards), legal.pass_count))
    if kind is ActionKind.ARRANGE:
        return Action.arrange(rng.sample(list(legal.cards), legal.arrange_count))
    if kind is ActionKind.DECLARE:
        return Action.declare(rng.choice(legal.declarations))
    return Action(kind)


def default_action(state: HandState, seat: int) -> Action:
    """The action the server takes for a seat whose time ran out (``docs/protocol.md`` §5),
    and for a bot seat whose bot failed: :func:`anaconda_poker.bots.fallback.fallback_action`
    (check if legal, else fold while betting; the heuristic bot's pass or five while passing
    or arranging; the direction the face-up five win while declaring).

    Raises:
        ValueError: if ``seat`` may not act now.
    """
    return fallback_action(state, seat)
