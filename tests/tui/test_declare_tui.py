"""The declare house rule (RULES.md §6) in the terminal game, driven by Textual's pilot: the
declaring step's prompt and key bar, declaring by key (English) and by a typed command
(Italian), the bots' declarations kept secret until the reveal, the showdown's declarations
and the saved history; the typed command in every language; the ``--declare`` option."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from anaconda_poker.cli.main import app as cli
from anaconda_poker.core.config import DeclareMode, Split, Swing
from anaconda_poker.core.declare import Declaration
from anaconda_poker.core.history import replay
from anaconda_poker.core.state import Phase
from anaconda_poker.i18n import translator
from anaconda_poker.i18n.terms import declaration_label
from anaconda_poker.tui.commands import Command, CommandError, parse_command
from anaconda_poker.tui.screens import ShowdownScreen
from anaconda_poker.tui.settings import GameSettings
from anaconda_poker.tui.summary import showdown_renderable

from .conftest import make_app, screen_text, settle, state_of

SIZE = (130, 44)


async def play_to_declaring(app: Any, pilot: Any) -> None:
    """Check or call, pass the first cards, keep the suggested best high: up to declaring."""
    state = state_of(app)
    for _ in range(200):
        if (state.phase is Phase.DECLARING and 0 in state.to_act) or state.is_complete:
            return
        legal = state.legal_actions(0)
        if state.phase is Phase.PASSING and legal.kinds:
            await pilot.press(*[str(i) for i in range(1, legal.pass_count + 1)], "enter")
        elif state.phase is Phase.ARRANGING and legal.kinds:
            await pilot.press("h", "enter")
        else:
            await pilot.press("c")
        await settle(app, pilot)
    raise AssertionError(f"the hand did not reach the declaring step: {state.phase}")


async def test_a_declare_hand_by_keys_in_english(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="en", seed=5, bots=2, declare=DeclareMode.DECLARE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        assert state.config.declare is DeclareMode.DECLARE
        await play_to_declaring(app, pilot)
        assert state.phase is Phase.DECLARING
        # the bots declared first: the table says they did, never what
        assert [state.declared[s] is not None for s in (1, 2)] == [True, True]
        text = screen_text(app)
        assert "Declaring" in text
        assert "Declare: high, low or both (swing)" in text
        assert "A swing must win both halves" in text  # strict
        key_bar = text.splitlines()[-1]
        assert key_bar.split()[:7] == ["H", "High", "L", "Low", "S", "Swing", "(both"]
        assert "Ready: 2 of 3" in text
        assert "Ada has declared" in text and "Bruno has declared" in text
        assert "declared High" not in text and "declared Low" not in text

        await pilot.press("enter")  # nothing chosen yet: says what is allowed
        await pilot.pause()
        assert "declare high, low or both (H, L, S)" in app.message
        assert state.declared[0] is None
        await pilot.press("s")  # swing
        await settle(app, pilot)
        assert state.declared[0] is Declaration.BOTH
        assert state.is_complete and isinstance(app.screen, ShowdownScreen)
        result = state.result
        assert result is not None
        text = screen_text(app)
        assert "Declarations: " in text and "You declared Swing (both ways)" in text
        for seat in (1, 2):
            label = declaration_label(result.declarations[seat], "en")
            assert f"{state.names[seat]} declared {label}" in text
        assert ("Your swing failed: you win nothing" in text) is (0 in result.failed_swings)
        for pot in result.pots:
            for seat, chips in pot.awards.items():
                line = "You win" if seat == 0 else f"{state.names[seat]} wins"
                assert f"{line} {chips}" in text

    # the saved history replays to the same result, declarations included
    (saved,) = (tmp_path / "hands").glob("*.json")
    history = json.loads(saved.read_text(encoding="utf-8"))
    assert history["config"]["declare"] == "declare"
    declares = [a for a in history["actions"] if a["action"] == "declare"]
    assert {a["seat"]: a["direction"] for a in declares}[0] == "both"
    again = replay(history)
    assert again.result is not None and again.result.to_dict() == result.to_dict()


async def test_a_declare_hand_by_typed_command_in_italian(tmp_path: Path) -> None:
    app = make_app(
        tmp_path, lang="it", seed=8, bots=2, declare=DeclareMode.DECLARE, swing="ties_ok"
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        await play_to_declaring(app, pilot)
        assert state.phase is Phase.DECLARING
        text = screen_text(app)
        assert "Dichiara: alto, basso o entrambi (swing)" in text
        assert "almeno una parte di entrambe le metà" in text  # ties_ok explained
        await pilot.press("slash")
        await pilot.press(*"dichiara sopra", "enter")  # not a declaration: refused, explained
        await pilot.pause()
        assert "alto, basso o entrambi" in app.message
        assert state.declared[0] is None
        # After any Enter the keys belong to the table again (issue 13 item 3): / first.
        await pilot.press("slash", *"dichiara basso", "enter")
        await settle(app, pilot)
        assert state.declared[0] is Declaration.LOW
        assert state.is_complete
        assert "Hai dichiarato Basso" in screen_text(app)


async def test_keys_outside_the_declaring_step_do_not_declare(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="en", seed=5, bots=2, declare=DeclareMode.DECLARE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        assert state.phase is Phase.BETTING
        before = state.action_count
        await pilot.press("s")
        await pilot.pause()
        assert state.action_count == before
        assert "after the last betting round" in app.message
        await pilot.press("question_mark")  # the help names the keys and the typed command
        await pilot.pause()
        text = screen_text(app)
        assert "declare high / low / swing" in text
        assert "declare high · declare low · declare swing" in text


@pytest.mark.parametrize(
    ("lang", "text", "direction"),
    [
        ("en", "declare high", "high"),
        ("en", "declare swing", "both"),
        ("en", "d lo", "low"),
        ("it", "dichiara entrambi", "both"),
        ("es", "declarar baja", "low"),
        ("pt", "declarar alta", "high"),
        ("nl", "verklaren beide", "both"),
        ("de", "ansagen low", "low"),
        ("de", "Ansagen Beides", "both"),
    ],
)
def test_the_typed_declare_command_in_six_languages(lang: str, text: str, direction: str) -> None:
    assert parse_command(text, translator(lang)) == Command("declare", direction=direction)


def test_a_typed_declaration_that_names_no_direction_says_what_is_accepted() -> None:
    with pytest.raises(CommandError, match="high, low or both"):
        parse_command("declare upward", translator("en"))
    assert parse_command("declare", translator("en")) == Command("declare")


def test_declare_needs_a_split_game_on_the_command_line() -> None:
    result = CliRunner().invoke(cli, ["play", "--declare", "--split", "high_only"])
    assert result.exit_code == 2
    assert "--declare needs a split game" in result.output
    with pytest.raises(ValueError, match="--declare needs a split game"):
        GameSettings(split=Split.HIGH_ONLY, declare=DeclareMode.DECLARE).validate()


def test_swing_without_declare_is_refused_on_the_command_line() -> None:
    """`play --swing ties_ok` alone used to start a cards-speak game that silently ignored
    the swing rule: the player believed they were playing declare."""
    with pytest.raises(ValueError, match="--swing ties_ok needs --declare"):
        GameSettings(swing=Swing.TIES_OK).validate()
    result = CliRunner().invoke(cli, ["play", "--swing", "ties_ok"])
    assert result.exit_code == 2
    assert "--swing ties_ok needs --declare" in result.output
    GameSettings(swing=Swing.TIES_OK, declare=DeclareMode.DECLARE).validate()  # the pair works
    GameSettings(swing=Swing.STRICT).validate()  # the default is no choice at all


def test_the_summary_explains_a_half_no_declarer_won() -> None:
    """Everyone declares low: nobody is eligible for the high half, so the low declarer with
    the best low takes the whole pot (RULES.md §6) and the summary says so instead of failing
    on an empty list of high winners."""
    path = Path(__file__).parents[1] / "scenarios" / "declare_half_nobody_declared.json"
    history = json.loads(path.read_text(encoding="utf-8"))
    history.pop("expected")
    for action in history["actions"]:
        if action["action"] == "declare":
            action["direction"] = "low"
    state = replay(history)
    result = state.result
    assert result is not None
    assert [(p.high_winners, p.low_winners) for p in result.pots] == [((), (0,))]
    console = Console(width=120, record=True)
    console.print(showdown_renderable(state, translator("en"), hand_number=1, you=0))
    text = console.export_text()
    assert "High: no declarer won it, the low takes the whole pot" in text
    assert "You declared Low" in text and "You win 60" in text


@pytest.mark.parametrize(("lang", "word"), [("en", "declare"), ("de", "ansagen")])
async def test_declare_without_a_side_outside_declaring_says_when(
    tmp_path: Path, lang: str, word: str
) -> None:
    """A bare "declare" while betting at a cards-speak table asked "Declare what? Type:
    declare high, ..." although no declaration is possible; it now says when one is."""
    app = make_app(tmp_path, lang=lang, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert state_of(app).phase is Phase.BETTING
        await pilot.press("slash", *word, "enter")
        await pilot.pause()
        t = translator(lang)
        assert app.message == t("You declare after the last betting round, at a declare table.")
