"""Ace-to-five low hands (RULES.md §5, Low): ace counts as 1, straights and flushes are
ignored, hands compare from the highest card down; larger values are better lows.

With a qualifier ``q`` (default 8, the ``eight_or_better`` rule) only five different ranks,
all ``q`` or lower, make a low: values ``1..C(q, 5)`` (``1..56`` for 8: 8-7-6-5-4 is 1,
5-4-3-2-A is 56) and ``0`` for no qualifying low. Without qualifier (``None``, the
``no_qualifier`` rule) every hand has a low ``1..6175``: paired hands rank below unpaired
ones (no pair > one pair > two pair > trips > full house > quads), then by rank, ace low.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from anaconda_poker.core.cards import Card
from anaconda_poker.core.errors import InvalidConfigError
from anaconda_poker.core.evaluation.cardinput import CARD_SHIFT, KEY_MASK, PACKED, START, codes_of
from anaconda_poker.core.evaluation.high import HAND_SIZES
from anaconda_poker.core.evaluation.rank_keys import RANK_KEYS
from anaconda_poker.core.evaluation.scores import ace_low
from anaconda_poker.core.evaluation.tables import (
    HIGH_BITS,
    LOW_COUNT,
    ROW_MASK,
    ROW_SHIFT,
    get_tables,
)

QUALIFIERS: Final = range(5, 14)
"""Allowed qualifiers: the highest ace-to-five rank a qualifying low may hold (5..13)."""


def qualifier_offset(qualifier: int | None) -> int:
    """How many no-qualifier values lie below the weakest qualifying low.

    ``low_value(cards, q) == max(0, low_value(cards, None) - qualifier_offset(q))``.

    Raises:
        InvalidConfigError: ``qualifier`` is not ``None`` or an int in ``5..13``.
    """
    if qualifier is None:
        return 0
    if isinstance(qualifier, bool) or not isinstance(qualifier, int) or qualifier not in QUALIFIERS:
        raise InvalidConfigError(
            f"low qualifier {qualifier!r} not allowed: use None (no qualifier) or 5..13 "
            "(8 = eight or better)"
        )
    return LOW_COUNT - comb(qualifier, 5)


NO_QUALIFYING_LOW: Final = -1
"""The low of :func:`qualified_lows` where no low qualifies (as the analysis code counts)."""


def qualified_lows(lows: npt.NDArray[np.integer], offset: int) -> npt.NDArray[np.int64]:
    """Low values of a table (no-qualifier scale, ``0`` for no low) under the qualifier
    ``offset`` (:func:`qualifier_offset`): ``int64`` ``value - offset``, or
    :data:`NO_QUALIFYING_LOW` where that is not positive; a new read-only array of the
    same shape (the evaluators' cached per-offset low tables)."""
    out = lows.astype(np.int64) - offset
    out[out <= 0] = NO_QUALIFYING_LOW
    out.flags.writeable = False
    return out


_OFFSETS: Final[dict[int | None, int]] = {
    q: LOW_COUNT - (comb(q, 5) if q is not None else LOW_COUNT) for q in [None, *QUALIFIERS]
}
_PACKED_OF = PACKED.__getitem__


def low_count(qualifier: int | None) -> int:
    """The number of distinct low values (the largest value) under ``qualifier``."""
    return LOW_COUNT - qualifier_offset(qualifier)


def _low_any(key: int, codes: list[int]) -> int:
    """Best unqualified low of 8 or 9 cards: the best over their 7-card subsets."""
    tables = get_tables()
    best = 0
    for removed in combinations(codes, len(codes) - 7):
        subset_key = key - sum(RANK_KEYS[code >> 2] for code in removed)
        best = max(best, tables.entry(subset_key) >> HIGH_BITS)
    return best


def low_value(cards: Iterable[int | Card], qualifier: int | None = 8) -> int:
    """Value of the best five-card ace-to-five low among ``cards`` (RULES.md §5, Low).

    Args:
        cards: 5 to 9 distinct cards: int codes ``0..51`` or Card objects.
        qualifier: 8 (default, eight or better), another highest allowed rank ``5..13``
            (ace = 1, king = 13), or ``None`` for no qualifier.

    Returns:
        With a qualifier: ``0`` if no five cards qualify, else ``1..C(qualifier, 5)``
        (``1..56`` for 8: 8-7-6-5-4 is 1, 5-4-3-2-A is 56). Without: ``1..6175``.
        Larger is better.

    Raises:
        InvalidCardError: a card is not a card, or there are not 5 to 9 cards.
        DuplicateCardError: a card appears twice.
        InvalidConfigError: the qualifier is not allowed.

    >>> from anaconda_poker.core.cards import parse_codes
    >>> low_value(parse_codes("Ah 2c 3d 4s 5h Kd Kc"))
    56
    >>> low_value(parse_codes("9h 2c 3d 4s 5h Kd Kc"))
    0
    """
    offset = _OFFSETS.get(qualifier, -1) if qualifier is None or type(qualifier) is int else -1
    if offset < 0:
        offset = qualifier_offset(qualifier)  # raises, naming a bad qualifier
    try:
        count = len(cards)  # type: ignore[arg-type]
        total = sum(map(_PACKED_OF, cards), START)
    except (KeyError, TypeError):
        return low_value(codes_of(cards, sizes=HAND_SIZES), qualifier)  # raises, or converts
    if (total >> CARD_SHIFT).bit_count() != count or not 5 <= count <= 9:
        codes_of(cards, sizes=HAND_SIZES)  # raises: a duplicate or a bad count
    key = total & KEY_MASK
    if count <= 7:
        tables = get_tables()
        row = tables.displacement_view[key >> ROW_SHIFT]
        low = (tables.rank_view[row + (key & ROW_MASK)] >> HIGH_BITS) - offset
    else:
        low = _low_any(key, codes_of(cards, sizes=HAND_SIZES)) - offset
    return low if low > 0 else 0


def best_five_low(cards: Iterable[int | Card], qualifier: int | None = 8) -> tuple[int, ...] | None:
    """The five cards that make the best low among ``cards`` (RULES.md §5, Low).

    Args:
        cards: 5 to 9 distinct cards (int codes or Card objects).
        qualifier: as :func:`low_value`.

    Returns:
        ``None`` if no low qualifies, else five int codes ordered from the highest
        ace-to-five rank down (ace last), paired cards together; among equal choices the
        highest codes are taken, so the answer is deterministic.

    Raises:
        InvalidCardError / DuplicateCardError / InvalidConfigError: as :func:`low_value`.
    """
    codes = sorted(codes_of(cards, sizes=HAND_SIZES), reverse=True)
    target = low_value(codes, qualifier)
    if target == 0:
        return None
    for five in combinations(codes, 5):
        if low_value(five, qualifier) == target:
            return low_display_order(five)
    raise AssertionError("no five cards make the best low")  # pragma: no cover


def low_display_order(codes: Iterable[int]) -> tuple[int, ...]:
    """Cards ordered for a low: groups of equal rank by size, then ace-to-five rank,
    descending (``8-6-4-3-2``, ``5-4-3-2-A``)."""
    cards = sorted(codes, key=lambda c: (ace_low(c >> 2), c & 3), reverse=True)
    sizes: dict[int, int] = {}
    for code in cards:
        sizes[code >> 2] = sizes.get(code >> 2, 0) + 1
    return tuple(sorted(cards, key=lambda c: -sizes[c >> 2]))
