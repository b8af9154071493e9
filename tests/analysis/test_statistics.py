"""The block ratio estimator against direct computation."""

from __future__ import annotations

import math
import random

import pytest

from anaconda_poker.analysis.statistics import Z_95, ratio_estimate


def test_equal_blocks_reduce_to_the_mean_of_block_means() -> None:
    rng = random.Random(1)
    means = [rng.gauss(2.0, 3.0) for _ in range(50)]
    est = ratio_estimate([4 * m for m in means], [4] * 50)
    mean = sum(means) / 50
    sd = math.sqrt(sum((m - mean) ** 2 for m in means) / 49)
    assert est.mean == pytest.approx(mean)
    assert est.se == pytest.approx(sd / math.sqrt(50))
    assert est.half_width == pytest.approx(Z_95 * sd / math.sqrt(50))
    assert est.count == 200 and est.blocks == 50


def test_unequal_blocks_weight_by_size() -> None:
    est = ratio_estimate([10.0, 0.0, -4.0], [4, 1, 3])
    assert est.mean == pytest.approx(6 / 8)
    assert est.low < est.mean < est.high


def test_the_interval_covers_the_truth_about_95_percent_of_the_time() -> None:
    rng = random.Random(7)
    covered = 0
    runs = 400
    for _ in range(runs):
        sizes = [rng.randint(1, 4) for _ in range(60)]
        sums = [sum(rng.gauss(1.0, 5.0) for _ in range(n)) for n in sizes]
        est = ratio_estimate(sums, sizes)
        covered += est.low <= 1.0 <= est.high
    assert 0.91 <= covered / runs <= 0.985


def test_degenerate_inputs() -> None:
    assert math.isnan(ratio_estimate([], []).mean)
    one = ratio_estimate([3.0], [2])
    assert one.mean == 1.5 and math.isnan(one.se)
    with pytest.raises(ValueError, match="counts"):
        ratio_estimate([1.0], [1, 2])
    with pytest.raises(ValueError, match=">= 0"):
        ratio_estimate([1.0], [-1])
    a = ratio_estimate([1.0, 1.2, 0.8], [1, 1, 1])
    b = ratio_estimate([5.0, 5.1, 4.9], [1, 1, 1])
    assert not a.overlaps(b) and a.overlaps(a)
