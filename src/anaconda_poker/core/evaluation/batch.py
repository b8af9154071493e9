"""Vectorised evaluation of many hands at once with NumPy (RULES.md §5).

Each card code indexes a 52-entry ``int64`` table of packed card keys (rank key in bits
0..24, a 4-bit counter per suit above, as in :mod:`.cardinput`), so a hand's packed sum is
``k`` gathers and adds; one more gather into the rank table gives the non-flush high and
the low of every row; only rows with five or more cards of one suit (about 3 % of random
7-card hands) take the flush path. Rows are processed in chunks so temporaries stay in
the CPU caches. 8 and 9 cards take the one-pass path of :mod:`.wide` (each suit's rank
mask: a few lookups per hand instead of one per 7-card subset).

Small batches (at most :data:`SMALL_ROWS` rows of 5..7 cards, the size of a bot's
decision) take a light path (:func:`_evaluate_small`): one gather of every card and one
sum per row instead of a gather and an add per column, so fewer NumPy calls, whose fixed
cost dominates below about a thousand rows. Both paths give identical values (the tests
compare them row by row).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from anaconda_poker.core.errors import DuplicateCardError, InvalidCardError
from anaconda_poker.core.evaluation.cardinput import COUNTER_SHIFT, KEY_MASK, START
from anaconda_poker.core.evaluation.high import HAND_SIZES
from anaconda_poker.core.evaluation.low import qualified_lows, qualifier_offset
from anaconda_poker.core.evaluation.rank_keys import RANK_KEYS
from anaconda_poker.core.evaluation.tables import (
    HIGH_BITS,
    HIGH_MASK,
    ROW_MASK,
    ROW_SHIFT,
    Tables,
    get_tables,
)
from anaconda_poker.core.evaluation.wide import suit_masks, wide_values

CHUNK_ROWS: Final = 1 << 13
"""Rows evaluated per step: small enough for the temporaries to stay in cache."""

_CODES: Final = np.arange(52)
_CARD_KEYS: Final = (
    np.array(RANK_KEYS, dtype=np.int64)[_CODES >> 2]
    + np.left_shift(np.int64(1), COUNTER_SHIFT + 4 * (_CODES & 3))
).astype(np.int64)
_CARD_BITS: Final = np.left_shift(np.int64(1), 13 * (_CODES & 3) + (_CODES >> 2)).astype(np.int64)
_FIRST_CARD_KEYS: Final = _CARD_KEYS + START
_RANK_KEYS_BY_CODE: Final = np.array(RANK_KEYS, dtype=np.int64)[_CODES >> 2]
_FLUSH_NIBBLES: Final = np.int64(0x8888)
SMALL_ROWS: Final = 4096
"""Batches of at most this many rows of 5..7 cards take the light path (measured on the
development machine, CPU time: 1,000 rows of 7 cards 35 us against 54 us column-wise,
4,000 rows 77 against 95 us; at 8,192 rows the column-wise path is as fast)."""
_SMALL_WIDTHS: Final = range(5, 8)


def _as_codes(codes: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    array = np.asarray(codes)
    if array.ndim != 2 or array.shape[1] not in HAND_SIZES:
        raise InvalidCardError(
            f"batch codes must have shape (n, k) with k = 5..9 cards, got {array.shape}"
        )
    if array.dtype != np.uint8:
        if not np.issubdtype(array.dtype, np.integer):
            raise InvalidCardError(f"card codes must be integers 0..51, got dtype {array.dtype}")
        if array.size and (array.min() < 0 or array.max() > 51):
            raise InvalidCardError("card codes must be in 0..51")
        array = array.astype(np.uint8)
    elif array.size and array.max() > 51:
        raise InvalidCardError(f"card code {int(array.max())} is out of range 0..51")
    return array


def _card_sets(block: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """Sum of one bit per card at ``13 * suit + rank``: each suit's rank mask when the
    cards of a row are distinct."""
    bits = np.take(_CARD_BITS, block[:, 0])
    for column in range(1, block.shape[1]):
        bits += np.take(_CARD_BITS, block[:, column])
    return bits


def _evaluate_small(
    codes: npt.NDArray[np.uint8],
    *,
    want_high: bool,
    want_low: bool,
    offset: int,
    check_duplicates: bool,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The light path of :func:`_evaluate` for at most :data:`SMALL_ROWS` rows of 5..7
    cards: same arguments, same values."""
    tables = get_tables()
    width = codes.shape[1]
    card_sets = None
    if check_duplicates:
        card_sets = _CARD_BITS.take(codes.T).sum(axis=0)
        bad = np.flatnonzero(np.bitwise_count(card_sets) != width)
        if bad.size:
            raise DuplicateCardError(f"row {int(bad[0])} holds the same card twice")
    # gathered card by card (one row per column): a sum over the rows of a short axis
    # runs several times faster than ``sum(axis=1)`` over each row's few cards
    total = _CARD_KEYS.take(codes.T).sum(axis=0)
    total += START
    entry = tables.entries(total & KEY_MASK)
    high = np.zeros(0, dtype=np.int32)
    low = np.zeros(0, dtype=np.int32)
    if want_high:
        high = (entry & HIGH_MASK).astype(np.int32)
        nibbles = (total >> COUNTER_SHIFT) & _FLUSH_NIBBLES
        flushed = np.flatnonzero(nibbles)
        if flushed.size:
            if card_sets is None:
                suited_sets = _CARD_BITS.take(codes[flushed].T).sum(axis=0)
            else:
                suited_sets = card_sets[flushed]
            flush_nibble = nibbles[flushed]
            suit = (
                (flush_nibble >= 0x80).astype(np.int64)
                + (flush_nibble >= 0x800)
                + (flush_nibble >= 0x8000)
            )
            values = tables.flush_table[(suited_sets >> (13 * suit)) & 0x1FFF].astype(np.int32)
            high[flushed] = np.maximum(high[flushed], values)
    if want_low:
        low = (entry >> HIGH_BITS).astype(np.int32)
        if offset:
            low -= offset
            np.maximum(low, 0, out=low)
    return high, low


_ROW_KEYS: Final = KEY_MASK >> ROW_SHIFT
_FLUSH_SHIFTS: Final = np.zeros(0x1001, dtype=np.int64)
_FLUSH_SHIFTS[[0x1, 0x10, 0x100, 0x1000]] = [0, 13, 26, 39]
"""By a row's flush nibbles shifted right by 3 (one suit holds five or more of 5..7
cards): the shift that brings that suit's rank mask to bit 0 of its card set."""
_FLUSH_SHIFTS.flags.writeable = False
_split_cache: dict[int, tuple[Tables, npt.NDArray[np.int64], npt.NDArray[np.int64]]] = {}


def _split_entries(offset: int) -> tuple[Tables, npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The tables, and the rank table split into its high values and its low values under
    the qualifier ``offset`` (``-1`` where there is no qualifying low), ``int64`` per slot:
    one gather each instead of a gather, a mask or shift and conversions (read-only,
    cached per offset)."""
    tables = get_tables()
    cached = _split_cache.get(offset)
    if cached is None or cached[0] is not tables:
        entries = tables.rank_table.astype(np.int64)
        high = entries & HIGH_MASK
        high.flags.writeable = False
        low = qualified_lows(entries >> HIGH_BITS, offset)
        cached = (tables, high, low)
        _split_cache[offset] = cached
    return cached


def small_values(
    codes: npt.NDArray[np.uint8], *, want_low: bool, offset: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64] | None]:
    """High and low values of at most :data:`SMALL_ROWS` rows of 5..7 distinct cards
    (``uint8[n, k]``, not checked) as the analysis code takes them: ``int64``, the low
    ``-1`` where it does not qualify under ``offset`` (``None`` unless ``want_low``).

    The values of :func:`_evaluate_small` (tested equal) with about half its NumPy calls,
    whose fixed cost dominates a bot's few hundred rows: the counter start is the sum's
    initial value, the rank table's two halves are gathered from split tables
    (:func:`_split_entries`) and a flush's suit is looked up by its counter bit."""
    tables, high_table, low_table = _split_entries(offset if want_low else 0)
    total = _CARD_KEYS.take(codes.T).sum(axis=0, initial=START)
    slot = tables.displacement.take((total >> ROW_SHIFT) & _ROW_KEYS) + (total & ROW_MASK)
    high = high_table.take(slot)
    nibbles = (total >> (COUNTER_SHIFT + 3)) & 0x1111
    flushed = nibbles.nonzero()[0]
    if flushed.size:
        suited_sets = _CARD_BITS.take(codes[flushed].T).sum(axis=0)
        suited_sets >>= _FLUSH_SHIFTS.take(nibbles[flushed])
        suited_sets &= 0x1FFF
        flush = tables.flush_table.take(suited_sets)
        high[flushed] = np.maximum(high[flushed], flush)
    return high, low_table.take(slot) if want_low else None


def _evaluate(
    codes: npt.NDArray[np.uint8],
    *,
    want_high: bool,
    want_low: bool,
    offset: int,
    check_duplicates: bool,
    light: bool = True,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Values of every row. ``light=False`` takes the reference paths the fast ones are
    tested and benchmarked against: column-wise for small batches, and for 8 or 9 cards
    one pass per seven-card subset in steps of :data:`CHUNK_ROWS`."""
    rows, width = codes.shape
    if light and width > 7:
        return _evaluate_wide(
            codes,
            want_high=want_high,
            want_low=want_low,
            offset=offset,
            check_duplicates=check_duplicates,
        )
    if light and rows <= SMALL_ROWS and width in _SMALL_WIDTHS:
        return _evaluate_small(
            codes,
            want_high=want_high,
            want_low=want_low,
            offset=offset,
            check_duplicates=check_duplicates,
        )
    tables = get_tables()
    flush_table = tables.flush_table
    high = np.zeros(rows if want_high else 0, dtype=np.int32)
    low = np.zeros(rows if want_low else 0, dtype=np.int32)
    drops = np.array(list(combinations(range(width), width - 7))) if width > 7 else None
    step = CHUNK_ROWS
    for start in range(0, rows, step):
        block = codes[start : start + step]
        card_sets = None
        if check_duplicates:
            card_sets = _card_sets(block)
            # distinct cards sum to `width` set bits; a repeated card carries into fewer
            bad = np.flatnonzero(np.bitwise_count(card_sets) != width)
            if bad.size:
                raise DuplicateCardError(f"row {start + int(bad[0])} holds the same card twice")
        total = np.take(_FIRST_CARD_KEYS, block[:, 0])
        for column in range(1, width):
            total += np.take(_CARD_KEYS, block[:, column])
        key = total & KEY_MASK
        if drops is not None:
            best_high = np.zeros(len(block), dtype=np.uint32)
            best_low = np.zeros(len(block), dtype=np.uint32)
            for removed_columns in drops.tolist():
                subset = key.copy()
                for column in removed_columns:
                    subset -= np.take(_RANK_KEYS_BY_CODE, block[:, column])
                entry = tables.entries(subset)
                np.maximum(best_high, entry & HIGH_MASK, out=best_high)
                np.maximum(best_low, entry >> HIGH_BITS, out=best_low)
            chunk_high = best_high.astype(np.int32)
            chunk_low = best_low.astype(np.int32)
        else:
            entry = tables.entries(key)
            chunk_high = (entry & HIGH_MASK).astype(np.int32)
            chunk_low = (entry >> HIGH_BITS).astype(np.int32)
        if want_high:
            nibbles = (total >> COUNTER_SHIFT) & _FLUSH_NIBBLES
            flushed = np.flatnonzero(nibbles)
            if flushed.size:
                if card_sets is None:
                    suited_sets = _card_sets(block[flushed])
                else:
                    suited_sets = card_sets[flushed]
                flush_nibble = nibbles[flushed]
                suit = (
                    (flush_nibble >= 0x80).astype(np.int64)
                    + (flush_nibble >= 0x800)
                    + (flush_nibble >= 0x8000)
                )
                values = flush_table[(suited_sets >> (13 * suit)) & 0x1FFF].astype(np.int32)
                chunk_high[flushed] = np.maximum(chunk_high[flushed], values)
            high[start : start + len(block)] = chunk_high
        if want_low:
            if offset:
                chunk_low -= offset
                np.maximum(chunk_low, 0, out=chunk_low)
            low[start : start + len(block)] = chunk_low
    return high, low


def _evaluate_wide(
    codes: npt.NDArray[np.uint8],
    *,
    want_high: bool,
    want_low: bool,
    offset: int,
    check_duplicates: bool,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The path of :func:`_evaluate` for 8 and 9 cards (:func:`.wide.wide_values`), in
    steps of :data:`CHUNK_ROWS`: same arguments, same values as the 7-card subsets."""
    rows, width = codes.shape
    if rows <= CHUNK_ROWS:
        parts = [codes]
    else:
        parts = [codes[start : start + CHUNK_ROWS] for start in range(0, rows, CHUNK_ROWS)]
    highs, lows = [], []
    for start, block in zip(range(0, rows, CHUNK_ROWS), parts, strict=True):
        card_sets = suit_masks(block)
        if check_duplicates:
            bad = np.flatnonzero(np.bitwise_count(card_sets) != width)
            if bad.size:
                raise DuplicateCardError(f"row {start + int(bad[0])} holds the same card twice")
        high, low = wide_values(card_sets, want_high=want_high, want_low=want_low, offset=offset)
        if want_low and not offset:
            # paired lows (no qualifier only): rows of fewer than five ranks, by subsets
            paired = np.flatnonzero(low == 0)
            if paired.size:
                low[paired] = _evaluate(
                    block[paired],
                    want_high=False,
                    want_low=True,
                    offset=0,
                    check_duplicates=False,
                    light=False,
                )[1]
        highs.append(high)
        lows.append(low)
    if len(parts) == 1:
        return highs[0], lows[0]
    return np.concatenate(highs), np.concatenate(lows)


def high_values(codes: npt.ArrayLike, *, check_duplicates: bool = True) -> npt.NDArray[np.int32]:
    """High values of many hands at once (RULES.md §5, High; same values as
    :func:`high_value`).

    Args:
        codes: ``uint8[n, k]`` card codes ``0..51``, ``k`` = 5..9 cards per row (other
            integer dtypes are converted after a range check).
        check_duplicates: verify that no row repeats a card (a little extra work; rows
            with repeated cards otherwise give meaningless values).

    Returns:
        ``int32[n]`` values in ``1..7462``.

    Raises:
        InvalidCardError: wrong shape, dtype or a code outside ``0..51``.
        DuplicateCardError: a row repeats a card (when ``check_duplicates``).
    """
    array = _as_codes(codes)
    return _evaluate(
        array, want_high=True, want_low=False, offset=0, check_duplicates=check_duplicates
    )[0]


def low_values(
    codes: npt.ArrayLike, qualifier: int | None = 8, *, check_duplicates: bool = True
) -> npt.NDArray[np.int32]:
    """Ace-to-five low values of many hands at once (RULES.md §5, Low; same values as
    :func:`low_value`).

    Args:
        codes: ``uint8[n, k]`` card codes, ``k`` = 5..9.
        qualifier: 8 (default), ``5..13``, or ``None`` for no qualifier.
        check_duplicates: as :func:`high_values`.

    Returns:
        ``int32[n]``: ``0`` (no qualifying low) or ``1..C(qualifier, 5)``; ``1..6175``
        without qualifier.

    Raises:
        InvalidCardError / DuplicateCardError: as :func:`high_values`.
        InvalidConfigError: the qualifier is not allowed.
    """
    offset = qualifier_offset(qualifier)
    array = _as_codes(codes)
    return _evaluate(
        array, want_high=False, want_low=True, offset=offset, check_duplicates=check_duplicates
    )[1]


def high_low_values(
    codes: npt.ArrayLike, qualifier: int | None = 8, *, check_duplicates: bool = True
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """High and low values together, sharing one pass over the cards (cheaper than
    :func:`high_values` plus :func:`low_values`).

    Returns:
        ``(high int32[n], low int32[n])`` as the two separate functions.

    Raises:
        As :func:`high_values` and :func:`low_values`.
    """
    offset = qualifier_offset(qualifier)
    array = _as_codes(codes)
    return _evaluate(
        array, want_high=True, want_low=True, offset=offset, check_duplicates=check_duplicates
    )
