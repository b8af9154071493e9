"""Game server under load: K concurrent tables of websocket bots on loopback.

Run: ``.venv/bin/python benchmarks/server_load.py [--tables 50,100,250,500] [--seats 3]
[--think 1.0] [--seconds 20] [--clients 2] [--writes grouped,immediate]
[--database sqlite|postgresql://...]``

For every K (and every database write mode of ``--writes``, compared in the same run) the
real server (``anaconda-poker serve`` in a child process, fresh SQLite file, uvloop, one
Python process) gets K tables of ``--seats`` seats, each seat taken through the REST API and
driven over its own websocket by a client bot; the bots run in ``--clients`` processes, one
event loop each. A bot acts on each ``state`` frame that gives it the turn, after a
human-like think time (uniform between 0.5x and 1.5x ``--think`` seconds), with a random
legal action. Every accepted action is committed to the database before it is broadcast.

Printed per run: actions per second accepted by the server; the latency from sending an
action to receiving the ``state`` frame that shows its result (p50, p99, max, in ms, measured
by the bots, so it includes their own event loop's delays); the same latency measured inside
the server from the message's arrival to the broadcast of its result (``GET /api/stats``,
recent actions); the CPU use of the server and of the bots; the hands played; and the event
loop stalls over 250 ms the server logged. The target on a 2-core machine: 500 tables with
p99 below 50 ms. Bots and server share the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.progress import Progress
from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect

CLK_TCK = os.sysconf("SC_CLK_TCK")


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def choose(legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action; never folds when a check is free (hands last longer)."""
    kinds = sorted(legal["kinds"])
    if "pass" in kinds:
        return {"action": "pass", "cards": rng.sample(legal["cards"], legal["pass_count"])}
    if "arrange" in kinds:
        return {"action": "arrange", "cards": rng.sample(legal["cards"], legal["arrange_count"])}
    if "check" in kinds:
        kinds.remove("fold")
    kind = rng.choice(kinds)
    if kind == "bet":
        return {"action": "bet", "to": rng.randint(*legal["bet_range"])}
    if kind == "raise":
        return {"action": "raise", "to": rng.randint(*legal["raise_range"])}
    return {"action": kind}


@dataclass
class Measure:
    """Latencies (seconds) and counts, recorded only while ``on``."""

    on: bool = False
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: dict[str, int] = field(default_factory=dict)


class Server:
    """``anaconda-poker serve`` on a free port in a child process."""

    def __init__(self, database: str, folder: Path, writes: str) -> None:
        command = [
            sys.executable, "-c", "from anaconda_poker.cli.main import main; main()", "serve",
            "--host", "127.0.0.1", "--port", "0", "--database", database,
            "--no-default-lobby", "--between-hands", "1", "--static-dir", str(folder),
            "--db-writes", writes, "--create-rate", "off", "--max-sockets-per-address", "off",
            "--seed-window", "0",  # the load clients do not send seeds (fairness version 3)
        ]  # fmt: skip
        # the server's output goes to a file: a pipe nobody reads would block the server
        # as soon as it filled up
        self.log = folder / "server.log"
        with self.log.open("w") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=folder)
        line = ""
        for _ in range(600):
            lines = [x for x in self.log.read_text().splitlines() if "serving at" in x]
            if lines:
                line = lines[0]
                break
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        if "serving at" not in line:
            raise RuntimeError(f"the server did not start: {self.log.read_text()[-500:]!r}")
        self.http = line.split("serving at ", 1)[1].strip().rstrip("/")
        self.ws = self.http.replace("http://", "ws://") + "/ws"

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


async def seat_bot(
    ws: ClientConnection, rng: random.Random, think: float, measure: Measure, stop: asyncio.Event
) -> None:
    """Play one seat: act once per turn after a think time; time each action's broadcast."""
    sent_turn: str | None = None
    sent_at = 0.0
    pending: asyncio.Task[None] | None = None

    async def act(turn: str, legal: dict[str, Any]) -> None:
        nonlocal sent_turn, sent_at
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        if stop.is_set():
            return
        sent_turn, sent_at = turn, time.perf_counter()
        try:
            await ws.send(
                json.dumps({"type": "action", "turn": turn, "action": choose(legal, rng)})
            )
        except Exception:  # the socket closed at the end of the run
            return

    try:
        async for raw in ws:
            if stop.is_set():
                break
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "error":
                if measure.on:
                    measure.errors[frame["code"]] = measure.errors.get(frame["code"], 0) + 1
                continue
            if kind != "state":
                continue
            if sent_turn is not None and frame["turn"] != sent_turn:
                # the first frame showing the action's result (the turn moved on or the
                # hand ended)
                if measure.on:
                    measure.latencies.append(time.perf_counter() - sent_at)
                    measure.actions += 1
                sent_turn = None
            if frame["turn"] is None:
                continue
            view = frame["view"]
            you = view["you"] if view else None
            if you is None or you["seat"] not in view["to_act"] or not you["legal"]["kinds"]:
                continue
            if sent_turn == frame["turn"] or (pending is not None and not pending.done()):
                continue
            pending = asyncio.create_task(act(frame["turn"], you["legal"]))
    except Exception:  # the socket closed at the end of the run
        pass


async def drive_tables(
    http_url: str,
    ws_url: str,
    first: int,
    tables: int,
    seats: int,
    think: float,
    seconds: float,
    warmup: float,
    ready: Any,
) -> dict[str, Any]:
    """One client process: create ``tables`` tables, connect their seats, wait for every
    process at ``ready`` (a barrier), warm up, then measure for ``seconds``."""
    measure = Measure()
    stop = asyncio.Event()
    sockets: list[ClientConnection] = []
    tasks: list[asyncio.Task[None]] = []
    rng = random.Random(first)
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=http_url, limits=limits, timeout=60) as http:
        for t in range(first, first + tables):
            created = (
                await http.post(
                    "/api/tables",
                    json={
                        "name": f"Load {t}", "host_name": "P0", "seats": seats,
                        "starting_stack": 100_000, "action_timer": 30, "time_bank": 30,
                    },
                )
            ).json()  # fmt: skip
            tokens = [created["token"]]
            table_id = created["table"]["table_id"]
            for s in range(1, seats):
                taken = await http.post(f"/api/tables/{table_id}/seats", json={"name": f"P{s}"})
                tokens.append(taken.json()["token"])
            for token in tokens:
                ws = await connect(ws_url, max_size=2**22, compression=None)
                await ws.send(json.dumps({"type": "hello", "token": token}))
                sockets.append(ws)
                tasks.append(
                    asyncio.create_task(
                        seat_bot(ws, random.Random(rng.random()), think, measure, stop)
                    )
                )
    await asyncio.get_running_loop().run_in_executor(None, ready.wait)
    await asyncio.sleep(warmup)
    cpu0 = time.process_time()
    measure.on = True
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    measure.on = False
    elapsed = time.perf_counter() - started
    client_cpu = time.process_time() - cpu0
    stop.set()
    for ws in sockets:
        await ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "latencies": measure.latencies,
        "actions": measure.actions,
        "elapsed": elapsed,
        "client_cpu": client_cpu,
        "errors": measure.errors,
    }


def client_process(args: tuple[Any, ...]) -> dict[str, Any]:
    """Entry point of a load-generating process (uvloop when available)."""
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    return asyncio.run(drive_tables(*args))


def run_load(
    server: Server,
    tables: int,
    seats: int,
    think: float,
    seconds: float,
    warmup: float,
    processes: int,
) -> dict[str, Any]:
    """Drive ``tables`` tables from ``processes`` client processes; one result row."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    manager = context.Manager()
    ready = manager.Barrier(processes + 1)  # a proxy: it can travel in the pool's arguments
    shares = [tables // processes + (1 if i < tables % processes else 0) for i in range(processes)]
    firsts = [sum(shares[:i]) for i in range(processes)]
    jobs = [
        (server.http, server.ws, firsts[i], shares[i], seats, think, seconds, warmup, ready)
        for i in range(processes)
    ]
    with context.Pool(processes) as pool:
        pending = pool.map_async(client_process, jobs)
        ready.wait()
        time.sleep(warmup)
        cpu0 = process_cpu_seconds(server.proc.pid)
        time.sleep(seconds)
        cpu1 = process_cpu_seconds(server.proc.pid)
        results = pending.get(timeout=600)
    manager.shutdown()
    listing = httpx.get(f"{server.http}/api/tables", timeout=30).json()["tables"]
    server_stats = httpx.get(f"{server.http}/api/stats", timeout=30).json()
    lat = sorted(x for r in results for x in r["latencies"])
    elapsed = max(r["elapsed"] for r in results)
    errors: dict[str, int] = {}
    for r in results:
        for code, n in r["errors"].items():
            errors[code] = errors.get(code, 0) + n

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    return {
        "tables": tables,
        "connections": tables * seats,
        "actions_per_s": sum(r["actions"] for r in results) / elapsed,
        "p50": pct(0.50),
        "p99": pct(0.99),
        "max": 1000 * lat[-1] if lat else float("nan"),
        "server_cpu": 100 * (cpu1 - cpu0) / seconds,
        "client_cpu": 100 * sum(r["client_cpu"] for r in results) / elapsed,
        "hands": sum(t["hand_no"] for t in listing),
        "server_p50": server_stats["action_latency_ms"]["p50"],
        "server_p99": server_stats["action_latency_ms"]["p99"],
        "errors": errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="50,100,250,500", help="comma-separated K values")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--think", type=float, default=1.0, help="mean think time, seconds")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per K")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--database", default="sqlite", help="'sqlite' (a fresh file) or a URL")
    parser.add_argument(
        "--clients", type=int, default=2, help="load-generating processes (one event loop each)"
    )
    parser.add_argument(
        "--writes",
        default="immediate,grouped",
        help="comma-separated database write modes to compare: immediate, grouped, threaded",
    )
    args = parser.parse_args()
    console = Console(width=200)
    rows = []
    counts = [int(k) for k in args.tables.split(",")]
    modes = args.writes.split(",")
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("server load", total=len(counts) * len(modes))
        for k in counts:
            for mode in modes:
                with tempfile.TemporaryDirectory() as folder:
                    database = (
                        f"sqlite:///{Path(folder) / 'load.sqlite3'}"
                        if args.database == "sqlite"
                        else args.database
                    )
                    server = Server(database, Path(folder), mode)
                    try:
                        row = run_load(
                            server,
                            k,
                            args.seats,
                            args.think,
                            args.seconds,
                            args.warmup,
                            args.clients,
                        )
                    finally:
                        server.stop()
                    text = server.log.read_text()
                    stalls = [int(m) for m in re.findall(r"stalled for (\d+) ms", text)]
                    slow = [int(m) for m in re.findall(r"took (\d+) ms", text)]
                    row["stalls"] = (f"{len(stalls)} (max {max(stalls)} ms)" if stalls else "0") + (
                        f", {len(slow)} slow writes (max {max(slow)} ms)" if slow else ""
                    )
                row["writes"] = mode
                rows.append(row)
                progress.advance(task)
    table = Table(
        title=f"Server load: {args.seats} websocket bots per table in {args.clients} client "
        f"processes, think {args.think:g} s (0.5-1.5x), {args.seconds:g} s measured after "
        f"{args.warmup:g} s"
    )
    for column in (
        "tables", "writes", "connections", "actions/s", "p50 ms", "p99 ms", "max ms",
        "in-server p50 ms", "in-server p99 ms", "server CPU %", "client CPU %", "hands", "errors",
        "loop stalls > 250 ms",
    ):  # fmt: skip
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(
            str(row["tables"]),
            row["writes"],
            str(row["connections"]),
            f"{row['actions_per_s']:.0f}",
            f"{row['p50']:.1f}",
            f"{row['p99']:.1f}",
            f"{row['max']:.1f}",
            f"{row['server_p50']:.1f}",
            f"{row['server_p99']:.1f}",
            f"{row['server_cpu']:.0f}",
            f"{row['client_cpu']:.0f}",
            str(row["hands"]),
            ", ".join(f"{k}: {v}" for k, v in row["errors"].items()) or "0",
            row["stalls"],
        )
    console.print(table)
    console.print("Target (issue 6): 500 tables with p99 < 50 ms on a 2-core machine.")


if __name__ == "__main__":
    main()
