"""Live play over real websockets on loopback: full hands, spectators, resync on reconnect,
host commands and where errors go."""

from __future__ import annotations

import asyncio
import contextlib
import random

import httpx
from server_helpers import LiveServer, create_table, play_over_websocket, ws_client


async def test_two_players_and_a_spectator_play_full_hands(live_server: LiveServer) -> None:
    created = await create_table(
        live_server, seats=3, bots=[{"seat": 2, "level": "calling-station"}]
    )
    table_id = created["table"]["table_id"]
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        bo = (await http.post(f"/api/tables/{table_id}/seats", json={"name": "Bo"})).json()
    table = live_server.lobby.table(table_id)
    ana_ws = await ws_client(live_server, {"token": created["token"]})
    bo_ws = await ws_client(live_server, {"token": bo["token"]})
    watcher = await ws_client(live_server, {"table_id": table_id, "spectate": True})
    welcome = await ana_ws.until(lambda f: f["type"] == "welcome")
    assert welcome["seat"] == 0 and welcome["is_host"] is True and welcome["name"] == "Host"
    assert (await watcher.until(lambda f: f["type"] == "welcome"))["seat"] is None

    done = lambda: table.stats.hands_finished >= 3  # noqa: E731
    spectator_frames: list[dict] = []

    async def watch() -> None:
        while not done():
            with contextlib.suppress(TimeoutError):
                spectator_frames.append(await watcher.recv(timeout=0.2))

    await asyncio.wait_for(
        asyncio.gather(
            play_over_websocket(ana_ws, random.Random(1), until=done),
            play_over_websocket(bo_ws, random.Random(2), until=done),
            watch(),
        ),
        60,
    )
    for client in (ana_ws, bo_ws, watcher):
        await client.close()
    assert table.chip_total() == table.bought_in_total() == 600
    # every client saw the commitment before its first view of that hand, and the result
    for frames in (ana_ws.frames, bo_ws.frames, spectator_frames):
        started = [f for f in frames if f["type"] == "hand_started"]
        finished = [f for f in frames if f["type"] == "hand_finished"]
        # hand 1 may have been dealt before this client connected
        assert [f["hand_no"] for f in started][:2] == [2, 3] or [f["hand_no"] for f in started][
            :3
        ] == [1, 2, 3]
        hands_started = sorted(f["hand_no"] for f in started)
        assert set(hands_started[:-1]) <= {f["hand_no"] for f in finished}
        for f in started:
            first_view = next(
                i
                for i, g in enumerate(frames)
                if g["type"] == "state" and g["hand_no"] == f["hand_no"]
            )
            assert frames.index(f) < first_view
            assert len(f["commitment"]) == 64
        versions = [f["version"] for f in frames if f["type"] == "state"]
        assert versions == sorted(versions)
    spectator_states = [f for f in spectator_frames if f["type"] == "state" and f["view"]]
    assert spectator_states and all(
        f["view"]["you"] is None and f["turn"] is None for f in spectator_states
    )
    for frames, seat in ((ana_ws.frames, 0), (bo_ws.frames, 1)):
        views = [
            f["view"] for f in frames if f["type"] == "state" and f["view"] and f["view"]["you"]
        ]
        assert views and all(v["you"]["seat"] == seat for v in views)
    assert not [
        f
        for f in ana_ws.frames + bo_ws.frames
        if f["type"] == "error" and f["code"] != "stale_turn"
    ]


async def test_reconnect_resyncs_and_keeps_the_seat(live_server: LiveServer) -> None:
    # hands are dealt by the host only, so that the table stands still whenever it waits for
    # seat 0: what the reconnected seat receives can be compared with the server's state
    created = await create_table(
        live_server, seats=2, bots=[{"seat": 1, "level": "calling-station"}], auto_start=False
    )
    table = live_server.lobby.table(created["table"]["table_id"])
    first = await ws_client(live_server, {"token": created["token"]})
    await first.send({"type": "next_hand"})

    def waits_for_seat_0() -> bool:
        hand = table.hand
        return hand is not None and (hand.is_complete or hand.to_act == (0,))

    await play_over_websocket(
        first,
        random.Random(3),
        until=lambda: (
            table.hand is not None and table.hand.action_count >= 4 and waits_for_seat_0()
        ),
    )
    await first.close()
    for _ in range(200):
        if table.seats[0] is not None and table.presence.sockets_of(0) == 0:
            break
        await asyncio.sleep(0.01)
    assert table.seats[0] is not None and table.presence.sockets_of(0) == 0
    assert waits_for_seat_0()
    again = await ws_client(live_server, {"token": created["token"]})
    welcome = await again.until(lambda f: f["type"] == "welcome")
    info = await again.until(lambda f: f["type"] == "table")
    await again.until(lambda f: f["type"] == "chat_history")
    state = await again.until(lambda f: f["type"] == "state")
    assert welcome["seat"] == 0
    assert info["table"]["seats"][0]["connected"] is True
    expected = table.state_message(0)
    assert state["view"] == expected["view"] and state["turn"] == expected["turn"]
    assert state["version"] == table.seq
    # the seat keeps playing after the resync, to the end of the hand
    start = table.stats.hands_finished
    if not table.in_hand:
        await again.send({"type": "next_hand"})
    else:
        await again.send({"type": "sync"})  # the resync state was consumed above: ask again
    await play_over_websocket(
        again, random.Random(4), until=lambda: table.stats.hands_finished > start
    )
    assert not table.in_hand  # no automatic deal: the table stands still
    await again.send({"type": "sync"})
    resync = await again.until(lambda f: f["type"] == "state" and f["version"] == table.seq)
    assert resync["view"] == table.state_message(0)["view"]
    assert resync["view"]["phase"] == "complete"
    await again.close()


async def test_errors_go_only_to_the_sender(live_server: LiveServer) -> None:
    created = await create_table(live_server, seats=2, auto_start=False)
    table_id = created["table"]["table_id"]
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        bo = (await http.post(f"/api/tables/{table_id}/seats", json={"name": "Bo"})).json()
    ana = await ws_client(live_server, {"token": created["token"]})
    bo_ws = await ws_client(live_server, {"token": bo["token"]})
    await ana.until(lambda f: f["type"] == "state")
    await bo_ws.until(lambda f: f["type"] == "state")
    await bo_ws.send({"type": "next_hand"})
    error = await bo_ws.until(lambda f: f["type"] == "error")
    assert error == {
        "type": "error",
        "code": "not_host",
        "message": "only the host may do this",
        "ref": "next_hand",
    }
    await ana.send({"type": "ping"})
    pong = await ana.until(lambda f: f["type"] in ("pong", "error"))
    assert pong["type"] == "pong"  # nothing about Bo's error reached Ana in between
    assert not [f for f in ana.frames if f["type"] == "error"]
    await ana.close()
    await bo_ws.close()


async def test_host_pauses_and_resumes_a_bot_table(live_server: LiveServer) -> None:
    created = await create_table(
        live_server,
        seats=3,
        bots=[{"seat": 1, "level": "random"}, {"seat": 2, "level": "random"}],
        host_plays=False,
    )
    table = live_server.lobby.table(created["table"]["table_id"])
    host = await ws_client(live_server, {"token": created["token"]})
    await host.until(lambda f: f["type"] == "state")
    await host.send({"type": "pause"})
    paused = await host.until(lambda f: f["type"] == "table" and f["table"]["status"] == "paused")
    assert paused["table"]["seats"][0]["sitting_out"] is True
    await asyncio.sleep(0.05)
    seq = table.seq
    await asyncio.sleep(0.3)
    assert table.seq == seq  # nobody acts while paused
    await host.send({"type": "resume"})
    await host.until(lambda f: f["type"] == "table" and f["table"]["status"] != "paused")
    for _ in range(200):
        if table.seq > seq:
            break
        await asyncio.sleep(0.01)
    assert table.seq > seq
    await host.close()
