"""Helpers for driving the terminal game with Textual's pilot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from anaconda_poker.core.state import HandState, Phase
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


async def step(app: AnacondaApp, pilot: Any) -> None:
    """One sensible decision by keys: call/check, pass the first N cards, best high."""
    state = state_of(app)
    if state.phase is Phase.PASSING:
        count = state.legal_actions(0).pass_count
        await pilot.press(*[str(i) for i in range(1, count + 1)], "enter")
    elif state.phase is Phase.ARRANGING:
        await pilot.press("h", "enter")
    else:
        await pilot.press("c")
    await settle(app, pilot)


async def play_to(app: AnacondaApp, pilot: Any, phase: Phase) -> None:
    """Decide sensibly (:func:`step`) until the hand reaches ``phase`` with the person to act."""
    state = state_of(app)
    for _ in range(100):
        if (state.phase is phase and 0 in state.to_act) or state.is_complete:
            break
        await step(app, pilot)
    assert state.phase is phase and 0 in state.to_act


def region_text(app: AnacondaApp, selector: str) -> str:
    """What the screen shows inside one widget, as plain text."""
    region = app.query_one(selector).region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return "\n".join(row[region.x : region.right] for row in rows)
