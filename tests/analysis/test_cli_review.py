"""``anaconda-poker review`` end to end (Typer's CliRunner): output, session summary, JSON,
determinism and the error cases with their exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from review_hands import QUADS, bettor, calling_station, keeper, play
from typer.testing import CliRunner

from anaconda_poker.cli.main import app
from anaconda_poker.core.config import TableConfig
from anaconda_poker.server.histories import own_history, public_history

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["review", *args], env={"LANG": "en_US.UTF-8", "COLUMNS": "140"})
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def folded_aces() -> dict[str, Any]:
    config = TableConfig(split="high_only")
    return play(config, QUADS, {0: keeper("Ac Ad Ah As", bet=False, fold_round=6), 1: bettor})


@pytest.fixture
def hand_file(tmp_path: Path, folded_aces: dict[str, Any]) -> Path:
    path = tmp_path / "hand-001.json"
    path.write_text(json.dumps(folded_aces), encoding="utf-8")
    return path


def test_review_prints_every_decision_and_the_model(hand_file: Path) -> None:
    code, out = run(str(hand_file), "--seat", "0", "--trials", "300", "--seed", "1")
    assert code == 0, out
    assert "against opponents who pass like a solid player" in out
    assert "against opponents who pass like a solid player and bet by strength" in out
    assert "your own passes against random opponents" not in out
    assert "Betting round 6" in out and "fold" in out and "mistake" in out
    assert "Pass 1" in out and "Arrangement" in out
    assert "Expected loss by phase: Passing" in out


def test_json_is_deterministic_and_adds_up_a_session(tmp_path: Path, hand_file: Path) -> None:
    second = tmp_path / "hand-002.json"
    second.write_text(hand_file.read_text(encoding="utf-8"), encoding="utf-8")
    args = (str(tmp_path), "--seat", "0", "--trials", "200", "--seed", "4", "--json")
    code, out = run(*args)
    assert code == 0, out
    first = json.loads(out)
    code, again = run(*args)
    second_run = json.loads(again)
    first.pop("seconds"), second_run.pop("seconds")
    assert first == second_run
    assert [h["file"] for h in first["hands"]] == [str(hand_file), str(second)]
    one = first["hands"][0]["by_phase"]["betting"]
    assert first["summary"]["by_phase"]["betting"]["mistakes"] == 2 * one["mistakes"] >= 2
    fold = next(d for d in first["hands"][0]["decisions"] if d["chosen"]["kind"] == "fold")
    assert fold["phase"] == "betting" and fold["mistake"] and fold["loss"] > 0


def test_a_session_table_in_italian(tmp_path: Path, hand_file: Path) -> None:
    (tmp_path / "hand-002.json").write_text(hand_file.read_text(encoding="utf-8"))
    code, out = run(str(tmp_path), "--seat", "0", "--trials", "100", "--lang", "it")
    assert code == 0, out
    assert "Sessione: 2 mani" in out and "errore" in out


def test_threshold_option(hand_file: Path) -> None:
    args = (str(hand_file), "--seat", "0", "--trials", "100", "--json")
    code, out = run(*args, "--threshold", "1000")
    assert code == 0, out
    assert json.loads(out)["summary"]["by_phase"]["betting"]["mistakes"] == 0
    code, out = run(*args, "--threshold", "0.5")
    assert json.loads(out)["summary"]["by_phase"]["betting"]["mistakes"] >= 1


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (("missing.json", "--seat", "0"), 2, "Cannot read"),
        (("--seat", "0"), 2, "Missing argument"),
        (("HAND", "--seat", "-1"), 2, "--seat"),
        (("HAND", "--seat", "0", "--trials", "0"), 2, "--trials"),
        (("HAND", "--seat", "0", "--lang", "xx"), 2, "--lang"),
        (("HAND", "--seat", "3"), 1, "seat 3 is not in this hand"),
    ],
)
def test_usage_and_file_errors(
    hand_file: Path, args: tuple[str, ...], code: int, words: str
) -> None:
    got, out = run(*(str(hand_file) if a == "HAND" else a for a in args))
    assert got == code, out
    assert words in out


def test_not_json_is_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, out = run(str(bad), "--seat", "0")
    assert code == 2 and "Cannot read" in out
    # newcomer trial: the parser's words came alone; now the plain reason first
    assert "not valid JSON (cut short?). Detail: Expecting" in " ".join(out.split())


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("[]", 2, "holds an empty list: no hand history to review"),
        ("{}", 1, "not a hand history: it has no list of seats"),
        ('{"seats": "0 1"}', 1, "not a hand history: it has no list of seats"),
    ],
)
def test_json_that_is_no_hand_history_is_refused(
    tmp_path: Path, text: str, code: int, words: str
) -> None:
    """An empty list once printed "Reviewed 0 hands" with exit 0, and an object without
    seats said "seat 0 is not in this hand (its seats: none)"."""
    path = tmp_path / "empty.json"
    path.write_text(text, encoding="utf-8")
    got, out = run(str(path), "--seat", "0")
    assert got == code, out
    assert words in " ".join(out.split())  # Rich wraps the line where the path ends
    assert "Reviewed" not in out


@pytest.mark.parametrize("keep", [0, 7])
def test_a_history_cut_short_is_exit_1(
    tmp_path: Path, folded_aces: dict[str, Any], keep: int
) -> None:
    """Actions cut short once gave a review of the first decisions (or none) priced on the
    pot and the chips of the stored result, with exit 0."""
    cut = dict(folded_aces, actions=folded_aces["actions"][:keep])
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(cut), encoding="utf-8")
    code, out = run(str(path), "--seat", "0")
    assert code == 1, out
    assert f"its {keep} actions stop before the hand ends" in " ".join(out.split())
    assert "Chips won" not in out


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (public_history, "public history"),
        (lambda h: own_history(h, 1), "seat 1's download"),
        (lambda h: {k: v for k, v in own_history(h, 0).items() if k != "received"}, "received"),
    ],
)
def test_histories_the_seat_may_not_review_are_exit_1(
    tmp_path: Path, folded_aces: dict[str, Any], make: Any, words: str
) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps(make(folded_aces)), encoding="utf-8")
    code, out = run(str(path), "--seat", "0")
    assert code == 1, out
    assert words in " ".join(out.split())


def test_perfect_line_has_no_mistake(tmp_path: Path) -> None:
    config = TableConfig(split="high_only")
    history = play(config, QUADS, {0: keeper("Ac Ad Ah As", bet=True), 1: calling_station})
    path = tmp_path / "perfect.json"
    path.write_text(json.dumps(history), encoding="utf-8")
    code, out = run(str(path), "--seat", "0", "--trials", "1000", "--seed", "7", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["summary"]["by_phase"] == {
        phase: {"loss": pytest.approx(data["summary"]["by_phase"][phase]["loss"]), "mistakes": 0}
        for phase in ("passing", "arranging", "betting")
    }  # no declaring phase: this table plays cards speak (issue 16 §3)
    assert "declaring" not in data["hands"][0]["by_phase"]
    code, out = run(str(path), "--seat", "0", "--trials", "300", "--seed", "7")
    assert code == 0, out
    assert "Declaration" not in out


def test_own_download_reviews_like_the_terminal_save(
    tmp_path: Path, folded_aces: dict[str, Any], hand_file: Path
) -> None:
    own = tmp_path / "own.json"
    own.write_text(json.dumps(own_history(folded_aces, 0)), encoding="utf-8")
    args = ("--seat", "0", "--trials", "200", "--seed", "3", "--json")
    code, out = run(str(own), *args)
    assert code == 0, out
    code, full = run(str(hand_file), *args)
    mine, theirs = json.loads(out)["hands"][0], json.loads(full)["hands"][0]
    mine.pop("file"), theirs.pop("file")
    assert mine == theirs


def test_random_opponents_option(hand_file: Path) -> None:
    code, out = run(str(hand_file), "--seat", "0", "--trials", "100", "--opponents", "random")
    assert code == 0, out
    assert "against random opponents (their unseen cards dealt at random)" in out
    code, out = run(str(hand_file), "--seat", "0", "--opponents", "bots")
    assert code == 2 and "--opponents" in out


def test_output_to_a_file_is_not_wrapped(hand_file: Path) -> None:
    """Newcomer trial: ``review ... > review.txt`` wrapped the table at 80 columns
    ("Ronda de apuestas" over two lines, the model's best over five). Off a terminal every
    decision keeps one line, even where $COLUMNS is narrow."""
    result = runner.invoke(
        app,
        ["review", str(hand_file), "--seat", "0", "--trials", "300", "--seed", "1"],
        env={"LANG": "en_US.UTF-8", "COLUMNS": "60"},
    )
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line.startswith("Betting round")]
    assert rows and all("chips" in line for line in rows), result.output
    assert any(len(line.rstrip()) > 80 for line in result.output.splitlines())
