"""Who is at a table right now: its sockets, which seat occupancy each one speaks for, and
whether anybody is there at all (``docs/security.md``, section seats; issue 17 items 1, 2, 11).

**Seat identity.** A seat's occupancy is the pair (token hash, generation): the hash of the
token that took the seat, and the table's seat generation at that moment (a counter the table
increments on every ``seat_taken`` and ``seat_left``, :attr:`Occupant.generation`). A socket
is *bound* to an occupancy by its ``hello``, inside the table's actor, in the same step that
checks the token against the seat (:meth:`Presence.bind`, :meth:`Presence.register`): a socket
is in the table's connections only once its ``hello`` fully succeeded. Every later request
and every private frame re-checks the binding against the seat (:meth:`Presence.seat_of`).
When a seat is left its sockets are told ``seat_left`` and closed with :data:`SEAT_REVOKED`
(:meth:`Presence.revoke`); a binding gone stale any other way gets only public frames and
is closed by the next request it sends. So a token whose seat was given up, even by a message
still in flight, never sees or acts for the seat's next occupant.

**Idle tables.** A table with no socket attached at all is *idle* once
:attr:`PresenceOptions.idle_grace` seconds have passed: its bots, timers and automatic deals
stop (the running hand stays as committed) until a socket attaches again
(:meth:`Presence.idle`).

**Limits.** At most :attr:`PresenceOptions.max_sockets_per_seat` sockets per seat occupancy
(refused with ``too_many_sockets`` and close code :data:`TOO_MANY_SOCKETS`); all sockets of a
seat share one message budget (:meth:`Presence.seat_bucket`). Joins and departures change the
public TableInfo (spectator count, ``connected``): the joining socket gets it at once, the
others one coalesced update after :attr:`PresenceOptions.table_update_delay` seconds
(:meth:`Presence.schedule_update`) instead of one per join.
"""

from __future__ import annotations

import asyncio
import hmac
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.rate_limit import TokenBucket

SEAT_REVOKED = 4001
"""Close code of a socket whose seat token stopped holding the seat (left, or taken by
another player): reason :data:`SEAT_REVOKED_REASON`. Reconnect as a spectator."""
SEAT_REVOKED_REASON = "seat no longer yours"
TOO_MANY_SOCKETS = 4029
"""Close code of a socket refused because its seat or its client address already holds the
most sockets allowed (reason names which); close another socket first."""


class Connection(Protocol):
    """A client attached to a table.

    Attributes:
        seat: the seat the socket is bound to after its ``hello`` (``None``: a spectator);
            set by :meth:`Presence.register` only.
        token_hash: the hash of the seat token the socket said ``hello`` with (``None``:
            spectating); the claim :meth:`Presence.bind` checks.
        closed: the socket is closed or closing (it receives nothing more).
    """

    seat: int | None
    token_hash: str | None
    closed: bool

    def send(self, text: str) -> None:
        """Queue one text frame for the client (never blocks)."""
        ...

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Send what is queued, then close with ``code`` (websocket close code)."""
        ...


class Occupant(Protocol):
    """What presence needs of an occupied seat (``server.table.SeatRecord``)."""

    @property
    def seat(self) -> int: ...
    @property
    def token_hash(self) -> str | None: ...
    @property
    def generation(self) -> int: ...


@dataclass(frozen=True, kw_only=True, slots=True)
class PresenceOptions:
    """Limits and timings of a table's sockets (``anaconda-poker serve`` options).

    Attributes:
        max_sockets_per_seat: sockets one seat occupancy may hold at once (``None``: no
            limit); ``--max-sockets-per-seat``.
        idle_grace: seconds a table without any socket keeps playing before its bots, timers
            and automatic deals stop (``None``: never stop); ``--idle-grace``.
        table_update_delay: seconds within which the TableInfo changes made by sockets
            joining and leaving are sent to the others as one update; 0 sends one per join
            or departure at once (the old behaviour, kept for the benchmark's baseline).
        rate_limit: ``(messages per second, burst)`` allowed to one seat, all its sockets
            together (and to each spectator socket).

    Raises:
        ValueError: a limit below 1, a negative time, a rate not above 0 or a burst below 1.
    """

    max_sockets_per_seat: int | None = 8
    idle_grace: float | None = 30.0
    table_update_delay: float = 0.5
    rate_limit: tuple[float, float] = (20.0, 40.0)

    def __post_init__(self) -> None:
        if self.max_sockets_per_seat is not None and self.max_sockets_per_seat < 1:
            raise ValueError(f"max_sockets_per_seat must be >= 1, got {self.max_sockets_per_seat}")
        if self.idle_grace is not None and not self.idle_grace >= 0:
            raise ValueError(f"idle_grace must be >= 0 seconds, got {self.idle_grace}")
        if not self.table_update_delay >= 0:
            raise ValueError(f"table_update_delay must be >= 0, got {self.table_update_delay}")
        rate, burst = self.rate_limit
        if not (rate > 0 and burst >= 1):
            raise ValueError(f"rate_limit must be (rate > 0, burst >= 1), got {self.rate_limit}")


@dataclass(frozen=True, slots=True)
class Binding:
    """The occupancy a socket speaks for: ``seat`` ``None`` for a spectator (then
    ``token_hash`` is ``None`` and ``generation`` 0)."""

    seat: int | None
    token_hash: str | None
    generation: int


SPECTATING = Binding(None, None, 0)


def _same_hash(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and hmac.compare_digest(a, b)


def _same_holder(record_hash: str | None, bound_hash: str | None) -> bool:
    """The token a binding was made with still holds the seat. Both ``None`` only for a bot
    seat observed in process (tests): :meth:`Presence.bind` never binds a seat without a
    token."""
    if record_hash is None or bound_hash is None:
        return record_hash is None and bound_hash is None
    return hmac.compare_digest(record_hash, bound_hash)


class Presence:
    """The sockets of one table and what each is bound to; used only by the table's actor.

    Args:
        options: limits and timings.

    Attributes:
        connections: every registered socket (the table broadcasts to these).
    """

    def __init__(self, options: PresenceOptions | None = None) -> None:
        self.options = options or PresenceOptions()
        self.connections: set[Connection] = set()
        self._bindings: dict[Connection, Binding] = {}
        self._per_seat: Counter[int] = Counter()
        self._spectators = 0
        self._empty_since: float | None = None
        self._buckets: dict[tuple[int, int], TokenBucket] = {}
        self._update: asyncio.TimerHandle | None = None
        self.update_pending = False

    # ------------------------------------------------------------------ binding
    def bind(self, conn: Connection, seats: Sequence[Occupant | None]) -> Binding:
        """Check a joining socket's claim against the seats now (``conn.token_hash``:
        the seat whose occupant took it with that token; ``None``: a spectator).

        Raises:
            ClientError: ``bad_token`` (401) when no seat is held by the token (never held,
                or given up, even if the seat was given up after the ``hello`` arrived);
                ``too_many_sockets`` (429) when the occupancy already holds
                ``max_sockets_per_seat`` sockets.
        """
        if conn.token_hash is None:
            return SPECTATING
        found = [r for r in seats if r is not None and _same_hash(r.token_hash, conn.token_hash)]
        if not found:
            raise ClientError("bad_token", "no seat holds this token", status=401)
        record = found[0]
        binding = Binding(record.seat, record.token_hash, record.generation)
        limit = self.options.max_sockets_per_seat
        if limit is not None and self._per_seat[record.seat] >= limit:
            raise ClientError(
                "too_many_sockets",
                f"this seat already has {limit} sockets open (the most allowed); close one",
                status=429,
            )
        return binding

    def register(self, conn: Connection, binding: Binding) -> None:
        """Attach a socket whose ``hello`` succeeded (:meth:`bind`) and set ``conn.seat``."""
        if conn in self._bindings:
            self.unregister(conn, 0.0)
        conn.seat = binding.seat
        self._bindings[conn] = binding
        self.connections.add(conn)
        if binding.seat is None:
            self._spectators += 1
        else:
            self._per_seat[binding.seat] += 1
        self._empty_since = None

    def unregister(self, conn: Connection, now: float) -> bool:
        """Detach a socket (closed by its client, or revoked); ``now`` is the loop time.

        Returns:
            True if it was attached.
        """
        binding = self._bindings.pop(conn, None)
        if binding is None:
            return False
        self.connections.discard(conn)
        if binding.seat is None:
            self._spectators -= 1
        else:
            self._per_seat[binding.seat] -= 1
            if self._per_seat[binding.seat] <= 0:
                del self._per_seat[binding.seat]
        if not self._bindings:
            self._empty_since = now
        return True

    def binding(self, conn: Connection) -> Binding | None:
        """The socket's binding, or ``None`` when it is not attached."""
        return self._bindings.get(conn)

    def holds(self, conn: Connection, seats: Sequence[Occupant | None]) -> bool:
        """True when the socket is attached and its binding still holds: a spectator, or
        the seat's occupant is still the one it said ``hello`` as (token hash and
        generation)."""
        binding = self._bindings.get(conn)
        if binding is None:
            return False
        if binding.seat is None:
            return True
        record = seats[binding.seat]
        return (
            record is not None
            and record.generation == binding.generation
            and _same_holder(record.token_hash, binding.token_hash)
        )

    def seat_of(self, conn: Connection, seats: Sequence[Occupant | None]) -> int | None:
        """The seat whose private frames this socket may receive now: its bound seat while
        the binding holds, else ``None`` (public frames only)."""
        seat = conn.seat
        if seat is None or not self.holds(conn, seats):
            return None
        return seat

    def revoke(self, seat: int, now: float) -> list[Connection]:
        """Detach every socket bound to ``seat`` (its occupant left) and return them, for
        the caller to send ``seat_left`` and close them with :data:`SEAT_REVOKED`."""
        revoked = [c for c, b in self._bindings.items() if b.seat == seat]
        for conn in revoked:
            self.unregister(conn, now)
            conn.seat = None
        self._buckets = {k: v for k, v in self._buckets.items() if k[0] != seat}
        return revoked

    def of_seat(self, seat: int) -> Iterator[Connection]:
        """The attached sockets bound to ``seat`` (valid or not: check with :meth:`holds`)."""
        return (c for c, b in list(self._bindings.items()) if b.seat == seat)

    # ------------------------------------------------------------------ counts
    def sockets_of(self, seat: int) -> int:
        """Attached sockets bound to ``seat``."""
        return self._per_seat.get(seat, 0)

    @property
    def spectators(self) -> int:
        """Attached spectator sockets."""
        return self._spectators

    def idle(self, now: float) -> bool:
        """True when no socket has been attached for ``idle_grace`` seconds (loop time
        ``now``); the table then stops its bots, timers and deals.

        A socket the server has closed (``conn.closed``: a client that stopped reading was
        dropped) counts as gone even while it is still attached: a frozen peer may never
        complete the close, and must not keep a table dealing for nobody (issue 17 item 2).
        """
        grace = self.options.idle_grace
        if grace is None or any(not conn.closed for conn in self._bindings):
            return False
        if self._empty_since is None:
            self._empty_since = now  # nobody has come since the table started
        return now - self._empty_since >= grace

    def seat_bucket(self, conn: Connection) -> TokenBucket | None:
        """The message budget all sockets of ``conn``'s seat occupancy share (``None`` for
        a spectator or a detached socket: those use their own)."""
        binding = self._bindings.get(conn)
        if binding is None or binding.seat is None:
            return None
        key = (binding.seat, binding.generation)
        bucket = self._buckets.get(key)
        if bucket is None:
            rate, burst = self.options.rate_limit
            bucket = self._buckets[key] = TokenBucket(rate=rate, burst=burst)
        return bucket

    # ------------------------------------------------------------------ coalescing
    def schedule_update(self, send: Callable[[], None]) -> bool:
        """A join or departure changed the public TableInfo. Returns True when the caller
        should broadcast it now (``table_update_delay`` 0); otherwise arranges one call of
        ``send`` after the delay (at most one pending) and returns False."""
        delay = self.options.table_update_delay
        if delay <= 0:
            return True
        if not self.update_pending:
            self.update_pending = True
            self._update = asyncio.get_running_loop().call_later(delay, send)
        return False

    def update_sent(self) -> None:
        """The TableInfo was just sent to everyone: a pending coalesced update is void."""
        self.update_pending = False
        if self._update is not None:
            self._update.cancel()
            self._update = None


__all__ = [
    "SEAT_REVOKED",
    "SEAT_REVOKED_REASON",
    "TOO_MANY_SOCKETS",
    "Binding",
    "Connection",
    "Occupant",
    "Presence",
    "PresenceOptions",
]
