"""The event store on SQLite and PostgreSQL: appends, reads, group commit, atomicity."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from anaconda_poker.storage.database import DatabaseURLError, normalise_url, open_database
from anaconda_poker.storage.event_store import (
    EventStore,
    EventWriter,
    HandRecord,
    NewEvent,
    StoredTable,
    WriteBatch,
)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> EventStore:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    else:
        url = request.getfixturevalue("fresh_postgres_url")
    engine = open_database(url)
    request.addfinalizer(engine.dispose)
    return EventStore(engine)


def _table(table_id: str = "t1") -> StoredTable:
    return StoredTable(
        table_id=table_id, name="Friday", created_at=1.5, settings={"a": [1, 2]}, closed=False
    )


def _events(*kinds: str) -> list[NewEvent]:
    return [NewEvent(kind, {"i": i, "kind": kind}, 10.0 + i) for i, kind in enumerate(kinds)]


def test_round_trip_of_tables_events_and_hands(store: EventStore) -> None:
    store.write([WriteBatch("t1", 1, _events("table_created", "seat_taken"), new_table=_table())])
    hand = HandRecord(
        hand_no=1, finished_at=20.0, summary={"net": {"0": 3}}, history={"dealt": {"0": ["As"]}}
    )
    store.write([WriteBatch("t1", 3, _events("action"), hand=hand)])

    assert [t.table_id for t in store.tables()] == ["t1"]
    assert store.tables()[0].settings == {"a": [1, 2]}
    events = store.events("t1")
    assert [(e.seq, e.kind) for e in events] == [
        (1, "table_created"),
        (2, "seat_taken"),
        (3, "action"),
    ]
    assert events[1].payload == {"i": 1, "kind": "seat_taken"}
    assert store.hand("t1", 1) == hand
    assert store.hand("t1", 2) is None
    assert store.hands("t1") == [{"hand_no": 1, "finished_at": 20.0, "net": {"0": 3}}]
    assert store.events("nope") == []


def test_a_batch_is_all_or_nothing(store: EventStore) -> None:
    store.write([WriteBatch("t1", 1, _events("table_created"), new_table=_table())])
    with pytest.raises(IntegrityError):
        # seq 2 is new but seq 1 is taken: nothing of the batch may stay
        store.write([WriteBatch("t1", 2, _events("x")), WriteBatch("t1", 1, _events("y"))])
    assert [e.seq for e in store.events("t1")] == [1]


def test_closing_a_table_hides_it(store: EventStore) -> None:
    store.write([WriteBatch("t1", 1, _events("table_created"), new_table=_table())])
    store.write([WriteBatch("t1", 2, [], close=True)])
    assert store.tables() == []
    assert [t.closed for t in store.tables(include_closed=True)] == [True]


@pytest.mark.parametrize("mode", EventWriter.MODES)
async def test_writer_commits_concurrent_tables(store: EventStore, mode: str) -> None:
    writer = EventWriter(store, mode=mode)
    writer.start()
    try:
        ids = [f"t{i}" for i in range(20)]
        await asyncio.gather(
            *(
                writer.commit(WriteBatch(t, 1, _events("table_created"), new_table=_table(t)))
                for t in ids
            )
        )
        for round_no in range(2, 12):
            await asyncio.gather(
                *(writer.commit(WriteBatch(t, round_no, _events("action"))) for t in ids)
            )
    finally:
        writer.stop()
    assert sorted(t.table_id for t in store.tables()) == sorted(ids)
    for t in ids:
        assert [e.seq for e in store.events(t)] == list(range(1, 12))
    stats = writer.stats
    assert stats.batches == 20 * 11 and stats.events == 20 * 11 and stats.failures == 0
    if mode == "immediate":
        assert stats.transactions == stats.batches
    else:
        assert stats.transactions < stats.batches  # concurrent commits share transactions


@pytest.mark.parametrize("mode", EventWriter.MODES)
async def test_a_failing_batch_fails_alone(store: EventStore, mode: str) -> None:
    writer = EventWriter(store, mode=mode)
    writer.start()
    try:
        await writer.commit(WriteBatch("a", 1, _events("table_created"), new_table=_table("a")))
        await writer.commit(WriteBatch("b", 1, _events("table_created"), new_table=_table("b")))
        good = writer.commit(WriteBatch("a", 2, _events("action")))
        bad = writer.commit(WriteBatch("b", 1, _events("duplicate")))
        results = await asyncio.gather(good, bad, return_exceptions=True)
    finally:
        writer.stop()
    assert results[0] is None
    assert isinstance(results[1], IntegrityError)
    assert [e.kind for e in store.events("a")] == ["table_created", "action"]
    assert [e.kind for e in store.events("b")] == ["table_created"]


async def test_commit_needs_a_running_writer(tmp_path: Path) -> None:
    writer = EventWriter(EventStore(open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")))
    with pytest.raises(RuntimeError, match="not running"):
        await writer.commit(WriteBatch("t", 1, []))
    with pytest.raises(ValueError, match="unknown writer mode"):
        EventWriter(writer.store, mode="lazy")


def test_urls() -> None:
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("data/x.sqlite3") == "sqlite:///data/x.sqlite3"
    with pytest.raises(DatabaseURLError, match="unsupported"):
        normalise_url("mysql://u@h/db")
    with pytest.raises(DatabaseURLError, match="in-memory"):
        open_database("sqlite://")


def test_sqlite_file_and_folder_are_created(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "db.sqlite3"
    engine = open_database(f"sqlite:///{path}")
    EventStore(engine).write([WriteBatch("t1", 1, _events("table_created"), new_table=_table())])
    engine.dispose()
    assert path.exists()
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_sqlite_checkpoints_run_outside_commits(tmp_path: Path) -> None:
    from anaconda_poker.storage.database import Checkpointer

    path = tmp_path / "wal.sqlite3"
    engine = open_database(f"sqlite:///{path}")
    store = EventStore(engine)
    store.write([WriteBatch("t1", 1, _events("table_created"), new_table=_table())])
    for seq in range(2, 200):
        store.write([WriteBatch("t1", seq, _events("action"))])
    wal = Path(f"{path}-wal")
    assert wal.stat().st_size > 0  # no automatic checkpoint: the log holds the commits
    checkpointer = Checkpointer(engine, interval=0.01)
    checkpointer.start()
    checkpointer.stop()
    assert checkpointer.checkpoints >= 1
    with engine.connect() as conn:
        busy, log_frames, done = conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
    assert busy == 0 and log_frames == done  # everything is in the database file
    assert len(store.events("t1")) == 199
    engine.dispose()
