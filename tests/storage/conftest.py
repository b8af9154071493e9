"""Fixtures of the storage tests: ``postgres_url`` and ``fresh_postgres_url`` come from
``tests/conftest.py`` (a PostgreSQL server per test worker, see ``postgres_server.py``)."""
