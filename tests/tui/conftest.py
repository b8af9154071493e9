"""Helpers for driving the terminal game with Textual's pilot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from anaconda_poker.core.state import HandState
from anaconda_poker.tui.app import AnacondaApp, GameSettings


def make_app(
    tmp_path: Path,
    *,
    lang: str = "en",
    seed: int = 11,
    bots: int = 3,
    level: str = "calling-station",
    **options: Any,
) -> AnacondaApp:
    """A fast, reproducible game: calling-station bots, no pauses, histories in tmp_path."""
    settings = GameSettings(
        bots=bots,
        level=level,
        lang=lang,
        seed=seed,
        delay=0,
        history_dir=tmp_path / "hands",
        **options,
    )
    return AnacondaApp(settings)


def screen_text(app: AnacondaApp) -> str:
    """Everything the active screen shows, as plain text lines."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


async def settle(app: AnacondaApp, pilot: Any) -> None:
    """Wait until the bots have acted and the screen is redrawn."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


def state_of(app: AnacondaApp) -> HandState:
    """The hand being played."""
    state = app.session.state
    assert state is not None
    return state
