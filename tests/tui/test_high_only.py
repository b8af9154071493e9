"""A high-only game shows only high hints (issue 13 item 5)."""

from __future__ import annotations

from pathlib import Path

from anaconda_poker.core.config import Split
from anaconda_poker.core.state import Phase
from anaconda_poker.tui.suggest import suggestions

from .conftest import make_app, play_to, region_text, screen_text, settle, state_of


async def test_high_only_arranging_offers_only_the_best_high(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11, split=Split.HIGH_ONLY)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await play_to(app, pilot, Phase.ARRANGING)
        keys = " ".join(region_text(app, "#keys").split())
        assert "H/L/O" not in keys and "H Best high" in keys
        for key in ("l", "o"):
            await pilot.press(key)
            await pilot.pause()
            assert app.message == "This game is high only: H suggests the best high five."
            assert app.selection == []
        assert "low" not in screen_text(app).lower()
        await pilot.press("h")
        await pilot.pause()
        cards = state_of(app).legal_actions(0).cards
        assert app.selection == list(suggestions(cards, Split.HIGH_ONLY)["high"])  # type: ignore[arg-type]


async def test_high_only_prompt_names_only_h(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11, split=Split.HIGH_ONLY)
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(app, pilot)
        await play_to(app, pilot, Phase.ARRANGING)
        prompt = " ".join(region_text(app, "#prompt").split())
        assert "H suggests the best high." in prompt and "L best low" not in prompt
