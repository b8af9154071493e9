"""Statistics for simulations: a mean per unit from independent blocks, with a 95% confidence
interval.

Simulated hands are grouped into independent blocks (the arena replays one deal with the
bots rotated through the seats, so the hands inside a block are correlated while blocks
are independent). The estimate of "chips per hand" is the ratio ``sum of chips / number of
hands`` over all blocks; its standard error comes from the variation between blocks (the
ratio estimator's linearised variance, Cochran, *Sampling Techniques*, 3rd ed., §6.4):

    se² = Σ_b (y_b − r·x_b)² / (B (B − 1) x̄²)

with ``y_b`` the chips and ``x_b`` the hands of block ``b``, ``r`` the ratio and ``B`` the
number of blocks. The interval is ``r ± 1.96·se`` (normal approximation; fine for the
hundreds of blocks an arena run has, optimistic for a handful).

>>> est = ratio_estimate([4.0, -2.0, 1.0], [2, 2, 2])
>>> round(est.mean, 3), round(est.half_width, 3)
(0.5, 1.697)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z_95 = 1.959963984540054
"""Two-sided 95% quantile of the standard normal distribution."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean with its standard error and 95% interval.

    Attributes:
        mean: the estimate (units of the summed quantity per unit counted, e.g. chips/hand).
        se: its standard error (same units); ``nan`` with fewer than two blocks.
        half_width: ``1.96 × se``; the interval is ``mean ± half_width``.
        count: total units (e.g. hands) behind the estimate.
        blocks: independent blocks behind the standard error.
    """

    mean: float
    se: float
    half_width: float
    count: float
    blocks: int

    @property
    def low(self) -> float:
        """Lower end of the 95% interval."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        """Upper end of the 95% interval."""
        return self.mean + self.half_width

    def overlaps(self, other: Estimate) -> bool:
        """True when the two 95% intervals overlap."""
        return self.low <= other.high and other.low <= self.high


def ratio_estimate(sums: Sequence[float], counts: Sequence[float]) -> Estimate:
    """Ratio ``Σ sums / Σ counts`` with a between-block standard error (module docstring).

    Args:
        sums: per block, the summed quantity (e.g. chips won).
        counts: per block, the units (e.g. hands played), ``>= 0``; blocks with 0 units are
            ignored.

    Returns:
        An :class:`Estimate`; mean ``nan`` when there are no units.

    Raises:
        ValueError: if the sequences differ in length or a count is negative.
    """
    if len(sums) != len(counts):
        raise ValueError(f"{len(sums)} sums but {len(counts)} counts")
    pairs = [(float(y), float(x)) for y, x in zip(sums, counts, strict=True)]
    if any(x < 0 for _, x in pairs):
        raise ValueError("counts must be >= 0")
    pairs = [(y, x) for y, x in pairs if x > 0]
    total_x = sum(x for _, x in pairs)
    blocks = len(pairs)
    if total_x == 0:
        return Estimate(math.nan, math.nan, math.nan, 0.0, 0)
    ratio = sum(y for y, _ in pairs) / total_x
    if blocks < 2:
        return Estimate(ratio, math.nan, math.nan, total_x, blocks)
    mean_x = total_x / blocks
    ss = sum((y - ratio * x) ** 2 for y, x in pairs)
    se = math.sqrt(ss / (blocks * (blocks - 1))) / mean_x
    return Estimate(ratio, se, Z_95 * se, total_x, blocks)
