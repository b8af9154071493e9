"""High hands: the value of the best five-card high hand of 5 to 9 cards (RULES.md §5).

Values are dense: 1 (7-5-4-3-2 of mixed suits) to 7462 (a royal flush); a strictly stronger
hand has a strictly larger value and equal hands have equal values.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Final

from anaconda_poker.core.cards import Card
from anaconda_poker.core.evaluation.cardinput import (
    CARD_SHIFT,
    FLUSH_BITS,
    FLUSH_SHIFT,
    KEY_MASK,
    PACKED,
    START,
    codes_of,
)
from anaconda_poker.core.evaluation.rank_keys import RANK_KEYS
from anaconda_poker.core.evaluation.scores import (
    CATEGORY_UNIT,
    HandCategory,
    checked_value,
    rank_groups,
)
from anaconda_poker.core.evaluation.tables import (
    HIGH_COUNT,
    HIGH_MASK,
    ROW_MASK,
    ROW_SHIFT,
    Tables,
    get_tables,
)

HAND_SIZES: Final = range(5, 10)
"""Scalar and batch evaluation take 5 to 9 cards (9 in the hidden-cards variant, §6)."""


def _best_nonflush(tables: Tables, key: int, codes: list[int]) -> int:
    """Best non-flush high value of 8 or 9 cards: the best over their 7-card subsets."""
    rank_keys = RANK_KEYS
    best = 0
    for removed in combinations(codes, len(codes) - 7):
        subset_key = key - sum(rank_keys[code >> 2] for code in removed)
        best = max(best, tables.entry(subset_key) & HIGH_MASK)
    return best


_PACKED_OF = PACKED.__getitem__


def high_value(cards: Iterable[int | Card]) -> int:
    """Value of the best five-card high hand among ``cards`` (RULES.md §5, High).

    Args:
        cards: 5 to 9 distinct cards: int codes ``0..51`` (the fast path; NumPy integers
            work too) or :class:`~anaconda_poker.core.cards.Card` objects, in any order.

    Returns:
        An int in ``1..7462``: 1 is 7-5-4-3-2 offsuit, 7462 a royal flush. A strictly
        stronger best hand has a strictly larger value; equal hands have equal values
        (suits never break ties).

    Raises:
        InvalidCardError: a card is not a card, or there are fewer than 5 or more than 9.
        DuplicateCardError: a card appears twice.

    >>> from anaconda_poker.core.cards import parse_codes
    >>> high_value(parse_codes("As Ks Qs Js Ts 2c 3d"))
    7462
    >>> high_value(parse_codes("7c 5d 4h 3s 2c"))
    1
    """
    try:
        count = len(cards)  # type: ignore[arg-type]
        total = sum(map(_PACKED_OF, cards), START)
    except (KeyError, TypeError):
        return high_value(codes_of(cards, sizes=HAND_SIZES))  # raises, or a generator
    if (total >> CARD_SHIFT).bit_count() != count or not 5 <= count <= 9:
        codes_of(cards, sizes=HAND_SIZES)  # raises: a duplicate or a bad count
    tables = _TABLES[0] if _TABLES else _load()
    flush = total & FLUSH_BITS
    if count <= 7:
        if flush:
            return tables.flush_list[(total >> FLUSH_SHIFT[flush]) & 0x1FFF]
        key = total & KEY_MASK
        return tables.high_view[tables.displacement_view[key >> ROW_SHIFT] + (key & ROW_MASK)]
    best = _best_nonflush(tables, total & KEY_MASK, codes_of(cards, sizes=HAND_SIZES))
    if flush:
        best = max(best, tables.flush_list[(total >> FLUSH_SHIFT[flush]) & 0x1FFF])
    return best


_TABLES: list[Tables] = []


def _load() -> Tables:
    _TABLES.append(get_tables())
    return _TABLES[0]


def high_category(value: int) -> HandCategory:
    """The category (straight flush … high card) of a high value.

    Args:
        value: a high value ``1..7462`` as returned by :func:`high_value`.

    Raises:
        AnacondaError (a ValueError): ``value`` is not an integer in ``1..7462``.
    """
    number = check_high_value(value)
    return HandCategory(int(get_tables().high_scores[number]) // CATEGORY_UNIT)


def check_high_value(value: int) -> int:
    """``value`` as an int, or :class:`AnacondaError` unless it is a high value ``1..7462``
    (NumPy integers are accepted, bools are not)."""
    return checked_value(value, 1, HIGH_COUNT, "high value")


def display_order(codes: Iterable[int]) -> tuple[int, ...]:
    """Five cards ordered for display: by group size, then rank, descending (a wheel
    straight shows its ace last); within a rank by suit, descending."""
    cards = sorted(codes, reverse=True)
    order = {rank: place for place, (rank, _) in enumerate(rank_groups(c >> 2 for c in cards))}
    ordered = sorted(cards, key=lambda c: order[c >> 2])
    if [c >> 2 for c in ordered] == [12, 3, 2, 1, 0]:
        ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)


def best_five_high(cards: Iterable[int | Card]) -> tuple[int, ...]:
    """The five cards that make the best high hand among ``cards`` (RULES.md §5).

    Args:
        cards: 5 to 9 distinct cards (int codes or Card objects).

    Returns:
        Five int codes in display order (see :func:`display_order`); when several
        five-card sets make the same value, the one with the highest codes (suit
        order c < d < h < s) is chosen, so the answer is deterministic.

    Raises:
        InvalidCardError / DuplicateCardError: as :func:`high_value`.
    """
    codes = sorted(codes_of(cards, sizes=HAND_SIZES), reverse=True)
    target = high_value(codes)
    for five in combinations(codes, 5):
        if high_value(five) == target:
            return display_order(five)
    raise AssertionError("no five cards make the best hand")  # pragma: no cover
