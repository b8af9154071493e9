"""Words for hand values, for UIs and hand histories (RULES.md §5 terminology).

Examples: ``"Full house, kings full of sevens"``, ``"Straight, five high"``,
``"Pair of nines, A-K-4"``, ``"8-6-4-3-2"`` (an eight-or-better low),
``"Pair of twos, 7-5-3"`` (a paired low without qualifier). The English text is the
canonical form written in hand histories; interfaces may translate it.
"""

from __future__ import annotations

from typing import Final

from anaconda_poker.core.cards import RANK_NAMES, RANKS
from anaconda_poker.core.evaluation.high import check_high_value
from anaconda_poker.core.evaluation.low import low_count, qualifier_offset
from anaconda_poker.core.evaluation.scores import HandCategory, LowCategory, checked_value, decode
from anaconda_poker.core.evaluation.tables import get_tables

_PLURAL: Final = tuple("sixes" if name == "six" else name + "s" for name in RANK_NAMES)


def _card(rank: int) -> str:
    return RANKS[rank]


def _row(ranks: list[int]) -> str:
    return "-".join(_card(rank) for rank in ranks)


def describe_high(value: int) -> str:
    """English description of a high value (RULES.md §5, High).

    Args:
        value: a high value ``1..7462`` (:func:`high_value`).

    Returns:
        e.g. ``"Royal flush"``, ``"Straight flush, nine high"``, ``"Four of a kind, aces,
        king kicker"``, ``"Full house, kings full of sevens"``, ``"Flush, A-J-9-6-2"``,
        ``"Straight, five high"``, ``"Three of a kind, sevens, A-K"``,
        ``"Two pair, kings and sevens, queen kicker"``, ``"Pair of nines, A-K-4"``,
        ``"High card, K-J-9-6-2"`` (ranks as in card notation, ``T`` = ten).

    Raises:
        AnacondaError (a ValueError): ``value`` is not an int in ``1..7462``.

    >>> describe_high(7462)
    'Royal flush'
    """
    number = check_high_value(value)
    category, digits = decode(int(get_tables().high_scores[number]))
    ranks = [digit - 1 for digit in digits]
    name, plural = RANK_NAMES, _PLURAL
    match HandCategory(category):
        case HandCategory.STRAIGHT_FLUSH:
            if ranks[0] == 12:
                return "Royal flush"
            return f"Straight flush, {name[ranks[0]]} high"
        case HandCategory.FOUR_OF_A_KIND:
            return f"Four of a kind, {plural[ranks[0]]}, {name[ranks[1]]} kicker"
        case HandCategory.FULL_HOUSE:
            return f"Full house, {plural[ranks[0]]} full of {plural[ranks[1]]}"
        case HandCategory.FLUSH:
            return f"Flush, {_row(ranks)}"
        case HandCategory.STRAIGHT:
            return f"Straight, {name[ranks[0]]} high"
        case HandCategory.THREE_OF_A_KIND:
            return f"Three of a kind, {plural[ranks[0]]}, {_row(ranks[1:])}"
        case HandCategory.TWO_PAIR:
            return f"Two pair, {plural[ranks[0]]} and {plural[ranks[1]]}, {name[ranks[2]]} kicker"
        case HandCategory.ONE_PAIR:
            return f"Pair of {plural[ranks[0]]}, {_row(ranks[1:])}"
        case _:
            return f"High card, {_row(ranks)}"


_LOW_CHARS: Final = "?A23456789TJQK"


def _low_row(lows: list[int]) -> str:
    return "-".join(_LOW_CHARS[low] for low in lows)


def describe_low(value: int, qualifier: int | None = 8) -> str:
    """English description of a low value (RULES.md §5, Low).

    Args:
        value: a low value as returned by :func:`low_value` with the same ``qualifier``
            (``0..56`` for 8, ``1..6175`` for ``None``).
        qualifier: 8 (default), another qualifier ``5..13``, or ``None``.

    Returns:
        ``"No low"`` for 0; an unpaired low as its ranks from the top down, ace as ``A``
        (``"8-6-4-3-2"``, ``"5-4-3-2-A"``); a paired low (no qualifier only) as e.g.
        ``"Pair of twos, 7-5-3"``, ``"Two pair, fives and aces, 3"``, ``"Three of a kind,
        aces, 3-2"``, ``"Full house, twos full of aces"``, ``"Four of a kind, aces, 2"``.

    Raises:
        AnacondaError (a ValueError): ``value`` is out of range for ``qualifier``.
        InvalidConfigError: ``qualifier`` is not allowed.
    """
    offset = qualifier_offset(qualifier)
    top = low_count(qualifier)
    lowest = 1 if qualifier is None else 0
    number = checked_value(value, lowest, top, "low value")
    if number == 0:
        return "No low"
    category, digits = decode(int(get_tables().low_scores[number + offset]))
    lows = [14 - digit for digit in digits]  # ace-to-five ranks: ace 1 … king 13
    plural = ["", _PLURAL[12], *_PLURAL[:12]]  # by ace-to-five rank
    match LowCategory(category):
        case LowCategory.NO_PAIR:
            return _low_row(lows)
        case LowCategory.ONE_PAIR:
            return f"Pair of {plural[lows[0]]}, {_low_row(lows[1:])}"
        case LowCategory.TWO_PAIR:
            return f"Two pair, {plural[lows[0]]} and {plural[lows[1]]}, {_low_row(lows[2:])}"
        case LowCategory.THREE_OF_A_KIND:
            return f"Three of a kind, {plural[lows[0]]}, {_low_row(lows[1:])}"
        case LowCategory.FULL_HOUSE:
            return f"Full house, {plural[lows[0]]} full of {plural[lows[1]]}"
        case _:
            return f"Four of a kind, {plural[lows[0]]}, {_low_row(lows[1:])}"
