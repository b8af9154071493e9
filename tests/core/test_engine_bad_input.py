"""The bugs in bad input the engine's rules review found: every refusal names what was
wrong and what is allowed, and leaves the hand exactly as it was."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from engine_helpers import (
    NO_LOW_SIDE,
    deal,
    observable,
    play,
)
from typer.testing import CliRunner

from anaconda_poker.cli.main import app
from anaconda_poker.core.actions import Action, ActionKind, MalformedActionError
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.errors import AnacondaError, InvalidConfigError
from anaconda_poker.core.history import ReplayError, replay
from anaconda_poker.core.rule_errors import (
    NotYourTurnError,
)
from anaconda_poker.core.session import Session, SessionError
from anaconda_poker.core.state import HandState, Seat

FOLD = ActionKind.FOLD
CALL = ActionKind.CALL
RAISE = ActionKind.RAISE


def fresh() -> HandState:
    return deal(NO_LOW_SIDE, dict.fromkeys((0, 1, 2), 50), button=0)


@pytest.mark.parametrize("seat", [True, 1.0, "1", None])
def test_seat_must_be_a_real_seat_number(seat: Any) -> None:
    """bug: ``apply(True, check)`` was accepted for seat 1 (True == 1) by the check/call
    shortcut and written to the history as ``"seat": true``; other non-numbers reached a
    TypeError. Now every such seat is refused with NotYourTurnError and nothing changes."""
    state = fresh()
    before = observable(state)
    with pytest.raises(NotYourTurnError, match="seat"):
        state.apply(seat, Action.check())
    assert observable(state) == before
    assert state.legal_actions(seat).kinds == frozenset()
    assert not state.can_apply(seat, Action.check())
    if seat is not None:  # view(None) is the spectator's view
        with pytest.raises(NotYourTurnError):
            state.view(seat)


def test_numpy_seat_numbers_are_plain_seat_numbers() -> None:
    """bug: a NumPy integer seat (bots compute with NumPy) was accepted for check/call but
    refused for bet ("seat 0 is not playing"), and the history it wrote was not JSON."""
    state = fresh()
    one: Any = np.int64(1)
    two: Any = np.int32(2)
    zero: Any = np.int64(0)
    state.apply(one, Action.check())
    state.apply(two, Action.bet(2))
    assert state.legal_actions(zero).kinds == {FOLD, CALL, RAISE}
    text = json.dumps(state.history())
    assert '"seat": 1' in text and '"seat": 2' in text
    assert type(state.view(zero)["you"]["seat"]) is int


@pytest.mark.parametrize("action", [None, "check", {"action": "check"}])
def test_an_action_must_be_an_action(action: Any) -> None:
    """bug: ``apply(1, None)`` died with AttributeError; now MalformedActionError names
    what is expected and nothing changes."""
    state = fresh()
    before = observable(state)
    with pytest.raises(MalformedActionError, match="Action"):
        state.apply(1, action)
    assert observable(state) == before
    assert not state.can_apply(1, action)


def test_bad_stacks_and_dealt_cards_say_what_is_expected() -> None:
    """bug: a stack of "100" or 1.5 was reported as "needs at least 1 chip", and dealt
    cards given as text as "card code 'As' is out of range"."""
    with pytest.raises(InvalidConfigError, match="whole number of chips"):
        text_stack = Seat(name="a", stack="100")  # type: ignore[arg-type]
        HandState(TableConfig(), seats=[text_stack, Seat(name="b", stack=5)], button=0)
    dealt: dict[int, list[Any]] = {
        0: ["As", "Kd", "Qh", "Jc", "Ts", "9d", "8h"],
        1: parse_codes("2c 3c 4c 5c 6c 7c 8c"),
    }
    with pytest.raises(AnacondaError, match=r"card codes 0\.\.51"):
        HandState(TableConfig(), seats=[Seat(name="a", stack=5)] * 2, button=0, dealt=dealt)


def history_doc() -> dict[str, Any]:
    state = fresh()
    play(state, (1, "check"), (2, "bet 2"), (0, "call"), (1, "call"))
    return state.history()


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d.update(config="high_low_8"), "config must be an object"),
        (lambda d: d.update(actions="check"), "actions must be a list"),
        (lambda d: d["actions"].insert(1, 7), "action 1 must be an object"),
        (lambda d: d["dealt"].update({"0": None}), r"dealt\['0'\] must be a list of cards"),
        (lambda d: d.update(seats="p0 p1 p2"), "seats must be a non-empty list"),
        (lambda d: d["seats"][0].update(seat=True), "seat number True"),
        (lambda d: d.update(button=True), "button True"),
        (lambda d: d.update(button="0"), "button '0' is not a seat number"),
        (lambda d: d["seats"][1].update(stack=7.5), "whole number of chips"),
        (lambda d: d.update(deck=["As"] * 52), "deck"),
        (lambda d: d["config"].update(split="lowball"), "split must be one of"),
        (lambda d: d["config"].update(betting="spread"), "no_limit"),
    ],
)
def test_malformed_histories_name_the_field_and_what_is_allowed(change: Any, match: str) -> None:
    """bug: these histories were refused with misleading messages ("unknown table option(s)
    ['c', 'f', 'g', ...]" for a config given as text, "action 0 ... needs an integer seat"
    for actions given as text, "'NoneType' object is not iterable", ...) or, for ``true``
    as a seat number or the button, accepted as seat 1."""
    doc = history_doc()
    change(doc)
    with pytest.raises(ReplayError, match=match):
        replay(doc)


def test_replay_command_names_actions_given_as_text(tmp_path: Path) -> None:
    """bug: ``anaconda-poker replay`` on a history whose ``actions`` is a string said
    "actions must be a list ..., got 'n'" (the first letter): the printer sliced the text."""
    doc = history_doc()
    doc["actions"] = "nope"
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(doc))
    out = CliRunner().invoke(app, ["replay", str(path)])
    assert out.exit_code == 1
    assert "actions must be a list of action objects, got 'nope'" in out.output
    assert "Traceback" not in out.output


def test_session_bad_input_is_a_session_error() -> None:
    """bug: an unknown split with dealer's choice raised a bare ValueError; chips given as
    True or 2.5 were added (2.5 then broke the next deal); a seat given as text raised
    TypeError; a sixth player could join a 9-card table and no hand could be dealt."""
    session = Session(
        TableConfig(),
        [Seat(name="a", stack=10), Seat(name="b", stack=10)],
        dealers_choice=True,
        rng=random.Random(1),
        table_size=4,
    )
    with pytest.raises(SessionError, match="high_only, high_low_8, high_low_any"):
        session.start_hand(split="lowball")
    for chips in (True, 2.5, 0):
        with pytest.raises(SessionError, match="whole number"):
            session.add_chips(0, chips)  # type: ignore[arg-type]
    with pytest.raises(SessionError, match="seat"):
        session.join("2", name="c", stack=10)  # type: ignore[arg-type]
    with pytest.raises(SessionError, match="seat"):
        session.leave(None)  # type: ignore[arg-type]
    assert [s.stack if s else None for s in session.seats] == [10, 10, None, None]
    nine = Session(
        TableConfig(cards_dealt=9), [Seat(name=str(i), stack=5) for i in range(5)], table_size=7
    )
    with pytest.raises(SessionError, match="at most 5 players"):
        nine.join(5, name="six", stack=5)
