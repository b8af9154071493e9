"""A reviewer's checks of leaving the table: a seat freed by ``leave_seat`` and taken by
someone else must not give the newcomer the earlier occupant's cards (RULES.md §7)."""

from __future__ import annotations

import httpx
import pytest
from server_helpers import (
    LiveServer,
    cards_in,
    create_table,
    leave_over_websocket,
    play_one_hand,
    ws_client,
)

from anaconda_poker.server.table import Table


@pytest.mark.parametrize("reveal", [False, True])
async def test_a_newcomer_in_a_freed_seat_cannot_read_the_leavers_hands(
    live_server: LiveServer, reveal: bool
) -> None:
    created, table_id = await play_one_hand(live_server, reveal_deck_after_hand=reveal)
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        url = f"/api/tables/{table_id}/hands/1"
        auth = {"Authorization": f"Bearer {created['token']}"}
        own = (await http.get(url, headers=auth)).json()
        assert own["viewer_seat"] == 0 and own["dealt"]["0"]  # the player's own cards
        public = (await http.get(url)).json()
        await leave_over_websocket(live_server, created["token"])
        # someone else sits down in the freed seat, even under the same name
        taken = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Host", "seat": 0})
        assert taken.status_code == 201 and taken.json()["seat"] == 0
        newcomer = {"Authorization": f"Bearer {taken.json()['token']}"}
        seen = (await http.get(url, headers=newcomer)).json()
        frames = await http.get(f"{url}/frames", headers=newcomer)
    assert seen["viewer_seat"] is None and seen["redacted"] is True
    assert "dealt" not in seen and "deck" not in seen and "deck_openings" not in seen
    assert cards_in(seen) == cards_in(public)  # only what a spectator saw
    assert frames.status_code == 403 and frames.json()["error"]["code"] == "not_dealt_in"
    # after a restart (the model rebuilt from the stored events) the same holds
    live_table = live_server.lobby.table(table_id)
    rebuilt = Table(table_id, live_table.settings, writer=None)
    assert live_server.lobby.store is not None
    rebuilt.replay(live_server.lobby.store.events(table_id))
    assert rebuilt.history_seat(0, 1) is None and rebuilt.history_seat(0, 2) == 0


@pytest.mark.parametrize("during_hand", [True, False])
async def test_a_host_who_leaves_a_paused_table_does_not_leave_it_paused(
    live_server: LiveServer, during_hand: bool
) -> None:
    created = await create_table(
        live_server,
        seats=4,
        bots=[{"seat": 1, "level": "random"}, {"seat": 2, "level": "calling-station"}],
        auto_start=False,
    )
    table_id = created["table"]["table_id"]
    table = live_server.lobby.table(table_id)
    host = await ws_client(live_server, {"token": created["token"]})
    await host.until(lambda f: f["type"] == "state")
    if during_hand:
        await host.send({"type": "next_hand"})
        await host.until(lambda f: f["type"] == "hand_started")
    await host.send({"type": "pause"})
    await host.until(lambda f: f["type"] == "table" and f["table"]["status"] == "paused")
    await host.send({"type": "leave_seat"})
    # nobody else may resume, so the host's pause ends with it; a hand in play runs to its end
    left = await host.until(lambda f: f["type"] == "seat_left", timeout=10)
    assert left["host"] is None
    assert not table.paused and not table.in_hand
    assert table.stats.hands_finished == (1 if during_hand else 0)
    assert table.chip_total() == table.bought_in_total() == 600
    await host.close()


async def test_a_leaving_host_may_not_pause(live_server: LiveServer) -> None:
    created = await create_table(
        live_server, seats=3, bots=[{"seat": 1, "level": "random"}], auto_start=False
    )
    table = live_server.lobby.table(created["table"]["table_id"])
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        url = f"/api/tables/{table.table_id}/seats"
        guest = (await http.post(url, json={"name": "Bo"})).json()
    host = await ws_client(live_server, {"token": created["token"]})
    other = await ws_client(live_server, {"token": guest["token"]})
    await other.until(lambda f: f["type"] == "state")
    await host.send({"type": "next_hand"})
    await host.until(lambda f: f["type"] == "hand_started")
    await host.send({"type": "leave_seat"})
    await host.until(lambda f: f["type"] == "table" and f["table"]["seats"][0]["leaving"])
    assert table.in_hand  # Bo never acts (no action timer): the hand waits for him
    await host.send({"type": "pause"})
    error = await host.until(lambda f: f["type"] == "error")
    assert error["code"] == "leaving" and not table.paused
    await host.close()
    await other.close()
