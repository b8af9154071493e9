"""Table leases with fencing on a real PostgreSQL: two event stores on one database play two
nodes (``storage/leases.py``).

What must hold: one owner per table, even when nodes claim at the same moment; a lease is
claimable only once it is released or expired; and a stale owner's append is refused in its
own transaction, whatever it believes, with nothing of it written.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, select, update

from anaconda_poker.storage.database import open_database
from anaconda_poker.storage.event_store import (
    EventStore,
    EventWriter,
    NewEvent,
    StoredTable,
    WriteBatch,
)
from anaconda_poker.storage.leases import LeaseLostError, Leases
from anaconda_poker.storage.schema import table_events, table_leases

pytestmark = pytest.mark.postgres

TTL = 0.6
"""Lease seconds in these tests: short, so an expiry is waited for, not faked."""


@pytest.fixture
def engine(fresh_postgres_url: str) -> Iterator[Engine]:
    engine = open_database(fresh_postgres_url)
    yield engine
    engine.dispose()


def node(engine: Engine, name: str, ttl: float = TTL) -> tuple[EventStore, Leases]:
    """An event store fenced by its own leases: one node."""
    store = EventStore(engine)
    store.fencing = Leases(engine, node=name, ttl=ttl)
    return store, store.fencing


def create(store: EventStore, table_id: str) -> None:
    """Create a table (seq 1) through the fenced path, as a node's lobby does."""
    batch = WriteBatch(
        table_id,
        1,
        [NewEvent("table_created", {}, 1.0)],
        new_table=StoredTable(table_id, "T", 1.0, {}, False),
    )
    assert store.fencing is not None
    store.fencing.stamp(batch)
    store.write([batch])


def append(store: EventStore, table_id: str, seq: int, kind: str = "action") -> None:
    batch = WriteBatch(table_id, seq, [NewEvent(kind, {"seq": seq}, 2.0)])
    assert store.fencing is not None
    store.fencing.stamp(batch)
    store.write([batch])


def expire(engine: Engine, table_id: str) -> None:
    """Wait until the lease has run out by the database's clock."""
    leases = Leases(engine, node="observer")
    deadline = time.monotonic() + 10
    while True:
        lease = leases.lease(table_id)
        assert lease is not None
        if lease.remaining <= 0:
            return
        assert time.monotonic() < deadline
        time.sleep(min(0.2, lease.remaining + 0.01))


def events_of(engine: Engine, table_id: str) -> list[tuple[int, str, int | None]]:
    with engine.connect() as conn:
        rows = conn.execute(
            select(table_events.c.seq, table_events.c.kind, table_events.c.epoch)
            .where(table_events.c.table_id == table_id)
            .order_by(table_events.c.seq)
        ).all()
    return [(r.seq, r.kind, r.epoch) for r in rows]


def test_the_creator_owns_a_new_table_and_a_live_lease_cannot_be_claimed(engine: Engine) -> None:
    a_store, a = node(engine, "a", ttl=30)
    _b_store, b = node(engine, "b", ttl=30)
    create(a_store, "t1")
    assert a.epoch_of("t1") == 1
    assert b.claim("t1") is None  # alive: b may only ask for it
    lease = b.want("t1")
    assert lease is not None and lease.owner == a.instance and lease.owner_node == "a"
    assert (lease.wanted_by, lease.wanted_by_node) == (b.instance, "b")
    append(a_store, "t1", 2)
    assert events_of(engine, "t1") == [(1, "table_created", 1), (2, "action", 1)]


def test_a_stale_owner_cannot_append_after_its_lease_was_claimed(engine: Engine) -> None:
    a_store, a = node(engine, "a")
    b_store, b = node(engine, "b")
    create(a_store, "t1")
    append(a_store, "t1", 2)
    expire(engine, "t1")  # a stopped renewing (a long pause, a lost network)
    assert b.claim("t1") == 2
    # a still believes it owns the table (epoch 1); the database says otherwise
    assert a.epoch_of("t1") == 1
    with pytest.raises(LeaseLostError, match="no longer owns table t1"):
        append(a_store, "t1", 3)
    # even with a seq nobody took: the fence refused it, not the unique constraint
    with pytest.raises(LeaseLostError):
        append(a_store, "t1", 3, kind="hand_started")
    append(b_store, "t1", 3)
    assert events_of(engine, "t1") == [
        (1, "table_created", 1),
        (2, "action", 1),
        (3, "action", 2),
    ]


def test_an_expired_lease_nobody_claimed_is_still_its_owners(engine: Engine) -> None:
    a_store, a = node(engine, "a")
    create(a_store, "t1")
    expire(engine, "t1")
    append(a_store, "t1", 2)  # nobody took it: the epoch still matches, the log is a's
    assert [lease.table_id for lease in a.renew()] == ["t1"]
    assert a.lease("t1") is not None and a.lease("t1").remaining > 0  # type: ignore[union-attr]


def test_a_lease_is_claimable_only_after_expiry_or_release(engine: Engine) -> None:
    a_store, a = node(engine, "a", ttl=30)
    _b_store, b = node(engine, "b", ttl=30)
    create(a_store, "t1")
    create(a_store, "t2")
    assert b.claim("t1") is None and b.claim("t2") is None
    assert b.orphans() == []
    assert a.release(["t1"]) == 1
    assert a.epoch_of("t1") is None and a.epoch_of("t2") == 1
    assert b.orphans() == ["t1"]
    assert b.claim("t1") == 2
    with pytest.raises(LeaseLostError):
        append(a_store, "t1", 2)
    assert [lease.table_id for lease in a.renew()] == ["t2"]
    assert [lease.table_id for lease in b.renew()] == ["t1"]


def test_a_table_without_a_lease_row_is_an_orphan_and_a_closed_one_is_not(
    engine: Engine,
) -> None:
    plain = EventStore(engine)  # written by a single server: no lease rows
    plain.write([WriteBatch("old", 1, [NewEvent("x", {}, 1.0)], new_table=_row("old"))])
    plain.write([WriteBatch("gone", 1, [NewEvent("x", {}, 1.0)], new_table=_row("gone"))])
    plain.write([WriteBatch("gone", 2, [], close=True)])
    _store, a = node(engine, "a")
    assert a.orphans() == ["old"]
    assert a.claim("gone") is None and a.claim("nosuch") is None
    assert a.claim("old") == 1


def _row(table_id: str) -> StoredTable:
    return StoredTable(table_id, "T", 1.0, {}, False)


def test_hand_over_gives_the_table_to_the_node_that_asked(engine: Engine) -> None:
    a_store, a = node(engine, "a", ttl=30)
    b_store, b = node(engine, "b", ttl=30)
    create(a_store, "t1")
    b.want("t1")
    wanted = [(lease.table_id, lease.wanted_by) for lease in a.renew()]
    assert wanted == [("t1", b.instance)]
    assert a.hand_over("t1", b.instance, "b")
    assert a.epoch_of("t1") is None
    handed = b.renew()
    assert [(lease.table_id, lease.epoch, lease.wanted_by) for lease in handed] == [("t1", 2, None)]
    b.hold("t1", handed[0].epoch)
    with pytest.raises(LeaseLostError):
        append(a_store, "t1", 2)
    append(b_store, "t1", 2)
    assert not a.hand_over("t1", b.instance, "b")  # not a's any more


def test_concurrent_claims_give_exactly_one_owner(engine: Engine) -> None:
    creator_store, creator = node(engine, "creator")
    tables = [f"t{i}" for i in range(20)]
    for table_id in tables:
        create(creator_store, table_id)
    creator.release()
    # A long lease: this test is about claims at the same moment, and with the short TTL a
    # loaded machine let a won lease expire before the last thread reached it (two owners
    # in turn, epoch 3: seen once in a full run), which is expiry working, not a race lost.
    nodes = [node(engine, f"n{i}", ttl=60)[1] for i in range(4)]
    won: dict[str, list[tuple[str, int]]] = {t: [] for t in tables}
    barrier = threading.Barrier(len(nodes))
    guard = threading.Lock()

    def race(leases: Leases) -> None:
        barrier.wait()
        for table_id in tables:
            epoch = leases.claim(table_id)
            if epoch is not None:
                with guard:
                    won[table_id].append((leases.node, epoch))

    threads = [threading.Thread(target=race, args=(n,)) for n in nodes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert all(len(winners) == 1 for winners in won.values()), won
    assert {epoch for winners in won.values() for _, epoch in winners} == {2}
    with engine.connect() as conn:
        rows = conn.execute(select(table_leases.c.table_id, table_leases.c.owner_node)).all()
    owners = {r.table_id: r.owner_node for r in rows}
    assert owners == {t: won[t][0][0] for t in tables}


def test_appends_racing_a_claim_are_either_in_the_log_before_it_or_refused(
    engine: Engine,
) -> None:
    """The stale owner appends as fast as it can while the lease expires and another node
    claims: every append either committed before the claim (so the new owner's rebuild sees
    it) or was refused; epochs never go down along seq."""
    a_store, _a = node(engine, "a")
    b_store, b = node(engine, "b")
    create(a_store, "t1")
    committed: list[int] = []
    refused = threading.Event()

    def stale_owner() -> None:
        seq = 2
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                append(a_store, "t1", seq)
            except LeaseLostError:
                refused.set()
                return
            committed.append(seq)
            seq += 1

    thread = threading.Thread(target=stale_owner)
    thread.start()
    epoch = None
    deadline = time.monotonic() + 15
    while epoch is None and time.monotonic() < deadline:
        epoch = b.claim("t1")  # succeeds once the lease expires (a never renews)
        time.sleep(0.01)
    assert epoch == 2
    seen_by_new_owner = [seq for seq, _, _ in events_of(engine, "t1")]
    thread.join(30)
    assert refused.is_set()
    assert seen_by_new_owner == [1, *committed]  # nothing landed after the claim
    append(b_store, "t1", seen_by_new_owner[-1] + 1)
    epochs = [e for _, _, e in events_of(engine, "t1")]
    assert epochs == sorted(epochs) and epochs[-1] == 2


def test_the_writer_stamps_the_epoch_when_a_batch_is_queued(engine: Engine) -> None:
    a_store, a = node(engine, "a", ttl=30)
    create(a_store, "t1")
    writer = EventWriter(a_store, mode="threaded")
    writer.start()

    async def run() -> None:
        await writer.commit(WriteBatch("t1", 2, [NewEvent("action", {}, 2.0)]))
        a.forget("t1")  # the table left this node: what it queues now is refused
        with pytest.raises(LeaseLostError):
            await writer.commit(WriteBatch("t1", 3, [NewEvent("action", {}, 3.0)]))

    try:
        asyncio.run(run())
    finally:
        writer.stop()
    assert [seq for seq, _, _ in events_of(engine, "t1")] == [1, 2]


def test_leases_need_postgresql(tmp_path: object) -> None:
    sqlite = open_database(f"sqlite:///{tmp_path}/x.sqlite3")
    with pytest.raises(ValueError, match="need PostgreSQL"):
        Leases(sqlite, node="a")
    sqlite.dispose()


def test_a_renewal_extends_only_this_nodes_leases(engine: Engine) -> None:
    a_store, a = node(engine, "a")
    b_store, b = node(engine, "b", ttl=30)
    create(a_store, "t1")
    create(b_store, "t2")
    with engine.begin() as conn:  # both run out
        conn.execute(update(table_leases).values(expires_at=0))
    assert [lease.table_id for lease in a.renew()] == ["t1"]
    assert b.orphans() == ["t2"]  # b's own lapsed lease is free to anyone, itself included
    assert a.orphans() == ["t2"]
