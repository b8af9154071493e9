"""The table actor's request table: what each request a table accepts does, around the pure
command handlers.

:data:`REQUESTS` maps a request kind (the websocket messages of ``docs/protocol.md`` §4 and
the REST seat requests) to a coroutine ``(table, conn, **args)``. Requests that change the
table ask the command handler of ``server/table_commands.py`` (or ``server/seeds.py``) for
the events — a refused request raises its :class:`~anaconda_poker.server.errors.ClientError`
and changes nothing — have the actor record them (apply, commit) and then send the frames and
re-arm the timers. ``join``, ``leave``, ``sync`` and ``table_update`` only attach, detach or
resync sockets (``server/presence.py``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from anaconda_poker.server import host_controls as hosting
from anaconda_poker.server import host_requests, seeds
from anaconda_poker.server import table_commands as commands
from anaconda_poker.server import table_play as play
from anaconda_poker.server import table_views as views
from anaconda_poker.server.build import build_id
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.presence import SEAT_REVOKED, SEAT_REVOKED_REASON, Connection
from anaconda_poker.server.table_port import TableHost

Request = Callable[..., Awaitable[Any]]
"""A request: ``(table, conn, **args)``; its result answers
:meth:`~anaconda_poker.server.table.Table.request`."""


def _seat_of(conn: Connection | None) -> int | None:
    """The seat a request comes from (``None``: a spectator or the house)."""
    return conn.seat if conn is not None else None


# ====================================================================== sockets
async def join(table: TableHost, conn: Connection) -> dict[str, Any]:
    """Attach a socket after its ``hello``: checked and registered in this one step
    (``server/presence.py``), then welcomed and resynced; others get the TableInfo change
    coalesced.

    Raises:
        ClientError: ``bad_token``, ``too_many_sockets`` (nothing changed).
    """
    binding = table.presence.bind(conn, table.seats)
    was_idle = table.idle
    table.presence.register(conn, binding)
    if was_idle:
        table.restart_clocks()
    seat = binding.seat
    is_host = seat is not None and seat == table.host_seat
    record = table.seats[seat] if seat is not None else None
    if record is not None and record.sat_out_for_timeouts and not record.leaving:
        # sat out by the table after its timeouts while gone: coming back sits it in again
        # (from the next hand), as a player who reconnects expects; its own sit_out stays
        await table.record([("sitting_out", {"seat": seat, "value": False, "reason": "back"})])
        table.broadcast_table()
    welcome = {
        "type": "welcome",
        "table_id": table.table_id,
        "seat": seat,
        "name": record.name if record is not None else None,
        "is_host": is_host,
        "server_time": round(time.time(), 3),
        "build": build_id(),  # a page that loaded another build offers a reload
    }
    table.send(conn, views.dumps(welcome))
    presence_changed(table, conn)
    table.send(conn, views.dumps({"type": "chat_history", "messages": list(table.chat)}))
    table.send(conn, views.dumps(table.state_message(seat)))
    if is_host:
        for message in views.pending_rebuy_messages(table.model):
            table.send(conn, views.dumps(message))
        for message in hosting.pending_seat_request_messages(table.model):
            table.send(conn, views.dumps(message))
    choosing = table.clock.choosing
    if seat is not None and choosing is not None and choosing[0] == seat:
        deadline = time.time() + choosing[1] - asyncio.get_running_loop().time()
        table.send(conn, views.dumps(views.choose_game_message(table.model, deadline)))
    table.seeding.on_join(conn)
    table.schedule_next_hand()
    return welcome


async def leave(table: TableHost, conn: Connection) -> None:
    """Detach a socket that closed."""
    if table.presence.unregister(conn, asyncio.get_running_loop().time()):
        presence_changed(table, None)
    await host_requests.asker_left(table, conn)  # its seat requests expire


def presence_changed(table: TableHost, joined: Connection | None) -> None:
    """A socket joined (``joined``, sent the TableInfo at once) or left: a person's pending
    decision is re-timed (``server/absence.py``) and the others get the change once,
    coalesced over ``table_update_delay`` (``server/presence.py``)."""
    table.clock.rearm_people(asyncio.get_running_loop().time(), table.connected)
    if table.presence.schedule_update(lambda: table.tell("table_update")):
        table.broadcast_table()
    elif joined is not None:
        table.send(joined, views.dumps({"type": "table", "table": table.public_info()}))


async def table_update(table: TableHost, conn: Connection | None) -> None:
    """Send the coalesced TableInfo change (``presence_changed``)."""
    del conn
    if table.presence.update_pending:
        table.broadcast_table()


async def sync(table: TableHost, conn: Connection) -> None:
    """Resend the TableInfo and the socket's ``state``."""
    table.send(conn, views.dumps({"type": "table", "table": table.public_info()}))
    table.send(conn, views.dumps(table.state_message(conn.seat)))


def check_binding(table: TableHost, conn: Connection) -> None:
    """Refuse a request from a socket that is not attached, or whose seat is no longer held
    by the token it said ``hello`` with (then it is closed: ``SEAT_REVOKED``).

    Raises:
        ClientError: ``hello_required`` (not attached), ``bad_token`` (seat given up).
    """
    if table.presence.holds(conn, table.seats):
        return
    if table.presence.unregister(conn, asyncio.get_running_loop().time()):
        conn.close(SEAT_REVOKED, SEAT_REVOKED_REASON)
        presence_changed(table, None)
        raise ClientError("bad_token", "this socket's token no longer holds its seat")
    raise ClientError("hello_required", "this socket is not attached to the table")


# ====================================================================== play
async def action(
    table: TableHost,
    conn: Connection | None,
    turn: str,
    action: dict[str, Any],
    received: float | None = None,
) -> None:
    """A player's decision (``table_commands.action_event``); ``received`` is the
    ``time.perf_counter()`` of the message's arrival, for the latency statistics."""
    seat, parsed = commands.action_event(table.model, _seat_of(conn), turn=turn, action=action)
    await play.act(table, seat, parsed, source="player")
    if received is not None:  # from the message's arrival to its broadcast, seconds
        table.stats.latencies.append(time.perf_counter() - received)


async def chat(table: TableHost, conn: Connection | None, text: str) -> None:
    """A chat line, recorded then sent to everyone."""
    events = commands.chat_events(table.model, _seat_of(conn), text, at=time.time())
    await table.record(events)
    table.broadcast({"type": "chat", **events[0][1]})


async def sit_out(table: TableHost, conn: Connection | None) -> None:
    """Sit the seat out from the next hand."""
    await _set_sitting_out(table, conn, True)


async def sit_in(table: TableHost, conn: Connection | None) -> None:
    """Sit the seat in again."""
    await _set_sitting_out(table, conn, False)


async def _set_sitting_out(table: TableHost, conn: Connection | None, value: bool) -> None:
    events = commands.sitting_out_events(table.model, _seat_of(conn), value)
    if events:
        await table.record(events)
        table.schedule_next_hand()
        table.broadcast_table()


async def take_seat(
    table: TableHost,
    conn: Connection | None,
    name: str,
    seat: int | None,
    token_hash: str,
    bot: str | None = None,
) -> int:
    """A new player (REST ``POST .../seats``, or a bot): returns the seat taken."""
    del conn
    if bot is None:
        hosting.check_open_seating(table.model)  # or the host approves newcomers
    events = commands.take_seat_events(
        table.model, name=name, seat=seat, token_hash=token_hash, bot=bot
    )
    await table.record(events)
    taken = int(events[0][1]["seat"])
    if bot is not None:
        table.policies[taken] = table.policy_factory(bot)
    table.schedule_next_hand()
    table.broadcast_table()
    return taken


async def leave_seat(table: TableHost, conn: Connection | None) -> dict[str, Any]:
    """Leave the table (cash out). Between hands, or when not dealt into the running hand,
    the seat is freed at once; otherwise the seat acts by default at once (check, else fold;
    passes and arrangements as on a timeout) and is freed when the hand ends. Its chips leave
    with it (the ledger keeps the line). Returns ``{"seat", "leaving"}`` (``leaving``: it
    leaves when the hand ends)."""
    model = table.model
    seat = commands.require_seat(_seat_of(conn))
    host = model.host_seat
    if model.occupied(seat).leaving:
        return {"seat": seat, "leaving": True}
    if seat == host and model.paused:
        # only the host may resume: a pause left behind would stop the table for good
        await resume(table, conn)
    events = commands.leave_seat_events(model, seat)
    if events[0][0] == "leave_requested":
        await table.record(events)
        table.clock.decisions.pop(seat, None)
        table.refresh_decisions()
        table.broadcast_table()
        return {"seat": seat, "leaving": True}
    clock = table.clock
    if clock.choosing is not None and clock.choosing[0] == seat:
        # the dealer left: the default game, at once
        clock.choosing = (seat, asyncio.get_running_loop().time())
    await table.record(events)
    play.announce_departures(table, events, host)
    table.broadcast_table()
    table.broadcast({"type": "ledger", "ledger": table.ledger()})
    table.schedule_next_hand()
    return {"seat": seat, "leaving": False}


# ====================================================================== the host and the deal
async def pause(table: TableHost, conn: Connection | None) -> None:
    """The host pauses the table: timers stop until it resumes. The actor orders the pause
    and the countdown's deal: a pause before the deal wins, also when the countdown has run
    out and the deal waits for the players' seeds (the round is cancelled, no hand starts;
    ``seeds.pause_cancel_events``); a hand already dealt is paused as it stands."""
    events = commands.pause_events(table.model, _seat_of(conn), True)
    if events:
        await table.record([*seeds.pause_cancel_events(table.model), *events])
        table.broadcast_table()
        table.broadcast_state()


async def resume(table: TableHost, conn: Connection | None) -> None:
    """The host resumes the table: deadlines and bot pauses start again from now."""
    events = commands.pause_events(table.model, _seat_of(conn), False)
    if events:
        await table.record(events)
        table.restart_clocks()
        table.broadcast_table()
        table.broadcast_state()


async def next_hand(table: TableHost, conn: Connection | None) -> None:
    """The host deals the next hand now."""
    dealing = table.clock.choosing is not None
    commands.check_next_hand(table.model, _seat_of(conn), dealing=dealing)
    table.clock.next_hand_at = None
    await play.begin_hand(table)


async def choose_game(table: TableHost, conn: Connection | None, split: str) -> None:
    """The dealer's choice of game (``split``) for the next hand."""
    clock = table.clock
    dealer = clock.choosing[0] if clock.choosing is not None else None
    commands.check_choose_game(table.model, _seat_of(conn), dealer=dealer)
    clock.choosing = None
    await table.seeding.open(split)  # the seed round, then the deal


async def seed(table: TableHost, conn: Connection | None, hand_no: int, seed: str) -> None:
    """A seat's seed for the next deal (``server/table_seeding.py``)."""
    await table.seeding.receive(conn, hand_no, seed)


# ====================================================================== rebuys
async def rebuy(table: TableHost, conn: Connection | None, amount: int) -> None:
    """A rebuy request: sent to the host, or approved at once when there is none (by the
    house) or when the host asks (nobody else could answer it)."""
    events = commands.rebuy_events(table.model, _seat_of(conn), amount)
    await table.record(events)
    ask = events[0][1]
    request_id, seat = ask["request_id"], ask["seat"]
    host = table.host_seat
    if len(events) > 1:  # no host, or the host asking: approved at once
        _rebuy_done(table, request_id, seat, amount, True)
    elif host is not None:
        table.send_to_seat(host, views.rebuy_request_message(table.model, request_id, seat, amount))
        table.broadcast_table()  # the seat's rebuy_requested: the requester sees it pending


async def approve_rebuy(table: TableHost, conn: Connection | None, request_id: int) -> None:
    """The host approves a rebuy request."""
    await _answer_rebuy(table, conn, request_id, True)


async def deny_rebuy(table: TableHost, conn: Connection | None, request_id: int) -> None:
    """The host denies a rebuy request."""
    await _answer_rebuy(table, conn, request_id, False)


async def _answer_rebuy(
    table: TableHost, conn: Connection | None, request_id: int, approved: bool
) -> None:
    events = commands.answer_rebuy_events(table.model, _seat_of(conn), request_id, approved)
    seat, amount = table.model.rebuy_requests[request_id]
    await table.record(events)
    _rebuy_done(table, request_id, seat, amount, approved)


def _rebuy_done(table: TableHost, request_id: int, seat: int, amount: int, approved: bool) -> None:
    message = views.rebuy_result_message(request_id, seat, amount, approved)
    table.send_to_seat(seat, message)
    host = table.host_seat
    if host is not None and host != seat:
        table.send_to_seat(host, message)
    table.broadcast_table()
    table.broadcast({"type": "ledger", "ledger": table.ledger()})
    table.schedule_next_hand()


REQUESTS: dict[str, Request] = {
    "join": join,
    "leave": leave,
    "sync": sync,
    "table_update": table_update,
    "action": action,
    "chat": chat,
    "sit_out": sit_out,
    "sit_in": sit_in,
    "take_seat": take_seat,
    "leave_seat": leave_seat,
    "pause": pause,
    "resume": resume,
    "next_hand": next_hand,
    "choose_game": choose_game,
    "seed": seed,
    "rebuy": rebuy,
    "approve_rebuy": approve_rebuy,
    "deny_rebuy": deny_rebuy,
    **host_requests.HOST_REQUESTS,
}
"""Request kind -> what the actor does for it (the command table)."""

__all__ = ["REQUESTS", "Request", "check_binding", "presence_changed"]
