"""The ``play`` command's options are checked before the table opens."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from anaconda_poker.cli.main import app
from anaconda_poker.cli.play import default_history_dir

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
        (["--level", "genius"], "--level must be one of random, calling-station"),
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
