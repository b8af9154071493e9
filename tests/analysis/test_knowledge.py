"""Reading a seat's knowledge from its view: nothing it may not see, everything it may."""

from __future__ import annotations

import json
import random

import pytest

from anaconda_poker.analysis.knowledge import knowledge_from_view, live_at_passes, neighbour
from anaconda_poker.bots import create_bot
from anaconda_poker.core.actions import Action
from anaconda_poker.core.cards import card_str
from anaconda_poker.core.config import Direction, Split, TableConfig
from anaconda_poker.core.state import HandState, Phase, Seat

CONFIGS = [
    TableConfig(),
    TableConfig(pass_directions=("left", "right", "left"), split=Split.HIGH_ONLY),
    TableConfig(cards_dealt=9),
]


def test_neighbours_skip_nobody_but_wrap() -> None:
    assert neighbour([0, 2, 5], 5, Direction.LEFT) == 0
    assert neighbour([0, 2, 5], 0, Direction.RIGHT) == 5
    assert neighbour([0, 2, 5], 2, Direction.LEFT) == 5


@pytest.mark.parametrize("config", CONFIGS, ids=["default", "alternating", "nine-card"])
def test_knowledge_matches_the_hidden_truth_at_every_decision(config: TableConfig) -> None:
    rng = random.Random(4)
    checked = 0
    for hand_no in range(6):
        players = 5 if config.cards_dealt == 9 else rng.choice([3, 4, 6])
        state = HandState(
            config,
            seats=[Seat(name=f"p{i}", stack=80) for i in range(players)],
            button=hand_no % players,
            rng=random.Random(hand_no),
        )
        bots = [
            create_bot(rng.choice(["random", "heuristic"]), config=config, rng=random.Random(s))
            for s in range(players)
        ]
        while not state.is_complete:
            seat = state.to_act[0]
            view = state.view(seat)
            _check(state, seat, view, config)
            checked += 1
            state.apply(seat, bots[seat].act(view, state.legal_actions(seat)))
    assert checked > 100


def _check(state: HandState, seat: int, view: dict[str, object], config: TableConfig) -> None:
    knowledge = knowledge_from_view(view, config)
    text = json.dumps(view)
    # 1. no card the seat may not see: every known card appears in its view
    for code in knowledge.seen():
        assert f'"{card_str(code)}"' in text
    # 2. the seat's own cards
    arranged = state.arranged[seat]
    if arranged is not None and state.phase is not Phase.PASSING:
        assert knowledge.hand == tuple(arranged)
    else:
        assert set(knowledge.hand) == set(state.hands[seat])
    assert set(state.hidden[seat]) <= set(knowledge.out_of_play)
    # 3. each opponent's revealed cards and folds are as public
    by_seat = {o.seat: o for o in knowledge.opponents}
    assert set(by_seat) == set(state.order) - {seat}
    for s, o in by_seat.items():
        assert o.revealed == tuple(state.revealed(s))
        assert o.folded == (not state.live[s])
        # 4. a pinned card was passed by this seat and is in s's hand now
        passed_by_me = {c for given, _ in state.passes[seat] for c in given}
        for c in o.known:
            assert c in passed_by_me
            assert c in state.hands[s]
    # 4b. a card "elsewhere" was passed by this seat and is held by another seat
    others = {c for s in state.order if s != seat for c in state.hands[s]}
    for c in knowledge.elsewhere:
        assert c in passed_by_me and c in others
    # 5. the pool holds every card of the others the seat never saw
    pool = set(knowledge.pool())
    seen_ever = set(knowledge.seen()) | {c for g, r in state.passes[seat] for c in (*g, *r)}
    for s in state.order:
        if s == seat:
            continue
        for c in state.hands[s]:
            if c not in seen_ever:
                assert c in pool


def test_a_fold_before_the_pass_moves_the_receiver() -> None:
    config = TableConfig()
    state = HandState(
        config,
        seats=[Seat(name=f"p{i}", stack=50) for i in range(4)],
        button=3,
        rng=random.Random(1),
    )
    # round 1: seat 0 bets, seat 1 folds, seats 2 and 3 call
    state.apply(0, Action.bet(2))
    state.apply(1, Action.fold())
    state.apply(2, Action.call())
    state.apply(3, Action.call())
    assert state.phase is Phase.PASSING
    mine = state.hands[0][:3]
    state.apply(0, Action.pass_cards(mine))
    state.apply(2, Action.pass_cards(state.hands[2][:3]))
    state.apply(3, Action.pass_cards(state.hands[3][:3]))
    view = state.view(0)
    assert live_at_passes(view) == [[0, 2, 3]]
    knowledge = knowledge_from_view(view, config)
    known = {o.seat: o.known for o in knowledge.opponents}
    assert set(known[2]) == set(mine)  # seat 1 folded: seat 2 is the next one on the left
    assert known[1] == () and known[3] == ()
    assert set(state.hands[2]) >= set(mine)


def test_a_spectator_view_is_refused() -> None:
    state = HandState(
        TableConfig(),
        seats=[Seat(name="a", stack=9), Seat(name="b", stack=9)],
        button=0,
        rng=random.Random(0),
    )
    with pytest.raises(ValueError, match="spectator"):
        knowledge_from_view(state.view(None), TableConfig())
