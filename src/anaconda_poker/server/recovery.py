"""Rebuilding tables from the database one by one, and what a failed table looks like.

Issue 17 item 3: one damaged row must not stop the server. At start-up every open table is
rebuilt on its own (:func:`rebuild`): its settings row parsed, each event row parsed, the
events replayed. A table whose stored data cannot be parsed or replayed becomes a
:class:`FailedTable` with a short, public reason (the full reason is logged); every other
table starts. A failed table is listed by ``GET /api/tables`` only to the players who held a
seat there (their token in ``Authorization: Bearer``), with ``"status": "failed"`` and the
``failure`` text; everything else about it answers ``409 table_failed``
(``docs/protocol.md`` §8).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.table import RecoveryError, Table, TableSettings
from anaconda_poker.storage.event_store import RawEvent, RawTable, StoredEvent

log = logging.getLogger("anaconda_poker.server.recovery")


@dataclass(frozen=True, slots=True)
class FailedTable:
    """A stored table that could not be rebuilt.

    Attributes:
        table_id: its id.
        name: its stored name.
        created_at: Unix seconds.
        failure: the public reason (which row, what kind of damage; never row contents).
        token_hashes: hashes of the seat tokens that held a seat at the table (read from the
            event rows that could be parsed): their bearers see the table in the lobby.
    """

    table_id: str
    name: str
    created_at: float
    failure: str
    token_hashes: frozenset[str]

    def summary(self) -> dict[str, Any]:
        """Its line of ``GET /api/tables`` (``status`` is ``"failed"``)."""
        return {
            "table_id": self.table_id,
            "name": self.name,
            "status": "failed",
            "failure": self.failure,
            "created_at": self.created_at,
            "invite_url": f"/t/{self.table_id}",
        }

    def error(self) -> ClientError:
        """``409 table_failed``: what every request about this table answers."""
        return ClientError(
            "table_failed",
            f"table {self.table_id} could not be restored from the database "
            f"({self.failure}); it cannot be played until the operator repairs it",
            status=409,
        )


def rebuild(row: RawTable, events: Sequence[RawEvent], build: Callable[..., Table]) -> Table:
    """Rebuild one table from its stored rows (not started).

    Args:
        row: its table row.
        events: its event rows in ``seq`` order.
        build: ``build(table_id, settings, created_at=...)`` makes an empty table.

    Raises:
        TableRebuildError: the settings or an event cannot be parsed or replayed; its
            ``failure`` is the public reason, its message the full one (for the log).
    """
    try:
        data = json.loads(row.settings)
        if not isinstance(data, dict):
            raise TypeError("not a JSON object")
    except (ValueError, TypeError, RecursionError) as exc:
        raise TableRebuildError("the stored settings are not valid JSON", str(exc)) from exc
    try:
        settings = TableSettings.from_dict(data)
    except Exception as exc:
        raise TableRebuildError("the stored settings are invalid", repr(exc)) from exc
    parsed: list[StoredEvent] = []
    for raw in events:
        payload = _payload(raw)
        if payload is None:
            raise TableRebuildError(
                f"event {raw.seq} ({_kind(raw.kind)}) is not valid JSON", "unparseable payload"
            )
        parsed.append(StoredEvent(seq=raw.seq, kind=raw.kind, payload=payload, at=raw.at))
    table = build(row.table_id, settings, created_at=row.created_at)
    try:
        table.replay(parsed)
    except Exception as exc:
        failing = next((e for e in parsed if e.seq > table.seq), None)
        where = f"event {failing.seq} ({_kind(failing.kind)})" if failing is not None else "the log"
        # RecoveryError texts name seqs, seats and chip counts; others may name cards
        detail = f": {exc}" if isinstance(exc, RecoveryError) else ""
        raise TableRebuildError(f"{where} cannot be replayed{detail}", repr(exc)) from exc
    return table


class TableRebuildError(Exception):
    """A table cannot be rebuilt.

    Args:
        failure: the public reason (shown to the table's players).
        detail: the full reason (logged only).
    """

    def __init__(self, failure: str, detail: str) -> None:
        super().__init__(f"{failure} ({detail})")
        self.failure = failure


def failed_table(row: RawTable, events: Sequence[RawEvent], failure: str) -> FailedTable:
    """The :class:`FailedTable` of a row that :func:`rebuild` refused."""
    tokens: set[str] = set()
    for raw in events:
        payload = _payload(raw) if raw.kind == "seat_taken" else None
        token = payload.get("token_hash") if payload is not None else None
        if isinstance(token, str):
            tokens.add(token)
    return FailedTable(
        table_id=row.table_id,
        name=row.name,
        created_at=row.created_at,
        failure=failure,
        token_hashes=frozenset(tokens),
    )


def _payload(raw: RawEvent) -> dict[str, Any] | None:
    try:
        value = json.loads(raw.payload)
    except (ValueError, TypeError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _kind(kind: str) -> str:
    """An event kind fit for a message (a damaged one is not echoed)."""
    return kind if kind.replace("_", "").isalnum() and len(kind) <= 32 else "unknown kind"
