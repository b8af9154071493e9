"""After a full disk the server resumes by itself (issue 17 item 10). Writes are refused at
the storage layer (every INSERT/UPDATE fails with the driver's real "disk full" error) while
bots play: the table stops, new tables and seats answer ``503 storage_unavailable`` with
``Retry-After``, nothing is changed. Once writes succeed again, the stopped tables are rebuilt
from their committed events without a restart (every chip accounted for, the same state an
independent replay of the database gives), their clients are told to reconnect, and new
tables can be created. On SQLite and on PostgreSQL, with the writer committing on the event
loop or from its thread."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import LiveServer, create_table, running_server, seeded_policies, ws_client
from sqlalchemy import Engine, event

from anaconda_poker.server.recovery import rebuild
from anaconda_poker.server.settings import ServerSettings
from anaconda_poker.server.table import Table


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'game.sqlite3'}"
    url: str = request.getfixturevalue("fresh_postgres_url")
    return url


class FullDisk:
    """Fault injection: while ``full``, every write statement fails with the driver's own
    disk-full error (wrapped by SQLAlchemy exactly like a real one)."""

    def __init__(self, engine: Engine) -> None:
        self.full = False
        self.refused = 0
        if engine.dialect.name == "sqlite":
            self.error: Callable[[], Exception] = lambda: sqlite3.OperationalError(
                "database or disk is full"
            )
        else:
            import psycopg

            self.error = lambda: psycopg.errors.DiskFull(
                "could not extend file: No space left on device"
            )
        event.listen(engine, "before_cursor_execute", self._check)

    def _check(self, _conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if self.full and statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            self.refused += 1
            raise self.error()


async def eventually(predicate: Callable[[], bool], what: str, timeout: float = 15.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if predicate():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting until {what}")


def replayed(live: LiveServer, table_id: str) -> Table:
    """The table rebuilt independently from what the database holds now."""
    store = live.lobby.store
    assert store is not None
    row = next(r for r in store.raw_tables() if r.table_id == table_id)
    return rebuild(row, store.raw_events(table_id), live.lobby.build_table)


def facts(table: Table) -> dict[str, Any]:
    """What a table's state comes to: log position, hand, stacks and chips."""
    return {
        "seq": table.seq,
        "hand_no": table.hand_no,
        "in_hand": table.in_hand,
        "stacks": [r.stack if r else None for r in table.seats],
        "chips": table.chip_total(),
        "bought_in": table.bought_in_total(),
    }


@pytest.mark.parametrize("writer_mode", ["immediate", "threaded"])
async def test_tables_resume_once_writes_succeed_again(
    database: str, writer_mode: str, tmp_path: Path
) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    settings = ServerSettings(
        database_url=database,
        static_dir=static,
        create_default_lobby=False,
        between_hands=0.0,
        policy_factory=seeded_policies(),
        create_rate_limit=None,
        writer_mode=writer_mode,
    )
    async with running_server(settings) as live:
        lobby = live.lobby
        store = lobby.store
        assert store is not None
        lobby.reviver.interval = 0.2
        disk = FullDisk(store.engine)
        bots = await create_table(
            live,
            name="Bots",
            host_plays=False,
            bots=[{"seat": 1, "level": "random"}, {"seat": 2, "level": "random"}],
        )
        bot_id = bots["table"]["table_id"]
        humans = await create_table(live, name="Humans")
        human_id = humans["table"]["table_id"]
        watcher = await ws_client(live, {"table_id": bot_id, "spectate": True})  # bots play
        await eventually(lambda: len(store.hands(bot_id)) >= 1, "a hand finished")

        disk.full = True
        old = lobby.tables[bot_id]
        await eventually(lambda: old.failed, "the bot table stopped")
        stopped = await watcher.until(lambda f: f["type"] == "error", timeout=5)
        assert stopped["code"] == "storage_unavailable"
        committed_hands = len(store.hands(bot_id))
        async with httpx.AsyncClient(base_url=live.http) as http:
            created = await http.post(
                "/api/tables", json={"name": "New", "host_name": "Ann", "action_timer": None}
            )
            seat = await http.post(f"/api/tables/{human_id}/seats", json={"name": "Bo"})
            again = await http.post(f"/api/tables/{human_id}/seats", json={"name": "Cy"})
        for response in (created, seat, again):
            assert response.status_code == 503, response.text
            assert response.headers["retry-after"] == "5"
            assert response.json()["error"]["code"] == "storage_unavailable"
        assert len(lobby.tables) == 2  # the refused table was not kept
        await asyncio.sleep(1.0)  # the reviver probes meanwhile and keeps failing
        assert lobby.tables[bot_id] is old and old.failed and lobby.reviver.revived == 0
        refused = disk.refused
        committed = len(store.events(bot_id))  # reads still work; nothing was added since

        # the rebuilt table as the reviver registers it, before it starts (it plays on at
        # once), next to an independent replay of the database at that same moment
        swapped: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
        register = lobby.register_table

        def spy(table: Table) -> None:
            swapped[table.table_id] = (facts(table), facts(replayed(live, table.table_id)))
            register(table)

        lobby.register_table = spy  # type: ignore[method-assign]
        disk.full = False
        await eventually(
            lambda: lobby.tables[bot_id] is not old and lobby.tables[human_id].seq > 0,
            "the tables were rebuilt",
        )
        assert refused > 2
        await eventually(lambda: not lobby.tables[human_id].failed, "the human table is back")
        assert lobby.reviver.revived == 2
        await asyncio.wait_for(watcher.ws.wait_closed(), 5)
        assert watcher.ws.close_code == 1012  # reconnect: the table restarted

        # it resumed from its committed state: what was committed before the disk filled up,
        # exactly what an independent replay of the database gives, every chip still there
        revived, fresh = swapped[bot_id]
        assert revived == fresh
        assert revived["seq"] == committed and revived["chips"] == revived["bought_in"] == 600
        assert swapped[human_id][0] == swapped[human_id][1]
        assert lobby.tables[bot_id].chip_total() == 600

        async with httpx.AsyncClient(base_url=live.http) as http:
            created = await http.post(
                "/api/tables", json={"name": "New", "host_name": "Ann", "action_timer": None}
            )
            assert created.status_code == 201, created.text
            seat = await http.post(f"/api/tables/{human_id}/seats", json={"name": "Bo"})
            assert seat.status_code == 201, seat.text
        watcher = await ws_client(live, {"table_id": bot_id, "spectate": True})
        await eventually(lambda: len(store.hands(bot_id)) > committed_hands, "the bots played on")
        table = lobby.tables[bot_id]
        assert table.chip_total() == table.bought_in_total()
        await watcher.close()
