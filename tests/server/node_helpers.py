"""Helpers of the tests of several server nodes on one PostgreSQL (``test_nodes.py``,
``test_cluster_lobby.py``): node settings, plain requests, lease owners, close codes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from server_helpers import Client, LiveServer, seeded_policies

from anaconda_poker.server.settings import ServerSettings
from anaconda_poker.storage.database import open_database
from anaconda_poker.storage.leases import Leases

LEASE = 2.0
"""Lease seconds of these nodes (renewed every 2/3 s, checked every 0.5 s)."""


def settings(url: str, tmp_path: Path, node: str) -> ServerSettings:
    """An in-process node ``node`` on the database ``url`` (no default table, no pauses)."""
    static = tmp_path / "static"
    static.mkdir(exist_ok=True)
    (static / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    return ServerSettings(
        database_url=url,
        static_dir=static,
        create_default_lobby=False,
        between_hands=0.0,
        policy_factory=seeded_policies(),
        rate_limit=(1000.0, 1000.0),
        create_rate_limit=None,
        node=node,
        lease_seconds=LEASE,
        seed_window=0.0,
    )


async def get(live: LiveServer, path: str, token: str | None = None) -> httpx.Response:
    """``GET path`` (with ``Authorization: Bearer token`` when given)."""
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=live.http) as http:
        return await http.get(path, headers=headers)


async def close_code(client: Client, timeout: float = 10.0) -> int | None:
    """The code the server closed the client's socket with (waits for the close)."""
    for _ in range(int(timeout / 0.05)):
        if client.ws.close_code is not None:
            return client.ws.close_code
        await asyncio.sleep(0.05)
    return None


def owner_node(url: str, table_id: str) -> str | None:
    """The node holding a live lease on the table (``None``: free, expired or no lease)."""
    engine = open_database(url, create=False)
    try:
        lease = Leases(engine, node="observer").lease(table_id)
    finally:
        engine.dispose()
    return None if lease is None or lease.free else lease.owner_node


def lease_remaining(url: str, table_id: str) -> float:
    """Seconds until the table's lease runs out, by the database's clock (the one clock
    every expiry is judged by); raises ``AssertionError`` when the table has no lease."""
    engine = open_database(url, create=False)
    try:
        lease = Leases(engine, node="observer").lease(table_id)
    finally:
        engine.dispose()
    assert lease is not None, f"table {table_id} has no lease"
    return lease.remaining
