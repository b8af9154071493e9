"""``anaconda-poker db``: the database's schema.

Example::

    anaconda-poker db upgrade --database postgresql://poker@localhost/poker
    anaconda-poker db current

``upgrade`` brings the schema to the newest revision (``serve`` does the same at every
start; run it by hand to upgrade before starting a new version, or to see what it does).
A database from before migrations is recognised and stamped (``storage/migrate.py``).
"""

from __future__ import annotations

import typer

from anaconda_poker.cli.app import app
from anaconda_poker.cli.exit_codes import (
    DATABASE_LOCKED_EXIT,
    DATABASE_UNREACHABLE_EXIT,
    MIGRATION_FAILED_EXIT,
)
from anaconda_poker.server.settings import DEFAULT_DATABASE_PATH

db_app = typer.Typer(help="The database's schema: upgrade it, show its revision.")
app.add_typer(db_app, name="db")

_DATABASE = typer.Option(
    f"sqlite:///{DEFAULT_DATABASE_PATH}",
    "--database",
    envvar="ANACONDA_POKER_DATABASE",
    help="sqlite:///PATH (default under ./data/) or postgresql://user@host/db.",
)


@db_app.command()
def upgrade(database: str = _DATABASE) -> None:
    """Upgrade the database's schema to the newest revision (creating it if empty).

    Exit status 2 for a bad URL, 3 when a running server holds the SQLite file, 4 when the
    schema cannot be upgraded, 5 when the database cannot be reached (the message says why).
    """
    from anaconda_poker.cli.serve import say_unreachable
    from anaconda_poker.storage.database import (
        DatabaseUnreachableError,
        DatabaseURLError,
        check_reachable,
        open_database,
    )
    from anaconda_poker.storage.lock import DatabaseLockedError, lock_database
    from anaconda_poker.storage.migrate import MigrationError, upgrade_database

    try:
        lock = lock_database(database)
    except DatabaseURLError as exc:
        typer.echo(f"--database: {exc}", err=True)
        raise typer.Exit(2) from None
    except (DatabaseLockedError, OSError) as exc:
        typer.echo(f"cannot upgrade: {exc}", err=True)
        raise typer.Exit(DATABASE_LOCKED_EXIT) from None
    try:
        engine = open_database(database, create=False)
        try:
            check_reachable(engine, database)
            result = upgrade_database(engine)
        finally:
            engine.dispose()
    except MigrationError as exc:
        typer.echo(f"cannot upgrade: {exc}", err=True)
        raise typer.Exit(MIGRATION_FAILED_EXIT) from None
    except DatabaseUnreachableError as exc:
        say_unreachable("cannot upgrade", exc.lines)
        raise typer.Exit(DATABASE_UNREACHABLE_EXIT) from None
    finally:
        lock.release()
    if result.stamped:
        typer.echo(f"recognised a database from before migrations: stamped {result.before}")
    if result.before == result.after:
        typer.echo(f"schema revision {result.after} (the newest): nothing to do")
    else:
        typer.echo(f"schema upgraded from {result.before or '(empty)'} to {result.after}")


@db_app.command()
def current(database: str = _DATABASE) -> None:
    """Print the database's schema revision and the newest one this version knows."""
    from anaconda_poker.cli.serve import say_unreachable
    from anaconda_poker.storage.database import (
        DatabaseUnreachableError,
        DatabaseURLError,
        check_reachable,
        open_database,
    )
    from anaconda_poker.storage.migrate import current_revision, head_revision

    try:
        engine = open_database(database, create=False)
    except DatabaseURLError as exc:
        typer.echo(f"--database: {exc}", err=True)
        raise typer.Exit(2) from None
    try:
        check_reachable(engine, database)
    except DatabaseUnreachableError as exc:
        engine.dispose()
        say_unreachable("cannot read the revision", exc.lines)
        raise typer.Exit(DATABASE_UNREACHABLE_EXIT) from None
    try:
        with engine.connect() as conn:
            revision = current_revision(conn)
    finally:
        engine.dispose()
    typer.echo(f"database: {revision or '(none: empty, or from before migrations)'}")
    typer.echo(f"newest:   {head_revision()}")
