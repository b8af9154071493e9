"""A client that stops reading (a frozen process, its TCP connection still up) is detached at
once when the server drops it (``server/connection.py``): it no longer counts as a spectator
nor holds one of its address's sockets, although it never completes the close handshake."""

from __future__ import annotations

import asyncio
import logging
import socket
from urllib.parse import urlsplit

import httpx
import pytest
from server_helpers import LiveServer, create_table, ws_client
from websockets.asyncio.client import connect

from anaconda_poker.server import connection

DETACH_WITHIN = 30.0
"""Seconds allowed for the bot hands to overflow the frozen client's outbox and the server
to detach it (a bound, not a speed claim: without the fix it stays attached for as long as
the TCP connection lives)."""


async def test_a_client_that_stops_reading_is_detached_at_once(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # a smaller outbox than the server's (the same code path, reached with fewer hands)
    monkeypatch.setattr(connection, "OUTBOX_LIMIT", 200)
    created = await create_table(
        live_server,
        host_plays=False,
        bots=[{"seat": 1, "level": "random"}, {"seat": 2, "level": "random"}],
    )
    table_id = created["table"]["table_id"]
    table = live_server.lobby.tables[table_id]
    addresses = live_server.app.state.address_sockets
    caplog.set_level(logging.WARNING, logger="anaconda_poker.server.connection")
    hello = {"table_id": table_id, "spectate": True}
    watcher = await ws_client(live_server, hello)  # reads everything: the bots play on
    # the frozen client: a tiny receive buffer, and a one-frame queue so websockets stops
    # reading from the socket; it never reads, sends or pings again, and never closes
    url = urlsplit(live_server.ws)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((url.hostname, url.port))
    sock.setblocking(False)
    frozen = await connect(
        live_server.ws, sock=sock, max_queue=1, ping_interval=None, close_timeout=0.1
    )
    try:
        await frozen.send(f'{{"type": "hello", "table_id": "{table_id}", "spectate": true}}')
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DETACH_WITHIN
        while table.presence.spectators < 2:  # both watch: the frozen one joined
            assert loop.time() < deadline, "the frozen client never joined"
            await asyncio.sleep(0.02)
        while "dropping a client that does not read its frames" not in caplog.text:
            assert loop.time() < deadline, "the server never dropped the client"
            await asyncio.sleep(0.05)
        while table.presence.spectators != 1 or addresses.holding("127.0.0.1") != 1:
            assert loop.time() < deadline, (
                f"still attached: {table.presence.spectators} spectators, "
                f"{addresses.holding('127.0.0.1')} sockets held (the watcher is one)"
            )
            await asyncio.sleep(0.02)
        async with httpx.AsyncClient(base_url=live_server.http) as http:
            info = (await http.get(f"/api/tables/{table_id}")).json()
        assert info["spectators"] == 1  # the watcher, still served
        assert len(table.connections) == 1
        assert caplog.text.count("dropping a client") == 1  # only the frozen one
    finally:
        frozen.transport.abort()
        await watcher.close()
