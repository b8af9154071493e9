"""A hand's flow on a table actor: dealing (or first asking the dealer to choose the game),
one seat's action with everything that follows from it, and the departures it causes.

The rules are pure (``server/table_commands.py`` checks and settles an action on the
model); this module runs them on a :class:`~anaconda_poker.server.table.Table` for a
player's ``action`` request and for the actor's timers alike (a bot's decision, the default
action of a seat whose time ran out): the events are committed together with the finished
hand's record, then the frames go out (``docs/protocol.md`` §4).
"""

from __future__ import annotations

import asyncio
import time

from anaconda_poker.core.actions import Action
from anaconda_poker.server import host_controls as hosting
from anaconda_poker.server import table_commands as commands
from anaconda_poker.server import table_views as views
from anaconda_poker.server.bot_seats import tell_results
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.presence import SEAT_REVOKED, SEAT_REVOKED_REASON
from anaconda_poker.server.table_model import Event
from anaconda_poker.server.table_port import TableHost
from anaconda_poker.storage.event_store import HandRecord


async def begin_hand(table: TableHost) -> None:
    """Deal the next hand, or (dealer's choice with a person dealing) ask the dealer to
    choose the game first (the default game is dealt when its time runs out)."""
    model = table.model
    eligible = model.eligible_seats()
    if model.in_hand or len(eligible) < 2:
        return
    waiting = hosting.next_config_events(model)  # chosen while a cancelled deal was under way
    if waiting:
        await table.record(waiting)
        table.broadcast_table()
    if table.settings.dealers_choice:
        dealer = model.next_button(eligible)
        if model.occupied(dealer).bot is None:
            now = asyncio.get_running_loop().time()
            due = table.clock.choose(dealer, now)
            table.send_to_seat(dealer, views.choose_game_message(model, time.time() + due - now))
            table.broadcast_table()
            return
    await table.seeding.open(table.settings.config.split.value)


async def act(table: TableHost, seat: int, action: Action, *, source: str) -> None:
    """Apply (``table_commands.settle_action``), commit and broadcast one action of ``seat``
    and what follows from it (the end of the hand, departures, a seat sat out).

    Args:
        source: ``player`` (its own request), ``bot`` or ``timeout`` (the server acts for a
            person whose time ran out).

    Raises:
        ClientError: the engine refused the action (nothing changed).
    """
    model, clock = table.model, table.clock
    was_away = clock.seat_away(seat, table.connected)
    now = asyncio.get_running_loop().time()
    timer = table.settings.action_timer
    decision = clock.decisions.get(seat)
    overtime = 0.0
    if timer is not None and decision is not None:
        overtime = max(0.0, now - (decision.started + timer))
    timeout = source == "timeout"
    payload = commands.action_payload(
        model, seat, action, timeout=timeout, overtime=overtime, away=timeout and was_away
    )
    host = model.host_seat
    try:
        events = commands.settle_action(model, payload)
        if not model.in_hand:  # the hand ended: removals and rules waiting for its end
            events += hosting.after_hand_events(model, tuple(sorted(model.dealt_in)))
    except ClientError:
        raise  # the engine refused it: nothing changed
    except Exception:
        # not a rule error: the model may be half-changed; stop the table (a restart
        # rebuilds it from the committed log, without this action)
        table.failed = True
        raise
    table.stats.actions += 1
    table.stats.timeouts += timeout
    hand_record = _hand_record(table) if not model.in_hand else None
    await table.commit(events, hand=hand_record)
    table.refresh_decisions()
    table.broadcast_state()
    if hand_record is not None:
        if (hand := model.hand) is not None:
            tell_results(table.policies, hand)  # the bots' session memory
        table.broadcast(views.hand_finished_message(table.table_id, model))
        table.schedule_next_hand()  # first: the table message says when it deals
        table.broadcast_table()
        table.broadcast({"type": "ledger", "ledger": model.ledger()})
        announce_removals(table, events, host)
        announce_departures(table, events, host)
    elif not was_away and clock.seat_away(seat, table.connected):
        table.broadcast_table()  # everyone sees who is played for


def _hand_record(table: TableHost) -> HandRecord:
    """The finished hand for the hand store: its full history and a summary."""
    hand, meta = table.model.hand, table.model.meta
    assert hand is not None and meta is not None
    result = hand.result
    summary = {
        "button": meta.button,
        "split": meta.split,
        "commitment": meta.commitment,
        "net": result.to_dict()["net"] if result is not None else {},
    }
    table.stats.hands_finished += 1
    return HandRecord(
        hand_no=meta.hand_no,
        finished_at=time.time(),
        summary=summary,
        history=table.full_history(),
    )


def announce_removals(table: TableHost, events: list[Event], host: int | None) -> None:
    """Tell everyone (players and watchers) that the players the host removed during the hand
    have now left: ``player_removed`` with ``after_hand: false``, as a removal between hands
    is announced (before this only the removed seat's own sockets heard, by ``seat_left``)."""
    for kind, payload in events:
        if kind == "seat_left" and payload.get("removed"):
            table.broadcast(
                {
                    "type": "player_removed",
                    "seat": payload["seat"],
                    "name": payload["name"],
                    "after_hand": False,
                    "by": host,
                }
            )


def announce_departures(table: TableHost, events: list[Event], host: int | None) -> None:
    """Tell the sockets of seats that left ``seat_left`` and close them (their token no
    longer holds a seat: ``server/presence.py``), and a new host (``host`` was the host
    before ``events``) its pending rebuy requests. The new seating and ledger are the
    caller's to broadcast."""
    left = [payload for kind, payload in events if kind == "seat_left"]
    now = asyncio.get_running_loop().time()
    for payload in left:
        table.policies.pop(payload["seat"], None)
        text = views.dumps({"type": "seat_left", **payload})
        for conn in table.presence.revoke(payload["seat"], now):
            table.send(conn, text)
            conn.close(SEAT_REVOKED, SEAT_REVOKED_REASON)
    new_host = table.model.host_seat
    if left and new_host is not None and new_host != host:
        table.send_to_seat(new_host, {"type": "host", "seat": new_host})
        for request in views.pending_rebuy_messages(table.model):
            table.send_to_seat(new_host, request)
        for request in hosting.pending_seat_request_messages(table.model):
            table.send_to_seat(new_host, request)


__all__ = ["act", "announce_departures", "announce_removals", "begin_hand"]
