"""The action and observation encodings of anaconda_poker.rl: exact meanings of indices,
and observations that depend only on what the seat may know (RULES.md §7)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from anaconda_poker.core.actions import Action
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import Phase
from anaconda_poker.rl.encoding import (
    BET_MAX,
    BET_MIN,
    CHECK_CALL,
    FOLD,
    PASS_BASE,
    Encoding,
    IllegalActionError,
)
from anaconda_poker.rl.hand import LearningHand


def _deal(seed: int, players: int) -> dict[int, list[int]]:
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    return {s: cards[7 * s : 7 * s + 7] for s in range(players)}


def _betting_indices(mask: np.ndarray) -> list[int]:
    return [int(i) for i in np.flatnonzero(mask) if i <= BET_MAX]


def test_sizes_of_the_default_table() -> None:
    enc = Encoding(TableConfig(), 4)
    # 9 betting indices, C(7,3)=35 pass choices, 7 card slots, 3 declarations
    assert (enc.pass_slots, enc.pick_base, enc.declare_base, enc.num_actions) == (35, 44, 51, 54)
    hand = LearningHand(enc, button=0, rng=random.Random(1))
    assert hand.observe(1).shape == (enc.observation_size(),)


def test_fixed_limit_offers_the_one_bet_size() -> None:
    enc = Encoding(TableConfig(), 3)
    hand = LearningHand(enc, button=0, rng=random.Random(2))
    seat = hand.current_seat
    assert seat == 1
    assert _betting_indices(hand.mask(seat)) == [FOLD, CHECK_CALL, BET_MIN]
    assert enc.decode(hand.state, seat, BET_MIN) == Action.bet(2)
    hand.step(BET_MIN)
    # seat 2 faces a bet of 2: call or raise to 4, nothing else
    assert _betting_indices(hand.mask(2)) == [FOLD, CHECK_CALL, BET_MIN]
    assert enc.decode(hand.state, 2, CHECK_CALL) == Action.call()
    assert enc.decode(hand.state, 2, BET_MIN) == Action.raise_to(4)


def test_no_limit_pot_fractions_are_exact_and_distinct() -> None:
    enc = Encoding(TableConfig(betting="no_limit"), 2)
    hand = LearningHand(enc, button=0, stack=100, rng=random.Random(3))
    seat = hand.current_seat
    assert seat == 1
    # pot 2 (two antes), no bet yet: min bet 2, max 99 (all in); fractions of 2 chips give
    # 1, 2, 2, 3, 4 → only 3 (x1.5) and 4 (x2) lie strictly between min and max
    assert _betting_indices(hand.mask(seat)) == [FOLD, CHECK_CALL, BET_MIN, 6, 7, BET_MAX]
    decoded = [enc.decode(hand.state, seat, i) for i in (BET_MIN, 6, 7, BET_MAX)]
    assert decoded == [Action.bet(2), Action.bet(3), Action.bet(4), Action.bet(99)]
    hand.step(7)
    # facing 4 with pot 6: pot after calling is 10 → raises to 4+5, 4+8, 4+10, 4+15, 4+20;
    # the minimum raise is to 8 (4 more), the maximum 99
    assert _betting_indices(hand.mask(0)) == [FOLD, CHECK_CALL, BET_MIN, 3, 4, 5, 6, 7, BET_MAX]
    decoded = [enc.decode(hand.state, 0, i) for i in range(BET_MIN, BET_MAX + 1)]
    assert decoded == [Action.raise_to(t) for t in (8, 9, 12, 14, 19, 24, 99)]


def test_pass_indices_follow_combinations_of_sorted_slots() -> None:
    enc = Encoding(TableConfig(), 3)
    hand = LearningHand(enc, button=0, rng=random.Random(4), dealt=_deal(4, 3))
    while hand.state.phase is Phase.BETTING:
        hand.step(CHECK_CALL)
    assert hand.state.phase is Phase.PASSING
    before = {s: sorted(hand.state.hands[s]) for s in range(3)}
    combos = list(itertools.combinations(range(7), 3))
    choice = {1: 0, 2: 17, 0: 34}
    for _ in range(3):
        seat = hand.current_seat
        assert seat is not None
        mask = hand.mask(seat)
        assert np.flatnonzero(mask).tolist() == list(range(PASS_BASE, PASS_BASE + 35))
        hand.step(PASS_BASE + choice[seat])
    passed = {s: {before[s][i] for i in combos[choice[s]]} for s in range(3)}
    for s in range(3):
        # passes go left (to seat s+1): seat s receives what seat s-1 passed
        expected = (set(before[s]) - passed[s]) | passed[(s - 1) % 3]
        assert set(hand.state.hands[s]) == expected


def test_arranging_picks_build_the_stack_in_order() -> None:
    enc = Encoding(TableConfig(), 2)
    hand = LearningHand(enc, button=0, rng=random.Random(5))
    while hand.state.phase is not Phase.ARRANGING:
        hand.step(PASS_BASE if hand.state.phase is Phase.PASSING else CHECK_CALL)
    seat = hand.current_seat
    assert seat is not None
    cards = sorted(hand.state.hands[seat])
    for k, pick in enumerate((6, 0, 3, 5, 1)):
        mask = hand.mask(seat)
        assert mask.sum() == 7 - k
        assert mask[enc.pick_base + pick] == 1
        hand.step(enc.pick_base + pick)
    assert hand.state.pending[seat] == tuple(cards[i] for i in (6, 0, 3, 5, 1))
    with pytest.raises(IllegalActionError):
        enc.decode(hand.state, seat, enc.pick_base)


def test_a_picked_slot_cannot_be_picked_again() -> None:
    enc = Encoding(TableConfig(), 2)
    hand = LearningHand(enc, button=0, rng=random.Random(6))
    while hand.state.phase is not Phase.ARRANGING:
        seat = hand.current_seat
        assert seat is not None
        hand.step(PASS_BASE if hand.state.phase is Phase.PASSING else CHECK_CALL)
    seat = hand.current_seat
    assert seat is not None
    hand.step(enc.pick_base + 2)
    before = hand.observe(seat).copy()
    with pytest.raises(IllegalActionError, match="not legal for seat"):
        hand.step(enc.pick_base + 2)
    assert hand.picks[seat] == (2,)
    np.testing.assert_array_equal(hand.observe(seat), before)


def test_illegal_index_leaves_the_hand_unchanged() -> None:
    enc = Encoding(TableConfig(), 3)
    hand = LearningHand(enc, button=0, rng=random.Random(7))
    seat = hand.current_seat
    assert seat is not None
    before = [hand.observe(s).copy() for s in range(3)]
    for bad in (PASS_BASE, enc.pick_base, enc.num_actions, -1):
        with pytest.raises(IllegalActionError, match=r"legal actions are \[0, 1, 2\]"):
            hand.step(bad)
    assert hand.state.action_count == 0
    for s in range(3):
        np.testing.assert_array_equal(hand.observe(s), before[s])


def test_observation_ignores_other_seats_cards() -> None:
    """Same cards for seat 0, different cards for the others: seat 0 sees the same."""
    enc = Encoding(TableConfig(), 3)
    first = _deal(8, 3)
    rest = [c for c in range(52) if c not in first[0]]
    random.Random(9).shuffle(rest)
    second = {0: first[0], 1: rest[:7], 2: rest[7:14]}
    a = LearningHand(enc, button=2, dealt=first)
    b = LearningHand(enc, button=2, dealt=second)
    np.testing.assert_array_equal(a.observe(0), b.observe(0))
    assert not np.array_equal(a.observe(1), b.observe(1))


def test_observation_ignores_pending_choices_of_others() -> None:
    """Seat 1 commits different passes (and later arrangements) in two copies of one hand:
    seat 0's observation is the same until the passes are applied (RULES.md §3, §7)."""
    enc = Encoding(TableConfig(), 3)
    deal = _deal(10, 3)
    a = LearningHand(enc, button=2, dealt=deal)
    b = LearningHand(enc, button=2, dealt=deal)
    for hand in (a, b):
        while hand.state.phase is Phase.BETTING:
            hand.step(CHECK_CALL)
    assert a.current_seat == 0
    a.step(PASS_BASE + 3)
    b.step(PASS_BASE + 3)
    assert a.current_seat == 1
    a.step(PASS_BASE)
    b.step(PASS_BASE + 30)
    np.testing.assert_array_equal(a.observe(0), b.observe(0))
    np.testing.assert_array_equal(a.observe(2), b.observe(2))
    assert not np.array_equal(a.observe(1), b.observe(1))


def test_unknown_player_count_is_rejected() -> None:
    from anaconda_poker.core.errors import InvalidConfigError

    with pytest.raises(InvalidConfigError):
        Encoding(TableConfig(cards_dealt=9), 6)


def test_observation_ignores_pending_arrangements_and_declarations_of_others() -> None:
    """Seat 0 arranges differently in two copies of a declare hand: the others' views are
    the same until the cards are revealed; the same for a pending declaration."""
    enc = Encoding(TableConfig(declare="declare"), 3)
    deal = _deal(12, 3)
    a = LearningHand(enc, button=2, dealt=deal)
    b = LearningHand(enc, button=2, dealt=deal)
    for hand in (a, b):
        while hand.state.phase is not Phase.ARRANGING:
            hand.step(PASS_BASE if hand.state.phase is Phase.PASSING else CHECK_CALL)
    assert a.current_seat == 0
    for pick in (0, 1, 2, 3, 4):
        a.step(enc.pick_base + pick)
    for pick in (6, 5, 4, 3, 2):
        b.step(enc.pick_base + pick)
    for seat in (1, 2):
        np.testing.assert_array_equal(a.observe(seat), b.observe(seat))
    assert not np.array_equal(a.observe(0), b.observe(0))
    for hand in (a, b):
        for _ in range(10):  # seats 1 and 2 arrange their first five
            hand.step(enc.pick_base + len(hand.picks[hand.current_seat or 0]))
        while hand.state.phase is not Phase.DECLARING:
            hand.step(CHECK_CALL)
    # the reveals have shown the arrangements, so compare declarations on copy a only
    c = LearningHand(enc, button=2, dealt=deal)
    for seat, action in a.state.actions:
        c.state.apply(seat, action)
    first = a.current_seat
    assert first is not None and c.current_seat == first
    a.step(enc.declare_base)  # high
    c.step(enc.declare_base + 2)  # both
    others = [s for s in range(3) if s != first]
    for seat in others:
        np.testing.assert_array_equal(a.observe(seat), c.observe(seat))
    assert not np.array_equal(a.observe(first), c.observe(first))
