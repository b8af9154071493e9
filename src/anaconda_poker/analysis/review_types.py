"""The results of a hand review (``analysis/review.py``): options, decisions, hands and
sessions, JSON-ready, in chips and shares of the pot."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from anaconda_poker.core.cards import card_str

__all__ = [
    "NOISE_FACTOR",
    "DecisionReview",
    "HandReview",
    "Option",
    "ReviewPhase",
    "SessionReview",
]

NOISE_FACTOR = 2.0
"""A sampled decision is a mistake only when its loss exceeds this many standard errors
of the loss (``DecisionReview.sampling_error``, about 95 % confidence): a smaller gap is
the sampling's noise, not the seat's error. The review's header says "twice": a test
holds the two together."""


class ReviewPhase(StrEnum):
    """The phases a review adds up: passing, arranging (the five and its order), betting,
    declaring (the declare house rule, RULES.md §6)."""

    PASSING = "passing"
    ARRANGING = "arranging"
    BETTING = "betting"
    DECLARING = "declaring"


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a decision with its value.

    Attributes:
        kind: ``pass``, ``arrange``, ``fold``, ``check``, ``call``, ``bet``, ``raise`` or
            ``declare``.
        value: expected chips from this decision on (module docstring).
        share: expected share of the pot, 0..1.
        cards: the cards passed, or the five kept in reveal order (codes ``0..51``).
        to: for a bet or raise, the seat's total for the round after it (chips).
        declaration: for a declaration, ``high``, ``low`` or ``both``.
    """

    kind: str
    value: float
    share: float
    cards: tuple[int, ...] = ()
    to: int | None = None
    declaration: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: cards as text."""
        return {
            "kind": self.kind,
            "value": round(self.value, 3),
            "share": round(self.share, 4),
            "cards": [card_str(c) for c in self.cards],
            "to": self.to,
            "declaration": self.declaration,
        }


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """The review of one decision.

    Attributes:
        index: the action's index in the history.
        phase: passing, arranging, betting or declaring.
        stage: the pass number (1..3) or betting round (1..) of the decision; 0 when
            arranging or declaring.
        chosen: what the seat did, valued.
        best: the best option by the model (may be ``chosen``).
        loss: ``best.value − chosen.value``, chips, ``>= 0``.
        mistake: ``loss`` above the review's threshold.
        order: when arranging, the model's disguising reveal order of the five the seat
            kept if the seat's order differs (priced at zero), else ``None``.
        trials: deals behind the values; exact: every deal enumerated.
        options: every option with its value, when the review compares them all (a
            declaration: high, low and both); else empty.
        sampling_error: chips, the standard error of ``loss`` when both values are
            sampled (a pass: ``stake·√(se_best² + se_chosen²)``, an upper bound since the
            candidates share their deals); 0 when not estimated. A loss within
            :data:`NOISE_FACTOR` times it is not a mistake.
        within_noise: the loss is above the review's threshold but not a mistake because
            it is within ``NOISE_FACTOR·sampling_error`` (presenters say so on the row).
        pot: for a bet, the chips in the pot before acting (this round's bets included),
            the pot the options are priced on; ``None`` for other decisions.
        to_call: for a bet, the chips the seat had to put in to call (0: checking was free).
        share: for a bet, the expected share of the pot (0..1) every option but the fold is
            priced on; ``None`` for other decisions.
        share_unread: for a bet that loses chips by the model (``loss > 0``), that share
            before reading the opponents' bets, on the same deals; ``None`` when the bet
            loses nothing, no opponent's betting was read, or not a bet.
    """

    index: int
    phase: ReviewPhase
    stage: int
    chosen: Option
    best: Option
    loss: float
    mistake: bool
    order: tuple[int, ...] | None = None
    trials: int = 0
    exact: bool = False
    options: tuple[Option, ...] = ()
    sampling_error: float = 0.0
    within_noise: bool = False
    pot: int | None = None
    to_call: int = 0
    share: float | None = None
    share_unread: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; ``noise_band`` is the loss a mistake must clear besides the threshold
        (``NOISE_FACTOR·sampling_error``, chips)."""
        return {
            "index": self.index,
            "phase": self.phase.value,
            "stage": self.stage,
            "chosen": self.chosen.to_dict(),
            "best": self.best.to_dict(),
            "loss": round(self.loss, 3),
            "mistake": self.mistake,
            "order": None if self.order is None else [card_str(c) for c in self.order],
            "trials": self.trials,
            "exact": self.exact,
            "options": [o.to_dict() for o in self.options],
            "sampling_error": round(self.sampling_error, 3),
            "noise_band": round(NOISE_FACTOR * self.sampling_error, 3),
            "within_noise": self.within_noise,
            "pot": self.pot,
            "to_call": self.to_call,
            "share": None if self.share is None else round(self.share, 4),
            "share_unread": None if self.share_unread is None else round(self.share_unread, 4),
        }


def _phase_totals(
    decisions: Iterable[DecisionReview], *, declare: bool
) -> dict[ReviewPhase, tuple[float, int]]:
    """Loss and mistakes per phase; the declaring phase only with ``declare`` (a table with
    the declare rule, RULES.md §6) or when a decision is a declaration."""
    decisions = list(decisions)
    declare = declare or any(d.phase is ReviewPhase.DECLARING for d in decisions)
    out = {p: (0.0, 0) for p in ReviewPhase if declare or p is not ReviewPhase.DECLARING}
    for d in decisions:
        loss, mistakes = out[d.phase]
        out[d.phase] = (loss + d.loss, mistakes + int(d.mistake))
    return out


@dataclass(frozen=True, slots=True)
class HandReview:
    """Every reviewed decision of one seat in one hand.

    Attributes:
        seat: the reviewed seat.
        model: the model's key; description: its English sentence (a msgid).
        threshold: chips of loss above which a decision is a mistake.
        decisions: in the order they were made.
        net: the seat's chips won (+) or lost (−) in the hand, ``None`` if unfinished.
        stake: the pot the hand reached (chips), on which passes and arrangements are
            priced (0 for an unfinished hand: then each decision's own pot).
        trials: deals per decision asked for.
        declare: the table plays the declare rule (RULES.md §6): only then does
            :meth:`by_phase` list the declaring phase.
    """

    seat: int
    model: str
    description: str
    threshold: float
    decisions: tuple[DecisionReview, ...]
    net: int | None
    trials: int
    stake: int = 0
    declare: bool = False

    @property
    def loss(self) -> float:
        """Expected chips lost over all decisions."""
        return sum(d.loss for d in self.decisions)

    def by_phase(self) -> dict[ReviewPhase, tuple[float, int]]:
        """``{phase: (expected chips lost, mistakes)}`` for every phase of the table's
        rules (the declaring phase only at a declare table)."""
        return _phase_totals(self.decisions, declare=self.declare)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "seat": self.seat,
            "model": self.model,
            "description": self.description,
            "threshold": self.threshold,
            "net": self.net,
            "stake": self.stake,
            "trials": self.trials,
            "loss": round(self.loss, 3),
            "by_phase": {
                p.value: {"loss": round(v[0], 3), "mistakes": v[1]}
                for p, v in self.by_phase().items()
            },
            "decisions": [d.to_dict() for d in self.decisions],
        }


@dataclass(frozen=True, slots=True)
class SessionReview:
    """Several hands' reviews added up by phase.

    Attributes:
        hands: the hand reviews, in the order given.
    """

    hands: tuple[HandReview, ...] = field(default=())

    def by_phase(self) -> dict[ReviewPhase, tuple[float, int]]:
        """``{phase: (expected chips lost, mistakes)}`` over every hand (the declaring
        phase when one of the hands was at a declare table)."""
        return _phase_totals(
            (d for h in self.hands for d in h.decisions),
            declare=any(h.declare for h in self.hands),
        )

    @property
    def loss(self) -> float:
        """Expected chips lost over every hand."""
        return sum(h.loss for h in self.hands)

    @property
    def net(self) -> int:
        """Chips won or lost over the finished hands."""
        return sum(h.net or 0 for h in self.hands)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "hands": len(self.hands),
            "net": self.net,
            "loss": round(self.loss, 3),
            "by_phase": {
                p.value: {"loss": round(v[0], 3), "mistakes": v[1]}
                for p, v in self.by_phase().items()
            },
        }
