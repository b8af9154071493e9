"""Memory that grows with the traffic stays within its bounds (issue 17, the soak's memory):
the lobby's token index keeps one entry per seat however many players come and go, the
latencies of ``GET /api/stats`` are one window for the whole server (not one per table), and
the objects of closed connections are freed by the server's periodic full collections."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import time
from collections import deque
from pathlib import Path

import pytest
from server_helpers import (
    FakeConnection,
    choose_from_legal,
    create_table,
    running_server,
    ws_client,
)
from typer.testing import CliRunner

from anaconda_poker.cli.main import app
from anaconda_poker.server.auth import hash_token
from anaconda_poker.server.collector import FullCollections
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.lobby import Lobby
from anaconda_poker.server.protocol import BotSpec, CreateTableRequest, TakeSeatRequest
from anaconda_poker.server.settings import ServerSettings
from anaconda_poker.server.table import Table


async def test_the_token_index_keeps_one_entry_per_seat_however_many_players_came() -> None:
    lobby = Lobby(None, None, between_hands=0, seed_window=0)
    table, host_seat, host_token = await lobby.create_table(
        CreateTableRequest(name="Churn", host_name="Host", seats=3, auto_start=False)
    )
    former: list[str] = []
    try:
        for n in range(60):  # a seat taken and left 60 times, over the two free seats
            seat, token = await lobby.take_seat(table.table_id, TakeSeatRequest(name=f"P{n}"))
            conn = FakeConnection(seat, hash_token(token))
            await table.request("join", conn)
            assert lobby.seat_for_token(token) == (table, seat)
            await table.request("leave_seat", conn)
            assert table.seats[seat] is None
            former.append(token)
            assert lobby.indexed_tokens <= table.settings.max_seats
        guest_seat, guest_token = await lobby.take_seat(
            table.table_id, TakeSeatRequest(name="Stays")
        )
        assert lobby.indexed_tokens <= table.settings.max_seats
        # the index still answers for every seat held, and refuses every token given up
        assert lobby.seat_for_token(host_token) == (table, host_seat)
        assert lobby.seat_for_token(guest_token) == (table, guest_seat)
        for token in former:
            with pytest.raises(ClientError) as refused:
                lobby.seat_for_token(token)
            assert refused.value.code == "bad_token"
    finally:
        await lobby.stop()


async def _play_hands(table: Table, conn: FakeConnection, hands: int) -> int:
    """Act for ``conn``'s seat, as a websocket message timed on arrival, until ``hands``
    hands are finished; the number of actions taken."""
    rng, seen, acted = random.Random(5), 0, 0
    while table.stats.hands_finished < hands:
        await asyncio.sleep(0.001)
        frames, seen = conn.frames[seen:], len(conn.frames)
        latest = next((f for f in reversed(frames) if f["type"] == "state"), None)
        if latest is None or latest["turn"] is None or conn.seat not in latest["view"]["to_act"]:
            continue
        action = choose_from_legal(latest["view"]["you"]["legal"], rng, passive=True)
        with contextlib.suppress(ClientError):
            await table.request(
                "action", conn, turn=latest["turn"], action=action, received=time.perf_counter()
            )
            acted += 1
    return acted


async def test_every_table_appends_its_latencies_to_one_window_of_the_server() -> None:
    window: deque[float] = deque(maxlen=8)
    lobby = Lobby(None, None, between_hands=0, seed_window=0, latencies=window)
    acted = 0
    try:
        for n in range(3):  # a calling station never folds: the host acts in every hand
            table, seat, token = await lobby.create_table(
                CreateTableRequest(
                    name=f"T{n}",
                    host_name="Host",
                    seats=2,
                    bots=[BotSpec(seat=1, level="calling-station")],
                    action_timer=None,
                    bot_pause=0,
                )
            )
            assert table.stats.latencies is window
            host = FakeConnection(seat, hash_token(token))
            await table.request("join", host)
            acted += await _play_hands(table, host, 3)
        assert acted >= 9  # 9 hands, each with an action of the host: the window keeps 8
        assert len(window) == 8
        assert all(0 <= x < 60 for x in window)
        assert lobby.stats()["action_latency_ms"]["samples"] == 8
    finally:
        await lobby.stop()


def _server_protocols() -> int:
    """Live websockets ``ServerProtocol`` objects: one per server-side websocket."""
    return sum(1 for o in gc.get_objects() if type(o).__name__ == "ServerProtocol")


async def test_closed_connections_are_freed_by_the_periodic_full_collection(
    tmp_path: Path,
) -> None:
    (tmp_path / "index.html").write_text("<!doctype html>")
    settings = ServerSettings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        static_dir=tmp_path,
        create_default_lobby=False,
        seed_window=0,
        full_collection_interval=0.2,
    )
    # Python's own collector off: as in `anaconda-poker serve`, whose old generation is
    # collected rarely, only the server's full collections can free a closed connection;
    # what the test process holds is frozen as `serve` freezes what it built at start-up
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        async with running_server(settings) as live:
            table_id = (await create_table(live))["table"]["table_id"]
            before = _server_protocols()
            for _ in range(40):
                client = await ws_client(live, {"table_id": table_id, "spectate": True})
                await client.until(lambda f: f["type"] == "welcome")
                await client.ws.close()
            collections = live.app.state.full_collections
            runs = collections.runs
            for _ in range(500):  # until a full collection has run after the last close
                if collections.runs >= runs + 2:
                    break
                await asyncio.sleep(0.02)
            assert collections.runs >= runs + 2
            assert _server_protocols() <= before + 1
            assert collections.collected > 0
    finally:
        gc.enable()
        gc.unfreeze()


@pytest.mark.parametrize("value", ["0", "0.5", "-3", "never", "nan"])
def test_serve_refuses_a_full_collection_interval_below_a_second(value: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--full-collection-interval", value])
    assert result.exit_code == 2
    assert "--full-collection-interval must be seconds >= 1 or 'off'" in result.output


@pytest.mark.parametrize("interval", [0.0, -1.0, float("nan")])
def test_full_collections_refuse_an_interval_not_above_zero(interval: float) -> None:
    with pytest.raises(ValueError, match="must be > 0 seconds"):
        FullCollections(interval)
