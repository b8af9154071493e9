"""Alembic's environment: runs the revisions on the connection
:func:`anaconda_poker.storage.migrate.alembic_config` put in ``config.attributes``, or (when
the ``alembic`` command is pointed at this folder with ``sqlalchemy.url`` set) on a new
connection to that URL. SQLite runs in Alembic's batch mode (it cannot alter tables in
place)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from anaconda_poker.storage.database import normalise_url
from anaconda_poker.storage.schema import metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


_connection = context.config.attributes.get("connection")
if isinstance(_connection, Connection):
    _run(_connection)
else:
    _url = context.config.get_main_option("sqlalchemy.url")
    if not _url:
        raise RuntimeError("no connection given and no sqlalchemy.url configured")
    _engine = create_engine(normalise_url(_url))
    try:
        with _engine.begin() as _conn:
            _run(_conn)
    finally:
        _engine.dispose()
