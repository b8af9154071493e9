"""The event store: append table events (group-committed) and read them back.

:class:`EventStore` is the synchronous repository over an SQLAlchemy engine.
:class:`EventWriter` commits whatever the tables queued in one transaction ("group commit"),
so hundreds of tables each waiting for their own commit cost one transaction per round.
``await writer.commit(batch)`` returns only once the batch is durable: the server broadcasts
an action only after that.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import Connection, Engine, insert, select, update

from anaconda_poker.storage.schema import hand_histories, poker_tables, table_events

log = logging.getLogger("anaconda_poker.storage")

SLOW_WRITE_SECONDS = 0.1
"""Transactions slower than this are logged (a slow disk or database stalls every table)."""


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


@dataclass(frozen=True, slots=True)
class NewEvent:
    """One event to append.

    Attributes:
        kind: the event's name (``seat_taken``, ``hand_started``, ``action`` ...).
        payload: JSON-ready data of the event.
        at: wall-clock time of the event, Unix seconds.
    """

    kind: str
    payload: dict[str, Any]
    at: float


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event read back: its per-table sequence number ``seq`` (from 1) and contents."""

    seq: int
    kind: str
    payload: dict[str, Any]
    at: float


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A game table's row: id, name, creation time (Unix seconds), settings JSON, closed."""

    table_id: str
    name: str
    created_at: float
    settings: dict[str, Any]
    closed: bool


class CorruptRecordError(ValueError):
    """A stored row cannot be read back (its JSON is damaged); the message names the row."""


@dataclass(frozen=True, slots=True)
class RawTable:
    """A table row as stored, its settings still JSON text (start-up parses each table on
    its own, so one damaged row cannot stop the others)."""

    table_id: str
    name: str
    created_at: float
    settings: str


@dataclass(frozen=True, slots=True)
class RawEvent:
    """An event row as stored, its payload still JSON text."""

    seq: int
    kind: str
    payload: str
    at: float


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A finished hand: number, finish time, summary (button, split, net, commitment) and the
    full hand history (HAND_HISTORY.md with deck, salt and commitment)."""

    hand_no: int
    finished_at: float
    summary: dict[str, Any]
    history: dict[str, Any]


@dataclass(slots=True)
class WriteBatch:
    """Everything one table writes atomically.

    Attributes:
        table_id: the table.
        first_seq: the ``seq`` of ``events[0]``; the rest follow consecutively.
        events: the events, in order.
        new_table: the table's row when the batch creates the table.
        hand: a finished hand's record (same transaction as its ``hand_finished`` event).
        close: mark the table closed.
        fence: the fencing token (lease epoch) the batch is appended under when several
            nodes share the database (set by :meth:`Leases.stamp
            <anaconda_poker.storage.leases.Leases.stamp>` when it is queued; ``None`` on a
            single server).
    """

    table_id: str
    first_seq: int
    events: Sequence[NewEvent]
    new_table: StoredTable | None = None
    hand: HandRecord | None = None
    close: bool = False
    fence: int | None = None


class Fencing(Protocol):
    """The fencing of writes when several nodes share a database: what the store asks of
    :class:`~anaconda_poker.storage.leases.Leases` (declared here so that the store does not
    import the leases module, which imports this one)."""

    def stamp(self, batch: WriteBatch) -> None:
        """Give ``batch`` the fencing token this process holds for its table."""
        ...

    def check(self, conn: Connection, batches: Sequence[WriteBatch]) -> None:
        """Inside the append's transaction: every batch's table is still this process's.

        Raises:
            LeaseLostError: a batch's table is not (or no longer) this process's.
        """
        ...

    def create(self, conn: Connection, table_id: str) -> None:
        """Insert the lease row of a table created in this transaction."""
        ...


class EventStore:
    """Synchronous repository over an SQLAlchemy engine (SQLite or PostgreSQL).

    Args:
        engine: from :func:`anaconda_poker.storage.database.open_database`.

    Attributes:
        fencing: the node's :class:`~anaconda_poker.storage.leases.Leases` when several
            nodes share a PostgreSQL database: every write then checks, in its own
            transaction, that this node still owns each batch's table. ``None`` (a single
            server) writes as before.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.fencing: Fencing | None = None

    # -- writes -------------------------------------------------------------------------
    def write(self, batches: Sequence[WriteBatch]) -> None:
        """Write several batches in one transaction (all or nothing).

        Raises:
            sqlalchemy.exc.IntegrityError: e.g. a ``seq`` already taken for that table.
            sqlalchemy.exc.OperationalError: the database failed.
            anaconda_poker.storage.leases.LeaseLostError: with :attr:`fencing`, a batch's
                table is no longer this node's (nothing was written).
        """
        started = time.perf_counter()
        with self.engine.begin() as conn:
            if self.fencing is not None:
                self.fencing.check(conn, batches)
            for batch in batches:
                self._write_one(conn, batch)
            if self.fencing is not None:
                for batch in batches:
                    if batch.new_table is not None:
                        self.fencing.create(conn, batch.table_id)
        took = time.perf_counter() - started
        if took > SLOW_WRITE_SECONDS:
            log.warning("a database write of %d batch(es) took %.0f ms", len(batches), took * 1000)

    def probe_write(self, table_id: str) -> None:
        """A real write that changes nothing: rewrite a table row's ``closed`` flag with its
        own value, in a transaction of its own. It needs the same room in the database (or
        its write-ahead log) as any write, so it tells whether writes succeed again after a
        full disk or a lost connection.

        Raises:
            sqlalchemy.exc.OperationalError: the database still refuses writes.
        """
        with self.engine.begin() as conn:
            conn.execute(
                update(poker_tables)
                .where(poker_tables.c.table_id == table_id)
                .values(closed=poker_tables.c.closed)
            )

    @staticmethod
    def _write_one(conn: Connection, batch: WriteBatch) -> None:
        if batch.new_table is not None:
            row = batch.new_table
            conn.execute(
                insert(poker_tables).values(
                    table_id=row.table_id,
                    name=row.name,
                    created_at=row.created_at,
                    settings=_dumps(row.settings),
                    closed=row.closed,
                )
            )
        if batch.events:
            conn.execute(
                insert(table_events),
                [
                    {
                        "table_id": batch.table_id,
                        "seq": batch.first_seq + i,
                        "kind": ev.kind,
                        "payload": _dumps(ev.payload),
                        "at": ev.at,
                        "epoch": batch.fence,
                    }
                    for i, ev in enumerate(batch.events)
                ],
            )
        if batch.hand is not None:
            conn.execute(
                insert(hand_histories).values(
                    table_id=batch.table_id,
                    hand_no=batch.hand.hand_no,
                    finished_at=batch.hand.finished_at,
                    summary=_dumps(batch.hand.summary),
                    history=_dumps(batch.hand.history),
                )
            )
        if batch.close:
            conn.execute(
                update(poker_tables)
                .where(poker_tables.c.table_id == batch.table_id)
                .values(closed=True)
            )

    # -- reads --------------------------------------------------------------------------
    def tables(self, *, include_closed: bool = False) -> list[StoredTable]:
        """Every table row, oldest first."""
        query = select(poker_tables).order_by(poker_tables.c.created_at)
        if not include_closed:
            query = query.where(poker_tables.c.closed.is_(False))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            StoredTable(
                table_id=r.table_id,
                name=r.name,
                created_at=r.created_at,
                settings=json.loads(r.settings),
                closed=bool(r.closed),
            )
            for r in rows
        ]

    def raw_tables(self) -> list[RawTable]:
        """Every open table row, oldest first, without parsing its settings."""
        query = (
            select(
                poker_tables.c.table_id,
                poker_tables.c.name,
                poker_tables.c.created_at,
                poker_tables.c.settings,
            )
            .where(poker_tables.c.closed.is_(False))
            .order_by(poker_tables.c.created_at)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [RawTable(r.table_id, r.name, r.created_at, r.settings) for r in rows]

    def raw_table(self, table_id: str) -> RawTable | None:
        """One open table's row without parsing its settings (``None``: unknown or closed)."""
        query = select(
            poker_tables.c.table_id,
            poker_tables.c.name,
            poker_tables.c.created_at,
            poker_tables.c.settings,
        ).where(poker_tables.c.table_id == table_id, poker_tables.c.closed.is_(False))
        with self.engine.connect() as conn:
            r = conn.execute(query).first()
        return None if r is None else RawTable(r.table_id, r.name, r.created_at, r.settings)

    def raw_events(self, table_id: str) -> list[RawEvent]:
        """A table's event rows in ``seq`` order, without parsing their payloads."""
        query = (
            select(
                table_events.c.seq, table_events.c.kind, table_events.c.payload, table_events.c.at
            )
            .where(table_events.c.table_id == table_id)
            .order_by(table_events.c.seq)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [RawEvent(r.seq, r.kind, r.payload, r.at) for r in rows]

    def events(self, table_id: str) -> list[StoredEvent]:
        """A table's events in ``seq`` order (empty for an unknown table)."""
        query = (
            select(
                table_events.c.seq, table_events.c.kind, table_events.c.payload, table_events.c.at
            )
            .where(table_events.c.table_id == table_id)
            .order_by(table_events.c.seq)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            StoredEvent(seq=r.seq, kind=r.kind, payload=json.loads(r.payload), at=r.at)
            for r in rows
        ]

    def hand(self, table_id: str, hand_no: int) -> HandRecord | None:
        """One finished hand, or ``None`` if unknown or not finished.

        Raises:
            CorruptRecordError: the stored summary or history is not a JSON object.
        """
        query = select(hand_histories).where(
            hand_histories.c.table_id == table_id, hand_histories.c.hand_no == hand_no
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        if row is None:
            return None
        try:
            summary, history = json.loads(row.summary), json.loads(row.history)
        except (ValueError, TypeError, RecursionError):
            summary = history = None
        if not isinstance(summary, dict) or not isinstance(history, dict):
            raise CorruptRecordError(
                f"the stored history of hand {hand_no} of table {table_id} is not valid JSON"
            )
        return HandRecord(
            hand_no=row.hand_no, finished_at=row.finished_at, summary=summary, history=history
        )

    def hands(self, table_id: str, *, limit: int = 200) -> list[dict[str, Any]]:
        """Summaries of a table's most recent finished hands, newest first.

        A summary whose stored JSON is damaged is listed as ``{"hand_no", "finished_at",
        "unreadable": true}`` (the other hands are unaffected).

        Args:
            limit: most summaries returned (>= 1).
        """
        query = (
            select(hand_histories.c.hand_no, hand_histories.c.finished_at, hand_histories.c.summary)
            .where(hand_histories.c.table_id == table_id)
            .order_by(hand_histories.c.hand_no.desc())
            .limit(max(1, limit))
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            {"hand_no": r.hand_no, "finished_at": r.finished_at, **_summary(r.summary)}
            for r in rows
        ]


def _summary(text: str) -> dict[str, Any]:
    """A stored hand summary, or ``{"unreadable": True}`` when its JSON is damaged."""
    try:
        value = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        value = None
    if not isinstance(value, dict):
        return {"unreadable": True}
    value.pop("hand_no", None)
    value.pop("finished_at", None)
    return value


@dataclass(slots=True)
class _Pending:
    batch: WriteBatch
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]


@dataclass(slots=True)
class WriterStats:
    """Counters of the writer thread: transactions, batches and events committed."""

    transactions: int = 0
    batches: int = 0
    events: int = 0
    failures: int = 0
    largest_group: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)


class EventWriter:
    """Group-committing writer in front of an :class:`EventStore`.

    ``await commit(batch)`` queues the batch and returns when it is committed (or raises the
    database error). Every batch queued while the previous group is written goes into the
    next transaction.

    Three modes:

    - ``immediate`` (default): each batch is its own transaction, written at once on the
      event loop. A SQLite commit in WAL mode takes a fraction of a millisecond, and the table
      goes on to broadcast in the same step: the lowest latency (``benchmarks/server_load.py``
      compares the modes).
    - ``grouped``: batches queued during one loop iteration share one transaction, written
      on the event loop at the next iteration (``loop.call_soon``): fewer transactions, but
      each commit waits for a loop iteration or two.
    - ``threaded``: one background thread writes groups; the loop never blocks on the
      database (for a slow or remote PostgreSQL), but each commit may wait for the GIL (the
      interpreter's 5 ms switch interval) while the loop is busy.

    Args:
        store: the repository to write to.
        max_group: most batches per transaction (grouped and threaded modes).
        mode: ``immediate``, ``grouped`` or ``threaded``.

    Raises:
        ValueError: for an unknown mode.
    """

    MODES = ("immediate", "grouped", "threaded")

    def __init__(self, store: EventStore, *, max_group: int = 512, mode: str = "immediate") -> None:
        if mode not in self.MODES:
            raise ValueError(f"unknown writer mode {mode!r}; modes are {', '.join(self.MODES)}")
        self.store = store
        self.max_group = max_group
        self.mode = mode
        self.threaded = mode == "threaded"
        self.stats = WriterStats()
        self._queue: queue.SimpleQueue[_Pending | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._running = False
        self._inline: list[_Pending] = []
        self._flush_scheduled = False

    def start(self) -> None:
        """Start writing (and the thread in threaded mode); idempotent."""
        self._running = True
        if self.threaded and self._thread is None:
            self._thread = threading.Thread(
                target=self._run, name="anaconda-event-writer", daemon=True
            )
            self._thread.start()

    def stop(self) -> None:
        """Write what is queued, then stop (blocking)."""
        self._running = False
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None
        self._flush_inline()

    async def commit(self, batch: WriteBatch) -> None:
        """Queue ``batch`` and wait until it is durable.

        Raises:
            RuntimeError: the writer is not running.
            sqlalchemy.exc.SQLAlchemyError: the database refused or failed the write.
            anaconda_poker.storage.leases.LeaseLostError: the store is fenced and this node
                no longer owns the batch's table (nothing was written).
        """
        if not self._running:
            raise RuntimeError("the event writer is not running")
        if self.store.fencing is not None:  # the epoch of now, not of when it is written
            self.store.fencing.stamp(batch)
        if self.mode == "immediate":
            try:
                self.store.write([batch])
            except Exception:
                with self.stats._lock:
                    self.stats.failures += 1
                raise
            with self.stats._lock:
                self.stats.transactions += 1
                self.stats.batches += 1
                self.stats.events += len(batch.events)
                self.stats.largest_group = max(self.stats.largest_group, 1)
            return
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        pending = _Pending(batch, loop, future)
        if self.threaded:
            self._queue.put(pending)
        else:
            self._inline.append(pending)
            if not self._flush_scheduled:
                self._flush_scheduled = True
                loop.call_soon(self._flush_inline)
        await asyncio.shield(future)

    def _flush_inline(self) -> None:
        self._flush_scheduled = False
        while self._inline:
            group = self._inline[: self.max_group]
            del self._inline[: self.max_group]
            self._write_group(group)

    def _run(self) -> None:
        stopping = False
        while not stopping:
            first = self._queue.get()
            if first is None:
                break
            group = [first]
            while len(group) < self.max_group:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stopping = True
                    break
                group.append(item)
            self._write_group(group)

    def _write_group(self, group: list[_Pending]) -> None:
        try:
            self.store.write([p.batch for p in group])
        except Exception:
            if len(group) == 1:
                self._settle(group[0], _current_exception())
                return
            for pending in group:  # isolate the failing batch; the others still commit
                try:
                    self.store.write([pending.batch])
                except Exception:
                    self._settle(pending, _current_exception())
                else:
                    self._count([pending])
                    self._settle(pending, None)
            return
        self._count(group)
        for pending in group:
            self._settle(pending, None)

    def _count(self, group: list[_Pending]) -> None:
        with self.stats._lock:
            self.stats.transactions += 1
            self.stats.batches += len(group)
            self.stats.events += sum(len(p.batch.events) for p in group)
            self.stats.largest_group = max(self.stats.largest_group, len(group))

    def _settle(self, pending: _Pending, error: BaseException | None) -> None:
        if error is not None:
            with self.stats._lock:
                self.stats.failures += 1
        if not self.threaded and not pending.future.done():
            if error is None:
                pending.future.set_result(None)
            else:
                pending.future.set_exception(error)
            return

        def settle() -> None:
            if pending.future.done():
                return
            if error is None:
                pending.future.set_result(None)
            else:
                pending.future.set_exception(error)

        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            pending.loop.call_soon_threadsafe(settle)


def _current_exception() -> BaseException:
    import sys

    error = sys.exc_info()[1]
    return error if error is not None else RuntimeError("unknown database error")
