"""Game server under load: K concurrent tables of websocket bots on loopback.

Run: ``.venv/bin/python benchmarks/server_load.py [--tables 50,100,250,500] [--seats 3]
[--think 1.0] [--seconds 20] [--clients 2] [--writes grouped,immediate]
[--database sqlite|postgresql://...] [--nodes 1,2,3 [--lease-time 10]]``

With ``--nodes`` (several server nodes, docs/deploy.md §3) every run uses a fresh PostgreSQL
database (``--database postgresql://...`` names the server, whose ``postgres`` database is
used to create it; ``--database postgres`` starts a throwaway server as the tests do), starts
N nodes and Debian's nginx with the shipped ``deploy/nginx/anaconda-poker-nodes.conf`` in
front of them, and the bots go through nginx (https, wss). Per run it also prints the CPU
seconds per 1,000 actions summed over the nodes and each node's CPU use, and, with two nodes
or more, the **failover time**: the busiest node is killed with SIGKILL after the
measurement and the time until every one of its tables is owned (claimed and rebuilt) by a
survivor is measured through the lease table.

For every K (and every database write mode of ``--writes``, compared in the same run) the
real server (``anaconda-poker serve`` in a child process, fresh SQLite file, uvloop, one
Python process) gets K tables of ``--seats`` seats, each seat taken through the REST API and
driven over its own websocket by a client bot; the bots run in ``--clients`` processes, one
event loop each. A bot acts on each ``state`` frame that gives it the turn, after a
human-like think time (uniform between 0.5x and 1.5x ``--think`` seconds), with a random
legal action. Every accepted action is committed to the database before it is broadcast.

Printed per run: actions per second accepted by the server; hands finished per second
(``GET /api/stats`` of every node, during the measured seconds); messages per second (the
websocket frames the bots received); the latency from sending an action to receiving the
``state`` frame that shows its result (p50, p95, p99, max, in ms, measured by the bots, so it
includes their own event loop's delays); the same latency measured inside the server from the
message's arrival to the broadcast of its result (``GET /api/stats``, recent actions); the CPU
use of the server and of the bots; and the event loop stalls over 250 ms the server logged.
The target on a 2-core machine: 500 tables with p99 below 50 ms. Bots and server share the
machine.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from load_bots import client_process
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

CLK_TCK = os.sysconf("SC_CLK_TCK")


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


class Server:
    """``anaconda-poker serve`` on a free port in a child process."""

    def __init__(
        self,
        database: str,
        folder: Path,
        writes: str,
        *,
        node: str | None = None,
        port: int = 0,
        lease_time: float = 10.0,
    ) -> None:
        extra = [] if node is None else ["--node", node, "--lease-time", str(lease_time)]
        command = [
            sys.executable, "-c", "from anaconda_poker.cli.main import main; main()", "serve",
            "--host", "127.0.0.1", "--port", str(port), "--database", database, *extra,
            "--forwarded-allow-ips", "127.0.0.1",
            "--no-default-lobby", "--between-hands", "1", "--static-dir", str(folder),
            "--db-writes", writes, "--create-rate", "off", "--max-sockets-per-address", "off",
            "--seed-window", "0",  # the load clients do not send seeds (fairness version 3)
        ]  # fmt: skip
        # the server's output goes to a file: a pipe nobody reads would block the server
        # as soon as it filled up
        self.log = folder / f"server-{node or 'single'}.log"
        with self.log.open("w") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=folder)
        line = ""
        for _ in range(1200):
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


def hands_finished(nodes: list[Server]) -> int:
    """Hands finished so far at the tables the nodes run (``GET /api/stats``, summed)."""
    return sum(
        int(httpx.get(f"{n.http}/api/stats", timeout=30).json()["hands_finished"]) for n in nodes
    )


def run_load(
    server: Server,
    tables: int,
    seats: int,
    think: float,
    seconds: float,
    warmup: float,
    processes: int,
    *,
    nodes: list[Server] | None = None,
    proxy: tuple[str, str] | None = None,
) -> dict[str, Any]:
    """Drive ``tables`` tables from ``processes`` client processes; one result row.

    Args:
        nodes: every node (CPU summed over them); default ``[server]``.
        proxy: ``(https base URL, CA file)`` of the proxy the bots go through.
    """
    nodes = nodes or [server]
    http_url, ws_url, ca_file = server.http, server.ws, None
    if proxy is not None:
        http_url, ca_file = proxy
        ws_url = http_url.replace("https://", "wss://") + "/ws"
    import multiprocessing

    context = multiprocessing.get_context("fork")
    manager = context.Manager()
    ready = manager.Barrier(processes + 1)  # a proxy: it can travel in the pool's arguments
    shares = [tables // processes + (1 if i < tables % processes else 0) for i in range(processes)]
    firsts = [sum(shares[:i]) for i in range(processes)]
    jobs = [
        (http_url, ws_url, firsts[i], shares[i], seats, think, seconds, warmup, ready, ca_file)
        for i in range(processes)
    ]
    with context.Pool(processes) as pool:
        pending = pool.map_async(client_process, jobs)
        try:
            ready.wait()
        except threading.BrokenBarrierError:  # a client process failed to set up
            pending.get(timeout=120)  # raises its error
            raise
        time.sleep(warmup)
        hands0 = hands_finished(nodes)
        cpu0 = [process_cpu_seconds(n.proc.pid) for n in nodes]
        time.sleep(seconds)
        cpu1 = [process_cpu_seconds(n.proc.pid) for n in nodes]
        load = os.getloadavg()[0]  # the machine's, other jobs included
        hands1 = hands_finished(nodes)
        results = pending.get(timeout=600)
    manager.shutdown()
    all_stats = [httpx.get(f"{n.http}/api/stats", timeout=30).json() for n in nodes]
    server_stats = max(all_stats, key=lambda st: st["action_latency_ms"]["p99"] or 0.0)
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
        "p95": pct(0.95),
        "p99": pct(0.99),
        "max": 1000 * lat[-1] if lat else float("nan"),
        "server_cpu": 100 * (sum(cpu1) - sum(cpu0)) / seconds,
        "node_cpu": [100 * (b - a) / seconds for a, b in zip(cpu0, cpu1, strict=True)],
        "cpu_ms_per_action": 1000
        * (sum(cpu1) - sum(cpu0))
        / max(1.0, sum(r["actions"] for r in results) * seconds / elapsed),
        "client_cpu": 100 * sum(r["client_cpu"] for r in results) / elapsed,
        "hands_per_s": (hands1 - hands0) / seconds,
        "load": load,
        "messages_per_s": sum(r["frames"] for r in results) / elapsed,
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
    parser.add_argument(
        "--nodes",
        default=None,
        help="comma-separated node counts (e.g. 1,2,3): several nodes on PostgreSQL behind "
        "nginx; needs --database postgresql://... or postgres (a throwaway server)",
    )
    parser.add_argument(
        "--lease-time", type=float, default=10.0, help="the nodes' --lease-time, seconds"
    )
    args = parser.parse_args()
    if args.nodes:
        run_nodes(args)
        return
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
        "tables", "writes", "connections", "actions/s", "hands/s", "messages/s", "p50 ms",
        "p95 ms", "p99 ms", "max ms", "in-server p50 ms", "in-server p99 ms", "server CPU %",
        "client CPU %", "errors", "loop stalls > 250 ms",
    ):  # fmt: skip
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(
            str(row["tables"]),
            row["writes"],
            str(row["connections"]),
            f"{row['actions_per_s']:.0f}",
            f"{row['hands_per_s']:.1f}",
            f"{row['messages_per_s']:.0f}",
            f"{row['p50']:.1f}",
            f"{row['p95']:.1f}",
            f"{row['p99']:.1f}",
            f"{row['max']:.1f}",
            f"{row['server_p50']:.1f}",
            f"{row['server_p99']:.1f}",
            f"{row['server_cpu']:.0f}",
            f"{row['client_cpu']:.0f}",
            ", ".join(f"{k}: {v}" for k, v in row["errors"].items()) or "0",
            row["stalls"],
        )
    console.print(table)
    console.print("Target (issue 6): 500 tables with p99 < 50 ms on a 2-core machine.")


def fresh_database(server_url: str) -> str:
    """A new empty database on the PostgreSQL server of ``server_url``; its URL."""
    import psycopg

    name = f"load_{os.urandom(5).hex()}"
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return server_url.rsplit("/", 1)[0] + f"/{name}"


def lease_owners(url: str) -> dict[str, str | None]:
    """table id -> node owning a live lease (``None``: free or expired)."""
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg", "postgresql")) as conn:
        rows = conn.execute(
            "SELECT table_id, owner_node, expires_at > extract(epoch from clock_timestamp()) "
            "FROM table_leases"
        ).fetchall()
    return {r[0]: (r[1] if r[2] else None) for r in rows}


def failover_seconds(url: str, nodes: list[Server], names: list[str]) -> tuple[str, int, float]:
    """SIGKILL the node owning the most tables; seconds until a survivor owns each of them.

    Returns:
        ``(killed node, its tables, seconds)``.
    """
    import signal

    owners = lease_owners(url)
    counts = {n: sum(1 for o in owners.values() if o == n) for n in names}
    victim = max(counts, key=lambda n: counts[n])
    orphaned = [t for t, o in owners.items() if o == victim]
    nodes[names.index(victim)].proc.send_signal(signal.SIGKILL)
    started = time.perf_counter()
    survivors = set(names) - {victim}
    while True:
        now = lease_owners(url)
        if all(now.get(t) in survivors for t in orphaned):
            return victim, len(orphaned), time.perf_counter() - started
        if time.perf_counter() - started > 120:
            return victim, len(orphaned), float("nan")
        time.sleep(0.05)


def run_nodes(args: argparse.Namespace) -> None:
    """``--nodes``: the same load through nginx to N nodes on one PostgreSQL."""
    import contextlib

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "storage"))
    from nginx_proxy import free_port, running_nginx_nodes

    console = Console(width=220)
    with contextlib.ExitStack() as stack:
        if args.database == "postgres":
            from postgres_server import running_postgres

            server_url = stack.enter_context(running_postgres())
        elif args.database.startswith(("postgresql://", "postgres://")):
            server_url = args.database
        else:
            raise SystemExit("--nodes needs --database postgresql://... or --database postgres")
        rows = []
        for count in [int(n) for n in args.nodes.split(",")]:
            for k in [int(t) for t in args.tables.split(",")]:
                mode = args.writes.split(",")[0]
                with tempfile.TemporaryDirectory() as folder:
                    url = fresh_database(server_url)
                    names = [f"n{i + 1}" for i in range(count)]
                    ports = [free_port() for _ in names]
                    nodes: list[Server] = []
                    try:
                        for name, port in zip(names, ports, strict=True):
                            nodes.append(
                                Server(
                                    url,
                                    Path(folder),
                                    mode,
                                    node=name,
                                    port=port,
                                    lease_time=args.lease_time,
                                )
                            )
                        with running_nginx_nodes(
                            ports, Path(folder), worker_connections=2 * k * args.seats + 1024
                        ) as proxy:
                            row = run_load(
                                nodes[0],
                                k,
                                args.seats,
                                args.think,
                                args.seconds,
                                args.warmup,
                                args.clients,
                                nodes=nodes,
                                proxy=(proxy[0], str(proxy[1])),
                            )
                            row["failover"] = (
                                failover_seconds(url, nodes, names) if count > 1 else None
                            )
                    finally:
                        for node in nodes:
                            node.stop()
                row["nodes"] = count
                rows.append(row)
                console.print(_node_line(row))
    table = Table(
        title=f"Server load through nginx on {{1..N}} nodes (PostgreSQL, lease "
        f"{args.lease_time:g} s): {args.seats} websocket bots per table in {args.clients} "
        f"client processes, think {args.think:g} s (0.5-1.5x), {args.seconds:g} s measured"
    )
    for column in (
        "nodes", "tables", "actions/s", "hands/s", "messages/s", "p50 ms", "p95 ms", "p99 ms",
        "max ms", "in-server p99 ms", "CPU ms / action", "CPU % per node", "load avg",
        "errors", "failover (SIGKILL busiest node)",
    ):  # fmt: skip
        table.add_column(column, justify="right")
    for row in rows:
        failover = row["failover"]
        table.add_row(
            str(row["nodes"]),
            str(row["tables"]),
            f"{row['actions_per_s']:.0f}",
            f"{row['hands_per_s']:.1f}",
            f"{row['messages_per_s']:.0f}",
            f"{row['p50']:.1f}",
            f"{row['p95']:.1f}",
            f"{row['p99']:.1f}",
            f"{row['max']:.1f}",
            f"{row['server_p99']:.1f}",
            f"{row['cpu_ms_per_action']:.2f}",
            " / ".join(f"{c:.0f}" for c in row["node_cpu"]),
            f"{row['load']:.1f}",
            ", ".join(f"{k}: {v}" for k, v in row["errors"].items()) or "0",
            "-"
            if failover is None
            else f"{failover[1]} tables of {failover[0]}: {failover[2]:.1f} s",
        )
    console.print(table)
    console.print(
        "p99 goal: < 50 ms. CPU ms / action: CPU of all nodes per accepted action. load avg: "
        f"the machine's 1-minute load average at the end of the measurement ({os.cpu_count()} "
        "CPUs; other jobs included)."
    )


def _node_line(row: dict[str, Any]) -> str:
    return (
        f"{row['nodes']} node(s), {row['tables']} tables: {row['actions_per_s']:.0f} actions/s, "
        f"{row['hands_per_s']:.1f} hands/s, {row['messages_per_s']:.0f} messages/s, "
        f"p50/p95/p99 {row['p50']:.1f}/{row['p95']:.1f}/{row['p99']:.1f} ms, "
        f"{row['cpu_ms_per_action']:.2f} CPU ms/action, load {row['load']:.1f}, "
        f"failover {row['failover']}"
    )


if __name__ == "__main__":
    main()
