"""Failed tables come back by themselves once the database accepts writes again (issue 17
item 10).

A table whose write fails (a full disk, an I/O error, a lost PostgreSQL connection) stops:
the change it was making is not committed and nobody is told of it, and its clients get
``storage_unavailable`` (``Table.commit``, ``Table.run``). :class:`TableReviver` checks the
lobby's stopped tables every ``interval`` seconds. For each, it first makes a real write that
changes nothing (:meth:`~anaconda_poker.storage.event_store.EventStore.probe_write`); once
that succeeds it rebuilds the table from its committed events (exactly what a restart would
do: ``server/recovery.py``), puts the new table in the lobby in place of the old one, starts
it and closes the old table's sockets with code 1012 (service restart) so the clients
reconnect with their tokens and get a full resync. A table whose log cannot be replayed
becomes a failed table (``409 table_failed``). Attempts back off per table, doubling from
``interval`` to ``max_interval`` seconds, so a table that keeps failing cannot spin.
"""

from __future__ import annotations

import asyncio
import logging

from anaconda_poker.server.failures import is_storage_failure
from anaconda_poker.server.lobby_port import RevivableTables
from anaconda_poker.server.periodic import Periodic
from anaconda_poker.server.recovery import TableRebuildError, failed_table, rebuild
from anaconda_poker.server.table import Table

log = logging.getLogger("anaconda_poker.server.revival")

SERVICE_RESTART = 1012
"""Websocket close code sent to the clients of a table that was rebuilt: reconnect."""


class TableReviver:
    """Rebuilds the lobby's stopped tables once writes succeed again.

    Args:
        lobby: whose ``tables`` are watched (its ``store`` must be set).
        interval: seconds between checks, and the first back-off of a table.
        max_interval: longest back-off of one table, seconds.
    """

    def __init__(
        self, lobby: RevivableTables, *, interval: float = 1.0, max_interval: float = 30.0
    ) -> None:
        self.lobby = lobby
        self.max_interval = max_interval
        self.revived = 0
        self._backoff: dict[str, tuple[float, float]] = {}  # table id -> (next try, delay)
        self._checks = Periodic(
            self.check,
            interval,
            name="table-reviver",
            log=log,
            failure="reviving failed tables went wrong",  # never let the reviver die
            level=logging.ERROR,
        )
        self._lock = asyncio.Lock()  # one pass at a time: a table is swapped once

    @property
    def interval(self) -> float:
        """Seconds between checks, and the first back-off of a table (may be changed while
        the checks run: the next wait uses the new value)."""
        return self._checks.interval

    @interval.setter
    def interval(self, seconds: float) -> None:
        self._checks.interval = seconds

    def start(self) -> None:
        """Start checking (on the running loop); idempotent."""
        if self.lobby.store is not None:
            self._checks.start()

    async def stop(self) -> None:
        """Stop checking."""
        await self._checks.stop()

    async def check(self) -> int:
        """One pass: try every stopped table whose back-off is over.

        Returns:
            How many tables were rebuilt and started.
        """
        async with self._lock:
            return await self._check()

    async def _check(self) -> int:
        now = asyncio.get_running_loop().time()
        revived = 0
        ownership = self.lobby.ownership
        for table in [t for t in self.lobby.tables.values() if t.failed]:
            if ownership is not None and not ownership.holds(table.table_id):
                continue  # another node took it over: server/ownership.py drops it here
            due, delay = self._backoff.get(table.table_id, (0.0, self.interval / 2))
            if due > now:
                continue
            if await self.revive(table):
                self._backoff.pop(table.table_id, None)
                revived += 1
            else:
                delay = min(self.max_interval, delay * 2)
                self._backoff[table.table_id] = (now + delay, delay)
        return revived

    async def revive(self, old: Table) -> bool:
        """Probe, rebuild and swap one stopped table.

        Returns:
            True when the table was replaced (rebuilt and started, or recorded as failed
            because its log cannot be replayed); False when the database still refuses writes.
        """
        store = self.lobby.store
        assert store is not None
        try:
            await asyncio.to_thread(store.probe_write, old.table_id)
            stored = await asyncio.to_thread(store.raw_tables)
            events = await asyncio.to_thread(store.raw_events, old.table_id)
        except Exception as exc:
            if not is_storage_failure(exc):
                log.exception("table %s: cannot check the database", old.table_id)
            return False
        rows = [r for r in stored if r.table_id == old.table_id]
        if self.lobby.tables.get(old.table_id) is not old:
            return True  # replaced meanwhile
        await old.stop()
        for conn in list(old.connections):
            close = getattr(conn, "close", None)
            if close is not None:
                close(SERVICE_RESTART)
        old.connections.clear()
        if not rows:  # closed or gone: nothing to bring back
            del self.lobby.tables[old.table_id]
            return True
        try:
            table = rebuild(rows[0], events, self.lobby.build_table)
        except TableRebuildError as exc:
            log.error("table %s cannot be rebuilt: %s", old.table_id, exc)
            del self.lobby.tables[old.table_id]
            failed = failed_table(rows[0], events, exc.failure)
            self.lobby.failed_tables[old.table_id] = failed
            return True
        self.lobby.register_table(table)
        table.start()
        self.revived += 1
        log.warning("table %s resumed from its last saved state", old.table_id)
        return True
