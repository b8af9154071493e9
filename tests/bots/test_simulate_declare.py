"""``anaconda-poker simulate --declare``: the bots play the declare house rule (RULES.md §6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from anaconda_poker.cli.main import app


def test_simulate_plays_declare_hands_and_conserves_chips(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    args = ["simulate", "--hands", "6", "--seats", "heuristic,calling-station,random"]
    args += ["--seed", "3", "--declare", "--swing", "ties_ok", "--out", str(out)]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "160", "LANG": "en_US.UTF-8"})
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert sum(b["seat_hands"] for b in data["bots"]) == 18
    assert (data["config"]["declare"], data["config"]["swing"]) == ("declare", "ties_ok")
    net = sum(b["chips_per_hand"] * b["seat_hands"] for b in data["bots"])
    assert net == pytest.approx(0, abs=1e-6)  # every hand's chips go to someone


def test_simulate_refuses_declare_without_a_split_game() -> None:
    args = ["simulate", "--hands", "2", "--seats", "random,random", "--declare"]
    result = CliRunner().invoke(app, [*args, "--split", "high_only"])
    assert result.exit_code == 2
    assert "declare needs a split game" in result.output


def test_simulate_refuses_a_swing_without_declare() -> None:
    args = ["simulate", "--hands", "2", "--seats", "random,random", "--swing", "ties_ok"]
    result = CliRunner(env={"COLUMNS": "400"}).invoke(app, args)
    assert result.exit_code == 2
    assert "--swing ties_ok needs --declare" in result.output
