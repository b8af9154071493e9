"""Ctrl+C and Ctrl+Q end the session like Q (issue 13 item 9): the summary, then leave."""

from __future__ import annotations

from pathlib import Path

import pytest

from anaconda_poker.tui.screens import HelpScreen, SummaryScreen

from .conftest import make_app, screen_text, settle


@pytest.mark.parametrize("key", ["ctrl+c", "ctrl+q"])
async def test_control_keys_show_the_summary_then_leave(tmp_path: Path, key: str) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert "Session summary: 0 hands" in screen_text(app)
        assert app.is_running
        await pilot.press(key)
        await pilot.pause()
    assert app.return_value == app.session.players


async def test_ctrl_c_over_the_help_shows_the_summary(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
