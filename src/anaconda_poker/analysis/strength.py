"""Hand strength as a percentile among random seven-card hands, and the betting reads
built on it (deal weights from opponents' aggression).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np
from numpy.typing import NDArray

from anaconda_poker.analysis.dealing import IntArray, sample_deals
from anaconda_poker.analysis.situation import PLAYABLE_CARDS
from anaconda_poker.analysis.values import hand_values
from anaconda_poker.core.config import Split
from anaconda_poker.core.evaluation.tables import HIGH_COUNT


@cache
def _reference_values(split: Split) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Sorted high values of 200,000 random seven-card hands (fixed seed) and sorted low
    values of those that have a qualifying low: the reference distributions behind
    :func:`strength_percentiles`."""
    rng = np.random.default_rng(20_240_601)
    hands = sample_deals(tuple(range(52)), PLAYABLE_CARDS, 200_000, rng)
    high, low = hand_values(hands, split)
    return np.sort(high), np.sort(low[low >= 0])


@cache
def _percentile_tables(split: Split) -> tuple[NDArray[np.float64], NDArray[np.float64] | None]:
    """The percentile of every possible high value (index = value, ``1..7462``) and, in
    split games, of every low value: :func:`strength_percentiles` as two lookups instead of
    two binary searches in the 200,000 reference values (the same floats: a value's
    percentile depends on the value alone)."""
    ref_high, ref_low = _reference_values(split)
    high = np.searchsorted(ref_high, np.arange(HIGH_COUNT + 1), side="right") / len(ref_high)
    low = None
    if split.has_low and len(ref_low):
        top = int(ref_low[-1])
        low = np.searchsorted(ref_low, np.arange(top + 1), side="right") / len(ref_low)
        low[0] = 0.0  # index 0 stands for "no qualifying low" (value -1)
    return high.astype(np.float64), low


def strength_percentiles(highs: IntArray, lows: IntArray, split: Split) -> NDArray[np.float64]:
    """Each hand's strength as a percentile among random seven-card hands.

    The high percentile is the fraction of random hands whose best high is no better; in
    split games the low percentile is the fraction of random *qualifying* lows that are no
    better (a weak eight-low is a weak hand even though most hands have no low at all), and
    a hand is as strong as its better direction.

    Args:
        highs, lows: int64 values of any shape (low -1 = none), from :func:`hand_values`.
        split: game type.

    Returns:
        float64 array of the same shape, in ``[0, 1]``; the same floats as
        :func:`strength_percentiles_reference` (looked up per value, not searched).
    """
    high, low = _percentile_tables(split)
    pct: NDArray[np.float64] = high.take(highs)
    if low is not None:  # lows of -1 (none) and above the table clip to its ends
        np.maximum(pct, low.take(lows, mode="clip"), out=pct)
    return pct


def strength_percentiles_reference(
    highs: IntArray, lows: IntArray, split: Split
) -> NDArray[np.float64]:
    """:func:`strength_percentiles` by binary search in the reference values (the
    definition; the lookup tables are tested against it)."""
    ref_high, ref_low = _reference_values(split)
    pct = np.searchsorted(ref_high, highs, side="right") / len(ref_high)
    if split.has_low and len(ref_low):
        low_pct = np.searchsorted(ref_low, lows, side="right") / len(ref_low)
        pct = np.maximum(pct, np.where(lows >= 0, low_pct, 0.0))
    out: NDArray[np.float64] = pct.astype(np.float64)
    return out


def action_weights(
    highs: IntArray,
    lows: IntArray,
    split: Split,
    aggression: Sequence[float],
    trust: float = 1.0,
) -> NDArray[np.float64] | None:
    """Deal weights from the opponents' betting (``None`` when every exponent is 0).

    A likelihood model: an opponent whose betting this hand has exponent ``a`` (bets and
    raises count most) holds, with probability ``trust``, a hand whose strength percentile
    ``p`` among random hands (:func:`strength_percentiles`) has likelihood ``(a + 1)·p**a``
    (mean 1 over random hands), and otherwise bets regardless of its cards (likelihood 1).
    A deal's weight is the product over opponents of ``trust·(a + 1)·p**a + (1 - trust)``.

    Args:
        highs, lows: int64[n, k] opponents' values.
        split: game type.
        aggression: exponent per opponent column, ``>= 0``.
        trust: weight of the "bets mean strength" reading, 0..1.
    """
    exps = np.asarray(aggression, dtype=np.float64)
    if not exps.size or not exps.any():
        return None
    pct = strength_percentiles(highs, lows, split)
    likelihood = (exps + 1.0) * np.power(pct, exps)
    weights: NDArray[np.float64] = np.prod(trust * likelihood + (1.0 - trust), axis=1)
    return weights
