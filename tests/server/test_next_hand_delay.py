"""The showdown stays readable (issue 12 §3): a table's ``next_hand_delay`` keeps the result
on the table that many seconds, TableInfo's ``next_hand_at`` says when the next deal comes
(for the clients' countdown), and the host's ``next_hand`` deals at once."""

from __future__ import annotations

import random
import time

import httpx
from server_helpers import LiveServer, create_table, play_over_websocket, ws_client


async def test_next_hand_at_follows_the_table_delay_and_the_host_deals_now(
    live_server: LiveServer,
) -> None:
    created = await create_table(
        live_server,
        seats=3,
        bots=[{"seat": 1, "level": "calling-station"}],
        next_hand_delay=40,
    )
    assert created["table"]["next_hand_delay"] == 40
    table_id = created["table"]["table_id"]
    table = live_server.lobby.table(table_id)
    host = await ws_client(live_server, {"token": created["token"]})
    # hand 1 is dealt at once (no delay before the first hand); play it to the end
    await play_over_websocket(host, random.Random(5), until=lambda: table.stats.hands_finished >= 1)
    info = await host.until(
        lambda f: f["type"] == "table" and f["table"]["next_hand_at"] is not None, timeout=10
    )
    left = info["table"]["next_hand_at"] - time.time()
    assert 30 < left <= 40.5, left  # armed for the table's 40 s, not the server's 0 s
    assert info["table"]["hand_no"] == 1 and table.hand_no == 1
    # a pause stops the countdown; the resume starts it again in full
    await host.send({"type": "pause"})
    paused = await host.until(lambda f: f["type"] == "table", timeout=10)
    assert paused["table"]["status"] == "paused" and paused["table"]["next_hand_at"] is None
    await host.send({"type": "resume"})
    resumed = await host.until(
        lambda f: f["type"] == "table" and f["table"]["status"] != "paused", timeout=10
    )
    assert resumed["table"]["next_hand_at"] - time.time() > 30
    # the host deals now: hand 2 starts without waiting, and no deal is armed during it
    await host.send({"type": "next_hand"})
    started = await host.until(lambda f: f["type"] == "hand_started", timeout=10)
    assert started["hand_no"] == 2
    running = await host.until(lambda f: f["type"] == "table", timeout=10)
    assert running["table"]["next_hand_at"] is None
    await host.close()


async def test_next_hand_delay_defaults_to_the_server_and_is_checked(
    live_server: LiveServer,
) -> None:
    created = await create_table(live_server, name="Default delay")
    assert created["table"]["next_hand_delay"] == live_server.lobby.between_hands == 0.0
    assert created["table"]["next_hand_at"] is None  # one player: nothing to deal
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        options = (await http.get("/api/options")).json()
        assert options["table_defaults"]["next_hand_delay"] == 0.0
        for bad in (-1, 121, "8"):
            response = await http.post(
                "/api/tables", json={"name": "T", "host_name": "Ana", "next_hand_delay": bad}
            )
            assert response.status_code == 400, bad
            assert "next_hand_delay" in response.json()["error"]["message"]
