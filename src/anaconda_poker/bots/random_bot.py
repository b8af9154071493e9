"""The ``random`` bot: a uniformly random legal decision (a baseline for the arena).

* Betting: one of the allowed kinds uniformly at random (folding only when facing a bet:
  folding instead of a free check is never offered). Bet and raise amounts in pot- and
  no-limit are drawn from sensible sizes: the minimum, half the pot, the pot, and rarely
  all-in; in fixed limit the one allowed amount.
* Passing and arranging: uniformly random cards; the arrangement's order is random too.
"""

from __future__ import annotations

import random

from anaconda_poker.bots.choices import aggress, aggressive_range, pot_fraction_to
from anaconda_poker.bots.protocol import View
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import LegalActions

_SIZES = (0.0, 0.5, 1.0, None)
"""Bet sizes as pot fractions (0 = the minimum, None = all-in)."""
_SIZE_WEIGHTS = (3, 3, 3, 1)
_NO_FOLD = frozenset((ActionKind.FOLD,))


class RandomBot:
    """Uniform over legal actions.

    Args:
        config: the table's rules (unused; every bot takes it).
        rng: the only source of randomness.
    """

    name = "random"

    def __init__(self, *, config: TableConfig, rng: random.Random) -> None:
        self.config = config
        self.rng = rng

    def act(self, view: View, legal: LegalActions) -> Action:
        """A uniformly random legal action (see the module docstring)."""
        rng = self.rng
        if ActionKind.PASS in legal.kinds:
            return Action.pass_cards(rng.sample(sorted(legal.cards), legal.pass_count))
        if ActionKind.ARRANGE in legal.kinds:
            return Action.arrange(rng.sample(sorted(legal.cards), legal.arrange_count))
        if ActionKind.DECLARE in legal.kinds:
            return Action.declare(rng.choice(legal.declarations))
        kinds = sorted(legal.kinds - _NO_FOLD)  # a StrEnum sorts by its text
        if ActionKind.CHECK not in legal.kinds:
            kinds.append(ActionKind.FOLD)
        kind = rng.choice(kinds)
        if kind in (ActionKind.BET, ActionKind.RAISE):
            found = aggressive_range(legal)
            assert found is not None
            low, high = found[1]
            size = rng.choices(_SIZES, weights=_SIZE_WEIGHTS)[0]
            if low == high or size == 0.0:
                return aggress(legal, low)
            if size is None:
                return aggress(legal, high)
            return aggress(legal, pot_fraction_to(view, legal, size))
        return Action(kind)
