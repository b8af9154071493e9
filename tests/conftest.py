"""Fixtures shared by several test folders: a throwaway PostgreSQL server per test worker
(``storage/postgres_server.py``; that folder is put on ``sys.path`` because the suite runs in
importlib mode), used by the storage and the server tests."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "storage"))

from postgres_server import fresh_database, running_postgres


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """``postgresql://...`` of a throwaway server (skips if PostgreSQL cannot start)."""
    with running_postgres() as url:
        yield url


@pytest.fixture
def fresh_postgres_url(postgres_url: str) -> Iterator[str]:
    """A new, empty database on the session's server (one per test)."""
    with fresh_database(postgres_url) as url:
        yield url
