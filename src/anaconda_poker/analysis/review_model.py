"""The opponent model a hand review prices decisions with (``analysis/review.py``).

A review asks its model three questions, all in shares of the pot (0..1): every way to pass
with its equity, the 21 fives with theirs, and the seat's equity given the opponents'
betting (with the chip gain of a bet). :class:`OpponentModel` is that interface;
:data:`DEFAULT_MODEL` is the one line to change when a better model is available.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from anaconda_poker.analysis.advice import Choice, arrange_choices, pass_choices
from anaconda_poker.analysis.equity import (
    EquityResult,
    InvalidSituationError,
    SeatKnowledge,
    equity,
)
from anaconda_poker.analysis.pass_advice import passing_pass_choices
from anaconda_poker.analysis.pass_model import DEFAULT_POLICY, passing_opponents
from anaconda_poker.analysis.ranges import ActionRead
from anaconda_poker.core.config import Split, TableConfig

__all__ = ["DEFAULT_MODEL", "OpponentModel", "PassingOpponents", "RandomOpponents"]


class OpponentModel(Protocol):
    """What a review asks of an opponent model (units: shares of the pot, 0..1).

    The model is named by ``key``, a short stable name (``"random"``) for JSON and options,
    and ``description``, one English sentence stating it, used as a gettext msgid
    (e.g. "against random opponents ..."); presenters translate it. Every question comes
    with the seat's ``view`` of the moment (``HandState.view(seat)``, RULES.md §7) and the
    table's ``config``, for models that read more than the equity question (the passes the
    seat saw, for a pass-aware model).
    """

    @property
    def key(self) -> str:
        """A short stable name of the model."""
        ...

    @property
    def description(self) -> str:
        """The English sentence stating the model (a gettext msgid)."""
        ...

    def pass_choices(
        self,
        knowledge: SeatKnowledge,
        *,
        view: Mapping[str, Any],
        config: TableConfig,
        count: int,
        receiver: int,
        split: Split,
        trials: int,
        rng: np.random.Generator,
        lookahead: int,
    ) -> list[Choice]:
        """Every way to pass ``count`` cards with its equity, best first
        (:func:`~anaconda_poker.analysis.advice.pass_choices`)."""
        ...

    def arrange_choices(
        self,
        knowledge: SeatKnowledge,
        *,
        view: Mapping[str, Any],
        config: TableConfig,
        split: Split,
        trials: int,
        rng: np.random.Generator,
    ) -> list[Choice]:
        """The 21 fives with their equity, best first, each in a reveal order
        (:func:`~anaconda_poker.analysis.advice.arrange_choices`)."""
        ...

    def equity(
        self,
        knowledge: SeatKnowledge,
        *,
        view: Mapping[str, Any],
        config: TableConfig,
        split: Split,
        trials: int,
        rng: np.random.Generator,
        reads: Mapping[int, ActionRead],
        pot: int | None,
        bet: int,
    ) -> EquityResult:
        """The seat's equity given the opponents' betting ``reads``; with ``pot`` also the
        ``bet_gain`` (chips) of betting ``bet`` more (:func:`~anaconda_poker.analysis.equity.
        equity`)."""
        ...


@dataclass(frozen=True, slots=True)
class RandomOpponents:
    """The equity calculator's model: opponents' unknown cards are random among the cards
    the seat has not seen, and they play their best five; their bets are read as strength
    (:mod:`anaconda_poker.analysis.ranges`). Opponents' passing is not modelled."""

    key: str = "random"
    description: str = "against random opponents (their unseen cards dealt at random)"

    def pass_choices(
        self,
        knowledge: SeatKnowledge,
        *,
        view: Mapping[str, Any],
        config: TableConfig,
        count: int,
        receiver: int,
        split: Split,
        trials: int,
        rng: np.random.Generator,
        lookahead: int,
    ) -> list[Choice]:
        """:func:`~anaconda_poker.analysis.advice.pass_choices` with these arguments."""
        return pass_choices(
            knowledge,
            count=count,
            receiver=receiver,
            split=split,
            trials=trials,
            rng=rng,
            lookahead=lookahead,
        )

    def arrange_choices(
        self,
        knowledge: SeatKnowledge,
        *,
        view: Mapping[str, Any],
        config: TableConfig,
        split: Split,
        trials: int,
        rng: np.random.Generator,
    ) -> list[Choice]:
        """:func:`~anaconda_poker.analysis.advice.arrange_choices`, all 21 fives."""
        return arrange_choices(knowledge, split=split, trials=trials, rng=rng)

    def equity(
        self,
        knowledge: SeatKnowledge,
        *,
        view: Mapping[str, Any],
        config: TableConfig,
        split: Split,
        trials: int,
        rng: np.random.Generator,
        reads: Mapping[int, ActionRead],
        pot: int | None,
        bet: int,
    ) -> EquityResult:
        """:func:`~anaconda_poker.analysis.equity.equity` with the betting reads."""
        return equity(knowledge, split=split, trials=trials, rng=rng, reads=reads, pot=pot, bet=bet)


@dataclass(frozen=True, slots=True)
class PassingOpponents:
    """Opponents whose hands were built by passing like a solid player: the pass-aware
    model of :mod:`anaconda_poker.analysis.pass_model` (each deal replays the passes the
    seat saw, the other seats passing by the model's default policy), with their bets read as
    strength (:mod:`anaconda_poker.analysis.ranges`). It prices the seat's passes with the
    pass adviser itself (:func:`~anaconda_poker.analysis.pass_advice.passing_pass_choices`,
    what ``anaconda-poker equity --advise pass`` ranks: one code path), the arrangement and
    every bet.

    Attributes:
        policy: the pass policy replayed for the opponents (``pass_model.POLICIES``).
    """

    key: str = "passing"
    description: str = "against opponents who pass like a solid player and bet by strength"
    policy: str = DEFAULT_POLICY

    def pass_choices(
        self,
        knowledge: SeatKnowledge,
        *,
        view: Mapping[str, Any],
        config: TableConfig,
        count: int,
        receiver: int,
        split: Split,
        trials: int,
        rng: np.random.Generator,
        lookahead: int,
    ) -> list[Choice]:
        """:func:`~anaconda_poker.analysis.pass_advice.passing_pass_choices` on the passing
        model of ``view`` (the passes before this one), every candidate on the same deals.
        ``lookahead`` must be 0: the adviser does not count later passes (it cannot add
        cards without taking others away).

        Raises:
            InvalidSituationError: a ``lookahead`` other than 0, or what the adviser raises.
        """
        if lookahead:
            raise InvalidSituationError(
                f"the passing model does not look ahead to later passes, got lookahead={lookahead}"
            )
        model = passing_opponents(view, config, policy=self.policy)
        return passing_pass_choices(
            knowledge, model, count=count, receiver=receiver, trials=trials, rng=rng
        )

    def arrange_choices(
        self,
        knowledge: SeatKnowledge,
        *,
        view: Mapping[str, Any],
        config: TableConfig,
        split: Split,
        trials: int,
        rng: np.random.Generator,
    ) -> list[Choice]:
        """The 21 fives against opponents replayed from the passes the seat saw."""
        model = passing_opponents(view, config, policy=self.policy)
        return arrange_choices(knowledge, split=split, trials=trials, rng=rng, opponents=model)

    def equity(
        self,
        knowledge: SeatKnowledge,
        *,
        view: Mapping[str, Any],
        config: TableConfig,
        split: Split,
        trials: int,
        rng: np.random.Generator,
        reads: Mapping[int, ActionRead],
        pot: int | None,
        bet: int,
    ) -> EquityResult:
        """The equity (and ``bet_gain``) against opponents replayed from the passes."""
        model = passing_opponents(view, config, policy=self.policy)
        return equity(
            knowledge,
            split=split,
            trials=trials,
            rng=rng,
            reads=reads,
            pot=pot,
            bet=bet,
            opponents=model,
        )


DEFAULT_MODEL: OpponentModel = PassingOpponents()
"""The model reviews use unless told otherwise (the random model: ``RandomOpponents()``)."""
