"""Bots under the declare house rule (RULES.md §6): every bot declares legally, and the
declaration rules of thumb pick what the face-up hands say."""

from __future__ import annotations

from typing import Any

import pytest

from anaconda_poker.analysis.declaring import (
    best_declaration,
    declaration_shares,
    strength_declaration,
)
from anaconda_poker.bots import BOTS
from anaconda_poker.bots.arena import ArenaSpec, play_hand
from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.declare import Declaration
from anaconda_poker.core.state import HandState, Seat
from anaconda_poker.server.bot_seats import default_action

FAST = {"montecarlo": {"samples": 24, "exact_limit": 200}}
DECLARE = TableConfig(declare="declare")  # type: ignore[arg-type]
TIES_OK = TableConfig(declare="declare", swing="ties_ok")  # type: ignore[arg-type]


def test_every_bot_declares_legally_to_the_end_of_the_hand() -> None:
    # play_hand checks can_apply before every apply and raises ArenaError otherwise
    seats = tuple(BOTS)[:4]
    spec = ArenaSpec(config=DECLARE, seats=seats, hands=4, seed=5, stack=40, bot_options=FAST)
    declared = 0
    for rotation in range(4):
        state = play_hand(spec, 0, rotation)
        assert state.is_complete and state.chip_total() == state.starting_total
        declared += sum(1 for _, a in state.actions if a.kind is ActionKind.DECLARE)
    assert declared > 0


def _view(mine: list[str], others: dict[int, list[str]], folded: tuple[int, ...] = ()) -> Any:
    seats = [{"seat": 0, "folded": False, "revealed": mine}]
    seats += [{"seat": s, "folded": s in folded, "revealed": c} for s, c in others.items()]
    return {"you": {"seat": 0, "arrangement": mine}, "seats": seats}


WHEEL = ["As", "2c", "3d", "4h", "5s"]
KINGS = ["Ks", "Kd", "Qc", "Jh", "9s"]
SEVEN_LOW = ["2d", "3c", "4d", "5c", "7h"]
EIGHT_LOW = ["8d", "6h", "4c", "3s", "2h"]


def test_a_hand_that_wins_both_ways_swings() -> None:
    view = _view(WHEEL, {1: KINGS, 2: EIGHT_LOW})
    assert strength_declaration(view, DECLARE) is Declaration.BOTH
    assert best_declaration(view, DECLARE) is Declaration.BOTH
    assert declaration_shares(view, DECLARE)[Declaration.BOTH] == 1.0


def test_a_best_low_that_loses_high_declares_low() -> None:
    view = _view(SEVEN_LOW, {1: KINGS, 2: EIGHT_LOW})
    assert strength_declaration(view, DECLARE) is Declaration.LOW
    assert best_declaration(view, DECLARE) is Declaration.LOW


def test_a_tie_both_ways_swings_only_when_ties_are_ok() -> None:
    view = _view(WHEEL, {1: ["Ad", "2h", "3c", "4s", "5d"], 2: KINGS})
    assert strength_declaration(view, DECLARE) is not Declaration.BOTH
    assert strength_declaration(view, TIES_OK) is Declaration.BOTH


def test_folded_seats_do_not_count() -> None:
    view = _view(EIGHT_LOW, {1: KINGS, 2: SEVEN_LOW}, folded=(1, 2))
    assert strength_declaration(view, DECLARE) is Declaration.BOTH


def test_the_empty_half_is_worth_taking() -> None:
    """Both opponents go high with kings and queens; seat 0 (8-high, a qualifying low)
    takes the uncontested low half: half the pot, while declaring high wins nothing."""
    view = _view(EIGHT_LOW, {1: KINGS, 2: ["Qs", "Qd", "Jc", "Th", "8s"]})
    shares = declaration_shares(view, DECLARE)
    assert shares[Declaration.LOW] == 0.5 and shares[Declaration.HIGH] == 0.0
    assert best_declaration(view, DECLARE) is Declaration.LOW


@pytest.mark.parametrize("swing", ["strict", "ties_ok"])
def test_the_timeout_default_is_a_legal_declaration(swing: str) -> None:
    cfg = TableConfig(  # type: ignore[arg-type]
        declare="declare",
        swing=swing,
        betting="no_limit",
        pass_counts=(1,),
        pass_directions=("left",),
    )
    state = HandState(
        cfg,
        seats=[Seat(name="A", stack=5), Seat(name="B", stack=5)],
        button=0,
        deck=list(range(52)),
    )
    while not state.is_complete:
        seat = state.to_act[0]
        action = default_action(state, seat)
        if state.legal_actions(seat).kinds == {ActionKind.DECLARE}:
            assert action.kind is ActionKind.DECLARE
        state.apply(seat, action)
    assert state.result is not None and state.result.showdown
    assert len(state.result.declarations) == 2
