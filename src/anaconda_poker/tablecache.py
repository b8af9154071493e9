"""The hand evaluator's tables, built once per machine and kept in a cache file.

Building the evaluation tables (:func:`anaconda_poker.core.evaluation.tables.build_tables`)
costs about 0.35 s of CPU time, which every process paid on its first evaluation: each
arena worker, each Ray task's process, the server, every test worker. The pure core does no
I/O, so this outer module supplies the tables to it (``set_tables_provider``, registered
when the package is imported): the first process on a machine builds them and writes
them to ``tables-<hash>.npz`` in the user cache directory (``platformdirs``:
``~/.cache/anaconda-poker`` on Linux, ``~/Library/Caches/anaconda-poker`` on macOS,
``%LOCALAPPDATA%\\anaconda-poker\\Cache`` on Windows); later processes read the file
(about a millisecond, plus a checksum).

Validation, so that a stale or damaged file is never used:

* the file name and a field inside carry a **source hash**: SHA-256 of the source of the
  modules that define the tables (``tables.py``, ``rank_keys.py``, ``scores.py``) and of
  this module's format number. Changing how the tables are built changes the hash, so
  an old file is simply not the file looked for;
* a **content hash** (SHA-256 of every array's dtype, shape and bytes) is stored beside
  the arrays and checked on every read; a truncated or altered file fails it;
* any failure (missing, unreadable, malformed, wrong hash, unwritable directory) falls
  back to building the tables in memory, then tries to (re)write the file. Writes go to a
  temporary file renamed into place, so concurrent processes never read half a file.

``ANACONDA_POKER_CACHE_DIR`` chooses another directory; ``ANACONDA_POKER_CACHE_DIR=off``
turns the cache off (every process builds).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import zipfile
from pathlib import Path

import numpy as np
import numpy.typing as npt
import platformdirs

from anaconda_poker.core.evaluation import rank_keys, scores, tables
from anaconda_poker.core.evaluation.tables import (
    ARRAY_NAMES,
    Tables,
    build_tables,
    set_tables_provider,
    tables_from_arrays,
)

FORMAT = 1
"""Bumped when the file layout changes."""
ENVIRONMENT = "ANACONDA_POKER_CACHE_DIR"
"""Environment variable: the cache directory, or ``off``."""
_SOURCES = (tables, rank_keys, scores)


def source_hash() -> str:
    """SHA-256 (hex) of the table-building modules' source and :data:`FORMAT`."""
    digest = hashlib.sha256(f"anaconda-poker tables format {FORMAT}\n".encode())
    for module in _SOURCES:
        digest.update(Path(str(module.__file__)).read_bytes())
    return digest.hexdigest()


def content_hash(arrays: dict[str, npt.NDArray[np.generic]]) -> str:
    """SHA-256 (hex) of the arrays of :data:`ARRAY_NAMES`: names, dtypes, shapes, bytes."""
    digest = hashlib.sha256()
    for name in ARRAY_NAMES:
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}\n".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def cache_dir() -> Path | None:
    """The cache directory (``None`` when turned off by :data:`ENVIRONMENT`)."""
    chosen = os.environ.get(ENVIRONMENT)
    if chosen is not None and chosen.strip().lower() == "off":
        return None
    if chosen:
        return Path(chosen)
    return Path(platformdirs.user_cache_dir("anaconda-poker", appauthor=False))


def cache_path() -> Path | None:
    """The cache file for the current sources (``None`` when the cache is off)."""
    directory = cache_dir()
    if directory is None:
        return None
    return directory / f"tables-{source_hash()[:16]}.npz"


def read_tables(path: Path) -> Tables:
    """The tables stored at ``path``.

    Raises:
        OSError: the file cannot be read.
        ValueError: not a table file, another source hash, or a content hash mismatch
            (a damaged file).
        zipfile.BadZipFile: the archive itself is damaged (its CRC fails).
    """
    with np.load(path, allow_pickle=False) as stored:
        files = set(stored.files)
        if not {"source_hash", "content_hash", *ARRAY_NAMES} <= files:
            raise ValueError(f"{path} is not an evaluation table cache")
        if str(stored["source_hash"]) != source_hash():
            raise ValueError(f"{path} was built by other sources")
        arrays = {name: stored[name] for name in ARRAY_NAMES}
        if str(stored["content_hash"]) != content_hash(arrays):
            raise ValueError(f"{path} is damaged (content hash mismatch)")
    return tables_from_arrays(arrays)


def write_tables(path: Path, built: Tables) -> None:
    """Store ``built`` at ``path`` atomically (a temporary file renamed into place).

    Raises:
        OSError: the directory cannot be created or written.
    """
    arrays: dict[str, npt.NDArray[np.generic]] = {
        name: getattr(built, name) for name in ARRAY_NAMES
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tables-", suffix=".npz")
    try:
        with os.fdopen(handle, "wb") as out:
            fields: dict[str, npt.NDArray[np.generic]] = {
                "source_hash": np.array(source_hash()),
                "content_hash": np.array(content_hash(arrays)),
                **arrays,
            }
            # plain arrays and strings, nothing pickled (the stubs mistake ** for allow_pickle)
            np.savez(out, **fields)  # type: ignore[arg-type]
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load_tables() -> Tables:
    """The tables from the cache file when it is valid, else built (and the file written
    when the directory allows it). Never raises for cache trouble."""
    path = cache_path()
    if path is None:
        return build_tables()
    try:
        return read_tables(path)
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        pass  # missing or invalid: rebuild below
    built = build_tables()
    # a read-only or full disk: the tables work from memory all the same
    with contextlib.suppress(OSError):
        write_tables(path, built)
    return built


def install() -> None:
    """Make :func:`load_tables` the core's way to obtain the tables (idempotent)."""
    set_tables_provider(load_tables)
