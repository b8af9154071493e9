"""Suggested fives for arranging: best high, best low, best for both (RULES.md §2.5, §5).

The fives are rated by the evaluator (:func:`anaconda_poker.core.evaluation.five_card_choices`:
every five-card subset with its high and low value); each suggestion comes stacked in a
reveal order that gives the hand away late (:func:`anaconda_poker.analysis.advice.reveal_order`).
"""

from __future__ import annotations

from collections.abc import Sequence

from anaconda_poker.analysis.advice import reveal_order
from anaconda_poker.core.config import Split
from anaconda_poker.core.evaluation import five_card_choices


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
        InvalidCardError / DuplicateCardError: if ``cards`` are not 5..9 distinct cards.
    """
    choices = five_card_choices(sorted(int(c) for c in cards), split)
    best_high = max(choices, key=lambda c: (c.high, c.low))
    with_low = [c for c in choices if c.low > 0]
    best_low = max(with_low, key=lambda c: (c.low, c.high)) if with_low else None
    best_both = max(with_low, key=lambda c: (c.high, c.low)) if with_low else best_high
    return {
        "high": reveal_order(best_high.cards, split),
        "low": reveal_order(best_low.cards, split) if best_low is not None else None,
        "both": reveal_order(best_both.cards, split),
    }
