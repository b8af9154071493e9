"""Two server nodes (two real apps on loopback ports) on one real PostgreSQL: a table runs on
one node only, a request for it at the other node waits for the owner to hand it over (or is
answered ``503 table_moving`` when the owner does not), a websocket follows it (closed with
1012, reconnected to the new owner with the same token and a full resync), a graceful stop
hands every table over at once, and the chips of every table are the same before and after
each move (``server/ownership.py``, ``storage/leases.py``)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from node_helpers import close_code, get, owner_node, settings
from server_helpers import Client, LiveServer, create_table, running_server, ws_client
from websockets.asyncio.client import connect

from anaconda_poker.server.ownership import TABLE_MOVED

pytestmark = pytest.mark.postgres


async def until_ok(live: LiveServer, path: str, timeout: float = 10.0) -> tuple[int, Any]:
    """GET until it succeeds; how many ``503 table_moving`` came first, and the body."""
    moving = 0
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        response = await get(live, path)
        if response.status_code != 503:
            assert response.status_code == 200, response.text
            return moving, response.json()
        assert response.json()["error"]["code"] == "table_moving"
        assert response.headers["retry-after"] == "1"
        moving += 1
        assert asyncio.get_running_loop().time() < deadline, "the table never came here"
        await asyncio.sleep(0.2)


async def test_a_table_runs_on_one_node_and_moves_to_the_node_asked_for_it(
    nodes: dict[str, LiveServer], fresh_postgres_url: str
) -> None:
    a, b = nodes["a"], nodes["b"]
    created = await create_table(a, bots=[{"seat": 1, "level": "calling-station"}], seats=3)
    table_id = created["table"]["table_id"]
    assert owner_node(fresh_postgres_url, table_id) == "a"
    assert table_id in a.lobby.tables and table_id not in b.lobby.tables
    ledger_before = (await get(a, f"/api/tables/{table_id}/ledger")).json()

    client = await ws_client(a, {"token": created["token"]})
    await client.until(lambda f: f["type"] == "state")

    # b asks a for it and waits; a hands it over at its next check: no error at all
    moving, ledger_b = await until_ok(b, f"/api/tables/{table_id}/ledger")
    assert moving == 0
    assert ledger_b == ledger_before
    assert b.lobby.ownership is not None and b.lobby.ownership.stats.handovers_in == 1
    assert owner_node(fresh_postgres_url, table_id) == "b"
    assert table_id in b.lobby.tables and table_id not in a.lobby.tables
    assert a.lobby.ownership is not None and a.lobby.ownership.stats.handovers_out == 1
    # the websocket at a was closed with 1012: reconnect (through a proxy: to b)
    assert await close_code(client) == TABLE_MOVED
    again = await ws_client(b, {"token": created["token"]})
    hello = await again.until(lambda f: f["type"] == "welcome")
    assert hello["seat"] == created["seat"]
    await again.until(lambda f: f["type"] == "state")
    await again.close()


async def test_a_table_its_owner_does_not_hand_over_is_answered_table_moving(
    nodes: dict[str, LiveServer],
) -> None:
    """An owner that does not answer (stalled, or dead with its lease not yet expired): the
    other node waits a moment, then tells the client to retry; once the owner hands the table
    over, the retry finds it."""
    a, b = nodes["a"], nodes["b"]
    created = await create_table(a)
    table_id = created["table"]["table_id"]
    ownership = a.lobby.ownership
    assert ownership is not None
    follow = ownership._follow

    async def deaf(rows: object) -> None:  # a renews its lease but never hands it over
        return None

    ownership._follow = deaf  # type: ignore[method-assign]
    refused = await ws_client(b, {"token": created["token"]})
    # without ?table= b finds the table in the cluster, does not move it (a runs it) and
    # says where to reconnect (server/cluster_lobby.py)
    frame = await refused.recv()
    assert (frame["type"], frame["code"], frame["table_id"]) == (
        "error",
        "table_elsewhere",
        table_id,
    )
    assert await close_code(refused) == TABLE_MOVED
    b_ws = LiveServer(b.http, f"{b.ws}?table={table_id}", b.app, b.database_url)
    # refused before its hello is read: the error frame, then the close
    moving = Client(await connect(b_ws.ws, max_queue=None))
    frame = await moving.recv(timeout=10)
    assert (frame["type"], frame["code"], frame["ref"]) == ("error", "table_moving", "hello")
    assert await close_code(moving) == TABLE_MOVED
    response = await get(b, f"/api/tables/{table_id}")
    assert response.status_code == 503 and response.headers["retry-after"] == "1"
    assert response.json()["error"]["code"] == "table_moving"
    ownership._follow = follow  # type: ignore[method-assign]  # a hands it over now
    client = Client(await connect(b_ws.ws, max_queue=None))
    await client.send({"type": "hello", "token": created["token"]})
    frame = await client.recv(timeout=10)
    assert frame["type"] == "welcome" and frame["seat"] == created["seat"]
    await client.close()


async def test_unknown_tables_are_not_found_on_every_node(nodes: dict[str, LiveServer]) -> None:
    for live in nodes.values():
        response = await get(live, "/api/tables/nosuchtable")
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "table_not_found"


async def test_a_graceful_stop_hands_every_table_over_at_once(
    fresh_postgres_url: str, tmp_path: Path
) -> None:
    async with running_server(settings(fresh_postgres_url, tmp_path, "b")) as b:
        async with running_server(settings(fresh_postgres_url, tmp_path, "a")) as a:
            tables = [
                (await create_table(a, bots=[{"seat": 1, "level": "calling-station"}]))["table"][
                    "table_id"
                ]
                for _ in range(3)
            ]
            chips = {t: a.lobby.tables[t].chip_total() for t in tables}
            assert all(owner_node(fresh_postgres_url, t) == "a" for t in tables)
        # a stopped (its lifespan released the leases): b claims them at its next check,
        # well before a lease of 2 s could have expired
        assert all(owner_node(fresh_postgres_url, t) is None for t in tables)
        for _ in range(40):
            if all(t in b.lobby.tables for t in tables):
                break
            await asyncio.sleep(0.1)
        assert sorted(b.lobby.tables) == sorted(tables)
        assert {t: b.lobby.tables[t].chip_total() for t in tables} == chips
        assert b.lobby.ownership is not None and b.lobby.ownership.stats.claims == 3
        metrics = (await get(b, "/metrics")).text
        assert "anaconda_poker_table_claims_total 3.0" in metrics
        assert "anaconda_poker_tables_owned 3.0" in metrics
