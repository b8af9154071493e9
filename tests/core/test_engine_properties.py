"""Property tests: random legal play-outs over combinations of house rules.

Invariants checked after every action: chips are conserved; the 52 cards are partitioned
among hands, hidden cards, passes in flight, dead cards and the undealt deck; no view holds a
card its seat may not see, nor another seat's pending declaration (RULES.md §6, §7);
``replay(history)`` rebuilds the same hand (also mid-hand). The declare house rule is drawn
like every other option, and one test plays every hand with it on.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import card_str
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.history import replay
from anaconda_poker.core.state import HandState, Phase, Seat

SPLIT_GAMES = ["high_low_8", "high_low_any"]
SCHEDULES = [((3, 2, 1), 3), ((1, 2, 3), 3), ((2, 2), 2), ((1,), 1), ((3, 3, 3, 1), 4)]


@st.composite
def configs(draw: st.DrawFn, *, declare: bool | None = None) -> TableConfig:
    """Random house rules; ``declare`` True/False forces the declare option (split games
    only when True), ``None`` draws it."""
    counts, n = draw(st.sampled_from(SCHEDULES))
    small = draw(st.integers(1, 4))
    splits = ["high_low_8", "high_low_any"] if declare else ["high_only", *SPLIT_GAMES]
    split = draw(st.sampled_from(splits))
    declaring = declare if declare is not None else split != "high_only" and draw(st.booleans())
    return TableConfig(
        split=split,
        declare="declare" if declaring else "cards_speak",
        swing=draw(st.sampled_from(["strict", "ties_ok"])),
        betting=draw(st.sampled_from(["fixed_limit", "pot_limit", "no_limit"])),
        ante=draw(st.integers(0, 3)),
        small_bet=small,
        big_bet=small * draw(st.integers(1, 3)),
        raise_cap=draw(st.sampled_from([None, 1, 2, 4])),
        cap_lifted_heads_up=draw(st.booleans()),
        pass_counts=counts,
        pass_directions=draw(st.lists(st.sampled_from(["left", "right"]), min_size=n, max_size=n)),
        cards_dealt=draw(st.sampled_from([7, 9])),
        forced_bet=draw(st.sampled_from(["ante", "dealer_ante"])),
        reveal_first_to_act=draw(st.sampled_from(["best_showing", "left_of_dealer"])),
        roll_betting_rounds=draw(st.sampled_from([4, 5])),
    )


@st.composite
def hands(draw: st.DrawFn, *, declare: bool | None = None) -> tuple[HandState, random.Random]:
    config = draw(configs(declare=declare))
    players = draw(st.integers(2, config.max_players()))
    empty = draw(st.integers(0, 2))
    size = players + empty
    occupied = sorted(draw(st.permutations(range(size)))[:players])
    short = draw(st.booleans())
    seats: list[Seat | None] = [None] * size
    for i in occupied:
        stack = draw(st.integers(1, 12)) if short else draw(st.integers(1, 400))
        seats[i] = Seat(name=f"p{i}", stack=stack)
    button = draw(st.sampled_from(occupied))
    rng = random.Random(draw(st.integers(0, 2**32)))
    return HandState(config, seats=seats, button=button, rng=rng), rng


def random_action(state: HandState, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    if ActionKind.PASS in legal.kinds:
        return Action.pass_cards(rng.sample(legal.cards, legal.pass_count))
    if ActionKind.ARRANGE in legal.kinds:
        return Action.arrange(rng.sample(legal.cards, legal.arrange_count))
    if ActionKind.DECLARE in legal.kinds:
        return Action.declare(rng.choice(legal.declarations))
    kind = rng.choice(sorted(legal.kinds))
    if kind is ActionKind.BET:
        assert legal.bet_range is not None
        return Action.bet(rng.randint(*legal.bet_range))
    if kind is ActionKind.RAISE:
        assert legal.raise_range is not None
        return Action.raise_to(rng.randint(*legal.raise_range))
    return Action(kind)


def step(state: HandState, rng: random.Random) -> None:
    seats = state.to_act
    seat = rng.choice(seats)
    simultaneous = {ActionKind.PASS, ActionKind.ARRANGE, ActionKind.DECLARE}
    for other in seats:
        if other != seat:
            assert state.legal_actions(other).kinds & simultaneous
    state.apply(seat, random_action(state, seat, rng))


def check_cards(state: HandState) -> None:
    where = state.card_locations()
    cards: list[int] = []
    for value in where.values():
        if isinstance(value, dict):
            for group in value.values():
                cards.extend(group)
        else:
            cards.extend(value)
    assert sorted(cards) == list(range(52))
    for seat, hidden in where["hidden"].items():  # type: ignore[union-attr]
        assert len(hidden) == state.config.hidden_cards
        assert set(hidden) == set(state.dealt[seat][7:])


def check_turn(state: HandState) -> None:
    """A seat asked to bet has something to decide: it faces a bet, or another seat still in
    the hand has chips to bet against (RULES.md §2: otherwise the round is skipped)."""
    if state.phase is not Phase.BETTING:
        return
    (actor,) = state.to_act
    others = any(state.live[s] and state.stack[s] > 0 for s in state.players if s != actor)
    assert state.current_bet > state.bet[actor] or others, f"seat {actor} has nothing to decide"


def visible_cards(view: Any) -> set[str]:
    text = json.dumps(view)
    return {card_str(c) for c in range(52) if f'"{card_str(c)}"' in text}


def check_views(state: HandState) -> None:
    public = {card_str(c) for s in state.players for c in state.revealed(s)}
    assert visible_cards(state.view(None)) <= public
    for seat in state.players:
        known = set(public)
        known.update(card_str(c) for c in state.dealt[seat])
        for _given, got in state.passes[seat]:
            known.update(card_str(c) for c in got)
        assert visible_cards(state.view(seat)) <= known, f"seat {seat} sees too much"
        # nobody else's pending pass or arrangement is visible
        for other in state.players:
            pending = state.pending[other]
            if other != seat and pending is not None:
                mine = visible_cards(state.view(seat)["you"])
                leaked = {card_str(c) for c in pending} & mine - known
                assert not leaked
        check_declarations_secret(state, seat)
    check_declarations_secret(state, None)


def check_declarations_secret(state: HandState, seat: int | None) -> None:
    """Before the showdown no view names a declaration but the viewer's own (RULES.md §6)."""
    if state.is_complete:
        return
    view = state.view(seat)
    assert all("direction" not in entry for entry in view["log"])
    text = json.dumps({k: v for k, v in view.items() if k != "you"})
    assert '"declaration' not in text
    if seat is not None:
        own = state.declared[seat]
        assert view["you"]["declaration"] == (own.value if own is not None else None)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_chips_conserved_cards_partitioned_and_replay(
    game: tuple[HandState, random.Random],
) -> None:
    state, rng = game
    total = state.starting_total
    check_cards(state)
    check_turn(state)
    steps = 0
    while not state.is_complete:
        step(state, rng)
        steps += 1
        assert state.chip_total() == total
        check_cards(state)
        check_turn(state)
        if steps % 17 == 0:  # mid-hand replay
            history = state.history()
            assert replay(history).history() == history
    result = state.result
    assert result is not None
    assert sum(result.net.values()) == 0
    assert sum(state.stack) == total
    for pot in result.pots:
        assert sum(pot.awards.values()) == pot.amount
        assert set(pot.awards) <= set(pot.eligible)
        assert all(state.live[s] for s in pot.eligible)
    history = state.history()
    again = replay(history)
    assert again.history() == history
    assert [again.stack[s] for s in state.players] == [state.stack[s] for s in state.players]
    assert again.result == result


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(declare=True))
def test_declare_hands_conserve_chips_keep_declarations_secret_and_replay(
    game: tuple[HandState, random.Random],
) -> None:
    """Every hand with the declare house rule (RULES.md §6): chips conserved after every
    action, no view shows another seat's pending declaration, failed swings win nothing,
    every declaration of a showdown is in the result, and the hand replays exactly."""
    state, rng = game
    total = state.starting_total
    while not state.is_complete:
        step(state, rng)
        assert state.chip_total() == total
        check_views(state)
    result = state.result
    assert result is not None
    assert sum(result.net.values()) == 0 and sum(state.stack) == total
    if result.showdown:
        at_showdown = {s for s in state.players if state.live[s]}
        assert set(result.declarations) == at_showdown
        for seat in result.failed_swings:
            assert result.declarations[seat] == "both"
            # a failed swing wins nothing, unless every seat of a pot failed its swing
            for pot in result.pots:
                if set(pot.eligible) - set(result.failed_swings):
                    assert pot.awards.get(seat, 0) == 0
    else:
        assert result.declarations == {} and result.failed_swings == ()
    for pot in result.pots:
        assert sum(pot.awards.values()) == pot.amount
        assert set(pot.awards) <= set(pot.eligible)
    history = state.history()
    assert replay(history).history() == history


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_views_never_show_hidden_information(game: tuple[HandState, random.Random]) -> None:
    state, rng = game
    check_views(state)
    while not state.is_complete:
        step(state, rng)
        check_views(state)
    # after the hand: folded seats' and unused cards stay secret from the spectator
    spectator = visible_cards(state.view(None))
    for seat in state.players:
        for c in state.hidden[seat]:
            assert card_str(c) not in spectator
        shown = set(state.revealed(seat))
        for c in state.hands[seat]:
            if c not in shown:
                assert card_str(c) not in spectator


@settings(max_examples=200, deadline=None)
@given(hands(), st.integers(0, 60))
def test_replay_of_a_partial_history_equals_the_state(
    game: tuple[HandState, random.Random], cut: int
) -> None:
    state, rng = game
    for _ in range(cut):
        if state.is_complete:
            break
        step(state, rng)
    again = replay(state.history())
    for seat in [None, *state.players]:
        assert again.view(seat) == state.view(seat)
    assert again.to_act == state.to_act
    assert again.card_locations() == state.card_locations()
    assert again.phase is state.phase


@settings(max_examples=200, deadline=None)
@given(hands(), st.integers(0, 40))
def test_fast_path_agrees_with_the_full_check(
    game: tuple[HandState, random.Random], cut: int
) -> None:
    """``apply`` takes a shortcut for check/call by the seat to act; it must accept exactly
    what the full validation (``can_apply``) accepts, and end in the same state as a
    replay (which rebuilds the same hand)."""
    state, rng = game
    for _ in range(cut):
        if state.is_complete:
            break
        step(state, rng)
    history = state.history()
    for seat in state.players:
        for action in (Action.check(), Action.call(), Action.fold()):
            allowed = state.can_apply(seat, action)
            copy = replay(history)
            try:
                copy.apply(seat, action)
                accepted = True
            except ValueError:
                accepted = False
            assert accepted == allowed, (seat, action, state.phase)
            if accepted:
                again = replay(copy.history())
                assert again.history() == copy.history()
                assert again.view(None) == copy.view(None)
