"""What the lobby's helpers may use of the lobby: the :class:`LoadedTables` and
:class:`RevivableTables` protocols.

The lobby (:class:`anaconda_poker.server.lobby.Lobby`) owns the node's tables and runs two
helpers that change them: :class:`~anaconda_poker.server.ownership.TableOwnership` (several
nodes share a database: load and unload the tables whose lease this node wins or loses) and
:class:`~anaconda_poker.server.revival.TableReviver` (rebuild tables stopped by a failed
write). The helpers take these protocols rather than ``Lobby``, so neither imports
``lobby.py``, which imports them: the import graph has no cycle, not even for type checking.
``Lobby`` satisfies both structurally (mypy checks it where the lobby hands itself over).
"""

from __future__ import annotations

from typing import Protocol

from anaconda_poker.server.recovery import FailedTable
from anaconda_poker.server.table import Table
from anaconda_poker.server.table_settings import TableSettings
from anaconda_poker.storage.event_store import EventStore

__all__ = ["LeaseHolder", "LoadedTables", "RevivableTables"]


class LeaseHolder(Protocol):
    """What the reviver asks of the node's table leases
    (:class:`~anaconda_poker.server.ownership.TableOwnership`)."""

    def holds(self, table_id: str) -> bool:
        """This node holds the table's lease (as far as it knows)."""
        ...


class LoadedTables(Protocol):
    """The tables a node runs, as :class:`~anaconda_poker.server.ownership.TableOwnership`
    loads and unloads them."""

    @property
    def tables(self) -> dict[str, Table]:
        """Running (or stopped by a failed write) tables by table id."""
        ...

    @property
    def failed_tables(self) -> dict[str, FailedTable]:
        """Tables whose log cannot be replayed, by table id (``409 table_failed``)."""
        ...

    async def load(self, table_id: str) -> bool:
        """Rebuild one stored table and start it; False when no open table has that id."""
        ...

    async def unload(self, table_id: str, close_code: int) -> None:
        """Stop a table and forget it here, closing its sockets with ``close_code``."""
        ...


class RevivableTables(LoadedTables, Protocol):
    """The tables a node runs, as :class:`~anaconda_poker.server.revival.TableReviver`
    probes, rebuilds and swaps them."""

    @property
    def store(self) -> EventStore | None:
        """The database (``None``: tables live in memory only and nothing is revived)."""
        ...

    @property
    def ownership(self) -> LeaseHolder | None:
        """The node's table leases when several nodes share the database, else ``None``."""
        ...

    def build_table(
        self, table_id: str, settings: TableSettings, *, created_at: float | None = None
    ) -> Table:
        """A new, not yet started table wired to the lobby's writer, options and tokens."""
        ...

    def register_table(self, table: Table) -> None:
        """Put ``table`` in :attr:`tables` (replacing one of the same id) and index its
        seats' tokens."""
        ...
