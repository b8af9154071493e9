"""What the Prometheus metrics cost (``server/metrics.py``): a scrape, a timed commit, an
observed latency.

Run: ``.venv/bin/python benchmarks/metrics_overhead.py [--tables 0,100,1000,3000]
[--commits 1000] [--rounds 5]``

Three comparisons, each timed in the same run, rounds interleaved (the order alternating
between rounds), best round kept:

- **scrape**: ``ServerMetrics.render()`` (what ``GET /metrics`` does on the event loop) for a
  lobby of N tables with a bot each (built, not started: the collector reads the same
  attributes either way);
- **commit**: ``EventStore.write`` of one single-event batch, plain vs ``MeteredEventStore``,
  on a fresh SQLite file (WAL, ``synchronous=NORMAL`` as the server runs it);
- **latency**: appending to the lobby's latency window, plain deque vs ``ObservedLatencies``
  (which also observes the histogram).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table as RichTable

from anaconda_poker.server.lobby import LATENCY_SAMPLES, Lobby
from anaconda_poker.server.metrics import ServerMetrics
from anaconda_poker.server.protocol import CreateTableRequest
from anaconda_poker.storage.database import open_database
from anaconda_poker.storage.event_store import EventStore, NewEvent, StoredTable, WriteBatch


def best(rounds: int, run: Callable[[], float]) -> float:
    return min(run() for _ in range(rounds))


async def scrape_seconds(tables: int, rounds: int) -> float:
    metrics = ServerMetrics("bench")
    lobby = Lobby(None, None, latencies=metrics.latency_window(LATENCY_SAMPLES))
    metrics.attach(lobby)
    request = CreateTableRequest(
        name="Bench", host_name="Host", bots=[{"seat": 1, "level": "random"}]
    )
    for i in range(tables):
        lobby.register_table(lobby.build_table(f"t{i:07d}", lobby.settings_from_request(request)))

    def run() -> float:
        started = time.perf_counter()
        metrics.render()
        return time.perf_counter() - started

    return best(rounds, run)


def commit_seconds(commits: int, rounds: int, folder: Path) -> tuple[float, float]:
    engine = open_database(f"sqlite:///{folder / 'bench.sqlite3'}")
    metrics = ServerMetrics("bench")
    stores = {"plain": EventStore(engine), "metered": metrics.event_store(engine)}
    seqs = {}
    for name, store in stores.items():
        table = StoredTable(name, name, time.time(), {}, False)
        store.write([WriteBatch(name, 1, [NewEvent("table_created", {}, 0.0)], table)])
        seqs[name] = 2
    results: dict[str, list[float]] = {"plain": [], "metered": []}
    for round_no in range(rounds):
        order = list(stores.items())  # alternated: the log grows, later writes are slower
        for name, store in order if round_no % 2 else order[::-1]:
            started = time.perf_counter()
            for _ in range(commits):
                event = NewEvent("action", {"seat": 0, "action": "check"}, 0.0)
                store.write([WriteBatch(name, seqs[name], [event])])
                seqs[name] += 1
            results[name].append((time.perf_counter() - started) / commits)
    engine.dispose()
    return min(results["plain"]), min(results["metered"])


def append_seconds(appends: int, rounds: int) -> tuple[float, float]:
    metrics = ServerMetrics("bench")
    plain: deque[float] = deque(maxlen=LATENCY_SAMPLES)
    observed = metrics.latency_window(LATENCY_SAMPLES)
    results: dict[str, list[float]] = {"plain": [], "observed": []}
    for round_no in range(rounds):
        order = [("plain", plain), ("observed", observed)]
        for name, target in order if round_no % 2 else order[::-1]:
            started = time.perf_counter()
            for i in range(appends):
                target.append(i * 1e-6)
            results[name].append((time.perf_counter() - started) / appends)
    return min(results["plain"]), min(results["observed"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="0,100,1000,3000")
    parser.add_argument("--commits", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    console = Console()
    scrape = RichTable(title="GET /metrics render (best of rounds)")
    scrape.add_column("tables", justify="right")
    scrape.add_column("ms per scrape", justify="right")
    scrape.add_column("µs per table", justify="right")
    for count in (int(x) for x in args.tables.split(",")):
        seconds = asyncio.run(scrape_seconds(count, args.rounds))
        per_table = f"{seconds / count * 1e6:.1f}" if count else "-"
        scrape.add_row(f"{count:,}", f"{seconds * 1000:.2f}", per_table)
    console.print(scrape)
    with tempfile.TemporaryDirectory() as folder:
        plain, metered = commit_seconds(args.commits, args.rounds, Path(folder))
    appended, observed = append_seconds(100_000, args.rounds)
    costs = RichTable(title="Per-operation cost, plain vs with metrics (best of rounds)")
    for column in ("operation", "plain µs", "with metrics µs", "added µs", "added %"):
        costs.add_column(column, justify="right" if column != "operation" else "left")
    for name, before, after in (
        (f"SQLite commit of one event ({args.commits:,} per round)", plain, metered),
        ("latency append (100,000 per round)", appended, observed),
    ):
        costs.add_row(
            name,
            f"{before * 1e6:.2f}",
            f"{after * 1e6:.2f}",
            f"{(after - before) * 1e6:+.2f}",
            f"{(after - before) / before * 100:+.1f}%",
        )
    console.print(costs)


if __name__ == "__main__":
    main()
