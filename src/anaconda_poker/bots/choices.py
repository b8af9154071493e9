"""Building legal actions from a seat's LegalActions: the small vocabulary every bot shares
(check or call, check or fold, bet or raise to an amount clamped into the legal range,
pot-based sizes). Legality itself stays in the engine (STYLE.md §3): these helpers only
pick inside the ranges the engine reported.
"""

from __future__ import annotations

from anaconda_poker.bots.protocol import View
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import parse_code
from anaconda_poker.core.state import LegalActions


def hand_codes(view: View) -> list[int]:
    """The seat's playable cards (hidden cards excluded) as codes, in view order."""
    return [parse_code(c) for c in view["you"]["hand"]]


def passive(legal: LegalActions) -> Action:
    """Check if allowed, else call (never folds, never raises)."""
    if ActionKind.CHECK in legal.kinds:
        return Action.check()
    if ActionKind.CALL in legal.kinds:
        return Action.call()
    return Action.fold()


def check_or_fold(legal: LegalActions) -> Action:
    """Check if allowed, else fold."""
    if ActionKind.CHECK in legal.kinds:
        return Action.check()
    return Action.fold()


def aggressive_range(legal: LegalActions) -> tuple[ActionKind, tuple[int, int]] | None:
    """``(BET or RAISE, (min to, max to))`` when the seat may bet or raise, else ``None``."""
    if ActionKind.BET in legal.kinds and legal.bet_range is not None:
        return ActionKind.BET, legal.bet_range
    if ActionKind.RAISE in legal.kinds and legal.raise_range is not None:
        return ActionKind.RAISE, legal.raise_range
    return None


def aggress(legal: LegalActions, to: int) -> Action:
    """Bet or raise to ``to`` chips (clamped into the legal range); when the seat may not
    bet or raise, call or check instead."""
    found = aggressive_range(legal)
    if found is None:
        return passive(legal)
    kind, (low, high) = found
    amount = max(low, min(high, to))
    return Action.bet(amount) if kind is ActionKind.BET else Action.raise_to(amount)


def pot_fraction_to(view: View, legal: LegalActions, fraction: float) -> int:
    """The "to" amount of a bet or raise of about ``fraction`` of the pot (chips).

    For a raise the pot counts the call first (the pot-limit convention, RULES.md §4): the
    raise adds ``fraction × (pot after calling)`` on top of the current bet.
    """
    you = view["you"]
    me = next(s for s in view["seats"] if s["seat"] == you["seat"])
    pot = int(view["pot_total"])
    current = int(view["current_bet"])
    call = legal.call_amount
    size = round(fraction * (pot + call))
    return max(current, int(me["bet"])) + max(size, 1)


def call_to(view: View, legal: LegalActions) -> int:
    """The seat's total bet this round after calling (the "to" amount of a call), chips."""
    you = view["you"]
    me = next(s for s in view["seats"] if s["seat"] == you["seat"])
    return int(me["bet"]) + legal.call_amount
