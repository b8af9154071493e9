"""The precomputed tables behind every evaluation, built once on first use.

What is built (:func:`build_tables`, cached by :func:`get_tables`):

* ``rank_table`` (``uint32``): for every multiset of 5, 6 or 7 ranks, bits 0..12 hold the
  best *non-flush* high value of those ranks and bits 13..25 the best ace-to-five low
  value without qualifier (1..6175). A hand's rank-key sum ``key`` (:mod:`.rank_keys`)
  finds its entry at ``displacement[key >> ROW_SHIFT] + (key & ROW_MASK)``: the sparse
  key range (0..18,393,157, 73,775 keys used) is cut into rows of 256 keys and the rows
  are overlapped without collisions ("row displacement" compression, first fit, largest
  rows first). Two small gathers replace one gather into a 74 MB dense table, and both
  arrays stay in the CPU caches.
* ``flush_table`` (``uint16[8192]``) indexed by the 13-bit rank mask of one suit: the best
  flush or straight flush among those ranks (0 for fewer than five).
* ``high_scores`` / ``low_scores`` (``int64``): the score (:mod:`.scores`) of each dense
  value, for descriptions and categories; index 0 is unused.
* for the scalar API, which indexes from Python: ``high_table`` (``uint16``, the high bits
  of ``rank_table`` alone), memoryviews of it, of ``rank_table`` and of ``displacement``
  (indexing a memoryview gives a plain ``int``, several times faster than indexing an
  array), and ``flush_list``, a ``list`` copy of ``flush_table``.

Values are the dense positions of the scores of all distinct five-card hands (7,462 high,
6,175 low), so equal hands get equal values and the weakest hand gets 1 (RULES.md §5).
The entry of 6 or 7 ranks is the best over removing one card, filled size by size.

Cost, measured on the development machine (Python 3.11, NumPy 2.4): about 0.35 s of CPU
time to build, once per process, on the first evaluation; 1.2 MB of NumPy arrays
(``rank_table`` 134k entries, ``displacement`` 72k, ``high_table``, ``flush_table`` and
the score lists) plus about 0.3 MB for ``flush_list``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from anaconda_poker.core.evaluation.rank_keys import MAX_CARDS_UNIQUE, RANK_KEYS
from anaconda_poker.core.evaluation.scores import high_score, low_score

HIGH_COUNT: Final = 7462
"""Distinct five-card high hands (RULES.md §5): values are 1..7462."""
LOW_COUNT: Final = 6175
"""Distinct five-card ace-to-five lows without qualifier: values are 1..6175."""
HIGH_BITS: Final = 13
HIGH_MASK: Final = (1 << HIGH_BITS) - 1
ROW_SHIFT: Final = 8
ROW_MASK: Final = (1 << ROW_SHIFT) - 1
_FIT_WINDOW: Final = 1 << 11
_BACKTRACK: Final = 1 << 10


@dataclass(frozen=True, slots=True)
class Tables:
    """The evaluation tables (see the module docstring). Arrays are read-only."""

    rank_table: npt.NDArray[np.uint32]
    displacement: npt.NDArray[np.int32]
    flush_table: npt.NDArray[np.uint16]
    high_scores: npt.NDArray[np.int64]
    low_scores: npt.NDArray[np.int64]
    rank_keys: npt.NDArray[np.int64]
    high_table: npt.NDArray[np.uint16]
    flush_list: list[int]
    high_view: memoryview
    rank_view: memoryview
    displacement_view: memoryview

    @property
    def nbytes(self) -> int:
        """Memory held by the NumPy arrays, in bytes."""
        arrays = (
            self.rank_table,
            self.high_table,
            self.displacement,
            self.flush_table,
            self.high_scores,
            self.low_scores,
            self.rank_keys,
        )
        return sum(a.nbytes for a in arrays)

    def entries(self, keys: npt.NDArray[np.int64]) -> npt.NDArray[np.uint32]:
        """Rank-table entries of rank-key sums of 5..7 cards (any shape)."""
        rows = self.displacement[keys >> ROW_SHIFT]
        found: npt.NDArray[np.uint32] = self.rank_table[rows + (keys & ROW_MASK)]
        return found

    def entry(self, key: int) -> int:
        """Rank-table entry of one rank-key sum of 5..7 cards."""
        return int(self.rank_view[self.displacement_view[key >> ROW_SHIFT] + (key & ROW_MASK)])


def rank_multisets(max_size: int) -> list[npt.NDArray[np.int8]]:
    """Count vectors ``int8[m, 13]`` of all rank multisets of each size ``0..max_size``
    (no rank more than 4 times), built rank by rank."""
    by_size = [np.zeros((1, 0), dtype=np.int8)] + [
        np.zeros((0, 0), dtype=np.int8) for _ in range(max_size)
    ]
    for _rank in range(13):
        grown = []
        for size in range(max_size + 1):
            parts = [
                np.hstack(
                    [by_size[size - copies], np.full((len(by_size[size - copies]), 1), copies)]
                ).astype(np.int8)
                for copies in range(min(4, size) + 1)
            ]
            grown.append(np.vstack(parts))
        by_size = grown
    return by_size


def _ranks_descending(counts: npt.NDArray[np.int8]) -> list[int]:
    return [rank for rank in range(12, -1, -1) for _ in range(int(counts[rank]))]


def row_displacement(keys: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int32], int]:
    """Row-displacement hashing (Tarjan and Yao, "Storing a sparse table", CACM 1979): place
    rows of ``2**ROW_SHIFT`` keys at offsets where their used keys do not collide (first
    fit, rows with most keys first), so key ``k`` lives in slot
    ``displacement[k >> ROW_SHIFT] + (k & ROW_MASK)`` with no probing.

    Args:
        keys: int64[n], distinct non-negative keys.

    Returns:
        (int32[max row + 1] displacement per row, table size in slots).
    """
    ordered = np.sort(keys)
    rows = ordered >> ROW_SHIFT
    offsets = ordered & ROW_MASK
    row_ids, starts, counts = np.unique(rows, return_index=True, return_counts=True)
    occupied = np.zeros(len(keys) * 2 + 2 * _FIT_WINDOW + ROW_MASK + 1, dtype=bool)
    displacement = np.zeros(int(rows.max()) + 1, dtype=np.int32)
    first_free = 0
    previous = 0
    order = np.argsort(-counts, kind="stable")
    singles = order[counts[order] == 1]
    for row in order[counts[order] > 1].tolist():
        used = offsets[starts[row] : starts[row] + counts[row]]
        first, rest = int(used[0]), used[1:]
        # Rows come largest first, so the previous row's place is a good start: earlier
        # holes are left to the smaller rows that follow.
        base = max(first_free - first, previous - _BACKTRACK, 0)
        while True:
            fits = np.flatnonzero(~occupied[base + first : base + first + _FIT_WINDOW])
            for offset in rest[:3].tolist():
                fits = fits[~occupied[base + offset + fits]]
            if fits.size and len(rest) > 3:
                clashes = occupied[base + rest[3:, None] + fits[None, :]].any(axis=0)
                fits = fits[~clashes]
            if fits.size:
                place = base + int(fits[0])
                break
            base += _FIT_WINDOW
        occupied[used + place] = True
        displacement[row_ids[row]] = place
        previous = place
        if occupied[first_free]:
            first_free += int(np.argmax(~occupied[first_free:]))
    free = np.flatnonzero(~occupied)[: len(singles)]
    displacement[row_ids[singles]] = free - offsets[starts[singles]]
    occupied[free] = True
    return displacement, int(np.flatnonzero(occupied).max()) + 1


def build_tables() -> Tables:
    """Build all tables from the rules of RULES.md §5 (see the module docstring)."""
    keys = np.array(RANK_KEYS, dtype=np.int64)
    multisets = rank_multisets(MAX_CARDS_UNIQUE)

    five = multisets[5]
    five_ranks = [_ranks_descending(counts) for counts in five]
    five_high = np.array([high_score(ranks, flush=False) for ranks in five_ranks])
    five_low = np.array([low_score(ranks) for ranks in five_ranks])
    suited = np.array(list(combinations(range(12, -1, -1), 5)), dtype=np.int64)
    suited_high = np.array([high_score(ranks, flush=True) for ranks in suited.tolist()])

    high_scores = np.unique(np.concatenate([five_high, suited_high]))
    low_scores = np.unique(five_low)
    if len(high_scores) != HIGH_COUNT or len(low_scores) != LOW_COUNT:
        raise AssertionError("hand classes miscounted")  # pragma: no cover

    sums = [five.astype(np.int64) @ keys]
    highs = [np.searchsorted(high_scores, five_high) + 1]
    lows = [np.searchsorted(low_scores, five_low) + 1]
    for size in range(6, MAX_CARDS_UNIQUE + 1):
        counts = multisets[size]
        size_sums = counts.astype(np.int64) @ keys
        previous_order = np.argsort(sums[-1])
        previous_sorted = sums[-1][previous_order]
        best_high = np.zeros(len(size_sums), dtype=np.int64)
        best_low = np.zeros(len(size_sums), dtype=np.int64)
        for rank in range(13):
            present = np.flatnonzero(counts[:, rank] > 0)
            found = previous_order[
                np.searchsorted(previous_sorted, size_sums[present] - keys[rank])
            ]
            best_high[present] = np.maximum(best_high[present], highs[-1][found])
            best_low[present] = np.maximum(best_low[present], lows[-1][found])
        sums.append(size_sums)
        highs.append(best_high)
        lows.append(best_low)
    all_sums = np.concatenate(sums)
    all_highs = np.concatenate(highs)
    packed = (all_highs | (np.concatenate(lows) << HIGH_BITS)).astype(np.uint32)
    if len(np.unique(all_sums)) != len(all_sums):
        raise AssertionError("rank keys are not unique")  # pragma: no cover
    displacement, size = row_displacement(all_sums)
    rank_table = np.zeros(size, dtype=np.uint32)
    rank_table[displacement[all_sums >> ROW_SHIFT] + (all_sums & ROW_MASK)] = packed

    flush_table = np.zeros(1 << 13, dtype=np.int64)
    flush_table[(np.left_shift(1, suited)).sum(axis=1)] = (
        np.searchsorted(high_scores, suited_high) + 1
    )
    all_masks = np.arange(1 << 13)
    popcounts = np.bitwise_count(all_masks)
    for bits in range(6, 14):
        level = all_masks[popcounts == bits]
        best = np.zeros(len(level), dtype=np.int64)
        for rank in range(13):
            bit = 1 << rank
            has = (level & bit) != 0
            best[has] = np.maximum(best[has], flush_table[level[has] ^ bit])
        flush_table[level] = best

    high_with_zero = np.concatenate([[0], high_scores]).astype(np.int64)
    low_with_zero = np.concatenate([[0], low_scores]).astype(np.int64)
    arrays = (
        rank_table,
        displacement,
        flush_table.astype(np.uint16),
        high_with_zero,
        low_with_zero,
        keys,
    )
    for array in arrays:
        array.flags.writeable = False
    return tables_from_arrays(dict(zip(ARRAY_NAMES, arrays, strict=True)))


ARRAY_NAMES: Final = (
    "rank_table",
    "displacement",
    "flush_table",
    "high_scores",
    "low_scores",
    "rank_keys",
)
"""The arrays :func:`build_tables` computes; every other field of :class:`Tables` is
derived from them (:func:`tables_from_arrays`). A cache of the tables stores these."""
_DTYPES: Final = {
    "rank_table": np.uint32,
    "displacement": np.int32,
    "flush_table": np.uint16,
    "high_scores": np.int64,
    "low_scores": np.int64,
    "rank_keys": np.int64,
}


def tables_from_arrays(arrays: dict[str, npt.NDArray[np.generic]]) -> Tables:
    """:class:`Tables` from the arrays named in :data:`ARRAY_NAMES` (as built, or as read
    back from a cache): the derived fields are computed here, the arrays made read-only.

    Raises:
        ValueError: an array is missing, one-dimensional or of another dtype than built.
    """
    checked = {}
    for name in ARRAY_NAMES:
        array = arrays.get(name)
        if array is None or array.ndim != 1 or array.dtype != _DTYPES[name]:
            raise ValueError(f"evaluation table {name!r} is missing or malformed")
        array = np.ascontiguousarray(array)
        array.flags.writeable = False
        checked[name] = array
    rank_table: npt.NDArray[np.uint32] = checked["rank_table"]  # type: ignore[assignment]
    high_table = (rank_table & HIGH_MASK).astype(np.uint16)
    high_table.flags.writeable = False
    return Tables(
        rank_table=rank_table,
        displacement=checked["displacement"],  # type: ignore[arg-type]
        flush_table=checked["flush_table"],  # type: ignore[arg-type]
        high_scores=checked["high_scores"],  # type: ignore[arg-type]
        low_scores=checked["low_scores"],  # type: ignore[arg-type]
        rank_keys=checked["rank_keys"],  # type: ignore[arg-type]
        high_table=high_table,
        flush_list=[int(v) for v in checked["flush_table"].tolist()],
        high_view=high_table.data,
        rank_view=rank_table.data,
        displacement_view=checked["displacement"].data,
    )


_lock = threading.Lock()
_tables: Tables | None = None
_provider: Callable[[], Tables] | None = None


def set_tables_provider(provider: Callable[[], Tables] | None) -> None:
    """Let :func:`get_tables` obtain the tables from ``provider`` instead of building
    them (``None``: build). The package registers a provider that reads them from a
    per-machine cache file (:mod:`anaconda_poker.tablecache`; this pure module does no
    I/O). Tables already obtained in this process stay."""
    global _provider
    _provider = provider


def get_tables() -> Tables:
    """The process-wide tables, obtained on the first call (thread-safe) and cached: from
    the registered provider (:func:`set_tables_provider`), else built.

    Building costs about 0.35 s of CPU time and 1.5 MB; a server may call it at start-up
    so that no player waits for the first evaluation. Later calls are free.
    """
    global _tables
    if _tables is None:
        with _lock:
            if _tables is None:
                _tables = _provider() if _provider is not None else build_tables()
    return _tables
