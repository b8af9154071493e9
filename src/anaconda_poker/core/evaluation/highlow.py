"""High and low value of one hand in one call (RULES.md §5): one pass over the cards and one
table entry give both, where :func:`high_value` plus :func:`low_value` make two.

The rank table's entry packs the best non-flush high (bits 0..12) and the best unqualified
low (bits 13..25) of the same rank multiset (:mod:`.tables`), so the low costs one shift
and a subtraction more than the high alone. Values are exactly those of the two separate
functions (the tests compare them on random hands of every size).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

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
from anaconda_poker.core.evaluation.high import HAND_SIZES
from anaconda_poker.core.evaluation.low import _OFFSETS, qualifier_offset
from anaconda_poker.core.evaluation.rank_keys import RANK_KEYS
from anaconda_poker.core.evaluation.tables import (
    HIGH_BITS,
    HIGH_MASK,
    ROW_MASK,
    ROW_SHIFT,
    Tables,
    get_tables,
)

_PACKED_OF = PACKED.__getitem__
_TABLES: list[Tables] = []


def _load() -> Tables:
    _TABLES.append(get_tables())
    return _TABLES[0]


def high_low_value(cards: Iterable[int | Card], qualifier: int | None = 8) -> tuple[int, int]:
    """``(high_value(cards), low_value(cards, qualifier))`` in one pass.

    Args:
        cards: 5 to 9 distinct cards: int codes ``0..51`` (the fast path) or
            :class:`~anaconda_poker.core.cards.Card` objects.
        qualifier: as :func:`~anaconda_poker.core.evaluation.low_value` (8 by default,
            ``5..13``, or ``None``).

    Returns:
        ``(high, low)``: high ``1..7462``; low ``0`` (no qualifying low) or
        ``1..C(qualifier, 5)``, ``1..6175`` without qualifier.

    Raises:
        InvalidCardError: a card is not a card, or there are not 5 to 9 cards.
        DuplicateCardError: a card appears twice.
        InvalidConfigError: the qualifier is not allowed.

    >>> from anaconda_poker.core.cards import parse_codes
    >>> high_low_value(parse_codes("Ah 2c 3d 4s 5h Kd Kc"))
    (5854, 56)
    """
    if type(qualifier) is int or qualifier is None:
        offset = _OFFSETS.get(qualifier, -1)
        if offset < 0:
            offset = qualifier_offset(qualifier)  # raises, naming a bad qualifier
    else:
        offset = qualifier_offset(qualifier)  # raises: not an int
    try:
        count = len(cards)  # type: ignore[arg-type]
        total = sum(map(_PACKED_OF, cards), START)
    except (KeyError, TypeError):
        return high_low_value(codes_of(cards, sizes=HAND_SIZES), qualifier)  # raises, or converts
    if (total >> CARD_SHIFT).bit_count() != count or not 5 <= count <= 9:
        codes_of(cards, sizes=HAND_SIZES)  # raises: a duplicate or a bad count
    tables = _TABLES[0] if _TABLES else _load()
    key = total & KEY_MASK
    flush = total & FLUSH_BITS
    if count <= 7:
        entry = tables.rank_view[tables.displacement_view[key >> ROW_SHIFT] + (key & ROW_MASK)]
        low = (entry >> HIGH_BITS) - offset
        if low < 0:
            low = 0
        if flush:  # with at most 7 cards a flush beats every non-flush hand of them
            return tables.flush_list[(total >> FLUSH_SHIFT[flush]) & 0x1FFF], low
        return entry & HIGH_MASK, low
    else:
        high = low = 0
        for removed in combinations(codes_of(cards, sizes=HAND_SIZES), count - 7):
            entry = tables.entry(key - sum(RANK_KEYS[code >> 2] for code in removed))
            high = max(high, entry & HIGH_MASK)
            low = max(low, entry >> HIGH_BITS)
        low -= offset
    if flush:
        high = max(high, tables.flush_list[(total >> FLUSH_SHIFT[flush]) & 0x1FFF])
    return high, low if low > 0 else 0
