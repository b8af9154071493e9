"""When a bot's decision fails: a safe action instead, and a loud error where it matters.

Hosts (the web server's bot seats, the terminal game) must not stop a game because a bot
raised or chose an illegal action, so they play :func:`fallback_action` instead. That action
never gives chips away: it checks when checking is free and folds only when the seat faces a
bet; while passing or arranging it is the heuristic bot's choice, while declaring the
direction the seat's face-up five win (RULES.md §6).

A silent fallback hides bugs (a bot that failed every hand at seven players went unnoticed),
so every failure goes through :func:`report_bot_failure`: it is logged at error level with
its traceback, and when the environment variable ``ANACONDA_POKER_STRICT_BOTS`` is set to
anything but ``""`` or ``"0"`` (the test suite sets it) it raises :class:`BotDecisionError`
instead of falling back.
"""

from __future__ import annotations

import logging
import os

from anaconda_poker.analysis.declaring import strength_declaration
from anaconda_poker.bots.heuristic import heuristic_cards
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.state import HandState

STRICT_ENV = "ANACONDA_POKER_STRICT_BOTS"
"""Environment variable that turns a bot's failure into :class:`BotDecisionError`."""

log = logging.getLogger("anaconda_poker.bots")


class BotDecisionError(RuntimeError):
    """A bot failed to decide (raised, or chose an illegal action) in strict mode; the
    message names the seat and the failure, the bot's exception is the ``__cause__``."""


def strict_bots() -> bool:
    """True when bot failures raise (:data:`STRICT_ENV` set, not ``"0"``)."""
    return os.environ.get(STRICT_ENV, "") not in ("", "0")


def report_bot_failure(where: str, error: BaseException | None = None) -> None:
    """Log a failed bot decision at error level; in strict mode raise instead.

    Args:
        where: who failed and how, e.g. ``"table 3: bot at seat 2 chose bet 999"``.
        error: the bot's exception, if it raised.

    Raises:
        BotDecisionError: when :func:`strict_bots` is true.
    """
    log.error("bot decision failed: %s", where, exc_info=error)
    if strict_bots():
        raise BotDecisionError(where if error is None else f"{where}: {error!r}") from error


def fallback_action(state: HandState, seat: int) -> Action:
    """The safe action for ``seat`` now (module docstring): never a fold when checking is
    free.

    Passing and arranging: the heuristic bot's choice
    (:func:`anaconda_poker.bots.heuristic.heuristic_cards`) from the seat's legal cards.
    Declaring: :func:`anaconda_poker.analysis.declaring.strength_declaration` from the seat's
    own view. Betting: check if legal, else fold.

    Raises:
        ValueError: if ``seat`` may not act now.
    """
    legal = state.legal_actions(seat)
    kinds = legal.kinds
    if not kinds:
        raise ValueError(f"seat {seat} may not act now")
    if ActionKind.PASS in kinds or ActionKind.ARRANGE in kinds:
        return heuristic_cards(legal, state.config.split)
    if ActionKind.DECLARE in kinds:
        return Action.declare(strength_declaration(state.view(seat), state.config))
    if ActionKind.CHECK in kinds:
        return Action.check()
    return Action.fold()
