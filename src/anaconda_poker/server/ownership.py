"""Which node runs which table, when several server nodes share one PostgreSQL database.

Every node is the same ``anaconda-poker serve --database postgresql://… --node NAME``. A
node runs only the tables whose lease it holds (``storage/leases.py``: lease rows with a
fencing token, checked by every append). :class:`TableOwnership` keeps the lobby's tables
and the node's leases in step:

- **At start** the node claims the free leases (tables nobody runs, the tables its own
  previous run held under the same ``--node`` name) and rebuilds those tables from their
  events, as crash recovery does (``server/recovery.py``).
- **Every** ``ttl / 3`` **seconds** it renews its leases (in a task of its own, so loading
  tables never delays a renewal) and drops a table whose lease another node took (its
  sockets are closed with code 1012: the clients reconnect through the proxy).
- **Every** ``check_interval`` **seconds** it loads a table handed to it, hands over a table
  another node asked for, and claims free leases (a dead node's tables, once their lease
  expired) a few at a time, so the survivors share them.
- **On a request** for a table it does not run (:meth:`TableOwnership.ensure`, called by
  :class:`OwnershipMiddleware` for ``/api/tables/{id}…`` and ``/ws?table={id}``), it claims
  the table if its lease is free; otherwise it asks the owner for it (the proxy routes the
  table here, so it should run here) and waits up to ``HANDOVER_WAIT`` seconds for the owner
  to hand it over at its next check, then serves the request. Only when that does not happen
  (the owner died and its lease has not expired yet) it answers ``503 table_moving`` with
  ``Retry-After: 1`` (a websocket gets an ``error`` frame ``table_moving`` and is closed with
  code 1012); the client retries.
- **On SIGTERM** (:meth:`TableOwnership.release`, after the tables stopped and the writer
  flushed) the node releases every lease at once: another node claims them at its next
  check or at the next request, without waiting for an expiry.

A single server on SQLite has no ownership object at all: the lobby runs every table.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Receive, Scope, Send

from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.lobby_port import LoadedTables
from anaconda_poker.server.periodic import Periodic
from anaconda_poker.storage.leases import Lease, Leases

log = logging.getLogger("anaconda_poker.server.ownership")

_P = ParamSpec("_P")
_T = TypeVar("_T")

TABLE_MOVED = 1012
"""Websocket close code of a table that left this node (or is not here yet): reconnect
(the proxy sends the client to the node that runs it)."""

MOVING_RETRY_AFTER = 1
"""Seconds a client is told to wait before retrying a table that is changing nodes."""

HANDOVER_WAIT = 2.0
"""Seconds a request waits for the owner to hand a table over before ``table_moving``."""

HANDOVER_POLL = 0.05
"""Seconds between two looks at the lobby while waiting for a hand-over."""

CLAIMS_PER_CHECK = 8
"""Most free leases one node claims per check: survivors of a dead node share its tables."""


def table_moving(table_id: str, owner_node: str | None) -> ClientError:
    """``503 table_moving`` with ``Retry-After: 1``: another node runs the table right now and
    is asked to hand it over to this one (the one the proxy routes it to)."""
    where = f"server node {owner_node!r}" if owner_node else "another server node"
    return ClientError(
        "table_moving",
        f"table {table_id} is running on {where} and is being handed over to this one; "
        f"try again in {MOVING_RETRY_AFTER} s",
        status=503,
        retry_after=MOVING_RETRY_AFTER,
    )


@dataclass(slots=True)
class OwnershipStats:
    """Counters of one node (exported by ``server/metrics.py``).

    Attributes:
        claims: free leases this node claimed (at start, after a node died or released, on
            a request).
        handovers_in: tables another node handed to this one.
        handovers_out: tables this node handed to a node that asked.
        lost: tables dropped because another node took the lease (this node had stopped
            renewing in time).
        released: leases given back when this node stopped.
    """

    claims: int = 0
    handovers_in: int = 0
    handovers_out: int = 0
    lost: int = 0
    released: int = 0


class TableOwnership:
    """Keeps a lobby's tables and a node's leases in step (see the module).

    Args:
        lobby: the node's lobby (its ``store`` must be set).
        leases: the node's leases (also set as the store's ``fencing``).
        check_interval: seconds between two checks (renewals happen every ``ttl / 3``).
    """

    def __init__(self, lobby: LoadedTables, leases: Leases, *, check_interval: float = 0.5) -> None:
        self.lobby = lobby
        self.leases = leases
        self.check_interval = check_interval
        self.renew_interval = leases.ttl / 3
        self.stats = OwnershipStats()
        self._locks: dict[str, asyncio.Lock] = {}
        # renewals apart: loading many tables never delays them
        self._loops = [
            Periodic(
                self.renew,
                self.renew_interval,
                name="renewals",
                log=log,
                failure="the table ownership renew failed",  # a lost database: try again
            ),
            Periodic(
                self.check,
                check_interval,
                name="ownership",
                log=log,
                failure="the table ownership check failed",
            ),
        ]
        # lease queries never wait behind the default pool's work (table rebuilds, hand
        # histories), and renewals never wait behind claims: a late renewal loses tables
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="leases")
        self._renewer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lease-renewal")

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Claim what is free (and this node name's own leases of a previous run), load
        those tables, then start the periodic check."""
        await self._claim_free(reclaim_own=True, limit=None)
        for periodic in self._loops:
            periodic.start()

    async def stop_checks(self) -> None:
        """Stop the renewals and the periodic check (the node is stopping)."""
        await asyncio.gather(*(periodic.stop() for periodic in self._loops))

    async def release(self) -> int:
        """Release every lease of this node (after its tables stopped and its writer
        flushed): other nodes may claim them at once.

        Returns:
            How many leases were released.
        """
        try:
            released = await self._db(self.leases.release)
        except Exception:  # the database is gone: the leases expire by themselves
            log.warning("could not release the leases; they expire in %.0f s", self.leases.ttl)
            return 0
        finally:
            self._pool.shutdown(wait=False)
            self._renewer.shutdown(wait=False)
        self.stats.released += released
        log.info("released %d table lease(s)", released)
        return released

    async def _db(self, call: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """Run a lease query on the node's lease threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(call, *args, **kwargs))

    def holds(self, table_id: str) -> bool:
        """This node holds the table's lease (as far as it knows)."""
        return self.leases.epoch_of(table_id) is not None

    # ------------------------------------------------------------------ requests
    async def ensure(self, table_id: str) -> None:
        """Make sure this node runs ``table_id`` if it can: nothing to do when it already
        does (or the table does not exist: the lobby answers ``table_not_found``); claim it
        when its lease is free; load it when it was handed here.

        Raises:
            ClientError: ``table_moving`` (503, ``Retry-After: 1``) when another node runs
                it; that node is asked to hand it over.
        """
        if self._loaded(table_id):
            return
        async with self._table_lock(table_id):
            if self._loaded(table_id):
                return
            if await self._claim(table_id):
                return
            lease = await self._db(self.leases.lease, table_id)
            if lease is None:
                return  # no such table (the lobby says so)
            if lease.owner == self.leases.instance:  # handed here a moment ago
                await self._adopt_locked(lease)
                return
            if lease.free and await self._claim(table_id):  # freed a moment ago
                return
            lease = await self._db(self.leases.want, table_id) or lease
        # a live owner hands it over at its next check (every check_interval) and this
        # node's own check loads it (or claims it, once released): wait for that a little,
        # in memory, so that a request normally just takes a moment longer
        loop = asyncio.get_running_loop()
        deadline = loop.time() + HANDOVER_WAIT
        while loop.time() < deadline:
            await asyncio.sleep(HANDOVER_POLL)
            if self._loaded(table_id):
                return
        raise table_moving(table_id, lease.owner_node)

    async def claim_if_free(self, table_id: str) -> bool:
        """Run ``table_id`` here only if no live node does: claim its lease when free (or
        load it when it was just handed here), never asking a live owner for it (a websocket
        ``hello`` that did not say which table it is for: ``server/cluster_lobby.py``).

        Returns:
            True when this node runs the table now.
        """
        if self._loaded(table_id):
            return True
        async with self._table_lock(table_id):
            if self._loaded(table_id):
                return True
            if not await self._claim(table_id):
                lease = await self._db(self.leases.lease, table_id)
                if lease is None or lease.owner != self.leases.instance:
                    return False
                await self._adopt_locked(lease)
        return self._loaded(table_id)

    async def lease(self, table_id: str) -> Lease | None:
        """The table's lease row as it is now (``None``: the table has none)."""
        return await self._db(self.leases.lease, table_id)

    @contextlib.asynccontextmanager
    async def _table_lock(self, table_id: str) -> AsyncIterator[None]:
        """One claim, adoption or hand-over of a table at a time on this node."""
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                yield
        finally:
            if not lock.locked() and self._locks.get(table_id) is lock:
                self._locks.pop(table_id, None)

    async def _claim(self, table_id: str, *, reclaim_own: bool = False) -> bool:
        """Claim a free lease and load its table (the caller holds the table's lock)."""
        epoch = await self._db(self.leases.claim, table_id, reclaim_own=reclaim_own)
        if epoch is None:
            return False
        self.stats.claims += 1
        log.info("claimed table %s (epoch %d)", table_id, epoch)
        await self._load(table_id)
        return True

    async def _adopt_locked(self, lease: Lease) -> None:
        """Load a table another node handed to this one (the caller holds its lock)."""
        self.leases.hold(lease.table_id, lease.epoch)
        self.stats.handovers_in += 1
        log.info("table %s was handed to this node (epoch %d)", lease.table_id, lease.epoch)
        await self._load(lease.table_id)

    def _loaded(self, table_id: str) -> bool:
        return table_id in self.lobby.tables or table_id in self.lobby.failed_tables

    async def _load(self, table_id: str) -> None:
        if not await self.lobby.load(table_id):
            self.leases.forget(table_id)  # closed meanwhile: nothing to run
            await self._db(self.leases.release, [table_id])

    # ------------------------------------------------------------------ the check
    async def renew(self) -> None:
        """Extend this node's leases; drop the tables whose lease another node took."""
        rows = await asyncio.get_running_loop().run_in_executor(self._renewer, self.leases.renew)
        kept = {lease.table_id for lease in rows}
        for table_id in [t for t in self.lobby.tables if t not in kept]:
            # missing from the renewal: lost, or created (claimed) while it ran
            lease = await self._db(self.leases.lease, table_id)
            epoch = self.leases.epoch_of(table_id)
            if lease is None or (lease.owner == self.leases.instance and lease.epoch == epoch):
                continue
            self.leases.forget(table_id)
            self.stats.lost += 1
            log.warning("lost the lease of table %s; dropped here", table_id)
            await self.lobby.unload(table_id, TABLE_MOVED)

    async def check(self) -> None:
        """One check: load tables handed here, hand over tables asked for, claim a few free
        leases."""
        await self._drop_fenced()
        rows = await self._db(self.leases.changes, list(self.leases.held()))
        await self._follow(rows)
        await self._claim_free(reclaim_own=False, limit=CLAIMS_PER_CHECK)

    async def _drop_fenced(self) -> None:
        """Unload tables whose append the fence refused (they stopped on ``table_moving``)."""
        for table_id, table in list(self.lobby.tables.items()):
            if table.failed and table.failure == "table_moving":
                self.leases.forget(table_id)
                self.stats.lost += 1
                log.warning("table %s was taken over by another node; dropped here", table_id)
                await self.lobby.unload(table_id, TABLE_MOVED)

    async def _follow(self, rows: list[Lease]) -> None:
        """Load the tables handed here, hand over those another node asked for.

        Args:
            rows: leases of this process asked for by another node or not yet loaded here.
        """
        for lease in rows:
            async with self._table_lock(lease.table_id):
                if not self._loaded(lease.table_id):
                    if self.leases.epoch_of(lease.table_id) is None:
                        await self._adopt_locked(lease)
                elif lease.wanted_by is not None and lease.wanted_by != self.leases.instance:
                    await self._hand_over(lease)

    async def _hand_over(self, lease: Lease) -> None:
        """Stop the table, give its lease to the node that asked, close its sockets (their
        clients reconnect through the proxy to that node)."""
        table = self.lobby.tables.get(lease.table_id)
        if table is not None:
            await table.stop()
        assert lease.wanted_by is not None
        handed = await self._db(
            self.leases.hand_over, lease.table_id, lease.wanted_by, lease.wanted_by_node
        )
        if handed:
            self.stats.handovers_out += 1
            log.info("handed table %s over to node %s", lease.table_id, lease.wanted_by_node)
        await self.lobby.unload(lease.table_id, TABLE_MOVED)

    async def _claim_free(self, *, reclaim_own: bool, limit: int | None) -> None:
        """Claim free leases (at most ``limit``) and load their tables."""
        free = await self._db(
            self.leases.orphans, 100_000 if limit is None else limit, reclaim_own=reclaim_own
        )
        for table_id in free:
            async with self._table_lock(table_id):
                if not self._loaded(table_id):
                    await self._claim(table_id, reclaim_own=reclaim_own)  # or another was quicker


# ====================================================================== the middleware
def table_of(scope: Scope) -> str | None:
    """The table a request is about: ``/api/tables/{id}…`` or ``/ws?table={id}``."""
    path: str = scope.get("path", "")
    if path.startswith("/api/tables/"):
        table_id = path[len("/api/tables/") :].split("/", 1)[0]
        return table_id or None
    if path == "/ws":
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        values = query.get("table")
        return values[0] if values else None
    return None


class OwnershipMiddleware:
    """Before a request about one table reaches its route, have this node run the table
    (:meth:`TableOwnership.ensure`), or answer ``503 table_moving`` (a websocket: accepted,
    sent the ``error`` frame, closed with code 1012). Does nothing on a single server.

    Args:
        app: the wrapped ASGI app.
        ownership: returns the app's :class:`TableOwnership` (``None``: single server).
    """

    def __init__(self, app: ASGIApp, ownership: Callable[[], TableOwnership | None]) -> None:
        self.app = app
        self.ownership = ownership

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        ownership = self.ownership() if scope["type"] in ("http", "websocket") else None
        table_id = table_of(scope) if ownership is not None else None
        if ownership is None or table_id is None or len(table_id) > 32:
            await self.app(scope, receive, send)
            return
        try:
            await ownership.ensure(table_id)
        except ClientError as error:
            await _refuse(scope, receive, send, error)
            return
        await self.app(scope, receive, send)


async def _refuse(scope: Scope, receive: Receive, send: Send, error: ClientError) -> None:
    import json

    body = json.dumps({"error": error.payload()}) if scope["type"] == "http" else ""
    if scope["type"] == "websocket":
        message = await receive()  # websocket.connect
        if message["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        frame: dict[str, Any] = {"type": "error", **error.payload(), "ref": "hello"}
        await send({"type": "websocket.send", "text": json.dumps(frame)})
        await send({"type": "websocket.close", "code": TABLE_MOVED, "reason": "table moving"})
        return
    data = body.encode()
    await send(
        {
            "type": "http.response.start",
            "status": error.status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                (b"retry-after", str(error.retry_after or MOVING_RETRY_AFTER).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})
