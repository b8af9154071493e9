"""Schema migrations: bring a database to the newest schema with Alembic.

The revisions ship inside the package (``storage/migrations/``) and Alembic is configured in
code (:func:`alembic_config`), so no ``alembic.ini`` is needed in the working folder.
:func:`upgrade_database` runs on every server start (``open_database``) and from
``anaconda-poker db upgrade``; it handles three kinds of database:

- **empty**: every revision runs from the baseline, creating the tables;
- **from before migrations** (written by a server without Alembic, so no ``alembic_version``
  table, but all of the baseline's tables): it is stamped with the baseline revision
  ``0001_baseline`` (nothing is created or changed) and then upgraded;
- **migrated**: the revisions after its stamped one run (none when it is at the head).

Everything happens in one transaction (PostgreSQL's DDL is transactional: a failing revision
leaves the database as it was). On PostgreSQL a transaction-scoped advisory lock
(:data:`MIGRATION_LOCK_KEY`) makes nodes starting together upgrade one after the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, text

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
"""The Alembic script folder shipped in the package."""

BASELINE_REVISION = "0001_baseline"
"""The revision equal to the schema before migrations existed."""

BASELINE_TABLES = frozenset({"poker_tables", "table_events", "hand_histories"})
"""The tables of the baseline revision (a database holding all of them and no
``alembic_version`` table was written by a server from before migrations)."""

MIGRATION_LOCK_KEY = 0x616E61636F6E6461  # "anaconda" in ASCII
"""PostgreSQL advisory-lock key (a bigint) held while a database is upgraded."""


class MigrationError(RuntimeError):
    """The database cannot be upgraded as it is: it holds some but not all of the baseline's
    tables without an ``alembic_version`` table, or it is stamped with a revision this
    version of the package does not know (written by a newer version)."""


@dataclass(frozen=True, slots=True)
class UpgradeResult:
    """What :func:`upgrade_database` did.

    Attributes:
        before: the revision the database was at (``None``: empty database), the baseline
            for a database from before migrations.
        after: the revision it is at now (the head, or the ``target`` asked for).
        stamped: the database came from before migrations and was stamped with the baseline.
    """

    before: str | None
    after: str | None
    stamped: bool


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for the shipped revisions, without any ``alembic.ini``.

    Args:
        connection: the connection ``env.py`` runs the revisions on (Alembic's "sharing a
            connection" recipe); ``None`` leaves it to ``sqlalchemy.url``.
    """
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest revision shipped with this package.

    Raises:
        alembic.util.exc.CommandError: the shipped revisions have several heads (a packaging
            mistake).
    """
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None  # the baseline always exists
    return head


def current_revision(connection: Connection) -> str | None:
    """The revision a database is stamped with (``None``: no ``alembic_version`` table)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade_database(engine: Engine, target: str = "head") -> UpgradeResult:
    """Upgrade the schema of ``engine``'s database to ``target`` (default: the newest).

    Args:
        engine: an engine from :func:`anaconda_poker.storage.database.open_database` (with
            ``create=False``) or any SQLite / PostgreSQL engine.
        target: an Alembic revision id, or ``"head"``.

    Returns:
        The revisions before and after, and whether a pre-migration database was stamped.

    Raises:
        MigrationError: the database is partly one of this project's (some baseline tables
            missing, no ``alembic_version``), or stamped with an unknown revision.
        sqlalchemy.exc.OperationalError: the database cannot be reached or the DDL failed
            (nothing is changed on PostgreSQL).
    """
    scripts = ScriptDirectory.from_config(alembic_config())
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
        config = alembic_config(conn)
        before = current_revision(conn)
        stamped = False
        if before is None:
            present = BASELINE_TABLES & set(inspect(conn).get_table_names())
            if present == BASELINE_TABLES:
                command.stamp(config, BASELINE_REVISION)
                before, stamped = BASELINE_REVISION, True
            elif present:
                raise MigrationError(
                    f"the database holds only some of this project's tables "
                    f"({', '.join(sorted(present))}; expected also "
                    f"{', '.join(sorted(BASELINE_TABLES - present))}) and no alembic_version "
                    f"table: it was not written by anaconda-poker, or damaged"
                )
        elif before not in {script.revision for script in scripts.walk_revisions()}:
            raise MigrationError(
                f"the database is at schema revision {before!r}, which this version of "
                f"anaconda-poker does not know (newest known: {scripts.get_current_head()!r}): "
                f"it was upgraded by a newer version"
            )
        if before != (scripts.get_current_head() if target == "head" else target):
            command.upgrade(config, target)
        after = current_revision(conn)
    return UpgradeResult(before=before, after=after, stamped=stamped)
