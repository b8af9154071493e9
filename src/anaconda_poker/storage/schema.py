"""Database schema (SQLAlchemy Core), identical on SQLite and PostgreSQL.

Five tables:

- ``poker_tables``: one row per game table: id, name, creation time, the table's settings as
  JSON (house rules, seats, stakes, timers, bots) and whether it is closed.
- ``table_events``: the event log: ``(table_id, seq)`` is unique and ``seq`` counts from 1
  per table; ``kind`` names the event, ``payload`` is JSON. Replaying a table's events in
  ``seq`` order rebuilds it exactly.
- ``hand_histories``: every finished hand as a full HAND_HISTORY.md document (with the deck,
  salt and commitment), written in the same transaction as its ``hand_finished`` event.
- ``table_leases``: which server node runs a table when several share one PostgreSQL
  (``storage/leases.py``, docs/deploy.md "Several nodes"): the owning process, its fencing
  token ``epoch`` (raised by every change of owner), when the lease expires (database clock,
  Unix seconds) and which node asked for the table. A single server never writes it.
- ``lobby_lines``: the cluster-wide lobby list when several nodes share one PostgreSQL
  (``storage/lobby_lines.py``): each table's line of ``GET /api/tables`` as its owner last
  published it (JSON), whether it is listed, the SHA-256 hashes of its seats' tokens
  (space-separated) and the lease epoch it was written under. A single server never writes it.

``table_events.epoch`` is the fencing token the event was appended under (``NULL`` on a
single server): along a table's ``seq`` it never goes down, which is the record that no two
nodes ever appended to one table at the same time.

JSON is stored as text so both back ends treat it the same way.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

poker_tables = Table(
    "poker_tables",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("settings", Text, nullable=False),
    Column("closed", Boolean, nullable=False, default=False),
)

table_events = Table(
    "table_events",
    metadata,
    Column(
        "id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    ),
    Column(
        "table_id", String(32), ForeignKey("poker_tables.table_id"), nullable=False, index=False
    ),
    Column("seq", Integer, nullable=False),
    Column("kind", String(32), nullable=False),
    Column("payload", Text, nullable=False),
    Column("at", Float, nullable=False),
    Column("epoch", BigInteger, nullable=True),
    UniqueConstraint("table_id", "seq", name="uq_table_events_table_seq"),
)

hand_histories = Table(
    "hand_histories",
    metadata,
    Column("table_id", String(32), ForeignKey("poker_tables.table_id"), primary_key=True),
    Column("hand_no", Integer, primary_key=True),
    Column("finished_at", Float, nullable=False),
    Column("summary", Text, nullable=False),
    Column("history", Text, nullable=False),
)

Index("ix_hand_histories_table", hand_histories.c.table_id, hand_histories.c.hand_no)

table_leases = Table(
    "table_leases",
    metadata,
    Column("table_id", String(32), ForeignKey("poker_tables.table_id"), primary_key=True),
    Column("owner", String(32), nullable=True),
    Column("owner_node", String(200), nullable=True),
    Column("epoch", BigInteger, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("wanted_by", String(32), nullable=True),
    Column("wanted_by_node", String(200), nullable=True),
)

Index("ix_table_leases_owner", table_leases.c.owner)

lobby_lines = Table(
    "lobby_lines",
    metadata,
    Column("table_id", String(32), ForeignKey("poker_tables.table_id"), primary_key=True),
    Column("epoch", BigInteger, nullable=False),
    Column("node", String(200), nullable=False),
    Column("listed", Boolean, nullable=False),
    Column("summary", Text, nullable=False),
    Column("token_hashes", Text, nullable=False),
    Column("updated_at", Float, nullable=False),
)
