"""The host controls' part of a table model (issue 12 §2): pending seat requests and the
house rules waiting for the next hand.

Plain data, in a module of its own so that the table model
(:mod:`anaconda_poker.server.table_model`) can hold it and the host controls' event handlers
(:mod:`anaconda_poker.server.host_events`) can change the model without the two modules
importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from anaconda_poker.core.config import TableConfig

SEAT_REQUEST_OUTCOMES = ("approved", "denied", "expired")
"""How a seat request ends (``seat_request_closed`` ``outcome``)."""


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """A newcomer waiting for the host's answer.

    Attributes:
        request_id: the table's number of the request (1, 2, ...).
        name: the name the newcomer asks to sit under (a valid, normalised player name).
        seat: the seat asked for, or ``None`` for the first free seat.
    """

    request_id: int
    name: str
    seat: int | None


@dataclass(slots=True)
class HostingState:
    """The host controls' part of a table model.

    Attributes:
        seat_requests: pending seat requests by ``request_id``, oldest first.
        next_seat_request: the ``request_id`` the next seat request gets.
        next_config: house rules the host chose for the next hand while a hand ran (applied
            by ``game_changed`` when it ends), or ``None``.
    """

    seat_requests: dict[int, SeatRequest] = field(default_factory=dict)
    next_seat_request: int = 1
    next_config: TableConfig | None = None


__all__ = ["SEAT_REQUEST_OUTCOMES", "HostingState", "SeatRequest"]
