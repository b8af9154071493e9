"""Exit statuses of the ``anaconda-poker`` subcommands beyond Typer's own (0 success,
2 bad usage), shared by ``serve`` and ``db`` (both upgrade and lock the database)."""

from __future__ import annotations

DATABASE_LOCKED_EXIT = 3
"""Exit status when the database cannot be locked (another server uses the SQLite file)."""

MIGRATION_FAILED_EXIT = 4
"""Exit status when the schema cannot be upgraded (``MigrationError``)."""

DATABASE_UNREACHABLE_EXIT = 5
"""Exit status when the database cannot be reached (refused, authentication failed, no such
database): two lines say which address (password masked), why, and what to check."""

__all__ = ["DATABASE_LOCKED_EXIT", "DATABASE_UNREACHABLE_EXIT", "MIGRATION_FAILED_EXIT"]
