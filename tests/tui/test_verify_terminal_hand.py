"""``verify`` on a hand the terminal game saved without a commitment (issue 13 item 7):
a plain sentence saying what can be checked, and those checks done."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from anaconda_poker.cli.main import app
from anaconda_poker.core.actions import Action
from anaconda_poker.tui.settings import GameSettings

runner = CliRunner(env={"COLUMNS": "400"})  # no rich box wrapping a long tmp path


OLD_FIELDS = ("deck_commitment", "deck_commitment_version", "deck_salt", "deck_leaves")


def _saved_hand(tmp_path: Path) -> Path:
    """One hand of the terminal game's session as the game saved it before it committed
    its decks (any commitment fields a newer game writes are taken out)."""
    session = GameSettings(
        seed=3, delay=0, bots=2, level="calling-station", history_dir=tmp_path
    ).build_session()
    state = session.start_hand()
    while not state.is_complete:
        seat = session.pending_bot()
        if seat is None:
            session.apply_human(Action.fold())
        else:
            session.play_bot(seat)
    record = session.finish_hand()
    assert record.path is not None
    history = json.loads(record.path.read_text(encoding="utf-8"))
    for name in OLD_FIELDS:
        history.pop(name, None)
    record.path.write_text(json.dumps(history), encoding="utf-8")
    return record.path


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def test_a_hand_without_commitment_says_what_can_be_checked(tmp_path: Path) -> None:
    path = _saved_hand(tmp_path)
    result = runner.invoke(app, ["verify", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 1
    out = _flat(result.output)
    assert "needs deck, deck_salt" not in out
    assert "no deck commitment" in out and "nothing proves the deck was fixed" in out
    assert "the recorded deck deals the recorded cards: yes" in out
    assert "the actions replay to the stored result: yes" in out


def test_a_changed_result_of_such_a_hand_is_reported(tmp_path: Path) -> None:
    path = _saved_hand(tmp_path)
    history = json.loads(path.read_text(encoding="utf-8"))
    history["result"]["net"] = {seat: 0 for seat in history["result"]["net"]}
    history["dealt"]["1"] = list(reversed(history["dealt"]["1"]))
    path.write_text(json.dumps(history), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 1
    out = _flat(result.output)
    assert "the recorded deck deals the recorded cards: NO" in out
    assert "the actions replay to the stored result: NO" in out
