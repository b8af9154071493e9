"""The table log (issue 13 item 11): refused commands are not echoed; PageUp/PageDown
scroll it."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.widgets import RichLog

from .conftest import make_app, settle

SIZE = (130, 44)


def _log(app: object) -> str:
    return "\n".join(line.text for line in app.query_one("#log", RichLog).lines)  # type: ignore[attr-defined]


async def test_only_accepted_commands_are_echoed_in_the_log(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for typed in ("raise abc", "jump", "pass 1 2 3"):  # malformed, unknown, refused
            await pilot.press("slash", *typed, "enter")
            await settle(app, pilot)
            assert app.message
            assert f"> {typed}" not in _log(app)
        await pilot.press("slash", *"call", "enter")
        await settle(app, pilot)
        assert app.message == ""
        assert "> call" in _log(app)


async def test_page_keys_scroll_the_log(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        log = app.query_one("#log", RichLog)
        for number in range(80):
            log.write(Text(f"line {number}"))
        await pilot.pause()
        bottom = log.scroll_y
        assert bottom == log.max_scroll_y > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < bottom
        await pilot.press("pagedown")
        await pilot.pause()
        assert log.scroll_y == bottom
