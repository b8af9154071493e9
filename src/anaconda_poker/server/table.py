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
import json
import logging
import random
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from anaconda_poker.bots.fallback import report_bot_failure
from anaconda_poker.core.actions import Action
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.declare import hand_config
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.state import HandState, Seat
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
from anaconda_poker.server.seeds import DEFAULT_SEED_WINDOW, Seeding, history_fields
from anaconda_poker.server.timebank import refill_time_banks
from anaconda_poker.storage.event_store import (
    EventWriter,
    HandRecord,
    NewEvent,
    StoredEvent,
    StoredTable,
    WriteBatch,
)

log = logging.getLogger("anaconda_poker.server.table")

CHAT_HISTORY = 50
"""Chat lines kept and sent on connect."""
TIMEOUTS_BEFORE_SIT_OUT = 2
"""Consecutive betting timeouts after which a seat is sat out."""
CHOOSE_GAME_SECONDS = 20.0
"""How long the dealer may take to choose the game when the table has no action timer."""


@dataclass(frozen=True, kw_only=True, slots=True)
class TableSettings:
    """A table's fixed options (``POST /api/tables``; stored with the table).

    Attributes:
        name: display name.
        max_seats: seats at the table (2..``52 // cards_dealt``).
        config: the house rules and stakes (the table default when dealer's choice is on).
        starting_stack: chips a new seat starts with.
        action_timer: seconds per decision, or ``None`` for no timer.
        time_bank: extra seconds per seat for the whole session (the most a bank holds).
        time_bank_refill: seconds added to each person's bank every
            ``time_bank_refill_hands`` hands, up to ``time_bank`` (``server/timebank.py``).
        time_bank_refill_hands: hands between two refills.
        dealers_choice: the dealer picks the game type before each hand.
        bot_pause: mean seconds a bot waits before acting (0 = at once).
        auto_start: deal hands automatically.
        allow_rebuys: seats may ask for more chips.
        host_seat: the host's seat, or ``None`` (then rebuys are approved automatically).
        between_hands: pause between two automatically dealt hands, seconds: the showdown
            stays on the table that long (``next_hand_delay`` in TableInfo and the create
            request, issue 12 §3).
        wait_for_humans: deal automatically only while a human seat would be dealt in (the
            default lobby's bots do not play alone).
        show_equity: players may see their own equity in the web client (advice only; the
            server sends nothing more to anyone).
        reveal_deck_after_hand: players of a finished hand may download its full history,
            deck and salt included (every seat's cards: off by default, RULES.md §7).
        listed: shown in the lobby's table list (``GET /api/tables``) to everyone; an
            unlisted table (the default for tables players create) is reached through its
            invite link only.
    """

    name: str
    max_seats: int
    config: TableConfig
    starting_stack: int
    action_timer: float | None = 30.0
    time_bank: float = 60.0
    time_bank_refill: float = 10.0
    time_bank_refill_hands: int = 10
    dealers_choice: bool = False
    bot_pause: float = 1.0
    auto_start: bool = True
    allow_rebuys: bool = True
    host_seat: int | None = 0
    between_hands: float = 8.0
    wait_for_humans: bool = False
    show_equity: bool = False
    reveal_deck_after_hand: bool = False
    listed: bool = False

    def __post_init__(self) -> None:
        self.config.check_players(2)
        if not 2 <= self.max_seats <= self.config.max_players():
            raise ClientError(
                "invalid_config",
                f"seats must be 2..{self.config.max_players()} with "
                f"{self.config.cards_dealt} cards dealt, got {self.max_seats}",
            )
        if self.host_seat is not None and not 0 <= self.host_seat < self.max_seats:
            raise ClientError("invalid_config", f"host_seat {self.host_seat} is not a seat")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (stored in the database)."""
        return {
            "name": self.name,
            "max_seats": self.max_seats,
            "config": self.config.to_dict(),
            "starting_stack": self.starting_stack,
            "action_timer": self.action_timer,
            "time_bank": self.time_bank,
            "time_bank_refill": self.time_bank_refill,
            "time_bank_refill_hands": self.time_bank_refill_hands,
            "dealers_choice": self.dealers_choice,
            "bot_pause": self.bot_pause,
            "auto_start": self.auto_start,
            "allow_rebuys": self.allow_rebuys,
            "host_seat": self.host_seat,
            "between_hands": self.between_hands,
            "wait_for_humans": self.wait_for_humans,
            "show_equity": self.show_equity,
            "reveal_deck_after_hand": self.reveal_deck_after_hand,
            "listed": self.listed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSettings:
        """Inverse of :meth:`to_dict`.

        Raises:
            InvalidConfigError: the stored house rules are invalid.
            KeyError: a required field is missing.
        """
        fields = dict(data)
        fields["config"] = TableConfig.from_dict(fields["config"])
        return cls(**fields)


@dataclass(slots=True)
class SeatRecord:
    """One occupied seat (the model). ``generation`` is the table's seat generation when
    the seat was taken: with ``token_hash`` it names this occupancy (``server/presence.py``)."""

    seat: int
    name: str
    token_hash: str | None
    bot: str | None
    stack: int
    time_bank: float
    bought_in: int
    sitting_out: bool = False
    rebuys: int = 0
    hands: int = 0
    pending_rebuy: int = 0
    timeouts: int = 0
    leaving: bool = False
    first_hand: int = 1  # the first hand its occupant could be dealt into
    generation: int = 0


@dataclass(frozen=True, slots=True)
class HandMeta:
    """Facts of the current (or last) hand that the engine does not keep."""

    hand_no: int
    button: int
    split: str
    deck: tuple[int, ...]
    salt: str
    commitment: str
    started_at: float
    commitment_version: int = 1  # hands stored before version 2 have no marker
    server_deck: tuple[int, ...] | None = None  # version 3: the committed deck (server/seeds.py)
    player_seeds: tuple[tuple[int, str], ...] = ()  # version 3: (seat, seed hex) dealt in


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


def _ledger_line(record: SeatRecord, *, left: bool) -> dict[str, Any]:
    """One player's ledger line (``docs/protocol.md`` §3): chips brought and held, in chips;
    ``left`` for a player who has left the table (``stack`` is what it took away)."""
    return {
        "name": record.name,
        "seat": record.seat,
        "bot": record.bot,
        "bought_in": record.bought_in,
        "rebuys": record.rebuys,
        "stack": record.stack,
        "net": record.stack - record.bought_in,
        "hands": record.hands,
        "left": left,
    }


def _dumps(message: Mapping[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


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
        # -- the model (changed only by apply_event) --
        self.seats: list[SeatRecord | None] = [None] * settings.max_seats
        self.hand: HandState | None = None
        self.meta: HandMeta | None = None
        self.hand_no = 0
        self.in_hand = False
        self.last_button: int | None = None
        self.paused = False
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_HISTORY)
        self.rebuy_requests: dict[int, tuple[int, int]] = {}
        self.next_request_id = 1
        self.host_seat: int | None = settings.host_seat  # passes on when the host leaves
        self.departed: list[dict[str, Any]] = []  # ledger lines of players who left
        # token hash of a player who left -> (seat, first hand, last hand it could play)
        self.former_tokens: dict[str, tuple[int, int, int]] = {}
        self.seq = 0
        self.acts: dict[int, int] = {}
        self.dealt_in: frozenset[int] = frozenset()
        self.seat_generation = 0  # +1 on every seat taken or left
        self._fast_replay = False
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
    def apply_event(self, kind: str, payload: Mapping[str, Any]) -> None:
        """Apply one event to the model (live and when replaying the log).

        Raises:
            AnacondaError: an ``action`` the engine rejects (the model is unchanged).
            RecoveryError: a replayed event contradicts the model.
            KeyError: an unknown event kind.
        """
        handler = _EVENT_HANDLERS[kind]
        handler(self, payload)

    def _ev_table_created(self, payload: Mapping[str, Any]) -> None:
        del payload  # the settings are stored with the table row

    def _ev_seat_taken(self, p: Mapping[str, Any]) -> None:
        seat = int(p["seat"])
        self.seat_generation += 1
        self.seats[seat] = SeatRecord(
            seat=seat,
            name=str(p["name"]),
            token_hash=p.get("token_hash"),
            bot=p.get("bot"),
            stack=int(p["stack"]),
            time_bank=self.settings.time_bank,
            bought_in=int(p["stack"]),
            first_hand=self.hand_no + 1,
            generation=self.seat_generation,
        )
        if p.get("host"):
            self.host_seat = seat

    def _ev_sitting_out(self, p: Mapping[str, Any]) -> None:
        record = self._seat(int(p["seat"]))
        record.sitting_out = bool(p["value"])
        record.timeouts = 0

    def _ev_leave_requested(self, p: Mapping[str, Any]) -> None:
        record = self._seat(int(p["seat"]))
        record.leaving = True
        record.sitting_out = True

    def _ev_seat_left(self, p: Mapping[str, Any]) -> None:
        seat = int(p["seat"])
        record = self._seat(seat)
        if self.in_hand and seat in self.dealt_in:
            raise RecoveryError(f"seat {seat} left during hand {self.hand_no}")
        if record.stack != int(p["stack"]):
            raise RecoveryError(
                f"seat {seat} left with {record.stack} chips, the log says {p['stack']}"
            )
        if record.token_hash is not None:
            self.former_tokens[record.token_hash] = (seat, record.first_hand, self.hand_no)
        self.departed.append(_ledger_line(record, left=True))
        self.seeding.forget(seat)
        self.seats[seat] = None
        self.seat_generation += 1
        self.policies.pop(seat, None)
        self.host_seat = None if p.get("host") is None else int(p["host"])

    def _ev_paused(self, p: Mapping[str, Any]) -> None:
        self.paused = bool(p["value"])

    def _ev_chat(self, p: Mapping[str, Any]) -> None:
        self.chat.append(dict(p))

    def _ev_rebuy_requested(self, p: Mapping[str, Any]) -> None:
        request_id = int(p["request_id"])
        self.rebuy_requests[request_id] = (int(p["seat"]), int(p["amount"]))
        self.next_request_id = max(self.next_request_id, request_id + 1)

    def _ev_rebuy_resolved(self, p: Mapping[str, Any]) -> None:
        seat, amount = self.rebuy_requests.pop(int(p["request_id"]))
        if not p["approved"]:
            return
        record = self._seat(seat)
        if self.in_hand and seat in self.dealt_in:
            record.pending_rebuy += amount  # added when the hand is over, never during it
        else:
            self._add_chips(record, amount)

    @staticmethod
    def _add_chips(record: SeatRecord, amount: int) -> None:
        record.stack += amount
        record.bought_in += amount
        record.rebuys += 1

    def _ev_hand_started(self, p: Mapping[str, Any]) -> None:
        if self.in_hand:
            raise RecoveryError(f"hand {p['hand_no']} starts while hand {self.hand_no} runs")
        button = int(p["button"])
        stacks = {int(s): int(v) for s, v in p["stacks"].items()}
        seats: list[Seat | None] = [None] * self.settings.max_seats
        for s, stack in stacks.items():
            record = self._seat(s)
            if record.stack != stack:
                raise RecoveryError(
                    f"hand {p['hand_no']}: seat {s} has {record.stack} chips, the log says {stack}"
                )
            seats[s] = Seat(name=record.name, stack=stack)
        deck = tuple(int(c) for c in p["deck"])
        if self._fast_replay:
            self.hand = None  # a hand finished before the last one: its outcome is in the log
        else:
            config = hand_config(self.settings.config, p["split"])
            self.hand = HandState(config, seats=seats, button=button, deck=deck)
        self.meta = HandMeta(
            hand_no=int(p["hand_no"]),
            button=button,
            split=str(p["split"]),
            deck=deck,
            salt=str(p["salt"]),
            commitment=str(p["commitment"]),
            started_at=float(p.get("at", 0.0)),
            commitment_version=int(p.get("commitment_version", 1)),
            **self.seeding.apply_hand_started(p),
        )
        self.hand_no = int(p["hand_no"])
        refill_time_banks(
            self.seats,
            hand_no=self.hand_no,
            refill=self.settings.time_bank_refill,
            every=self.settings.time_bank_refill_hands,
            cap=self.settings.time_bank,
        )
        self.in_hand = True
        self.last_button = button
        self.acts = dict.fromkeys(stacks, 0)
        self.dealt_in = frozenset(stacks)

    def _ev_action(self, p: Mapping[str, Any]) -> None:
        hand = self.hand
        if not self.in_hand or (hand is None and not self._fast_replay):
            raise RecoveryError("an action outside a hand")
        seat = int(p["seat"])
        action = Action.from_dict(p["action"])
        betting = action.kind.is_betting
        if hand is not None:
            hand.apply(seat, action)  # raises (state unchanged) when illegal
        self.acts[seat] = self.acts.get(seat, 0) + 1
        record = self._seat(seat)
        if "bank" in p:
            record.time_bank = float(p["bank"])
        if p.get("timeout"):
            if betting:
                record.timeouts += 1
        elif record.bot is None:
            record.timeouts = 0

    def _ev_hand_finished(self, p: Mapping[str, Any]) -> None:
        hand = self.hand
        expected = {int(s): int(v) for s, v in p.get("stacks", {}).items()}
        if not self.in_hand:
            raise RecoveryError("hand_finished outside a hand")
        if hand is None:  # fast replay: the stacks after the hand come from the log
            if not self._fast_replay or set(expected) != self.dealt_in:
                raise RecoveryError(f"hand {self.hand_no}: the log's final stacks are incomplete")
            after = {s: v - self._seat(s).pending_rebuy for s, v in expected.items()}
        elif not hand.is_complete:
            raise RecoveryError("hand_finished before the hand is complete")
        else:
            after = {s: hand.stack[s] for s in hand.players}
        for s, stack in after.items():
            record = self._seat(s)
            record.stack = stack
            record.hands += 1
            if record.pending_rebuy:
                self._add_chips(record, record.pending_rebuy)
                record.pending_rebuy = 0
        actual = {s: self._seat(s).stack for s in expected}
        if expected != actual:
            raise RecoveryError(f"hand {self.hand_no}: stacks {actual} differ from log {expected}")
        self.in_hand = False
        self.acts = {}

    def _seat(self, seat: int) -> SeatRecord:
        record = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if record is None:
            raise RecoveryError(f"seat {seat} is empty")
        return record

    def replay(self, events: Iterable[StoredEvent]) -> None:
        """Rebuild the model from stored events (startup); sets :attr:`seq`.

        The last hand (running or finished) is rebuilt through the engine from its deck and
        actions; earlier hands only contribute their recorded results, so a restart costs
        little however long a table has been playing.

        Raises:
            RecoveryError: the log is inconsistent (gap in ``seq``, impossible event).
            AnacondaError: a stored action is illegal (a corrupt log).
        """
        stored = list(events)
        starts = [i for i, e in enumerate(stored) if e.kind == "hand_started"]
        last_start = starts[-1] if starts else len(stored)
        try:
            for index, event in enumerate(stored):
                if event.seq != self.seq + 1:
                    raise RecoveryError(f"event {event.seq} follows {self.seq}: the log has a gap")
                # hands before the last one are not replayed through the engine: their
                # outcome (the stacks after each hand) is in their hand_finished events
                self._fast_replay = index < last_start
                self.apply_event(event.kind, event.payload)
                self.seq = event.seq
        finally:
            self._fast_replay = False
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
        """All chips at the table now: stacks between hands, or the hand's chips plus the
        stacks of seats not in it, plus approved rebuys waiting for the hand to end."""
        hand = self.hand
        total = 0
        for record in self.seats:
            if record is None:
                continue
            total += record.pending_rebuy
            if not (self.in_hand and hand is not None and hand.dealt_in[record.seat]):
                total += record.stack
        if self.in_hand and hand is not None:
            total += hand.chip_total()
        return total + sum(int(d["stack"]) for d in self.departed)

    def bought_in_total(self) -> int:
        """Chips brought to the table: starting stacks plus rebuys (added or pending), of
        the players seated now and of those who left (whose chips left with them)."""
        seated = sum(r.bought_in + r.pending_rebuy for r in self.seats if r is not None)
        return seated + sum(int(d["bought_in"]) for d in self.departed)

    def find_seat(self, token_hash: str) -> int | None:
        """The seat holding a token hash, or ``None``."""
        for record in self.seats:
            if record is not None and record.token_hash == token_hash:
                return record.seat
        return None

    def eligible_seats(self) -> list[int]:
        """Seats that would be dealt in now: seated, not sitting out, with chips."""
        return [r.seat for r in self.seats if r is not None and not r.sitting_out and r.stack >= 1]

    def history_seat(self, seat: int, hand_no: int) -> int | None:
        """The seat whose own cards of hand ``hand_no`` the occupant of ``seat`` may see.

        Seats are freed when players leave (``leave_seat``) and taken again by others, so a
        seat number alone does not say who played an earlier hand: the occupant may see its
        seat's cards only in hands dealt after it sat down (RULES.md §7).

        Args:
            seat: the requester's seat at this table; hand_no: a hand number (1-based).

        Returns:
            ``seat``, or ``None`` when the seat is empty or its occupant sat down after the
            hand was dealt (then the requester gets what a spectator gets).
        """
        record = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if record is None or hand_no < record.first_hand:
            return None
        return seat

    def former_seat(self, token_hash: str, hand_no: int) -> tuple[bool, int | None]:
        """Whether a player who left the table held this token, and the seat it had in hand
        ``hand_no``: players keep their own cards of the hands they played (to download and
        verify them) after leaving, and nothing else.

        Args:
            token_hash: the hash of the (no longer valid) seat token.
            hand_no: a hand number (1-based).

        Returns:
            ``(False, None)`` when no player who left holds the token; ``(True, seat)`` for a
            hand it played from ``seat``; ``(True, None)`` for any other hand (the public
            history).
        """
        found = self.former_tokens.get(token_hash)
        if found is None:
            return False, None
        seat, first, last = found
        return True, (seat if first <= hand_no <= last else None)

    def turn_of(self, seat: int) -> str | None:
        """The seat's current turn id ``"<hand_no>:<decisions made>"``, or ``None``."""
        if not self.in_hand or seat not in self.acts:
            return None
        return f"{self.hand_no}:{self.acts[seat]}"

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
        seated = [_ledger_line(r, left=False) for r in self.seats if r is not None]
        return seated + [dict(d) for d in self.departed]

    # ================================================================== frames
    def view_for(self, seat: int | None) -> dict[str, Any] | None:
        """The engine view this client may see: ``view(seat)`` for a seat whose occupant
        was dealt in, ``view(None)`` for spectators, seats not in the hand and occupants who
        sat down after the deal (RULES.md §7), ``None`` before any hand."""
        hand = self.hand
        if hand is None:
            return None
        if (
            seat is not None
            and 0 <= seat < hand.n_seats
            and hand.dealt_in[seat]
            and self.history_seat(seat, self.hand_no) is not None
        ):
            return hand.view(seat)
        return hand.view(None)

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

    def _send(self, conn: Connection, text: str) -> None:
        self.stats.frames += 1
        hook = self.stats.frame_hook
        if hook is not None:
            hook(conn.seat, text)
        conn.send(text)

    def broadcast(self, message: Mapping[str, Any]) -> None:
        """Send the same public message to every client of the table."""
        if not self.connections:
            return
        text = _dumps(message)
        for conn in list(self.connections):
            self._send(conn, text)

    def broadcast_state(self) -> None:
        """Send every client its own ``state`` (one view per seat, one for spectators)."""
        timer = self._timer()
        texts: dict[int | None, str] = {}
        for conn in list(self.connections):
            key = self.presence.seat_of(conn, self.seats)
            text = texts.get(key)
            if text is None:
                text = texts[key] = _dumps(self.state_message(key, timer=timer))
            self._send(conn, text)

    def _send_to_seat(self, seat: int, message: Mapping[str, Any]) -> None:
        text = _dumps(message)
        for conn in self.presence.of_seat(seat):
            if self.presence.holds(conn, self.seats):
                self._send(conn, text)

    def broadcast_table(self) -> None:
        """Send the public TableInfo to everyone."""
        self.presence.update_sent()
        self.broadcast({"type": "table", "table": self.public_info()})

    def _error(self, conn: Connection | None, error: ClientError, ref: str | None) -> None:
        self.stats.rejected += 1
        if conn is not None:
            self._send(conn, _dumps({"type": "error", **error.payload(), "ref": ref}))

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

    async def _record(self, events: list[tuple[str, dict[str, Any]]]) -> None:
        """Apply, commit, then (the caller) broadcast."""
        for kind, payload in events:
            self.apply_event(kind, payload)
        await self.commit(events)

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
        """The button moves one occupied seat clockwise (RULES.md §1)."""
        last = self.last_button
        if last is None:
            return eligible[0]
        later = [s for s in eligible if s > last]
        return later[0] if later else eligible[0]

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
                self._send_to_seat(dealer, self._choose_game_message(self._choosing[1]))
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
        hand = self.hand
        meta = self.meta
        assert hand is not None and meta is not None
        history = hand.history(include_deck=True)
        history.update(history_fields(meta))
        history["table_id"] = self.table_id
        history["hand_no"] = meta.hand_no
        return history

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
        self._send(conn, _dumps(welcome))
        self._presence_changed(conn)
        self._send(conn, _dumps({"type": "chat_history", "messages": list(self.chat)}))
        self._send(conn, _dumps(self.state_message(seat)))
        if is_host:
            for message in self._pending_rebuy_messages():
                self._send(conn, _dumps(message))
        if seat is not None and self._choosing is not None and self._choosing[0] == seat:
            self._send(conn, _dumps(self._choose_game_message(self._choosing[1])))
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
            self._send(joined, _dumps({"type": "table", "table": self.public_info()}))

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
        self._send(conn, _dumps({"type": "table", "table": self.public_info()}))
        self._send(conn, _dumps(self.state_message(conn.seat)))

    def _require_seat(self, conn: Connection | None) -> int:
        if conn is None or conn.seat is None:
            raise ClientError("spectator", "spectators may not do this; take a seat first")
        return conn.seat

    def _require_host(self, conn: Connection | None) -> int:
        seat = self._require_seat(conn)
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
        seat = self._require_seat(conn)
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
        seat = self._require_seat(conn)
        cleaned = " ".join(text.split())
        if not cleaned:
            raise ClientError("bad_message", "text: the chat line is empty")
        line = {
            "seat": seat,
            "name": self._seat(seat).name,
            "text": cleaned,
            "at": round(time.time(), 3),
        }
        await self._record([("chat", line)])
        self.broadcast({"type": "chat", **line})

    async def _cmd_sit_out(self, conn: Connection | None) -> None:
        await self._set_sitting_out(self._require_seat(conn), True)

    async def _cmd_sit_in(self, conn: Connection | None) -> None:
        await self._set_sitting_out(self._require_seat(conn), False)

    async def _set_sitting_out(self, seat: int, value: bool) -> None:
        if self._seat(seat).leaving:
            raise ClientError("leaving", "this seat is leaving the table after this hand")
        if self._seat(seat).sitting_out == value:
            return
        await self._record([("sitting_out", {"seat": seat, "value": value})])
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
            text = _dumps({"type": "seat_left", **payload})
            for conn in self.presence.revoke(payload["seat"], now):
                self._send(conn, text)
                conn.close(SEAT_REVOKED, SEAT_REVOKED_REASON)
        if left and self.host_seat is not None and self.host_seat != host:
            self._send_to_seat(self.host_seat, {"type": "host", "seat": self.host_seat})
            for request in self._pending_rebuy_messages():
                self._send_to_seat(self.host_seat, request)

    async def _cmd_leave_seat(self, conn: Connection | None) -> dict[str, Any]:
        """Leave the table (cash out). Between hands, or when not dealt into the running
        hand, the seat is freed at once; otherwise the seat acts by default at once (check,
        else fold; passes and arrangements as on a timeout) and is freed when the hand ends.
        Its chips leave with it (the ledger keeps the line)."""
        seat = self._require_seat(conn)
        record = self._seat(seat)
        host = self.host_seat
        if record.leaving:
            return {"seat": seat, "leaving": True}
        if seat == host and self.paused:
            # only the host may resume: a pause left behind would stop the table for good
            await self._cmd_resume(conn)
        now = asyncio.get_running_loop().time()
        if self.in_hand and seat in self.dealt_in:
            await self._record([("leave_requested", {"seat": seat})])
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
        await self._record([("paused", {"value": True})])
        self.broadcast_table()
        self.broadcast_state()

    async def _cmd_resume(self, conn: Connection | None) -> None:
        self._require_host(conn)
        if not self.paused:
            return
        await self._record([("paused", {"value": False})])
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
        seat = self._require_seat(conn)
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
        seat = self._require_seat(conn)
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
        await self._record(events)
        if self.host_seat is None:
            self._rebuy_done(request_id, seat, amount, True)
        else:
            self._send_to_seat(
                self.host_seat, self._rebuy_request_message(request_id, seat, amount)
            )

    async def _cmd_approve_rebuy(self, conn: Connection | None, request_id: int) -> None:
        await self._answer_rebuy(conn, request_id, True)

    async def _cmd_deny_rebuy(self, conn: Connection | None, request_id: int) -> None:
        await self._answer_rebuy(conn, request_id, False)

    async def _answer_rebuy(self, conn: Connection | None, request_id: int, approved: bool) -> None:
        host = self._require_host(conn)
        if request_id not in self.rebuy_requests:
            raise ClientError("unknown_request", f"no pending rebuy request {request_id}")
        seat, amount = self.rebuy_requests[request_id]
        await self._record(
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
        self._send_to_seat(seat, message)
        host = self.host_seat
        if host is not None and host != seat:
            self._send_to_seat(host, message)
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
        await self._record([("seat_taken", payload)])
        if bot is not None:
            self.policies[seat] = self._policy_factory(bot)
        self._maybe_schedule_next_hand(asyncio.get_running_loop().time())
        self.broadcast_table()
        return seat


_EVENT_HANDLERS: dict[str, Callable[[Table, Mapping[str, Any]], None]] = {
    "table_created": Table._ev_table_created,
    "seat_taken": Table._ev_seat_taken,
    "sitting_out": Table._ev_sitting_out,
    "paused": Table._ev_paused,
    "chat": Table._ev_chat,
    "rebuy_requested": Table._ev_rebuy_requested,
    "rebuy_resolved": Table._ev_rebuy_resolved,
    "hand_started": Table._ev_hand_started,
    "action": Table._ev_action,
    "hand_finished": Table._ev_hand_finished,
    "leave_requested": Table._ev_leave_requested,
    "seat_left": Table._ev_seat_left,
    "seeding_started": lambda table, p: table.seeding.apply_started(p),
    "seed": lambda table, p: table.seeding.apply_seed(p),
    "seeding_cancelled": lambda table, p: table.seeding.apply_cancelled(p),
}

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
