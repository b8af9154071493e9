"""One game table as an asyncio actor: the queue, the timers, the bots, the commits and the
broadcasts around a pure table model.

The table's state is a :class:`~anaconda_poker.server.table_model.TableModel`, changed only by
events (``server/table_events.py``), so a table rebuilt from the database after a restart is
identical to the one that was running. A request is checked against the model by a command
handler (``server/table_commands.py``, run from the request table in
``server/table_requests.py``), its events are applied, **committed to the database, and only
then broadcast** (``docs/protocol.md``). Requests of one table are handled one at a time by
its actor task (:meth:`Table.run`); tables run concurrently and share one group-committing
database writer.

The actor adds what is not the table's state: sockets (``server/presence.py``), timers
(``server/table_clock.py``: decisions, the next deal, the dealer's choice), the seed round's
window (``server/table_seeding.py``), bot policies and the database writer. Frames are built
by ``server/table_views.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from anaconda_poker.bots.fallback import report_bot_failure
from anaconda_poker.core.actions import Action
from anaconda_poker.core.state import HandState
from anaconda_poker.server import table_play as play
from anaconda_poker.server import table_views as views
from anaconda_poker.server.bot_seats import SeatPolicy, default_action, make_policy
from anaconda_poker.server.errors import ClientError, RecoveryError
from anaconda_poker.server.failures import client_error_for, stopped_table
from anaconda_poker.server.presence import (
    Connection,
    Presence,
    PresenceOptions,
)
from anaconda_poker.server.seat_askers import SeatAskers
from anaconda_poker.server.seeds import DEFAULT_SEED_WINDOW
from anaconda_poker.server.table_clock import Decision, TableClock
from anaconda_poker.server.table_events import EVENT_HANDLERS, apply_all, replay
from anaconda_poker.server.table_model import Event, HandMeta, SeatRecord, TableModel
from anaconda_poker.server.table_requests import REQUESTS, check_binding
from anaconda_poker.server.table_seeding import Seeding
from anaconda_poker.server.table_settings import TableSettings
from anaconda_poker.server.table_stats import TableStats
from anaconda_poker.storage.event_store import (
    EventWriter,
    HandRecord,
    NewEvent,
    StoredEvent,
    StoredTable,
    WriteBatch,
)

log = logging.getLogger("anaconda_poker.server.table")
_T = TypeVar("_T")


@dataclass(slots=True)
class _Command:
    kind: str
    args: dict[str, Any]
    conn: Connection | None
    future: asyncio.Future[Any] | None = None


def _times() -> tuple[float, float]:
    """The present as (event loop seconds, Unix seconds)."""
    return asyncio.get_running_loop().time(), time.time()


class _FromModel(Generic[_T]):
    """A :class:`Table` attribute that is the table model's attribute of the same name."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, table: Table, owner: type | None = None) -> _T:
        value: _T = getattr(table.model, self.name)
        return value

    def __set__(self, table: Table, value: _T) -> None:
        setattr(table.model, self.name, value)


class Table:
    """One table: its model, its event log position and (when running) its actor task.

    Args:
        table_id: the public id.
        settings: the table's options.
        writer: the database writer; ``None`` keeps the table in memory only (unit tests).
        policy_factory: makes a bot policy from a level (injected in tests).
        created_at: Unix seconds.
        seed_window: seconds connected human seats have to send their seed before each deal
            (``server/seeds.py``; 0 asks nobody).
        presence: socket limits and timings (``server/presence.py``).
    """

    def __init__(
        self,
        table_id: str,
        settings: TableSettings,
        *,
        writer: EventWriter | None,
        policy_factory: Callable[[str], SeatPolicy] = make_policy,
        created_at: float | None = None,
        seed_window: float = DEFAULT_SEED_WINDOW,
        presence: PresenceOptions | None = None,
    ) -> None:
        self.table_id = table_id
        self.created_at = time.time() if created_at is None else created_at
        self.writer = writer
        self.policy_factory = policy_factory
        self.model = TableModel(settings)  # changed only by events
        # -- runtime --
        self.seeding = Seeding(self, seed_window)  # the seed round's window and frames
        self.clock = TableClock(self.model, random.Random())
        self.presence = Presence(presence)
        self.connections: set[Connection] = self.presence.connections
        self.policies: dict[int, SeatPolicy] = {}
        self.stats = TableStats()
        self.failed = False
        self.failure = "storage_unavailable"  # the code of what stopped a failed table
        self._inbox: asyncio.Queue[_Command] = asyncio.Queue()
        self._wake: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None
        self.seat_askers = SeatAskers()  # which socket asked which seat request
        # the lobby learns the token of a seat the host let a newcomer into (hash, seat)
        self.seat_token_added: Callable[[str, int], None] = lambda digest, seat: None

    # ================================================================== the model
    settings: _FromModel[TableSettings] = _FromModel()  # the host may change the rules
    seats: _FromModel[list[SeatRecord | None]] = _FromModel()
    hand: _FromModel[HandState | None] = _FromModel()
    meta: _FromModel[HandMeta | None] = _FromModel()
    hand_no: _FromModel[int] = _FromModel()
    in_hand: _FromModel[bool] = _FromModel()
    paused: _FromModel[bool] = _FromModel()
    chat: _FromModel[deque[dict[str, Any]]] = _FromModel()
    rebuy_requests: _FromModel[dict[int, tuple[int, int]]] = _FromModel()
    next_request_id: _FromModel[int] = _FromModel()
    host_seat: _FromModel[int | None] = _FromModel()
    departed: _FromModel[list[dict[str, Any]]] = _FromModel()
    seq: _FromModel[int] = _FromModel()
    acts: _FromModel[dict[int, int]] = _FromModel()
    dealt_in: _FromModel[frozenset[int]] = _FromModel()

    def apply_event(self, kind: str, payload: Mapping[str, Any]) -> None:
        """Apply one event to the model (``table_events.apply_event``).

        Raises:
            AnacondaError: an ``action`` the engine rejects (the model is unchanged).
            RecoveryError: a replayed event contradicts the model.
            KeyError: an unknown event kind.
        """
        EVENT_HANDLERS[kind](self.model, payload)

    def replay(self, events: Iterable[StoredEvent]) -> None:
        """Rebuild the model from stored events (startup; ``table_events.replay``) and give
        every bot seat its policy.

        Raises:
            RecoveryError: the log is inconsistent (gap in ``seq``, impossible event).
            AnacondaError: a stored action is illegal (a corrupt log).
        """
        replay(self.model, events)
        for record in self.seats:
            if record is not None and record.bot is not None:
                self.policies[record.seat] = self.policy_factory(record.bot)

    # ================================================================== facts
    @property
    def status(self) -> str:
        """``paused``, ``playing`` or ``waiting`` (``docs/protocol.md`` §3)."""
        if self.model.paused:
            return "paused"
        return "playing" if self.clock.dealing else "waiting"

    @property
    def idle(self) -> bool:
        """No socket has been attached for the idle grace period: bots, timers and automatic
        deals stop until one attaches (``server/presence.py``; the hand stays as committed)."""
        return self.presence.idle(asyncio.get_running_loop().time())

    @property
    def _decisions(self) -> dict[int, Decision]:
        return self.clock.decisions

    @property
    def _next_hand_at(self) -> float | None:
        return self.clock.next_hand_at

    def chip_total(self) -> int:
        """All chips at the table now (``TableModel.chip_total``)."""
        return self.model.chip_total()

    def bought_in_total(self) -> int:
        """Chips brought to the table (``TableModel.bought_in_total``)."""
        return self.model.bought_in_total()

    def find_seat(self, token_hash: str) -> int | None:
        """The seat holding a token hash, or ``None``."""
        return self.model.find_seat(token_hash)

    def eligible_seats(self) -> list[int]:
        """Seats that would be dealt in now: seated, not sitting out, with chips."""
        return self.model.eligible_seats()

    def history_seat(self, seat: int, hand_no: int) -> int | None:
        """The seat whose own cards of hand ``hand_no`` ``seat`` may see
        (``TableModel.history_seat``, RULES.md §7)."""
        return self.model.history_seat(seat, hand_no)

    def former_seat(self, token_hash: str, hand_no: int) -> tuple[bool, int | None]:
        """Whether a player who left held this token, and its seat in hand ``hand_no``
        (``TableModel.former_seat``)."""
        return self.model.former_seat(token_hash, hand_no)

    def turn_of(self, seat: int) -> str | None:
        """The seat's current turn id ``"<hand_no>:<decisions made>"``, or ``None``."""
        return self.model.turn_of(seat)

    def ledger(self) -> list[dict[str, Any]]:
        """Chips per player (``docs/protocol.md`` §3 ledger)."""
        return self.model.ledger()

    def view_for(self, seat: int | None) -> dict[str, Any] | None:
        """The engine view this client may see (``TableModel.view_for``, RULES.md §7)."""
        return self.model.view_for(seat)

    def full_history(self) -> dict[str, Any]:
        """The current/last hand's HAND_HISTORY.md document with the fairness fields."""
        return self.model.full_history(self.table_id)

    def can_auto_deal(self) -> bool:
        """True when the next hand may be dealt automatically (``TableClock.can_auto_deal``:
        someone to play for)."""
        return self.clock.can_auto_deal(bool(self.connections))

    def connected(self, seat: int) -> bool:
        """The seat has a live socket."""
        return self.presence.sockets_of(seat) > 0

    # ================================================================== frames
    def public_info(self) -> dict[str, Any]:
        """TableInfo (``docs/protocol.md`` §3): public facts only."""
        return views.table_info(
            self.table_id,
            self.model,
            status=self.status,
            connected=self.connected,
            away=lambda seat: self.clock.seat_away(seat, self.connected),
            spectators=self.presence.spectators,
            next_hand_at=self.clock.next_hand_wall(_times),
        )

    def summary(self) -> dict[str, Any]:
        """One line of ``GET /api/tables``."""
        return views.table_summary(
            self.table_id,
            self.model,
            status=self.status,
            spectators=self.presence.spectators,
            created_at=self.created_at,
        )

    def _timer(self) -> dict[str, Any] | None:
        return self.clock.timer_frame(_times)

    def state_message(
        self, seat: int | None, *, timer: dict[str, Any] | bool | None = True
    ) -> dict[str, Any]:
        """The ``state`` message for a seat (``None`` = spectator).

        Args:
            seat: the seat, or ``None`` for a spectator.
            timer: the ``timer`` object when already computed for this change; ``True``
                computes it.
        """
        frame_timer = self._timer() if timer is True else timer
        return views.state_message(self.table_id, self.model, seat, frame_timer or None)

    def send(self, conn: Connection, text: str) -> None:
        """Send one frame's text to one socket (counted in :attr:`stats`)."""
        self.stats.frames += 1
        hook = self.stats.frame_hook
        if hook is not None:
            hook(conn.seat, text)
        conn.send(text)

    def broadcast(self, message: Mapping[str, Any]) -> None:
        """Send the same public message to every client of the table."""
        if not self.connections:
            return
        text = views.dumps(message)
        for conn in list(self.connections):
            self.send(conn, text)

    def broadcast_state(self) -> None:
        """Send every client its own ``state`` (one view per seat, one for spectators)."""
        timer = self._timer()
        texts: dict[int | None, str] = {}
        for conn in list(self.connections):
            key = self.presence.seat_of(conn, self.seats)
            text = texts.get(key)
            if text is None:
                text = texts[key] = views.dumps(self.state_message(key, timer=timer))
            self.send(conn, text)

    def send_to_seat(self, seat: int, message: Mapping[str, Any]) -> None:
        """Send a message to the sockets that hold ``seat``."""
        text = views.dumps(message)
        for conn in self.presence.of_seat(seat):
            if self.presence.holds(conn, self.seats):
                self.send(conn, text)

    def broadcast_table(self) -> None:
        """Send the public TableInfo to everyone."""
        self.presence.update_sent()
        self.broadcast({"type": "table", "table": self.public_info()})

    def _error(self, conn: Connection | None, error: ClientError, ref: str | None) -> None:
        self.stats.rejected += 1
        if conn is not None:
            self.send(conn, views.dumps({"type": "error", **error.payload(), "ref": ref}))

    # ================================================================== persistence
    async def commit(
        self,
        events: list[Event],
        *,
        hand: HandRecord | None = None,
        new_table: StoredTable | None = None,
    ) -> None:
        """Append events (already applied to the model) and wait until they are durable.

        Raises:
            sqlalchemy.exc.SQLAlchemyError: the database failed; the table is marked failed
                (it stops; a restart rebuilds it from what was committed).
        """
        now = time.time()
        batch = WriteBatch(
            self.table_id,
            self.seq + 1,
            [NewEvent(kind, payload, now) for kind, payload in events],
            new_table=new_table,
            hand=hand,
        )
        self.seq += len(events)
        if self.writer is None:
            return
        try:
            await self.writer.commit(batch)
        except Exception:
            self.failed = True
            log.exception("table %s: database write failed; stopping the table", self.table_id)
            raise

    async def record(self, events: list[Event]) -> None:
        """Apply to the model, commit, then (the caller) broadcast; nothing for no events.

        Raises:
            AnacondaError, RecoveryError: an event the model refuses (see ``apply_event``).
            sqlalchemy.exc.SQLAlchemyError: the database failed (see :meth:`commit`).
        """
        if events:
            apply_all(self.model, events)
            await self.commit(events)

    # ================================================================== the actor
    def start(self) -> None:
        """Start the actor task on the running loop (after :meth:`replay`)."""
        if self._task is None:
            loop = asyncio.get_running_loop()
            now = loop.time()
            self.clock.refresh(now, self.connected)
            self.seeding.resume(now)  # a seed round interrupted by a restart
            self.schedule_next_hand()
            self._task = loop.create_task(self.run(), name=f"table-{self.table_id}")
            if self.model.hosting.seat_requests:  # their askers' sockets are gone
                self.tell("expire_seat_requests")
            self._reschedule()

    async def stop(self) -> None:
        """Stop the actor task (pending requests get ``internal``)."""
        task, self._task = self._task, None
        if self._wake is not None:
            self._wake.cancel()
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def request(self, kind: str, conn: Connection | None = None, **args: Any) -> Any:
        """Ask the actor to do something and wait for its answer.

        Args:
            kind: a request of ``server/table_requests.py`` (``join``, ``action``, ...).
            conn: the requesting client (errors are also sent to it).

        Raises:
            ClientError: the request was refused (the reason is also sent to ``conn``).
        """
        if self.failed or self._task is None:
            raise stopped_table(self.failure)  # rebuilt by the lobby's TableReviver
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._inbox.put_nowait(_Command(kind, args, conn, future))
        return await future

    def tell(self, kind: str, conn: Connection | None = None, **args: Any) -> None:
        """Like :meth:`request` without waiting for the answer (errors go to ``conn``)."""
        if not self.failed and self._task is not None:
            self._inbox.put_nowait(_Command(kind, args, conn))

    async def run(self) -> None:
        """The actor loop: one request or timer at a time until stopped or failed."""
        while not self.failed:
            command = await self._inbox.get()
            try:
                if command.kind == "_tick":
                    await self._on_tick()
                else:
                    await self._handle(command)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a bug or a database failure: never kill the loop
                log.exception("table %s: failure handling %s", self.table_id, command.kind)
                error = client_error_for(exc)
                self.failure = error.code
                if command.future is not None and not command.future.done():
                    command.future.set_exception(error)
                elif command.conn is not None:
                    self._error(command.conn, error, command.kind)
                if self.failed:
                    self._fail_all()
                    return
            self._reschedule()
            await asyncio.sleep(0)  # let other tables and clients run between two requests

    def _fail_all(self) -> None:
        """The table stopped on a failure: tell every client, refuse what is queued."""
        self.broadcast({"type": "error", **stopped_table(self.failure).payload(), "ref": None})
        while not self._inbox.empty():
            cmd = self._inbox.get_nowait()
            if cmd.future is not None and not cmd.future.done():
                cmd.future.set_exception(stopped_table(self.failure))

    async def _handle(self, command: _Command) -> None:
        handler = REQUESTS.get(command.kind)
        try:
            if handler is None:
                raise ClientError("bad_message", f"unknown request {command.kind!r}")
            if command.conn is not None and command.kind not in ("join", "leave"):
                check_binding(self, command.conn)
            result = await handler(self, command.conn, **command.args)
        except ClientError as error:
            if command.future is not None and not command.future.done():
                command.future.set_exception(error)
            if command.conn is not None and command.kind != "join":  # hello answers a join
                self._error(command.conn, error, command.kind)
            return
        if command.future is not None and not command.future.done():
            command.future.set_result(result)

    # ================================================================== timers
    def _reschedule(self) -> None:
        """Arm one wake-up at the earliest due time (bot pause, deadline, next hand)."""
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        if self._task is None or self.failed or self.paused or self.idle:
            return
        when = self.clock.earliest(self.seeding.due)
        if when is None:
            return
        loop = asyncio.get_running_loop()
        tick = _Command("_tick", {}, None)
        if when <= loop.time():
            self._inbox.put_nowait(tick)
        else:
            self._wake = loop.call_at(when, self._inbox.put_nowait, tick)

    def refresh_decisions(self) -> None:
        """Start a decision (timer or bot pause) for every seat newly to act."""
        self.clock.refresh(asyncio.get_running_loop().time(), self.connected)

    def schedule_next_hand(self) -> None:
        """Arm the automatic deal of the next hand when the table can play one."""
        self.clock.schedule_next_hand(asyncio.get_running_loop().time(), bool(self.connections))

    def restart_clocks(self) -> None:
        """After a pause or an idle spell: deadlines and bot pauses restart from now."""
        now = asyncio.get_running_loop().time()
        self.clock.restart(now, self.connected, bool(self.connections))

    def hand_dealt(self) -> None:
        """A hand was dealt (recorded): start its decisions, send the table and every view."""
        self.refresh_decisions()
        self.broadcast_table()
        self.broadcast_state()

    async def _on_tick(self) -> None:
        if self.paused or self.failed or self.idle:
            return
        now = asyncio.get_running_loop().time()
        clock = self.clock
        if self.seeding.due is not None and self.seeding.due <= now:
            await self.seeding.close()
        elif clock.choosing is not None and clock.choosing[1] <= now:
            clock.choosing = None
            await self.seeding.open(self.settings.config.split.value)
        elif clock.next_hand_at is not None and clock.next_hand_at <= now and not self.in_hand:
            clock.next_hand_at = None
            if self.can_auto_deal():  # the last watcher may have left meanwhile
                await play.begin_hand(self)
        elif (seat := clock.due_seat(now)) is not None:  # one decision per tick
            hand = self.hand
            assert hand is not None
            level = self.model.occupied(seat).bot
            if level is not None:
                await play.act(self, seat, await self._bot_action(hand, seat, level), source="bot")
            else:
                await play.act(self, seat, default_action(hand, seat), source="timeout")

    async def _bot_action(self, hand: HandState, seat: int, level: str) -> Action:
        """The bot's decision from the seat's own view; the default action if it fails."""
        policy = self.policies.get(seat)
        if policy is None:
            policy = self.policies[seat] = self.policy_factory(level)
        view = hand.view(seat)
        legal = hand.legal_actions(seat)
        try:
            if policy.slow:
                action = await asyncio.to_thread(policy.decide, view, legal, hand.config)
            else:
                action = policy.decide(view, legal, hand.config)
            if not hand.can_apply(seat, action):
                raise ValueError(f"the bot chose {action}, not legal now")
        except Exception as exc:  # a faulty bot must not stop the table (strict: raise)
            report_bot_failure(f"table {self.table_id}: bot at seat {seat}", exc)
            action = default_action(hand, seat)
        return action


__all__ = [
    "Connection",
    "HandMeta",
    "RecoveryError",
    "SeatRecord",
    "Table",
    "TableSettings",
    "TableStats",
]
