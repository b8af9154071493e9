"""Fixtures of the server tests: a live server on a loopback port with a temporary SQLite file,
and (from ``tests/conftest.py``) a throwaway PostgreSQL server.

The helpers live in ``server_helpers.py`` (this folder is put on ``sys.path`` because the test
suite runs in importlib mode)."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from node_helpers import settings as node_settings
from server_helpers import LiveServer, local_settings, running_server


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'poker.sqlite3'}"


@pytest.fixture
async def live_server(db_url: str, tmp_path: Path) -> AsyncIterator[LiveServer]:
    async with running_server(local_settings(db_url, tmp_path)) as live:
        yield live


@pytest.fixture
async def nodes(fresh_postgres_url: str, tmp_path: Path) -> AsyncIterator[dict[str, LiveServer]]:
    """Two in-process server nodes, ``a`` and ``b``, on one throwaway PostgreSQL database
    (``node_helpers.settings``: no default table, no pauses)."""
    async with AsyncExitStack() as stack:
        a = await stack.enter_async_context(
            running_server(node_settings(fresh_postgres_url, tmp_path, "a"))
        )
        b = await stack.enter_async_context(
            running_server(node_settings(fresh_postgres_url, tmp_path, "b"))
        )
        yield {"a": a, "b": b}
