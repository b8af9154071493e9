"""The table actor's host-control requests (issue 12 §2): what a table does for a seat
request and for each host command, around the command handlers of
``server/host_controls.py``.

:data:`HOST_REQUESTS` maps request kinds (the websocket messages ``request_seat``,
``approve_seat``, ``deny_seat``, ``remove_player``, ``adjust_stack``, ``change_game``,
``set_seat_approval`` of ``docs/protocol.md`` §4.3, and the table's own
``expire_seat_requests``) to coroutines ``(table, conn, **args)``, merged into the table's
request table (``server/table_requests.py``). Each asks its command handler for the events
— a refused request raises its :class:`~anaconda_poker.server.errors.ClientError` and
changes nothing — has the actor record them (apply, then commit) and only then tells the
clients. A seat request is answered on the socket that asked
(:class:`~anaconda_poker.server.seat_askers.SeatAskers`): the new seat's token goes to that
socket alone; the host sees the request, spectators never do.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from anaconda_poker.server import host_controls as hosting
from anaconda_poker.server import table_views as views
from anaconda_poker.server.auth import hash_token, new_token
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.hosting_state import SeatRequest
from anaconda_poker.server.presence import Connection
from anaconda_poker.server.table_play import announce_departures
from anaconda_poker.server.table_port import TableHost


def _seat_of(conn: Connection | None) -> int | None:
    return conn.seat if conn is not None else None


def _tell_host(table: TableHost, message: dict[str, Any]) -> None:
    host = table.model.host_seat
    if host is not None:
        table.send_to_seat(host, message)


def _closed(table: TableHost, request: SeatRequest, outcome: str) -> None:
    _tell_host(
        table,
        {
            "type": "seat_request_closed",
            "request_id": request.request_id,
            "name": request.name,
            "outcome": outcome,
        },
    )


# ====================================================================== seat approval
async def request_seat(
    table: TableHost, conn: Connection | None, name: str, seat: int | None
) -> None:
    """A spectator asks the host for a seat; the host gets ``seat_request``, the socket
    ``seat_request_pending``."""
    if conn is None:
        raise ClientError("spectator", "a seat is asked for from a table socket")
    if table.seat_askers.asked_by(conn):
        raise ClientError("request_pending", "your seat request is still waiting for the host")
    events = hosting.seat_request_events(table.model, conn.seat, name=name, wanted=seat)
    await table.record(events)
    request_id = int(events[0][1]["request_id"])
    table.seat_askers.add(request_id, conn)
    table.send(conn, views.dumps({"type": "seat_request_pending", "request_id": request_id}))
    _tell_host(table, hosting.seat_request_message(table.model.hosting.seat_requests[request_id]))


async def approve_seat(
    table: TableHost, conn: Connection | None, request_id: int, reason: None = None
) -> None:
    """The host lets a newcomer in: seated with the starting stack; its socket alone gets
    the new seat's token (``seat_granted``). (``reason`` is always ``None``: only a denial
    gives one, ``protocol.SeatAnswer``.)"""
    del reason
    model = table.model
    asker = table.seat_askers.get(request_id)
    if request_id in model.hosting.seat_requests and (asker is None or asker.closed):
        # the asker's socket closed and its leave is still queued: nobody to hand a seat to
        table.seat_askers.pop(request_id)
        await _expire(table, request_id)
        raise ClientError("unknown_request", f"the asker of seat request {request_id} left")
    token = new_token()
    digest = hash_token(token)
    events = hosting.answer_seat_events(
        model, _seat_of(conn), request_id=request_id, approved=True, reason=None, token_hash=digest
    )
    request = model.hosting.seat_requests[request_id]
    await table.record(events)
    seated = events[-1][1]
    seat = int(seated["seat"])
    table.seat_token_added(digest, seat)
    asker = table.seat_askers.pop(request_id)
    if asker is not None:
        granted = {
            "type": "seat_granted",
            "request_id": request_id,
            "table_id": table.table_id,
            "seat": seat,
            "name": seated["name"],
            "token": token,
        }
        table.send(asker, views.dumps(granted))
    _closed(table, request, "approved")
    table.schedule_next_hand()
    table.broadcast_table()
    table.broadcast({"type": "ledger", "ledger": table.ledger()})


async def deny_seat(
    table: TableHost, conn: Connection | None, request_id: int, reason: str | None = None
) -> None:
    """The host turns a newcomer away; the asker reads the ``reason`` (or none)."""
    model = table.model
    events = hosting.answer_seat_events(
        model, _seat_of(conn), request_id=request_id, approved=False, reason=reason, token_hash=""
    )
    request = model.hosting.seat_requests[request_id]
    await table.record(events)
    asker = table.seat_askers.pop(request_id)
    if asker is not None:
        denied = {"type": "seat_denied", "request_id": request_id, "reason": reason}
        table.send(asker, views.dumps(denied))
    _closed(table, request, "denied")


async def asker_left(table: TableHost, conn: Connection) -> None:
    """A socket closed: the seat requests it asked expire (the host is told)."""
    for request_id in table.seat_askers.asked_by(conn):
        table.seat_askers.pop(request_id)
        await _expire(table, request_id)


async def expire_seat_requests(table: TableHost, conn: Connection | None) -> None:
    """Expire every waiting seat request without a socket (after a restart: no socket
    survives it)."""
    del conn
    for request_id in sorted(table.model.hosting.seat_requests):
        if table.seat_askers.pop(request_id) is None:
            await _expire(table, request_id)


async def _expire(table: TableHost, request_id: int) -> None:
    model = table.model
    request = model.hosting.seat_requests.get(request_id)
    events = hosting.expire_seat_request_events(model, request_id)
    if request is None or not events:
        return
    await table.record(events)
    _closed(table, request, "expired")


async def set_seat_approval(table: TableHost, conn: Connection | None, value: bool) -> None:
    """The host turns seat approval on or off."""
    events = hosting.seat_approval_events(table.model, _seat_of(conn), value=value)
    if events:
        await table.record(events)
        table.broadcast_table()


# ====================================================================== players and stacks
async def remove_player(table: TableHost, conn: Connection | None, seat: int) -> None:
    """The host removes a player: freed at once with its chips, or when the running hand it
    plays ends (``after_hand`` in ``player_removed``)."""
    model = table.model
    events = hosting.remove_player_events(model, _seat_of(conn), target=seat)
    if not events:
        return
    host = model.host_seat
    name = model.occupied(seat).name
    after_hand = not any(kind == "seat_left" for kind, _ in events)
    clock = table.clock
    if not after_hand and clock.choosing is not None and clock.choosing[0] == seat:
        clock.choosing = (seat, asyncio.get_running_loop().time())  # the default game, now
    await table.record(events)
    table.broadcast(
        {"type": "player_removed", "seat": seat, "name": name, "after_hand": after_hand, "by": host}
    )
    if not after_hand:
        announce_departures(table, events, host)
        table.broadcast({"type": "ledger", "ledger": table.ledger()})
        table.schedule_next_hand()
    table.broadcast_table()


async def adjust_stack(table: TableHost, conn: Connection | None, seat: int, stack: int) -> None:
    """The host sets a stack between hands (an adjustment in the ledger)."""
    model = table.model
    busy = hosting.dealing(model, choosing=table.clock.choosing is not None)
    events = hosting.adjust_stack_events(model, _seat_of(conn), target=seat, stack=stack, busy=busy)
    if not events:
        return
    await table.record(events)
    adjusted = events[0][1]
    table.broadcast(
        {
            "type": "stack_adjusted",
            "seat": seat,
            "name": model.occupied(seat).name,
            "stack": adjusted["stack"],
            "change": adjusted["change"],
            "by": adjusted["by"],
        }
    )
    table.schedule_next_hand()
    table.broadcast_table()
    table.broadcast({"type": "ledger", "ledger": table.ledger()})


async def change_game(table: TableHost, conn: Connection | None, config: dict[str, Any]) -> None:
    """The host changes the rules from the next hand: everyone gets ``game_change``."""
    model = table.model
    choosing = table.clock.choosing is not None
    busy = hosting.dealing(model, choosing=choosing)
    before = model.settings.config.to_dict()
    events = hosting.change_game_events(model, _seat_of(conn), changes=config, busy=busy)
    if not events:
        return
    await table.record(events)
    after = dict(events[0][1]["config"])
    # the hand it applies from: the next one, after the hand running or being dealt
    dealt = model.in_hand or not busy
    table.broadcast(
        {
            "type": "game_change",
            "config": after,
            "changes": {k: v for k, v in after.items() if before.get(k) != v},
            "next_hand": model.hand_no + (1 if dealt else 2),
            "by": events[0][1]["by"],
        }
    )
    table.broadcast_table()


HOST_REQUESTS: dict[str, Callable[..., Awaitable[Any]]] = {
    "request_seat": request_seat,
    "approve_seat": approve_seat,
    "deny_seat": deny_seat,
    "expire_seat_requests": expire_seat_requests,
    "set_seat_approval": set_seat_approval,
    "remove_player": remove_player,
    "adjust_stack": adjust_stack,
    "change_game": change_game,
}
"""Request kind -> what the actor does for it (merged into the table's request table)."""

__all__ = [
    "HOST_REQUESTS",
    "asker_left",
]
