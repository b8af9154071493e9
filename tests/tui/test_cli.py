"""The ``play`` command's options are checked before the table opens."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from anaconda_poker.cli.main import app
from anaconda_poker.cli.play import default_history_dir
from anaconda_poker.tui.app import GameSettings

runner = CliRunner()


def test_help_lists_the_options() -> None:
    result = runner.invoke(app, ["play", "--help"])
    assert result.exit_code == 0
    for option in ("--bots", "--level", "--split", "--lang", "--seed", "--delay", "--no-save"):
        assert option in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lang", "fr"], "unsupported language 'fr'"),
        (["--level", "genius"], "--level must be one of beginner, casual, strong, expert, random"),
        (["--bots", "9"], "less than or equal to 6"),
        (["--split", "lowball"], "lowball"),
    ],
)
def test_bad_options_are_refused_with_what_is_allowed(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2
    assert message in " ".join(result.output.replace("│", " ").split())


def test_default_history_folder_follows_xdg(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "/data")
    assert default_history_dir() == Path("/data/anaconda-poker/hands")


@pytest.mark.parametrize(
    ("options", "stakes"),
    [({}, (2, 4)), ({"small_bet": 5}, (5, 10)), ({"small_bet": 5, "big_bet": 15}, (5, 15))],
)
def test_big_bet_defaults_to_twice_the_small_bet(
    options: dict[str, int], stakes: tuple[int, int]
) -> None:
    """RULES.md §4 (issue 11): ``play --small-bet 5`` plays 5/10 (before: refused, big 4)."""
    config = GameSettings(**options).table_config()  # type: ignore[arg-type]
    assert (config.small_bet, config.big_bet) == stakes


def test_play_refuses_a_big_bet_below_the_small_bet() -> None:
    result = runner.invoke(app, ["play", "--small-bet", "5", "--big-bet", "3"])
    assert result.exit_code == 2
    assert "--big-bet must be at least --small-bet (5)" in " ".join(
        result.output.replace("│", " ").split()
    )


@pytest.mark.parametrize(("args", "rebuys"), [([], True), (["--no-rebuys"], False)])
def test_rebuys_are_the_default_and_no_rebuys_plays_a_freezeout(
    monkeypatch: pytest.MonkeyPatch, args: list[str], rebuys: bool
) -> None:
    """Busted bots buy in again unless ``--no-rebuys``; then they leave the table."""
    from anaconda_poker.tui.app import AnacondaApp

    seen: list[bool] = []

    def run(game: AnacondaApp) -> None:
        seen.append(game.session.rebuys)

    monkeypatch.setattr(AnacondaApp, "run", run)
    result = runner.invoke(app, ["play", "--no-save", *args])
    assert result.exit_code == 0, result.output
    assert seen == [rebuys]
