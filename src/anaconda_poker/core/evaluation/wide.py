"""Best five of 8 or 9 cards in one pass, from each suit's 13-bit rank mask (RULES.md §5).

The rank-key tables (:mod:`.tables`) identify multisets of at most 7 ranks, so hands of 8
or 9 cards used to look up all their 8 or 36 seven-card subsets. This path looks up each
hand a handful of times instead, whatever its size: with ``s0..s3`` the rank masks of the
four suits, the masks of ranks held at least once, twice, three and four times are

* ``A = s0 | s1 | s2 | s3``,
* ``B = (s0 & s1) | (s2 & s3) | ((s0 | s1) & (s2 | s3))``,
* ``C = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))``,
* ``D = s0 & s1 & s2 & s3``,

and the best high is the largest of one candidate per hand class, each the best hand of
its class when the class is present and 0 otherwise (the dense values of RULES.md §5 grow
with the class, so the largest candidate is the best five):

* straight or no pair: the best five of one card of each rank in ``A`` (table of 8,192);
* one pair: the top rank of ``B`` with the top three other ranks of ``A``;
* two pair: the top two ranks of ``B`` and the top other rank of ``A``;
* three of a kind: the top rank of ``C`` with the top two other ranks of ``A``;
* full house: the top rank of ``C`` with the top other rank of ``B``;
* four of a kind: the rank of ``D`` with the top other rank of ``A``;
* flush or straight flush: the flush table of each suit's mask (8 or 9 cards hold at most
  one suit of five or more).

The ace-to-five low of a hand of five or more ranks is the best low of its distinct ranks
``A`` (a table of 8,192); a paired low (fewer ranks, which only counts without a
qualifier) is left 0 here and the batch evaluator values those rare rows by their 7-card
subsets. Every candidate's value comes from the rank table of :mod:`.tables` (the five
cards' rank-key sum), so values are the same dense numbers; tests compare this path with
the seven-card subsets and the scalar evaluator. The tables here are derived from
:class:`~.tables.Tables` on first use (about 15 ms of CPU time, 0.6 MB).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from anaconda_poker.core.evaluation.low import qualified_lows
from anaconda_poker.core.evaluation.tables import HIGH_BITS, HIGH_MASK, Tables, get_tables

RANKS: Final = 13
NONE: Final = RANKS
"""Rank index standing for "no such rank" (a row of zeros in every candidate table)."""
MASKS: Final = 1 << RANKS
_SUIT_MASK: Final = np.int64(MASKS - 1)
_CODES: Final = np.arange(52)
CARD_BITS: Final = np.left_shift(np.int64(1), 13 * (_CODES & 3) + (_CODES >> 2)).astype(np.int64)
"""One bit per card code at ``13 * suit + rank``: a row's sum holds each suit's rank mask."""


@dataclass(frozen=True, slots=True)
class WideTables:
    """Candidate tables of the one-pass path (module docstring); ``uint16`` values.

    Attributes:
        top: ``intp[8192]`` the highest rank of a mask, :data:`NONE` for 0.
        bit: ``int64[14]`` the bit of a rank, 0 for :data:`NONE`.
        distinct: ``[8192]`` best non-flush high of one card per rank of a mask.
        low: ``[8192]`` best unqualified low of those ranks (0 under five ranks).
        pair: ``[14 * 8192]`` by pair rank and the mask of the other ranks.
        trips: ``[14 * 8192]`` by trips rank and the mask of the other ranks.
        two_pair: ``[14 * 14 * 14]`` by top pair, second pair and kicker.
        full_house: ``[14 * 14]`` by trips rank and pair rank.
        quads: ``[14 * 14]`` by quads rank and kicker.
        flush: ``[8192]`` the flush table of :class:`~.tables.Tables`.
    """

    top: npt.NDArray[np.intp]
    bit: npt.NDArray[np.int64]
    distinct: npt.NDArray[np.uint16]
    low: npt.NDArray[np.uint16]
    pair: npt.NDArray[np.uint16]
    trips: npt.NDArray[np.uint16]
    two_pair: npt.NDArray[np.uint16]
    full_house: npt.NDArray[np.uint16]
    quads: npt.NDArray[np.uint16]
    flush: npt.NDArray[np.uint16]


def build_wide_tables(tables: Tables) -> WideTables:
    """Derive the candidate tables from the rank and flush tables of ``tables``."""
    keys = np.append(tables.rank_keys, 0)  # index NONE adds nothing
    masks = np.arange(MASKS)
    top = np.full(MASKS, NONE, dtype=np.intp)
    for rank in range(RANKS):
        top[masks >= 1 << rank] = rank
    bit = np.array([1 << r for r in range(RANKS)] + [0], dtype=np.int64)

    def high_of(
        sums: npt.NDArray[np.int64], valid: npt.NDArray[np.bool_]
    ) -> npt.NDArray[np.uint16]:
        entries = tables.entries(np.where(valid, sums, sums[np.argmax(valid)]))
        return np.where(valid, entries & HIGH_MASK, 0).astype(np.uint16)

    def tops(mask: npt.NDArray[np.int64], count: int) -> list[npt.NDArray[np.intp]]:
        out = []
        for _ in range(count):
            out.append(top[mask])
            mask = mask & ~bit[out[-1]]
        return out

    # one card of each rank: the five-rank masks, then the best over dropping one rank
    counts = np.bitwise_count(masks)
    distinct = np.zeros(MASKS, dtype=np.uint16)
    low = np.zeros(MASKS, dtype=np.uint16)
    five = masks[counts == 5]
    entries = tables.entries(sum(((five >> r) & 1) * int(keys[r]) for r in range(RANKS)))
    distinct[five] = entries & HIGH_MASK
    low[five] = entries >> HIGH_BITS  # 13 bits each: they fit in uint16
    for size in range(6, RANKS + 1):
        level = masks[counts == size]
        for rank in range(RANKS):
            has = level[(level >> rank) & 1 == 1]
            distinct[has] = np.maximum(distinct[has], distinct[has ^ (1 << rank)])
            low[has] = np.maximum(low[has], low[has ^ (1 << rank)])

    ranks = np.repeat(np.arange(NONE + 1), MASKS)
    others = np.tile(masks, NONE + 1)
    apart = (ranks < NONE) & ((others >> np.minimum(ranks, RANKS - 1)) & 1 == 0)
    k1, k2, k3 = tops(others, 3)
    pair = high_of(2 * keys[ranks] + keys[k1] + keys[k2] + keys[k3], apart & (k3 < NONE))
    trips = high_of(3 * keys[ranks] + keys[k1] + keys[k2], apart & (k2 < NONE))

    a, b, c = (x.ravel() for x in np.indices((NONE + 1,) * 3))
    two_valid = (a < NONE) & (b < NONE) & (c < NONE) & (a != b) & (c != a) & (c != b)
    two_pair = high_of(2 * keys[a] + 2 * keys[b] + keys[c], two_valid)
    a, b = (x.ravel() for x in np.indices((NONE + 1,) * 2))
    apart2 = (a < NONE) & (b < NONE) & (a != b)
    full_house = high_of(3 * keys[a] + 2 * keys[b], apart2)
    quads = high_of(4 * keys[a] + keys[b], apart2)
    arrays = (top, bit, distinct, low, pair, trips, two_pair, full_house, quads)
    flush = tables.flush_table
    for array in (*arrays, flush):
        array.flags.writeable = False
    return WideTables(*arrays, flush=flush)


_lock = threading.Lock()
_wide: tuple[Tables, WideTables] | None = None


def get_wide_tables() -> WideTables:
    """The candidate tables of the process-wide :func:`~.tables.get_tables`, derived on the
    first call (thread-safe) and cached."""
    global _wide
    tables = get_tables()
    cached = _wide
    if cached is None or cached[0] is not tables:
        with _lock:
            cached = _wide
            if cached is None or cached[0] is not tables:
                cached = (tables, build_wide_tables(tables))
                _wide = cached
    return cached[1]


def suit_masks(codes: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """``int64[n]``: per row the sum of :data:`CARD_BITS`, the four suits' rank masks
    (13 bits each, clubs lowest) when the row's cards are distinct."""
    sets: npt.NDArray[np.int64] = CARD_BITS.take(codes.T).sum(axis=0)  # faster than axis=1
    return sets


def wide_values(
    card_sets: npt.NDArray[np.int64], *, want_high: bool, want_low: bool, offset: int
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """High and low values of rows of distinct cards from their :func:`suit_masks`.

    Args:
        card_sets: ``int64[n]`` from :func:`suit_masks` (any number of cards per row; at
            most one suit may hold five or more, true of 5..9 cards).
        want_high, want_low: which values to compute (the other is an empty array).
        offset: the low qualifier's offset (:func:`~.low.qualifier_offset`).

    Returns:
        ``(high int32[n], low int32[n])``, the values of the batch evaluator, except that
        a row of fewer than five ranks gets low 0 (its paired low is not looked up).
    """
    t = get_wide_tables()
    s0, s1, s2, s3, any01, any23, once = _suit_parts(card_sets)
    high = np.zeros(0, dtype=np.int32)
    low = np.zeros(0, dtype=np.int32)
    if want_high:
        high = _best_high(t, s0, s1, s2, s3, any01, any23, once).astype(np.int32)
    if want_low:
        low = t.low.take(once).astype(np.int32)
        if offset:
            low -= offset
            np.maximum(low, 0, out=low)
    return high, low


def _suit_parts(card_sets: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], ...]:
    """Each suit's 13-bit rank mask of each row, ``s0 | s1``, ``s2 | s3`` and the ranks
    present at all (``once``), as :func:`_best_high` takes them."""
    s0 = card_sets & _SUIT_MASK
    s1 = (card_sets >> 13) & _SUIT_MASK
    s2 = (card_sets >> 26) & _SUIT_MASK
    s3 = card_sets >> 39
    any01, any23 = s0 | s1, s2 | s3
    return s0, s1, s2, s3, any01, any23, any01 | any23


def _best_high(
    t: WideTables,
    s0: npt.NDArray[np.int64],
    s1: npt.NDArray[np.int64],
    s2: npt.NDArray[np.int64],
    s3: npt.NDArray[np.int64],
    any01: npt.NDArray[np.int64],
    any23: npt.NDArray[np.int64],
    once: npt.NDArray[np.int64],
) -> npt.NDArray[np.uint16]:
    """The best high of each row from its suits' rank masks (module docstring)."""
    both01, both23 = s0 & s1, s2 & s3
    twice = both01 | both23 | (any01 & any23)
    thrice = (both01 & any23) | (both23 & any01)
    best = t.distinct.take(once)
    pair = t.top.take(twice)
    pair_bit = t.bit.take(pair)
    kickers = once ^ pair_bit
    np.maximum(best, t.pair.take((pair << RANKS) | kickers), out=best)
    second = t.top.take(twice ^ pair_bit)
    kicker = t.top.take(kickers ^ t.bit.take(second))
    np.maximum(best, t.two_pair.take((pair * 14 + second) * 14 + kicker), out=best)
    trips = t.top.take(thrice)
    trips_bit = t.bit.take(trips)
    np.maximum(best, t.trips.take((trips << RANKS) | (once ^ trips_bit)), out=best)
    full = t.top.take(twice ^ trips_bit)
    np.maximum(best, t.full_house.take(trips * 14 + full), out=best)
    quads = t.top.take(both01 & both23)
    kicker = t.top.take(once ^ t.bit.take(quads))
    np.maximum(best, t.quads.take(quads * 14 + kicker), out=best)
    for suit in (s0, s1, s2, s3):
        np.maximum(best, t.flush.take(suit), out=best)
    return best


_low_cache: dict[int, tuple[WideTables, npt.NDArray[np.int64]]] = {}


def set_values64(
    card_sets: npt.NDArray[np.int64], *, want_low: bool, offset: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64] | None]:
    """:func:`wide_values` as the analysis code takes them, for a low with qualifier
    (``offset > 0``) or none (``want_low`` false): ``int64`` values, the low ``-1`` where
    it does not qualify, from an ``int64`` low table per offset (cached): one gather
    instead of a gather, two conversions, the offset and the fix-up of the missing lows
    (tested equal).

    Args:
        card_sets: ``int64[n]`` from :func:`suit_masks` (5..9 distinct cards per row).
        want_low: whether to value the low.
        offset: the low qualifier's offset (:func:`~.low.qualifier_offset`), ``> 0``.

    Returns:
        ``(high int64[n], low int64[n])``, or ``(high, None)`` without ``want_low``.

    Raises:
        ValueError: ``want_low`` with ``offset <= 0`` (a low without qualifier needs the
            paired lows of :func:`wide_values`'s callers, not this table).
    """
    t = get_wide_tables()
    s0, s1, s2, s3, any01, any23, once = _suit_parts(card_sets)
    high = _best_high(t, s0, s1, s2, s3, any01, any23, once).astype(np.int64)
    if not want_low:
        return high, None
    cached = _low_cache.get(offset)
    if cached is None or cached[0] is not t:
        if offset <= 0:
            raise ValueError("set_values64 values lows with a qualifier only")
        cached = (t, qualified_lows(t.low, offset))
        _low_cache[offset] = cached
    return high, cached[1].take(once)
