"""Issue 17 item 11: more sockets must not mean more power. Sockets per seat and per client
address are capped (close code 4029), a seat's sockets share one message budget, and joins
reach the other watchers as one coalesced TableInfo update (docs/protocol.md §2, §4)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import Client, LiveServer, create_table, running_server, ws_client
from typer.testing import CliRunner
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from anaconda_poker.cli.main import app
from anaconda_poker.server.presence import TOO_MANY_SOCKETS, PresenceOptions
from anaconda_poker.server.settings import ServerSettings


@contextlib.asynccontextmanager
async def server(tmp_path: Path, **options: Any) -> AsyncIterator[LiveServer]:
    settings = ServerSettings(
        database_url=f"sqlite:///{tmp_path / 'limits.sqlite3'}",
        static_dir=tmp_path,
        create_default_lobby=False,
        between_hands=0.0,
        **options,
    )
    async with running_server(settings) as live:
        yield live


async def refused(client: Client) -> tuple[dict[str, Any], int | None]:
    """The ``error`` frame a refused socket gets, and the code it is then closed with."""
    error = await client.until(lambda f: f["type"] == "error")
    try:
        while True:
            await client.recv()
    except ConnectionClosed as closed:
        return error, closed.rcvd.code if closed.rcvd is not None else None


async def test_a_seat_holds_at_most_its_sockets(tmp_path: Path) -> None:
    async with server(tmp_path, max_sockets_per_seat=3) as live:
        created = await create_table(live, seats=2, auto_start=False)
        table = live.lobby.table(created["table"]["table_id"])
        hello = {"token": created["token"]}
        sockets = [await ws_client(live, hello) for _ in range(3)]
        for client in sockets:
            await client.until(lambda f: f["type"] == "welcome")
        extra = await ws_client(live, hello)
        error, code = await refused(extra)
        assert error["code"] == "too_many_sockets" and error["ref"] == "hello"
        assert code == TOO_MANY_SOCKETS
        assert table.presence.sockets_of(0) == 3
        await sockets[0].close()
        for _ in range(200):
            if table.presence.sockets_of(0) == 2:
                break
            await asyncio.sleep(0.01)
        again = await ws_client(live, hello)  # one closed: one may come
        assert (await again.until(lambda f: f["type"] in ("welcome", "error")))["type"] == "welcome"
        for client in (*sockets[1:], again):
            await client.close()


async def test_an_address_holds_at_most_its_sockets(tmp_path: Path) -> None:
    async with server(tmp_path, max_sockets_per_address=4) as live:
        created = await create_table(live, seats=2, auto_start=False)
        spectate = {"table_id": created["table"]["table_id"], "spectate": True}
        sockets = [await ws_client(live, spectate) for _ in range(3)]
        sockets.append(await ws_client(live, {"token": created["token"]}))
        for client in sockets:
            await client.until(lambda f: f["type"] == "welcome")
        extra = Client(await connect(live.ws))  # refused before its hello
        error, code = await refused(extra)
        assert error["code"] == "too_many_sockets" and code == TOO_MANY_SOCKETS
        assert live.app.state.address_sockets.holding("127.0.0.1") == 4
        await sockets[0].close()
        for _ in range(200):
            if live.app.state.address_sockets.holding("127.0.0.1") == 3:
                break
            await asyncio.sleep(0.01)
        again = await ws_client(live, spectate)
        assert (await again.until(lambda f: f["type"] in ("welcome", "error")))["type"] == "welcome"
        for client in (*sockets[1:], again):
            await client.close()


async def test_the_sockets_of_one_seat_share_one_message_budget(tmp_path: Path) -> None:
    """A seat with 4 sockets gets the budget of one (bursts of 5 here), not four."""
    async with server(tmp_path, rate_limit=(0.5, 5.0)) as live:
        created = await create_table(live, seats=2, auto_start=False)
        table = live.lobby.table(created["table"]["table_id"])
        sockets = [await ws_client(live, {"token": created["token"]}) for _ in range(4)]
        for client in sockets:
            await client.until(lambda f: f["type"] == "state")
        for number in range(5):
            for index, client in enumerate(sockets):
                await client.send({"type": "chat", "text": f"line {number} from {index}"})
        limited = 0
        for client in sockets:
            with contextlib.suppress(TimeoutError):
                while True:
                    frame = await client.recv(timeout=0.3)
                    limited += frame.get("code") == "rate_limited"
        assert 5 <= len(table.chat) <= 6, len(table.chat)  # the burst, plus a refill at most
        assert limited == 20 - len(table.chat)
        for client in sockets:
            await client.close()


@pytest.mark.parametrize("delay", [0.0, 1.0])
async def test_joins_reach_the_watchers_once_coalesced(tmp_path: Path, delay: float) -> None:
    """20 spectators join one after the other. With a delay the first watcher gets a few
    TableInfo updates, not one per join, and the last one it gets is exact; with 0 (the old
    behaviour, kept as the benchmark's baseline) it gets one per join."""
    async with server(tmp_path, table_update_delay=delay) as live:
        created = await create_table(live, seats=2, auto_start=False)
        table_id = created["table"]["table_id"]
        spectate = {"table_id": table_id, "spectate": True}
        first = await ws_client(live, spectate)
        await first.until(lambda f: f["type"] == "state")
        joined = []
        started = asyncio.get_running_loop().time()
        for _ in range(20):
            client = await ws_client(live, spectate)
            info = await client.until(lambda f: f["type"] == "table")
            assert info["table"]["spectators"] == len(joined) + 2  # its own is exact at once
            joined.append(client)
        elapsed = asyncio.get_running_loop().time() - started
        await asyncio.sleep(delay + 0.3)
        updates: list[dict[str, Any]] = []
        with contextlib.suppress(TimeoutError):
            while True:
                frame = await first.recv(timeout=0.2)
                if frame["type"] == "table":
                    updates.append(frame["table"])
        assert updates and updates[-1]["spectators"] == 21
        if delay:  # one per delay at most while the joins went on, and the last one
            assert len(updates) <= min(19, elapsed / delay + 2), (len(updates), elapsed)
        else:
            assert len(updates) == 20
        async with httpx.AsyncClient(base_url=live.http) as http:
            info = (await http.get(f"/api/tables/{table_id}")).json()
        assert info["spectators"] == 21
        for client in (first, *joined):
            await client.close()


def test_presence_options_refuse_limits_they_cannot_apply() -> None:
    for bad in (
        {"max_sockets_per_seat": 0},
        {"idle_grace": -1.0},
        {"table_update_delay": float("nan")},
        {"rate_limit": (0.0, 5.0)},
    ):
        with pytest.raises(ValueError):
            PresenceOptions(**bad)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--idle-grace", "-1"),
        ("--idle-grace", "soon"),
        ("--max-sockets-per-seat", "0"),
        ("--max-sockets-per-address", "2.5"),
    ],
)
def test_serve_refuses_socket_limits_it_cannot_apply(option: str, value: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "0", option, value])
    assert result.exit_code == 2
    assert f"{option} must be" in result.output and "or 'off'" in result.output
