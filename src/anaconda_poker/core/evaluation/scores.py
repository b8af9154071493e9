"""Hand categories and the comparable "scores" the dense values are ranked from.

A *score* is a plain integer that orders five-card hands the way RULES.md §5 does:
``category * 14**5 + d1 * 14**4 + ... + d5`` where the digits ``d`` are the ranks that
decide ties, most important first (``rank index + 1``; ``0`` = no such card). The dense
values of the public API (1..7462 for high, 1..6175 for low) are the positions of the
scores in sorted order; the scores themselves are also how :func:`showing_value` compares
fewer than five face-up cards.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

from anaconda_poker.core.errors import AnacondaError


class HandCategory(IntEnum):
    """High-hand categories of RULES.md §5, weakest first (a royal flush is the best
    straight flush)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


class LowCategory(IntEnum):
    """Ace-to-five low categories without a qualifier (RULES.md §5 ``no_qualifier``),
    worst first: quads are the worst low, five different ranks the best."""

    FOUR_OF_A_KIND = 0
    FULL_HOUSE = 1
    THREE_OF_A_KIND = 2
    TWO_PAIR = 3
    ONE_PAIR = 4
    NO_PAIR = 5


BASE: Final = 14
DIGITS: Final = 5
CATEGORY_UNIT: Final = BASE**DIGITS

_PATTERN_CATEGORY: Final = {
    (4, 1): HandCategory.FOUR_OF_A_KIND,
    (3, 2): HandCategory.FULL_HOUSE,
    (3, 1, 1): HandCategory.THREE_OF_A_KIND,
    (2, 2, 1): HandCategory.TWO_PAIR,
    (2, 1, 1, 1): HandCategory.ONE_PAIR,
    (1, 1, 1, 1, 1): HandCategory.HIGH_CARD,
}
_LOW_PATTERN_CATEGORY: Final = {
    (4, 1): LowCategory.FOUR_OF_A_KIND,
    (3, 2): LowCategory.FULL_HOUSE,
    (3, 1, 1): LowCategory.THREE_OF_A_KIND,
    (2, 2, 1): LowCategory.TWO_PAIR,
    (2, 1, 1, 1): LowCategory.ONE_PAIR,
    (1, 1, 1, 1, 1): LowCategory.NO_PAIR,
}
_WHEEL: Final = (12, 3, 2, 1, 0)


def encode(category: int, digits: Iterable[int]) -> int:
    """Pack a category and up to five tie-break digits (``0..13``) into one integer."""
    score = category
    count = 0
    for digit in digits:
        score = score * BASE + digit
        count += 1
    scale: int = BASE ** (DIGITS - count)
    return score * scale


def decode(score: int) -> tuple[int, tuple[int, ...]]:
    """Inverse of :func:`encode`: ``(category, digits)`` with trailing zero digits dropped."""
    digits = []
    rest = score
    for _ in range(DIGITS):
        rest, digit = divmod(rest, BASE)
        digits.append(digit)
    digits.reverse()
    while digits and digits[-1] == 0:
        digits.pop()
    return rest, tuple(digits)


def rank_groups(ranks: Iterable[int]) -> list[tuple[int, int]]:
    """``(rank, count)`` pairs ordered by count, then rank, both descending."""
    return sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)


def straight_top(ranks: Sequence[int]) -> int | None:
    """The top rank index of five distinct ranks (sorted descending) if they form a
    straight; the wheel A-2-3-4-5 is a five-high straight (rank index 3); no wrap-around."""
    if tuple(ranks) == _WHEEL:
        return 3
    if ranks[0] - ranks[4] == 4:
        return ranks[0]
    return None


def high_score(ranks: Sequence[int], *, flush: bool) -> int:
    """Score of a five-card high hand from its rank indices (RULES.md §5, High)."""
    groups = rank_groups(ranks)
    pattern = tuple(count for _, count in groups)
    order = [rank for rank, _ in groups]
    category = _PATTERN_CATEGORY[pattern]
    if category is HandCategory.HIGH_CARD:
        top = straight_top(order)
        if top is not None:
            category = HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT
            order = [top]
        elif flush:
            category = HandCategory.FLUSH
    return encode(category, (rank + 1 for rank in order))


def showing_score(ranks: Sequence[int]) -> int:
    """Score of 1..4 face-up cards: only pairs, two pair, trips and quads count (no
    straights or flushes), then high cards; fewer kickers rank below more kickers."""
    groups = rank_groups(ranks)
    pattern = tuple(count for _, count in groups)
    if pattern[0] == 4:
        category = HandCategory.FOUR_OF_A_KIND
    elif pattern[0] == 3:
        category = HandCategory.THREE_OF_A_KIND
    elif pattern[:2] == (2, 2):
        category = HandCategory.TWO_PAIR
    elif pattern[0] == 2:
        category = HandCategory.ONE_PAIR
    else:
        category = HandCategory.HIGH_CARD
    return encode(category, (rank + 1 for rank, _ in groups))


def checked_value(value: object, lowest: int, highest: int, what: str) -> int:
    """``value`` as an int if it is an integer (Python or NumPy, not bool) in
    ``lowest..highest``.

    Raises:
        AnacondaError: naming the value and the allowed range.
    """
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        number = None
    if number is None or isinstance(value, bool) or not lowest <= number <= highest:
        raise AnacondaError(f"{what} {value!r} out of range {lowest}..{highest}")
    return number


def ace_low(rank: int) -> int:
    """Ace-to-five rank of a rank index: ace → 1, deuce → 2, …, king → 13."""
    return 1 if rank == 12 else rank + 2


def low_score(ranks: Sequence[int]) -> int:
    """Score of a five-card ace-to-five low without qualifier (RULES.md §5, Low): larger
    is better; categories as :class:`LowCategory`; ties by rank, lower better, starting
    with the most important group (the highest card of an unpaired hand)."""
    groups = rank_groups(ace_low(rank) for rank in ranks)
    pattern = tuple(count for _, count in groups)
    category = _LOW_PATTERN_CATEGORY[pattern]
    return encode(category, (14 - low for low, _ in groups))
