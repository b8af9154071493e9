"""Fixtures of the server tests: a live server on a loopback port with a temporary SQLite file,
and (from ``tests/conftest.py``) a throwaway PostgreSQL server.

The helpers live in ``server_helpers.py`` (this folder is put on ``sys.path`` because the test
suite runs in importlib mode)."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from server_helpers import LiveServer, running_server, seeded_policies

from anaconda_poker.server.settings import ServerSettings


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'poker.sqlite3'}"


@pytest.fixture
async def live_server(db_url: str, tmp_path: Path) -> AsyncIterator[LiveServer]:
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<!doctype html><title>test</title>", encoding="utf-8")
    settings = ServerSettings(
        database_url=db_url,
        static_dir=static,
        create_default_lobby=False,
        between_hands=0.0,
        policy_factory=seeded_policies(),
        rate_limit=(1000.0, 1000.0),  # test players act instantly; see test_rate_limit
    )
    async with running_server(settings) as live:
        yield live
