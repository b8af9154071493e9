"""Going broke, or winning every chip, does not end the session (issue 13 item 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from anaconda_poker.core.config import Split
from anaconda_poker.core.state import Phase
from anaconda_poker.tui.app import AnacondaApp
from anaconda_poker.tui.screens import ShowdownScreen, SummaryScreen

from .conftest import make_app, screen_text, settle, state_of

SIZE = (130, 44)


def _text(app: AnacondaApp) -> str:
    return " ".join(screen_text(app).split())


async def _all_in_hand(app: AnacondaApp, pilot: Any) -> None:
    """Play one hand of five-chip stacks: all-in when betting, the top cards passed, the
    best high kept."""
    state = state_of(app)
    for _ in range(80):
        if state.is_complete:
            break
        if state.phase is Phase.BETTING:
            await pilot.press("a" if state.legal_actions(0).kinds else "c")
        elif state.phase is Phase.PASSING:
            count = state.legal_actions(0).pass_count
            await pilot.press(*[str(i) for i in range(1, count + 1)], "enter")
        else:
            await pilot.press("h", "enter")
        await settle(app, pilot)
    assert state.is_complete


async def test_out_of_chips_is_said_plainly_and_a_rebuy_plays_on(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=1, bots=1, stack=5, split=Split.HIGH_ONLY)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await _all_in_hand(app, pilot)
        assert [p.stack for p in app.session.players] == [0, 10]
        assert isinstance(app.screen, ShowdownScreen)
        text = _text(app)
        assert "You are out of chips." in text
        assert "Rebuy 5" in text and "Session summary" in text
        await pilot.press("enter")  # rebuy
        await settle(app, pilot)
        assert app.session.hand_number == 2 and not state_of(app).is_complete
        me = app.session.human
        # 5 chips again, less the second hand's ante: the rebuy is counted as bought.
        assert (me.buy_in, me.rebuys) == (10, 1)
        assert state_of(app).stack[0] + state_of(app).committed[0] == 5
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert "10 (1 rebuy)" in _text(app)


async def test_the_summary_is_there_for_who_does_not_rebuy(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=1, bots=1, stack=5, split=Split.HIGH_ONLY)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await _all_in_hand(app, pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        text = _text(app)
        assert "Session summary: 1 hand" in text and "You are out of chips." in text
        await pilot.press("escape")  # back: the rebuy is still offered
        await pilot.pause()
        assert isinstance(app.screen, ShowdownScreen) and "Rebuy 5" in _text(app)


async def test_winning_every_chip_is_said_and_new_bots_sit_down(tmp_path: Path) -> None:
    # seed 5: the person wins the all-in hand (with the fairness version 3 deal); a freezeout,
    # as with rebuys the bot would buy in again at once
    app = make_app(tmp_path, seed=5, bots=1, stack=5, split=Split.HIGH_ONLY, rebuys=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await _all_in_hand(app, pilot)
        assert [p.stack for p in app.session.players] == [10, 0]
        text = _text(app)
        assert "You won every chip at the table!" in text and "New bots" in text
        await pilot.press("s")
        await pilot.pause()
        assert "You won: every chip at the table is yours." in _text(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")  # new bots
        await settle(app, pilot)
        assert app.session.hand_number == 2
        bot = app.session.players[1]
        assert (bot.buy_in, bot.rebuys) == (10, 1)
        assert app.session.human.rebuys == 0
