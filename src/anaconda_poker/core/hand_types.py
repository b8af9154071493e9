"""The value types of one hand: its phase, a seat sitting down, and what a seat may do now
(RULES.md §2–§4). Kept apart from :mod:`anaconda_poker.core.state` so the state machine,
the legality checks (:mod:`anaconda_poker.core.legality`) and every caller share them
without importing each other.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.cards import card_str, format_cards

__all__ = ["ARRANGE_COUNT", "LegalActions", "Phase", "Seat", "range_text", "seat_number"]

ARRANGE_COUNT = 5
"""Cards each player keeps and reveals (RULES.md §2.5)."""

_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_PASS = ActionKind.PASS
_ARRANGE = ActionKind.ARRANGE
_DECLARE = ActionKind.DECLARE


class Phase(StrEnum):
    """What the hand is waiting for."""

    BETTING = "betting"
    """One seat must act in a betting round (RULES.md §4)."""
    PASSING = "passing"
    """Every seat still in the hand that has not committed its pass (RULES.md §3)."""
    ARRANGING = "arranging"
    """Every seat still in the hand that has not committed its arrangement (RULES.md §2.5)."""
    DECLARING = "declaring"
    """Every seat still in the hand that has not declared high, low or both (RULES.md §6)."""
    COMPLETE = "complete"
    """The hand is over; :attr:`HandState.result` is set."""


def seat_number(seat: object) -> int | None:
    """``seat`` as a plain ``int``, or ``None`` when it is not an integer.

    NumPy integers (and anything with ``__index__``) are seat numbers; ``bool`` is not
    (``True == 1`` would otherwise act for seat 1), nor are floats or strings.
    """
    if type(seat) is int:
        return seat
    if isinstance(seat, bool):
        return None
    try:
        return operator.index(seat)  # type: ignore[arg-type]
    except TypeError:
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class Seat:
    """A player sitting down for one hand.

    Attributes:
        name: display name.
        stack: chips before the ante, ``>= 1``.
    """

    name: str
    stack: int


_NO_KINDS: frozenset[ActionKind] = frozenset()


@dataclass(frozen=True, slots=True, kw_only=True)
class LegalActions:
    """What one seat may do now (STYLE.md §4: ranges, not every amount).

    Attributes:
        seat: the seat asked about.
        kinds: the allowed action kinds; empty when the seat may not act now.
        call_amount: chips to add to call (less than the bet when the call is all-in).
        bet_range: ("to" min, "to" max) of a bet, or ``None``.
        raise_range: ("to" min, "to" max) of a raise, or ``None``; the max may be all-in.
        pass_count: cards to pass now (0 unless passing).
        cards: the cards that may be passed or arranged (never hidden cards).
        arrange_count: cards to arrange now (5 while arranging, else 0).
        declarations: what may be declared now (``("high", "low", "both")`` while
            declaring, else empty; RULES.md §6).
    """

    seat: int
    kinds: frozenset[ActionKind] = _NO_KINDS
    call_amount: int = 0
    bet_range: tuple[int, int] | None = None
    raise_range: tuple[int, int] | None = None
    pass_count: int = 0
    cards: tuple[int, ...] = ()
    arrange_count: int = 0
    declarations: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (kinds sorted, cards as text)."""
        return {
            "seat": self.seat,
            "kinds": sorted(k.value for k in self.kinds),
            "call_amount": self.call_amount,
            "bet_range": list(self.bet_range) if self.bet_range else None,
            "raise_range": list(self.raise_range) if self.raise_range else None,
            "pass_count": self.pass_count,
            "cards": [card_str(c) for c in self.cards],
            "arrange_count": self.arrange_count,
            "declarations": list(self.declarations),
        }

    def describe(self) -> str:
        """Short text of what is allowed, e.g. ``"fold, call 2, raise to 4"``."""
        parts: list[str] = []
        for kind in (_FOLD, _CHECK, _CALL, _BET, _RAISE, _PASS, _ARRANGE, _DECLARE):
            if kind not in self.kinds:
                continue
            if kind is _CALL:
                parts.append(f"call {self.call_amount}")
            elif kind is _BET and self.bet_range:
                parts.append(range_text("bet", self.bet_range))
            elif kind is _RAISE and self.raise_range:
                parts.append(range_text("raise to", self.raise_range))
            elif kind is _PASS:
                parts.append(f"pass {self.pass_count} of {format_cards(self.cards)}")
            elif kind is _ARRANGE:
                parts.append(f"arrange {self.arrange_count} of {format_cards(self.cards)}")
            elif kind is _DECLARE:
                parts.append("declare " + " or ".join(self.declarations))
            else:
                parts.append(kind.value)
        return ", ".join(parts) if parts else "nothing"


def range_text(word: str, bounds: tuple[int, int]) -> str:
    """``"bet 4"`` for a single amount, ``"raise to 8..20"`` for a range (chips)."""
    low, high = bounds
    return f"{word} {low}" if low == high else f"{word} {low}..{high}"
