"""Server settings: every dependency of the app, injected (and overridden in tests)."""

from __future__ import annotations

import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import anaconda_poker
from anaconda_poker.server.bot_seats import SeatPolicy, make_policy
from anaconda_poker.server.collector import FULL_COLLECTION_INTERVAL
from anaconda_poker.server.http_security import LOOPBACK_HOSTS, AllowedHosts, IPNetwork
from anaconda_poker.server.presence import PresenceOptions
from anaconda_poker.server.seeds import DEFAULT_SEED_WINDOW
from anaconda_poker.storage.leases import DEFAULT_LEASE_SECONDS

STATIC_DIR = Path(anaconda_poker.__file__).resolve().parent / "web" / "static"
"""The web client's files (owned by the web front end), served at ``/``."""

DEFAULT_DATABASE_PATH = Path("data") / "anaconda-poker.sqlite3"
"""Default embedded database file, relative to the working directory."""


@dataclass(frozen=True, kw_only=True, slots=True)
class ServerSettings:
    """Configuration of one server process.

    Attributes:
        database_url: SQLAlchemy URL; ``sqlite:///path`` (default: ``./data/...sqlite3``) or
            ``postgresql://user@host/db`` (driven by psycopg 3).
        allowed_origins: extra browser ``Origin`` values accepted besides the server's own.
        static_dir: folder of the web client served at ``/``.
        create_default_lobby: create one table with bots when the database has none.
        between_hands: pause between automatically dealt hands, seconds.
        seed_window: seconds connected human seats have to send their seed before each deal
            (fairness version 3, ``server/seeds.py``; 0 asks nobody).
        policy_factory: makes a bot seat's policy from its level (tests inject seeded ones).
        rate_limit: messages per second and burst size allowed per seat (all its sockets
            together) and per spectator socket.
        writer_mode: how events are committed: ``immediate`` (default), ``grouped`` or
            ``threaded`` (:class:`~anaconda_poker.storage.event_store.EventWriter`).
        create_rate_limit: tables created plus seats taken (``POST /api/tables``,
            ``POST /api/tables/{id}/seats``) allowed per client address: per second and
            burst size; ``None`` turns the limit off (load benchmarks).
        max_sockets_per_seat: websockets one seat may hold at once (``None``: no limit).
        max_sockets_per_address: websockets one client address may hold at once (``None``:
            no limit).
        idle_grace: seconds a table without any websocket keeps playing before its bots,
            timers and deals stop until someone connects (``None``: never).
        table_update_delay: seconds over which TableInfo changes from sockets joining and
            leaving are coalesced into one update (0: one update per join, at once).
        allowed_hosts: the host names answered (``Host`` header); any other gets
            ``400 bad_host`` (``server/http_security.py``, against DNS rebinding). Default:
            the loopback names only; ``anaconda-poker serve`` adds the bound address,
            ``--public-url`` and ``--allowed-host``.
        forwarded_allow_ips: proxies whose ``X-Forwarded-For`` names the client address the
            limits count (:func:`~anaconda_poker.server.http_security.client_address`);
            ``()`` trusts nobody (the TCP peer counts), ``None`` trusts every peer.
        metrics: serve Prometheus metrics at ``GET /metrics`` (``server/metrics.py``), to
            direct connections only (a request through a proxy gets ``404 not_found``).
        node: this server node's name, in the metrics and every log line (default: the
            machine's host name); with PostgreSQL also the name its table leases are held
            under (``server/ownership.py``): unique per node.
        lease_seconds: with PostgreSQL, how long a table's lease lasts without renewal: a
            node that dies keeps its tables waiting this long before a survivor claims them.
        full_collection_interval: seconds between two full runs of Python's garbage
            collector, which frees closed connections (``server/collector.py``); ``None``:
            only Python's own schedule.
    """

    database_url: str = f"sqlite:///{DEFAULT_DATABASE_PATH}"
    allowed_origins: tuple[str, ...] = ()
    static_dir: Path = field(default=STATIC_DIR)
    create_default_lobby: bool = True
    between_hands: float = 8.0
    seed_window: float = DEFAULT_SEED_WINDOW
    policy_factory: Callable[[str], SeatPolicy] = field(default=make_policy)
    rate_limit: tuple[float, float] = (20.0, 40.0)
    writer_mode: str = "immediate"
    create_rate_limit: tuple[float, float] | None = (0.5, 30.0)
    max_sockets_per_seat: int | None = 8
    max_sockets_per_address: int | None = 64
    idle_grace: float | None = 30.0
    table_update_delay: float = 0.5
    allowed_hosts: AllowedHosts = field(default=AllowedHosts.of(LOOPBACK_HOSTS))
    forwarded_allow_ips: tuple[IPNetwork, ...] | None = ()
    metrics: bool = True
    node: str = field(default_factory=socket.gethostname)
    lease_seconds: float = DEFAULT_LEASE_SECONDS
    full_collection_interval: float | None = FULL_COLLECTION_INTERVAL

    def presence(self) -> PresenceOptions:
        """The tables' socket options (``server/presence.py``).

        Raises:
            ValueError: a limit below 1 or a negative time.
        """
        return PresenceOptions(
            max_sockets_per_seat=self.max_sockets_per_seat,
            idle_grace=self.idle_grace,
            table_update_delay=self.table_update_delay,
            rate_limit=self.rate_limit,
        )
