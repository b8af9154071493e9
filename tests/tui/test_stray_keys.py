"""Issue 13 follow-up: a key the end-of-hand dialog does not show must not open the session
summary, and Enter (the habit key of "Next hand") must not leave the table from the summary;
only the Q shown on the summary's key bar leaves. Driven by Textual's pilot."""

from __future__ import annotations

from pathlib import Path

from anaconda_poker.core.config import DeclareMode
from anaconda_poker.core.state import Phase
from anaconda_poker.tui.screens import ShowdownScreen, SummaryScreen

from .conftest import make_app, play_to, screen_text, settle, state_of
from .test_declare_tui import play_to_declaring

SIZE = (100, 30)


async def _fold_to_the_end(app: object, pilot: object) -> None:
    """Fold the person's first decision, then let the bots finish the hand."""
    await play_to(app, pilot, Phase.BETTING)  # type: ignore[arg-type]
    await pilot.press("slash", *"fold", "enter")  # type: ignore[attr-defined]
    await settle(app, pilot)  # type: ignore[arg-type]


async def test_s_then_enter_after_a_fold_does_not_leave_the_table(tmp_path: Path) -> None:
    # play --seed 3, /fold, s, Enter: S (not on the key bar) opened the summary and Enter left.
    app = make_app(tmp_path, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await _fold_to_the_end(app, pilot)
        assert state_of(app).is_complete and isinstance(app.screen, ShowdownScreen)
        assert " S " not in screen_text(app).splitlines()[-1] + " "
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ShowdownScreen)  # S is not offered: nothing happens
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.is_running
        assert app.session.hand_number == 2 and not state_of(app).is_complete


async def test_typing_a_command_over_the_dialog_does_not_leave_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await _fold_to_the_end(app, pilot)
        await pilot.press("slash", *"raise", "space", "4", "enter")
        await settle(app, pilot)
        assert app.is_running
        assert not isinstance(app.screen, SummaryScreen)


async def test_enter_on_the_summary_goes_back_and_only_q_leaves(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        keys = screen_text(app).splitlines()
        assert any("Q  Leave the table" in line for line in keys)
        assert any("Enter/Esc  Back to the table" in line for line in keys)
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, SummaryScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value == app.session.players


async def test_swing_pressed_twice_then_enter_plays_the_next_hand(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5, bots=2, declare=DeclareMode.DECLARE)
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(app, pilot)
        await play_to_declaring(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        assert state_of(app).is_complete and isinstance(app.screen, ShowdownScreen)
        await pilot.press("s")  # the habit of the declaring step: not a key of the dialog
        await pilot.pause()
        assert isinstance(app.screen, ShowdownScreen)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.is_running and app.session.hand_number == 2
