"""Soak test of the game server: many tables with reconnecting and seat-changing players for
minutes, with the leak oracle on every frame (issue 17, "make it stay fixed").

Run: ``.venv/bin/python benchmarks/soak.py [--tables 500] [--minutes 10] [--seats 3]
[--think 1.0] [--reconnect 0.02] [--change-seat 0.005] [--spectators 0.2] [--sample 30]
[--clients 2] [--tracemalloc FILE] [--full-collection-interval SECONDS]``

The real server (``anaconda-poker serve`` in a child process, fresh SQLite file) gets
``--tables`` tables of ``--seats`` human seats and one ``random`` bot. Each seat is played over
its own websocket by a client (random legal actions after a think time uniform in 0.5x..1.5x
``--think`` seconds). Every second, each client closes its socket and reconnects with its
token with probability ``--reconnect`` (a full resync), and with probability ``--change-seat``
leaves its seat (``leave_seat``) and takes a free one under a new name with a new token; a
spectator joins or leaves each table now and then (``--spectators``: probability per second).

Every frame every socket receives goes through the leak oracle (``tests/server/
leak_oracle.py``): frames of a hand are checked once the hand's history is stored (the
clients read the database the server writes; the oracle replays each history on its own and
works out which cards each seat may know, RULES.md §7); frames outside a hand may hold no
card. Every ``--sample`` seconds one line is printed: the server's resident memory (RSS,
from ``/proc``), open connections, hands played, actions, error frames, leaks, reconnects
and seat changes so far; at the end the errors by code, the lines the server logged at
ERROR, and the RSS growth from the first sample after the warm-up to the last.

The goal (issue 17): no error, no leak, memory flat. Not run in CI (it takes minutes).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
from load_bots import choose
from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "server"))
from leak_oracle import LeakChecker  # shared with the leak and fuzz tests

COUNTERS = (
    "actions",
    "errors",
    "stale",
    "connect_failures",
    "leaks",
    "reconnects",
    "seat_changes",
    "frames",
    "checked",
)
"""Per client process, shared with the parent (``multiprocessing.Array``)."""


COLUMNS = (
    "minute",
    "server RSS MiB",
    "connections",
    "hands",
    "actions",
    "errors",
    "stale turns",
    "failed connects",
    "leaks",
    "frames checked",
    "reconnects",
    "seat changes",
)


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MiB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Server:
    """``anaconda-poker serve`` on a free port in a child process, logging to a file."""

    def __init__(
        self,
        folder: Path,
        *,
        trace: Path | None = None,
        every: float = 60.0,
        extra: tuple[str, ...] = (),
    ) -> None:
        import os
        import subprocess

        self.database = f"sqlite:///{folder / 'soak.sqlite3'}"
        command = [
            sys.executable, "-c", "from anaconda_poker.cli.main import main; main()", "serve",
            "--host", "127.0.0.1", "--port", "0", "--database", self.database,
            "--no-default-lobby", "--between-hands", "1", "--static-dir", str(folder),
            "--create-rate", "off", "--max-sockets-per-address", "off", *extra,
        ]  # fmt: skip
        self.log = folder / "server.log"
        with self.log.open("w") as out:
            env = dict(os.environ)
            if trace is not None:  # server/memory_trace.py: growing allocation sites
                env["ANACONDA_POKER_TRACEMALLOC"] = str(trace.resolve())
                env["ANACONDA_POKER_TRACEMALLOC_INTERVAL"] = str(every)
            self.proc = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, cwd=folder, env=env
            )
        for _ in range(600):
            found = [x for x in self.log.read_text().splitlines() if "serving at" in x]
            if found or self.proc.poll() is not None:
                break
            time.sleep(0.1)
        if not found:
            raise RuntimeError(f"the server did not start: {self.log.read_text()[-500:]!r}")
        self.http = found[0].split("serving at ", 1)[1].strip().rstrip("/")
        self.ws = self.http.replace("http://", "ws://") + "/ws"

    def stalls(self) -> int:
        """How often the server logged that its event loop stalled (over 250 ms)."""
        return self.log.read_text(errors="replace").count("the event loop stalled")

    def logged_errors(self) -> list[str]:
        """Lines of the server's log that report an error or a stack trace."""
        return [
            line
            for line in self.log.read_text(errors="replace").splitlines()
            if "ERROR" in line or "Traceback" in line
        ]

    def stop(self) -> None:
        import subprocess

        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


async def post(http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> httpx.Response:
    """POST, retried when the connection drops (a loaded server may close a kept-alive
    connection just as the request is sent; a retried request that had gone through shows
    up as an extra idle table or a ``name_taken``)."""
    for attempt in range(5):
        try:
            return await http.post(path, json=body)
        except httpx.TransportError:
            if attempt == 4:
                raise
            await asyncio.sleep(1.0)
    raise AssertionError("unreachable")


@dataclass
class Shared:
    """One client process's view of the run."""

    counters: Any  # multiprocessing.Array of COUNTERS
    checker: LeakChecker
    errors: dict[str, int] = field(default_factory=dict)
    leaks: list[str] = field(default_factory=list)

    def count(self, name: str, n: int = 1) -> None:
        self.counters[COUNTERS.index(name)] += n


@dataclass
class Player:
    """One human seat's client: a token, a name and the socket playing it."""

    table_id: str
    token: str
    name: str
    seat: int | None = None


async def play_socket(
    ws: ClientConnection,
    player: Player | None,
    table_id: str,
    shared: Shared,
    rng: random.Random,
    think: float,
    left: asyncio.Event | None = None,
) -> None:
    """Read every frame (leak oracle) and, for a seat, act once per turn; set ``left`` when
    the seat is freed after a ``leave_seat``."""
    seat = player.seat if player else None
    acted: str | None = None
    pending: asyncio.Task[None] | None = None

    async def act(turn: str, legal: dict[str, Any]) -> None:
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        try:
            message = {"type": "action", "turn": turn, "action": choose(legal, rng)}
            await ws.send(json.dumps(message))
            shared.count("actions")
        except Exception:  # the socket was closed meanwhile (a reconnect)
            pass

    try:
        async for raw in ws:
            assert isinstance(raw, str)
            frame = json.loads(raw)
            shared.count("frames")
            try:
                shared.checker.add(table_id, seat, raw, frame)
            except AssertionError as leak:
                shared.count("leaks")
                shared.leaks.append(str(leak)[:300])
            kind = frame["type"]
            if kind == "welcome":
                seat = frame["seat"]
            elif kind == "seat_left" and frame["seat"] == seat:
                seat = None
                if left is not None:
                    left.set()
            elif kind == "error":
                # stale_turn is the protocol's answer to an action that crossed a reconnect
                # or a leave (the turn had moved on): counted apart, not an error of the server
                shared.count("stale" if frame["code"] == "stale_turn" else "errors")
                shared.errors[frame["code"]] = shared.errors.get(frame["code"], 0) + 1
            elif kind == "state" and player is not None and frame.get("turn"):
                view = frame["view"]
                you = view.get("you") if view else None
                if you is None or you["seat"] not in view["to_act"]:
                    continue
                if not you["legal"]["kinds"] or acted == frame["turn"]:
                    continue
                if pending is not None and not pending.done():
                    continue
                acted = frame["turn"]
                pending = asyncio.create_task(act(frame["turn"], you["legal"]))
    except Exception:  # closed by a reconnect or at the end
        pass
    if pending is not None:
        pending.cancel()


async def run_player(
    player: Player,
    urls: tuple[str, str],
    shared: Shared,
    rng: random.Random,
    args: argparse.Namespace,
    stop: asyncio.Event,
) -> None:
    """Keep a seat played until ``stop``: reconnect now and then, change seats now and then."""
    http_url, ws_url = urls
    while not stop.is_set():
        try:
            ws = await connect(ws_url, max_size=2**22, compression=None)
            await ws.send(json.dumps({"type": "hello", "token": player.token}))
        except (OSError, ConnectionClosed) as exc:  # a loaded server: try again
            code = f"connect: {type(exc).__name__}"
            shared.errors[code] = shared.errors.get(code, 0) + 1
            shared.count("connect_failures")
            await asyncio.sleep(1.0)
            continue
        left = asyncio.Event()
        reader = asyncio.create_task(
            play_socket(
                ws, player, player.table_id, shared, random.Random(rng.random()), args.think, left
            )
        )
        change = False
        while not stop.is_set() and not reader.done():
            await asyncio.sleep(1.0)
            if rng.random() < args.change_seat:
                change = True
                break
            if rng.random() < args.reconnect:
                break
        if change and not stop.is_set():
            await ws.send(json.dumps({"type": "leave_seat"}))
            # the seat is freed at once, or when its hand ends (or the run ends first)
            waits = [asyncio.create_task(left.wait()), asyncio.create_task(stop.wait())]
            await asyncio.wait(waits, timeout=300, return_when=asyncio.FIRST_COMPLETED)
            for wait in waits:
                wait.cancel()
        await ws.close()
        await reader
        if stop.is_set():
            return
        if not change:
            shared.count("reconnects")
            continue
        # a new player takes a free seat of the same table under a new name
        while not stop.is_set():
            player.name = f"{player.name.split('-')[0]}-{rng.randrange(10**6)}"
            async with httpx.AsyncClient(base_url=http_url, timeout=60) as http:
                taken = await post(
                    http, f"/api/tables/{player.table_id}/seats", {"name": player.name}
                )
            if taken.status_code == 201:
                player.token, player.seat = taken.json()["token"], taken.json()["seat"]
                shared.count("seat_changes")
                break
            code = f"take seat: {taken.json()['error']['code']}"  # another leaver's seat
            shared.errors[code] = shared.errors.get(code, 0) + 1
            await asyncio.sleep(1.0)


async def run_spectators(
    table_id: str,
    ws_url: str,
    shared: Shared,
    rng: random.Random,
    chance: float,
    stop: asyncio.Event,
) -> None:
    """A spectator that comes and goes at one table."""
    while not stop.is_set():
        await asyncio.sleep(1.0)
        if rng.random() >= chance:
            continue
        try:
            ws = await connect(ws_url, max_size=2**22, compression=None)
            await ws.send(json.dumps({"type": "hello", "table_id": table_id, "spectate": True}))
        except (OSError, ConnectionClosed):  # a loaded server: another time
            continue
        reader = asyncio.create_task(play_socket(ws, None, table_id, shared, rng, 0.0))
        with contextlib.suppress(TimeoutError):  # watch for a while, or until the run ends
            await asyncio.wait_for(stop.wait(), rng.uniform(2, 20))
        await ws.close()
        await reader


async def drive(
    urls: tuple[str, str],
    database: str,
    first: int,
    tables: int,
    args: argparse.Namespace,
    counters: Any,
    out: Any,
) -> None:
    """One client process: create its tables, play them until the deadline, report."""
    from anaconda_poker.storage.database import open_database
    from anaconda_poker.storage.event_store import EventStore

    store = EventStore(open_database(database, create=False))
    shared = Shared(counters, LeakChecker(SimpleNamespace(store=store)))  # type: ignore[arg-type]
    rng = random.Random(first)
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    async with httpx.AsyncClient(base_url=urls[0], timeout=60) as http:
        for t in range(first, first + tables):
            created = (
                await post(
                    http,
                    "/api/tables",
                    {
                        "name": f"Soak {t}", "host_name": "P0", "seats": args.seats + 1,
                        "bots": [{"seat": args.seats, "level": "random"}],
                        "starting_stack": 1_000_000, "action_timer": 30, "time_bank": 30,
                        "bot_pause": args.think,
                    },
                )
            ).json()  # fmt: skip
            table_id = created["table"]["table_id"]
            players = [Player(table_id, created["token"], "P0", 0)]
            for s in range(1, args.seats):
                taken = (
                    await post(http, f"/api/tables/{table_id}/seats", {"name": f"P{s}"})
                ).json()
                players.append(Player(table_id, taken["token"], f"P{s}", taken["seat"]))
            for player in players:
                task = run_player(player, urls, shared, random.Random(rng.random()), args, stop)
                tasks.append(asyncio.create_task(task))
            if args.spectators > 0:
                watch = run_spectators(
                    table_id, urls[1], shared, random.Random(rng.random()), args.spectators, stop
                )
                tasks.append(asyncio.create_task(watch))

    async def flush_now_and_then() -> None:
        while not stop.is_set():
            await asyncio.sleep(5)
            before = shared.checker.card_frames
            await asyncio.to_thread(flush, shared)
            shared.count("checked", shared.checker.card_frames - before)

    flusher = asyncio.create_task(flush_now_and_then())
    await asyncio.sleep(args.minutes * 60)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    await flusher  # not cancel(): a flush already in its thread would race the final one
    before = shared.checker.card_frames
    flush(shared, final=True)
    shared.count("checked", shared.checker.card_frames - before)
    out.put({"errors": shared.errors, "leaks": shared.leaks[:5]})


def flush(shared: Shared, *, final: bool = False) -> None:
    """Check the frames of every hand whose history is stored now."""
    try:
        shared.checker.flush(final=final)
    except AssertionError as leak:
        shared.count("leaks")
        shared.leaks.append(str(leak)[:300])


def client_process(*job: Any) -> None:
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    asyncio.run(drive(*job))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seats", type=int, default=3, help="human seats per table (+1 bot)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds per decision")
    parser.add_argument("--reconnect", type=float, default=0.02, help="chance per second")
    parser.add_argument("--change-seat", type=float, default=0.005, help="chance per second")
    parser.add_argument("--spectators", type=float, default=0.2, help="chance per second")
    parser.add_argument("--sample", type=float, default=30.0, help="seconds between lines")
    parser.add_argument("--warmup", type=float, default=30.0, help="seconds before the baseline")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument(
        "--tracemalloc",
        type=Path,
        metavar="FILE",
        help="trace the server's allocations; every --sample seconds append the sites that "
        "grew most since the first sample to FILE (slows the server)",
    )
    parser.add_argument(
        "--full-collection-interval",
        metavar="SECONDS",
        help="the server's --full-collection-interval (default: the server's own)",
    )
    args = parser.parse_args()

    console = Console(width=150)
    with tempfile.TemporaryDirectory(prefix="anaconda-soak-") as tmp:
        folder = Path(tmp)
        (folder / "index.html").write_text("<!doctype html><title>soak</title>")
        extra: tuple[str, ...] = ()
        if args.full_collection_interval is not None:
            extra = ("--full-collection-interval", args.full_collection_interval)
        server = Server(folder, trace=args.tracemalloc, every=args.sample, extra=extra)
        context = multiprocessing.get_context("fork")
        results: Any = context.Queue()
        counters = [context.Array("q", len(COUNTERS)) for _ in range(args.clients)]
        shares = [
            args.tables // args.clients + (1 if i < args.tables % args.clients else 0)
            for i in range(args.clients)
        ]
        processes = []
        for i in range(args.clients):
            job = (
                (server.http, server.ws),
                server.database,
                sum(shares[:i]),
                shares[i],
                args,
                counters[i],
                results,
            )
            processes.append(context.Process(target=client_process, args=job))
        for process in processes:
            process.start()
        table = Table(title=f"Soak: {args.tables} tables x {args.seats} players + 1 bot")
        for column in COLUMNS:
            table.add_column(column, justify="right")
        started = time.monotonic()
        samples: list[tuple[float, float]] = []
        deadline = started + args.minutes * 60
        try:
            while time.monotonic() < deadline + args.sample / 2:
                time.sleep(min(args.sample, max(1.0, deadline - time.monotonic())))
                elapsed = time.monotonic() - started
                total = [sum(c[i] for c in counters) for i in range(len(COUNTERS))]
                stats = httpx.get(f"{server.http}/api/stats", timeout=60).json()
                rss = rss_mb(server.proc.pid)
                samples.append((elapsed, rss))
                row = dict(zip(COUNTERS, total, strict=True))
                line = [
                    f"{elapsed / 60:.1f}", f"{rss:.0f}", str(stats.get("connections", "?")),
                    str(stats.get("hands_finished", stats.get("hands", "?"))),
                    str(row["actions"]), str(row["errors"]), str(row["stale"]),
                    str(row["connect_failures"]),
                    str(row["leaks"]),
                    str(row["checked"]), str(row["reconnects"]), str(row["seat_changes"]),
                ]  # fmt: skip
                table.add_row(*line)
                console.print(" | ".join(line))
                if elapsed >= args.minutes * 60:
                    break
            for process in processes:
                process.join(180)
            reports = []
            for _ in processes:
                try:
                    reports.append(results.get(timeout=10))
                except Exception:  # a client process died: said below
                    reports.append({"errors": {"client process failed": 1}, "leaks": []})
        finally:
            server_errors = server.logged_errors()
            stalls = server.stalls()
            server.stop()
        console.print(table)
        errors: dict[str, int] = {}
        for report in reports:
            for code, n in report["errors"].items():
                errors[code] = errors.get(code, 0) + n
        total = [sum(c[i] for c in counters) for i in range(len(COUNTERS))]
        row = dict(zip(COUNTERS, total, strict=True))
        baseline = [rss for t, rss in samples if t >= args.warmup] or [samples[0][1]]
        console.print(
            f"error frames by code: {errors or 'none'}; leaks: {row['leaks']} "
            f"({[leak for r in reports for leak in r['leaks']][:3]}); frames received: "
            f"{row['frames']}, checked against finished hands: {row['checked']}"
        )
        console.print(f"server log lines at ERROR: {len(server_errors)} {server_errors[:5]}")
        console.print(f"event loop stalls over 250 ms the server logged: {stalls}")
        console.print(
            f"server RSS: {baseline[0]:.0f} MiB after the warm-up, {baseline[-1]:.0f} MiB at the "
            f"end ({baseline[-1] - baseline[0]:+.0f} MiB), peak {max(r for _, r in samples):.0f}"
        )


if __name__ == "__main__":
    main()
