"""Two ``anaconda-poker serve`` processes on one SQLite file (issue 17 item 9): the second
refuses to start with a clear message and exit status 3 while the first keeps serving; once
the first is killed (``kill -9``), a new server starts on the same file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
from test_recovery import ServerProcess

from anaconda_poker.cli.exit_codes import DATABASE_LOCKED_EXIT


async def test_a_second_server_on_the_same_sqlite_file_refuses_to_start(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'game.sqlite3'}"
    first = ServerProcess(database, tmp_path)
    try:
        live = await first.start()
        command = [
            sys.executable, "-c", "from anaconda_poker.cli.main import main; main()", "serve",
            "--host", "127.0.0.1", "--port", "0", "--database", database,
            "--no-default-lobby", "--static-dir", str(tmp_path),
        ]  # fmt: skip
        second = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
        )
        assert second.returncode == DATABASE_LOCKED_EXIT == 3
        assert "serving at" not in second.stdout
        assert "cannot start: the database is in use by process" in second.stderr
        assert "game.sqlite3.lock" in second.stderr
        async with httpx.AsyncClient(base_url=live.http) as http:
            assert (await http.get("/api/health")).status_code == 200  # the first still serves

        first.kill()
        live = await first.start()  # the dead server's lock went with it
        async with httpx.AsyncClient(base_url=live.http) as http:
            assert (await http.get("/api/health")).status_code == 200
    finally:
        first.stop()
