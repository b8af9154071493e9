"""Open a database from a URL: an embedded SQLite file (default) or PostgreSQL.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed transaction survives the
server process being killed (``kill -9``); only a power loss may lose the last commits.
Checkpoints (copying the log into the database file) run in a :class:`Checkpointer` thread.
PostgreSQL URLs (``postgresql://user@host:port/db``) are driven by psycopg 3.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.pool import ConnectionPoolEntry

log = logging.getLogger("anaconda_poker.storage")


class DatabaseURLError(ValueError):
    """The database URL names a back end this project does not support."""


class DatabaseUnreachableError(RuntimeError):
    """The first connection to the database failed; ``lines`` say where, why and what to
    check (:func:`unreachable_lines`)."""

    def __init__(self, url: str, cause: BaseException) -> None:
        self.lines = unreachable_lines(url, cause)
        super().__init__(self.lines[0])


def normalise_url(url: str) -> str:
    """Map user-facing URLs to SQLAlchemy driver URLs.

    ``postgresql://`` and ``postgres://`` become ``postgresql+psycopg://``; ``sqlite:///path``
    is kept. A bare path (``data/game.sqlite3``) is taken as a SQLite file.

    Raises:
        DatabaseURLError: for any other scheme.
    """
    if "://" not in url:
        return f"sqlite:///{url}"
    scheme, rest = url.split("://", 1)
    if scheme in ("postgresql", "postgres", "postgresql+psycopg"):
        return f"postgresql+psycopg://{rest}"
    if scheme == "sqlite":
        return url
    raise DatabaseURLError(
        f"unsupported database URL scheme {scheme!r}: use sqlite:///PATH or postgresql://..."
    )


def printable_url(url: str) -> str:
    """The database URL as it may be printed or logged: any password replaced by ``***``.

    ``postgresql://poker:s3cret@db/poker`` becomes ``postgresql://poker:***@db/poker`` (the
    scheme as the user gave it); a URL SQLAlchemy cannot parse is printed only up to its
    scheme, since its password (if any) cannot be located with certainty.
    """
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):  # unparsable: print only what is surely safe
        scheme = url.split("://", 1)[0] if "://" in url else "sqlite"
        return f"{scheme}://(unparsable address)"
    if parsed.password is None:
        return url
    return parsed.render_as_string(hide_password=True)


POSTGRES_CONNECT_TIMEOUT = 10
"""Seconds a PostgreSQL connection attempt may take (unless the URL sets ``connect_timeout``):
a host that drops packets would otherwise hold ``serve`` for the system's TCP timeout."""


def unreachable_lines(url: str, exc: BaseException) -> list[str]:
    """Two lines saying that the database at ``url`` could not be reached, why, and what to
    check: what ``serve`` and ``db`` print instead of the driver's traceback.

    The address is :func:`printable_url` (no password); the reason is recognised from the
    driver's SQLSTATE or message (connection refused, authentication failed, database or
    user does not exist, unknown host, no answer in time), otherwise its first line.

    >>> unreachable_lines("postgresql://poker:pw@db:5433/poker", OSError("Connection refused"))[0]
    'the database postgresql://poker:***@db:5433/poker could not be reached: connection refused'
    """
    cause = getattr(exc, "orig", None) or exc  # SQLAlchemy's DBAPIError wraps the driver's
    sqlstate = getattr(cause, "sqlstate", None)
    text = str(cause)
    low = text.lower()
    host, port, name, user = "the host", "", "", ""
    with contextlib.suppress(ArgumentError, ValueError):
        parsed = make_url(normalise_url(url))
        host = parsed.host or "the local socket"
        port = str(parsed.port or (5432 if parsed.get_backend_name() == "postgresql" else ""))
        name, user = parsed.database or "", parsed.username or ""
    where = f"{host} port {port}" if port else host
    if "role" in low and "does not exist" in low:
        reason = f"user {user!r} does not exist"
        check = "create the user (createuser) or fix the user name in the URL"
    elif sqlstate in ("28P01", "28000") or "authentication failed" in low or "no password" in low:
        reason = "authentication failed"
        check = (
            f"check the user name and password in the URL (user {user!r}) and the server's "
            "pg_hba.conf"
        )
    elif sqlstate == "3D000" or ("database" in low and "does not exist" in low):
        reason = f"database {name!r} does not exist"
        check = f"create it (createdb -O {user or 'USER'} {name or 'NAME'}) or fix its name"
    elif "connection refused" in low:
        reason = "connection refused"
        check = (
            f"check that the database server runs and listens on {where} (listen_addresses, "
            "firewall)"
        )
    elif "translate host name" in low or "name or service not known" in low:
        reason = f"unknown host {host!r}"
        check = "check the host name in the URL"
    elif "timeout" in low or "timed out" in low:
        reason = "no answer in time"
        check = f"check that {where} is reachable from this machine (address, firewall)"
    else:
        reason = text.strip().splitlines()[0] if text.strip() else type(cause).__name__
        check = "check the database server and the URL"
    return [
        f"the database {printable_url(url)} could not be reached: {reason}",
        f"{check}; or give another --database (or ANACONDA_POKER_DATABASE).",
    ]


def check_reachable(engine: Engine, url: str) -> None:
    """Open (and close) one connection to ``engine``'s database.

    Raises:
        DatabaseUnreachableError: it failed (refused, authentication, no such database...).
    """
    try:
        with engine.connect():
            pass
    except DBAPIError as exc:
        raise DatabaseUnreachableError(url, exc) from exc


def _sqlite_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    # checkpoints run in a background thread (Checkpointer), never inside a commit on the
    # server's event loop: a checkpoint syncs the database file and may take a while
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


class Checkpointer:
    """Copies a SQLite write-ahead log back into the database file from a background thread.

    ``PRAGMA wal_checkpoint(PASSIVE)`` every ``interval`` seconds: it never waits for readers
    or writers, and SQLite releases the GIL while it works, so the event loop committing the
    server's events is never blocked by a file sync. Does nothing for other databases.

    Args:
        engine: from :func:`open_database`.
        interval: seconds between checkpoints.
    """

    def __init__(self, engine: Engine, *, interval: float = 1.0) -> None:
        self.engine = engine
        self.interval = interval
        self.checkpoints = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start the thread (SQLite only; idempotent)."""
        if self.engine.dialect.name != "sqlite" or self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Run a last checkpoint and stop the thread (blocking)."""
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join()
        self._thread = None

    def checkpoint(self) -> None:
        """One passive checkpoint now.

        Raises:
            sqlalchemy.exc.OperationalError: the database failed.
        """
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        self.checkpoints += 1

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.checkpoint()
            except Exception:  # a busy or failing database: try again next time
                log.warning("SQLite checkpoint failed", exc_info=True)
        with contextlib.suppress(Exception):
            self.checkpoint()


def open_database(url: str, *, create: bool = True) -> Engine:
    """Create an SQLAlchemy engine for ``url`` and (by default) upgrade its schema.

    For SQLite files the parent folder is created. ``sqlite://`` (in memory) is refused
    because the server's writer thread and readers need one shared database.

    Args:
        url: ``sqlite:///path/to/file.sqlite3``, a bare file path, or ``postgresql://...``.
        create: bring the schema to the newest revision with
            :func:`anaconda_poker.storage.migrate.upgrade_database` (an empty database gets
            every table, one from before migrations is stamped and upgraded).

    Raises:
        DatabaseURLError: unsupported scheme or an in-memory SQLite URL.
        sqlalchemy.exc.OperationalError: the database cannot be reached or opened.
        anaconda_poker.storage.migrate.MigrationError: the schema cannot be upgraded (see
            there).
    """
    full = make_url(normalise_url(url))
    if full.get_backend_name() == "sqlite":
        if not full.database or full.database == ":memory:":
            raise DatabaseURLError("an in-memory SQLite database cannot be shared; give a file")
        Path(full.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(full, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        timeout = (
            {} if "connect_timeout" in full.query else {"connect_timeout": POSTGRES_CONNECT_TIMEOUT}
        )
        engine = create_engine(full, pool_pre_ping=True, connect_args=timeout)
    if create:
        from anaconda_poker.storage.migrate import upgrade_database  # imports Alembic

        upgrade_database(engine)
    return engine
