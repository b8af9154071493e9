"""The lobby REST API over real HTTP on loopback (a uvicorn server on port 0)."""

from __future__ import annotations

import httpx
from server_helpers import (
    LiveServer,
    cards_in,
    create_table,
    play_one_hand,
)

from anaconda_poker.core.cards import card_str
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.fairness_v3 import verify_any
from anaconda_poker.core.history import replay
from anaconda_poker.server.auth import hash_token


async def test_health_options_and_static(live_server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        health = (await http.get("/api/health")).json()
        options = (await http.get("/api/options")).json()
        index = await http.get("/")
        invite = await http.get("/t/abc123", follow_redirects=False)
    assert health["status"] == "ok"
    assert options["config_defaults"] == TableConfig().to_dict()
    assert options["bot_levels"] == ["beginner", "casual", "strong", "expert"]
    assert options["default_bot_level"] == "expert"
    assert options["choices"]["split"] == ["high_only", "high_low_8", "high_low_any"]
    assert index.status_code == 200 and "<title>test</title>" in index.text
    assert invite.status_code == 307 and invite.headers["location"] == "/?table=abc123"


async def test_create_list_seat_and_info(live_server: LiveServer) -> None:
    created = await create_table(
        live_server,
        name="Friday",
        host_name="Ana",
        seats=4,
        config={"split": "high_only", "betting": "pot_limit", "ante": 2, "small_bet": 4},
        bots=[{"seat": 1, "level": "heuristic"}, {"seat": 3, "level": "random", "name": "Rita"}],
        action_timer=20,
        auto_start=False,
    )
    table_id = created["table"]["table_id"]
    assert created["seat"] == 0 and created["invite_url"] == f"/t/{table_id}"
    assert len(created["token"]) == 43
    info = created["table"]
    assert info["config"]["split"] == "high_only" and info["config"]["betting"] == "pot_limit"
    assert [s and (s["seat"], s["name"], s["bot"]) for s in info["seats"]] == [
        (0, "Ana", None),
        (1, "Heuristic 2", "heuristic"),
        None,
        (3, "Rita", "random"),
    ]
    assert "token" not in str(info)  # no token or token hash in public info
    table = live_server.lobby.table(table_id)
    assert table.seats[0] is not None and table.seats[0].token_hash == hash_token(created["token"])
    assert created["token"] not in str(table.public_info())

    async with httpx.AsyncClient(base_url=live_server.http) as http:
        seat = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Bo"})
        assert seat.status_code == 201
        body = seat.json()
        assert body["seat"] == 2 and len(body["token"]) == 43 and body["token"] != created["token"]
        again = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Cy", "seat": 2})
        assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"
        same_name = await http.post(f"/api/tables/{table_id}/seats", json={"name": "bo"})
        assert same_name.json()["error"]["code"] == "name_taken"
        listing = (await http.get("/api/tables")).json()["tables"]
        assert [t["table_id"] for t in listing] == [table_id]
        assert listing[0]["occupied"] == 4 and listing[0]["humans"] == 2 and listing[0]["bots"] == 2
        full = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Di"})
        assert full.status_code == 409 and full.json()["error"]["code"] == "table_full"
        info = (await http.get(f"/api/tables/{table_id}")).json()
        assert info["seats"][2]["name"] == "Bo" and info["status"] == "waiting"
        ledger = (await http.get(f"/api/tables/{table_id}/ledger")).json()["ledger"]
        assert [row["bought_in"] for row in ledger] == [200, 200, 200, 200]
        missing = await http.get("/api/tables/nope")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "table_not_found"
        no_hand = await http.get(f"/api/tables/{table_id}/hands/1")
        assert no_hand.status_code == 404 and no_hand.json()["error"]["code"] == "hand_not_found"


async def test_invalid_tables_are_refused_with_reasons(live_server: LiveServer) -> None:
    cases = [
        ({"config": {"cards_dealt": 8}}, "invalid_config", "cards_dealt"),
        ({"config": {"no_such_rule": 1}}, "invalid_config", "no_such_rule"),
        ({"seats": 6, "config": {"cards_dealt": 9}}, "invalid_config", "seats must be 2..5"),
        ({"bots": [{"seat": 0, "level": "genius"}]}, "invalid_config", "unknown bot level"),
        ({"seats": 11}, "bad_request", "seats"),
        ({"host_name": ""}, "bad_request", "host_name"),
        ({"host_name": "<script>"}, "bad_request", "host_name: a name is 1 to 24 letters"),
        ({"action_timer": "soon"}, "bad_request", "action_timer"),
        ({"surprise": True}, "bad_request", "surprise"),
    ]
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        for extra, code, words in cases:
            body = {"name": "T", "host_name": "Ana", **extra}
            response = await http.post("/api/tables", json=body)
            assert response.status_code == 400, (extra, response.text)
            error = response.json()["error"]
            assert error["code"] == code and words in error["message"], (extra, error)
        assert (await http.get("/api/tables")).json()["tables"] == []


async def test_hand_histories_show_each_downloader_only_what_it_may_know(
    live_server: LiveServer,
) -> None:
    created, table_id = await play_one_hand(live_server)
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        hands = (await http.get(f"/api/tables/{table_id}/hands")).json()["hands"]
        assert [h["hand_no"] for h in hands] == [1] and len(hands[0]["commitment"]) == 64
        late = (await http.post(f"/api/tables/{table_id}/seats", json={"name": "Late"})).json()
        own = await http.get(
            f"/api/tables/{table_id}/hands/1?download=1",
            headers={"Authorization": f"Bearer {created['token']}"},
        )
        later = await http.get(
            f"/api/tables/{table_id}/hands/1", headers={"Authorization": f"Bearer {late['token']}"}
        )
        public = await http.get(f"/api/tables/{table_id}/hands/1")
        stranger = await http.get(
            f"/api/tables/{table_id}/hands/1", headers={"Authorization": "Bearer not-a-token"}
        )
    store = live_server.lobby.store
    assert store is not None
    record = store.hand(table_id, 1)
    assert record is not None
    full = record.history
    assert own.status_code == 200
    assert own.headers["content-disposition"] == f'attachment; filename="{table_id}-hand-1.json"'
    mine = own.json()
    assert mine["redacted"] is True and mine["viewer_seat"] == 0
    assert not {"deck", "deck_salt"} & set(mine)
    assert mine["dealt"] == {"0": full["dealt"]["0"]}
    assert mine["deck_commitment"] == full["deck_commitment"] == hands[0]["commitment"]
    for action in mine["actions"]:
        assert "cards" not in action or action["seat"] == 0
    # nothing but the seat's own cards and the cards shown at the table
    shown = {c for cards in full["result"]["revealed"].values() for c in cards}
    own_cards = set(full["dealt"]["0"]) | {
        c for a in full["actions"] if a["seat"] == 0 for c in a.get("cards", [])
    }
    # ... and what it received in the passes (it saw them), which the download lists
    got = [[card_str(c) for c in r] for _p, r in replay(full).passes[0]]
    assert mine["received"] == got
    own_cards |= {c for cards in got for c in cards}
    assert cards_in(mine) <= own_cards | shown
    for response in (later, public):
        redacted = response.json()
        assert redacted["redacted"] is True and redacted["viewer_seat"] is None
        assert not {"dealt", "deck", "deck_salt"} & set(redacted)
        assert all("cards" not in a for a in redacted["actions"])
        assert cards_in(redacted) <= shown
    assert stranger.status_code == 401 and stranger.json()["error"]["code"] == "bad_token"
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        stats = (await http.get("/api/stats")).json()
    assert stats["tables"] == 1 and stats["hands_finished"] == 1
    assert stats["actions"] == len(full["actions"])
    assert stats["database"]["failures"] == 0
    assert stats["database"]["events"] >= stats["actions"]


async def test_players_get_the_deck_when_the_table_reveals_it(live_server: LiveServer) -> None:
    created, table_id = await play_one_hand(live_server, reveal_deck_after_hand=True)
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        info = (await http.get(f"/api/tables/{table_id}")).json()
        late = (await http.post(f"/api/tables/{table_id}/seats", json={"name": "Late"})).json()
        full = (
            await http.get(
                f"/api/tables/{table_id}/hands/1",
                headers={"Authorization": f"Bearer {created['token']}"},
            )
        ).json()
        later = (
            await http.get(
                f"/api/tables/{table_id}/hands/1",
                headers={"Authorization": f"Bearer {late['token']}"},
            )
        ).json()
    assert info["reveal_deck_after_hand"] is True
    assert full["redacted"] is False and {"dealt", "deck", "deck_salt"} <= set(full)
    assert verify_any(full).ok
    assert later["redacted"] is True and "deck" not in later and "dealt" not in later
