"""One server per SQLite file (issue 17 item 9): the lock file next to the database is held
for the life of the process, refused to a second process, shared inside one process, and
dropped by the kernel when its holder dies (``kill -9``: no stale lock)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from anaconda_poker.storage.lock import DatabaseLockedError, lock_database, lock_path

HOLD = textwrap.dedent(
    """
    import sys, time
    from anaconda_poker.storage.lock import lock_database
    lock_database(sys.argv[1])
    print("locked", flush=True)
    time.sleep(60)
    """
)


def _holder(url: str) -> subprocess.Popen[str]:
    """A child process that takes the lock and sleeps (killed by the test)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD, url], stdout=subprocess.PIPE, text=True, env=os.environ
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "locked"
    return proc


def test_lock_file_is_next_to_the_database(tmp_path: Path) -> None:
    assert lock_path(f"sqlite:///{tmp_path}/a.sqlite3") == (tmp_path / "a.sqlite3.lock").resolve()
    assert lock_path(str(tmp_path / "b.db")) == (tmp_path / "b.db.lock").resolve()
    assert lock_path("postgresql://u@127.0.0.1:5432/db") is None


def test_a_second_process_is_refused_until_the_first_is_killed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/game.sqlite3"
    proc = _holder(url)
    try:
        with pytest.raises(DatabaseLockedError) as refused:
            lock_database(url)
        message = str(refused.value)
        assert f"process {proc.pid}" in message
        assert str(tmp_path / "game.sqlite3.lock") in message
        assert "only one server" in message
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    lock = lock_database(url)  # the kernel dropped the dead holder's lock: nothing stale
    try:
        assert (tmp_path / "game.sqlite3.lock").read_text().strip() == str(os.getpid())
    finally:
        lock.release()


def test_one_process_shares_its_lock_and_releases_it_with_the_last_holder(
    tmp_path: Path,
) -> None:
    url = str(tmp_path / "game.sqlite3")
    first = lock_database(url)
    second = lock_database(url)  # the CLI, then the app's lifespan
    assert second is first
    first.release()
    probe = subprocess.run(
        [sys.executable, "-c", HOLD.replace("time.sleep(60)", ""), url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert probe.returncode == 1 and "DatabaseLockedError" in probe.stderr  # still held
    second.release()
    probe = subprocess.run(
        [sys.executable, "-c", HOLD.replace("time.sleep(60)", ""), url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert probe.returncode == 0 and probe.stdout.strip() == "locked"


def test_postgresql_is_not_locked_here() -> None:
    lock = lock_database("postgresql://poker@127.0.0.1:1/none")
    assert lock.path is None
    lock.release()
