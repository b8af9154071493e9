"""A rules review of the engine: one test per RULES.md bullet that was easy to get wrong,
with hand-worked numbers (the bugs in bad input it found are in test_engine_bad_input.py,
the showdowns of random hands against an oracle in test_showdown_oracle.py).

Hands are built from explicit deals. Most use the one-pass schedule ``pass_counts=(1,)``
(a house rule): every player passes one junk card, so the five cards each player keeps are
known in advance and the expected awards can be worked out by hand (helpers:
engine_helpers.py).
"""

from __future__ import annotations

import json
import random

import pytest
from engine_helpers import (
    NO_LOW_SIDE,
    deal,
    keep_first_five,
    observable,
    one_pass,
    play,
    pots,
    run_out,
)

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import card_str, parse_codes
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.errors import InvalidConfigError
from anaconda_poker.core.rule_errors import (
    ActionNotAllowedError,
    RaiseCapError,
)
from anaconda_poker.core.session import Session
from anaconda_poker.core.state import HandState, Phase, Seat

FOLD, CHECK, CALL, BET, RAISE = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.BET,
    ActionKind.RAISE,
)


# ------------------------------------------------------------- side pots and awarding
# Five players, button 0 (order 1 2 3 4 0), no limit, high-low eight or better.
# Seats 1 and 2 hold the same wheel (tie for low everywhere they play), seat 3 a six-high
# straight (6-5-4-3-2 low), seat 4 a full house (no low), seat 0 an 8-7-6-4-3 low.
FOUR_LEVELS = {
    1: "As 2d 3c 4h 5s Jc Jd",
    2: "Ah 2s 3d 4c 5h 9c 9d",
    3: "2c 3h 4d 5c 6s Tc Td",
    4: "Ks Kd Kh Qs Qh 9h 9s",
    0: "8c 7d 6h 4s 3s Th Ts",
}


def test_four_all_in_levels_high_low_with_a_quartered_low() -> None:
    """RULES.md §4 side pots, §5 awarding: contributions 11/21/31/41/41 make a main pot
    5 × 11 = 55 and side pots 4 × 10, 3 × 10, 2 × 10. Main pot: high 28 (odd chip to high)
    to the full house; low 27 quartered between the two wheels, 14 + 13, the odd chip to
    seat 1 (first from the dealer's left). Side pot 1: low to seat 2 alone. Side pot 2: the
    six-high low of seat 3. Side pot 3: seat 0's 8-7-6-4-3 is the only low left."""
    stacks = {1: 11, 2: 21, 3: 31, 4: 41, 0: 100}
    state = deal(FOUR_LEVELS, stacks, button=0, betting="no_limit", **one_pass())
    play(state, (1, "bet 10"), (2, "raise to 20"), (3, "raise to 30"), (4, "raise to 40"))
    play(state, (0, "call"))
    assert state.phase is Phase.PASSING  # nobody else can bet: straight to the pass
    run_out(state, keep_first_five(state, FOUR_LEVELS))
    assert pots(state) == [
        (55, [0, 1, 2, 3, 4], [4], [1, 2], {4: 28, 1: 14, 2: 13}),
        (40, [0, 2, 3, 4], [4], [2], {4: 20, 2: 20}),
        (30, [0, 3, 4], [4], [3], {4: 15, 3: 15}),
        (20, [0, 4], [4], [0], {4: 10, 0: 10}),
    ]
    assert state.result is not None
    assert state.result.net == {1: 3, 2: 12, 3: -16, 4: 32, 0: -31}
    assert state.result.uncalled == {}


def test_odd_chips_go_clockwise_from_the_dealers_left_wrapping_past_the_last_seat() -> None:
    """RULES.md §5: five antes (5 chips) shared by three tied straights (seats 0, 2, 4)
    with the button on seat 3: 1 chip each, the 2 odd chips to seat 4 (the dealer's left)
    and then seat 0, skipping seats that are not winners."""
    cards = {
        0: "5c 6d 7h 8s 9c Kc Kd",
        1: "2c 2d 3h Jh Qh Ah Ad",
        2: "5d 6h 7s 8c 9d Ks Kh",
        3: "2h 2s 3c Jc Qc As Ac",
        4: "5h 6s 7c 8d 9h Qs Qd",
    }
    stacks = dict.fromkeys(range(5), 20)
    state = deal(cards, stacks, button=3, split="high_only", **one_pass())
    play(state, (4, "check"), (0, "check"), (1, "fold"), (2, "check"), (3, "fold"))
    run_out(state, keep_first_five(state, cards))
    assert pots(state) == [(5, [0, 2, 4], [0, 2, 4], [], {4: 2, 0: 2, 2: 1})]


# Three players, button 0 (order 1 2 0). Seat 1 has the only low (7-5-4-3-2), seat 2 a full
# house, seat 0 a pair of aces with no low.
def test_a_side_pot_without_a_qualifying_low_goes_whole_to_the_high_hand() -> None:
    """RULES.md §5: "if no hand qualifies for low, the best high hand takes the whole pot",
    pot by pot. Contributions 6/21/21: main pot 18 is split 9 high / 9 low (seat 1's low);
    the side pot of 30 has no low among seats 0 and 2, so the full house takes all 30."""
    stacks = {1: 6, 2: 50, 0: 50}
    state = deal(NO_LOW_SIDE, stacks, button=0, betting="no_limit", **one_pass())
    play(state, (1, "bet 5"), (2, "raise to 20"), (0, "call"))
    run_out(state, keep_first_five(state, NO_LOW_SIDE))
    assert pots(state) == [
        (18, [0, 1, 2], [2], [1], {2: 9, 1: 9}),
        (30, [0, 2], [2], [], {2: 30}),
    ]
    assert state.result is not None and state.result.net == {1: 3, 2: 18, 0: -21}


# ------------------------------------------------------------------ betting (RULES.md §4)
def test_uncalled_part_of_a_bet_returns_when_the_caller_is_all_in_for_less() -> None:
    """RULES.md §4 uncalled bet: seat 2 bets 40, seat 0 folds, seat 1 calls all-in for 10;
    30 of seat 2's bet was never matched and goes straight back to seat 2."""
    stacks = {1: 11, 2: 100, 0: 100}
    state = deal(NO_LOW_SIDE, stacks, button=0, betting="no_limit", **one_pass())
    play(state, (1, "check"), (2, "bet 40"), (0, "fold"), (1, "call"))
    assert state.phase is Phase.PASSING
    assert state.stack[2] == 100 - 1 - 40 + 30
    assert state.pot == 3 + 10 + 10
    run_out(state, keep_first_five(state, NO_LOW_SIDE))
    assert state.result is not None
    assert state.result.uncalled == {2: 30}
    assert pots(state) == [(23, [1, 2], [2], [1], {2: 12, 1: 11})]


def test_uncalled_raise_is_returned_when_everyone_folds_to_it() -> None:
    """RULES.md §4: seat 2 raises 10 to 30 and both others fold: the 20 nobody matched goes
    back; seat 2 wins 3 antes + 10 + 10 = 23 (net +12)."""
    state = deal(NO_LOW_SIDE, dict.fromkeys((0, 1, 2), 100), button=0, betting="no_limit")
    play(state, (1, "bet 10"), (2, "raise to 30"), (0, "fold"), (1, "fold"))
    assert state.result is not None
    assert state.result.uncalled == {2: 20}
    assert state.result.net == {1: -11, 2: 12, 0: -1}
    assert state.result.showdown is False and state.result.revealed == {}


def test_short_all_in_raise_does_not_reopen_and_sets_the_next_minimum_raise() -> None:
    """RULES.md §4 (no limit): seat 1 bets 10, seat 2 goes all-in to 15 (5 more: less than
    a full raise). Seat 0 has not acted: it may raise, at least to 15 + 10 = 25. If seat 0
    only calls, seat 1 (who already acted) may call or fold but not raise."""
    stacks = {1: 100, 2: 16, 0: 100}
    state = deal(NO_LOW_SIDE, stacks, button=0, betting="no_limit")
    play(state, (1, "bet 10"), (2, "raise to 15"))
    assert state.is_all_in(2)
    assert state.legal_actions(0).raise_range == (25, 99)
    play(state, (0, "call"))
    legal = state.legal_actions(1)
    assert legal.kinds == {FOLD, CALL} and legal.call_amount == 5
    before = observable(state)
    with pytest.raises(ActionNotAllowedError, match="not reopened"):
        state.apply(1, Action.raise_to(25))
    assert observable(state) == before


def test_a_full_raise_after_a_short_all_in_reopens_the_betting() -> None:
    """RULES.md §4: after the short all-in to 15, seat 0 raises to 25 (a full raise of 10):
    seat 1 may raise again, at least to 25 + 10 = 35."""
    state = deal(NO_LOW_SIDE, {1: 100, 2: 16, 0: 100}, button=0, betting="no_limit")
    play(state, (1, "bet 10"), (2, "raise to 15"), (0, "raise to 25"))
    legal = state.legal_actions(1)
    assert legal.kinds == {FOLD, CALL, RAISE}
    assert legal.raise_range == (35, 99)


def test_pot_limit_maximum_counts_the_call_and_every_bet_in_front() -> None:
    """RULES.md §4 pot limit, "a raise may be at most the pot after the call". Antes 3 × 5 =
    15. Seat 1 bets at most 15; bets 10. Seat 2: call 10 makes the pot 35, so at most
    10 + 35 = 45 (at least 10 + 10 = 20). Seat 0 after the raise to 45: pot after the call
    15 + 10 + 45 + 45 = 115, at most 160 (at least 45 + 35 = 80). Seat 1, with 10 in front,
    calls 150 into 380: at most 540 (at least 160 + 115 = 275)."""
    stacks = dict.fromkeys((0, 1, 2), 1000)
    state = deal(NO_LOW_SIDE, stacks, button=0, betting="pot_limit", ante=5)
    assert state.legal_actions(1).bet_range == (2, 15)
    play(state, (1, "bet 10"))
    assert state.legal_actions(2).raise_range == (20, 45)
    play(state, (2, "raise to 45"))
    assert state.legal_actions(0).raise_range == (80, 160)
    play(state, (0, "raise to 160"))
    assert state.legal_actions(1).raise_range == (275, 540)


def test_fixed_limit_cap_then_heads_up_lift() -> None:
    """RULES.md §4 raise_cap 4: bet 2, raises to 4, 6, 8 by three players with chips: the
    fourth player to speak may only call or fold. Heads-up the cap is lifted: a fifth bet
    (to 10) is allowed."""
    stacks = dict.fromkeys((0, 1, 2), 100)
    state = deal(NO_LOW_SIDE, stacks, button=0)
    play(state, (1, "bet 2"), (2, "raise to 4"), (0, "raise to 6"), (1, "raise to 8"))
    assert state.legal_actions(2).kinds == {FOLD, CALL}
    with pytest.raises(RaiseCapError, match="raise cap of 4"):
        state.apply(2, Action.raise_to(10))
    heads_up = {1: NO_LOW_SIDE[1], 0: NO_LOW_SIDE[0]}
    state = deal(heads_up, {1: 100, 0: 100}, button=0)
    play(state, (1, "bet 2"), (0, "raise to 4"), (1, "raise to 6"), (0, "raise to 8"))
    assert state.legal_actions(1).raise_range == (10, 10)


def test_cap_is_lifted_when_the_third_player_is_all_in() -> None:
    """RULES.md §4: the cap is lifted when only two players *with chips* remain: seat 1 is
    all-in from the ante (stack 1), so seats 2 and 0 may raise past four bets."""
    stacks = {1: 1, 2: 100, 0: 100}
    state = deal(NO_LOW_SIDE, stacks, button=0)
    assert state.to_act == (2,)
    play(state, (2, "bet 2"), (0, "raise to 4"), (2, "raise to 6"), (0, "raise to 8"))
    assert state.legal_actions(2).raise_range == (10, 10)


# --------------------------------------------------------------------- forced bets (§2.1)
DEALER_ANTE = {
    0: "As 2d 3c 4h 5s Jc Jd",
    1: "Ah 2s 3d 4c 7h 9c 9d",
    2: "Kc Kh Kd 8c 8d Tc Td",
}


def test_dealer_ante_with_a_short_dealer() -> None:
    """RULES.md §2.1 dealer_ante: the dealer (seat 0, 2 chips) owes 3 antes and posts all
    2, all-in. The 2 dead chips make a main pot everyone still in contests; the bets of
    seats 1 and 2 (2 each) a side pot without the dealer. Main pot: high (full house, seat
    2) 1, low (the dealer's wheel) 1. Side pot 4: high 2 to seat 2, low 2 to seat 1."""
    state = deal(
        DEALER_ANTE, {0: 2, 1: 50, 2: 50}, button=0, forced_bet="dealer_ante", **one_pass()
    )
    assert state.stack == [0, 50, 50] and state.pot == 2 and state.is_all_in(0)
    assert state.to_act == (1,)
    play(state, (1, "bet 2"), (2, "call"))
    run_out(state, keep_first_five(state, DEALER_ANTE))
    assert pots(state) == [
        (2, [0, 1, 2], [2], [0], {2: 1, 0: 1}),
        (4, [1, 2], [2], [1], {2: 2, 1: 2}),
    ]
    assert state.result is not None and state.result.net == {1: 0, 2: 1, 0: -1}


def test_dealer_ante_shows_in_the_dealers_committed_chips() -> None:
    """bug: with dealer_ante the views said the dealer had put 0 chips in the pot (the dead
    ante was not counted), so a short dealer looked like a player with no chips at all."""
    state = deal(DEALER_ANTE, {0: 2, 1: 50, 2: 50}, button=0, forced_bet="dealer_ante")
    seats = {s["seat"]: s for s in state.view(None)["seats"]}
    assert seats[0]["committed"] == 2 and seats[0]["stack"] == 0 and seats[0]["all_in"]
    assert seats[1]["committed"] == 0
    state = deal(DEALER_ANTE, dict.fromkeys((0, 1, 2), 50), button=1, forced_bet="dealer_ante")
    seats = {s["seat"]: s for s in state.view(1)["seats"]}
    assert seats[1]["committed"] == 3 and seats[1]["stack"] == 47


def test_ante_all_in_player_and_the_pots_it_makes() -> None:
    """RULES.md §2.1: ante 3; seat 1 has 2 chips, posts them and is all-in. The main pot
    holds 2 from each player (eligible: all), the side pot the other 1 + 1 (seats 0, 2).
    Seat 1 never acts: seat 2 opens the betting."""
    state = deal(NO_LOW_SIDE, {1: 2, 2: 50, 0: 50}, button=0, ante=3)
    assert state.is_all_in(1) and state.to_act == (2,)
    assert state.view(None)["pots"] == [
        {"amount": 6, "eligible": [0, 1, 2]},
        {"amount": 2, "eligible": [0, 2]},
    ]
    assert state.legal_actions(1).kinds == frozenset()


# ------------------------------------------------------------------- passing (RULES.md §3)
FIVE = {
    0: "2c 3c 4c 5c 6c 7c 8c",
    1: "2d 3d 4d 5d 6d 7d 8d",
    2: "2h 3h 4h 5h 6h 7h 8h",
    3: "2s 3s 4s 5s 6s 7s 8s",
    4: "9c 9d 9h 9s Tc Td Th",
}


def test_folded_players_are_skipped_left_and_right() -> None:
    """RULES.md §3: seats 2 and 4 fold; the ring of players still in is 1, 3, 0 (from the
    dealer's left). Left: 1→3, 3→0, 0→1. Right: 1→0, 3→1, 0→3."""
    state = deal(
        FIVE, dict.fromkeys(range(5), 50), button=0, pass_directions=("left", "right", "left")
    )
    play(state, (1, "check"), (2, "fold"), (3, "check"), (4, "fold"), (0, "check"))
    assert state.to_act == (1, 3, 0)
    gives = {1: "2d 3d 4d", 3: "2s 3s 4s", 0: "2c 3c 4c"}
    for seat, text in gives.items():
        state.apply(seat, Action.parse(f"pass {text}"))
    received = {s: state.view(s)["you"]["passes"][0]["received"] for s in (1, 3, 0)}
    assert received == {3: ["2d", "3d", "4d"], 0: ["2s", "3s", "4s"], 1: ["2c", "3c", "4c"]}
    play(state, (1, "check"), (3, "check"), (0, "check"))
    play(state, (1, "pass 5d 6d"), (3, "pass 5s 6s"), (0, "pass 5c 6c"))
    received = {s: state.view(s)["you"]["passes"][1]["received"] for s in (1, 3, 0)}
    assert received == {0: ["5d", "6d"], 1: ["5s", "6s"], 3: ["5c", "6c"]}
    for seat in (2, 4):  # folded: neither pass nor receive
        assert state.view(seat)["you"]["passes"] == []


def test_heads_up_left_and_right_both_reach_the_other_player() -> None:
    """RULES.md §1 heads-up, §3: with two players both directions mean the other seat."""
    cards = {0: FIVE[0], 1: FIVE[1]}
    state = deal(cards, {0: 20, 1: 20}, button=1, pass_directions=("left", "right", "left"))
    assert state.to_act == (0,)  # the dealer's left acts first, heads-up too
    play(state, (0, "check"), (1, "check"), (0, "pass 2c 3c 4c"), (1, "pass 2d 3d 4d"))
    play(state, (0, "check"), (1, "check"), (0, "pass 2d 3d"), (1, "pass 2c 3c"))
    assert state.view(0)["you"]["passes"][1]["received"] == ["2c", "3c"]
    assert sorted(state.hands[1]) == sorted(parse_codes("2d 3d 4c 5d 6d 7d 8d"))


@pytest.mark.parametrize("phase", ["passing", "arranging"])
def test_no_fold_during_the_simultaneous_phases(phase: str) -> None:
    """RULES.md §3/§4 decision: "a player may always fold on their turn" means a betting
    turn. Passing and arranging are simultaneous; a fold in the middle of them would be
    public information for the players who have not committed yet (and would change who
    receives whose cards), so the engine asks for the pass or arrangement and the player
    can fold at the next betting round. The error says so and changes nothing."""
    state = deal(FIVE, dict.fromkeys(range(5), 50), button=0, **one_pass())
    play(state, (1, "check"), (2, "check"), (3, "check"), (4, "check"), (0, "check"))
    if phase == "arranging":
        for seat in state.to_act:
            state.apply(seat, Action.pass_cards(state.legal_actions(seat).cards[:1]))
        play(state, (1, "check"), (2, "check"), (3, "check"), (4, "check"), (0, "check"))
    assert state.phase.value == phase
    if phase == "passing":  # one seat has committed already
        state.apply(1, Action.pass_cards(state.hands[1][:1]))
    before = observable(state)
    with pytest.raises(ActionNotAllowedError, match="next betting round"):
        state.apply(2, Action.fold())
    assert observable(state) == before
    assert FOLD not in state.legal_actions(2).kinds


# ------------------------------------------------------------ variants (RULES.md §1, §6)
def test_nine_card_deal_five_players_and_hidden_cards_are_the_last_two_dealt() -> None:
    """RULES.md §1, §6: 9 × 5 = 45 cards. One card at a time from the dealer's left: the
    k-th player gets deck[k], deck[k + 5], ...; the last two (deck[k + 35], deck[k + 40])
    are hidden. A sixth player would need 54 cards."""
    deck = list(range(52))
    seats = [Seat(name=f"p{i}", stack=30) for i in range(5)]
    state = HandState(TableConfig(cards_dealt=9), seats=seats, button=4, deck=deck)
    for k, seat in enumerate(state.players):
        assert state.dealt[seat] == tuple(deck[k:45:5])
        assert state.hidden[seat] == [deck[k + 35], deck[k + 40]]
        assert len(state.hands[seat]) == 7
    with pytest.raises(InvalidConfigError, match="54 cards"):
        HandState(TableConfig(cards_dealt=9), seats=[*seats, seats[0]], button=0, deck=deck)


def test_four_roll_betting_rounds_end_with_the_fifth_card_and_a_showdown() -> None:
    """roll_betting_rounds = 4 (house rule): a betting round follows each of cards 1-4; the
    fifth card is turned and the hand goes straight to the showdown. With one pass that is
    1 + 1 + 4 = 6 betting rounds (8 with the standard three passes)."""
    cards = {1: NO_LOW_SIDE[1], 0: NO_LOW_SIDE[0]}
    state = deal(cards, {1: 50, 0: 50}, button=0, roll_betting_rounds=4, **one_pass())
    keep = keep_first_five(state, cards)
    play(state, (1, "check"), (0, "check"))
    play(
        state,
        (1, f"pass {card_str(state.hands[1][5])}"),
        (0, f"pass {card_str(state.hands[0][5])}"),
    )
    play(state, (1, "check"), (0, "check"))
    state.apply(1, Action.arrange(keep[1]))
    state.apply(0, Action.arrange(keep[0]))
    for round_number in range(3, 7):
        assert state.betting_round == round_number and state.revealed_count == round_number - 2
        seat = state.to_act[0]
        play(state, (seat, "check"), (1 - seat, "check"))
    assert state.betting_round == 6 and state.config.betting_rounds == 6
    assert state.is_complete and state.revealed_count == 5
    assert state.result is not None and state.result.showdown


def test_best_showing_tie_goes_to_the_seat_nearest_the_dealers_left() -> None:
    """RULES.md §4 best_showing: seats 2 and 0 both show a king (suits never count); with
    the button on seat 0 the order is 1, 2, 3, 0, so seat 2 is nearer the dealer's left and
    acts first (not seat 1, the first in order, showing a queen). An all-in player never
    acts first, even with the best card showing (seat 3's ace)."""
    cards = {
        0: "Kc 2d 3d 4d 6d 9c 9d",
        1: "Qs 2h 3h 4h 6h Tc Td",
        2: "Kd 2c 3c 4c 6c Jc Jd",
        3: "Ah 2s 3s 4s 6s Qc Qd",
    }
    stacks = {0: 50, 1: 50, 2: 50, 3: 1}
    state = deal(cards, stacks, button=0, **one_pass())
    keep = keep_first_five(state, cards)
    while state.phase is not Phase.ARRANGING:
        if state.phase is Phase.PASSING:
            for seat in state.to_act:
                junk = [c for c in state.hands[seat] if c not in keep[seat]]
                state.apply(seat, Action.pass_cards(junk[:1]))
        else:
            state.apply(state.to_act[0], Action.check())
    for seat in state.to_act:
        state.apply(seat, Action.arrange(keep[seat]))
    assert state.revealed_count == 1 and state.to_act == (2,)


# ----------------------------------------------------------------------- views (§7)
def test_views_hide_pending_choices_dead_cards_hidden_cards_and_unused_cards() -> None:
    """RULES.md §7 at every stage of one hand: a pending pass or arrangement is seen only
    by its owner; after the showdown nobody but the owner sees a folded player's cards, the
    two unused cards or the hidden cards; the spectator sees only revealed cards."""
    cards = {
        0: "As 2d 3c 4h 5s Jc Jd 7c 7d",
        1: "Ah 2s 3d 4c 7h 9c 9d 8c 8d",
        2: "Kc Kh Kd Qc Qd Tc Td 6c 6d",
    }
    state = deal(cards, dict.fromkeys((0, 1, 2), 40), button=0, cards_dealt=9, **one_pass())

    def seen(viewer: int | None) -> set[str]:
        text = json.dumps(state.view(viewer))
        return {card_str(c) for c in range(52) if f'"{card_str(c)}"' in text}

    play(state, (1, "check"), (2, "bet 2"), (0, "fold"), (1, "call"))
    state.apply(1, Action.parse("pass 9c"))
    assert "9c" in seen(1) and "9c" not in seen(2) and "9c" not in seen(None)
    state.apply(2, Action.parse("pass Tc"))
    play(state, (1, "check"), (2, "check"))
    state.apply(1, Action.parse("arrange Ah 2s 3d 4c 7h"))
    assert not {"Ah", "2s", "3d", "4c", "7h"} & seen(2)
    state.apply(2, Action.parse("arrange Kc Kh Kd Qc Qd"))
    while not state.is_complete:
        seat = state.to_act[0]
        state.apply(seat, Action.check())
    shown = {"Ah", "2s", "3d", "4c", "7h", "Kc", "Kh", "Kd", "Qc", "Qd"}
    # unused: seat 1 holds 9d Tc, seat 2 holds Td 9c; hidden: 7c 7d, 8c 8d, 6c 6d (seats
    # 0, 1, 2); seat 0 folded with As 2d 3c 4h 5s Jc Jd
    folded = {"As", "2d", "3c", "4h", "5s", "Jc", "Jd", "7c", "7d"}
    assert seen(None) == shown
    assert not seen(2) & (folded | {"8c", "8d", "9d"})  # 9d: seat 1's, never seat 2's
    assert not seen(1) & (folded | {"6c", "6d", "Td"})  # Td: seat 2's, never seat 1's
    assert not seen(0) & {"9d", "Tc", "Td", "9c", "8c", "8d", "6c", "6d"}
    assert {"7c", "7d", "6c", "6d", "8c", "8d"} & seen(0) == {"7c", "7d"}


# -------------------------------------------------------------------- sessions (§1)
def test_session_button_skips_empty_and_busted_seats_and_reaches_a_new_player() -> None:
    """RULES.md §1: the button moves one *occupied* seat clockwise (seats with no chips sit
    out and are skipped); a player who joins between hands is dealt in and gets the button
    when it reaches their seat."""
    seats = [Seat(name="a", stack=10), None, Seat(name="c", stack=10), Seat(name="d", stack=0)]
    session = Session(
        TableConfig(), [*seats, Seat(name="e", stack=10)], rng=random.Random(3), table_size=6
    )
    buttons = []
    for hand_number in range(5):
        hand = session.start_hand()
        buttons.append(hand.button)
        assert 3 not in hand.players
        while not hand.is_complete:
            hand.apply(hand.to_act[0], Action.fold())
        session.finish_hand()
        if hand_number == 0:
            session.join(1, name="b", stack=10)
    assert buttons == [0, 1, 2, 4, 0]
    assert sum(s.stack for s in session.seats if s is not None) == 40
