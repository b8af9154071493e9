"""Batch hand values for analysis: one call gives the high and the low value of many hands.

A thin adapter over the batch evaluator of :mod:`anaconda_poker.core.evaluation` that fixes
one convention for the analysis code: both values are ``int64``, larger is better, and a
hand without a (qualifying) low has low value ``-1``.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from anaconda_poker.core.config import Split
from anaconda_poker.core.evaluation import high_values, low_values

NO_LOW = -1
"""Low value of a hand that has no qualifying low (or of every hand in ``high_only``)."""


def hand_values(
    codes: NDArray[np.uint8], split: Split
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """High and low value of each row's best five.

    Args:
        codes: uint8[n, k] card codes ``0..51``, ``5 <= k <= 9`` distinct cards per row.
        split: the game type: its low qualifier (8 or none) decides the low value; in
            ``high_only`` every low is :data:`NO_LOW` (RULES.md §5).

    Returns:
        ``(high, low)``, both int64[n], larger is better; ``low`` is :data:`NO_LOW` where the
        row has no qualifying low. The best high five and the best low five of a row are
        chosen independently.

    Raises:
        Whatever the evaluator raises for malformed codes (out of range, wrong width).
    """
    high = np.asarray(high_values(codes), dtype=np.int64)
    if not split.has_low:
        return high, np.full(high.shape, NO_LOW, dtype=np.int64)
    low = np.asarray(low_values(codes, split.low_qualifier), dtype=np.int64)
    return high, np.where(low > 0, low, NO_LOW)
