"""The ``adaptive`` bot: the montecarlo bot with a memory of the session.

It plays exactly as :class:`~anaconda_poker.bots.montecarlo.MonteCarloBot` (same samples,
same passes and arrangements) and, after every hand, adds what it saw to an
:class:`~anaconda_poker.bots.profiles.OpponentBook` (the final view of its seat:
:func:`~anaconda_poker.bots.protocol.observe_result`). In its betting decisions each
opponent's betting this hand is read through that opponent's profile (its own bet and call
thresholds, check floor and early tilt), and the one-round bet pricing lets opponents fold as
often as they have folded (:mod:`anaconda_poker.bots.profiles`). With no history (the first
hands, or a host that never reports results) it decides as the montecarlo bot does.

Deterministic: the same seed and the same hands give the same decisions.
"""

from __future__ import annotations

import random
from typing import Any

from anaconda_poker.analysis.equity import SeatKnowledge
from anaconda_poker.analysis.ranges import ActionRead
from anaconda_poker.bots.montecarlo import MonteCarloBot
from anaconda_poker.bots.profiles import OpponentBook
from anaconda_poker.bots.protocol import View
from anaconda_poker.core.actions import Action
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import LegalActions


class AdaptiveBot(MonteCarloBot):
    """Montecarlo decisions with per-opponent reads learnt over the session.

    Args:
        config: the table's rules.
        rng: the only source of randomness.
        prior: pseudo-actions of the reference population behind every opponent's
            frequencies (:class:`~anaconda_poker.bots.profiles.OpponentBook`), ``>= 0``.
        shift: how far the reads move toward each profile, ``0..1`` (``OpponentBook``).
        margin: frequencies this close to the reference's keep the default reads.
        options: the montecarlo bot's options (``samples``, ...).

    Raises:
        ValueError: if ``samples < 1``, ``prior < 0``, or ``shift`` or ``margin`` outside
            ``[0, 1]``.
    """

    name = "adaptive"

    def __init__(
        self,
        *,
        config: TableConfig,
        rng: random.Random,
        prior: float = 10.0,
        shift: float = 0.5,
        margin: float = 0.2,
        **options: Any,
    ) -> None:
        super().__init__(config=config, rng=rng, **options)
        self.book = OpponentBook(prior=prior, shift=shift, margin=margin)
        self._default_fold_below = self.fold_below

    def observe_result(self, view: View) -> None:
        """Add a finished hand (its seat's final view) to the opponents' profiles."""
        self.book.add_hand(view)
        self._cache.clear()  # cached equities used the profiles before this hand

    @staticmethod
    def _names(view: View) -> dict[int, str]:
        return {int(s["seat"]): str(s["name"]) for s in view["seats"]}

    def range_reads(self, view: View) -> dict[int, ActionRead]:
        """The montecarlo reads, each through its opponent's profile."""
        reads = super().range_reads(view)
        return self.book.reads(reads, self._names(view), self.range_model)

    def _bet(self, view: View, legal: LegalActions, knowledge: SeatKnowledge) -> Action:
        names = self._names(view)
        opponents = [names[o.seat] for o in knowledge.active if o.seat in names]
        self.fold_below = self.book.fold_below(opponents, self._default_fold_below)
        return super()._bet(view, legal, knowledge)
