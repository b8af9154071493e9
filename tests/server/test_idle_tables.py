"""Issue 17 item 2: a table nobody is connected to stops playing after the idle grace period
(``server/presence.py``), and goes on, with no hand lost, when someone connects again."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from server_helpers import LiveServer, create_table, running_server, seeded_policies, ws_client

from anaconda_poker.server.settings import ServerSettings
from anaconda_poker.server.table import Table

GRACE = 0.4


@pytest.fixture
async def idle_server(db_url: str, tmp_path: Path) -> AsyncIterator[LiveServer]:
    settings = ServerSettings(
        database_url=db_url,
        static_dir=tmp_path,
        create_default_lobby=False,
        between_hands=0.0,
        policy_factory=seeded_policies(),
        idle_grace=GRACE,
    )
    async with running_server(settings) as live:
        yield live


async def wait_until(condition: object, timeout: float = 10.0) -> None:
    assert callable(condition)
    for _ in range(int(timeout / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("condition not reached in time")


def progress(table: Table) -> tuple[int, int, int]:
    """(hands started, hand number, actions of the running hand)."""
    hand = table.hand
    return table.stats.hands_started, table.hand_no, hand.action_count if hand else 0


async def test_a_bot_table_stops_when_its_last_socket_is_gone_and_loses_no_hand(
    idle_server: LiveServer,
) -> None:
    # the host sits out: two bots play while someone watches (slowly, 0.2 s per decision)
    created = await create_table(
        idle_server,
        seats=3,
        host_plays=False,
        bot_pause=0.2,
        bots=[{"seat": 1, "level": "calling-station"}, {"seat": 2, "level": "calling-station"}],
    )
    table = idle_server.lobby.table(created["table"]["table_id"])
    watcher = await ws_client(idle_server, {"table_id": table.table_id, "spectate": True})
    await watcher.until(lambda f: f["type"] == "state")
    await wait_until(lambda: table.in_hand and table.hand is not None and table.hand.action_count)
    # a socket that never got attached (its hello was refused) stays open meanwhile
    stray = await ws_client(idle_server, {"token": "not-a-token"})
    assert (await stray.until(lambda f: f["type"] == "error"))["code"] == "bad_token"
    watcher.ws.transport.abort()  # the forgotten tab's connection drops, without a goodbye
    await wait_until(lambda: not table.connections)
    await wait_until(lambda: table.idle, timeout=GRACE + 2)
    frozen = progress(table)
    assert table.in_hand, "the test needs the bots stopped in the middle of a hand"
    await asyncio.sleep(1.5)  # 7 bot decisions' time
    assert progress(table) == frozen and table.in_hand
    async with httpx.AsyncClient(base_url=idle_server.http) as http:
        assert (await http.get("/api/stats")).json()["idle_tables"] == 1
    # someone connects: the hand goes on from where it stopped and ends normally
    again = await ws_client(idle_server, {"table_id": table.table_id, "spectate": True})
    await again.until(lambda f: f["type"] == "state")
    assert not table.idle
    stopped_hand = frozen[1]
    await wait_until(lambda: table.stats.hands_finished >= stopped_hand, timeout=30)
    store = idle_server.lobby.store
    assert store is not None
    history = store.hand(table.table_id, stopped_hand)
    assert history is not None and len(history.history["actions"]) > frozen[2]
    finished = {h["hand_no"] for h in store.hands(table.table_id)}
    assert finished >= set(range(1, stopped_hand + 1))  # every hand dealt was finished
    assert table.chip_total() == table.bought_in_total()
    for client in (again, stray):
        await client.close()


async def test_a_human_table_pauses_its_timers_while_nobody_is_there(
    idle_server: LiveServer,
) -> None:
    """A player whose only socket drops is not timed out while the table is idle: nobody is
    there to play against; the clock starts again when someone connects."""
    created = await create_table(
        idle_server,
        seats=2,
        action_timer=1,
        time_bank=0,
        bots=[{"seat": 1, "level": "calling-station"}],
    )
    table = idle_server.lobby.table(created["table"]["table_id"])
    host = await ws_client(idle_server, {"token": created["token"]})
    await host.until(lambda f: f["type"] == "state" and f["turn"] is not None)
    timeouts = table.stats.timeouts
    host.ws.transport.abort()
    await wait_until(lambda: table.idle, timeout=GRACE + 2)
    frozen = progress(table)
    await asyncio.sleep(3.0)  # three action timers
    assert progress(table) == frozen
    assert table.stats.timeouts <= timeouts + 1  # one at most, before the grace ran out
