"""The lobby list and the websocket hello across several server nodes on one real PostgreSQL
(``server/cluster_lobby.py``, ``storage/lobby_lines.py``): every node lists every table of
the deployment, the same list whichever node answers (each line as its owner's own summary,
plus the node running it); a table whose node was killed with SIGKILL stays listed and is
listed under its new node once a survivor took it over; a hello that does not name its
table finds it on any node, and a hello whose table left after the routing is told to
reconnect instead of losing its seat."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from node_helpers import LEASE, close_code, get, lease_remaining, owner_node, settings
from server_helpers import Client, LiveServer, create_table, running_server, ws_client
from websockets.asyncio.client import connect

from anaconda_poker.server.ownership import TABLE_MOVED

pytestmark = pytest.mark.postgres


async def listing(live: LiveServer, token: str | None = None) -> list[dict[str, Any]]:
    response = await get(live, "/api/tables", token)
    assert response.status_code == 200, response.text
    tables: list[dict[str, Any]] = response.json()["tables"]
    return tables


async def same_listing(
    lives: list[LiveServer], token: str | None = None, timeout: float = 10.0
) -> list[dict[str, Any]]:
    """The list every node answers, once they answer the same (a line written between two
    requests may differ for a moment)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        lists = [await listing(live, token) for live in lives]
        if all(other == lists[0] for other in lists[1:]):
            return lists[0]
        assert asyncio.get_running_loop().time() < deadline, lists
        await asyncio.sleep(0.2)


def line_of(live: LiveServer, table_id: str) -> dict[str, Any]:
    """The owner's own summary of a table it runs, as the lobby lists it (an oracle that
    does not go through the database)."""
    return {**live.lobby.tables[table_id].summary(), "node": live.app.state.settings.node}


async def test_every_node_lists_every_table_of_the_deployment(
    nodes: dict[str, LiveServer],
) -> None:
    a, b = nodes["a"], nodes["b"]
    on_a = (await create_table(a, name="Made on a"))["table"]["table_id"]
    on_b = (await create_table(b, name="Made on b", seats=4, auto_start=False))["table"]["table_id"]
    hidden = await create_table(b, name="Unlisted on b", listed=False)
    hidden_id = hidden["table"]["table_id"]
    assert on_a in a.lobby.tables and on_a not in b.lobby.tables
    assert on_b in b.lobby.tables and hidden_id in b.lobby.tables and on_b not in a.lobby.tables

    # both nodes answer at once (the creators wrote the lines before answering), the same
    # list, newest first, each line as its owner summarises it, with the owner's name
    lists = [await listing(a), await listing(b)]
    assert lists[0] == lists[1]
    assert [t["table_id"] for t in lists[0]] == [on_b, on_a]
    assert lists[0] == [line_of(b, on_b), line_of(a, on_a)]
    assert [t["node"] for t in lists[0]] == ["b", "a"]

    # an unlisted table: only to the bearer of one of its seats' tokens, on every node
    mine = [await listing(a, hidden["token"]), await listing(b, hidden["token"])]
    assert mine[0] == mine[1]
    assert [t["table_id"] for t in mine[0]] == [hidden_id, on_b, on_a]
    assert mine[0][0] == line_of(b, hidden_id)
    assert [t["table_id"] for t in await listing(a, "not-a-token")] == [on_b, on_a]

    # a seat taken at a moves b's table to a (the proxy routes it there); both lists show
    # it under a with its new player, at once
    async with httpx.AsyncClient(base_url=a.http) as http:
        taken = await http.post(f"/api/tables/{on_b}/seats", json={"name": "Guest"})
    assert taken.status_code == 201, taken.text
    assert on_b in a.lobby.tables and on_b not in b.lobby.tables
    lists = [await listing(a), await listing(b)]
    assert lists[0] == lists[1] == [line_of(a, on_b), line_of(a, on_a)]
    assert (lists[0][0]["occupied"], lists[0][0]["humans"], lists[0][0]["node"]) == (2, 2, "a")
    # the new token finds its (unlisted to others) place in both lists
    assert (await listing(b, taken.json()["token"]))[0]["table_id"] == on_b

    # a spectator at a: within a publication both nodes count it
    watcher = await ws_client(a, {"table_id": on_a, "spectate": True})
    await watcher.until(lambda f: f["type"] == "state")
    assert a.lobby.tables[on_a].presence.spectators == 1
    deadline = asyncio.get_running_loop().time() + 10
    while (watched := await same_listing([a, b]))[1]["spectators"] != 1:
        assert asyncio.get_running_loop().time() < deadline, watched
        await asyncio.sleep(0.2)
    assert watched == [line_of(a, on_b), line_of(a, on_a)]
    await watcher.close()


async def test_single_node_lists_from_memory_without_node_names(live_server: LiveServer) -> None:
    """SQLite, one node: the list is the lobby's own (no ``node`` field, no lobby lines)."""
    created = await create_table(live_server)
    assert live_server.lobby.cluster is None
    tables = await listing(live_server)
    assert tables == [live_server.lobby.tables[created["table"]["table_id"]].summary()]
    assert "node" not in tables[0]


class Node:
    """``anaconda-poker serve --node NAME`` in a child process (so it can be SIGKILLed)."""

    def __init__(self, name: str, url: str, folder: Path) -> None:
        with contextlib.closing(socket.socket()) as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.http = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"{name}.log"
        command = [
            sys.executable, "-c", "from anaconda_poker.cli.main import main; main()", "serve",
            "--host", "127.0.0.1", "--port", str(self.port), "--database", url,
            "--node", name, "--lease-time", str(LEASE), "--no-default-lobby",
            "--between-hands", "0", "--seed-window", "0", "--create-rate", "off",
            "--static-dir", str(folder), "--log-level", "info",
        ]  # fmt: skip
        with self.log.open("w") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log.read_text()[-2000:]
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.http}/api/health").status_code == 200:
                    return
            time.sleep(0.1)
        raise AssertionError(f"the node did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)


@pytest.fixture
def node_c(fresh_postgres_url: str, tmp_path: Path) -> Iterator[Node]:
    node = Node("c", fresh_postgres_url, tmp_path)
    try:
        node.wait_ready()
        yield node
    finally:
        node.kill()


async def test_a_dead_nodes_tables_stay_listed_and_are_taken_over(
    nodes: dict[str, LiveServer], node_c: Node, fresh_postgres_url: str
) -> None:
    a, b = nodes["a"], nodes["b"]
    async with httpx.AsyncClient(base_url=node_c.http) as http:
        response = await http.post(
            "/api/tables",
            json={"name": "On c", "host_name": "Host", "action_timer": None, "listed": True},
        )
    assert response.status_code == 201, response.text
    created = response.json()
    on_c = created["table"]["table_id"]
    assert owner_node(fresh_postgres_url, on_c) == "c"
    before = await same_listing([a, b])
    assert [(t["table_id"], t["node"], t["occupied"]) for t in before] == [(on_c, "c", 1)]
    assert httpx.get(f"{node_c.http}/api/tables").json()["tables"] == before

    node_c.kill()  # SIGKILL: no release, its lease runs out LEASE seconds after its last renewal
    killed_at = time.monotonic()
    runs_out = lease_remaining(fresh_postgres_url, on_c)  # a dead node renews nothing more
    # still listed right away (its line outlives its node), then under a survivor
    assert [t["table_id"] for t in await listing(a)] == [on_c]
    deadline = time.monotonic() + 30
    while True:
        tables = await same_listing([a, b])
        assert [t["table_id"] for t in tables] == [on_c]  # never missing meanwhile
        if tables[0]["node"] in ("a", "b"):
            break
        assert time.monotonic() < deadline, tables
        await asyncio.sleep(0.2)
    # not taken over before the lease ran out (its last renewal may predate the kill by
    # up to a renewal interval, so the wait from the kill can be shorter than LEASE)
    assert time.monotonic() - killed_at >= runs_out - 0.05
    survivor = a if tables[0]["node"] == "a" else b
    assert on_c in survivor.lobby.tables
    assert tables == [line_of(survivor, on_c)]
    assert (tables[0]["occupied"], tables[0]["humans"]) == (1, 1)
    # the host's token still finds its seat, through the survivor
    client = await ws_client(survivor, {"token": created["token"]})
    welcome = await client.until(lambda f: f["type"] == "welcome")
    assert welcome["seat"] == created["seat"]
    await client.close()


async def test_a_hello_without_its_table_is_told_where_to_reconnect(
    nodes: dict[str, LiveServer],
) -> None:
    """A token-only hello (and a spectator's hello without ``?table=``) at a node that does
    not run the table: ``table_elsewhere`` naming it and close 1012, the table stays where it
    is; reconnecting with ``?table=`` (what the web client always sends) seats the player."""
    a, b = nodes["a"], nodes["b"]
    created = await create_table(a, seats=3)
    table_id = created["table"]["table_id"]
    for hello in ({"token": created["token"]}, {"table_id": table_id, "spectate": True}):
        client = await ws_client(b, hello)
        frame = await client.recv(timeout=10)
        assert (frame["type"], frame["code"], frame["table_id"], frame["ref"]) == (
            "error",
            "table_elsewhere",
            table_id,
            "hello",
        )
        assert "'a'" in frame["message"] and f"/ws?table={table_id}" in frame["message"]
        assert await close_code(client) == TABLE_MOVED
    assert table_id in a.lobby.tables and table_id not in b.lobby.tables
    assert a.lobby.ownership is not None and a.lobby.ownership.stats.handovers_out == 0

    # at the node that runs it, the token-only hello works as on a single server
    here = await ws_client(a, {"token": created["token"]})
    assert (await here.until(lambda f: f["type"] in ("welcome", "error")))["type"] == "welcome"
    await here.close()
    # unknown everywhere: the same answers as on a single server
    unknown = await ws_client(b, {"token": "no-such-token"})
    assert (await unknown.recv(timeout=10))["code"] == "bad_token"
    await unknown.close()
    nowhere = await ws_client(b, {"table_id": "nosuchtable", "spectate": True})
    assert (await nowhere.recv(timeout=10))["code"] == "table_not_found"
    await nowhere.close()

    # what the error asks for: /ws?table=ID (b asks a for the table and serves the hello)
    routed = Client(await connect(f"{b.ws}?table={table_id}", max_queue=None))
    await routed.send({"type": "hello", "token": created["token"]})
    welcome = await routed.until(lambda f: f["type"] in ("welcome", "error"), timeout=10)
    assert (welcome["type"], welcome["seat"]) == ("welcome", created["seat"])
    assert table_id in b.lobby.tables
    await routed.close()


async def test_a_hello_for_a_table_nobody_runs_claims_it(
    nodes: dict[str, LiveServer], fresh_postgres_url: str, tmp_path: Path
) -> None:
    """The table's node stopped (its lease released) and neither survivor's periodic claim
    has run: a token-only hello at b claims the table and seats its player."""
    a, b = nodes["a"], nodes["b"]
    for live in (a, b):  # only the hello may claim
        ownership = live.lobby.ownership
        assert ownership is not None

        async def no_claims(**_kwargs: object) -> None:
            return None

        ownership._claim_free = no_claims  # type: ignore[method-assign]
    async with running_server(settings(fresh_postgres_url, tmp_path, "c")) as c:
        created = await create_table(c, seats=3)
    table_id = created["table"]["table_id"]
    assert owner_node(fresh_postgres_url, table_id) is None  # released when c stopped
    assert [(t["table_id"], t["node"]) for t in await listing(a)] == [(table_id, None)]
    client = await ws_client(b, {"token": created["token"]})
    welcome = await client.until(lambda f: f["type"] in ("welcome", "error"), timeout=10)
    assert (welcome["type"], welcome["seat"]) == ("welcome", created["seat"])
    assert table_id in b.lobby.tables and owner_node(fresh_postgres_url, table_id) == "b"
    await client.close()


async def test_a_table_that_left_between_routing_and_hello_is_table_moving(
    nodes: dict[str, LiveServer],
) -> None:
    """The web client's path: ``/ws?table=ID`` brings the table to b before the hello is
    read; if a takes it back before the hello arrives, the hello is answered
    ``table_moving`` and closed with 1012 (reconnect), not ``bad_token`` (which makes the
    web client forget its seat)."""
    a, b = nodes["a"], nodes["b"]
    created = await create_table(a, seats=3)
    table_id = created["table"]["table_id"]
    routed = Client(await connect(f"{b.ws}?table={table_id}", max_queue=None))
    assert table_id in b.lobby.tables  # the middleware brought it before accepting
    response = await get(a, f"/api/tables/{table_id}/ledger")  # a asks b for it back
    assert response.status_code == 200, response.text
    assert table_id in a.lobby.tables and table_id not in b.lobby.tables
    await routed.send({"type": "hello", "token": created["token"]})
    frame = await routed.recv(timeout=10)
    assert (frame["type"], frame["code"], frame["ref"]) == ("error", "table_moving", "hello")
    assert await close_code(routed) == TABLE_MOVED
    # the reconnect (the web client's, through the proxy: ?table= again) is seated
    again = Client(await connect(f"{b.ws}?table={table_id}", max_queue=None))
    await again.send({"type": "hello", "token": created["token"]})
    welcome = await again.until(lambda f: f["type"] in ("welcome", "error"), timeout=10)
    assert (welcome["type"], welcome["seat"]) == ("welcome", created["seat"])
    await again.close()
