"""The vectorised heuristic potential, pass and arrangement against the heuristic bot's own
code (the oracle): equal scores, equal choices, row by row, in every game."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anaconda_poker.analysis.potential import (
    best_fives,
    best_passes,
    potentials,
    subset_potentials,
)
from anaconda_poker.bots.heuristic import best_five, best_pass, potential
from anaconda_poker.core.config import Split


def _hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("split", list(Split))
@pytest.mark.parametrize("k", [1, 4, 5, 6, 7])
def test_potentials_equal_the_bots_scores(split: Split, k: int) -> None:
    cards = _hands(np.random.default_rng(k), 1500, k)
    want = np.array([potential([int(c) for c in row], split) for row in cards])
    assert (potentials(cards, split) == want).all()  # exactly equal, not approximately
    keep_all = np.zeros((1, 0), dtype=np.intp)
    assert (subset_potentials(cards, keep_all, split)[:, 0] == want).all()


@settings(max_examples=60, deadline=None)
@given(cards=st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_subset_scores_equal_the_bots_on_every_subset(cards: list[int]) -> None:
    hand = np.asarray([cards], dtype=np.uint8)
    for count in (1, 2, 3, 5):
        drops = np.array(list(combinations(range(7), count)), dtype=np.intp)
        got = subset_potentials(hand, drops, Split.HIGH_LOW_8)[0]
        want = [
            potential([c for i, c in enumerate(cards) if i not in d], Split.HIGH_LOW_8)
            for d in drops.tolist()
        ]
        assert got.tolist() == want


@pytest.mark.parametrize("split", list(Split))
@pytest.mark.parametrize("count", [1, 2, 3, 4, 6])
def test_passes_equal_the_bots_passes(split: Split, count: int) -> None:
    hands = _hands(np.random.default_rng(count + 10), 800, 7)
    got = best_passes(hands, count, split)
    want = [sorted(best_pass([int(c) for c in row], count, split)) for row in hands]
    assert got.tolist() == want


@pytest.mark.parametrize("split", list(Split))
def test_fives_equal_the_bots_fives(split: Split) -> None:
    hands = _hands(np.random.default_rng(5), 800, 7)
    got = best_fives(hands, split)
    want = [sorted(best_five([int(c) for c in row], split)) for row in hands]
    assert got.tolist() == want


def test_protected_cards_are_never_passed_and_the_rest_is_the_best_allowed() -> None:
    """Oracle: the best of the allowed subsets by the bot's own score, ties to the lowest."""
    rng = np.random.default_rng(9)
    hands = _hands(rng, 300, 7)
    protected = rng.random((300, 7)) < 0.3
    got = best_passes(hands, 2, Split.HIGH_LOW_8, protected)
    for row, keep, passed in zip(hands.tolist(), protected.tolist(), got.tolist(), strict=True):
        allowed = [c for c, k in zip(row, keep, strict=True) if not k]
        if len(allowed) < 2:
            continue  # nothing allowed: any choice
        options = list(combinations(sorted(allowed), 2))
        best = max(
            options,
            key=lambda p: (
                potential([c for c in row if c not in p], Split.HIGH_LOW_8),
                tuple(-c for c in p),
            ),
        )
        assert passed == list(best)


def test_cards_that_are_no_hand_are_refused() -> None:
    five_aces = np.array([[48, 49, 50, 51, 48]], dtype=np.uint8)  # a repeated card
    with pytest.raises(ValueError, match="1 to 7 distinct cards"):
        subset_potentials(five_aces, np.zeros((1, 0), dtype=np.intp), Split.HIGH_ONLY)


def test_choices_refuse_a_repeated_card_and_a_bad_count() -> None:
    hand = np.array([[0, 4, 8, 12, 16, 20, 20]], dtype=np.uint8)  # the 7 of clubs twice
    with pytest.raises(ValueError, match="distinct cards"):
        best_passes(hand, 3, Split.HIGH_ONLY)
    with pytest.raises(ValueError, match="distinct cards"):
        best_fives(hand, Split.HIGH_ONLY)
    with pytest.raises(ValueError, match="leaves no hand"):
        best_passes(np.array([[0, 4, 8, 12, 16, 20, 24]], dtype=np.uint8), 7, Split.HIGH_ONLY)
    with pytest.raises(ValueError, match="distinct cards"):  # a position dropped twice
        subset_potentials(hand[:, :6], np.array([[1, 1]], dtype=np.intp), Split.HIGH_ONLY)
