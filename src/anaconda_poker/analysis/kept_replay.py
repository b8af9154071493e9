"""The pass-aware model's replays kept through the betting rounds after the arrangement.

Once every pass is made, nothing changes the hands the passes built: the betting rounds
after the arrangement only add revealed cards and folds to what the seat knows (RULES.md
§7). The pass-aware model (:mod:`anaconda_poker.analysis.pass_model`) replays every sampled
deal's passes for each new card knowledge, so a revealed card cost a whole replay (about
half of the montecarlo bot's replays, and of its time, in the README's strength-bar
arena). :class:`KeptReplay` replays the passes once, for the first question it is asked
(steps 1 and 2 of the model), and answers that question and every later one of the hand
from those replayed decks, doing only step 3 (consistency: each opponent's known and
revealed cards swapped into its hand) again for each new knowledge, with that question's
generator.

**The approximation.** Cards revealed after the first question are not placed in the
revealer's starting hand and kept through its passes (steps 1 and 2); they are swapped in
after the passes, for a random card of its hand that it need not keep. The opponents'
other cards therefore come from hands built without them. The first question's answers are
exactly the model's (same draws). The montecarlo bot keeps a replay from its first betting
question after the arrangement with ``MonteCarloBot(keep_replays=True)``, not by default:
measured against the bot without it (README, "Bot speed", duplicate arena, 800 hands per
game) it was level in high-low (+0.10 [-0.91, +1.10] chips/hand) and weaker in high only
(-1.19 [-2.03, -0.34]).

Public API: :class:`KeptReplay`, a :class:`~anaconda_poker.analysis.dealing.DealSource`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from anaconda_poker.analysis.dealing import CardArray, DealSource, IntArray, as_generator
from anaconda_poker.analysis.equity import InvalidSituationError, OpponentInfo, SeatKnowledge
from anaconda_poker.analysis.pass_model import CHUNK, PassingOpponents
from anaconda_poker.analysis.pass_replay import Replay, deal_columns
from anaconda_poker.core.config import Split


class KeptReplay(DealSource):
    """The pass-aware ``model``'s replayed decks, kept across questions (module docstring).

    The first :meth:`deal_batches` call replays ``trials`` decks with its generator; a
    later call with at most that many trials takes the first ``trials`` of them; a call
    asking for more, or for more than one batch (:data:`~anaconda_poker.analysis.
    pass_model.CHUNK`), replays afresh (:meth:`PassingOpponents.deal_batches`). Mutable (the
    kept decks) and hashed by identity: one object per hand.

    Args:
        model: the pass-aware model of the hand, with every pass made.
    """

    def __init__(self, model: PassingOpponents) -> None:
        self.model = model
        self._deck: CardArray | None = None  # uint8[n, seats*7 + stub] after the passes
        self._gone: CardArray | None = None  # uint8[n, passed]: the seat's passed cards

    @property
    def label(self) -> str:
        """The model's plain words (English; callers translate)."""
        return self.model.label

    def deal_batches(
        self,
        knowledge: SeatKnowledge,
        *,
        extra: int,
        trials: int,
        exact_limit: int,
        rng: np.random.Generator | int | None,
        needs: Sequence[int] | None = None,
    ) -> tuple[bool, Iterable[CardArray]]:
        """``(False, batches)``: one batch, uint8[trials, knowledge.needed()], each active
        opponent's unknown cards in turn (the layout of
        :meth:`PassingOpponents.deal_batches`).

        Raises:
            InvalidSituationError: as :meth:`PassingOpponents.deal_batches`.
        """
        model = self.model
        small = self._deck is not None and self._deck.shape[0] < trials
        if extra or needs is not None or trials > CHUNK or small:
            return model.deal_batches(
                knowledge,
                extra=extra,
                trials=trials,
                exact_limit=exact_limit,
                rng=rng,
                needs=needs,
            )
        seats = model.history.seats
        missing = [o.seat for o in knowledge.opponents if o.seat not in seats]
        if missing:
            raise InvalidSituationError(f"seats {missing} are not in the pass history")
        replay = Replay(model, knowledge, trials, as_generator(rng))
        if self._deck is None:
            self._deck, self._gone = replay.passes()
            self._deck.flags.writeable = False
        assert self._gone is not None
        hands = replay.finish(self._deck[:trials].copy(), self._gone[:trials])
        return False, iter((deal_columns(hands, knowledge, seats),))

    def arranged_values(
        self,
        opponents: Sequence[OpponentInfo],
        deals: CardArray,
        split: Split,
        highs: IntArray,
        lows: IntArray,
    ) -> tuple[IntArray, IntArray]:
        """As :meth:`PassingOpponents.arranged_values` of the model."""
        return self.model.arranged_values(opponents, deals, split, highs, lows)
