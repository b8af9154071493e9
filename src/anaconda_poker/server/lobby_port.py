"""What the lobby's helpers may use of the lobby: the :class:`LoadedTables`,
:class:`RevivableTables` and :class:`TableLookup` protocols.

The lobby (:class:`anaconda_poker.server.lobby.Lobby`) owns the node's tables and runs
helpers that read or change them: :class:`~anaconda_poker.server.ownership.TableOwnership`
(several nodes share a database: load and unload the tables whose lease this node wins or
loses), :class:`~anaconda_poker.server.revival.TableReviver` (rebuild tables stopped by a
failed write) and :mod:`~anaconda_poker.server.cluster_lobby` (publish the node's lobby
lines; find, or bring here, the table of a websocket ``hello``). The helpers take these
protocols rather than ``Lobby``, so none imports ``lobby.py``, which imports them: the
import graph has no cycle, not even for type checking. ``Lobby`` satisfies them
structurally (mypy checks it where the lobby is handed over).
"""

from __future__ import annotations

from typing import Protocol

from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.protocol import Hello
from anaconda_poker.server.recovery import FailedTable
from anaconda_poker.server.table import Table
from anaconda_poker.server.table_settings import TableSettings
from anaconda_poker.storage.event_store import EventStore

__all__ = ["ForeignTables", "LeaseHolder", "LoadedTables", "RevivableTables", "TableLookup"]


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


class ForeignTables(Protocol):
    """What placing a websocket ``hello`` asks of the other nodes' tables
    (:class:`~anaconda_poker.server.cluster_lobby.ClusterLobby`)."""

    async def bring_here(self, hello: Hello, routed: str | None, error: ClientError) -> None:
        """Have this node run the table of a hello it could not place (``error`` is why).

        Raises:
            ClientError: ``table_moving`` / ``table_elsewhere`` (reconnect), or ``error``.
        """
        ...


class TableLookup(Protocol):
    """The lobby as :func:`~anaconda_poker.server.cluster_lobby.hello_table` finds the table
    of a websocket ``hello``."""

    @property
    def cluster(self) -> ForeignTables | None:
        """The other nodes' tables when several nodes share the database, else ``None``."""
        ...

    def table(self, table_id: str) -> Table:
        """The table with this id.

        Raises:
            ClientError: ``table_not_found``.
        """
        ...

    def seat_for_token(self, token: str) -> tuple[Table, int]:
        """The table and seat a seat token belongs to.

        Raises:
            ClientError: ``bad_token`` (or the table's failure).
        """
        ...
