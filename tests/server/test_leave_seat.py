"""Leaving the table (``leave_seat``, docs/protocol.md §4): the seat is freed between hands,
or acts by default at once and is freed when its hand ends; its chips leave with it and stay
in the ledger; the host role passes on; the log replays to the same table."""

from __future__ import annotations

import random

import httpx
import pytest
from server_helpers import (
    FakeConnection,
    LiveServer,
    create_table,
    leave_over_websocket,
    play_one_hand,
    play_over_websocket,
    ws_client,
)
from test_table import make_table, play_human

from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.presence import SEAT_REVOKED
from anaconda_poker.server.table import Table


def ledger_line(table: Table, name: str) -> dict[str, object]:
    return next(line for line in table.ledger() if line["name"] == name)


async def test_leaving_between_hands_frees_the_seat_and_keeps_the_ledger_line() -> None:
    table, writer = make_table(humans=2, bots=("calling-station",), auto_start=False)
    host, guest = FakeConnection(0), FakeConnection(1)
    seat1 = table.seats[1]
    assert seat1 is not None
    seat1.stack, seat1.bought_in = 130, 100  # as if seat 1 had won 30 chips earlier
    table.seats[0].stack = 70  # type: ignore[union-attr]
    table.start()
    try:
        await table.request("join", host)
        await table.request("join", guest)
        answer = await table.request("leave_seat", guest)
        assert answer == {"seat": 1, "leaving": False}
        assert table.seats[1] is None
        # the token is void: its connection got seat_left, then was closed
        assert guest.seat is None and guest.close_code == SEAT_REVOKED
        assert guest.of_type("seat_left")[-1] == {
            "type": "seat_left",
            "seat": 1,
            "name": "P1",
            "stack": 130,
            "host": 0,
        }
        line = ledger_line(table, "P1")
        assert (line["stack"], line["net"], line["left"]) == (130, 30, True)
        assert host.of_type("ledger")[-1]["ledger"] == table.ledger()
        assert table.public_info()["seats"][1] is None
        assert table.find_seat("h1") is None  # the token no longer holds a seat
        assert table.chip_total() == table.bought_in_total() == 300
        with pytest.raises(ClientError) as err:
            await table.request("leave_seat", guest)
        assert err.value.code == "hello_required"  # no longer attached
        # a newcomer may take the free seat, even under the same name
        await table.request("take_seat", None, name="P1", seat=None, token_hash="new")
        assert table.seats[1] is not None and table.seats[1].stack == 100
        assert table.chip_total() == table.bought_in_total() == 400
    finally:
        await table.stop()
    kinds = [e.kind for e in writer.events()]
    assert kinds.count("seat_left") == 1
    rebuilt = Table("tbl", table.settings, writer=None)
    rebuilt.replay(writer.events()[:3])
    rebuilt.seats[0].stack, rebuilt.seats[1].stack = 70, 130  # type: ignore[union-attr]
    rebuilt.replay(writer.events()[3:])
    assert rebuilt.ledger() == table.ledger()
    assert [(r.name, r.stack) if r else None for r in rebuilt.seats] == [
        (r.name, r.stack) if r else None for r in table.seats
    ]


async def test_leaving_during_a_hand_acts_by_default_then_frees_the_seat() -> None:
    # no action timer: without the default action the hand would wait for seat 1 forever
    table, writer = make_table(humans=2, bots=("calling-station",), auto_start=False)
    host, guest = FakeConnection(0), FakeConnection(1)
    table.start()
    try:
        await table.request("join", host)
        await table.request("join", guest)
        await table.request("next_hand", host)
        hand = table.hand
        assert hand is not None and table.in_hand
        answer = await table.request("leave_seat", guest)
        assert answer == {"seat": 1, "leaving": True}
        record = table.seats[1]
        assert record is not None and record.leaving and record.sitting_out
        assert table.public_info()["seats"][1]["leaving"] is True
        for request, args in (("rebuy", {"amount": 1}), ("sit_in", {})):
            with pytest.raises(ClientError) as err:
                await table.request(request, guest, **args)
            assert err.value.code == "leaving"
        assert await table.request("leave_seat", guest) == {"seat": 1, "leaving": True}
        # the host plays on; seat 1 acts at once whenever it is its turn
        await play_human(table, host, random.Random(4), until=lambda: hand.is_complete)
        history = hand.history()
        seat1_actions = [a for a in history["actions"] if a.get("seat") == 1]
        assert seat1_actions, "seat 1 acted (by default) at least once"
        assert all(a["action"] in ("check", "fold", "pass", "arrange") for a in seat1_actions)
        final_stack = hand.stack[1]
        assert table.seats[1] is None and not table.in_hand
        line = ledger_line(table, "P1")
        assert (line["stack"], line["left"]) == (final_stack, True)
        assert guest.of_type("seat_left")[-1]["stack"] == final_stack
        assert guest.seat is None and guest.close_code == SEAT_REVOKED
        assert table.chip_total() == table.bought_in_total() == 300
        # the seat is free, but named with the finished hand until the next deal: the felt
        # shows the player beside the hand's result (a leaver who won vanished, newcomer trial)
        assert table.public_info()["left_with_hand"] == {"1": "P1"}
        # the next hand deals the two who stayed
        await table.request("next_hand", host)
        assert table.hand is not None and sorted(table.hand.players) == [0, 2]
        assert table.public_info()["left_with_hand"] == {}
    finally:
        await table.stop()
    rebuilt = Table("tbl", table.settings, writer=None)
    rebuilt.replay(writer.events())
    assert rebuilt.ledger() == table.ledger()
    assert rebuilt.chip_total() == rebuilt.bought_in_total() == 300


async def test_the_host_role_passes_to_the_next_human_seat() -> None:
    table, _ = make_table(humans=3, bots=(), auto_start=False)
    host, second, third = FakeConnection(0), FakeConnection(1), FakeConnection(2)
    table.seats[2].stack, table.seats[0].stack = 50, 150  # type: ignore[union-attr]
    table.start()
    try:
        for conn in (host, second, third):
            await table.request("join", conn)
        await table.request("rebuy", third, amount=50)  # waits for the host's answer
        request = host.of_type("rebuy_request")[-1]
        await table.request("leave_seat", host)
        assert table.host_seat == 1 and table.public_info()["host_seat"] == 1
        assert second.of_type("host")[-1] == {"type": "host", "seat": 1}
        assert second.of_type("rebuy_request")[-1] == request  # the new host decides it
        await table.request("approve_rebuy", second, request_id=request["request_id"])
        assert table.seats[2] is not None and table.seats[2].stack == 100
        with pytest.raises(ClientError) as err:
            await table.request("pause", host)
        assert err.value.code == "hello_required"  # closed when it left
        with pytest.raises(ClientError) as err:
            await table.request("pause", third)
        assert err.value.code == "not_host"
        await table.request("pause", second)
        assert table.paused
        await table.request("leave_seat", second)
        await table.request("leave_seat", third)
        assert table.host_seat is None  # nobody left to host: rebuys need no approval
    finally:
        await table.stop()


async def test_a_left_seat_token_no_longer_connects(live_server: LiveServer) -> None:
    created = await create_table(live_server, seats=3, auto_start=False)
    table_id = created["table"]["table_id"]
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        guest = (await http.post(f"/api/tables/{table_id}/seats", json={"name": "Bo"})).json()
    watcher = await ws_client(live_server, {"table_id": table_id, "spectate": True})
    left = await leave_over_websocket(live_server, guest["token"])
    assert (left["seat"], left["name"], left["stack"]) == (
        guest["seat"],
        "Bo",
        created["table"]["starting_stack"],
    )
    # everyone sees the seat free
    await watcher.until(
        lambda f: f["type"] == "table" and f["table"]["seats"][guest["seat"]] is None
    )
    await watcher.close()
    again = await ws_client(live_server, {"token": guest["token"]})
    error = await again.until(lambda f: f["type"] == "error")
    assert error["code"] == "bad_token"
    await again.close()
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        ledger = (await http.get(f"/api/tables/{table_id}/ledger")).json()
    assert [line["name"] for line in ledger["ledger"] if line["left"]] == ["Bo"]


async def test_a_player_who_left_keeps_its_own_hands_and_nothing_else(
    live_server: LiveServer,
) -> None:
    """After leaving, the old token still downloads the player's own cards of the hands it
    played (to verify them), and only those: not later hands of the seat's next occupant."""
    created, table_id = await play_one_hand(live_server)
    table = live_server.lobby.table(table_id)
    dealt = table.hand.history()["dealt"]["0"]  # type: ignore[union-attr]
    await leave_over_websocket(live_server, created["token"])
    auth = {"Authorization": f"Bearer {created['token']}"}
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        own = (await http.get(f"/api/tables/{table_id}/hands/1", headers=auth)).json()
        frames = await http.get(f"/api/tables/{table_id}/hands/1/frames", headers=auth)
        # the seat's next occupant plays hand 2 at the same seat
        taken = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Cy", "seat": 0})
        assert taken.status_code == 201, taken.text
        new_auth = {"Authorization": f"Bearer {taken.json()['token']}"}
        newcomer_view = (await http.get(f"/api/tables/{table_id}/hands/1", headers=new_auth)).json()
    assert own["viewer_seat"] == 0 and own["dealt"] == {"0": dealt}
    assert frames.status_code == 200
    assert newcomer_view["viewer_seat"] is None and "dealt" not in newcomer_view
    cy = await ws_client(live_server, {"token": taken.json()["token"]})
    await cy.until(lambda f: f["type"] == "state")
    await cy.send({"type": "next_hand"})  # the new occupant hosts: the old host left
    await play_over_websocket(cy, random.Random(3), until=lambda: table.stats.hands_finished >= 2)
    await cy.close()
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        later = (await http.get(f"/api/tables/{table_id}/hands/2", headers=auth)).json()
    assert later["viewer_seat"] is None and "dealt" not in later  # not the leaver's hand


async def test_the_next_human_to_sit_down_hosts_a_table_its_host_left() -> None:
    """Without a host nobody could deal at a table that does not deal by itself."""
    table, writer = make_table(humans=1, bots=("calling-station",), auto_start=False)
    host, newcomer = FakeConnection(0), FakeConnection(0, token_hash="cy")
    table.start()
    try:
        await table.request("join", host)
        await table.request("leave_seat", host)
        assert table.host_seat is None
        await table.request("take_seat", None, name="Cy", seat=0, token_hash="cy")
        assert table.host_seat == 0 and table.public_info()["host_seat"] == 0
        await table.request("join", newcomer)
        assert newcomer.of_type("welcome")[-1]["is_host"] is True
        await table.request("next_hand", newcomer)
        assert table.in_hand and table.hand_no == 1
    finally:
        await table.stop()
    rebuilt = Table("tbl", table.settings, writer=None)
    rebuilt.replay(writer.events())
    assert rebuilt.host_seat == 0


async def test_a_table_created_without_host_stays_without_host() -> None:
    table, _ = make_table(humans=1, bots=("calling-station",), host_seat=None, auto_start=False)
    guest = FakeConnection(0)
    table.start()
    try:
        await table.request("join", guest)
        await table.request("leave_seat", guest)
        await table.request("take_seat", None, name="Cy", seat=0, token_hash="cy")
        assert table.host_seat is None  # rebuys stay approved by the house
    finally:
        await table.stop()
