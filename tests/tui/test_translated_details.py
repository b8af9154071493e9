"""Translations of the table's details (issue 13 item 13): the command line's placeholder
names the language's help word; the seats say what was bet in the log's words."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.state import HandState

from .conftest import make_app, region_text, settle, state_of


@pytest.mark.parametrize(
    ("lang", "word"),
    [
        ("en", "help"),
        ("it", "aiuto"),
        ("es", "ayuda"),
        ("pt", "ajuda"),
        ("nl", "hulp"),
        ("de", "hilfe"),
    ],
)
async def test_the_placeholder_names_the_help_word_that_works(
    tmp_path: Path, lang: str, word: str
) -> None:
    app = make_app(tmp_path, lang=lang, seed=11)
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(app, pilot)
        placeholder = app.query_one("#command", Input).placeholder
        assert f"({word} " in placeholder, placeholder
        await pilot.press("slash", *word, "enter")
        await pilot.pause()
        assert app.message == ""  # the word runs the help


class _Bettor:
    def choose(self, state: HandState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if legal.raise_range:
            return Action.raise_to(legal.raise_range[0])
        if legal.bet_range:
            return Action.bet(legal.bet_range[0])
        return Action.call() if ActionKind.CALL in legal.kinds else Action.check()


async def test_a_seat_says_its_bet_in_the_logs_words(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="pt", seed=11, bots=2)
    app.session.policies[1] = _Bettor()
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(app, pilot)
        await pilot.press("r")  # you bet 2; the bettor raises to 4
        await settle(app, pilot)
        seat, action = state_of(app).actions[-2]
        assert (seat, action.kind, action.to) == (1, ActionKind.RAISE, 4)
        panel = region_text(app, "#seat-1")
        assert "Aumenta para 4" in panel, panel  # as the log says it: "Ada aumenta para 4"
        assert "Aumentar" not in panel  # the button's word


def _terminal_hand(tmp_path: Path, lang: str) -> Path:
    """One hand of the terminal game (the person named by the game: "You", "Tu"...)."""
    from anaconda_poker.tui.settings import GameSettings

    session = GameSettings(
        seed=3, delay=0, bots=2, level="calling-station", lang=lang, history_dir=tmp_path
    ).build_session()
    state = session.start_hand()
    while not state.is_complete:
        seat = session.pending_bot()
        if seat is None:
            session.apply_human(Action.fold())
        else:
            session.play_bot(seat)
    path = session.finish_hand().path
    assert path is not None
    return path


@pytest.mark.parametrize(
    ("game", "lang", "folds", "seat"),
    [
        ("en", None, "Seat 0 (You) folds", "Ada (seat 1)"),
        ("en", "it", "Posto 0 (You) abbandona", "Ada (posto 1)"),
        ("pt", "pt", "Assento 0 (Você) desiste", "Ada (assento 1)"),
    ],
)
def test_replay_speaks_the_chosen_language_in_the_third_person(
    tmp_path: Path, game: str, lang: str | None, folds: str, seat: str
) -> None:
    from typer.testing import CliRunner

    from anaconda_poker.cli.main import app as cli

    path = _terminal_hand(tmp_path, game)
    args = ["replay", str(path)] + (["--lang", lang] if lang else [])
    result = CliRunner().invoke(cli, args, env={"LANG": "en_US.UTF-8", "COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert folds in result.output
    assert seat in result.output
    assert "You (seat 0)" not in result.output and "Você (assento 0)" not in result.output


def test_replay_refuses_an_unknown_language(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from anaconda_poker.cli.main import app as cli

    result = CliRunner().invoke(
        cli, ["replay", str(_terminal_hand(tmp_path, "en")), "--lang", "fr"]
    )
    assert result.exit_code == 2
