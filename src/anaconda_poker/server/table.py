"""One game table as an asyncio actor: its seats, its hand, its timers, its event log.

Every change of a table is an **event** (``seat_taken``, ``hand_started``, ``action``,
``hand_finished``, ``chat``, ``rebuy_requested``, ``rebuy_resolved``, ``sitting_out``,
``paused``). :meth:`Table.apply_event` is the only mutator of the table's model; it runs
both live and when a table is rebuilt from the database after a restart, so a rebuilt table
is identical to the one that was running (the hand is rebuilt from the stored deck and the
actions, RULES.md §1 chip conservation included).

Live, a request is validated, applied, **committed to the database, and only then
broadcast** (``docs/protocol.md``). Requests of one table are handled one at a time by its
actor task (:meth:`Table.run`); tables run concurrently and share one group-committing
database writer.

Every frame a client receives is built here from the engine's views (``state.view(seat)``
for a seat dealt in, ``state.view(None)`` for spectators and seats not in the hand) plus
public table information.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from anaconda_poker.bots.fallback import report_bot_failure
from anaconda_poker.core.actions import Action
from anaconda_poker.core.config import Split
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.state import HandState
from anaconda_poker.server.absence import decision_due, is_away
from anaconda_poker.server.bot_seats import SeatPolicy, default_action, make_policy
from anaconda_poker.server.errors import ClientError, RecoveryError, engine_error_code
from anaconda_poker.server.failures import client_error_for, stopped_table
from anaconda_poker.server.names import name_clash
from anaconda_poker.server.presence import (
    SEAT_REVOKED,
    SEAT_REVOKED_REASON,
    Connection,
    Presence,
    PresenceOptions,
)
from anaconda_poker.server.seeds import DEFAULT_SEED_WINDOW
from anaconda_poker.server.table_events import EVENT_HANDLERS, apply_all, replay
from anaconda_poker.server.table_model import Event, HandMeta, SeatRecord, TableModel
from anaconda_poker.server.table_seeding import Seeding
from anaconda_poker.server.table_settings import TableSettings
from anaconda_poker.server.table_views import dumps
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

TIMEOUTS_BEFORE_SIT_OUT = 2
"""Consecutive betting timeouts after which a seat is sat out."""
CHOOSE_GAME_SECONDS = 20.0
"""How long the dealer may take to choose the game when the table has no action timer."""


@dataclass(slots=True)
class _Command:
    kind: str
    args: dict[str, Any]
    conn: Connection | None
    future: asyncio.Future[Any] | None = None


@dataclass(slots=True)
class _Decision:
    turn: str
    started: float  # loop time
    due: float  # loop time the server acts (bot pause or final deadline); inf if never


@dataclass(slots=True)
class TableStats:
    """Counters for tests, benchmarks and ``GET /api/stats``.

    Attributes:
        latencies: recent players' actions, seconds from the message's arrival at the server
            to the broadcast of its result (committed, frames queued to every client).
    """

    latencies: deque[float] = field(default_factory=lambda: deque(maxlen=2000))
    actions: int = 0
    hands_started: int = 0
    hands_finished: int = 0
    timeouts: int = 0
    frames: int = 0
    rejected: int = 0
    frame_hook: Callable[[int | None, str], None] | None = field(default=None, repr=False)


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
        self.settings = settings
        self.created_at = time.time() if created_at is None else created_at
        self.writer = writer
        self._policy_factory = policy_factory
        self.model = TableModel(settings)  # changed only by apply_event
        self.seeding = Seeding(self, seed_window)  # the seed round before a deal
        # -- runtime --
        self.presence = Presence(presence)
        self.connections: set[Connection] = self.presence.connections
        self.policies: dict[int, SeatPolicy] = {}
        self.stats = TableStats()
        self.failed = False
        self.failure = "storage_unavailable"  # the code of what stopped a failed table
        self._decisions: dict[int, _Decision] = {}
        self._next_hand_at: float | None = None
        self._choosing: tuple[int, float] | None = None  # (dealer seat, loop deadline)
        self._inbox: asyncio.Queue[_Command] = asyncio.Queue()
        self._wake: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None
        self._rng = random.Random()

    # ================================================================== the model
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
                self.policies[record.seat] = self._policy_factory(record.bot)

    # ================================================================== facts
    @property
    def status(self) -> str:
        """``paused``, ``playing`` or ``waiting`` (``docs/protocol.md`` §3)."""
        if self.paused:
            return "paused"
        busy = self.in_hand or self._choosing is not None or self.seeding.pending
        return "playing" if busy else "waiting"

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

    def _seat(self, seat: int) -> SeatRecord:
        return self.model.occupied(seat)

    def turn_of(self, seat: int) -> str | None:
        """The seat's current turn id ``"<hand_no>:<decisions made>"``, or ``None``."""
        return self.model.turn_of(seat)

    def public_info(self) -> dict[str, Any]:
        """TableInfo (``docs/protocol.md`` §3): public facts only."""
        s = self.settings
        seats: list[dict[str, Any] | None] = []
        for record in self.seats:
            if record is None:
                seats.append(None)
                continue
            seats.append(
                {
                    "seat": record.seat,
                    "name": record.name,
                    "bot": record.bot,
                    "connected": record.bot is not None
                    or self.presence.sockets_of(record.seat) > 0,
                    "sitting_out": record.sitting_out,
                    "leaving": record.leaving,
                    "stack": record.stack,
                    "time_bank": round(record.time_bank, 3),
                    "away": self._seat_away(record.seat),
                }
            )
        return {
            "table_id": self.table_id,
            "name": s.name,
            "status": self.status,
            "hand_no": self.hand_no,
            "host_seat": self.host_seat,
            "max_seats": s.max_seats,
            "config": s.config.to_dict(),
            "starting_stack": s.starting_stack,
            "action_timer": s.action_timer,
            "time_bank": s.time_bank,
            "time_bank_refill": s.time_bank_refill,
            "time_bank_refill_hands": s.time_bank_refill_hands,
            "dealers_choice": s.dealers_choice,
            "auto_start": s.auto_start,
            "allow_rebuys": s.allow_rebuys,
            "bot_pause": s.bot_pause,
            "next_hand_delay": s.between_hands,
            "next_hand_at": self._next_hand_wall(),
            "show_equity": s.show_equity,
            "reveal_deck_after_hand": s.reveal_deck_after_hand,
            "listed": s.listed,
            "spectators": self.presence.spectators,
            "invite_url": f"/t/{self.table_id}",
            "commitment": self.meta.commitment if self.meta is not None and self.in_hand else None,
            "seats": seats,
        }

    def _next_hand_wall(self) -> float | None:
        """When the next hand is dealt automatically, as server time (Unix seconds, like the
        action timer's deadline), or ``None`` when no deal is armed (a hand is running, the
        table is paused or waits for the host or for players)."""
        if self._next_hand_at is None or self.in_hand or self.paused:
            return None
        loop_now = asyncio.get_running_loop().time()
        return round(time.time() + max(0.0, self._next_hand_at - loop_now), 3)

    def summary(self) -> dict[str, Any]:
        """One line of ``GET /api/tables``."""
        occupied = [r for r in self.seats if r is not None]
        config = self.settings.config
        return {
            "table_id": self.table_id,
            "name": self.settings.name,
            "status": self.status,
            "hand_no": self.hand_no,
            "seats": self.settings.max_seats,
            "occupied": len(occupied),
            "humans": sum(1 for r in occupied if r.bot is None),
            "bots": sum(1 for r in occupied if r.bot is not None),
            "spectators": self.presence.spectators,
            "split": config.split.value,
            "betting": config.betting.value,
            "stakes": {
                "ante": config.ante,
                "small_bet": config.small_bet,
                "big_bet": config.big_bet,
            },
            "action_timer": self.settings.action_timer,
            "dealers_choice": self.settings.dealers_choice,
            "invite_url": f"/t/{self.table_id}",
            "created_at": self.created_at,
        }

    def ledger(self) -> list[dict[str, Any]]:
        """Chips per player (``docs/protocol.md`` §3 ledger)."""
        return self.model.ledger()

    def view_for(self, seat: int | None) -> dict[str, Any] | None:
        """The engine view this client may see (``TableModel.view_for``, RULES.md §7)."""
        return self.model.view_for(seat)

    def _timer(self) -> dict[str, Any] | None:
        hand = self.hand
        timer = self.settings.action_timer
        if timer is None or self.paused or not self.in_hand or hand is None:
            return None
        humans = [s for s in hand.to_act if (r := self.seats[s]) is not None and r.bot is None]
        if not humans:
            return None
        loop_now = asyncio.get_running_loop().time()
        started = max(
            self._decisions[s].started if s in self._decisions else loop_now for s in humans
        )
        wall = time.time() + (started + timer - loop_now)
        return {
            "to_act": humans,
            "deadline": round(wall, 3),
            "bank": {str(s): round(self._seat(s).time_bank, 3) for s in humans},
        }

    def state_message(
        self, seat: int | None, *, timer: dict[str, Any] | bool | None = True
    ) -> dict[str, Any]:
        """The ``state`` message for a seat (``None`` = spectator).

        Args:
            seat: the seat, or ``None`` for a spectator.
            timer: the ``timer`` object when already computed for this change; ``True``
                computes it.
        """
        hand = self.hand
        return {
            "type": "state",
            "table_id": self.table_id,
            "hand_no": self.hand_no,
            "version": self.seq,
            "turn": self.turn_of(seat) if seat is not None else None,
            "action_count": hand.action_count if hand is not None else 0,
            "view": self.view_for(seat),
            "timer": self._timer() if timer is True else timer,
        }

    def send(self, conn: Connection, text: str) -> None:
        self.stats.frames += 1
        hook = self.stats.frame_hook
        if hook is not None:
            hook(conn.seat, text)
        conn.send(text)

    def broadcast(self, message: Mapping[str, Any]) -> None:
        """Send the same public message to every client of the table."""
        if not self.connections:
            return
        text = dumps(message)
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
                text = texts[key] = dumps(self.state_message(key, timer=timer))
            self.send(conn, text)

    def send_to_seat(self, seat: int, message: Mapping[str, Any]) -> None:
        text = dumps(message)
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
            self.send(conn, dumps({"type": "error", **error.payload(), "ref": ref}))

    # ================================================================== persistence
    async def commit(
        self,
        events: list[tuple[str, dict[str, Any]]],
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
        if not events:
            return
        apply_all(self.model, events)
        await self.commit(events)

    def schedule_next_hand(self) -> None:
        """Arm the automatic deal of the next hand when the table can play one."""
        self._maybe_schedule_next_hand(asyncio.get_running_loop().time())

    def hand_dealt(self) -> None:
        """A hand was dealt (recorded): start its decisions, send the table and every view."""
        self._refresh_decisions(asyncio.get_running_loop().time())
        self.broadcast_table()
        self.broadcast_state()

    # ================================================================== the actor
    def start(self) -> None:
        """Start the actor task on the running loop (after :meth:`replay`)."""
        if self._task is None:
            loop = asyncio.get_running_loop()
            now = loop.time()
            self._refresh_decisions(now)
            self.seeding.resume(now)  # a seed round interrupted by a restart
            self._maybe_schedule_next_hand(now)
            self._task = loop.create_task(self.run(), name=f"table-{self.table_id}")
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
            kind: ``join``, ``leave``, ``action``, ``chat``, ``sync``, ``take_seat``, a host
                command, ``rebuy``, ``sit_out``/``sit_in``, ``choose_game``.
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
        handler = _COMMANDS.get(command.kind)
        try:
            if handler is None:
                raise ClientError("bad_message", f"unknown request {command.kind!r}")
            if command.conn is not None and command.kind not in ("join", "leave"):
                self._check_binding(command.conn)
            result = await handler(self, command.conn, **command.args)
        except ClientError as error:
            if command.future is not None and not command.future.done():
                command.future.set_exception(error)
            if command.conn is not None and command.kind != "join":  # hello answers a join
                self._error(command.conn, error, command.kind)
            return
        if command.future is not None and not command.future.done():
            command.future.set_result(result)

    # ---------------------------------------------------------------- scheduling
    @property
    def idle(self) -> bool:
        """No socket has been attached for the idle grace period: bots, timers and automatic
        deals stop until one attaches (``server/presence.py``; the hand stays as committed)."""
        return self.presence.idle(asyncio.get_running_loop().time())

    def _reschedule(self) -> None:
        """Arm one wake-up at the earliest due time (bot pause, deadline, next hand)."""
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        if self._task is None or self.failed or self.paused or self.idle:
            return
        due = [d.due for d in self._decisions.values()]
        if self._next_hand_at is not None:
            due.append(self._next_hand_at)
        if self._choosing is not None:
            due.append(self._choosing[1])
        if self.seeding.due is not None:
            due.append(self.seeding.due)
        if not due:
            return
        when = min(due)
        if when == float("inf"):
            return
        loop = asyncio.get_running_loop()
        tick = _Command("_tick", {}, None)
        if when <= loop.time():
            self._inbox.put_nowait(tick)
        else:
            self._wake = loop.call_at(when, self._inbox.put_nowait, tick)

    def _refresh_decisions(self, now: float) -> None:
        """Start a decision (timer or bot pause) for every seat newly to act."""
        hand = self.hand
        if not self.in_hand or hand is None:
            self._decisions.clear()
            return
        to_act = set(hand.to_act)
        for seat in list(self._decisions):
            if seat not in to_act or self._decisions[seat].turn != self.turn_of(seat):
                del self._decisions[seat]
        for seat in to_act:
            if seat in self._decisions:
                continue
            record = self._seat(seat)
            turn = self.turn_of(seat) or ""
            if record.bot is not None:
                pause = self.settings.bot_pause
                delay = pause * self._rng.uniform(0.5, 1.5) if pause > 0 else 0.0
                self._decisions[seat] = _Decision(turn, now, now + delay)
            elif record.leaving:  # left the table: the default action, at once
                self._decisions[seat] = _Decision(turn, now, now)
            else:  # a person: the timer, the bank only while connected, at once when away
                self._decisions[seat] = _Decision(turn, now, self._human_due(seat, now, now))

    def _seat_away(self, seat: int) -> bool:
        """The seat is away (``server/absence.py``): no socket and a timeout already."""
        record = self._seat(seat)
        connected = self.presence.sockets_of(seat) > 0
        return is_away(
            human=record.bot is None,
            connected=connected,
            timeouts=record.timeouts,
            sitting_out=record.sitting_out,
        )

    def _human_due(self, seat: int, started: float, now: float) -> float:
        """When the server acts for a person's decision begun at ``started``."""
        return decision_due(
            started=started,
            now=now,
            timer=self.settings.action_timer,
            bank=self._seat(seat).time_bank,
            connected=self.presence.sockets_of(seat) > 0,
            away=self._seat_away(seat),
        )

    def _rearm_people(self, now: float) -> None:
        """A socket came or went: a person's pending decision loses (or gets back) its time
        bank, or ends at once when the seat is away (``server/absence.py``)."""
        for seat, decision in list(self._decisions.items()):
            record = self.seats[seat]
            if record is None or record.bot is not None or record.leaving:
                continue
            due = self._human_due(seat, decision.started, now)
            self._decisions[seat] = _Decision(decision.turn, decision.started, due)

    def can_auto_deal(self) -> bool:
        """True when the next hand may be dealt automatically: ``auto_start``, not paused,
        two players with chips, and someone to play for: a human seat dealt in, or (unless
        ``wait_for_humans``) any connected client watching. Bots never play on alone for
        nobody, which would fill the database with hands no one sees."""
        eligible = self.eligible_seats()
        if self.paused or not self.settings.auto_start or len(eligible) < 2:
            return False
        if any(self._seat(s).bot is None for s in eligible):
            return True
        return not self.settings.wait_for_humans and bool(self.connections)

    def _maybe_schedule_next_hand(self, now: float) -> None:
        """Arm the automatic deal of the next hand when the table can play one."""
        if self.in_hand or self._choosing is not None or self.seeding.pending:
            return
        if not self.can_auto_deal():
            self._next_hand_at = None
            return
        if self._next_hand_at is None:
            delay = self.settings.between_hands if self.hand_no else 0.0
            self._next_hand_at = now + delay

    async def _on_tick(self) -> None:
        if self.paused or self.failed or self.idle:
            return
        now = asyncio.get_running_loop().time()
        if self.seeding.due is not None and self.seeding.due <= now:
            await self.seeding.close()
            return
        if self._choosing is not None and self._choosing[1] <= now:
            self._choosing = None
            await self._deal(self.settings.config.split.value)
            return
        if self._next_hand_at is not None and self._next_hand_at <= now and not self.in_hand:
            self._next_hand_at = None
            if self.can_auto_deal():  # the last watcher may have left meanwhile
                await self._begin_hand()
            return
        hand = self.hand
        if not self.in_hand or hand is None:
            return
        for seat, decision in sorted(self._decisions.items(), key=lambda kv: kv[1].due):
            if decision.due > now:
                break
            if seat not in hand.to_act:  # cannot happen; never act for a seat out of turn
                del self._decisions[seat]
                continue
            record = self._seat(seat)
            if record.bot is not None:
                action = await self._bot_action(hand, seat, record.bot)
                await self._act(seat, action, source="bot")
            else:
                await self._act(seat, default_action(hand, seat), source="timeout")
            return  # one decision per tick; the next tick follows at once

    async def _bot_action(self, hand: HandState, seat: int, level: str) -> Action:
        """The bot's decision from the seat's own view; the default action if it fails."""
        policy = self.policies.get(seat)
        if policy is None:
            policy = self.policies[seat] = self._policy_factory(level)
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

    # ---------------------------------------------------------------- hands
    def _next_button(self, eligible: list[int]) -> int:
        return self.model.next_button(eligible)

    async def _begin_hand(self) -> None:
        eligible = self.eligible_seats()
        if self.in_hand or len(eligible) < 2:
            return
        if self.settings.dealers_choice:
            dealer = self._next_button(eligible)
            record = self._seat(dealer)
            if record.bot is None:
                loop_now = asyncio.get_running_loop().time()
                limit = self.settings.action_timer or CHOOSE_GAME_SECONDS
                self._choosing = (dealer, loop_now + limit)
                self.send_to_seat(dealer, self._choose_game_message(self._choosing[1]))
                self.broadcast_table()
                return
        await self._deal(self.settings.config.split.value)

    def _choose_game_message(self, due: float) -> dict[str, Any]:
        """``choose_game`` for the dealer; ``due``: the loop time the default game is dealt."""
        return {
            "type": "choose_game",
            "hand_no": self.hand_no + 1,
            "options": [s.value for s in Split],
            "default": self.settings.config.split.value,
            "deadline": round(time.time() + due - asyncio.get_running_loop().time(), 3),
        }

    async def _deal(self, split: str) -> None:
        """Commit to a server deck, collect the players' seeds, then deal the deck they
        derive (fairness version 3: ``server/seeds.py``)."""
        await self.seeding.open(split)

    async def _act(self, seat: int, action: Action, *, source: str) -> None:
        """Apply, commit, broadcast one action (and the end of the hand if it ends it).

        Raises:
            ClientError: the engine refused the action (nothing changed).
        """
        hand = self.hand
        assert hand is not None
        record = self._seat(seat)
        payload: dict[str, Any] = {
            "hand_no": self.hand_no,
            "seat": seat,
            "action": action.to_dict(),
        }
        if source == "timeout":
            payload["timeout"] = True
        was_away = self._seat_away(seat)
        now = asyncio.get_running_loop().time()
        timer = self.settings.action_timer
        decision = self._decisions.get(seat)
        if record.bot is None and timer is not None and decision is not None:
            used = max(0.0, now - (decision.started + timer))
            if used > 0:
                payload["bank"] = round(max(0.0, record.time_bank - used), 3)
        try:
            self.apply_event("action", payload)
        except AnacondaError as exc:
            raise ClientError(engine_error_code(exc), str(exc)) from None
        except Exception:
            # not a rule error: the hand may be half-changed; stop the table (a restart
            # rebuilds it from the committed log, without this action)
            self.failed = True
            raise
        self.stats.actions += 1
        if source == "timeout":
            self.stats.timeouts += 1
        events: list[tuple[str, dict[str, Any]]] = [("action", payload)]
        hand_record: HandRecord | None = None
        host = self.host_seat
        if hand.is_complete:
            hand_record = self._finish_hand(events)
        if (
            source == "timeout"
            and record.timeouts >= TIMEOUTS_BEFORE_SIT_OUT
            and not record.sitting_out
        ):
            sit = {"seat": seat, "value": True}
            self.apply_event("sitting_out", sit)
            events.append(("sitting_out", sit))
        await self.commit(events, hand=hand_record)
        self._refresh_decisions(now)
        if hand_record is not None:
            self._after_hand(now)
            self._announce_departures(events, host)
        else:
            self.broadcast_state()
            if not was_away and self._seat_away(seat):  # everyone sees who is played for
                self.broadcast_table()

    def _finish_hand(self, events: list[tuple[str, dict[str, Any]]]) -> HandRecord:
        hand = self.hand
        meta = self.meta
        assert hand is not None and meta is not None
        stacks_after = {str(s): hand.stack[s] for s in hand.players}
        pending = {s: self._seat(s).pending_rebuy for s in hand.players}
        finished = {
            "hand_no": self.hand_no,
            "stacks": {s: v + pending[int(s)] for s, v in stacks_after.items()},
        }
        self.apply_event("hand_finished", finished)
        events.append(("hand_finished", finished))
        # bots that went broke buy in again at once when rebuys are allowed
        if self.settings.allow_rebuys:
            for s in hand.players:
                record = self._seat(s)
                if record.bot is not None and record.stack == 0:
                    request_id = self.next_request_id
                    ask = {
                        "request_id": request_id,
                        "seat": s,
                        "amount": self.settings.starting_stack,
                    }
                    self.apply_event("rebuy_requested", ask)
                    answer = {"request_id": request_id, "approved": True, "by": "house"}
                    self.apply_event("rebuy_resolved", answer)
                    events += [("rebuy_requested", ask), ("rebuy_resolved", answer)]
        for s in hand.players:
            if self._seat(s).leaving:
                events += self._leave_events(s)
        history = self.full_history()
        result = hand.result
        summary = {
            "button": meta.button,
            "split": meta.split,
            "commitment": meta.commitment,
            "net": result.to_dict()["net"] if result is not None else {},
        }
        self.stats.hands_finished += 1
        return HandRecord(
            hand_no=self.hand_no, finished_at=time.time(), summary=summary, history=history
        )

    def _after_hand(self, now: float) -> None:
        hand = self.hand
        meta = self.meta
        assert hand is not None and meta is not None
        self.broadcast_state()
        result = hand.result
        self.broadcast(
            {
                "type": "hand_finished",
                "hand_no": self.hand_no,
                "commitment": meta.commitment,
                "result": result.to_dict() if result is not None else None,
                "history_url": f"/api/tables/{self.table_id}/hands/{self.hand_no}",
            }
        )
        self._maybe_schedule_next_hand(now)  # first: the table message says when it deals
        self.broadcast_table()
        self.broadcast({"type": "ledger", "ledger": self.ledger()})

    def full_history(self) -> dict[str, Any]:
        """The current/last hand's HAND_HISTORY.md document with the fairness fields."""
        return self.model.full_history(self.table_id)

    # ================================================================== requests
    async def _cmd_join(self, conn: Connection) -> dict[str, Any]:
        """Attach a socket after its ``hello``: checked and registered in this one step
        (``server/presence.py``), then welcomed and resynced; others get the TableInfo
        change coalesced.

        Raises:
            ClientError: ``bad_token``, ``too_many_sockets`` (nothing changed).
        """
        binding = self.presence.bind(conn, self.seats)
        was_idle = self.idle
        self.presence.register(conn, binding)
        if was_idle:
            self._restart_clocks()
        seat = binding.seat
        is_host = seat is not None and seat == self.host_seat
        record = self.seats[seat] if seat is not None else None
        welcome = {
            "type": "welcome",
            "table_id": self.table_id,
            "seat": seat,
            "name": record.name if record is not None else None,
            "is_host": is_host,
            "server_time": round(time.time(), 3),
        }
        self.send(conn, dumps(welcome))
        self._presence_changed(conn)
        self.send(conn, dumps({"type": "chat_history", "messages": list(self.chat)}))
        self.send(conn, dumps(self.state_message(seat)))
        if is_host:
            for message in self._pending_rebuy_messages():
                self.send(conn, dumps(message))
        if seat is not None and self._choosing is not None and self._choosing[0] == seat:
            self.send(conn, dumps(self._choose_game_message(self._choosing[1])))
        self.seeding.on_join(conn)
        self._maybe_schedule_next_hand(asyncio.get_running_loop().time())
        return welcome

    async def _cmd_leave(self, conn: Connection) -> None:
        if self.presence.unregister(conn, asyncio.get_running_loop().time()):
            self._presence_changed(None)

    def _presence_changed(self, joined: Connection | None) -> None:
        """A socket joined (``joined``, sent the TableInfo at once) or left: the others get
        the change once, coalesced over ``table_update_delay`` (``server/presence.py``)."""
        self._rearm_people(asyncio.get_running_loop().time())
        if self.presence.schedule_update(lambda: self.tell("table_update")):
            self.broadcast_table()
        elif joined is not None:
            self.send(joined, dumps({"type": "table", "table": self.public_info()}))

    async def _cmd_table_update(self, conn: Connection | None) -> None:
        del conn
        if self.presence.update_pending:
            self.broadcast_table()

    def _check_binding(self, conn: Connection) -> None:
        """Refuse a request from a socket that is not attached, or whose seat is no longer
        held by the token it said ``hello`` with (then it is closed: ``SEAT_REVOKED``).

        Raises:
            ClientError: ``hello_required`` (not attached), ``bad_token`` (seat given up).
        """
        if self.presence.holds(conn, self.seats):
            return
        if self.presence.unregister(conn, asyncio.get_running_loop().time()):
            conn.close(SEAT_REVOKED, SEAT_REVOKED_REASON)
            self._presence_changed(None)
            raise ClientError("bad_token", "this socket's token no longer holds its seat")
        raise ClientError("hello_required", "this socket is not attached to the table")

    async def _cmd_sync(self, conn: Connection) -> None:
        self.send(conn, dumps({"type": "table", "table": self.public_info()}))
        self.send(conn, dumps(self.state_message(conn.seat)))

    def require_seat(self, conn: Connection | None) -> int:
        if conn is None or conn.seat is None:
            raise ClientError("spectator", "spectators may not do this; take a seat first")
        return conn.seat

    def _require_host(self, conn: Connection | None) -> int:
        seat = self.require_seat(conn)
        if seat != self.host_seat:
            raise ClientError("not_host", "only the host may do this")
        return seat

    async def _cmd_action(
        self,
        conn: Connection | None,
        turn: str,
        action: dict[str, Any],
        received: float | None = None,
    ) -> None:
        seat = self.require_seat(conn)
        if self.paused:
            raise ClientError("paused", "the host paused the table; wait for resume")
        hand = self.hand
        if not self.in_hand or hand is None:
            raise ClientError("no_hand", "no hand is running")
        current = self.turn_of(seat)
        if current is None:
            raise ClientError("not_your_turn", f"seat {seat} is not playing in this hand")
        if turn != current:
            raise ClientError(
                "stale_turn",
                f"turn {turn!r} is not seat {seat}'s current turn {current!r} "
                "(replayed or late message)",
            )
        try:
            parsed = Action.from_dict(action)
        except AnacondaError as exc:
            raise ClientError(engine_error_code(exc), str(exc)) from None
        await self._act(seat, parsed, source="player")
        if received is not None:  # from the message's arrival to its broadcast, seconds
            self.stats.latencies.append(time.perf_counter() - received)

    async def _cmd_chat(self, conn: Connection | None, text: str) -> None:
        seat = self.require_seat(conn)
        cleaned = " ".join(text.split())
        if not cleaned:
            raise ClientError("bad_message", "text: the chat line is empty")
        line = {
            "seat": seat,
            "name": self._seat(seat).name,
            "text": cleaned,
            "at": round(time.time(), 3),
        }
        await self.record([("chat", line)])
        self.broadcast({"type": "chat", **line})

    async def _cmd_sit_out(self, conn: Connection | None) -> None:
        await self._set_sitting_out(self.require_seat(conn), True)

    async def _cmd_sit_in(self, conn: Connection | None) -> None:
        await self._set_sitting_out(self.require_seat(conn), False)

    async def _set_sitting_out(self, seat: int, value: bool) -> None:
        if self._seat(seat).leaving:
            raise ClientError("leaving", "this seat is leaving the table after this hand")
        if self._seat(seat).sitting_out == value:
            return
        await self.record([("sitting_out", {"seat": seat, "value": value})])
        self._maybe_schedule_next_hand(asyncio.get_running_loop().time())
        self.broadcast_table()

    def _leave_events(self, seat: int) -> list[tuple[str, dict[str, Any]]]:
        """Apply and return the events of ``seat`` leaving now (not dealt into a running
        hand): its pending rebuy requests are declined, its chips leave with it, and the
        host role passes to the lowest-numbered human seat left (or to nobody: then rebuys
        are approved by the house)."""
        events: list[tuple[str, dict[str, Any]]] = []
        for request_id, (s, _amount) in sorted(self.rebuy_requests.items()):
            if s == seat:
                answer = {"request_id": request_id, "approved": False, "by": "house"}
                self.apply_event("rebuy_resolved", answer)
                events.append(("rebuy_resolved", answer))
        host = self.host_seat
        if host == seat:
            humans = [
                r.seat
                for r in self.seats
                if r is not None and r.bot is None and r.seat != seat and not r.leaving
            ]
            host = humans[0] if humans else None
        record = self._seat(seat)
        left = {"seat": seat, "name": record.name, "stack": record.stack, "host": host}
        self.apply_event("seat_left", left)
        events.append(("seat_left", left))
        return events

    def _announce_departures(
        self, events: list[tuple[str, dict[str, Any]]], host: int | None
    ) -> None:
        """Tell the sockets of seats that left ``seat_left`` and close them (their token no
        longer holds a seat: ``server/presence.py``), and a new host its pending rebuy
        requests. The new seating and ledger are the caller's to broadcast (at a hand's end
        :meth:`_after_hand` already does)."""
        left = [payload for kind, payload in events if kind == "seat_left"]
        now = asyncio.get_running_loop().time()
        for payload in left:
            self.policies.pop(payload["seat"], None)
            text = dumps({"type": "seat_left", **payload})
            for conn in self.presence.revoke(payload["seat"], now):
                self.send(conn, text)
                conn.close(SEAT_REVOKED, SEAT_REVOKED_REASON)
        if left and self.host_seat is not None and self.host_seat != host:
            self.send_to_seat(self.host_seat, {"type": "host", "seat": self.host_seat})
            for request in self._pending_rebuy_messages():
                self.send_to_seat(self.host_seat, request)

    async def _cmd_leave_seat(self, conn: Connection | None) -> dict[str, Any]:
        """Leave the table (cash out). Between hands, or when not dealt into the running
        hand, the seat is freed at once; otherwise the seat acts by default at once (check,
        else fold; passes and arrangements as on a timeout) and is freed when the hand ends.
        Its chips leave with it (the ledger keeps the line)."""
        seat = self.require_seat(conn)
        record = self._seat(seat)
        host = self.host_seat
        if record.leaving:
            return {"seat": seat, "leaving": True}
        if seat == host and self.paused:
            # only the host may resume: a pause left behind would stop the table for good
            await self._cmd_resume(conn)
        now = asyncio.get_running_loop().time()
        if self.in_hand and seat in self.dealt_in:
            await self.record([("leave_requested", {"seat": seat})])
            self._decisions.pop(seat, None)
            self._refresh_decisions(now)
            self.broadcast_table()
            return {"seat": seat, "leaving": True}
        if self._choosing is not None and self._choosing[0] == seat:
            self._choosing = (seat, now)  # the dealer left: the default game, at once
        events = self._leave_events(seat)
        await self.commit(events)
        self._announce_departures(events, host)
        self.broadcast_table()
        self.broadcast({"type": "ledger", "ledger": self.ledger()})
        self._maybe_schedule_next_hand(now)
        return {"seat": seat, "leaving": False}

    async def _cmd_pause(self, conn: Connection | None) -> None:
        seat = self._require_host(conn)
        if self.paused:
            return
        if self._seat(seat).leaving:  # its pause could outlive it: nobody else may resume
            raise ClientError("leaving", "a host who is leaving the table may not pause it")
        await self.record([("paused", {"value": True})])
        self.broadcast_table()
        self.broadcast_state()

    async def _cmd_resume(self, conn: Connection | None) -> None:
        self._require_host(conn)
        if not self.paused:
            return
        await self.record([("paused", {"value": False})])
        self._restart_clocks()
        self.broadcast_table()
        self.broadcast_state()

    def _restart_clocks(self) -> None:
        """After a pause or an idle spell: deadlines and bot pauses restart from now."""
        now = asyncio.get_running_loop().time()
        self._decisions.clear()
        self._refresh_decisions(now)
        if self._choosing is not None:
            limit = self.settings.action_timer or CHOOSE_GAME_SECONDS
            self._choosing = (self._choosing[0], now + limit)
        self._next_hand_at = None  # the showdown countdown starts again in full, announced
        self._maybe_schedule_next_hand(now)

    async def _cmd_next_hand(self, conn: Connection | None) -> None:
        self._require_host(conn)
        if self.paused:
            raise ClientError("paused", "resume the table first")
        if self.in_hand or self._choosing is not None or self.seeding.pending:
            raise ClientError("hand_running", "a hand is already running")
        if len(self.eligible_seats()) < 2:
            raise ClientError("not_enough_players", "at least two players with chips must sit in")
        self._next_hand_at = None
        await self._begin_hand()

    async def _cmd_choose_game(self, conn: Connection | None, split: str) -> None:
        seat = self.require_seat(conn)
        if self._choosing is None or self._choosing[0] != seat:
            raise ClientError("not_dealer", "the game is not yours to choose now")
        if self.paused:
            raise ClientError("paused", "the host paused the table; wait for resume")
        self._choosing = None
        await self._deal(split)

    def _pending_rebuy_messages(self) -> list[dict[str, Any]]:
        """A ``rebuy_request`` per pending request, oldest first (for the host)."""
        return [
            self._rebuy_request_message(request_id, seat, amount)
            for request_id, (seat, amount) in sorted(self.rebuy_requests.items())
        ]

    def _rebuy_request_message(self, request_id: int, seat: int, amount: int) -> dict[str, Any]:
        return {
            "type": "rebuy_request",
            "request_id": request_id,
            "seat": seat,
            "name": self._seat(seat).name,
            "amount": amount,
        }

    async def _cmd_rebuy(self, conn: Connection | None, amount: int) -> None:
        seat = self.require_seat(conn)
        record = self._seat(seat)
        limit = self.settings.starting_stack - record.stack - record.pending_rebuy
        if not self.settings.allow_rebuys:
            raise ClientError("rebuy_not_allowed", "this table does not allow rebuys")
        if record.leaving:
            raise ClientError("leaving", "this seat is leaving the table after this hand")
        if any(s == seat for s, _ in self.rebuy_requests.values()):
            raise ClientError("rebuy_not_allowed", "a rebuy request of this seat is pending")
        if limit < 1 or not 1 <= amount <= limit:
            raise ClientError(
                "rebuy_not_allowed",
                f"a rebuy may top the stack up to the starting stack "
                f"({self.settings.starting_stack}); allowed now: "
                + (f"1..{limit} chips" if limit >= 1 else "none"),
            )
        request_id = self.next_request_id
        ask = {"request_id": request_id, "seat": seat, "amount": amount}
        events: list[tuple[str, dict[str, Any]]] = [("rebuy_requested", ask)]
        if self.host_seat is None:
            events.append(
                ("rebuy_resolved", {"request_id": request_id, "approved": True, "by": "house"})
            )
        await self.record(events)
        if self.host_seat is None:
            self._rebuy_done(request_id, seat, amount, True)
        else:
            self.send_to_seat(self.host_seat, self._rebuy_request_message(request_id, seat, amount))

    async def _cmd_approve_rebuy(self, conn: Connection | None, request_id: int) -> None:
        await self._answer_rebuy(conn, request_id, True)

    async def _cmd_deny_rebuy(self, conn: Connection | None, request_id: int) -> None:
        await self._answer_rebuy(conn, request_id, False)

    async def _answer_rebuy(self, conn: Connection | None, request_id: int, approved: bool) -> None:
        host = self._require_host(conn)
        if request_id not in self.rebuy_requests:
            raise ClientError("unknown_request", f"no pending rebuy request {request_id}")
        seat, amount = self.rebuy_requests[request_id]
        await self.record(
            [("rebuy_resolved", {"request_id": request_id, "approved": approved, "by": host})]
        )
        self._rebuy_done(request_id, seat, amount, approved)

    def _rebuy_done(self, request_id: int, seat: int, amount: int, approved: bool) -> None:
        message = {
            "type": "rebuy_result",
            "request_id": request_id,
            "seat": seat,
            "amount": amount,
            "approved": approved,
        }
        self.send_to_seat(seat, message)
        host = self.host_seat
        if host is not None and host != seat:
            self.send_to_seat(host, message)
        self.broadcast_table()
        self.broadcast({"type": "ledger", "ledger": self.ledger()})
        self._maybe_schedule_next_hand(asyncio.get_running_loop().time())

    async def _cmd_take_seat(
        self,
        conn: Connection | None,
        name: str,
        seat: int | None,
        token_hash: str,
        bot: str | None = None,
    ) -> int:
        del conn
        clash = name_clash(name, (r.name for r in self.seats if r is not None))
        if clash is not None:
            raise ClientError("name_taken", clash, status=409)
        if seat is None:
            free = [i for i, r in enumerate(self.seats) if r is None]
            if not free:
                raise ClientError("table_full", "every seat is taken", status=409)
            seat = free[0]
        if not 0 <= seat < len(self.seats):
            raise ClientError("bad_request", f"seat must be 0..{len(self.seats) - 1}", status=400)
        taken = self.seats[seat]
        if taken is not None:
            raise ClientError(
                "seat_taken", f"seat {seat} is already taken by {taken.name}", status=409
            )
        payload: dict[str, Any] = {
            "seat": seat,
            "name": name,
            "token_hash": token_hash,
            "bot": bot,
            "stack": self.settings.starting_stack,
        }
        if bot is None and self.host_seat is None and self.settings.host_seat is not None:
            payload["host"] = True  # the host left: the next human to sit down hosts
        await self.record([("seat_taken", payload)])
        if bot is not None:
            self.policies[seat] = self._policy_factory(bot)
        self._maybe_schedule_next_hand(asyncio.get_running_loop().time())
        self.broadcast_table()
        return seat


_COMMANDS: dict[str, Callable[..., Any]] = {
    "join": Table._cmd_join,
    "leave": Table._cmd_leave,
    "sync": Table._cmd_sync,
    "action": Table._cmd_action,
    "chat": Table._cmd_chat,
    "sit_out": Table._cmd_sit_out,
    "sit_in": Table._cmd_sit_in,
    "pause": Table._cmd_pause,
    "resume": Table._cmd_resume,
    "next_hand": Table._cmd_next_hand,
    "choose_game": Table._cmd_choose_game,
    "rebuy": Table._cmd_rebuy,
    "approve_rebuy": Table._cmd_approve_rebuy,
    "deny_rebuy": Table._cmd_deny_rebuy,
    "table_update": Table._cmd_table_update,
    "take_seat": Table._cmd_take_seat,
    "leave_seat": Table._cmd_leave_seat,
    "seed": lambda table, conn, hand_no, seed: table.seeding.receive(conn, hand_no, seed),
}

__all__ = [
    "Connection",
    "HandMeta",
    "RecoveryError",
    "SeatRecord",
    "Table",
    "TableSettings",
    "TableStats",
]
