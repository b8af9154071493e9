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
