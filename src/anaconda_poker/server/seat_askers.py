"""Which socket asked which seat request (issue 12 §2): runtime bookkeeping of a table
actor, beside the model (a seat request's socket is not part of the table's state)."""

from __future__ import annotations

from anaconda_poker.server.presence import Connection

__all__ = ["SeatAskers"]


class SeatAskers:
    """Which socket asked which seat request (runtime only: a request lives as long as the
    socket that asked, and no socket survives a restart)."""

    def __init__(self) -> None:
        self._conn_of: dict[int, Connection] = {}

    def add(self, request_id: int, conn: Connection) -> None:
        """``conn`` asked request ``request_id``."""
        self._conn_of[request_id] = conn

    def get(self, request_id: int) -> Connection | None:
        """The socket that asked request ``request_id``, if it is still known."""
        return self._conn_of.get(request_id)

    def pop(self, request_id: int) -> Connection | None:
        """Forget request ``request_id``; its socket, if it is still known."""
        return self._conn_of.pop(request_id, None)

    def asked_by(self, conn: Connection) -> list[int]:
        """The requests ``conn`` asked that still wait."""
        return [rid for rid, c in self._conn_of.items() if c is conn]
