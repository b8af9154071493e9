"""Keys that cost chips say what they do and ask once (issue 13 item 8)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.config import Betting
from anaconda_poker.core.state import Phase

from .conftest import make_app, region_text, settle, state_of, step

SIZE = (130, 44)


def _keys(app: object) -> str:
    return " ".join(region_text(app, "#keys").split())  # type: ignore[arg-type]


async def test_no_limit_all_in_asks_once_before_moving_the_stack(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11, betting=Betting.NO_LIMIT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        assert state.phase is Phase.BETTING and 0 in state.to_act
        stack = state.stack[0]
        assert "A All-in" in _keys(app)
        actions = state.action_count
        await pilot.press("a")
        await pilot.pause()
        assert state.action_count == actions and state.stack[0] == stack  # nothing bet yet
        assert app.message == f"That puts {stack} chips in: press A again to confirm."
        await pilot.press("a")
        await settle(app, pilot)
        seat, action = state.actions[actions]
        assert seat == 0 and action.kind in (ActionKind.BET, ActionKind.RAISE)
        assert action.to == stack


async def test_another_key_between_the_two_presses_cancels_the_all_in(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11, betting=Betting.NO_LIMIT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        actions = state.action_count
        await pilot.press("a", "plus", "a")
        await pilot.pause()
        assert state.action_count == actions  # asked again, nothing bet
        assert "press A again" in app.message


async def test_pot_limit_a_is_labelled_as_the_largest_bet(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11, betting=Betting.POT_LIMIT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        legal = state.legal_actions(0)
        high = (legal.raise_range or legal.bet_range or (0, 0))[1]
        assert 0 < high < state.stack[0] + state.bet[0]
        keys = _keys(app)
        assert f"A Max {high}" in keys and "All-in" not in keys
        await pilot.press("a")  # small: no question
        await settle(app, pilot)
        assert any(seat == 0 and action.to == high for seat, action in state.actions)


async def until_free_check(app: Any, pilot: Any) -> Any:
    """Step the game until seat 0 may check in a betting round; returns the hand's state."""
    state = state_of(app)
    for _ in range(40):
        if state.phase is Phase.BETTING and ActionKind.CHECK in state.legal_actions(0).kinds:
            break
        await step(app, pilot)
    assert ActionKind.CHECK in state.legal_actions(0).kinds
    return state


async def test_folding_when_checking_is_free_asks_once(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = await until_free_check(app, pilot)
        await pilot.press("f")
        await pilot.pause()
        assert state.live[0]
        assert app.message == "Checking is free: press F again to fold anyway, or C to check."
        await pilot.press("f")
        await settle(app, pilot)
        assert not state.live[0]


async def test_a_key_that_cancels_the_question_takes_the_question_away(tmp_path: Path) -> None:
    # Seen by a helper (German, fixed limit): F asked "press F again to fold anyway", then
    # "+" cancelled the question but left it on screen; the F it invited only asked again.
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = await until_free_check(app, pilot)
        await pilot.press("f")
        await pilot.pause()
        assert "press F again" in app.message
        await pilot.press("plus")
        await pilot.pause()
        assert "press F again" not in app.message
        assert "press F again" not in region_text(app, "#me")
        await pilot.press("f")  # the question again, as the screen now implies
        await pilot.pause()
        assert state.live[0] and "press F again" in app.message
