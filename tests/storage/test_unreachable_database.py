"""A database that cannot be reached: ``serve`` and ``db`` say in two lines which address
(password masked), why, and what to check, and exit with status 5, instead of the driver's
~480-line traceback (issue 12's trial night)."""

from __future__ import annotations

import socket
import subprocess
import sys

import psycopg
import pytest
from sqlalchemy.exc import OperationalError

from anaconda_poker.cli.exit_codes import DATABASE_UNREACHABLE_EXIT
from anaconda_poker.storage.database import unreachable_lines


def _closed_port() -> int:
    """A loopback port where nothing listens (bound and released: refused at once)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "anaconda_poker", *args],
        capture_output=True,
        text=True,
        timeout=90,  # bounded: a refused connection answers at once
    )


@pytest.mark.parametrize("command", [["serve", "--port", "0"], ["db", "upgrade"]])
def test_a_refused_postgresql_is_two_clear_lines_and_status_5(command: list[str]) -> None:
    port = _closed_port()
    url = f"postgresql://poker:s3cret@127.0.0.1:{port}/poker"
    done = _run(*command, "--database", url)
    assert done.returncode == DATABASE_UNREACHABLE_EXIT, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 2, done.stderr
    assert "Traceback" not in done.stderr and "s3cret" not in done.stderr + done.stdout
    assert f"postgresql://poker:***@127.0.0.1:{port}/poker" in lines[0]
    assert "could not be reached: connection refused" in lines[0]
    assert f"127.0.0.1 port {port}" in lines[1] and "--database" in lines[1]


def test_a_missing_database_is_named(postgres_url: str) -> None:
    url = postgres_url.rsplit("/", 1)[0] + "/no_such_poker_db"
    done = _run("serve", "--port", "0", "--database", url)
    assert done.returncode == DATABASE_UNREACHABLE_EXIT, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 2, done.stderr
    assert "database 'no_such_poker_db' does not exist" in lines[0]
    assert "createdb" in lines[1]


def _wrapped(message: str) -> OperationalError:
    return OperationalError("connect", None, psycopg.OperationalError(message))


@pytest.mark.parametrize(
    ("message", "reason", "check"),
    [
        (
            'connection failed: FATAL:  password authentication failed for user "poker"',
            "authentication failed",
            "password",
        ),
        (
            'connection failed: FATAL:  role "poker" does not exist',
            "user 'poker' does not",
            "createuser",
        ),
        (
            'failed to resolve host "db.invalid": [Errno -2] Name or service not known',
            "unknown host 'db.invalid'",
            "host name",
        ),
        ("connection timeout expired", "no answer in time", "reachable"),
        ("something else entirely\nsecond line", "something else entirely", "check"),
    ],
)
def test_each_reason_says_what_to_check(message: str, reason: str, check: str) -> None:
    first, second = unreachable_lines(
        "postgresql://poker:s3cret@db.invalid/poker", _wrapped(message)
    )
    assert first.startswith("the database postgresql://poker:***@db.invalid/poker could not")
    assert reason in first and check in second
    assert "s3cret" not in first + second
