"""Fixtures shared by several test folders: a throwaway PostgreSQL server per test worker
(``storage/postgres_server.py``; that folder is put on ``sys.path`` because the suite runs in
importlib mode), used by the storage and the server tests.

Bot failures are loud in tests: ``ANACONDA_POKER_STRICT_BOTS`` is set (inherited by server
subprocesses too), so a bot that raises or chooses an illegal action fails the test instead
of being replaced by the hosts' fallback action (``anaconda_poker.bots.fallback``)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "storage"))
os.environ.setdefault("ANACONDA_POKER_STRICT_BOTS", "1")

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
