"""The steps of one hand in order (RULES.md §2): betting rounds, the passes, the
arrangement, the reveals with their roll rounds, the declaration (§6) and the showdown.
"""

from __future__ import annotations

from anaconda_poker.core.config import DeclareMode, TableConfig
from anaconda_poker.core.hand_types import ARRANGE_COUNT

__all__ = [
    "STEP_ARRANGE",
    "STEP_BET",
    "STEP_DECLARE",
    "STEP_PASS",
    "STEP_REVEAL",
    "STEP_SHOWDOWN",
    "schedule",
]

STEP_BET = 0
"""A betting round; its argument is 1 for a roll round (big bets), else 0."""
STEP_PASS = 1
"""A pass; its argument is the pass index."""
STEP_ARRANGE = 2
"""Every player arranges five cards."""
STEP_REVEAL = 3
"""Every player turns a card; the argument is how many are face up now."""
STEP_SHOWDOWN = 4
"""The showdown and the awards."""
STEP_DECLARE = 5
"""Every player declares high, low or both (RULES.md §6)."""


def schedule(config: TableConfig) -> tuple[tuple[int, int], ...]:
    """The automatic and decision steps of a hand under ``config``, in order, as
    ``(step, argument)`` pairs; ``(STEP_BET, 0)`` is a pre-roll betting round,
    ``(STEP_BET, 1)`` a roll round."""
    steps: list[tuple[int, int]] = [(STEP_BET, 0)]
    for i in range(len(config.pass_counts)):
        steps.append((STEP_PASS, i))
        steps.append((STEP_BET, 0))
    steps.append((STEP_ARRANGE, 0))
    for k in range(1, ARRANGE_COUNT + 1):
        steps.append((STEP_REVEAL, k))
        if k <= config.roll_betting_rounds:
            steps.append((STEP_BET, 1))
    if config.declare is DeclareMode.DECLARE:
        steps.append((STEP_DECLARE, 0))
    steps.append((STEP_SHOWDOWN, 0))
    return tuple(steps)
