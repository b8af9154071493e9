"""The equity calculator's fast paths give exactly the results of the code they replaced
(:mod:`anaconda_poker.analysis.reference`): same seeds, same floats, same decisions."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anaconda_poker.analysis.advice import arrange_choices, pass_choices
from anaconda_poker.analysis.dealing import _bounded_draws, sample_deals
from anaconda_poker.analysis.equity import (
    OpponentInfo,
    SeatKnowledge,
    equity,
    strength_percentiles,
    strength_percentiles_reference,
)
from anaconda_poker.analysis.ranges import ActionRead
from anaconda_poker.analysis.reference import (
    arrange_choices_reference,
    equity_reference,
    pass_choices_reference,
    sample_deals_reference,
)
from anaconda_poker.analysis.shares import FieldBest
from anaconda_poker.analysis.values import (
    card_set,
    card_sets,
    hand_values,
    set_values,
    sets_supported,
)
from anaconda_poker.bots.arena import ArenaSpec, play_hand
from anaconda_poker.core.config import Split, TableConfig

SPLITS = st.sampled_from(list(Split))


def situation(seed: int, *, hand_size: int, revealed: bool) -> SeatKnowledge:
    """A random consistent situation: 1..4 opponents, some with passed cards, shown cards
    (when ``revealed``) and folds."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hand = tuple(deck.pop() for _ in range(hand_size))
    out = tuple(deck.pop() for _ in range(7 - hand_size))
    opponents = []
    for seat in range(1, rng.randint(2, 5)):
        shown = rng.randint(0, 5) if revealed else 0
        known = rng.randint(0, min(2, 7 - shown))
        opponents.append(
            OpponentInfo(
                seat=seat,
                known=tuple(deck.pop() for _ in range(known)),
                revealed=tuple(deck.pop() for _ in range(shown)),
                folded=seat > 1 and rng.random() < 0.2,
            )
        )
    return SeatKnowledge(hand=hand, out_of_play=out, opponents=tuple(opponents))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), split=SPLITS)
def test_percentile_lookup_equals_the_binary_search(seed: int, split: Split) -> None:
    rng = np.random.default_rng(seed)
    highs = rng.integers(1, 7463, size=(300, 3))
    lows = rng.integers(-1, 6176 if split is Split.HIGH_LOW_ANY else 57, size=(300, 3))
    lows[lows == 0] = -1
    fast = strength_percentiles(highs, lows, split)
    assert fast.shape == highs.shape
    assert np.array_equal(fast, strength_percentiles_reference(highs, lows, split))


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    split=SPLITS,
    arranged=st.booleans(),
    rational=st.sampled_from([1.0, 0.7]),
    pot=st.sampled_from([None, 40]),
)
def test_equity_equals_the_reference(
    seed: int, split: Split, arranged: bool, rational: float, pot: int | None
) -> None:
    knowledge = situation(seed, hand_size=5 if arranged else 7, revealed=arranged)
    reads = {
        o.seat: ActionRead(roll_bets=seed % 2, roll_calls=1, roll_checks=seed % 3 == 0)
        for o in knowledge.active
    }
    kwargs = {
        "split": split,
        "trials": 150,
        "exact_limit": 500 if seed % 2 else 0,
        "rational": rational,
        "consistency": 0.2,
        "pot": pot,
        "bet": 4,
        "reads": reads,
    }
    assert equity(knowledge, rng=seed, **kwargs) == equity_reference(knowledge, rng=seed, **kwargs)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), split=SPLITS, count=st.integers(1, 3))
def test_pass_choices_equal_the_reference(seed: int, split: Split, count: int) -> None:
    knowledge = situation(seed, hand_size=7, revealed=False)
    receiver = knowledge.active[0].seat
    lookahead = seed % 3
    room = len(knowledge.pool()) - knowledge.needed() - count
    if lookahead * (1 + len(knowledge.active)) > room:
        lookahead = 0
    kwargs = {
        "count": count,
        "receiver": receiver,
        "split": split,
        "trials": 100,
        "exact_limit": 300,
        "lookahead": lookahead,
    }
    fast = pass_choices(knowledge, rng=seed, **kwargs)
    assert fast == pass_choices_reference(knowledge, rng=seed, **kwargs)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), split=SPLITS)
def test_arrange_choices_equal_the_reference(seed: int, split: Split) -> None:
    knowledge = situation(seed, hand_size=7, revealed=True)
    kwargs = {"split": split, "trials": 200, "exact_limit": 300}
    fast = arrange_choices(knowledge, rng=seed, **kwargs)
    assert fast == arrange_choices_reference(knowledge, rng=seed, **kwargs)
    assert arrange_choices(knowledge, rng=seed, limit=1, **kwargs) == fast[:1]


def test_montecarlo_plays_the_same_hands_on_the_fast_paths() -> None:
    # the reference code is the random-opponent bot: the fast bot on the same model
    for split in (Split.HIGH_LOW_8, Split.HIGH_ONLY):
        histories = []
        for reference in (False, True):
            spec = ArenaSpec(
                config=TableConfig(split=split),
                seats=("montecarlo", "heuristic", "random", "random"),
                hands=8,
                seed=5,
                bot_options={
                    "montecarlo": {"samples": 60, "reference": reference, "opponents": "random"}
                },
            )
            histories.append([play_hand(spec, b, r).history() for b in range(2) for r in range(4)])
        assert histories[0] == histories[1]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(1, 52),
    trials=st.integers(1, 300),
    data=st.data(),
)
def test_sampler_draws_the_deals_of_step_by_step_draws(
    seed: int, size: int, trials: int, data: st.DataObject
) -> None:
    count = data.draw(st.integers(0, size))
    pool = tuple(range(52 - size, 52))
    fast_rng, reference_rng = np.random.default_rng(seed), np.random.default_rng(seed)
    fast = sample_deals(pool, count, trials, fast_rng)
    assert np.array_equal(fast, sample_deals_reference(pool, count, trials, reference_rng))
    assert fast_rng.bit_generator.state == reference_rng.bit_generator.state  # the stream too


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    ranges=st.lists(st.integers(2, 2**32 - 1), min_size=1, max_size=4),
    trials=st.integers(0, 40),
    odd=st.booleans(),
)
def test_bounded_draws_are_numpys_draws(
    seed: int, ranges: list[int], trials: int, odd: bool
) -> None:
    # large ranges reject about half of their 32-bit draws: the replay draw by draw
    fast_rng, numpy_rng = np.random.default_rng(seed), np.random.default_rng(seed)
    if odd:  # a 32-bit draw before: the generator holds the other half of a 64-bit draw
        assert fast_rng.integers(0, 7, dtype=np.uint32) == numpy_rng.integers(0, 7, dtype=np.uint32)
    spans = np.array(ranges, dtype=np.uint64)[:, None]
    expected = numpy_rng.integers(0, spans, size=(len(ranges), trials))
    got = np.empty((len(ranges), trials), dtype=np.uint64)
    _bounded_draws(fast_rng, spans, max(ranges), got)
    assert np.array_equal(got, expected)
    assert fast_rng.bit_generator.state == numpy_rng.bit_generator.state


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), width=st.integers(5, 9), split=SPLITS)
def test_card_set_values_equal_hand_values(seed: int, width: int, split: Split) -> None:
    rng = np.random.default_rng(seed)
    if rng.random() < 0.5:  # few ranks: pairs, trips, quads, full houses
        ranks = rng.permutation(13)[: int(rng.integers(3, 6))]
        pool = (ranks[:, None] * 4 + np.arange(4)).ravel()
    else:
        pool = np.arange(52)
    codes = np.array([rng.permutation(pool)[:width] for _ in range(300)], dtype=np.uint8)
    if not sets_supported(split):
        with pytest.raises(ValueError, match="qualifier"):
            set_values(card_sets(codes), split)
        return
    sets = card_sets(codes)
    assert sets.tolist() == [card_set(row.tolist()) for row in codes]
    high, low = set_values(sets.reshape(20, 15), split)  # any shape
    expected_high, expected_low = hand_values(codes, split)
    assert high.ravel().tolist() == expected_high.tolist()
    assert low.ravel().tolist() == expected_low.tolist()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), opponents=st.integers(0, 4))
def test_field_best_equals_adding_opponents_one_by_one(seed: int, opponents: int) -> None:
    rng = np.random.default_rng(seed)
    highs = rng.integers(1, 12, (300, opponents))  # few values: many ties
    lows = rng.integers(-1, 6, (300, opponents))
    best = FieldBest.of(highs, lows)
    step = FieldBest.of(highs[:, :0], lows[:, :0])
    for i in range(opponents):
        step = step.with_opponent(highs[:, i], lows[:, i])
    for got, expected in zip(
        (best.high, best.high_count, best.low, best.low_count),
        (step.high, step.high_count, step.low, step.low_count),
        strict=True,
    ):
        assert got.tolist() == expected.tolist()
