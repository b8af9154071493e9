"""Issue 17 item 1: a seat's token stops working the moment its seat is given up, on every
socket, whatever order the server receives things in (docs/security.md, section seats).

The races of the issue are reproduced deterministically against a real server: the table
is made busy by holding one of its database commits (``GatedCommit``) while the messages of
the race queue up behind it, exactly as a slow database or a slow bot would leave them."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest
from server_helpers import Client, LiveServer, create_table, play_over_websocket, ws_client
from websockets.exceptions import ConnectionClosed

from anaconda_poker.server.presence import SEAT_REVOKED
from anaconda_poker.server.table import Table


class GatedCommit:
    """Holds the table's next database commit until :meth:`release` (the table is busy:
    everything sent meanwhile waits in its inbox)."""

    def __init__(self, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
        self.table = table
        self.original: Callable[..., Awaitable[None]] = table.commit
        self.held = asyncio.Event()
        self.gate = asyncio.Event()
        monkeypatch.setattr(table, "commit", self.commit)

    async def commit(self, *args: Any, **kwargs: Any) -> None:
        if not self.gate.is_set():
            self.held.set()
            await self.gate.wait()
        await self.original(*args, **kwargs)

    def release(self) -> None:
        self.gate.set()


async def queued(table: Table, count: int) -> None:
    """Wait until ``count`` requests wait in the table's inbox."""
    for _ in range(500):
        if table._inbox.qsize() >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{table._inbox.qsize()} requests queued, expected {count}")


async def frames_until_closed(
    client: Client, timeout: float = 3.0
) -> tuple[list[dict[str, Any]], int | None]:
    """Every frame until the server closes the socket (or ``timeout`` of silence), and the
    close code (``None`` when still open)."""
    frames: list[dict[str, Any]] = []
    try:
        while True:
            frames.append(await client.recv(timeout=timeout))
    except TimeoutError:
        return frames, None
    except ConnectionClosed as closed:
        return frames, closed.rcvd.code if closed.rcvd is not None else None


async def two_player_table(live: LiveServer) -> tuple[Table, dict[str, Any], dict[str, Any]]:
    """Host (seat 0) and guest "Bo" (seat 1) plus a bot at seat 2; hands dealt by the host."""
    created = await create_table(
        live, seats=3, bots=[{"seat": 2, "level": "calling-station"}], auto_start=False
    )
    table = live.lobby.table(created["table"]["table_id"])
    async with httpx.AsyncClient(base_url=live.http) as http:
        url = f"/api/tables/{table.table_id}/seats"
        guest = (await http.post(url, json={"name": "Bo", "seat": 1})).json()
    return table, created, guest


async def test_a_second_socket_opened_during_a_leave_is_never_attached(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack (a): leave_seat waits behind a busy table, a second socket says hello with the
    same token meanwhile. It must not be attached: no frame of the next occupant reaches it."""
    table, created, guest = await two_player_table(live_server)
    host = await ws_client(live_server, {"token": created["token"]})
    await host.until(lambda f: f["type"] == "state")
    first = await ws_client(live_server, {"token": guest["token"]})
    await first.until(lambda f: f["type"] == "state")
    gate = GatedCommit(table, monkeypatch)
    await host.send({"type": "chat", "text": "busy"})  # its commit holds the table
    await asyncio.wait_for(gate.held.wait(), 5)
    await first.send({"type": "leave_seat"})
    await queued(table, 1)
    second = await ws_client(live_server, {"token": guest["token"]})  # token still valid here
    await queued(table, 2)
    gate.release()
    left = await first.until(lambda f: f["type"] == "seat_left")
    assert left["seat"] == 1
    rest, code = await frames_until_closed(first)
    assert rest == [] and code == SEAT_REVOKED  # closed right after seat_left
    refused = await second.until(lambda f: f["type"] == "error")
    assert refused["code"] == "bad_token" and refused["ref"] == "hello"
    assert all(c.seat is None or c.seat == 0 for c in table.connections)
    # the next occupant of seat 1 plays a hand: the second socket receives nothing of it
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        url = f"/api/tables/{table.table_id}/seats"
        cy = (await http.post(url, json={"name": "Cy", "seat": 1})).json()
    assert cy["seat"] == 1
    newcomer = await ws_client(live_server, {"token": cy["token"]})
    await newcomer.until(lambda f: f["type"] == "state")
    await host.send({"type": "next_hand"})
    await newcomer.until(lambda f: f["type"] == "state" and f["turn"] is not None)
    after, _ = await frames_until_closed(second, timeout=0.5)
    assert after == [], f"the refused socket received {[f['type'] for f in after]}"
    for client in (host, second, newcomer):
        await client.close()


async def test_an_old_token_queued_behind_the_next_occupant_is_refused(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack (b): leave, someone takes the freed seat, then a hello with the old token (all
    queued in that order). The old token must not be welcomed as the new player, see their
    cards or act for them."""
    table, created, guest = await two_player_table(live_server)
    host = await ws_client(live_server, {"token": created["token"]})
    await host.until(lambda f: f["type"] == "state")
    leaver = await ws_client(live_server, {"token": guest["token"]})
    await leaver.until(lambda f: f["type"] == "state")
    gate = GatedCommit(table, monkeypatch)
    await host.send({"type": "chat", "text": "busy"})
    await asyncio.wait_for(gate.held.wait(), 5)
    await leaver.send({"type": "leave_seat"})
    await queued(table, 1)
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        url = f"/api/tables/{table.table_id}/seats"
        taking = asyncio.create_task(http.post(url, json={"name": "Cy", "seat": 1}))
        await queued(table, 2)
        old = await ws_client(live_server, {"token": guest["token"]})
        await queued(table, 3)
        gate.release()
        cy = (await taking).json()
    assert cy["seat"] == 1
    refused = await old.until(lambda f: f["type"] in ("error", "welcome"))
    assert refused["type"] == "error" and refused["code"] == "bad_token", refused
    newcomer = await ws_client(live_server, {"token": cy["token"]})
    await newcomer.until(lambda f: f["type"] == "state")
    await host.send({"type": "next_hand"})
    state = await newcomer.until(lambda f: f["type"] == "state" and f["turn"] is not None)
    # the old socket tries to act for the newcomer with the newcomer's turn
    acts_before = dict(table.acts)
    await old.send({"type": "action", "turn": state["turn"], "action": {"action": "fold"}})
    await old.send({"type": "hello", "token": guest["token"]})  # and to say hello again
    seen, _ = await frames_until_closed(old, timeout=0.5)
    assert all(f["type"] == "error" for f in seen), [f["type"] for f in seen]
    assert table.acts.get(1, 0) == acts_before.get(1, 0)
    assert table.hand is not None and table.hand.live[1]
    for client in (host, old, newcomer, leaver):
        await client.close()


async def test_every_socket_of_a_token_is_closed_when_its_seat_is_left(
    live_server: LiveServer,
) -> None:
    """Three sockets of one seat: leaving on one closes all three with SEAT_REVOKED, and
    none of them receives anything after its seat_left."""
    table, _created, guest = await two_player_table(live_server)
    sockets = [await ws_client(live_server, {"token": guest["token"]}) for _ in range(3)]
    for client in sockets:
        await client.until(lambda f: f["type"] == "state")
    await sockets[0].send({"type": "leave_seat"})
    for client in sockets:
        await client.until(lambda f: f["type"] == "seat_left")
        rest, code = await frames_until_closed(client)
        assert rest == [] and code == SEAT_REVOKED
    assert table.seats[1] is None and not any(c.seat == 1 for c in table.connections)
    again = await ws_client(live_server, {"token": guest["token"]})
    error = await again.until(lambda f: f["type"] == "error")
    assert error["code"] == "bad_token"
    await again.close()


async def test_a_newcomer_does_not_see_the_previous_occupants_last_hand(
    live_server: LiveServer,
) -> None:
    """After a hand the seat's player leaves and a newcomer sits down before the next deal:
    the newcomer's resync must be the spectator's view of that hand, not the leaver's."""
    table, created, guest = await two_player_table(live_server)
    host = await ws_client(live_server, {"token": created["token"]})
    await host.until(lambda f: f["type"] == "state")
    bo = await ws_client(live_server, {"token": guest["token"]})
    await bo.until(lambda f: f["type"] == "state")
    await host.send({"type": "next_hand"})
    done = lambda: table.stats.hands_finished >= 1  # noqa: E731
    await asyncio.gather(
        play_over_websocket(host, random.Random(1), until=done),
        play_over_websocket(bo, random.Random(2), until=done),
    )
    await bo.send({"type": "leave_seat"})
    await bo.until(lambda f: f["type"] == "seat_left")
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        url = f"/api/tables/{table.table_id}/seats"
        cy = (await http.post(url, json={"name": "Cy", "seat": 1})).json()
    newcomer = await ws_client(live_server, {"token": cy["token"]})
    state = await newcomer.until(lambda f: f["type"] == "state")
    assert state["hand_no"] == 1 and state["view"] is not None
    assert state["view"]["you"] is None, "the newcomer got the leaver's own view of hand 1"
    assert state["view"] == table.state_message(None)["view"]
    for client in (host, bo, newcomer):
        await client.close()
