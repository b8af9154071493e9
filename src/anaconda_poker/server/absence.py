"""Absent players do not stall the table (issue 12 §3).

A human seat with no open socket gets no time bank: its decision ends at the action timer.
After one timeout (a decision the server made for it: a bet, a pass, an arrangement or a
declaration alike) while no socket is open, the seat is *away*: the server takes its default
action at once (check or fold; passes and the arranged five by the heuristic's choice,
``server/bot_seats.py`` ``default_action``) until a socket of the seat says ``hello`` again.
The rule uses only facts the table already keeps (sockets per seat, the seat's consecutive
timeouts of any kind, ``SeatRecord.missed``, rebuilt from the event log), so nothing new is
stored and a restart agrees.
"""

from __future__ import annotations

AWAY_AFTER_TIMEOUTS = 1
"""Timeouts of any kind (consecutive, counted by the table) after which a disconnected seat is
away."""


def is_away(*, human: bool, connected: bool, timeouts: int, sitting_out: bool = False) -> bool:
    """True when the server should act for this seat at once.

    Args:
        human: the seat is a person's (bots have their own pause).
        connected: at least one socket of the seat is open.
        timeouts: the seat's consecutive timeouts of any kind, passes and arrangements
            included (``SeatRecord.missed``).
        sitting_out: the seat sits out from the next hand (the table sits out a seat after
            repeated timeouts and then counts afresh; it is still away for this hand).
    """
    return human and not connected and (timeouts >= AWAY_AFTER_TIMEOUTS or sitting_out)


def decision_due(
    *,
    started: float,
    now: float,
    timer: float | None,
    bank: float,
    connected: bool,
    away: bool,
) -> float:
    """When the server takes a human seat's default action (event-loop time, seconds).

    Args:
        started: when the decision began.
        now: the time now.
        timer: the table's action timer in seconds, or ``None`` (then never, unless away).
        bank: the seat's time bank left, seconds (used only while connected).
        connected: at least one socket of the seat is open.
        away: :func:`is_away` for the seat.

    Returns:
        ``now`` when away; ``started + timer (+ bank if connected)``; ``inf`` without a timer.
    """
    if away:
        return now
    if timer is None:
        return float("inf")
    return started + timer + (bank if connected else 0.0)
