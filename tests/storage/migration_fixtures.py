"""A database as the server wrote it before migrations existed (commit 69ff86c of main): the
DDL its ``metadata.create_all`` emitted on SQLite and on PostgreSQL, and the rows of one table
after one hand (host at seat 0 with its seat token, two bots), stored under
``data/pre_alembic/``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import Boolean, Column, Engine, MetaData, Table

DATA = Path(__file__).parent / "data" / "pre_alembic"


def snapshot() -> dict[str, Any]:
    """``{"table_id", "token", "ledger", "rows": {table name: [row dicts]}}``."""
    data: dict[str, Any] = json.loads((DATA / "rows.json").read_text(encoding="utf-8"))
    return data


def write_pre_alembic_database(engine: Engine, *, with_rows: bool = True) -> dict[str, Any]:
    """Create the pre-migration schema from the stored DDL (no ``alembic_version`` table) and,
    if ``with_rows``, insert the stored rows; returns :func:`snapshot`."""
    ddl = (DATA / f"{engine.dialect.name}.sql").read_text(encoding="utf-8")
    data = snapshot()
    with engine.begin() as conn:
        for statement in ddl.split(";"):
            if statement.strip():
                conn.exec_driver_sql(statement)
        if with_rows:
            reflected = MetaData()
            for name in ("poker_tables", "table_events", "hand_histories"):
                # reflected columns, except the flag: SQLite reflects BOOLEAN as a number
                table = Table(
                    name,
                    reflected,
                    *([Column("closed", Boolean)] if name == "poker_tables" else []),
                    autoload_with=conn,
                )
                if data["rows"][name]:
                    conn.execute(table.insert(), data["rows"][name])
        if engine.dialect.name == "postgresql":  # rows came with ids: move the sequence on
            conn.exec_driver_sql(
                "SELECT setval('table_events_id_seq', (SELECT max(id) FROM table_events))"
            )
    return data
