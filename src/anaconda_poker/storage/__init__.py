"""Persistence: the event store of the game server (SQLAlchemy 2; SQLite file or PostgreSQL).

Every table is event-sourced: :mod:`anaconda_poker.storage.schema` defines the tables,
:mod:`anaconda_poker.storage.database` opens a database from a URL, and
:mod:`anaconda_poker.storage.event_store` appends events (group-committed by a writer thread)
and reads them back to rebuild tables after a restart.
"""
