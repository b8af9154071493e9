"""Prometheus metrics of one server process (``GET /metrics``, prometheus-client).

What is exported (every name starts with ``anaconda_poker_``; times in seconds):

========================================  =========  =========================================
metric                                    type       meaning
========================================  =========  =========================================
``node_info{node}``                       gauge      always 1; the node's name (``--node``)
``tables_owned``                          gauge      tables this process runs (not failed)
``tables_in_hand``                        gauge      of those, tables with a hand in play
``tables_idle``                           gauge      of those, tables stopped for want of sockets
``tables_failed``                         gauge      tables that could not be rebuilt or stopped
``connections{role}``                     gauge      websockets: ``player`` (holding a seat) or
                                                     ``spectator``
``actions_total``                         counter    actions applied (players, bots, timeouts);
                                                     ``rate()`` of it is actions per second
``action_timeouts_total``                 counter    of those, actions the timer took
``hands_finished_total``                  counter    hands played to the end
``actions_rejected_total``                counter    client messages refused with an error
``action_broadcast_seconds``              histogram  a player's action, from the message's
                                                     arrival to the broadcast of its result
``event_store_commit_seconds``            histogram  one event-store transaction (a commit)
``event_store_commit_failures_total``     counter    transactions the database refused
``table_claims_total``                    counter    free table leases this node claimed
                                                     (PostgreSQL, several nodes)
``table_handovers_total{direction}``      counter    tables handed ``in`` to this node or
                                                     ``out`` to the node that asked for them
``tables_lost_total``                     counter    tables another node took over after this
                                                     node's lease ran out
``table_leases_released_total``           counter    leases given back at a graceful stop
========================================  =========  =========================================

Plus prometheus-client's ``process_*`` (CPU seconds, memory, open files) and ``python_gc_*``.

How it is fed, without hooks in ``server/table.py``: the gauges and counters are read from
the lobby's tables when scraped (:class:`LobbyCollector`; a table replaced by a revival keeps
what it counted); the lobby's window of latencies, which every table appends to, is an
:class:`ObservedLatencies` that also observes the histogram (:meth:`ServerMetrics.
latency_window`); the event store is
:class:`MeteredEventStore`, which times :meth:`EventStore.write`. Each app has its own
registry, so several apps in one process (the tests) do not mix their numbers.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy import Engine

from anaconda_poker.storage.event_store import EventStore, WriteBatch

if TYPE_CHECKING:
    from anaconda_poker.server.lobby import Lobby
    from anaconda_poker.server.table import Table

NAMESPACE = "anaconda_poker"

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Upper bounds (seconds) of the action→broadcast histogram (the load goal is p99 < 50 ms)."""

COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Upper bounds (seconds) of the event-store commit histogram."""

CONTENT_TYPE = CONTENT_TYPE_LATEST
"""The ``Content-Type`` of :meth:`ServerMetrics.render` (the Prometheus text format)."""

_COUNTED = ("actions", "timeouts", "hands_finished", "rejected")
"""The ``TableStats`` counters exported as ``*_total`` counters."""


class ObservedLatencies(deque[float]):
    """The lobby's deque of recent action latencies (for ``GET /api/stats``) that also
    observes every appended latency (seconds) in a histogram."""

    def __init__(self, histogram: Histogram, values: Iterable[float], maxlen: int | None) -> None:
        super().__init__(values, maxlen)
        self.histogram = histogram

    def append(self, value: float) -> None:
        """Keep ``value`` (seconds) and observe it."""
        super().append(value)
        self.histogram.observe(value)


class MeteredEventStore(EventStore):
    """An :class:`EventStore` whose :meth:`write` (one transaction) is timed.

    Args:
        engine: as for :class:`EventStore`.
        commit_seconds: observes the seconds of each successful transaction.
        failures: counts each transaction that raised.
    """

    def __init__(self, engine: Engine, *, commit_seconds: Histogram, failures: Counter) -> None:
        super().__init__(engine)
        self.commit_seconds = commit_seconds
        self.failures = failures

    def write(self, batches: Sequence[WriteBatch]) -> None:
        """As :meth:`EventStore.write` (same exceptions), timed with a monotonic clock."""
        started = time.perf_counter()
        try:
            super().write(batches)
        except Exception:
            self.failures.inc()
            raise
        self.commit_seconds.observe(time.perf_counter() - started)


class LobbyCollector(Collector):
    """Reads the lobby's tables when scraped: gauges of tables and connections, and the
    tables' counters summed into process-wide counters that never go down.

    Each table object's counters are remembered at every scrape; a table that left the
    lobby (replaced by a revival, or closed) still contributes what it counted up to the
    scrape that first misses it, as its object is held until then.
    """

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self._totals = dict.fromkeys(_COUNTED, 0)
        self._seen: dict[int, tuple[Table, dict[str, int]]] = {}

    def _count(self) -> dict[str, int]:
        current = {id(t): t for t in self.lobby.tables.values()}
        for key, table in current.items():
            self._seen.setdefault(key, (table, dict.fromkeys(_COUNTED, 0)))
        for key, (table, last) in list(self._seen.items()):
            for name in _COUNTED:
                value = int(getattr(table.stats, name))
                self._totals[name] += max(0, value - last[name])
                last[name] = value
            if key not in current:
                del self._seen[key]
        return dict(self._totals)

    def collect(self) -> Iterable[Metric]:
        """The metric families of one scrape (see the module's table)."""
        tables = list(self.lobby.tables.values())
        running = [t for t in tables if not t.failed]
        yield _gauge("tables_owned", "Tables this node runs (not failed).", len(running))
        yield _gauge(
            "tables_in_hand", "Tables with a hand in play.", sum(1 for t in running if t.in_hand)
        )
        yield _gauge(
            "tables_idle",
            "Tables whose bots, timers and deals stopped for want of sockets.",
            sum(1 for t in running if t.idle),
        )
        yield _gauge(
            "tables_failed",
            "Tables that could not be rebuilt from the database or stopped on an error.",
            len(tables) - len(running) + len(self.lobby.failed_tables),
        )
        connections = GaugeMetricFamily(
            f"{NAMESPACE}_connections", "Open websockets by role.", labels=["role"]
        )
        seated = sum(
            1 for t in tables for c in t.connections if getattr(c, "seat", None) is not None
        )
        total = sum(len(t.connections) for t in tables)
        connections.add_metric(["player"], seated)
        connections.add_metric(["spectator"], total - seated)
        yield connections
        totals = self._count()
        for name, key, text in (
            ("actions", "actions", "Actions applied (players, bots and timeouts)."),
            ("action_timeouts", "timeouts", "Actions taken by the action timer."),
            ("hands_finished", "hands_finished", "Hands played to the end."),
            ("actions_rejected", "rejected", "Client messages refused with an error."),
        ):
            yield CounterMetricFamily(f"{NAMESPACE}_{name}", text, value=totals[key])
        ownership = self.lobby.ownership
        if ownership is not None:
            stats = ownership.stats
            yield CounterMetricFamily(
                f"{NAMESPACE}_table_claims", "Free table leases claimed.", value=stats.claims
            )
            handovers = CounterMetricFamily(
                f"{NAMESPACE}_table_handovers",
                "Tables handed in to this node or out to the node that asked.",
                labels=["direction"],
            )
            handovers.add_metric(["in"], stats.handovers_in)
            handovers.add_metric(["out"], stats.handovers_out)
            yield handovers
            yield CounterMetricFamily(
                f"{NAMESPACE}_tables_lost",
                "Tables another node took over after this node's lease ran out.",
                value=stats.lost,
            )
            yield CounterMetricFamily(
                f"{NAMESPACE}_table_leases_released",
                "Table leases given back at a graceful stop.",
                value=stats.released,
            )


def _gauge(name: str, text: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(f"{NAMESPACE}_{name}", text, value=value)


class ServerMetrics:
    """The metrics of one app: its own registry, histograms and the lobby collector.

    Args:
        node: this node's name, exported as ``anaconda_poker_node_info{node=...}``.
    """

    def __init__(self, node: str) -> None:
        self.node = node
        self.registry = CollectorRegistry(auto_describe=True)
        ProcessCollector(registry=self.registry)
        PlatformCollector(registry=self.registry)
        GCCollector(registry=self.registry)
        info = GaugeMetricFamily(
            f"{NAMESPACE}_node_info", "This server node (always 1).", labels=["node"]
        )
        info.add_metric([node], 1)
        self.registry.register(_Fixed([info]))
        self.action_broadcast_seconds = Histogram(
            "action_broadcast_seconds",
            "A player's action from the message's arrival to the broadcast of its result.",
            namespace=NAMESPACE,
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.commit_seconds = Histogram(
            "event_store_commit_seconds",
            "One event-store transaction (commit), seconds.",
            namespace=NAMESPACE,
            buckets=COMMIT_BUCKETS,
            registry=self.registry,
        )
        self.commit_failures = Counter(
            "event_store_commit_failures",
            "Event-store transactions the database refused.",
            namespace=NAMESPACE,
            registry=self.registry,
        )
        self._collector: LobbyCollector | None = None

    def event_store(self, engine: Engine) -> MeteredEventStore:
        """The app's event store, with its commits timed."""
        return MeteredEventStore(
            engine, commit_seconds=self.commit_seconds, failures=self.commit_failures
        )

    def latency_window(self, maxlen: int) -> ObservedLatencies:
        """The lobby's window of action latencies (seconds, the last ``maxlen``), which also
        observes the histogram: every table appends to it."""
        return ObservedLatencies(self.action_broadcast_seconds, (), maxlen=maxlen)

    def attach(self, lobby: Lobby) -> None:
        """Export ``lobby``'s tables and connections (once, when the app starts)."""
        if self._collector is not None:
            self.registry.unregister(self._collector)
        self._collector = LobbyCollector(lobby)
        self.registry.register(self._collector)

    def render(self) -> bytes:
        """Every metric in the Prometheus text format (:data:`CONTENT_TYPE`)."""
        return generate_latest(self.registry)


class _Fixed(Collector):
    """A collector of metric families that never change."""

    def __init__(self, families: list[Metric]) -> None:
        self.families = families

    def collect(self) -> Iterable[Metric]:
        return list(self.families)


def metrics_of(state: Any) -> ServerMetrics | None:
    """The app's :class:`ServerMetrics` from ``app.state`` (``None`` with ``--no-metrics``)."""
    metrics: ServerMetrics | None = getattr(state, "metrics", None)
    return metrics
