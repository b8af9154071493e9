"""The precomputed tables behind every evaluation, built once on first use.

* ``rank_table``: ``uint32`` indexed by the rank-key sum of 5, 6 or 7 cards
  (:mod:`.rank_keys`): bits 0..12 hold the best *non-flush* high value of those ranks,
  bits 13..25 the best ace-to-five low value without qualifier (1..6175).
* ``flush_table``: ``uint16[8192]`` indexed by the 13-bit rank mask of one suit: the best
  flush or straight flush among those ranks (0 for fewer than five ranks).
* ``high_scores`` / ``low_scores``: the score (:mod:`.scores`) of each dense value, for
  descriptions and categories.

Values are dense positions of the scores of all distinct five-card hands (7,462 high,
6,175 low), so equal hands get equal values and the weakest hand gets 1 (RULES.md §5).
A 6- or 7-card entry is the best over removing one card, filled size by size.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
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


@dataclass(frozen=True, slots=True)
class Tables:
    """The evaluation tables (see the module docstring). Arrays are read-only."""

    rank_table: npt.NDArray[np.uint32]
    flush_table: npt.NDArray[np.uint16]
    high_scores: npt.NDArray[np.int64]
    low_scores: npt.NDArray[np.int64]
    rank_keys: npt.NDArray[np.int64]

    @property
    def nbytes(self) -> int:
        """Memory held by the arrays, in bytes."""
        return sum(
            a.nbytes
            for a in (
                self.rank_table,
                self.flush_table,
                self.high_scores,
                self.low_scores,
                self.rank_keys,
            )
        )


def _rank_multisets(size: int) -> npt.NDArray[np.int64]:
    """All multisets of ``size`` rank indices with no rank more than 4 times, as rows."""
    rows = [
        c for c in combinations_with_replacement(range(13), size) if max(Counter(c).values()) <= 4
    ]
    return np.array(rows, dtype=np.int64).reshape(len(rows), size)


def build_tables() -> Tables:
    """Build all tables from the rules (about 0.3 s; see :func:`get_tables`)."""
    keys = np.array(RANK_KEYS, dtype=np.int64)

    five = _rank_multisets(5)
    five_high = np.array([high_score(row[::-1], flush=False) for row in five.tolist()])
    five_low = np.array([low_score(row) for row in five.tolist()])
    suited = np.array(list(combinations(range(13), 5)), dtype=np.int64)
    suited_high = np.array([high_score(row[::-1], flush=True) for row in suited.tolist()])

    high_scores = np.unique(np.concatenate([five_high, suited_high]))
    low_scores = np.unique(five_low)
    if len(high_scores) != HIGH_COUNT or len(low_scores) != LOW_COUNT:
        raise AssertionError("hand classes miscounted")  # pragma: no cover

    largest = int(4 * keys[12] + (MAX_CARDS_UNIQUE - 4) * keys[11])
    high_part = np.zeros(largest + 1, dtype=np.int64)
    low_part = np.zeros(largest + 1, dtype=np.int64)
    sums = keys[five].sum(axis=1)
    high_part[sums] = np.searchsorted(high_scores, five_high) + 1
    low_part[sums] = np.searchsorted(low_scores, five_low) + 1
    for size in range(6, MAX_CARDS_UNIQUE + 1):
        multisets = _rank_multisets(size)
        sums = keys[multisets].sum(axis=1)
        best_high = np.zeros(len(sums), dtype=np.int64)
        best_low = np.zeros(len(sums), dtype=np.int64)
        for column in range(size):
            smaller = sums - keys[multisets[:, column]]
            np.maximum(best_high, high_part[smaller], out=best_high)
            np.maximum(best_low, low_part[smaller], out=best_low)
        high_part[sums] = best_high
        low_part[sums] = best_low
    rank_table = (high_part | (low_part << HIGH_BITS)).astype(np.uint32)

    flush_table = np.zeros(1 << 13, dtype=np.int64)
    masks = (np.left_shift(1, suited)).sum(axis=1)
    flush_table[masks] = np.searchsorted(high_scores, suited_high) + 1
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
    arrays = (rank_table, flush_table.astype(np.uint16), high_with_zero, low_with_zero, keys)
    for array in arrays:
        array.flags.writeable = False
    return Tables(*arrays)


_lock = threading.Lock()
_tables: Tables | None = None


def get_tables() -> Tables:
    """The process-wide tables, built on the first call (thread-safe) and cached."""
    global _tables
    if _tables is None:
        with _lock:
            if _tables is None:
                _tables = build_tables()
    return _tables
