"""The server's build: what a page compares to notice that the server was upgraded under it.

``welcome`` carries :func:`build_id` (docs/protocol.md §4); the web client remembers the
first one it gets and, when a later ``welcome`` (a reconnect after a restart) names another,
shows "A new version is available — Reload" (``web/static/js/build.js``): a page left open
across an upgrade would otherwise keep running the old client code against the new server.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from anaconda_poker import __version__

WEB_CLIENT_DIR = Path(__file__).resolve().parent.parent / "web" / "static"


@functools.cache
def build_id(static_dir: Path = WEB_CLIENT_DIR) -> str:
    """``VERSION+HASH``: the package version and 12 hex digits of a hash of the web client's
    files (names and contents), so a changed client is a new build even without a new
    version number. Computed once per process."""
    digest = hashlib.sha256()
    if static_dir.is_dir():
        for path in sorted(p for p in static_dir.rglob("*") if p.is_file()):
            digest.update(path.relative_to(static_dir).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
    return f"{__version__}+{digest.hexdigest()[:12]}"


__all__ = ["build_id"]
