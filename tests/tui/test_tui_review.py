"""A newcomer's review of the terminal game: what broke or misled when the real program was
played in tmux (names with brackets, the command line keeping the keyboard, 80×24 screens,
untranslated words), each driven through Textual's pilot as a person would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, RichLog

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import parse_code
from anaconda_poker.core.config import Split
from anaconda_poker.core.state import HandState, Phase
from anaconda_poker.i18n import LANGUAGES, translator
from anaconda_poker.tui.app import BOT_NAMES, AnacondaApp
from anaconda_poker.tui.cards import plain_cards
from anaconda_poker.tui.screens import HelpScreen, ShowdownScreen, SummaryScreen
from anaconda_poker.tui.suggest import suggestions

from .conftest import make_app, screen_text, settle, state_of

SIZE = (130, 44)
SMALL = (80, 24)


async def _step(app: AnacondaApp, pilot: Any) -> None:
    """One sensible decision by keys: call/check, pass the first N cards, best for both."""
    state = state_of(app)
    if state.phase is Phase.PASSING:
        count = state.legal_actions(0).pass_count
        await pilot.press(*[str(i) for i in range(1, count + 1)], "enter")
    elif state.phase is Phase.ARRANGING:
        await pilot.press("o", "enter")
    else:
        await pilot.press("c")
    await settle(app, pilot)


async def _play_to(app: AnacondaApp, pilot: Any, phase: Phase) -> None:
    state = state_of(app)
    for _ in range(100):
        if state.phase is phase or state.is_complete:
            break
        await _step(app, pilot)
    assert state.phase is phase


def _region_text(app: AnacondaApp, selector: str) -> str:
    """What the screen shows inside one widget, as plain text."""
    region = app.query_one(selector).region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return "\n".join(row[region.x : region.right] for row in rows)


def _key_bar(app: AnacondaApp) -> str:
    return " ".join(_region_text(app, "#keys").split())


def _fits(app: AnacondaApp) -> None:
    """The table is not taller than the terminal: nothing scrolls away, your seat ends above
    the command line, and the command line sits above the key bar (none hides another)."""
    assert app.screen.max_scroll_y == 0, screen_text(app)
    me = app.query_one("#me").region
    command = app.query_one("#command").region
    keys = app.query_one("#keys").region
    assert me.bottom <= command.y and command.bottom <= keys.y, screen_text(app)
    assert command.height >= 1 and keys.bottom <= app.size.height, screen_text(app)


def _hand_labels(app: AnacondaApp) -> list[str]:
    view = state_of(app).view(0)
    codes = sorted((parse_code(c) for c in view["you"]["hand"]), reverse=True)
    return plain_cards(codes).split()


# ---------------------------------------------------------------------------- names


async def test_a_name_with_square_brackets_is_shown_as_typed(tmp_path: Path) -> None:
    # `--name "[/b]Zoe"` crashed the program with a MarkupError (seat titles are markup).
    app = make_app(tmp_path, name="[/b]Zoe [red]x", bots=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.is_running
        assert "[/b]Zoe [red]x" in screen_text(app)


# ---------------------------------------------------------------------------- command line


async def test_after_a_typed_command_the_single_keys_work_again(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        before = state.action_count
        await pilot.press("slash", *"call", "enter")
        await settle(app, pilot)
        assert state.action_count > before
        # The keyboard is back with the table: the key bar's single keys act at once.
        assert not isinstance(app.focused, Input)
        await _play_to(app, pilot, Phase.PASSING)
        await pilot.press("1")
        await pilot.pause()
        assert len(app.selection) == 1
        assert app.query_one("#command", Input).value == ""


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("jump", 'Unknown command "jump"'),  # not understood
        ("raise abc", "raise needs a whole number of chips"),  # malformed
        ("pass 1 2 3", "Not allowed now."),  # refused by the rules: it is a betting round
    ],
)
async def test_after_any_enter_the_keys_belong_to_the_table_again(
    tmp_path: Path, typed: str, message: str
) -> None:
    """Issue 13 item 3: `/raise abc` Enter, then `C`: the C calls instead of being typed."""
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        assert state.phase is Phase.BETTING and 0 in state.to_act
        await pilot.press("slash", *["space" if c == " " else c for c in typed], "enter")
        await pilot.pause()
        assert app.message.startswith(message), app.message
        assert not isinstance(app.focused, Input)
        actions = state.action_count
        await pilot.press("c")
        await settle(app, pilot)
        assert state.action_count > actions  # C checked or called
        assert app.query_one("#command", Input).value == ""


async def test_a_slash_typed_into_the_command_line_is_not_part_of_the_command(
    tmp_path: Path,
) -> None:
    # README: "Typed commands (`/`): call, ...". Typing "/fold" when the line already has
    # the cursor said 'Unknown command "/fold"'.
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("slash", *"/fold", "enter")
        await settle(app, pilot)
        assert "Unknown command" not in app.message
        assert not state_of(app).live[0]


async def test_typed_call_with_nothing_to_call_checks_like_the_c_key(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        assert ActionKind.CHECK in state.legal_actions(0).kinds  # calling stations never bet
        before = state.action_count
        await pilot.press("slash", *"c", "enter")
        await settle(app, pilot)
        assert state.action_count > before
        _seat, action = state.actions[before]
        assert action.kind is ActionKind.CHECK


async def test_cards_can_be_typed_as_the_table_shows_them(tmp_path: Path) -> None:
    # The table shows K♦ and 10♠; typing them back said "K♦ is not a card".
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await _play_to(app, pilot, Phase.PASSING)
        labels = _hand_labels(app)
        hand = sorted((parse_code(c) for c in state_of(app).view(0)["you"]["hand"]), reverse=True)
        await pilot.press("slash")
        # The pilot cannot press "♦": put the text in the line as a paste would.
        app.query_one("#command", Input).value = f"pass {labels[0]} {labels[3]} {labels[6]}"
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.message == ""
        assert set(state_of(app).passes[0][0][0]) == {hand[0], hand[3], hand[6]}


async def test_escape_empties_the_command_line_and_the_key_bar_says_how_to_leave_it(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, lang="it", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        await pilot.pause()
        keys = _key_bar(app)
        assert "Esc Torna al tavolo" in keys
        assert "Abbandona" not in keys  # F does not fold while typing
        await pilot.press(*"456", "escape")
        await pilot.pause()
        assert app.query_one("#command", Input).value == ""
        assert not isinstance(app.focused, Input)
        assert "F Abbandona" in _key_bar(app)


# ---------------------------------------------------------------------------- words


@pytest.mark.parametrize(
    ("lang", "verb", "noun"),
    [
        ("it", "Punta 2", "Puntata 0"),
        ("es", "Apostar 2", "Apuesta 0"),
        ("pt", "Apostar 2", "Aposta 0"),
        ("nl", "Inzetten 2", "Inzet 0"),
        ("de", "Setzen 2", "Einsatz 0"),
    ],
)
async def test_the_bet_key_says_bet_and_the_seat_says_what_was_bet(
    tmp_path: Path, lang: str, verb: str, noun: str
) -> None:
    # "R  Puntata 2" / "R  Einsatz 2": the key was labelled with the noun (one message id
    # served both the seat's chips and the action).
    app = make_app(tmp_path, lang=lang, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert ActionKind.BET in state_of(app).legal_actions(0).kinds
        assert f"R {verb}" in _key_bar(app)
        assert noun in screen_text(app)


async def test_commands_of_the_game_language_are_listed_and_accepted(tmp_path: Path) -> None:
    # The Italian list of commands ended in English ("high, low, both, clear, help, quit").
    app = make_app(tmp_path, lang="it", seed=5, bots=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("slash", *"salta", "enter")
        await pilot.pause()
        listed = app.message.split("Comandi:")[1]
        for word in ("alto", "basso", "entrambi", "azzera", "aiuto", "esci"):
            assert word in listed
        for word in ("high", "both", "clear", "quit"):
            assert word not in listed
        await pilot.press("escape")
        assert "Enter" not in _key_bar(app) or "Invio" in _key_bar(app)

        await _play_to(app, pilot, Phase.ARRANGING)
        assert "Invio" in _key_bar(app) and "Enter" not in _key_bar(app)
        await pilot.press("slash", *"alto", "enter")
        await pilot.pause()
        expected = suggestions(state_of(app).legal_actions(0).cards, Split.HIGH_LOW_8)["high"]
        assert tuple(app.selection) == expected

        app.set_focus(None)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "disponi 3 1 5 2 4" in text and "esci" in text
        assert "Invio" in text


async def test_portuguese_passes_cards_with_trocar_and_passar_hints_at_it(
    tmp_path: Path,
) -> None:
    """Issue 13 item 6: "passar" is the check in Portuguese; "passar 1 2 3" used to be
    refused as a check with extra words. The card pass is "trocar"."""
    app = make_app(tmp_path, lang="pt", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await _play_to(app, pilot, Phase.PASSING)
        hand = sorted((parse_code(c) for c in state_of(app).view(0)["you"]["hand"]), reverse=True)
        await pilot.press("slash", *"passar 1 2 3", "enter")
        await settle(app, pilot)
        assert (
            app.message
            == '"passar" é passar a vez (check); para trocar cartas digite: trocar 1 2 3'
        )
        assert state_of(app).passes[0] == []
        await pilot.press("slash", *"trocar 1 2 3", "enter")
        await settle(app, pilot)
        assert app.message == ""
        assert set(state_of(app).passes[0][0][0]) == set(hand[:3])
        log = "\n".join(line.text for line in app.query_one("#log", RichLog).lines)
        assert "Você troca 3 cartas" in log


class _Raiser:
    """A bot seat that raises (or bets) whenever it may, else checks, calls, passes its
    first cards and arranges its first five."""

    def choose(self, state: HandState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if legal.raise_range:
            return Action.raise_to(legal.raise_range[0])
        if legal.bet_range:
            return Action.bet(legal.bet_range[0])
        if ActionKind.PASS in legal.kinds:
            return Action.pass_cards(legal.cards[: legal.pass_count])
        if ActionKind.ARRANGE in legal.kinds:
            return Action.arrange(legal.cards[:5])
        return Action.call() if ActionKind.CALL in legal.kinds else Action.check()


async def test_a_seat_shows_a_raise_as_the_total_it_raised_to(tmp_path: Path) -> None:
    # "Raise 6" on the seat read as "raised by 6"; raises are totals ("raise to 6").
    app = make_app(tmp_path, seed=11, bots=2)
    app.session.policies[1] = _Raiser()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("r")  # bet 2; the raiser makes it 4
        await settle(app, pilot)
        seat, action = state_of(app).actions[-2]
        assert (seat, action.kind, action.to) == (1, ActionKind.RAISE, 4)
        panel = _region_text(app, "#seat-1")
        assert "Raises to 4" in panel  # the log's words (issue 13 item 13)
        assert "Round bet 4" in panel


class _Folder:
    """A bot seat that folds to any bet and otherwise checks."""

    def choose(self, state: HandState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        return Action.check() if ActionKind.CHECK in legal.kinds else Action.fold()


async def test_a_hand_won_without_a_showdown_is_not_called_a_showdown(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="it", seed=11, bots=2)
    app.session.policies = {1: _Folder(), 2: _Folder()}
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("r")  # everyone else folds
        await settle(app, pilot)
        state = state_of(app)
        assert state.is_complete and state.result is not None and not state.result.showdown
        assert isinstance(app.screen, ShowdownScreen)
        topbar = _region_text(app, "#topbar")
        assert "Mano finita" in topbar and "Showdown" not in topbar


# ---------------------------------------------------------------------------- 80 × 24


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_whole_hand_fits_an_80_by_24_terminal(tmp_path: Path, lang: str) -> None:
    app = make_app(tmp_path, lang=lang, seed=11, bots=3)  # you act first: a fresh table
    quit_label = translator(lang)("Quit")
    async with app.run_test(size=SMALL) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        # Every opponent's seven face-down cards are drawn from the first frame on.
        for seat in (1, 2, 3):
            panel = _region_text(app, f"#seat-{seat}")
            assert panel.count("▐█") + panel.count("░░░░") == 7, panel
        for _ in range(100):
            if state.is_complete:
                break
            _fits(app)
            assert f"Q {quit_label}" in _key_bar(app)
            if state.phase is Phase.ARRANGING:
                await pilot.press("o")  # five chosen: the preview line appears
                await pilot.pause()
                _fits(app)
                await pilot.press("enter")
                await settle(app, pilot)
            else:
                await _step(app, pilot)
        assert state.is_complete
        assert isinstance(app.screen, ShowdownScreen)
        text = screen_text(app)
        t = translator(lang)
        assert t("Next hand") in text and t("Change game") in text  # the choices are visible
        for name in state.names:
            assert name in text


async def test_six_bots_fit_an_80_by_24_terminal(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="de", seed=3, bots=6)
    async with app.run_test(size=SMALL) as pilot:
        await settle(app, pilot)
        _fits(app)
        assert "Q Beenden" in _key_bar(app)
        await _play_to(app, pilot, Phase.ARRANGING)
        await pilot.press("o")
        await pilot.pause()
        _fits(app)
        assert "→" in screen_text(app)  # the preview of the chosen five


async def test_help_fits_an_80_by_24_terminal(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="de", seed=3)
    async with app.run_test(size=SMALL) as pilot:
        await settle(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Zurück zum Tisch" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_the_session_summary_fits_an_80_by_24_terminal(tmp_path: Path) -> None:
    # Seven players: the table's columns were cut to "Gioca…"/"Fich…" and the way out
    # ("Invio  Lascia il tavolo") was below the bottom of the screen.
    app = make_app(tmp_path, lang="it", seed=3, bots=6)
    async with app.run_test(size=SMALL) as pilot:
        await settle(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert app.screen.max_scroll_y == 0
        text = screen_text(app)
        assert "Q  Lascia il tavolo" in text and "Invio/Esc  Torna al tavolo" in text
        for name in ("Tu", *BOT_NAMES):
            assert f" {name} " in text, name
        for header in ("Giocatore", "Fiches", "Saldo"):
            assert header in text, header


async def test_after_the_terminal_shrinks_no_key_is_parted_from_its_label(
    tmp_path: Path,
) -> None:
    # Shrunk from 100 to 80 columns, the key bar still wrapped for the old width: "Q" ended
    # one line and "Sair" began the next.
    app = make_app(tmp_path, lang="pt", seed=11)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await _play_to(app, pilot, Phase.PASSING)
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        await pilot.pause()
        lines = _region_text(app, "#keys").splitlines()
        assert any("Q  Sair" in line for line in lines), lines
        assert all(line.strip() for line in lines), lines
        _fits(app)


async def test_please_wait_goes_away_when_it_is_your_turn(tmp_path: Path) -> None:
    # "Please wait: the other players are acting." stayed on screen into the person's turn.
    app = make_app(tmp_path, seed=11)
    # the bots pause this long before each bet: long enough that the second key press comes
    # while they act also on a loaded machine (0.3 s was not, under the full suite)
    app.delay = 2.0
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("c")  # the bots now act, pausing before each bet
        assert 0 not in state_of(app).to_act
        await pilot.press("c")  # too early
        assert app.message == "Please wait: the other players are acting."
        await settle(app, pilot)
        assert 0 in state_of(app).to_act
        assert app.message == ""
        assert "Please wait" not in screen_text(app)


async def test_escape_twice_after_a_hand_does_not_end_the_session(tmp_path: Path) -> None:
    # Esc on the end-of-hand summary means "quit" and opened the session summary, where a
    # second Esc left the program: a newcomer closing dialogs with Esc lost the table.
    app = make_app(tmp_path, seed=11, bots=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        while not state.is_complete:
            await _step(app, pilot)
        assert isinstance(app.screen, ShowdownScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert "Esc  Back to the table" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running
        assert isinstance(app.screen, ShowdownScreen)  # where we were
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.session.hand_number == 2
        assert len(app.session.records) == 1  # the first hand was recorded once


async def test_a_long_name_leaves_room_for_the_numbers_of_the_summary(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11, bots=2, name="A very long name that goes on " * 2)
    async with app.run_test(size=SMALL) as pilot:
        await settle(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        for header in ("Stack", "Net", "Hands won"):
            assert header in text, text
        assert text.count(" 400 ") >= 3, text  # every player's stack is readable
