"""The lobby list of every node, when several server nodes share one PostgreSQL.

A node holds in memory only the tables it runs (``server/ownership.py``), so its own lobby
would list only those. Instead each node publishes the line of ``GET /api/tables`` of every
table it runs into ``lobby_lines`` (``storage/schema.py``), and every node answers the lobby
list from that table joined with ``poker_tables`` and ``table_leases``: the same list,
whichever node the proxy sends the request to (``server/cluster_lobby.py``).

- **One writer per line.** A line is written only by the process that holds the table's
  lease, under the lease's epoch (the upsert reads both from the lease row, so a process
  that lost the table writes nothing), and a line written under a newer epoch is never
  replaced by an older one (a process that lost the table between reading the lease and
  writing cannot overwrite its successor's line).
- **Lines outlive their writer.** The table of a node that died stays listed (with
  ``"node": null`` once its lease expired, docs/protocol.md §3) until a survivor takes it
  over and publishes it again.
- **Tokens.** ``token_hashes`` are the SHA-256 hex digests of the seats' tokens (what the
  events already store), space-separated: a bearer's own unlisted table is listed to it,
  and a websocket ``hello`` with only a token finds its table from any node.

Used on PostgreSQL only (the multi-node mode); a single server on SQLite lists its tables
from memory and never reads or writes these rows.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, text

_NOW = "extract(epoch from clock_timestamp())"
"""The database's clock in Unix seconds (as ``storage/leases.py``)."""

_DIGEST = re.compile(r"[0-9a-f]{64}")
"""A token hash as ``server/auth.py`` makes it: 64 lower-case hex digits."""


@dataclass(frozen=True, slots=True)
class LobbyLine:
    """One table's line as its owner publishes it.

    Attributes:
        table_id: the table.
        listed: shown to everyone (else only to a bearer of one of ``token_hashes``).
        summary: the line of ``GET /api/tables`` (JSON-serialisable; docs/protocol.md §3).
        token_hashes: SHA-256 hex digests of the tokens of the seats taken now.
    """

    table_id: str
    listed: bool
    summary: dict[str, Any]
    token_hashes: tuple[str, ...]


class LobbyLines:
    """Publish and read the cluster-wide lobby list (see the module).

    Args:
        engine: a PostgreSQL engine (``open_database``).
        instance: this process's lease owner id (``Leases.instance``): only a line of a
            table leased to it is written.
        node: this node's name (``--node``), recorded with each line it writes.

    Raises:
        ValueError: a non-PostgreSQL engine.
    """

    def __init__(self, engine: Engine, *, instance: str, node: str) -> None:
        if engine.dialect.name != "postgresql":
            raise ValueError(
                f"the cluster-wide lobby needs PostgreSQL (several nodes share one database); "
                f"got {engine.dialect.name}"
            )
        self.engine = engine
        self.instance = instance
        self.node = node[:200]

    def publish(self, lines: Sequence[LobbyLine]) -> None:
        """Write ``lines`` (one statement per line, one transaction): each only when this
        process holds the table's lease, under that lease's epoch; a line already written
        under a newer epoch is kept."""
        if not lines:
            return
        params = [
            {
                "t": line.table_id,
                "me": self.instance,
                "node": self.node,
                "listed": line.listed,
                "summary": json.dumps(line.summary, separators=(",", ":"), sort_keys=True),
                "hashes": " ".join(line.token_hashes),
            }
            for line in lines
        ]
        with self.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO lobby_lines AS x "
                    "(table_id, epoch, node, listed, summary, token_hashes, updated_at) "
                    f"SELECT l.table_id, l.epoch, :node, :listed, :summary, :hashes, {_NOW} "
                    "FROM table_leases l WHERE l.table_id = :t AND l.owner = :me "
                    "ON CONFLICT (table_id) DO UPDATE SET epoch = excluded.epoch, "
                    "node = excluded.node, listed = excluded.listed, summary = excluded.summary, "
                    "token_hashes = excluded.token_hashes, updated_at = excluded.updated_at "
                    "WHERE x.epoch <= excluded.epoch"
                ),
                params,
            )

    def listing(self, token_hash: str | None = None) -> list[dict[str, Any]]:
        """The lobby list: the published lines of the open listed tables (and, with
        ``token_hash``, of the tables where that token holds a seat), newest first.

        Each line gets ``"node"``: the node whose lease on the table is live now, ``None``
        when none is (its owner stopped or died and no node took it over yet).

        Args:
            token_hash: the SHA-256 hex digest of the requester's seat token, if any.
        """
        where = "x.listed"
        params: dict[str, Any] = {}
        if token_hash is not None and _DIGEST.fullmatch(token_hash):
            where = "(x.listed OR strpos(x.token_hashes, :digest) > 0)"
            params["digest"] = token_hash
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT x.summary, CASE WHEN l.owner IS NOT NULL AND l.expires_at > "
                    f"{_NOW} THEN l.owner_node END AS node FROM lobby_lines x "
                    "JOIN poker_tables t ON t.table_id = x.table_id "
                    "LEFT JOIN table_leases l ON l.table_id = x.table_id "
                    f"WHERE NOT t.closed AND {where} ORDER BY t.created_at DESC, t.table_id"
                ),
                params,
            ).all()
        return [{**json.loads(row.summary), "node": row.node} for row in rows]

    def table_of_token(self, token_hash: str) -> str | None:
        """The open table whose published line holds ``token_hash`` (a seat token's
        SHA-256 hex digest), ``None`` when none does."""
        if not _DIGEST.fullmatch(token_hash):
            return None
        with self.engine.connect() as conn:
            row = conn.execute(
                text(
                    "SELECT x.table_id FROM lobby_lines x "
                    "JOIN poker_tables t ON t.table_id = x.table_id "
                    "WHERE NOT t.closed AND strpos(x.token_hashes, :digest) > 0 LIMIT 1"
                ),
                {"digest": token_hash},
            ).first()
        return None if row is None else str(row.table_id)
