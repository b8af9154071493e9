"""Open a database from a URL: an embedded SQLite file (default) or PostgreSQL.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed transaction survives the
server process being killed (``kill -9``); only a power loss may lose the last commits.
PostgreSQL URLs (``postgresql://user@host:port/db``) are driven by psycopg 3.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.pool import ConnectionPoolEntry

from anaconda_poker.storage.schema import metadata


class DatabaseURLError(ValueError):
    """The database URL names a back end this project does not support."""


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


def _sqlite_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def open_database(url: str, *, create: bool = True) -> Engine:
    """Create an SQLAlchemy engine for ``url`` and (by default) create missing tables.

    For SQLite files the parent folder is created. ``sqlite://`` (in memory) is refused
    because the server's writer thread and readers need one shared database.

    Args:
        url: ``sqlite:///path/to/file.sqlite3``, a bare file path, or ``postgresql://...``.
        create: create the schema's tables if they do not exist.

    Raises:
        DatabaseURLError: unsupported scheme or an in-memory SQLite URL.
        sqlalchemy.exc.OperationalError: the database cannot be reached or opened.
    """
    full = make_url(normalise_url(url))
    if full.get_backend_name() == "sqlite":
        if not full.database or full.database == ":memory:":
            raise DatabaseURLError("an in-memory SQLite database cannot be shared; give a file")
        Path(full.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(full, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(full, pool_pre_ping=True)
    if create:
        metadata.create_all(engine)
    return engine
