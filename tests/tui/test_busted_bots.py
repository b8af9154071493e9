"""Bots out of chips do not sit at the table forever: with rebuys (the default, like a
server table that allows them) a busted bot buys the starting stack again before the next
hand; in a freezeout (``--no-rebuys``) it leaves the table, its seat box goes, and the
session ends when the person is out or goes on with new bots when the person has won every
chip. Checked through the session API over whole sessions and with Textual's pilot at
80 × 24."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.state import Phase
from anaconda_poker.tui.app import AnacondaApp
from anaconda_poker.tui.players import make_policy
from anaconda_poker.tui.screens import ShowdownScreen, SummaryScreen
from anaconda_poker.tui.session import HandRecord, TableSession

from .conftest import make_app, screen_text, settle, state_of, step

SMALL = (80, 24)


def _session(seed: int, *, rebuys: bool, bots: int = 3, stack: int = 6) -> TableSession:
    rng = random.Random(seed)
    names = ["You", *["Ada", "Bruno", "Chiara", "Dirk"][:bots]]
    return TableSession(
        config=TableConfig(),
        names=names,
        human_seat=0,
        policies={
            s: make_policy("random", random.Random(rng.random())) for s in range(1, bots + 1)
        },
        stack=stack,
        rng=random.Random(seed),
        rebuys=rebuys,
    )


def _play_hand(session: TableSession, me: Any) -> HandRecord:
    state = session.start_hand()
    dealt = set(state.order)
    # Nobody is dealt in without chips, and no seat without a player is dealt in.
    assert dealt == {p.seat for p in session.players if p.seated and p.stack > 0}
    for _ in range(500):
        if state.is_complete:
            break
        bot = session.pending_bot()
        if bot is not None:
            session.play_bot(bot)
        else:
            session.apply_human(me.choose(state, 0))
    return session.finish_hand()


def _chips_balance(session: TableSession) -> None:
    # Every chip at the table was bought: stacks add up to the buy-ins (rebuys included).
    assert sum(p.stack for p in session.players) == sum(p.buy_in for p in session.players)


@pytest.mark.parametrize("seed", range(4))
def test_with_rebuys_a_busted_bot_buys_in_again_and_is_dealt_in(seed: int) -> None:
    session = _session(seed, rebuys=True)
    me = make_policy("random", random.Random(seed + 100))
    rebought: list[int] = []
    for _ in range(200):
        if session.is_over():
            assert session.refill_offer() == "rebuy"
            session.refill()
        record = _play_hand(session, me)
        _chips_balance(session)
        for seat in record.busted:
            player = session.players[seat]
            if player.human:
                continue
            assert seat in record.rebought and player.stack == session.starting_stack
            assert player.seated and session.table.seats[seat] is not None
            rebought.append(seat)
        assert record.left == []
        # Every bot is at the table with chips before the next hand.
        assert all(p.stack > 0 for p in session.players if not p.human)
        if len(rebought) >= 2:
            break
    assert len(rebought) >= 2
    assert sum(p.rebuys for p in session.players if not p.human) == len(rebought)
    session.refill()  # the person too, if the last hand broke them
    next_hand = session.start_hand()
    assert set(next_hand.order) >= {1, 2, 3}


@pytest.mark.parametrize("seed", range(6))
def test_without_rebuys_a_busted_bot_leaves_and_the_session_ends_cleanly(seed: int) -> None:
    session = _session(seed, rebuys=False)
    me = make_policy("random", random.Random(seed + 100))
    buttons: list[int] = []
    for _ in range(300):
        record = _play_hand(session, me)
        buttons.append(record.state.button)
        _chips_balance(session)
        for seat in record.busted:
            if seat == 0:
                continue
            assert seat in record.left and session.table.seats[seat] is None
            assert not session.players[seat].seated
        assert record.rebought == []
        if session.is_over():
            break
    assert session.is_over()
    # The button only ever sat with players who were dealt in.
    if session.human.stack == 0:
        # Out in a freezeout: nothing is offered, and no hand can be dealt.
        assert session.refill_offer() is None
        with pytest.raises(RuntimeError, match="session is over"):
            session.start_hand()
    else:
        assert session.refill_offer() == "new_bots"
        assert sorted(session.refill()) == [1, 2, 3]
        assert all(p.seated and p.stack == 6 for p in session.players if not p.human)
        assert set(session.start_hand().order) == {0, 1, 2, 3}


async def _all_in_hand(app: AnacondaApp, pilot: Any) -> None:
    """Play one hand of small stacks by keys: all-in when betting, the top cards passed,
    the best high kept."""
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


def _text(app: AnacondaApp) -> str:
    return " ".join(screen_text(app).split())


async def _play_out(app: AnacondaApp, pilot: Any) -> None:
    """Finish the hand by keys: call or check, pass the first cards, keep the best high."""
    state = state_of(app)
    for _ in range(100):
        if state.is_complete:
            break
        await step(app, pilot)
    assert state.is_complete


def _random_bots(tmp_path: Path, *, rebuys: bool) -> AnacondaApp:
    # seed 0: in the first hand Chiara (seat 3) loses her five chips, the person does not
    return make_app(
        tmp_path, seed=0, bots=3, stack=5, level="random", split=Split.HIGH_ONLY, rebuys=rebuys
    )


async def test_a_busted_bot_buys_in_again_on_the_small_screen(tmp_path: Path) -> None:
    app = _random_bots(tmp_path, rebuys=True)
    async with app.run_test(size=SMALL) as pilot:
        await settle(app, pilot)
        await _play_out(app, pilot)
        record = app.session.records[-1]
        assert record.busted == [3] and record.rebought == [3]
        assert isinstance(app.screen, ShowdownScreen)
        assert "Chiara buys 5 chips." in _text(app)  # said in the dialog, not only the log
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.session.hand_number == 2 and 3 in state_of(app).order
        assert app.query_one("#seat-3").display and "Chiara" in screen_text(app)
        chiara = app.session.players[3]
        assert (chiara.buy_in, chiara.rebuys) == (10, 1)


async def test_a_busted_bot_leaves_a_freezeout_and_its_box_goes(tmp_path: Path) -> None:
    app = _random_bots(tmp_path, rebuys=False)
    async with app.run_test(size=SMALL) as pilot:
        await settle(app, pilot)
        await _play_out(app, pilot)
        record = app.session.records[-1]
        assert record.busted == [3] and record.left == [3]
        assert "Chiara leaves the table." in _text(app)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.session.hand_number == 2 and 3 not in state_of(app).order
        assert not app.query_one("#seat-3").display
        assert "Chiara" not in screen_text(app).split("Table log")[0]  # no box, no name
        # The other bots play on, and the table deals hand after hand without her.
        await _play_out(app, pilot)
        assert 3 not in state_of(app).order


async def test_out_of_chips_in_a_freezeout_ends_with_the_summary(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=1, bots=1, stack=5, split=Split.HIGH_ONLY, rebuys=False)
    async with app.run_test(size=SMALL) as pilot:
        await settle(app, pilot)
        await _all_in_hand(app, pilot)
        assert app.session.human.stack == 0
        text = _text(app)
        assert "You are out of chips. This session has no rebuys." in text
        assert "Rebuy" not in text and "Next hand" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert app.session.hand_number == 1  # no hand dealt to nobody
