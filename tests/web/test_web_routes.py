"""The web client's server endpoints (server/web_routes.py): catalogue, replay frames, advice."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import format_cards, parse_codes
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.evaluation import high_value, low_value
from anaconda_poker.core.history import replay
from anaconda_poker.core.state import HandState, Phase, Seat
from anaconda_poker.i18n import catalog_json
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.web_routes import router


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    app.include_router(router)
    return TestClient(app)


def play(
    seed: int,
    *,
    split: Split = Split.HIGH_LOW_8,
    players: int = 4,
    stop: Phase | None = None,
    passive: bool = False,
) -> HandState:
    """A hand played by seeded random legal decisions, to the end or to the ``stop`` phase;
    ``passive`` players only check or call (nobody folds)."""
    rng = random.Random(seed)
    state = HandState(
        TableConfig(split=split),
        seats=[Seat(name=f"P{i}", stack=60) for i in range(players)],
        button=seed % players,
        rng=random.Random(seed),
    )
    while state.phase is not Phase.COMPLETE and state.phase is not stop:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if state.phase is Phase.PASSING:
            action = Action.pass_cards(rng.sample(legal.cards, legal.pass_count))
        elif state.phase is Phase.ARRANGING:
            action = Action.arrange(rng.sample(legal.cards, 5))
        else:
            kinds = sorted(legal.kinds)
            kind = rng.choice(kinds)
            if passive:
                kind = ActionKind.CHECK if ActionKind.CHECK in legal.kinds else ActionKind.CALL
            if kind is ActionKind.BET and legal.bet_range:
                action = Action.bet(legal.bet_range[0])
            elif kind is ActionKind.RAISE and legal.raise_range:
                action = Action.raise_to(legal.raise_range[0])
            elif kind is ActionKind.FOLD and ActionKind.CHECK in legal.kinds:
                action = Action.check()
            else:
                action = Action(kind)
        state.apply(seat, action)
    return state


def test_i18n_catalogue_for_each_language(client: TestClient) -> None:
    res = client.get("/api/i18n/de")
    assert res.status_code == 200
    assert res.json() == catalog_json("de")
    assert res.json()["Sort by suit"] == "Nach Farbe sortieren"


def test_i18n_unknown_language_is_a_clear_404(client: TestClient) -> None:
    res = client.get("/api/i18n/fr")
    assert res.status_code == 404
    assert res.json()["error"]["code"] == "unknown_language"
    assert "en, it, es, pt, nl, de" in res.json()["error"]["message"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_replay_frames_match_the_engine_step_by_step(client: TestClient, seed: int) -> None:
    state = play(seed)
    history = state.history()
    res = client.post("/api/replay", json=history)
    assert res.status_code == 200
    frames = res.json()["frames"]
    actions = history["actions"]
    assert len(frames) == len(actions) + 1
    assert frames[0]["action"] is None
    assert frames[0]["hands"] == {str(s): cards for s, cards in history["dealt"].items()}
    for k in (0, 1, len(actions) // 2, len(actions)):
        truncated = {**history, "actions": actions[:k]}
        truncated.pop("result", None)
        assert frames[k]["view"] == replay(truncated).view(None), f"frame {k}"
        if k:
            assert frames[k]["action"] == actions[k - 1]
    last = frames[-1]["view"]
    assert last["phase"] == "complete"
    assert last["result"] == history["result"]


def test_replay_refuses_a_public_history(client: TestClient) -> None:
    history = play(4).history()
    public = {key: value for key, value in history.items() if key not in ("dealt", "deck")}
    public["redacted"] = True
    res = client.post("/api/replay", json=public)
    assert res.status_code == 400
    assert res.json()["error"]["code"] == "not_replayable"


def test_replay_names_the_action_that_fails(client: TestClient) -> None:
    history = play(5).history()
    history["actions"] = [*history["actions"][:3], {"seat": 0, "action": "raise", "to": 999}]
    history.pop("result", None)
    res = client.post("/api/replay", json=history)
    assert res.status_code == 400
    assert res.json()["error"]["code"] == "replay_error"
    assert "action 3" in res.json()["error"]["message"]


def _arranging_view(seed: int, split: Split) -> tuple[dict[str, Any], TableConfig, list[int]]:
    state = play(seed, split=split, stop=Phase.ARRANGING, passive=True)
    assert state.phase is Phase.ARRANGING
    seat = state.to_act[0]
    view = state.view(seat)
    return view, state.config, parse_codes(view["you"]["hand"])


@pytest.mark.parametrize("seed", [6, 7, 8, 9])
def test_advice_suggests_the_best_high_and_the_best_low_five(client: TestClient, seed: int) -> None:
    view, config, hand = _arranging_view(seed, Split.HIGH_LOW_8)
    res = client.post("/api/advice", json={"view": view, "config": config.to_dict()})
    assert res.status_code == 200
    data = res.json()
    fives = [list(f) for f in combinations(hand, 5)]
    best_high = max(high_value(f) for f in fives)
    high = parse_codes(data["high"])
    assert len(high) == 5 and set(high) <= set(hand)
    assert high_value(high) == best_high
    best_low = max(low_value(f) for f in fives)
    if best_low == 0:
        assert data["low"] is None
    else:
        low = parse_codes(data["low"])
        assert set(low) <= set(hand) and low_value(low) == best_low
    both = parse_codes(data["both"])
    assert len(set(both)) == 5 and set(both) <= set(hand)
    # "best for both" is never dominated: no five is as good on both halves and better on one
    hb, lb = high_value(both), low_value(both)
    for f in fives:
        hf, lf = high_value(f), low_value(f)
        assert not (hf >= hb and lf >= lb and (hf, lf) != (hb, lb)), (data["both"], f)
    assert data["equity"] is None


def test_best_for_both_keeps_the_king_when_no_low_is_possible(client: TestClient) -> None:
    """Issue 12 §3: queens and tens play with the king, not the 5, when no low can be made."""
    view, config, _ = _arranging_view(6, Split.HIGH_LOW_8)
    view["you"]["hand"] = ["Qs", "Qh", "Td", "Tc", "Kd", "5s", "9h"]
    view["you"]["passes"] = []
    res = client.post("/api/advice", json={"view": view, "config": config.to_dict()})
    assert res.status_code == 200, res.text
    assert sorted(res.json()["both"]) == sorted(["Qs", "Qh", "Td", "Tc", "Kd"])


def test_advice_without_a_seat_never_gives_equity(client: TestClient) -> None:
    view, config, hand = _arranging_view(10, Split.HIGH_ONLY)
    res = client.post(
        "/api/advice", json={"view": view, "config": config.to_dict(), "equity": True}
    )
    data = res.json()
    assert data["low"] is None and data["both"] is None
    assert set(parse_codes(data["high"])) <= set(hand)
    assert data["equity"] is None


@dataclass
class FakeSettings:
    show_equity: bool


@dataclass
class FakeTable:
    """The two things the advice endpoint reads from a server table."""

    hand: HandState
    settings: FakeSettings

    def view_for(self, seat: int | None) -> dict[str, Any]:
        return self.hand.view(seat)


class FakeLobby:
    """Stands in for the server's Lobby: one token, one seat."""

    def __init__(self, table: FakeTable, seat: int) -> None:
        self.found = (table, seat)

    def seat_for_token(self, token: str) -> tuple[FakeTable, int]:
        if token != "good-token":
            raise ClientError("bad_token", "no seat holds this token", status=401)
        return self.found


def _seated_client(show_equity: bool, split: Split = Split.HIGH_ONLY) -> tuple[TestClient, int]:
    state = play(10, split=split, stop=Phase.ARRANGING, passive=True)
    seat = state.to_act[0]
    app = FastAPI()
    app.include_router(router)
    app.state.lobby = FakeLobby(FakeTable(state, FakeSettings(show_equity)), seat)
    return TestClient(app), seat


def test_seated_advice_uses_the_servers_view_and_the_tables_equity_rule() -> None:
    allowed, _ = _seated_client(show_equity=True)
    headers = {"Authorization": "Bearer good-token"}
    # the body's view is ignored for a seated caller: the server's view of the seat counts
    data = allowed.post("/api/advice", json={"view": {"you": {"hand": []}}}, headers=headers)
    assert data.status_code == 200
    body = data.json()
    assert body["high"] is not None and len(body["high"]) == 5
    equity = body["equity"]
    assert 0.0 <= equity["share"] <= 1.0 and 0.0 <= equity["win_high"] <= 1.0
    assert equity["win_low"] == 0.0  # high only
    refused, _ = _seated_client(show_equity=False)
    assert refused.post("/api/advice", json={}, headers=headers).json()["equity"] is None


def test_seated_advice_with_a_bad_token_is_refused() -> None:
    client, _ = _seated_client(show_equity=True)
    res = client.post("/api/advice", json={}, headers={"Authorization": "Bearer nope"})
    assert res.status_code == 401
    assert res.json()["error"]["code"] == "bad_token"


def test_advice_needs_a_seat_view(client: TestClient) -> None:
    state = play(11, stop=Phase.ARRANGING, passive=True)
    res = client.post("/api/advice", json={"view": state.view(None), "config": {}})
    assert res.status_code == 400
    assert res.json()["error"]["code"] == "bad_request"


def test_advice_says_why_each_card_is_revealed_in_the_asked_language(client: TestClient) -> None:
    """Each suggested five comes with one line per card, in its reveal order, translated
    into the body's ``lang``; an unsupported language is a clear 400."""
    from anaconda_poker.analysis.reveal import reveal_plan
    from anaconda_poker.i18n import translator
    from anaconda_poker.i18n.reveal_text import reveal_line

    view, config, _ = _arranging_view(6, Split.HIGH_LOW_8)
    body = {"view": view, "config": config.to_dict(), "lang": "de"}
    data = client.post("/api/advice", json=body).json()
    for kind in ("high", "low", "both"):
        if data[kind] is None:
            assert data["why"][kind] is None
            continue
        plan = reveal_plan(parse_codes(data[kind]), Split.HIGH_LOW_8)
        assert [c for c in data[kind]] == [format_cards([s.card]) for s in plan]
        want = [reveal_line(format_cards([s.card]), s.reasons, translator("de")) for s in plan]
        assert data["why"][kind] == want
        assert data["why"][kind][-1].endswith("erst jetzt ist die ganze Hand zu sehen")
    english = client.post("/api/advice", json={**body, "lang": None}).json()
    assert english["why"]["high"][-1].endswith("the whole hand shows only now")
    res = client.post("/api/advice", json={**body, "lang": "fr"})
    assert res.status_code == 400
    assert (
        "unsupported language 'fr'; supported languages are en, it, es, pt, nl, de"
        in res.json()["error"]["message"]
    )
