"""Frames a table sends when spectators join: one update per join to everyone (before) or the
joiner's own TableInfo plus coalesced updates for the others (after; issue 17 item 11).

Run: ``.venv/bin/python benchmarks/spectator_joins.py [--joins 100,200] [--delay 0.5]``

For every count of joins and both ways of sending (compared in the same run), a real server
(the app under uvicorn on a loopback port, in this process, fresh SQLite file) gets one table
with two bots that deals no hand, and that many spectator websockets say ``hello``: one after
the other (each waits for its resync) and all at once. Printed: the frames the table sent
(server count, ``GET /api/stats`` ``frames``), of which ``table`` frames, frames per join,
and the seconds the joins took. *Before* is ``--table-update-delay 0`` (every join sends the
TableInfo to every socket already there, so the frames grow with the square of the joins);
*after* is the default delay.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect

from anaconda_poker.server.app import create_app
from anaconda_poker.server.settings import ServerSettings


async def spectator(ws_url: str, table_id: str, counts: dict[str, int]) -> ClientConnection:
    """A spectator that said hello and got its resync; every frame it gets is counted."""
    ws = await connect(ws_url, max_queue=None)
    await ws.send(json.dumps({"type": "hello", "table_id": table_id, "spectate": True}))
    while True:
        frame = json.loads(await ws.recv())
        counts[frame["type"]] = counts.get(frame["type"], 0) + 1
        if frame["type"] == "state":
            break

    async def drain() -> None:
        async for raw in ws:
            kind = json.loads(raw)["type"]
            counts[kind] = counts.get(kind, 0) + 1

    asyncio.get_running_loop().create_task(drain())
    return ws


async def measure(joins: int, delay: float, together: bool) -> dict[str, Any]:
    """Frames the server sent for ``joins`` spectators joining one table."""
    with tempfile.TemporaryDirectory() as folder:
        settings = ServerSettings(
            database_url=f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
            static_dir=Path(folder),
            create_default_lobby=False,
            create_rate_limit=None,
            max_sockets_per_address=None,
            table_update_delay=delay,
        )
        app = create_app(settings)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        server = uvicorn.Server(
            uvicorn.Config(app, log_level="warning", lifespan="on", ws_ping_interval=None)
        )
        serving = asyncio.create_task(server.serve(sockets=[sock]))
        while not server.started:
            await asyncio.sleep(0.01)
        try:
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
                body = {
                    "name": "Bench",
                    "host_name": "Host",
                    "seats": 3,
                    "auto_start": False,
                    "bots": [{"seat": 1, "level": "random"}, {"seat": 2, "level": "random"}],
                }
                created = (await http.post("/api/tables", json=body)).json()
            table_id = created["table"]["table_id"]
            table = app.state.lobby.table(table_id)
            ws_url = f"ws://127.0.0.1:{port}/ws"
            counts: dict[str, int] = {}
            before = table.stats.frames
            started = time.perf_counter()
            if together:
                sockets = await asyncio.gather(
                    *(spectator(ws_url, table_id, counts) for _ in range(joins))
                )
            else:
                sockets = [await spectator(ws_url, table_id, counts) for _ in range(joins)]
            seconds = time.perf_counter() - started
            await asyncio.sleep(delay + 0.5)  # the last coalesced update
            sent = table.stats.frames - before
            received = dict(counts)  # before the departures add their own updates
            spectators = table.public_info()["spectators"]
            for ws in sockets:
                await ws.close()
        finally:
            server.should_exit = True
            await serving
    assert spectators == joins, (spectators, joins)
    return {
        "sent": sent,
        "table": received.get("table", 0),
        "received": sum(received.values()),
        "seconds": seconds,
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--joins", default="100,200", help="comma-separated join counts")
    parser.add_argument("--delay", type=float, default=ServerSettings().table_update_delay)
    args = parser.parse_args()
    rows = []
    for joins in (int(n) for n in args.joins.split(",")):
        for together in (False, True):
            for name, delay in (("before", 0.0), ("after", args.delay)):
                result = await measure(joins, delay, together)
                rows.append((joins, "all at once" if together else "one by one", name, result))
    table = Table(title=f"Frames sent for spectator joins (coalescing delay {args.delay} s)")
    for column in ("joins", "arrival", "updates", "frames sent", "table frames received",
                   "frames per join", "vs before", "join time s"):  # fmt: skip
        table.add_column(column, justify="left" if column in ("arrival", "updates") else "right")
    baseline: dict[tuple[int, str], int] = {}
    for joins, arrival, name, result in rows:
        key = (joins, arrival)
        baseline.setdefault(key, result["sent"])
        table.add_row(
            str(joins),
            arrival,
            name,
            f"{result['sent']:,}",
            f"{result['table']:,}",
            f"{result['sent'] / joins:.1f}",
            f"{result['sent'] / baseline[key]:.2f}x",
            f"{result['seconds']:.2f}",
        )
    Console(width=120).print(table)
    print(
        "before = --table-update-delay 0: every join sends the TableInfo to every socket there;"
        f" after = coalesced over {args.delay} s (the joiner gets its own at once)"
    )


if __name__ == "__main__":
    asyncio.run(main())
