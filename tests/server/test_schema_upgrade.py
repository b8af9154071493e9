"""A database written by the server before migrations existed (stored DDL and rows from main
at 69ff86c, ``tests/storage/data/pre_alembic/``) is upgraded when the server starts, its table
is rebuilt with the same ledger, the host's old seat token still holds seat 0, and hand 2
plays to its end with every chip accounted for; its history verifies. On SQLite and on a real
PostgreSQL."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import httpx
import pytest
from server_helpers import play_over_websocket, running_server, seeded_policies, ws_client

sys.path.insert(0, str(Path(__file__).parents[1] / "storage"))

from migration_fixtures import write_pre_alembic_database

from anaconda_poker.core.fairness_v3 import verify_any
from anaconda_poker.server.settings import ServerSettings
from anaconda_poker.storage.database import open_database
from anaconda_poker.storage.migrate import current_revision, head_revision


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.sqlite3'}"
    url: str = request.getfixturevalue("fresh_postgres_url")
    return url


async def test_a_pre_migration_database_upgrades_rebuilds_and_plays_on(
    database: str, tmp_path: Path
) -> None:
    engine = open_database(database, create=False)
    data = write_pre_alembic_database(engine)
    with engine.connect() as conn:
        assert current_revision(conn) is None
    engine.dispose()
    table_id = data["table_id"]
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    settings = ServerSettings(
        database_url=database,
        static_dir=tmp_path,
        create_default_lobby=False,
        between_hands=0.0,
        policy_factory=seeded_policies(),
        rate_limit=(1000.0, 1000.0),
    )
    async with running_server(settings) as live:
        table = live.lobby.table(table_id)
        # rebuilt exactly from the old events; the ledger's later columns (the host's
        # adjustments and removals, issue 12 §2) are zero and false for a table without them
        rebuilt = table.ledger()
        old_rows = data["ledger"]
        assert len(rebuilt) == len(old_rows)
        pairs = zip(rebuilt, old_rows, strict=True)
        assert [{k: row[k] for k in old} for row, old in pairs] == old_rows
        assert all(row["adjustments"] == 0 and row["removed"] is False for row in rebuilt)
        assert table.stats.hands_finished == 0  # counted by this process only
        host = await ws_client(live, {"token": data["token"]})
        welcome = await host.until(lambda f: f["type"] == "welcome")
        assert welcome["seat"] == 0
        await host.send({"type": "next_hand"})
        await play_over_websocket(
            host, random.Random(5), until=lambda: table.stats.hands_finished >= 1
        )
        await host.close()
        ledger = table.ledger()
        assert [row["hands"] for row in ledger] == [2, 2, 2]
        assert sum(row["stack"] for row in ledger) == sum(
            row["bought_in"] for row in ledger
        )  # no rebuys: the chips bought in are all on the table
        assert ledger != data["ledger"]
        async with httpx.AsyncClient(base_url=live.http) as http:
            for hand_no in (1, 2):
                response = await http.get(
                    f"/api/tables/{table_id}/hands/{hand_no}",
                    headers={"Authorization": f"Bearer {data['token']}"},
                )
                assert response.status_code == 200, response.text
                assert verify_any(response.json()).ok  # the host's own version
    engine = open_database(database, create=False)
    with engine.connect() as conn:
        assert current_revision(conn) == head_revision()
    engine.dispose()
