"""What the lobby knows beyond one node, when several server nodes share one PostgreSQL.

A node runs only the tables it holds a lease for (``server/ownership.py``). Two things a
client asks of *any* node need every table of the deployment:

- **The lobby list** (``GET /api/tables``; the proxy sends it to any node).
  :class:`ClusterLobby` publishes the line of every table this node runs into the
  ``lobby_lines`` rows (``storage/lobby_lines.py``): every ``interval`` seconds the lines
  that changed, and at once when a table is created or a seat is taken over REST (so the
  list of every node shows a new table, and a new token finds its table, as soon as the
  request that made it has been answered). Every node answers the list from those rows:
  the same list whichever node answers, with ``"node"`` naming the node that runs each
  table now (``null`` while nobody does: its owner died and no survivor took it over yet).
- **A websocket hello for a table this node does not run** (:func:`hello_table`). With
  ``/ws?table=ID`` (the web client) the ownership middleware has already brought that table
  here before the hello is read; if the table left again before the hello arrived, the
  answer is ``table_moving`` (close 1012: reconnect), never ``bad_token``, which would make
  the web client forget its seat. Without ``?table=`` (a token-only hello, or a spectator's
  ``table_id``) the node finds the table in the cluster: if no node runs it, it claims it
  and serves the hello; if another node runs it, the answer is ``table_elsewhere`` with the
  table's id (close 1012): reconnect to ``/ws?table=ID`` so that the proxy routes the socket
  to that table's node. The node does not ask the owner for the table in that case: the
  proxy routes a socket without ``?table=`` to any node, so every such reconnect would move
  the table away from the node the proxy sends its other players to, and back again.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from anaconda_poker.server.auth import hash_token
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.lobby_port import LoadedTables, TableLookup
from anaconda_poker.server.ownership import TableOwnership, table_moving
from anaconda_poker.server.periodic import Periodic
from anaconda_poker.server.protocol import Hello
from anaconda_poker.storage.lobby_lines import LobbyLine, LobbyLines

if TYPE_CHECKING:
    from anaconda_poker.server.table import Table

log = logging.getLogger("anaconda_poker.server.cluster_lobby")

_P = ParamSpec("_P")
_T = TypeVar("_T")

PUBLISH_INTERVAL = 1.0
"""Seconds between two publications of the lines that changed (spectators, hands, seats)."""

RECONNECT_CODES = frozenset({"table_moving", "table_elsewhere"})
"""Hello errors after which the socket is closed with code 1012 (reconnect)."""


class TableElsewhereError(ClientError):
    """``table_elsewhere``: a hello without ``?table=`` for a table another node runs.

    Attributes:
        table_id: the table; sent as ``table_id`` so the client reconnects to
            ``/ws?table=<table_id>`` (the proxy routes that to the table's node).
    """

    def __init__(self, table_id: str, owner_node: str | None) -> None:
        where = f"server node {owner_node!r}" if owner_node else "another server node"
        super().__init__(
            "table_elsewhere",
            f"table {table_id} runs on {where}; reconnect to /ws?table={table_id} so that "
            f"the proxy sends this socket there",
            status=409,
        )
        self.table_id = table_id

    def payload(self) -> dict[str, Any]:
        """The code and message, plus ``table_id``."""
        return {**super().payload(), "table_id": self.table_id}


class ClusterLobby:
    """Publishes this node's lobby lines and reads everybody's (see the module).

    Args:
        lobby: the node's lobby.
        ownership: its table ownership (the lease ids of this process, claims).
        lines: the ``lobby_lines`` rows.
        interval: seconds between two publications of the changed lines.
    """

    def __init__(
        self,
        lobby: LoadedTables,
        ownership: TableOwnership,
        lines: LobbyLines,
        *,
        interval: float = PUBLISH_INTERVAL,
    ) -> None:
        self.lobby = lobby
        self.ownership = ownership
        self.lines = lines
        self.interval = interval
        self._published: dict[str, LobbyLine] = {}
        self._publishing = Periodic(
            self.publish,
            interval,
            name="lobby",
            log=log,
            failure="publishing the lobby lines failed",  # a lost database: try next time
        )
        # reads never wait behind a publication, nor behind the default pool's rebuilds
        self._reader = ThreadPoolExecutor(max_workers=2, thread_name_prefix="lobby-read")
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lobby-write")
        self._write_lock = asyncio.Lock()

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Publish every table this node runs, then the changes every ``interval`` s."""
        await self.publish()
        self._publishing.start()

    async def stop(self) -> None:
        """Stop publishing (the node is stopping; its lines stay for the next owner)."""
        await self._publishing.stop()
        self._reader.shutdown(wait=False)
        self._writer.shutdown(wait=False)

    # ------------------------------------------------------------------ publishing
    def line(self, table_id: str) -> LobbyLine | None:
        """This node's line of a table it runs (``None``: it does not run it, or the table
        stopped on a failed write and is left as last published)."""
        table = self.lobby.tables.get(table_id)
        if table is not None:
            if table.failed:
                return None
            return LobbyLine(
                table_id=table_id,
                listed=table.settings.listed,
                summary=table.summary(),
                token_hashes=tuple(
                    sorted(r.token_hash for r in table.seats if r is not None and r.token_hash)
                ),
            )
        failed = self.lobby.failed_tables.get(table_id)
        if failed is None:
            return None
        return LobbyLine(  # as on one node: listed only to the bearers of its tokens
            table_id=table_id,
            listed=False,
            summary=failed.summary(),
            token_hashes=tuple(sorted(failed.token_hashes)),
        )

    async def publish(self, table_ids: list[str] | None = None) -> None:
        """Write the lines that changed since this node last wrote them.

        Args:
            table_ids: only these tables (written even when unchanged); ``None``: every
                table this node runs.

        Raises:
            sqlalchemy.exc.SQLAlchemyError: the database refused (nothing is remembered as
                written; the next call tries again).
        """
        every = table_ids is None
        ids = [*self.lobby.tables, *self.lobby.failed_tables] if every else table_ids
        changed: list[LobbyLine] = []
        for table_id in ids or ():
            line = self.line(table_id)
            if line is not None and (not every or self._published.get(table_id) != line):
                changed.append(line)
        if every:  # tables that left this node: written again if they come back
            running = set(ids or ())
            for table_id in [t for t in self._published if t not in running]:
                del self._published[table_id]
        if not changed:
            return
        async with self._write_lock:
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(self._writer, self.lines.publish, changed)
        for line in changed:
            self._published[line.table_id] = line

    async def publish_now(self, table_id: str) -> None:
        """Write one table's line at once (a table created, a seat taken). A failure is
        logged, not raised: what was asked for is done, and the next round writes it."""
        try:
            await self.publish([table_id])
        except Exception:
            log.warning("publishing the lobby line of table %s failed", table_id, exc_info=True)

    # ------------------------------------------------------------------ reading
    async def _read(self, call: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._reader, functools.partial(call, *args, **kwargs))

    async def list_tables(self, token: str | None = None) -> list[dict[str, Any]]:
        """``GET /api/tables`` of the whole deployment (``LobbyLines.listing``).

        Args:
            token: the requester's seat token, if any: its table is listed even when
                unlisted (and a table that could not be rebuilt where it held a seat).
        """
        digest = hash_token(token) if token is not None else None
        return await self._read(self.lines.listing, digest)

    async def bring_here(self, hello: Hello, routed: str | None, error: ClientError) -> None:
        """Have this node run the table of a hello it could not place; return when it does.

        Args:
            hello: the hello (a seat token, or a spectator's ``table_id``).
            routed: the ``?table=`` of the socket's address, if any.
            error: what this node alone answered (``bad_token``, ``table_not_found``).

        Raises:
            ClientError: ``table_moving`` (routed here for this table, which left before the
                hello was read: reconnect); :class:`TableElsewhereError` (another node runs
                it); ``error`` when no open table of the deployment has this token or id.
        """
        if hello.token is not None:
            table_id = await self._read(self.lines.table_of_token, hash_token(hello.token))
        else:
            table_id = hello.table_id
        if table_id is None or table_id in self.lobby.tables:
            raise error  # no such token anywhere; or its seat here was freed since
        if await self.ownership.claim_if_free(table_id):
            return
        lease = await self.ownership.lease(table_id)
        if lease is None:
            raise error  # no such table (or closed)
        owner = None if lease.free else lease.owner_node
        if table_id == routed:  # the middleware brought it here; it left before the hello
            raise table_moving(table_id, owner)
        raise TableElsewhereError(table_id, owner)


async def hello_table(lobby: TableLookup, hello: Hello, routed: str | None) -> Table:
    """The table a websocket ``hello`` joins, wherever the deployment runs it.

    Args:
        lobby: this node's lobby.
        hello: a seat token's hello, or a spectator's (``table_id``, ``spectate``).
        routed: the ``?table=`` of the socket's address, if any.

    Raises:
        ClientError: as :meth:`Lobby.seat_for_token` / :meth:`Lobby.table` on a single
            server; with several nodes also ``table_moving`` and ``table_elsewhere``
            (:meth:`ClusterLobby.bring_here`, codes in :data:`RECONNECT_CODES`), after which
            the socket is closed with :data:`~anaconda_poker.server.ownership.TABLE_MOVED`.
    """
    try:
        return _local_table(lobby, hello)
    except ClientError as error:
        if lobby.cluster is None or error.code not in ("bad_token", "table_not_found"):
            raise
        await lobby.cluster.bring_here(hello, routed, error)
    return _local_table(lobby, hello)


def _local_table(lobby: TableLookup, hello: Hello) -> Table:
    if hello.token is not None:
        return lobby.seat_for_token(hello.token)[0]
    if hello.table_id is not None and hello.spectate:
        return lobby.table(hello.table_id)
    raise ClientError("bad_message", "hello needs a token, or table_id with spectate: true")
