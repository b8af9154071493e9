"""Messages follow the turn (issue 13 item 4): what was said before your turn is gone
when your turn comes."""

from __future__ import annotations

from pathlib import Path

from anaconda_poker.core.state import Phase

from .conftest import make_app, screen_text, settle, state_of, step


async def test_a_refused_key_before_your_turn_is_not_shown_at_your_turn(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, seed=11)
    app.delay = 0.5  # the bots take a moment: keys pressed meanwhile are refused
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        for _ in range(40):  # until a call leaves bots to bet (after their pause)
            if state.phase is Phase.BETTING and 0 in state.to_act:
                await pilot.press("c")
                await pilot.pause()
                if app._busy and state.phase is Phase.BETTING:
                    break
                await settle(app, pilot)
            else:
                await step(app, pilot)
        assert app._busy
        await pilot.press("h")  # refused: suggestions are for arranging
        assert app.message == "Suggestions are for arranging your five cards."
        await settle(app, pilot)
        assert 0 in state.to_act  # your turn again
        assert app.message == ""
        assert "Suggestions are for" not in screen_text(app)
