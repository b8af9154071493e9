"""The ``calling-station`` bot: never raises, never folds.

It checks when it can and calls every bet. Its passes and arrangement are the heuristic
bot's (:func:`~anaconda_poker.bots.heuristic.heuristic_cards`), so it differs from that bot
only in how it bets. Deterministic (the ``rng`` argument is unused).
"""

from __future__ import annotations

import random

from anaconda_poker.analysis.declaring import strength_declaration
from anaconda_poker.bots.choices import passive
from anaconda_poker.bots.heuristic import heuristic_cards
from anaconda_poker.bots.protocol import View
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import LegalActions


class HeuristicCardsBot:
    """A bot whose passes and arrangement are the heuristic bot's and which declares by
    strength (RULES.md §6); subclasses say only how it bets (:meth:`bet`).

    Args:
        config: the table's rules (split, for passing, arranging and declaring).
        rng: unused.
    """

    name = "heuristic-cards"

    def __init__(self, *, config: TableConfig, rng: random.Random) -> None:
        self.config = config
        self.rng = rng

    def act(self, view: View, legal: LegalActions) -> Action:
        """Heuristic passes and arrangement, a declaration by strength, else :meth:`bet`."""
        if legal.kinds & {ActionKind.PASS, ActionKind.ARRANGE}:
            return heuristic_cards(legal, self.config.split)
        if ActionKind.DECLARE in legal.kinds:
            return Action.declare(strength_declaration(view, self.config))
        return self.bet(view, legal)

    def bet(self, view: View, legal: LegalActions) -> Action:
        """The decision in a betting round (``legal`` allows fold/check/call/bet/raise)."""
        raise NotImplementedError


class CallingStationBot(HeuristicCardsBot):
    """Check or call, always.

    Args:
        config: the table's rules (split, for passing and arranging).
        rng: unused.
    """

    name = "calling-station"

    def bet(self, view: View, legal: LegalActions) -> Action:
        """Check or call."""
        return passive(legal)
