"""Absent players do not stall the table (issue 12 §3, ``server/absence.py``): a seat with
no socket gets no time bank, after one timeout it is away and the server acts for it at
once, and it is back as soon as a socket of the seat says hello."""

from __future__ import annotations

import asyncio
import random

import httpx
from server_helpers import LiveServer, create_table, play_over_websocket, ws_client

from anaconda_poker.server.absence import decision_due, is_away


def test_the_rule() -> None:
    assert not is_away(human=True, connected=True, timeouts=3)
    assert not is_away(human=True, connected=False, timeouts=0)
    assert is_away(human=True, connected=False, timeouts=1)
    assert not is_away(human=False, connected=False, timeouts=5)
    assert is_away(human=True, connected=False, timeouts=0, sitting_out=True)
    assert not is_away(human=True, connected=True, timeouts=0, sitting_out=True)
    common = {"started": 100.0, "now": 101.0, "timer": 30.0, "bank": 60.0}
    assert decision_due(**common, connected=True, away=False) == 190.0
    assert decision_due(**common, connected=False, away=False) == 130.0
    assert decision_due(**common, connected=False, away=True) == 101.0
    assert decision_due(**{**common, "timer": None}, connected=True, away=False) == float("inf")


async def test_a_gone_player_gets_no_bank_then_acts_at_once(live_server: LiveServer) -> None:
    # a 2 s timer and a 600 s bank: with the bank, the absent seat would hold the hand for
    # ten minutes; without it the first decision ends after 2 s and the rest at once
    created = await create_table(
        live_server, seats=2, action_timer=2, time_bank=600, auto_start=False
    )
    table_id = created["table"]["table_id"]
    table = live_server.lobby.table(table_id)
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        seat = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Bo"})
    bo_token = seat.json()["token"]
    bo_seat = seat.json()["seat"]
    bo = await ws_client(live_server, {"token": bo_token})
    await bo.until(lambda f: f["type"] == "welcome")
    await bo.close()  # Bo's connection is gone before the hand
    host = await ws_client(live_server, {"token": created["token"]})
    await host.send({"type": "next_hand"})
    await asyncio.wait_for(
        play_over_websocket(host, random.Random(3), until=lambda: table.stats.hands_finished >= 1),
        timeout=60,
    )
    assert table.stats.timeouts >= 1
    info = table.public_info()["seats"][bo_seat]
    assert info["away"] is True and info["connected"] is False
    assert info["time_bank"] > 599  # not used (the event loop may be a millisecond late)
    # Bo comes back: no longer away
    bo = await ws_client(live_server, {"token": bo_token})
    back = await bo.until(lambda f: f["type"] == "table", timeout=10)
    assert back["table"]["seats"][bo_seat]["away"] is False
    await bo.close()
    await host.close()


async def test_a_seat_sat_out_for_its_timeouts_is_back_when_it_says_hello(
    live_server: LiveServer,
) -> None:
    """A player whose connection dropped is acted for, and after two timed-out betting
    decisions the table sits the seat out; the player reopens the page (a new hello) and is
    dealt in again from the next hand without pressing anything. A player who chose to sit
    out stays out across a reconnect."""
    created = await create_table(
        live_server, seats=2, action_timer=1, time_bank=0, auto_start=False
    )
    table_id = created["table"]["table_id"]
    table = live_server.lobby.table(table_id)
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        seat = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Bo"})
    bo_token, bo_seat = seat.json()["token"], seat.json()["seat"]
    host = await ws_client(live_server, {"token": created["token"]})
    await host.until(lambda f: f["type"] == "welcome")
    await host.send({"type": "next_hand"})
    await asyncio.wait_for(
        play_over_websocket(host, random.Random(5), until=lambda: table.seats[bo_seat].sitting_out),
        timeout=60,
    )
    assert table.public_info()["seats"][bo_seat]["sitting_out"] is True

    bo = await ws_client(live_server, {"token": bo_token})
    back = await bo.until(
        lambda f: f["type"] == "table" and not f["table"]["seats"][bo_seat]["sitting_out"],
        timeout=10,
    )
    assert back["table"]["seats"][bo_seat]["away"] is False
    assert bo_seat in table.model.eligible_seats()  # dealt in from the next hand

    # chosen by the player: a reconnect does not undo it
    await bo.send({"type": "sit_out"})
    await bo.until(
        lambda f: f["type"] == "table" and f["table"]["seats"][bo_seat]["sitting_out"],
        timeout=10,
    )
    await bo.close()
    bo = await ws_client(live_server, {"token": bo_token})
    welcome = await bo.until(lambda f: f["type"] == "table", timeout=10)
    assert welcome["table"]["seats"][bo_seat]["sitting_out"] is True
    assert table.seats[bo_seat].sitting_out is True
    await bo.close()
    await host.close()
