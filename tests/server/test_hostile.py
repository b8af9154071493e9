"""Hostile input: every bad message is answered with an error (stable code, clear message,
no stack trace) and changes nothing at the table."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import (
    Client,
    LiveServer,
    create_table,
    running_server,
    table_snapshot,
    ws_client,
)
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed, InvalidStatus

from anaconda_poker.cli.main import app
from anaconda_poker.server.settings import ServerSettings
from anaconda_poker.server.table import Table


async def _seated_pair(live: LiveServer) -> tuple[Table, Client, Client, dict[str, Any]]:
    """A running hand between two websocket players, the host at seat 0 and Bo at seat 1."""
    created = await create_table(live, seats=2, auto_start=False)
    table_id = created["table"]["table_id"]
    async with httpx.AsyncClient(base_url=live.http) as http:
        bo = (await http.post(f"/api/tables/{table_id}/seats", json={"name": "Bo"})).json()
    host = await ws_client(live, {"token": created["token"]})
    guest = await ws_client(live, {"token": bo["token"]})
    await host.until(lambda f: f["type"] == "state")
    await guest.until(lambda f: f["type"] == "state")
    await host.send({"type": "next_hand"})
    await host.until(lambda f: f["type"] == "state" and f["hand_no"] == 1)
    await guest.until(lambda f: f["type"] == "state" and f["hand_no"] == 1)
    table = live.lobby.table(table_id)
    return (
        table,
        host,
        guest,
        {"table_id": table_id, "host_token": created["token"], "guest_token": bo["token"]},
    )


async def _expect_error(client: Client, code: str) -> dict[str, Any]:
    frame = await client.until(lambda f: f["type"] == "error")
    assert frame["code"] == code, frame
    assert isinstance(frame["message"], str) and frame["message"]
    assert "Traceback" not in frame["message"] and 'File "' not in frame["message"]
    return frame


async def test_malformed_messages_change_nothing(live_server: LiveServer) -> None:
    table, host, guest, _ = await _seated_pair(live_server)
    hand = table.hand
    assert hand is not None
    actor = hand.to_act[0]
    mover, other = (host, guest) if actor == 0 else (guest, host)
    other_seat = 1 - actor
    turn = table.turn_of(actor)
    before = table_snapshot(table)
    cases: list[tuple[str, str]] = [
        ("not json at all", "bad_json"),
        ("[1, 2, 3]", "bad_json"),
        (json.dumps({"type": "dance"}), "bad_message"),
        (json.dumps({"no": "type"}), "bad_message"),
        (
            json.dumps({"type": "action", "turn": turn, "action": {"action": "bet", "to": "8"}}),
            "bad_message",
        ),
        (
            json.dumps({"type": "action", "turn": turn, "action": {"action": "bet", "to": 2.5}}),
            "bad_message",
        ),
        (
            json.dumps({"type": "action", "turn": turn, "action": {"action": "shove"}}),
            "bad_message",
        ),
        (json.dumps({"type": "action", "turn": 7, "action": {"action": "fold"}}), "bad_message"),
        # acting as another seat is impossible: there is no seat field to forge
        (
            json.dumps(
                {"type": "action", "turn": turn, "seat": other_seat, "action": {"action": "fold"}}
            ),
            "bad_message",
        ),
        (
            json.dumps(
                {"type": "action", "turn": turn, "action": {"action": "fold", "seat": other_seat}}
            ),
            "bad_message",
        ),
        (
            json.dumps(
                {
                    "type": "action",
                    "turn": turn,
                    "action": {"action": "pass", "cards": ["Zz", "As", "Kd"]},
                }
            ),
            "malformed_action",
        ),
        (
            json.dumps(
                {
                    "type": "action",
                    "turn": turn,
                    "action": {"action": "pass", "cards": ["2c", "As", "Kd"]},
                }
            ),
            "not_allowed",
        ),
        (
            json.dumps({"type": "action", "turn": turn, "action": {"action": "call", "to": 4}}),
            "malformed_action",
        ),
        (
            json.dumps({"type": "action", "turn": turn, "action": {"action": "bet", "to": 10**9}}),
            "amount_out_of_range",
        ),
        (
            json.dumps({"type": "action", "turn": turn, "action": {"action": "bet"}}),
            "malformed_action",
        ),
        (json.dumps({"type": "chat", "text": "x" * 281}), "bad_message"),
        (json.dumps({"type": "chat", "text": "   "}), "bad_message"),
        # lines of blank-looking characters show as an empty message (braille blank,
        # the Hangul fillers, the half-width Hangul filler)
        (json.dumps({"type": "chat", "text": "\u2800"}), "bad_message"),
        (json.dumps({"type": "chat", "text": "\u2800 \u2800\u3164"}), "bad_message"),
        (json.dumps({"type": "chat", "text": "\u115f\u1160"}), "bad_message"),
        (json.dumps({"type": "chat", "text": "\uffa0"}), "bad_message"),
        (json.dumps({"type": "rebuy", "amount": -5}), "bad_message"),
        (
            json.dumps({"type": "approve_rebuy", "request_id": 99}),
            "unknown_request" if actor == 0 else "not_host",
        ),
        (json.dumps({"type": "choose_game", "split": "high_only"}), "not_dealer"),
        (json.dumps({"type": "hello", "token": "again"}), "already_joined"),
        (json.dumps({"type": "next_hand"}), "hand_running" if actor == 0 else "not_host"),
        ("{" * 3000, "bad_json"),
    ]
    for text, code in cases:
        await mover.ws.send(text)
        frame = await _expect_error(mover, code)
        assert table_snapshot(table) == before, (text[:60], frame)
    await mover.ws.send(b"\x00\x01binary")
    await _expect_error(mover, "bad_json")
    assert table_snapshot(table) == before
    assert not [f for f in other.frames if f["type"] == "error"]  # errors only to the sender
    for client in (host, guest):
        await client.close()


async def test_out_of_turn_and_replayed_actions_change_nothing(live_server: LiveServer) -> None:
    table, host, guest, _ = await _seated_pair(live_server)
    hand = table.hand
    assert hand is not None
    actor = hand.to_act[0]
    mover, waiter = (host, guest) if actor == 0 else (guest, host)
    before = table_snapshot(table)
    # the waiting seat acts with its own (valid) turn id: not its turn
    waiter_turn = table.turn_of(1 - actor)
    await waiter.send({"type": "action", "turn": waiter_turn, "action": {"action": "check"}})
    await _expect_error(waiter, "not_your_turn")
    assert table_snapshot(table) == before
    # a check facing nothing is legal; send it, then replay the very same message
    message = {"type": "action", "turn": table.turn_of(actor), "action": {"action": "check"}}
    await mover.send(message)
    await mover.until(lambda f: f["type"] == "state" and f["action_count"] == 1)
    after_one = table_snapshot(table)
    await mover.send(message)
    error = await _expect_error(mover, "stale_turn")
    assert "replayed" in error["message"]
    assert table_snapshot(table) == after_one
    assert hand.action_count == 1
    for client in (host, guest):
        await client.close()


async def test_spectators_and_non_hosts_are_refused(live_server: LiveServer) -> None:
    table, host, guest, ids = await _seated_pair(live_server)
    watcher = await ws_client(live_server, {"table_id": ids["table_id"], "spectate": True})
    await watcher.until(lambda f: f["type"] == "state")
    before = table_snapshot(table)
    hand = table.hand
    assert hand is not None
    for message, code in [
        (
            {"type": "action", "turn": table.turn_of(hand.to_act[0]), "action": {"action": "fold"}},
            "spectator",
        ),
        ({"type": "chat", "text": "hi"}, "spectator"),
        ({"type": "pause"}, "spectator"),
    ]:
        await watcher.send(message)
        await _expect_error(watcher, code)
    for message in (
        {"type": "pause"},
        {"type": "next_hand"},
        {"type": "approve_rebuy", "request_id": 1},
    ):
        await guest.send(message)
        await _expect_error(guest, "not_host")
    assert table_snapshot(table) == before
    for client in (host, guest, watcher):
        await client.close()


async def test_bad_hello(live_server: LiveServer) -> None:
    created = await create_table(live_server, seats=2, auto_start=False)
    table_id = created["table"]["table_id"]
    other_table = await create_table(live_server, seats=2, auto_start=False)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"token": "x" * 43}, "bad_token"),
        ({"token": created["token"][:-1]}, "bad_token"),
        ({"table_id": "nope", "spectate": True}, "table_not_found"),
        ({"table_id": table_id}, "bad_message"),
        ({"token": 12345}, "bad_message"),
    ]
    for hello, code in cases:
        client = await ws_client(live_server, hello)
        await _expect_error(client, code)
        await client.close()
    # messages before hello
    from websockets.asyncio.client import connect

    async with connect(live_server.ws) as ws:
        await ws.send(json.dumps({"type": "action", "turn": "1:0", "action": {"action": "fold"}}))
        frame = json.loads(await asyncio.wait_for(ws.recv(), 5))
        assert frame["code"] == "hello_required"
    # a token identifies its own seat at its own table only
    client = await ws_client(live_server, {"token": other_table["token"]})
    welcome = await client.until(lambda f: f["type"] == "welcome")
    assert welcome["table_id"] == other_table["table"]["table_id"] != table_id
    await client.close()


async def test_huge_frames_close_the_socket(live_server: LiveServer) -> None:
    table, host, guest, _ = await _seated_pair(live_server)
    hand = table.hand
    assert hand is not None
    before = (table.seq, [hand.view(s) for s in hand.players], table.ledger())
    await host.send({"type": "chat", "text": "x" * 5000})
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await host.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    assert (table.seq, [hand.view(s) for s in hand.players], table.ledger()) == before
    await guest.close()


@pytest.fixture
async def strict_server(db_url: str, tmp_path: Path) -> AsyncIterator[LiveServer]:
    """A live server allowing 1 message per second with bursts of 5 per connection."""
    settings = ServerSettings(
        database_url=db_url,
        static_dir=tmp_path,
        create_default_lobby=False,
        between_hands=0.0,
        rate_limit=(1.0, 5.0),
    )
    async with running_server(settings) as live:
        yield live


async def test_rate_limit(strict_server: LiveServer) -> None:
    _table, host, guest, _ = await _seated_pair(strict_server)
    for _ in range(60):
        await guest.send({"type": "ping"})
    frames = [await guest.recv() for _ in range(60)]
    codes = [f["code"] for f in frames if f["type"] == "error"]
    pongs = [f for f in frames if f["type"] == "pong"]
    assert set(codes) == {"rate_limited"} and 5 <= len(pongs) < 10
    assert len(codes) + len(pongs) == 60
    # a client that keeps flooding is disconnected (policy violation)
    for _ in range(120):
        await guest.send({"type": "ping"})
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await guest.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    await host.close()


async def test_foreign_origins_are_refused(live_server: LiveServer) -> None:
    created = await create_table(live_server, seats=2, auto_start=False)
    with pytest.raises(InvalidStatus) as refused:
        await ws_client(live_server, {"token": created["token"]}, origin="http://evil.example")
    assert refused.value.response.status_code == 403
    port = live_server.http.rsplit(":", 1)[1]
    same = await ws_client(
        live_server, {"token": created["token"]}, origin=f"http://127.0.0.1:{port}"
    )
    assert (await same.until(lambda f: f["type"] == "welcome"))["seat"] == 0
    await same.close()
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        evil = await http.post(
            "/api/tables",
            json={"name": "x", "host_name": "Eve"},
            headers={"Origin": "http://evil.example"},
        )
        assert evil.status_code == 403 and evil.json()["error"]["code"] == "origin_forbidden"
        huge = await http.post(
            "/api/tables",
            content=b"{" + b" " * 20000 + b"}",
            headers={"Content-Type": "application/json"},
        )
        assert huge.status_code == 413 and huge.json()["error"]["code"] == "too_large"
        nonsense = await http.post(
            "/api/tables", content=b"{not json", headers={"Content-Type": "application/json"}
        )
        assert nonsense.status_code == 400 and nonsense.json()["error"]["code"] == "bad_json"
    assert len(live_server.lobby.tables) == 1


async def test_creating_tables_and_taking_seats_is_rate_limited(tmp_path: Path) -> None:
    """One address may create only so many tables and seats (each is stored and a table runs
    its own task); reading stays free and the limit is per address."""
    static = tmp_path / "static"
    static.mkdir()
    settings = ServerSettings(
        database_url=f"sqlite:///{tmp_path / 'limited.sqlite3'}",
        static_dir=static,
        create_default_lobby=False,
        create_rate_limit=(0.001, 3.0),
    )
    async with running_server(settings) as live:
        created = await create_table(live, seats=3)  # 1 of 3
        table_id = created["table"]["table_id"]
        async with httpx.AsyncClient(base_url=live.http) as http:
            seat = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Bo"})  # 2
            assert seat.status_code == 201
            await create_table(live)  # 3 of 3
            refused = await http.post(
                "/api/tables", json={"name": "Spam", "host_name": "Sp", "action_timer": None}
            )
            assert refused.status_code == 429
            assert refused.json()["error"]["code"] == "rate_limited"
            wait = int(refused.headers["retry-after"])  # 1 token per 1,000 s: a long wait
            assert 990 <= wait <= 1000
            assert refused.json()["error"]["message"].endswith(f"try again in {wait} s")
            refused_seat = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Cy"})
            assert refused_seat.status_code == 429
            listing = await http.get("/api/tables")
            assert listing.status_code == 200 and len(listing.json()["tables"]) == 2
        assert live.lobby.table(table_id).seats[2] is None  # the refused seat was not taken


async def test_rest_bodies_are_strictly_typed(live_server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        response = await http.post(
            "/api/tables", json={"name": "T", "host_name": "Ana", "seats": "6"}
        )
        assert response.status_code == 400
        assert response.json()["error"] == {
            "code": "bad_request",
            "message": "seats: Input should be a valid integer",
            "field": "seats",
        }
        flag = await http.post(
            "/api/tables",
            json={"name": "T", "host_name": "Ana", "config": {"cap_lifted_heads_up": "false"}},
        )
        assert flag.status_code == 400, flag.text
        assert "cap_lifted_heads_up must be true or false" in flag.json()["error"]["message"]
        assert (await http.get("/api/tables")).json()["tables"] == []


async def test_hello_with_a_token_and_spectate_is_refused(live_server: LiveServer) -> None:
    created = await create_table(live_server, seats=2)
    table_id = created["table"]["table_id"]
    client = await ws_client(
        live_server, {"token": created["token"], "table_id": table_id, "spectate": True}
    )
    frame = await _expect_error(client, "bad_message")
    assert "either a token" in frame["message"]
    assert live_server.lobby.table(table_id).presence.sockets_of(0) == 0
    await client.close()


@pytest.mark.parametrize("value", ["nan,5", "inf,5", "0,5", "1,0", "garbage", "1"])
def test_serve_refuses_a_creation_limit_it_cannot_apply(value: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--create-rate", value])
    assert result.exit_code == 2
    assert "--create-rate must be 'PER_SECOND,BURST'" in result.output
