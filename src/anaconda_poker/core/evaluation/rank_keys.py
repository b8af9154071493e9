"""Per-rank keys whose sums identify a multiset of ranks.

Every multiset of at most 7 ranks, each rank at most 4 times (the rank content of any 0..7
cards from one deck), has a different sum of :data:`RANK_KEYS`. The sum is therefore a
perfect, order-free index of the rank content of a hand: adding one number per card is
all an evaluator needs to find the non-flush high value and the low value in a table.

How the keys were found: a greedy search (:func:`search_rank_keys`, run once by hand; the
tests re-run its first ten steps and check the uniqueness of all sums): rank by rank, from
the deuce up, take the smallest key larger than the previous one that keeps all sums
distinct. With the sets ``S_j`` of sums of the
multisets of at most ``j`` cards over the keys chosen so far, a candidate ``x`` breaks
uniqueness exactly when ``a - b = d * x`` for some ``a`` in ``S_7``, ``b`` in ``S_{7-d}``
and ``d`` in ``1..4`` (``d`` = the difference of how many copies of the new rank the two
colliding multisets hold), so all forbidden ``x`` come from four cross-correlations of
indicator vectors, computed with FFTs (about 10 s and 1 GB of buffers with NumPy for all
13 keys).

The largest sum of a 7-card hand is ``4 * 3453520 + 3 * 1526359 = 18_393_157`` (< 2**25);
9 cards stay below ``2**25`` as well, though sums of 8 or 9 ranks are *not* unique (those
hands are evaluated through their 7-card subsets).
"""

from __future__ import annotations

from typing import Final

import numpy as np

RANK_KEYS: Final[tuple[int, ...]] = (
    1,
    5,
    24,
    112,
    521,
    2247,
    9244,
    30823,
    103066,
    250154,
    667453,
    1526359,
    3453520,
)
"""Key of each rank index (2 → 0 … ace → 12); see the module docstring."""

MAX_CARDS_UNIQUE: Final = 7
"""Multisets of up to this many ranks have distinct key sums."""

KEY_BITS: Final = 25
"""Bits needed by a key sum of up to 9 cards (``2**25 > 4*K[12] + 4*K[11] + K[10]``)."""


def _sums_by_size(keys: list[int], max_cards: int) -> list[np.ndarray]:
    by_size: list[np.ndarray] = [np.zeros(1, dtype=np.int64)] + [
        np.zeros(0, dtype=np.int64) for _ in range(max_cards)
    ]
    for key in keys:
        grown = [a.copy() for a in by_size]
        for size in range(max_cards + 1):
            for copies in range(1, 5):
                if size + copies <= max_cards:
                    grown[size + copies] = np.concatenate(
                        [grown[size + copies], by_size[size] + copies * key]
                    )
        by_size = grown
    return by_size


def search_rank_keys(count: int = 13, max_cards: int = MAX_CARDS_UNIQUE) -> tuple[int, ...]:
    """Re-run the greedy search that produced :data:`RANK_KEYS`.

    Args:
        count: how many keys to find (13 for a full deck).
        max_cards: the largest multiset size that must have unique sums.

    Returns:
        The keys, increasing. ``search_rank_keys() == RANK_KEYS``. Takes about 10 s.
    """
    keys: list[int] = []
    while len(keys) < count:
        by_size = _sums_by_size(keys, max_cards)
        at_most = [np.concatenate(by_size[: j + 1]) for j in range(max_cards + 1)]
        every = at_most[max_cards]
        limit = int(every.max()) + 1
        length = 1 << (2 * limit).bit_length()
        indicator = np.zeros(length)
        indicator[every] = 1.0
        spectrum = np.fft.rfft(indicator)
        forbidden = np.zeros(limit + 1, dtype=bool)
        for copies in range(1, 5):
            other = np.zeros(length)
            other[at_most[max_cards - copies]] = 1.0
            # correlation[t] = number of pairs (a, b) with a - b == t
            correlation = np.fft.irfft(spectrum * np.conj(np.fft.rfft(other)), length)
            gaps = np.nonzero(correlation[: limit + 1] > 0.5)[0]
            gaps = gaps[(gaps > 0) & (gaps % copies == 0)] // copies
            forbidden[gaps] = True
        candidate = keys[-1] + 1 if keys else 1
        while candidate <= limit and forbidden[candidate]:
            candidate += 1
        keys.append(candidate)
    return tuple(keys)
