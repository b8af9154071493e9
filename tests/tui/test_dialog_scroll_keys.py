"""At 80×24 the help and the hand review are taller than the screen and scroll (README,
"Play in the terminal": "the dialogs ... scroll ... while their keys stay visible"); the keys a
person reaches for (PgDn, ↓, End) must scroll them. A helper found the help's typed commands
and most of a review unreachable without a mouse: nothing in a dialog had the focus, so the
scroll keys went nowhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import VerticalScroll

from anaconda_poker.tui.review import ReviewScreen
from anaconda_poker.tui.screens import HelpScreen, ShowdownScreen

from .conftest import make_app, screen_text, settle, state_of, step

SIZE = (80, 24)


@pytest.mark.parametrize("key", ["pagedown", "down", "end"])
async def test_the_help_scrolls_by_keys_at_80_by_24(tmp_path: Path, key: str) -> None:
    app = make_app(tmp_path, lang="de", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        scroll = app.screen.query_one("#help-scroll", VerticalScroll)
        assert scroll.max_scroll_y > 0  # taller than the screen: there is something to reach
        assert "Getippte Befehle" not in screen_text(app)
        for _ in range(12):
            await pilot.press(key)
        await pilot.pause()
        assert scroll.scroll_y > 0
        if key != "down":
            assert "Getippte Befehle" in screen_text(app)
        assert "Esc  Zurück zum Tisch" in screen_text(app)  # the way back stays
        await pilot.press("escape")  # and still works with the scroll focused
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_the_hand_review_scrolls_by_keys_at_80_by_24(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="de", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for _ in range(80):
            if state_of(app).is_complete:
                break
            await step(app, pilot)
        await settle(app, pilot)
        assert isinstance(app.screen, ShowdownScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        scroll = app.screen.query_one("#review-scroll", VerticalScroll)
        assert scroll.max_scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert scroll.scroll_y < scroll.max_scroll_y
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ShowdownScreen)
