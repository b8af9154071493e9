"""Run every rule scenario in this folder: a HAND_HISTORY.md document plus ``expected``.

Each file names the RULES.md bullet it checks (``rule``) and explains its numbers (``why``);
the expected values were worked out by hand, never copied from the engine. The runner
replays the actions one at a time and checks:

- ``expected.checkpoints``: after ``after`` actions, the phase, seats to act, betting round,
  stacks, legal actions, cards received in each pass, hands, cards a view must not hold,
  that no view shows another seat's pending declaration (``secret_declarations``), and an
  illegal ``error`` action that must raise the named exception and change nothing;
- ``expected.result``: the exact result (pots with eligible seats, winners, awards and
  scoops; uncalled bets; nets; revealed cards; whether there was a showdown);
- chips conserved after every action and the replay round trip of the history.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from anaconda_poker.core import rule_errors
from anaconda_poker.core.actions import Action, MalformedActionError
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.history import replay, start_from_history
from anaconda_poker.core.state import HandState

HERE = Path(__file__).parent
SCENARIOS = sorted(HERE.glob("*.json"))


def _exception(name: str) -> type[Exception]:
    if name == "MalformedActionError":
        return MalformedActionError
    cls = getattr(rule_errors, name)
    assert isinstance(cls, type) and issubclass(cls, Exception)
    return cls


def _check_point(state: HandState, point: dict[str, Any], label: str) -> None:
    for key in ("phase", "betting_round", "pass_index", "revealed_count"):
        if key in point:
            got = getattr(state, key)
            got = got.value if key == "phase" else got
            assert got == point[key], f"{label}: {key} is {got!r}, expected {point[key]!r}"
    if "to_act" in point:
        assert list(state.to_act) == point["to_act"], f"{label}: to_act {state.to_act}"
    if "pot" in point:
        assert state.pot == point["pot"], f"{label}: pot {state.pot}"
    spectator = state.view(None)
    if "stacks" in point:
        stacks = {str(s["seat"]): s["stack"] for s in spectator["seats"]}
        for seat, stack in point["stacks"].items():
            assert stacks[seat] == stack, f"{label}: seat {seat} stack {stacks[seat]}"
    for seat, want in point.get("legal", {}).items():
        legal = state.legal_actions(int(seat)).to_dict()
        for key, value in want.items():
            assert legal[key] == value, f"{label}: seat {seat} legal {key} = {legal[key]!r}"
    for seat, want in point.get("received", {}).items():
        you = state.view(int(seat))["you"]
        got = [p["received"] for p in you["passes"]]
        assert got == want, f"{label}: seat {seat} received {got}"
    for seat, want in point.get("hand", {}).items():
        you = state.view(int(seat))["you"]
        assert sorted(parse_codes(you["hand"])) == sorted(parse_codes(want)), (
            f"{label}: seat {seat} hand {you['hand']}"
        )
    for seat, want in point.get("hidden", {}).items():
        assert state.view(int(seat))["you"]["hidden"] == want
    for rule in point.get("not_visible", []):
        viewer = rule["viewer"]
        text = json.dumps(state.view(viewer))
        for card in rule["cards"]:
            assert f'"{card}"' not in text, f"{label}: view of {viewer} shows {card}"
    if point.get("secret_declarations"):
        # RULES.md §6/§7: a pending declaration is as secret as a pending pass
        declared = {s: d for s in state.players if (d := state.declared[s]) is not None}
        assert declared, f"{label}: secret_declarations needs a seat that has declared"
        for viewer in [None, *state.players]:
            view = state.view(viewer)
            assert all("direction" not in entry for entry in view["log"]), label
            assert view["result"] is None, label
            if viewer is not None:
                own = declared.get(viewer)
                assert view["you"]["declaration"] == (own.value if own else None), label
            committed = {s["seat"] for s in view["seats"] if s["has_committed"]}
            assert committed == set(declared), f"{label}: has_committed {committed}"
    if "error" in point:
        error = point["error"]
        before = state.history()
        with pytest.raises(_exception(error["exception"])):
            state.apply(error["seat"], Action.from_dict(error["action"]))
        assert state.history() == before, f"{label}: a rejected action changed the state"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    doc = json.loads(path.read_text())
    assert doc["rule"].startswith("RULES.md"), "every scenario names its rule"
    expected = doc["expected"]
    points: dict[int, list[dict[str, Any]]] = {}
    for point in expected.get("checkpoints", []):
        points.setdefault(point["after"], []).append(point)
    state = start_from_history(doc)
    for point in points.get(0, []):
        _check_point(state, point, "after 0 actions")
    for index, record in enumerate(doc["actions"]):
        state.apply(record["seat"], Action.from_dict(record))
        assert state.chip_total() == state.starting_total
        for point in points.get(index + 1, []):
            _check_point(state, point, f"after {index + 1} actions")
    assert state.result is not None, "every scenario plays a complete hand"
    result = state.result.to_dict()
    for key, value in expected["result"].items():
        assert result[key] == value, f"result {key}: got {result[key]!r}, expected {value!r}"
    assert sum(state.result.net.values()) == 0
    history = state.history()
    assert replay(history).history() == history
