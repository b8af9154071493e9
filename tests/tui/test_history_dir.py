"""Hand histories that cannot be saved (issue 13 item 1): refused at start-up with exit 2,
and a later failure is a warning while the game goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from anaconda_poker.cli.main import app
from anaconda_poker.tui.app import AnacondaApp
from anaconda_poker.tui.history_dir import HistoryDirError, check_history_dir
from anaconda_poker.tui.screens import ShowdownScreen

from .conftest import make_app, screen_text, settle, state_of

runner = CliRunner(env={"COLUMNS": "400"})  # no rich box wrapping a long tmp path


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def test_play_refuses_a_history_dir_that_is_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[AnacondaApp] = []
    monkeypatch.setattr(AnacondaApp, "run", lambda self, **_: opened.append(self))
    taken = tmp_path / "notes.txt"
    taken.write_text("mine\n", encoding="utf-8")
    result = runner.invoke(app, ["play", "--history-dir", str(taken)])
    assert result.exit_code == 2
    assert f"--history-dir {taken} is a file, not a folder" in _flat(result.output)
    assert "--no-save" in _flat(result.output)
    assert opened == []  # the table never opened
    assert taken.read_text(encoding="utf-8") == "mine\n"


def test_play_refuses_a_history_dir_below_a_file(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(HistoryDirError, match="cannot be used for hand histories"):
        check_history_dir(tmp_path / "file" / "hands")


def test_a_usable_history_dir_is_created_and_left_empty(tmp_path: Path) -> None:
    folder = tmp_path / "a" / "b"
    assert check_history_dir(folder) == folder
    assert folder.is_dir() and list(folder.iterdir()) == []


async def test_a_history_that_cannot_be_saved_later_is_a_warning(tmp_path: Path) -> None:
    game = make_app(tmp_path, seed=3)
    async with game.run_test(size=(130, 44)) as pilot:
        await settle(game, pilot)
        # The folder disappears during the game (an unplugged disk, a mistaken rm):
        (tmp_path / "hands").write_text("not a folder", encoding="utf-8")
        await pilot.press("f", "f")  # fold (asked once when checking is free)
        await settle(game, pilot)
        assert isinstance(game.screen, ShowdownScreen)
        text = " ".join(screen_text(game).split())
        assert "The hand history could not be saved" in text
        assert "the game goes on" in text
        assert game.session.records[-1].path is None
        await pilot.press("enter")  # the next hand is dealt
        await settle(game, pilot)
        assert game.is_running and game.session.hand_number == 2
        assert not state_of(game).is_complete
        assert "could not be saved" in game.notice
