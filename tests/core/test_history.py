"""Hand histories: the written document, replay errors, and the ``replay`` command."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from anaconda_poker.cli.main import app
from anaconda_poker.core.actions import Action
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.history import FORMAT, ReplayError, replay, start_from_history
from anaconda_poker.core.state import HandState, Seat

SCENARIOS = Path(__file__).parents[1] / "scenarios"


def scenario(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text())
    return doc


def test_history_document_fields() -> None:
    state = HandState(
        TableConfig(cards_dealt=9),
        seats=[Seat(name="Ana", stack=30), None, Seat(name="Bo", stack=40)],
        button=2,
        rng=random.Random(8),
    )
    state.apply(0, Action.bet(2))
    state.apply(2, Action.call())
    doc = state.history()
    assert doc["format"] == FORMAT and doc["version"] == 1
    assert doc["config"]["cards_dealt"] == 9
    assert doc["seats"] == [
        {"seat": 0, "name": "Ana", "stack": 30},
        {"seat": 2, "name": "Bo", "stack": 40},
    ]
    assert doc["button"] == 2
    assert sorted(doc["dealt"]) == ["0", "2"] and all(len(c) == 9 for c in doc["dealt"].values())
    # dealt one at a time from the dealer's left: seat 0 gets deck cards 0, 2, 4, ...
    deck = doc["deck"]
    assert doc["dealt"]["0"] == deck[0:18:2] and doc["dealt"]["2"] == deck[1:18:2]
    assert doc["actions"] == [
        {"seat": 0, "action": "bet", "to": 2},
        {"seat": 2, "action": "call"},
    ]
    assert "result" not in doc
    json.dumps(doc)  # JSON-ready
    assert replay(doc).history() == doc
    without_deck = state.history(include_deck=False)
    assert "deck" not in without_deck
    assert replay(without_deck).history(include_deck=False) == without_deck


def test_replay_error_names_index_seat_and_allowed() -> None:
    doc = scenario("raise_cap_and_heads_up_lift")
    doc["actions"][4] = {"seat": 2, "action": "raise", "to": 10}
    with pytest.raises(ReplayError) as info:
        replay(doc)
    error = info.value
    assert error.index == 4 and error.seat == 2 and error.action == "raise to 10"
    assert "action 4" in str(error) and "raise cap" in str(error) and "call 4" in str(error)
    assert error.state is not None and error.state.action_count == 4


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d["config"].update(cards_dealt=8), "cards_dealt"),
        (lambda d: d["dealt"].update({"0": d["dealt"]["1"]}), "twice"),
        (lambda d: d["dealt"].pop("0"), "seats"),
        (lambda d: d.update(button=7), "button"),
        (lambda d: d["actions"].insert(0, {"seat": 1, "action": "dance"}), "action 0"),
        (lambda d: d["actions"].insert(0, {"action": "check"}), "action 0"),
        (lambda d: d.pop("seats"), "seats"),
    ],
)
def test_malformed_histories(change: Any, match: str) -> None:
    doc = copy.deepcopy(scenario("dealer_ante"))
    change(doc)
    with pytest.raises(ReplayError, match=match):
        replay(doc)


def test_deck_must_match_the_deal() -> None:
    state = HandState(
        TableConfig(), seats=[Seat(name="a", stack=9)] * 2, button=0, rng=random.Random(1)
    )
    doc = state.history()
    doc["deck"] = list(reversed(doc["deck"]))
    with pytest.raises(ReplayError, match="deck"):
        replay(doc)


def test_start_from_history_is_before_any_action() -> None:
    state = start_from_history(scenario("dealer_ante"))
    assert state.action_count == 0 and state.to_act == (1,)


# ---------------------------------------------------------------- the replay command
runner = CliRunner()


def write(tmp_path: Path, doc: dict[str, Any]) -> str:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_cli_prints_the_hand(tmp_path: Path) -> None:
    path = write(tmp_path, scenario("three_way_all_in_side_pots_quartered_low"))
    out = runner.invoke(app, ["replay", path])
    assert out.exit_code == 0, out.output
    assert "Ana (seat 1) bets 9 (all-in)" in out.output
    assert "Bo (seat 2) receives 6s 9c 9d" in out.output
    assert "Main pot: 30" in out.output and "Side pot 1: 20" in out.output
    assert "Net: Cy (seat 0) -20, Ana (seat 1) +13, Bo (seat 2) +7" in out.output


def test_cli_json_adds_the_result(tmp_path: Path) -> None:
    doc = scenario("uncalled_bet_returned")
    out = runner.invoke(app, ["replay", write(tmp_path, doc), "--json"])
    assert out.exit_code == 0, out.output
    printed = json.loads(out.stdout)
    assert printed["result"]["uncalled"] == {"0": 22}
    assert printed["result"]["net"] == {"0": -9, "1": 9}
    assert printed["actions"][2] == {"seat": 1, "action": "call", "all_in": True}


def test_cli_illegal_action_exits_nonzero_naming_the_index(tmp_path: Path) -> None:
    doc = scenario("no_limit_minimum_raise")
    doc["actions"][1] = {"seat": 2, "action": "raise", "to": 9}
    for extra in ([], ["--json"]):
        out = runner.invoke(app, ["replay", write(tmp_path, doc), *extra])
        assert out.exit_code == 1
        assert "action 1" in out.output and "minimum raise to 10" in out.output


def test_cli_incomplete_history_shows_who_is_to_act(tmp_path: Path) -> None:
    doc = scenario("folded_player_skipped_when_passing")
    doc["actions"] = doc["actions"][:6]
    out = runner.invoke(app, ["replay", write(tmp_path, doc)])
    assert out.exit_code == 0, out.output
    assert "incomplete" in out.output
    assert "Cy (seat 2) is to act: pass 3 of" in out.output
    assert "Ana (seat 0) is to act: pass 3 of" in out.output
