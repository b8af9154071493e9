"""One server per SQLite file: an exclusive lock held for the life of the process.

Two server processes writing the same SQLite file would each rebuild the tables into memory
and then deal, act and commit independently: split-brain tables whose views disagree (issue
17 item 9). :func:`lock_database` takes an exclusive, non-blocking ``flock`` on the file
``<database>.lock`` next to the database and keeps it until :meth:`DatabaseLock.release`
(or the process ends). The kernel drops the lock when the process dies, ``kill -9``
included, so a crashed server never leaves a stale lock behind; the lock file itself stays
and is harmless. The file holds the owner's process id, for the message a second server
prints.

PostgreSQL databases are not locked here (several nodes on one PostgreSQL server are the
multi-node mode's business). On a platform without ``fcntl`` (Windows) no lock is taken and a
warning is logged.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy.engine import make_url

from anaconda_poker.storage.database import normalise_url

log = logging.getLogger("anaconda_poker.storage")

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class DatabaseLockedError(RuntimeError):
    """Another process holds the database's lock (its message names the lock file and, when
    known, the other process's id)."""


@dataclass(slots=True)
class DatabaseLock:
    """A held lock (see :func:`lock_database`); release it once, when the server stops.

    Attributes:
        path: the lock file (``<database>.lock``), or ``None`` when nothing was locked
            (PostgreSQL, no ``fcntl``).
    """

    path: Path | None
    _fd: int | None = None
    _holders: int = field(default=0, repr=False)

    def release(self) -> None:
        """Give one hold back; the lock is released when the last holder of this process
        lets go. Idempotent per holder."""
        if self.path is None:
            return
        with _REGISTRY_LOCK:
            self._holders -= 1
            if self._holders > 0 or self._fd is None:
                return
            _REGISTRY.pop(self.path, None)
            fd, self._fd = self._fd, None
        os.close(fd)  # closing the descriptor drops the flock


_REGISTRY: dict[Path, DatabaseLock] = {}
"""Locks this process holds, by lock file: a second holder in the same process (the CLI, then
the app's lifespan) shares the lock instead of refusing itself."""
_REGISTRY_LOCK = threading.Lock()


def lock_path(url: str) -> Path | None:
    """The lock file of a database URL: ``<file>.lock`` for SQLite, ``None`` otherwise.

    Raises:
        DatabaseURLError: an unsupported URL (see :func:`normalise_url`).
    """
    full = make_url(normalise_url(url))
    if full.get_backend_name() != "sqlite" or not full.database or full.database == ":memory:":
        return None
    database = Path(full.database).expanduser().resolve()
    return database.with_name(database.name + ".lock")


def lock_database(url: str) -> DatabaseLock:
    """Take the exclusive lock of a SQLite database for this process.

    Args:
        url: the database URL (``sqlite:///PATH``, a bare path or ``postgresql://...``).

    Returns:
        The held lock (for PostgreSQL an empty one: nothing to release).

    Raises:
        DatabaseLockedError: another process holds the lock.
        OSError: the lock file cannot be created (e.g. a read-only folder).
    """
    path = lock_path(url)
    if path is None:
        return DatabaseLock(None)
    if fcntl is None:  # pragma: no cover - Windows
        log.warning("cannot lock %s on this platform; run one server per database", path)
        return DatabaseLock(None)
    with _REGISTRY_LOCK:
        held = _REGISTRY.get(path)
        if held is not None:
            held._holders += 1
            return held
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            owner = _read_owner(fd)
            os.close(fd)
            who = f"process {owner}" if owner else "another process"
            raise DatabaseLockedError(
                f"the database is in use by {who} (lock file {path}); only one server may "
                "use a SQLite database at a time: stop the other server or give another "
                "--database"
            ) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        lock = DatabaseLock(path, fd, 1)
        _REGISTRY[path] = lock
        return lock


def _read_owner(fd: int) -> str:
    """The process id written in a lock file ('' if unreadable)."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return text if text.isdigit() else ""
