"""Checking, before the first hand, that hand histories can be saved where asked."""

from __future__ import annotations

import tempfile
from pathlib import Path


class HistoryDirError(ValueError):
    """The folder for hand histories cannot be used; the message says why and what to do."""


def check_history_dir(path: Path) -> Path:
    """Create ``path`` (with its parents) if needed and prove that a file can be written in
    it, so that the first finished hand does not fail to save.

    Args:
        path: the folder for hand histories (``play --history-dir``).

    Returns:
        ``path``, which now exists and is writable.

    Raises:
        HistoryDirError: if ``path`` or one of its parents is a file, or the folder cannot
            be created or written (the message names the folder and the reason).
    """
    advice = "choose another folder with --history-dir, or play with --no-save"
    if path.exists() and not path.is_dir():
        raise HistoryDirError(f"--history-dir {path} is a file, not a folder: {advice}")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        raise HistoryDirError(
            f"--history-dir {path} cannot be used for hand histories ({reason}): {advice}"
        ) from None
    return path
