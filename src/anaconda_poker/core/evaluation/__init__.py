"""Hand evaluation: high hands, ace-to-five lows, descriptions, batch (RULES.md §5).

Scalar functions take 5 to 9 cards as int codes ``0..51`` (the fast path) or
:class:`~anaconda_poker.core.cards.Card` objects; batch functions take ``uint8[n, k]``
arrays. Values are dense integers, larger is better: high ``1..7462``, low ``1..56`` with
the eight-or-better qualifier (``0`` = no low), ``1..6175`` without qualifier.

The tables behind them are built once per process on first use (:mod:`.tables`).
"""

from anaconda_poker.core.evaluation.batch import high_low_values, high_values, low_values
from anaconda_poker.core.evaluation.choices import FiveCardChoice, five_card_choices
from anaconda_poker.core.evaluation.describe import describe_high, describe_low
from anaconda_poker.core.evaluation.high import (
    best_five_high,
    high_category,
    high_value,
)
from anaconda_poker.core.evaluation.highlow import high_low_value
from anaconda_poker.core.evaluation.low import best_five_low, low_value
from anaconda_poker.core.evaluation.scores import HandCategory, LowCategory
from anaconda_poker.core.evaluation.showing import showing_value
from anaconda_poker.core.evaluation.tables import get_tables

__all__ = [
    "FiveCardChoice",
    "HandCategory",
    "LowCategory",
    "best_five_high",
    "best_five_low",
    "describe_high",
    "describe_low",
    "five_card_choices",
    "get_tables",
    "high_category",
    "high_low_value",
    "high_low_values",
    "high_value",
    "high_values",
    "low_value",
    "low_values",
    "showing_value",
]
