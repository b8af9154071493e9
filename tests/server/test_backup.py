"""deploy/backup.sh (docs/deploy.md) takes a consistent backup of a running server's
database, and a server started on the restored copy has the same tables and hands."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import httpx
import pytest
from postgres_server import fresh_database
from server_helpers import LiveServer, create_table, running_server, seeded_policies

from anaconda_poker.server.settings import ServerSettings

BOTS = [{"seat": seat, "level": "heuristic"} for seat in (1, 2, 3)]
BACKUP = Path(__file__).resolve().parents[2] / "deploy" / "backup.sh"


def settings_for(url: str, static: Path) -> ServerSettings:
    return ServerSettings(
        database_url=url,
        static_dir=static,
        create_default_lobby=False,
        between_hands=0.0,
        policy_factory=seeded_policies(),
    )


async def backup(url: str, dest: Path, keep: int = 14) -> Path:
    done = await asyncio.to_thread(
        subprocess.run,
        ["bash", str(BACKUP), url, str(dest), str(keep)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = Path(done.stdout.strip().splitlines()[-1])
    assert out.exists() and out.parent == dest
    return out


async def table_and_hands(live: LiveServer, table_id: str) -> tuple[str, int]:
    async with httpx.AsyncClient(base_url=live.http) as http:
        info = await http.get(f"/api/tables/{table_id}")
        hands = await http.get(f"/api/tables/{table_id}/hands")
    assert info.status_code == 200, info.text
    assert hands.status_code == 200, hands.text
    return info.json()["name"], len(hands.json()["hands"])


async def test_sqlite_backup_of_a_running_server_restores(tmp_path: Path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    source = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    async with running_server(settings_for(source, static)) as live:
        table = await create_table(live, name="Backed up", bots=BOTS, seats=4)
        table_id = table["table"]["table_id"]
        copy = await backup(source, tmp_path / "backups")
        name, _ = await table_and_hands(live, table_id)
    assert copy.suffix == ".sqlite3"
    async with running_server(settings_for(f"sqlite:///{copy}", static)) as restored:
        restored_name, _ = await table_and_hands(restored, table_id)
    assert restored_name == name == "Backed up"


async def test_old_backups_are_pruned(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    static = tmp_path / "static"
    static.mkdir()
    async with running_server(settings_for(f"sqlite:///{db}", static)):
        pass
    dest = tmp_path / "backups"
    dest.mkdir()
    for stamp in ("20260101T000000Z", "20260102T000000Z", "20260103T000000Z"):
        (dest / f"anaconda-poker-{stamp}.sqlite3").write_bytes(b"old")
        await asyncio.sleep(0.01)  # distinct modification times
    newest = await backup(f"sqlite:///{db}", dest, keep=2)
    kept = sorted(p.name for p in dest.iterdir())
    assert len(kept) == 2 and newest.name in kept
    assert "anaconda-poker-20260103T000000Z.sqlite3" in kept


async def test_unknown_database_url_is_refused(tmp_path: Path) -> None:
    done = subprocess.run(
        ["bash", str(BACKUP), "mysql://x/y", str(tmp_path)], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "sqlite:///PATH or postgresql://" in done.stderr


@pytest.mark.postgres
async def test_postgres_backup_restores_into_a_new_database(
    fresh_postgres_url: str, postgres_url: str, tmp_path: Path
) -> None:
    static = tmp_path / "static"
    static.mkdir()
    async with running_server(settings_for(fresh_postgres_url, static)) as live:
        table = await create_table(live, name="On PostgreSQL", bots=BOTS, seats=4)
        table_id = table["table"]["table_id"]
        dump = await backup(fresh_postgres_url, tmp_path / "backups")
    assert dump.suffix == ".dump"
    with fresh_database(postgres_url) as target:
        restore = subprocess.run(
            ["pg_restore", "--no-owner", "--dbname", target, str(dump)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert restore.returncode == 0, restore.stderr
        async with running_server(settings_for(target, static)) as restored:
            name, _ = await table_and_hands(restored, table_id)
    assert name == "On PostgreSQL"
