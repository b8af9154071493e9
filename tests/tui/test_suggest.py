"""Arranging suggestions agree with the evaluator, checked by brute force over all fives."""

from __future__ import annotations

import random
from itertools import combinations

from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import Split
from anaconda_poker.core.evaluation import high_value, low_value
from anaconda_poker.tui.suggest import suggestions


def test_suggestions_are_the_best_fives() -> None:
    rng = random.Random(17)
    for _ in range(200):
        seven = rng.sample(range(52), 7)
        for split in (Split.HIGH_ONLY, Split.HIGH_LOW_8, Split.HIGH_LOW_ANY):
            got = suggestions(seven, split)
            fives = list(combinations(seven, 5))
            best_high = max(high_value(f) for f in fives)
            assert got["high"] is not None and high_value(got["high"]) == best_high
            assert sorted(got["high"]) != [] and set(got["high"]) <= set(seven)
            if not split.has_low:
                assert got["low"] is None
                continue
            lows = [low_value(f, split.low_qualifier) for f in fives]
            if max(lows) > 0:
                assert got["low"] is not None
                assert low_value(got["low"], split.low_qualifier) == max(lows)
                both = got["both"]
                assert both is not None and low_value(both, split.low_qualifier) > 0
                best_with_low = max(
                    high_value(f) for f, lo in zip(fives, lows, strict=True) if lo > 0
                )
                assert high_value(both) == best_with_low
            else:
                assert got["low"] is None
                assert got["both"] == got["high"]


def test_a_wheel_is_best_for_both() -> None:
    seven = parse_codes("Ac 2d 3h 4s 5c Kd Kh")
    got = suggestions(seven, Split.HIGH_LOW_8)
    assert set(got["both"] or ()) == set(parse_codes("Ac 2d 3h 4s 5c"))
    assert set(got["low"] or ()) == set(parse_codes("Ac 2d 3h 4s 5c"))
