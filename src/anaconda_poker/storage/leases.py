"""Table ownership for several server nodes on one PostgreSQL: lease rows with fencing.

Exactly one server process (a *node*) runs a table at a time. Which one is recorded in the
``table_leases`` row of the table (``storage/schema.py``):

- ``owner`` is the owning process's instance id (a random 32-hex id per start, so a
  restarted node with the same ``--node`` name is a different owner), ``owner_node`` its name;
- ``epoch`` is the **fencing token**: every change of owner raises it;
- ``expires_at`` is when the lease runs out, in Unix seconds of the **database's** clock
  (the nodes' clocks never matter); the owner renews it every few seconds;
- ``wanted_by`` names the node that received requests for the table (the proxy routes the
  table there): the owner hands the table over to it at its next check.

A lease is *free* when it has no owner (released: a node that stops hands its tables over at
once) or has expired (the owner died: ``kill -9``, a lost network). Any node may claim a free
lease (:meth:`Leases.claim`): one ``INSERT … ON CONFLICT DO UPDATE … WHERE free`` statement,
so under concurrent claims exactly one node wins, and the epoch goes up by one.

**Fencing.** Every append of a node carries the epoch it holds for the table
(:meth:`Leases.stamp`, when the batch is queued). In the same transaction as the insert,
:meth:`Leases.check` reads the lease row ``FOR SHARE`` and refuses the whole transaction
(:class:`LeaseLostError`) unless the row still names this process with that epoch. The row
lock orders the append against a claim: a claim waits for an append in flight and the new
owner then reads that event when it rebuilds the table; an append after the claim sees the
new owner and is refused. Together with the ``(table_id, seq)`` unique constraint, a stale
owner (one that paused past its lease, or lost the database for a while) can never append
an event after losing the table, whatever it still believes. Each event row records the
epoch it was written under (``table_events.epoch``), so the log itself shows that epochs
never go down along ``seq``.

Lease rows are used on PostgreSQL only (the multi-node mode); a single server with SQLite
never reads or writes them. Why rows and not session advisory locks: the fencing check
needs a token the append's own transaction can compare (an advisory lock belongs to one
database session, while appends use a connection pool), and a lease's expiry is an explicit,
testable number instead of however long TCP takes to notice a dead peer.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, text

if TYPE_CHECKING:
    from anaconda_poker.storage.event_store import WriteBatch

log = logging.getLogger("anaconda_poker.storage.leases")

DEFAULT_LEASE_SECONDS = 10.0
"""How long a lease lasts without renewal (so how long a dead node's tables wait), seconds."""

_NOW = "extract(epoch from clock_timestamp())"
"""The database's clock in Unix seconds (every expiry is judged by this one clock)."""


class LeaseLostError(RuntimeError):
    """An append was refused: this node no longer owns the table (another node claimed it
    after the lease expired, or it was handed over). Nothing of the transaction was written.

    Attributes:
        table_id: the table.
    """

    def __init__(self, table_id: str, detail: str) -> None:
        super().__init__(f"this node no longer owns table {table_id}: {detail}")
        self.table_id = table_id


@dataclass(frozen=True, slots=True)
class Lease:
    """A lease row as read.

    Attributes:
        table_id: the table.
        owner: the owning process's instance id, ``None`` when released.
        owner_node: its ``--node`` name.
        epoch: the fencing token.
        remaining: seconds until it expires (database clock; ``<= 0``: expired).
        wanted_by: the instance id of a node that asked for the table, if any.
        wanted_by_node: that node's name.
    """

    table_id: str
    owner: str | None
    owner_node: str | None
    epoch: int
    remaining: float
    wanted_by: str | None
    wanted_by_node: str | None

    @property
    def free(self) -> bool:
        """No live owner: released, or expired."""
        return self.owner is None or self.remaining <= 0


class Leases:
    """One node's view of the lease table: claims, renewals, hand-overs and the fencing
    check of its appends.

    Thread-safe: appends are checked on the writer's thread while the event loop claims.

    Args:
        engine: a PostgreSQL engine (``open_database``).
        node: this node's name (``--node``), recorded with its leases.
        ttl: seconds a lease lasts without renewal (> 0).

    Raises:
        ValueError: a non-PostgreSQL engine, an empty node name or ``ttl <= 0``.
    """

    def __init__(self, engine: Engine, *, node: str, ttl: float = DEFAULT_LEASE_SECONDS) -> None:
        if engine.dialect.name != "postgresql":
            raise ValueError(
                f"table leases need PostgreSQL (several nodes share one database); got "
                f"{engine.dialect.name}"
            )
        if not node:
            raise ValueError("the node name must not be empty")
        if not ttl > 0:
            raise ValueError(f"the lease time must be > 0 seconds, got {ttl}")
        self.engine = engine
        self.node = node[:200]
        self.ttl = float(ttl)
        self.instance = uuid.uuid4().hex
        self._epochs: dict[str, int] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ what we hold
    def epoch_of(self, table_id: str) -> int | None:
        """The epoch this process holds for ``table_id``, ``None`` when it holds none."""
        with self._lock:
            return self._epochs.get(table_id)

    def held(self) -> dict[str, int]:
        """Every table this process holds, with its epoch (a copy)."""
        with self._lock:
            return dict(self._epochs)

    def hold(self, table_id: str, epoch: int) -> None:
        """Record a lease this process obtained (a claim, or a table handed to it)."""
        with self._lock:
            self._epochs[table_id] = epoch

    def forget(self, table_id: str) -> None:
        """Stop holding ``table_id`` here: its appends are refused from now on."""
        with self._lock:
            self._epochs.pop(table_id, None)

    # ------------------------------------------------------------------ fencing
    def stamp(self, batch: WriteBatch) -> None:
        """Give ``batch`` the fencing token this process holds for its table (when it is
        queued). A batch creating a table gets epoch 1: its lease row is inserted with it."""
        with self._lock:
            if batch.new_table is not None:
                self._epochs.setdefault(batch.table_id, 1)
            batch.fence = self._epochs.get(batch.table_id)

    def check(self, conn: Connection, batches: Sequence[WriteBatch]) -> None:
        """The fencing check, inside the append's own transaction (before its inserts).

        Every batch's table, except a table the batch creates, must still be leased to this
        process with the batch's epoch. The rows are read ``FOR SHARE``: a concurrent claim
        waits until this transaction ends.

        Raises:
            LeaseLostError: a batch's table is not (or no longer) this process's; the caller
                lets the transaction roll back.
        """
        others = {b.table_id: b.fence for b in batches if b.new_table is None}
        if not others:
            return
        rows = conn.execute(
            text(
                "SELECT table_id, owner, epoch FROM table_leases "
                "WHERE table_id = ANY(:ids) FOR SHARE"
            ),
            {"ids": list(others)},
        ).all()
        found = {r.table_id: (r.owner, r.epoch) for r in rows}
        for table_id, fence in others.items():
            owner, epoch = found.get(table_id, (None, None))
            if fence is None:
                raise LeaseLostError(table_id, "it holds no lease for it")
            if owner != self.instance or epoch != fence:
                raise LeaseLostError(
                    table_id, f"the lease is at epoch {epoch} now, this node wrote with {fence}"
                )

    def create(self, conn: Connection, table_id: str) -> None:
        """Insert the lease row of a table created in this transaction (after its table
        row): owned by this process, epoch 1, expiring in ``ttl`` seconds."""
        conn.execute(
            text(
                "INSERT INTO table_leases (table_id, owner, owner_node, epoch, expires_at) "
                f"VALUES (:t, :me, :node, 1, {_NOW} + :ttl)"
            ),
            {"t": table_id, "me": self.instance, "node": self.node, "ttl": self.ttl},
        )

    # ------------------------------------------------------------------ claims
    def claim(self, table_id: str, *, reclaim_own: bool = False) -> int | None:
        """Take the table's lease if it is free (no row yet, released, or expired).

        Args:
            table_id: the table.
            reclaim_own: also take a live lease held under this node's name by another
                process (this node's previous run, killed and restarted: its tables come
                back at once instead of after the expiry). Node names must be unique.

        Returns:
            The new epoch (this process now holds the table), or ``None`` when another
            node holds a live lease, or the table does not exist or is closed.
        """
        with self.engine.begin() as conn:
            row = conn.execute(
                text(
                    "INSERT INTO table_leases AS l "
                    "(table_id, owner, owner_node, epoch, expires_at) "
                    f"SELECT table_id, :me, :node, 1, {_NOW} + :ttl FROM poker_tables "
                    "WHERE table_id = :t AND NOT closed "
                    "ON CONFLICT (table_id) DO UPDATE SET owner = :me, owner_node = :node, "
                    f"epoch = l.epoch + 1, expires_at = {_NOW} + :ttl, "
                    "wanted_by = NULL, wanted_by_node = NULL "
                    f"WHERE l.owner IS NULL OR l.expires_at <= {_NOW} "
                    "OR (:reclaim AND l.owner_node = :node AND l.owner <> :me) "
                    "RETURNING epoch"
                ),
                {
                    "t": table_id,
                    "me": self.instance,
                    "node": self.node,
                    "ttl": self.ttl,
                    "reclaim": reclaim_own,
                },
            ).first()
        if row is None:
            return None
        epoch = int(row.epoch)
        self.hold(table_id, epoch)
        return epoch

    def orphans(self, limit: int = 64, *, reclaim_own: bool = False) -> list[str]:
        """Open tables whose lease is free (or missing), those asked for by this node first,
        then those nobody asked for; a table another node asked for is left to it for one
        lease time after it became free.

        Args:
            limit: most table ids returned.
            reclaim_own: include live leases of this node's name held by another process
                (see :meth:`claim`).
        """
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT t.table_id FROM poker_tables t "
                    "LEFT JOIN table_leases l ON l.table_id = t.table_id "
                    "WHERE NOT t.closed AND (l.table_id IS NULL OR "
                    f"((l.owner IS NULL OR l.expires_at <= {_NOW}) AND "
                    f"(l.wanted_by IS NULL OR l.wanted_by = :me OR "
                    f"l.expires_at <= {_NOW} - :ttl)) "
                    "OR (:reclaim AND l.owner_node = :node AND l.owner <> :me)) "
                    "ORDER BY (l.wanted_by = :me) IS TRUE DESC, random() LIMIT :n"
                ),
                {
                    "me": self.instance,
                    "ttl": self.ttl,
                    "n": limit,
                    "node": self.node,
                    "reclaim": reclaim_own,
                },
            ).all()
        return [r.table_id for r in rows]

    def renew(self) -> list[Lease]:
        """Extend every lease of this process by ``ttl`` from now (database clock).

        Returns:
            The leases this process still holds (with who asked for them). A table it holds
            in :meth:`held` but missing here was lost; one here but not in :meth:`held` was
            handed to it.
        """
        with self.engine.begin() as conn:
            rows = conn.execute(
                text(
                    f"UPDATE table_leases SET expires_at = {_NOW} + :ttl WHERE owner = :me "
                    "RETURNING table_id, owner, owner_node, epoch, :ttl AS remaining, "
                    "wanted_by, wanted_by_node"
                ),
                {"me": self.instance, "ttl": self.ttl},
            ).all()
        return [_lease(r) for r in rows]

    def owned(self) -> list[Lease]:
        """The leases recorded for this process (like :meth:`renew` without extending)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    f"SELECT table_id, owner, owner_node, epoch, expires_at - {_NOW} AS "
                    "remaining, wanted_by, wanted_by_node FROM table_leases WHERE owner = :me"
                ),
                {"me": self.instance},
            ).all()
        return [_lease(r) for r in rows]

    def changes(self, held: Sequence[str]) -> list[Lease]:
        """What a check between two renewals needs: this process's leases that another node
        asked for, or that are not among ``held`` (handed to it).

        Args:
            held: the tables this process already runs.
        """
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    f"SELECT table_id, owner, owner_node, epoch, expires_at - {_NOW} AS "
                    "remaining, wanted_by, wanted_by_node FROM table_leases WHERE owner = :me "
                    "AND (wanted_by IS NOT NULL OR NOT (table_id = ANY(:held)))"
                ),
                {"me": self.instance, "held": list(held)},
            ).all()
        return [_lease(r) for r in rows]

    def lease(self, table_id: str) -> Lease | None:
        """The table's lease row, ``None`` when it has none."""
        with self.engine.connect() as conn:
            row = conn.execute(
                text(
                    f"SELECT table_id, owner, owner_node, epoch, expires_at - {_NOW} AS "
                    "remaining, wanted_by, wanted_by_node FROM table_leases WHERE table_id = :t"
                ),
                {"t": table_id},
            ).first()
        return None if row is None else _lease(row)

    def want(self, table_id: str) -> Lease | None:
        """Ask the current owner for the table (it hands it over at its next check).

        Returns:
            The lease as it is now, ``None`` when the table has no lease row.
        """
        with self.engine.begin() as conn:
            row = conn.execute(
                text(
                    "UPDATE table_leases SET wanted_by = :me, wanted_by_node = :node "
                    "WHERE table_id = :t AND owner IS DISTINCT FROM :me "
                    f"RETURNING table_id, owner, owner_node, epoch, expires_at - {_NOW} AS "
                    "remaining, wanted_by, wanted_by_node"
                ),
                {"t": table_id, "me": self.instance, "node": self.node},
            ).first()
        return None if row is None else _lease(row)

    def hand_over(self, table_id: str, to: str, to_node: str | None) -> bool:
        """Give a table this process holds to the node that asked for it (a new epoch,
        leased to that node for ``ttl`` seconds). This process stops holding it either way.

        Returns:
            True when handed over; False when the lease was no longer this process's.
        """
        self.forget(table_id)
        with self.engine.begin() as conn:
            row = conn.execute(
                text(
                    "UPDATE table_leases SET owner = :to, owner_node = :to_node, "
                    f"epoch = epoch + 1, expires_at = {_NOW} + :ttl, wanted_by = NULL, "
                    "wanted_by_node = NULL WHERE table_id = :t AND owner = :me RETURNING epoch"
                ),
                {"t": table_id, "me": self.instance, "to": to, "to_node": to_node, "ttl": self.ttl},
            ).first()
        return row is not None

    def release(self, table_ids: Sequence[str] | None = None) -> int:
        """Give up leases at once (a node stopping): they are free for any node to claim.

        Args:
            table_ids: which tables; ``None``: every lease of this process.

        Returns:
            How many leases were released.
        """
        with self._lock:
            ids = list(self._epochs) if table_ids is None else list(table_ids)
            for table_id in ids:
                self._epochs.pop(table_id, None)
        query = (
            f"UPDATE table_leases SET owner = NULL, owner_node = NULL, expires_at = {_NOW} "
            "WHERE owner = :me"
        )
        params: dict[str, object] = {"me": self.instance}
        if table_ids is not None:
            query += " AND table_id = ANY(:ids)"
            params["ids"] = list(table_ids)
        with self.engine.begin() as conn:
            return int(conn.execute(text(query), params).rowcount)


def _lease(row: object) -> Lease:
    return Lease(
        table_id=row.table_id,  # type: ignore[attr-defined]
        owner=row.owner,  # type: ignore[attr-defined]
        owner_node=row.owner_node,  # type: ignore[attr-defined]
        epoch=int(row.epoch),  # type: ignore[attr-defined]
        remaining=float(row.remaining),  # type: ignore[attr-defined]
        wanted_by=row.wanted_by,  # type: ignore[attr-defined]
        wanted_by_node=row.wanted_by_node,  # type: ignore[attr-defined]
    )
