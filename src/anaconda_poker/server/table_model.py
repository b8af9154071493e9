"""The table model: one table's seats, ledger, rebuy requests, seed round and hand, as plain
synchronous data.

The model has no asyncio, no I/O and reads no clock: it is changed only by
:func:`anaconda_poker.server.table_events.apply_event` (live, and when a table is rebuilt
from its stored events), and every time it needs (a chat line's ``at``, a hand's start) is
in the events themselves. Rebuilding a table is therefore ``replay(TableModel(settings),
events)``, the same in a test as in a server, and the actor (``server/table.py``) only adds
what is not the table's state: sockets, timers, bots and the database writer.

The queries here (:meth:`TableModel.chip_total`, :meth:`TableModel.ledger`, ...) read the
model without changing it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from anaconda_poker.core.cards import card_str
from anaconda_poker.core.state import HandState
from anaconda_poker.server.errors import RecoveryError
from anaconda_poker.server.hosting_state import HostingState
from anaconda_poker.server.table_settings import TableSettings

CHAT_HISTORY = 50
"""Chat lines kept and sent on connect."""

Event = tuple[str, dict[str, Any]]
"""One event: its kind and its JSON payload (``server/table_events.py``)."""


@dataclass(slots=True)
class SeatRecord:
    """One occupied seat (the model). ``generation`` is the table's seat generation when
    the seat was taken: with ``token_hash`` it names this occupancy (``server/presence.py``).

    Chips (``stack``, ``bought_in``, ``pending_rebuy``, ``adjustments``: the host's stack
    adjustments, signed) are whole chips; ``time_bank`` is seconds. ``removed``: the host
    removed the player, who leaves when the hand it plays ends (``server/host_controls.py``)."""

    seat: int
    name: str
    token_hash: str | None
    bot: str | None
    stack: int
    time_bank: float
    bought_in: int
    sitting_out: bool = False
    sat_out_for_timeouts: bool = False  # the table sat it out (not the player): a hello undoes it
    rebuys: int = 0
    hands: int = 0
    pending_rebuy: int = 0
    timeouts: int = 0  # consecutive betting decisions the timer took (the sit-out rule)
    missed: int = 0  # consecutive decisions of any kind the timer took (the away rule)
    leaving: bool = False
    adjustments: int = 0
    removed: bool = False
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
class SeedRound:
    """A hand whose commitment is published and whose seeds are being collected (the model;
    ``server/seeds.py``).

    Attributes:
        hand_no: the hand's number (the table's ``hand_no + 1`` while the round runs).
        button: the dealer's seat.
        split: the game type (``high_only`` ...).
        seats: the seats to be dealt in, increasing (a seat that leaves is dropped).
        asked: the seats sent a ``seed_request`` (connected humans at the start).
        server_deck: the 52 committed card codes, by server-deck position.
        salt: the master salt, hex.
        commitment: the version 2 root of ``server_deck`` and ``salt`` (64 hex characters).
        seeds: the seeds received, by seat (lower-case hex, never empty).
    """

    hand_no: int
    button: int
    split: str
    seats: list[int]
    asked: set[int]
    server_deck: tuple[int, ...]
    salt: str
    commitment: str
    seeds: dict[int, str] = field(default_factory=dict)

    @property
    def missing(self) -> list[int]:
        """Asked seats that have not answered yet, increasing."""
        return sorted(self.asked - set(self.seeds))


def ledger_line(record: SeatRecord, *, left: bool) -> dict[str, Any]:
    """One player's ledger line (``docs/protocol.md`` §3): chips brought and held, in chips;
    ``left`` for a player who has left the table (``stack`` is what it took away),
    ``removed`` for one the host removed. ``net`` leaves out the host's adjustments: it is
    what the player won or lost at play."""
    return {
        "name": record.name,
        "seat": record.seat,
        "bot": record.bot,
        "bought_in": record.bought_in,
        "rebuys": record.rebuys,
        "adjustments": record.adjustments,
        "stack": record.stack,
        "net": record.stack - record.bought_in - record.adjustments,
        "hands": record.hands,
        "left": left,
        "removed": record.removed,
    }


def history_fields(meta: HandMeta) -> dict[str, Any]:
    """The fairness fields of a stored full history (HAND_HISTORY.md): ``deck`` (the dealt
    deck), ``deck_salt``, ``deck_commitment``, ``deck_commitment_version`` and, for version
    3, ``server_deck`` and ``player_seeds``."""
    fields: dict[str, Any] = {
        "deck": [card_str(c) for c in meta.deck],
        "deck_salt": meta.salt,
        "deck_commitment": meta.commitment,
        "deck_commitment_version": meta.commitment_version,
    }
    if meta.server_deck is not None:
        fields["server_deck"] = [card_str(c) for c in meta.server_deck]
        fields["player_seeds"] = [{"seat": s, "seed": seed} for s, seed in meta.player_seeds]
    return fields


class TableModel:
    """One table's state (see the module docstring); changed only by its events.

    Args:
        settings: the table's fixed options.

    Attributes:
        seats: one :class:`SeatRecord` or ``None`` per seat (the list object never changes).
        hand: the engine's hand (current or last), ``None`` before the first hand and for
            hands only fast-replayed.
        meta: the current (or last) hand's :class:`HandMeta`.
        hand_no: the number of the current (or last) hand, 0 before the first.
        in_hand: a hand is running.
        seq: the ``seq`` of the last event in the table's log (the actor advances it on
            commit; :func:`~anaconda_poker.server.table_events.replay` sets it).
        acts: decisions made in the running hand, by seat dealt in.
        rebuy_requests: pending rebuy requests, ``request_id -> (seat, chips)``.
        departed: ledger lines of players who left.
        former_tokens: token hash of a player who left ``-> (seat, first hand, last hand
            it could play)``.
        seed_round: the seed round collecting seeds for the next hand, or ``None``.
        leaving_at_end: seats of the last hand that were to leave when it ended (asked to
            leave, or removed by the host, during it), set by ``hand_finished``.
        left_with_hand: those of them that did leave, ``seat -> name``, until the next deal:
            the felt still shows them beside the finished hand's result (a removed player who
            won vanished from the showdown, newcomer trial).
        hosting: the host controls' state: seat requests, rules for the next hand
            (``server/host_events.py``).
    """

    def __init__(self, settings: TableSettings) -> None:
        self.settings = settings
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
        self.departed: list[dict[str, Any]] = []
        self.former_tokens: dict[str, tuple[int, int, int]] = {}
        self.seq = 0
        self.acts: dict[int, int] = {}
        # indices into this hand's action log of the actions the server took for a seat whose
        # time ran out (the ``timeout`` flag of ``action`` events; docs/protocol.md §4.2)
        self.timed_out: list[int] = []
        # those of them taken at once for a seat already away (``"away": true``): a subset
        self.away_played: list[int] = []
        self.dealt_in: frozenset[int] = frozenset()
        self.leaving_at_end: frozenset[int] = frozenset()
        self.left_with_hand: dict[int, str] = {}
        self.seat_generation = 0  # +1 on every seat taken or left
        self.seed_round: SeedRound | None = None
        self.fast_replay = False  # replaying a hand before the last one (no engine)
        self.hosting = HostingState()

    # ================================================================== queries
    def occupied(self, seat: int) -> SeatRecord:
        """The record of an occupied seat.

        Raises:
            RecoveryError: the seat is empty or not a seat of this table.
        """
        record = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if record is None:
            raise RecoveryError(f"seat {seat} is empty")
        return record

    def chip_total(self) -> int:
        """All chips at the table now: stacks between hands, or the hand's chips plus the
        stacks of seats not in it, plus approved rebuys waiting for the hand to end, plus
        what departed players took away."""
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
        """Chips brought to the table: starting stacks plus rebuys (added or pending) plus
        the host's stack adjustments, of the players seated now and of those who left
        (whose chips left with them)."""
        seated = sum(
            r.bought_in + r.pending_rebuy + r.adjustments for r in self.seats if r is not None
        )
        return seated + sum(int(d["bought_in"]) + int(d["adjustments"]) for d in self.departed)

    def find_seat(self, token_hash: str) -> int | None:
        """The seat holding a token hash, or ``None``."""
        for record in self.seats:
            if record is not None and record.token_hash == token_hash:
                return record.seat
        return None

    def eligible_seats(self) -> list[int]:
        """Seats that would be dealt in now: seated, not sitting out, with chips."""
        return [r.seat for r in self.seats if r is not None and not r.sitting_out and r.stack >= 1]

    def next_button(self, eligible: list[int]) -> int:
        """The button moves one occupied seat clockwise (RULES.md §1).

        Args:
            eligible: the seats to be dealt in, increasing (at least one).
        """
        last = self.last_button
        if last is None:
            return eligible[0]
        later = [s for s in eligible if s > last]
        return later[0] if later else eligible[0]

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

    def ledger(self) -> list[dict[str, Any]]:
        """Chips per player (``docs/protocol.md`` §3 ledger), seated first, then departed."""
        seated = [ledger_line(r, left=False) for r in self.seats if r is not None]
        return seated + [dict(d) for d in self.departed]

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

    def full_history(self, table_id: str) -> dict[str, Any]:
        """The current/last hand's HAND_HISTORY.md document with the fairness fields
        (deck, salt, commitment, seeds: every seat's cards), for the hand store."""
        hand = self.hand
        meta = self.meta
        assert hand is not None and meta is not None
        history = hand.history(include_deck=True)
        history.update(history_fields(meta))
        history["table_id"] = table_id
        history["hand_no"] = meta.hand_no
        history["timed_out"] = list(self.timed_out)
        history["away_played"] = list(self.away_played)
        return history

    def pending_rebuy_requests(self) -> list[tuple[int, int, int]]:
        """Pending rebuy requests ``(request_id, seat, chips)``, oldest first."""
        return [(rid, seat, amount) for rid, (seat, amount) in sorted(self.rebuy_requests.items())]


__all__ = [
    "CHAT_HISTORY",
    "Event",
    "HandMeta",
    "SeatRecord",
    "SeedRound",
    "TableModel",
    "history_fields",
    "ledger_line",
]
