"""Suggested fives for arranging: best high, best low, best for both (RULES.md §2.5, §5).

The hands are compared with the evaluator (:mod:`anaconda_poker.core.evaluation`); each
suggestion comes stacked in a reveal order that gives the hand away late
(:func:`anaconda_poker.analysis.advice.reveal_order`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from anaconda_poker.analysis.advice import reveal_order
from anaconda_poker.core.config import Split
from anaconda_poker.core.evaluation import high_value, low_value


def _low(cards: tuple[int, ...], split: Split) -> int | None:
    if not split.has_low:
        return None
    value = low_value(cards, qualifier=split.low_qualifier)
    return int(value) if value is not None and value > 0 else None


def suggestions(cards: Sequence[int], split: Split) -> dict[str, tuple[int, ...] | None]:
    """The best five of a hand for high, for low and for both, each in reveal order.

    Args:
        cards: the 5..9 distinct card codes that may be arranged.
        split: the game type (its low qualifier decides what a low is).

    Returns:
        ``{"high": five, "low": five or None, "both": five}``: ``high`` has the best high
        value; ``low`` the best qualifying low (``None`` if no five qualifies or the game is
        high only); ``both`` is, among the fives with a qualifying low, the one with the best
        high value (ties: the better low), else the best high five.

    Raises:
        ValueError: if fewer than five cards are given.
    """
    hand = tuple(int(c) for c in cards)
    if len(hand) < 5:
        raise ValueError(f"arranging needs at least five cards, got {len(hand)}")
    fives = list(combinations(sorted(hand), 5))
    highs = [int(high_value(five)) for five in fives]
    lows = [_low(five, split) for five in fives]
    best_high = max(range(len(fives)), key=lambda i: (highs[i], -i))
    with_low = [i for i in range(len(fives)) if lows[i] is not None]
    best_low: int | None = None
    best_both = best_high
    if with_low:
        best_low = max(with_low, key=lambda i: (lows[i] or 0, highs[i], -i))
        best_both = max(with_low, key=lambda i: (highs[i], lows[i] or 0, -i))
    return {
        "high": reveal_order(fives[best_high], split),
        "low": reveal_order(fives[best_low], split) if best_low is not None else None,
        "both": reveal_order(fives[best_both], split),
    }
