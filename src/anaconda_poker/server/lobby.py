"""The lobby: every table of the server, table creation, seats and tokens, recovery.

On startup :meth:`Lobby.start` rebuilds every open table by replaying its events from the
database (``docs/protocol.md``; the kill -9 test checks it) and starts its actor; if there is
none and the settings ask for it, a default table with bots is created.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from anaconda_poker.core.config import TableConfig
from anaconda_poker.server.auth import hash_token, new_table_id, new_token
from anaconda_poker.server.bot_seats import ACCEPTED_LEVELS, SeatPolicy, make_policy
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.host_controls import house_rules
from anaconda_poker.server.names import name_key
from anaconda_poker.server.presence import PresenceOptions
from anaconda_poker.server.protocol import CreateTableRequest, TakeSeatRequest
from anaconda_poker.server.recovery import FailedTable, TableRebuildError, failed_table, rebuild
from anaconda_poker.server.revival import TableReviver
from anaconda_poker.server.seeds import DEFAULT_SEED_WINDOW
from anaconda_poker.server.table import Table, TableSettings
from anaconda_poker.storage.event_store import EventStore, EventWriter, RawTable, StoredTable

if TYPE_CHECKING:
    from anaconda_poker.server.cluster_lobby import ClusterLobby
    from anaconda_poker.server.ownership import TableOwnership

log = logging.getLogger("anaconda_poker.server.lobby")

DEFAULT_LOBBY_NAME = "Lobby"

LATENCY_SAMPLES = 10_000
"""Players' latest actions whose latencies ``GET /api/stats`` summarises, over all tables."""


class Lobby:
    """All tables of one server process.

    Args:
        store: the event store (``None``: tables live in memory only, for unit tests).
        writer: its group-committing writer (started by :meth:`start`).
        policy_factory: makes bot policies from a level (injected in tests).
        between_hands: pause between automatically dealt hands, seconds (tests use 0).
        seed_window: seconds connected human seats have to send their seed before each deal
            (``server/seeds.py``).
        presence: the tables' socket limits and timings (``server/presence.py``).
        table_observer: called with every table built (created, rebuilt at start-up or
            revived) before it starts.
        latencies: the window of the players' latest action latencies (seconds) every table
            appends to (``GET /api/stats``); default: a deque of :data:`LATENCY_SAMPLES`.
            The metrics pass one that also observes a histogram (``server/metrics.py``).
    """

    def __init__(
        self,
        store: EventStore | None,
        writer: EventWriter | None,
        *,
        policy_factory: Callable[[str], SeatPolicy] = make_policy,
        between_hands: float = 8.0,
        seed_window: float = DEFAULT_SEED_WINDOW,
        presence: PresenceOptions | None = None,
        table_observer: Callable[[Table], None] | None = None,
        latencies: deque[float] | None = None,
    ) -> None:
        self.store = store
        # one window for the whole server, not one per table: per table, 2,000 samples
        # each (64 KiB) filled up over an hour of play, 31 MiB at 500 tables
        self.latencies = deque(maxlen=LATENCY_SAMPLES) if latencies is None else latencies
        self.table_observer = table_observer
        self.presence = presence
        self.writer = writer
        self.policy_factory = policy_factory
        self.between_hands = between_hands
        self.seed_window = seed_window
        self.tables: dict[str, Table] = {}
        # token hash -> (table id, seat; -1 at a failed table), and the hash each running
        # seat was last taken with, so a seat taken again drops its former holder's entry:
        # one entry per seat, however many players came and went (a soak run's seat changes
        # otherwise grew this by one entry each, for good)
        self._tokens: dict[str, tuple[str, int]] = {}
        self._seat_tokens: dict[tuple[str, int], str] = {}
        self.failed_tables: dict[str, FailedTable] = {}
        self.reviver = TableReviver(self)  # tables stopped by a failed write come back
        self._create_lock = asyncio.Lock()
        self.ownership: TableOwnership | None = None
        """Set when several nodes share the database (``server/ownership.py``): the lobby
        then runs only the tables whose lease this node holds."""
        self.cluster: ClusterLobby | None = None
        """Set with :attr:`ownership`: the lobby list of every node and the websocket hello
        for a table another node runs (``server/cluster_lobby.py``)."""

    # ------------------------------------------------------------------ lifecycle
    async def start(self, *, default_lobby: bool = False) -> None:
        """Start the writer, rebuild every stored table, start their actors and the
        :class:`~anaconda_poker.server.revival.TableReviver` of tables stopped by a failed
        write.

        Args:
            default_lobby: create the default table when the database holds none.

        A table whose stored settings or events cannot be parsed or replayed is kept as a
        :class:`~anaconda_poker.server.recovery.FailedTable` (logged with the reason); every
        other table starts (``server/recovery.py``).
        """
        if self.writer is not None:
            self.writer.start()
        if self.ownership is not None:  # several nodes: only the tables leased to this one
            await self.ownership.start()
            if self.cluster is not None:
                await self.cluster.start()
            if default_lobby and self.store is not None:
                default_lobby = not await asyncio.to_thread(self.store.raw_tables)
        elif self.store is not None:
            for row in await asyncio.to_thread(self.store.raw_tables):
                await self._restore(row)
            log.info(
                "rebuilt %d table(s) from the database; %d failed",
                len(self.tables),
                len(self.failed_tables),
            )
        if default_lobby and not self.tables:
            await self.create_default_table()
        self.reviver.start()

    async def _restore(self, row: RawTable) -> None:
        """Rebuild and start one stored table, or record it as failed."""
        assert self.store is not None
        events = await asyncio.to_thread(self.store.raw_events, row.table_id)
        try:
            table = rebuild(row, events, self.build_table)
        except TableRebuildError as exc:
            log.error("table %s cannot be rebuilt: %s", row.table_id, exc)
            failed = failed_table(row, events, exc.failure)
            self.failed_tables[row.table_id] = failed
            for digest in failed.token_hashes:
                self._tokens[digest] = (row.table_id, -1)
            return
        self.register_table(table)
        table.start()

    async def stop(self) -> None:
        """Stop every actor, then the writer (after flushing); with several nodes, then
        release this node's leases so other nodes take the tables over at once."""
        await self.reviver.stop()
        if self.cluster is not None:
            await self.cluster.stop()
        if self.ownership is not None:
            await self.ownership.stop_checks()
        await asyncio.gather(*(t.stop() for t in self.tables.values()))
        if self.writer is not None:
            await asyncio.to_thread(self.writer.stop)
        if self.ownership is not None:
            await self.ownership.release()

    async def load(self, table_id: str) -> bool:
        """Rebuild one stored table from its events and start it (a table this node just
        claimed or was handed; ``server/ownership.py``).

        Returns:
            False when the database has no open table with this id.
        """
        assert self.store is not None
        row = await asyncio.to_thread(self.store.raw_table, table_id)
        if row is None:
            return False
        await self._restore(row)
        return True

    async def unload(self, table_id: str, close_code: int) -> None:
        """Stop a table and forget it here (another node runs it now): its sockets are
        closed with ``close_code`` so their clients reconnect, its tokens no longer resolve
        on this node."""
        table = self.tables.pop(table_id, None)
        self.failed_tables.pop(table_id, None)
        for digest in [d for d, (t, _seat) in self._tokens.items() if t == table_id]:
            del self._tokens[digest]
        for key in [k for k in self._seat_tokens if k[0] == table_id]:
            del self._seat_tokens[key]
        if table is None:
            return
        await table.stop()
        for conn in list(table.connections):
            close = getattr(conn, "close", None)
            if close is not None:
                close(close_code)
        table.connections.clear()

    def build_table(
        self, table_id: str, settings: TableSettings, *, created_at: float | None = None
    ) -> Table:
        """A new, not yet started table wired to the lobby's writer, bot policies, seed
        window, socket options and token index (``created_at``: Unix seconds, ``None``:
        now); the table observer, if any, sees it first."""
        table = Table(
            table_id,
            settings,
            writer=self.writer,
            policy_factory=self.policy_factory,
            created_at=created_at,
            seed_window=self.seed_window,
            presence=self.presence,
        )
        table.stats.latencies = self.latencies
        # a newcomer the host let in (server/host_requests.py)
        table.seat_token_added = lambda digest, seat: self._index_token(digest, table_id, seat)
        if self.table_observer is not None:
            self.table_observer(table)
        return table

    def register_table(self, table: Table) -> None:
        """Put ``table`` in :attr:`tables` (replacing one of the same id) and index the
        tokens of its seats."""
        self.tables[table.table_id] = table
        for record in table.seats:
            if record is not None and record.token_hash is not None:
                self._index_token(record.token_hash, table.table_id, record.seat)

    def _index_token(self, digest: str, table_id: str, seat: int) -> None:
        """Point ``digest`` at ``(table_id, seat)``, dropping the entry of whoever held that
        seat before (their token holds nothing any more: :meth:`seat_for_token` refuses it
        either way)."""
        former = self._seat_tokens.get((table_id, seat))
        if former is not None and former != digest:
            self._tokens.pop(former, None)
        self._tokens[digest] = (table_id, seat)
        self._seat_tokens[(table_id, seat)] = digest

    @property
    def indexed_tokens(self) -> int:
        """Entries of the token index: at most one per seat of a running table, plus the
        tokens stored for tables that could not be rebuilt."""
        return len(self._tokens)

    # ------------------------------------------------------------------ queries
    def table(self, table_id: str) -> Table:
        """The table with this id.

        Raises:
            ClientError: ``table_not_found`` (404); ``table_failed`` (409) for a table that
                could not be rebuilt from the database.
        """
        table = self.tables.get(table_id)
        if table is None:
            failed = self.failed_tables.get(table_id)
            if failed is not None:
                raise failed.error()
            raise ClientError("table_not_found", f"no table {table_id!r}", status=404)
        return table

    def seat_for_token(self, token: str) -> tuple[Table, int]:
        """The table and seat a token belongs to; the hash is compared in constant time.

        Raises:
            ClientError: ``bad_token`` (401) when no seat holds it; ``table_failed`` (409)
                when it held a seat at a table that could not be rebuilt.
        """
        digest = hash_token(token)
        found = self._tokens.get(digest)
        if found is not None and found[0] in self.failed_tables:
            raise self.failed_tables[found[0]].error()
        if found is not None:
            table = self.tables.get(found[0])
            if table is not None:
                record = table.seats[found[1]]
                if (
                    record is not None
                    and record.token_hash is not None
                    and hmac.compare_digest(record.token_hash, digest)
                ):
                    return table, found[1]
        raise ClientError("bad_token", "no seat holds this token", status=401)

    def list_tables(self, token: str | None = None) -> list[dict[str, Any]]:
        """Summaries of the listed tables this process runs, newest first (with several
        nodes the lobby list is :meth:`ClusterLobby.list_tables
        <anaconda_poker.server.cluster_lobby.ClusterLobby.list_tables>` instead).

        Args:
            token: the requester's seat token, if any: the table where it holds a seat is
                listed even when unlisted, and tables that could not be rebuilt where it
                held a seat are listed too (``"status": "failed"``, ``failure``).
        """
        digest = hash_token(token) if token is not None else None
        tables = sorted(self.tables.values(), key=lambda t: t.created_at, reverse=True)
        lines = [
            (t.created_at, t.summary())
            for t in tables
            if not t.failed
            and (t.settings.listed or (digest is not None and t.find_seat(digest) is not None))
        ]
        if digest is not None and self.failed_tables:
            lines += [
                (f.created_at, f.summary())
                for f in self.failed_tables.values()
                if digest in f.token_hashes
            ]
            lines.sort(key=lambda line: line[0], reverse=True)
        return [summary for _, summary in lines]

    def stats(self) -> dict[str, Any]:
        """Counters of the whole server (``GET /api/stats``); latencies in milliseconds."""
        tables = list(self.tables.values())
        latencies = sorted(self.latencies)

        def percentile(p: float) -> float | None:
            if not latencies:
                return None
            return round(1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))], 3)

        writer = self.writer.stats if self.writer is not None else None
        return {
            "tables": len(tables),
            "failed_tables": sum(1 for t in tables if t.failed) + len(self.failed_tables),
            "hands_in_play": sum(1 for t in tables if t.in_hand),
            "idle_tables": sum(1 for t in tables if t.idle),
            "connections": sum(len(t.connections) for t in tables),
            "actions": sum(t.stats.actions for t in tables),
            "hands_finished": sum(t.stats.hands_finished for t in tables),
            "timeouts": sum(t.stats.timeouts for t in tables),
            "frames": sum(t.stats.frames for t in tables),
            "rejected": sum(t.stats.rejected for t in tables),
            "database": None
            if writer is None
            else {
                "transactions": writer.transactions,
                "batches": writer.batches,
                "events": writer.events,
                "failures": writer.failures,
                "largest_group": writer.largest_group,
            },
            "action_latency_ms": {
                "samples": len(latencies),
                "p50": percentile(0.50),
                "p99": percentile(0.99),
                "max": round(1000 * latencies[-1], 3) if latencies else None,
            },
        }

    # ------------------------------------------------------------------ creation
    def settings_from_request(self, request: CreateTableRequest) -> TableSettings:
        """Validate a create-table request into settings.

        Raises:
            ClientError: ``invalid_config`` naming the bad option, with ``field`` set to it
                (``config.<option>`` for a house rule, ``seats``, ``bots``, ``host_seat``)
                when one option is to blame; bounds from ``core.config``
                (:class:`~anaconda_poker.core.errors.OptionOutOfRangeError`).
        """
        config = house_rules(
            dict(request.config), seats=request.seats, starting_stack=request.starting_stack
        )
        bot_seats = [b.seat for b in request.bots]
        if len(set(bot_seats)) != len(bot_seats):
            raise ClientError("invalid_config", "two bots are given the same seat", field="bots")
        for bot in request.bots:
            if bot.seat >= request.seats:
                raise ClientError(
                    "invalid_config",
                    f"bot seat {bot.seat} is not below seats={request.seats}",
                    field="bots",
                )
            if bot.level not in ACCEPTED_LEVELS:
                raise ClientError(
                    "invalid_config",
                    f"unknown bot level {bot.level!r}; levels are {', '.join(ACCEPTED_LEVELS)}",
                    field="bots",
                )
        host_seat = request.host_seat
        if host_seat is None:
            free = [s for s in range(request.seats) if s not in bot_seats]
            if not free:
                raise ClientError(
                    "invalid_config", "bots take every seat; leave one for the host", field="bots"
                )
            host_seat = free[0]
        if host_seat in bot_seats or host_seat >= request.seats:
            raise ClientError(
                "invalid_config", f"host_seat {host_seat} is not a free seat", field="host_seat"
            )
        return TableSettings(
            name=request.name.strip() or "Table",
            max_seats=request.seats,
            config=config,
            starting_stack=request.starting_stack,
            action_timer=request.action_timer,
            time_bank=request.time_bank if request.action_timer is not None else 0.0,
            time_bank_refill=request.time_bank_refill,
            time_bank_refill_hands=request.time_bank_refill_hands,
            dealers_choice=request.dealers_choice,
            bot_pause=request.bot_pause,
            auto_start=request.auto_start,
            allow_rebuys=request.allow_rebuys,
            host_seat=host_seat,
            between_hands=(
                self.between_hands if request.next_hand_delay is None else request.next_hand_delay
            ),
            show_equity=request.show_equity,
            reveal_deck_after_hand=request.reveal_deck_after_hand,
            listed=request.listed,
            seat_approval=request.seat_approval,
        )

    async def create_table(self, request: CreateTableRequest) -> tuple[Table, int, str]:
        """Create, persist and start a table; its creator sits at the host seat.

        Returns:
            ``(table, host seat, host token)``.

        Raises:
            ClientError: ``invalid_config`` for impossible options.
        """
        settings = self.settings_from_request(request)
        token = new_token()
        seats: list[dict[str, Any]] = [
            {
                "seat": settings.host_seat,
                "name": request.host_name,
                "token_hash": hash_token(token),
                "bot": None,
                "stack": settings.starting_stack,
            }
        ]
        names = {name_key(request.host_name)}
        for bot in request.bots:
            name = bot.name or _bot_name(bot.level, bot.seat)
            while name_key(name) in names:
                name = f"{name}+"
            names.add(name_key(name))
            seats.append(
                {
                    "seat": bot.seat,
                    "name": name,
                    "token_hash": None,
                    "bot": bot.level,
                    "stack": settings.starting_stack,
                }
            )
        extra: list[tuple[str, dict[str, Any]]] = []
        if not request.host_plays:
            extra.append(("sitting_out", {"seat": settings.host_seat, "value": True}))
        table = await self._create(settings, seats, extra)
        assert settings.host_seat is not None
        return table, settings.host_seat, token

    async def create_default_table(self) -> Table:
        """The default lobby table: 6 seats, two heuristic bots, no host (rebuys automatic)."""
        settings = TableSettings(
            name=DEFAULT_LOBBY_NAME,
            max_seats=6,
            config=TableConfig(),
            starting_stack=200,
            action_timer=30.0,
            time_bank=60.0,
            bot_pause=1.0,
            host_seat=None,
            between_hands=self.between_hands,
            wait_for_humans=True,
            listed=True,
        )
        seats = [
            {
                "seat": s,
                "name": _bot_name("heuristic", s),
                "token_hash": None,
                "bot": "heuristic",
                "stack": settings.starting_stack,
            }
            for s in (0, 1)
        ]
        return await self._create(settings, seats)

    async def _create(
        self,
        settings: TableSettings,
        seats: list[dict[str, Any]],
        extra: list[tuple[str, dict[str, Any]]] | None = None,
    ) -> Table:
        async with self._create_lock:
            table_id = new_table_id()
            while table_id in self.tables or table_id in self.failed_tables:
                table_id = new_table_id()
            table = self.build_table(table_id, settings)
            events: list[tuple[str, dict[str, Any]]] = [
                ("table_created", {"settings": settings.to_dict()})
            ]
            events += [("seat_taken", seat) for seat in seats]
            events += extra or []
            for kind, payload in events:
                table.apply_event(kind, payload)
            row = StoredTable(
                table_id=table_id,
                name=settings.name,
                created_at=table.created_at,
                settings=settings.to_dict(),
                closed=False,
            )
            await table.commit(events, new_table=row)
            for seat in seats:
                if seat["bot"] is not None:
                    table.policies[int(seat["seat"])] = self.policy_factory(str(seat["bot"]))
            self.register_table(table)
            table.start()
        if self.cluster is not None:  # every node lists it once its creator has the answer
            await self.cluster.publish_now(table.table_id)
        return table

    async def take_seat(self, table_id: str, request: TakeSeatRequest) -> tuple[int, str]:
        """Seat a player by name.

        Returns:
            ``(seat, token)``.

        Raises:
            ClientError: ``table_not_found``, ``seat_taken``, ``table_full``, ``name_taken``.
        """
        table = self.table(table_id)
        token = new_token()
        digest = hash_token(token)
        seat = await table.request(
            "take_seat", None, name=request.name, seat=request.seat, token_hash=digest
        )
        self._index_token(digest, table_id, int(seat))
        if self.cluster is not None:  # the token finds its table from every node at once
            await self.cluster.publish_now(table_id)
        return int(seat), token


def _bot_name(level: str, seat: int) -> str:
    return f"{level.replace('_', ' ').title()} {seat + 1}"
