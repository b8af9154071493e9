"""The outcome of a hand: pots with their winners and awards, uncalled bets, nets (RULES.md §4–5).

Records are frozen; ``to_dict`` gives the HAND_HISTORY.md ``result`` object (seat keys as
strings, cards as text).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from anaconda_poker.core.cards import card_str


@dataclass(frozen=True, slots=True, kw_only=True)
class PotResult:
    """One pot (main pot first, then side pots) and how it was awarded (RULES.md §4–5).

    Attributes:
        amount: chips in the pot.
        eligible: seats that contested it (contributed to it and still in the hand).
        high_winners: seats that won (or shared) the high half, or the whole pot.
        low_winners: seats that won (or shared) the low half; empty in high-only games and
            when no hand qualifies for low.
        awards: chips each winning seat received from this pot (sums to ``amount``).
        scoop: the seat that alone won the whole pot at a high-low showdown (both halves, or
            the high half with no qualifying low), else ``None``.
    """

    amount: int
    eligible: tuple[int, ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    awards: Mapping[int, int]
    scoop: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The HAND_HISTORY.md pot object (plus ``scoop``)."""
        return {
            "amount": self.amount,
            "eligible": list(self.eligible),
            "high_winners": list(self.high_winners),
            "low_winners": list(self.low_winners),
            "awards": {str(s): a for s, a in sorted(self.awards.items())},
            "scoop": self.scoop,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """The result of a complete hand.

    Attributes:
        pots: every pot, main pot first.
        uncalled: chips returned to each seat as uncalled bets over the whole hand
            (RULES.md §4); seats with nothing returned are left out.
        net: each seat's stack after the hand minus before it (chips; sums to zero).
        revealed: each seat's face-up cards at the end, in reveal order (seats still in the
            hand at a showdown show all five; nothing else is ever shown).
        showdown: ``False`` when everyone but one folded (the winner shows nothing).
        high_values / low_values: the evaluator's values of the shown hands (``None`` for a
            hand with no qualifying low), for seats at showdown.
        declarations: ``{seat: "high" | "low" | "both"}`` at a showdown under the declare
            house rule (RULES.md §6); empty otherwise.
        failed_swings: seats that declared ``both`` and did not win both halves (they won
            nothing), ascending.
    """

    pots: tuple[PotResult, ...]
    uncalled: Mapping[int, int]
    net: Mapping[int, int]
    revealed: Mapping[int, tuple[int, ...]]
    showdown: bool
    high_values: Mapping[int, int] = field(default_factory=dict)
    low_values: Mapping[int, int | None] = field(default_factory=dict)
    declarations: Mapping[int, str] = field(default_factory=dict)
    failed_swings: tuple[int, ...] = ()

    @property
    def scoops(self) -> tuple[int, ...]:
        """Seats that scooped at least one pot, ascending."""
        return tuple(sorted({p.scoop for p in self.pots if p.scoop is not None}))

    @property
    def awards(self) -> dict[int, int]:
        """Total chips won by each seat over all pots."""
        out: dict[int, int] = {}
        for pot in self.pots:
            for seat, chips in pot.awards.items():
                out[seat] = out.get(seat, 0) + chips
        return out

    def to_dict(self) -> dict[str, Any]:
        """The HAND_HISTORY.md ``result`` object (plus ``scoops`` and ``showdown``; plus
        ``declarations`` and ``failed_swings`` after a showdown with declarations)."""
        out: dict[str, Any] = {
            "pots": [p.to_dict() for p in self.pots],
            "uncalled": {str(s): c for s, c in sorted(self.uncalled.items())},
            "net": {str(s): c for s, c in sorted(self.net.items())},
            "revealed": {
                str(s): [card_str(c) for c in cards] for s, cards in sorted(self.revealed.items())
            },
            "scoops": list(self.scoops),
            "showdown": self.showdown,
        }
        if self.declarations:
            out["declarations"] = {str(s): str(d) for s, d in sorted(self.declarations.items())}
            out["failed_swings"] = list(self.failed_swings)
        return out
