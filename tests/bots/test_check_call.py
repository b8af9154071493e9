"""The check-or-call driver: bots pass and arrange, every bet is checked or called."""

from __future__ import annotations

import random

import pytest

from anaconda_poker.bots.check_call import check_call_steps, check_or_call, play_check_call
from anaconda_poker.bots.protocol import Bot
from anaconda_poker.bots.registry import create_bot
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.state import HandState, Seat

CONFIG = TableConfig(split=Split.HIGH_LOW_8)


def _hand(seed: int) -> tuple[HandState, list[Bot]]:
    bots = [create_bot("heuristic", config=CONFIG, rng=random.Random(s)) for s in range(4)]
    state = HandState(
        CONFIG,
        seats=[Seat(name=f"p{s}", stack=500) for s in range(4)],
        button=3,
        rng=random.Random(seed),
    )
    return state, bots


@pytest.mark.parametrize("seed", [1, 2])
def test_bots_pass_and_arrange_and_every_bet_is_checked_or_called(seed: int) -> None:
    state, bots = _hand(seed)
    steps = play_check_call(state, bots)
    assert state.is_complete and all(state.live)  # nobody folded
    kinds = {s.action.kind for s in steps}
    assert kinds <= {ActionKind.PASS, ActionKind.ARRANGE, ActionKind.CHECK, ActionKind.CALL}
    assert {ActionKind.PASS, ActionKind.ARRANGE} <= kinds
    for step in steps:
        asked = step.action.kind in (ActionKind.PASS, ActionKind.ARRANGE)
        assert (step.view is not None) == asked
        assert step.action.kind in step.legal.kinds
        if step.view is not None:
            assert step.view["you"]["seat"] == step.seat


def test_stop_at_leaves_the_seat_to_act_before_it_acts() -> None:
    state, bots = _hand(3)
    steps = play_check_call(state, bots, stop_at=ActionKind.ARRANGE)
    assert ActionKind.ARRANGE in state.legal_actions(state.to_act[0]).kinds
    assert all(s.action.kind is not ActionKind.ARRANGE for s in steps)
    assert list(check_call_steps(state, bots, stop_at=ActionKind.ARRANGE)) == []


def test_check_when_allowed_else_call() -> None:
    state, bots = _hand(4)
    play_check_call(state, bots, stop_at=ActionKind.CHECK)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert check_or_call(legal) == Action.check()
    assert legal.bet_range is not None
    state.apply(seat, Action.bet(legal.bet_range[0]))
    assert check_or_call(state.legal_actions(state.to_act[0])) == Action.call()
