"""A throwaway PostgreSQL server for tests: ``initdb`` + ``pg_ctl`` in a temporary folder, on a
free loopback port.

Debian's binaries live in ``/usr/lib/postgresql/<version>/bin`` (``scripts/install-system-
deps.sh`` installs the ``postgresql`` package). PostgreSQL refuses to run as root, so under
root the server runs as the ``postgres`` system user. When no server can be started the
tests that need it are skipped with the reason.

Used by the fixtures of ``tests/storage/conftest.py`` and ``tests/server/conftest.py``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest


def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return candidates[0] if candidates else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _demote(uid: int, gid: int) -> Callable[[], None]:
    def run() -> None:
        os.setgid(gid)
        os.setuid(uid)

    return run


@contextlib.contextmanager
def running_postgres() -> Iterator[str]:
    """``postgresql://...`` of a fresh server's ``postgres`` database; skips the test if
    PostgreSQL cannot start; stops and deletes the server afterwards."""
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip(
            "PostgreSQL binaries (initdb, pg_ctl) not found; run scripts/install-system-deps.sh"
        )
    preexec = None
    user = pwd.getpwuid(os.getuid()).pw_name
    base = Path(tempfile.mkdtemp(prefix="anaconda-pg-"))
    if os.getuid() == 0:
        try:
            entry = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no 'postgres' user to run PostgreSQL as")
        os.chown(base, entry.pw_uid, entry.pw_gid)
        preexec = _demote(entry.pw_uid, entry.pw_gid)
        user = "postgres"
    data = base / "data"
    port = _free_port()
    env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
    try:
        subprocess.run(
            [initdb, "-D", str(data), "-U", user, "--auth=trust", "-E", "UTF8", "--no-sync"],
            check=True,
            capture_output=True,
            preexec_fn=preexec,
            env=env,
            timeout=120,
        )
        options = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off"
        subprocess.run(
            [
                pg_ctl,
                "-D",
                str(data),
                "-o",
                options,
                "-l",
                str(base / "log"),
                "-w",
                "-t",
                "60",
                "start",
            ],
            check=True,
            capture_output=True,
            preexec_fn=preexec,
            env=env,
            timeout=120,
        )
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        shutil.rmtree(base, ignore_errors=True)
        pytest.skip(f"PostgreSQL could not start: {exc} {detail.decode(errors='replace')[-300:]}")
    try:
        yield f"postgresql://{user}@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
            preexec_fn=preexec,
            env=env,
            timeout=60,
        )
        shutil.rmtree(base, ignore_errors=True)


@contextlib.contextmanager
def fresh_database(postgres_url: str) -> Iterator[str]:
    """A new, empty database on the server (dropped afterwards)."""
    import psycopg

    name = f"t_{os.urandom(6).hex()}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    yield postgres_url.rsplit("/", 1)[0] + f"/{name}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
