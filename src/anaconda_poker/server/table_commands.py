"""Command handlers: a request checked against the table model, answered with the events
that carry it out.

Each handler reads the :class:`~anaconda_poker.server.table_model.TableModel` without
changing it and either returns the events to record (``[]`` when the request changes
nothing, e.g. sitting out a seat already sitting out) or raises a specific
:class:`~anaconda_poker.server.errors.ClientError` (the codes are in ``docs/protocol.md``
§7); the actor (``server/table.py``) applies and commits the events, then broadcasts. Time is
an argument (``at``, Unix seconds), never read from a clock.

Two steps depend on the state an action leaves behind (the hand's final stacks), so they
apply as they go: :func:`settle_action` applies an action and what follows from it (the end
of the hand, broke bots buying in again, players who asked to leave, a seat sat out after
its timeouts) and returns every event it applied, all to be committed together.
"""

from __future__ import annotations

from typing import Any

from anaconda_poker.core.actions import Action
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.server.errors import ClientError, engine_error_code
from anaconda_poker.server.names import name_clash
from anaconda_poker.server.table_events import apply_all, apply_event
from anaconda_poker.server.table_model import Event, TableModel

TIMEOUTS_BEFORE_SIT_OUT = 2
"""Consecutive betting timeouts after which a seat is sat out."""


# ====================================================================== who may ask
def require_seat(seat: int | None) -> int:
    """The requester's seat.

    Raises:
        ClientError: ``spectator`` when the requester holds no seat.
    """
    if seat is None:
        raise ClientError("spectator", "spectators may not do this; take a seat first")
    return seat


def require_host(model: TableModel, seat: int | None) -> int:
    """The requester's seat, which must be the host's.

    Raises:
        ClientError: ``spectator`` (no seat), ``not_host`` (another seat).
    """
    held = require_seat(seat)
    if held != model.host_seat:
        raise ClientError("not_host", "only the host may do this")
    return held


# ====================================================================== play
def action_event(
    model: TableModel,
    seat: int | None,
    *,
    turn: str,
    action: dict[str, Any],
) -> tuple[int, Action]:
    """Check a player's ``action`` message: the seat, the table and the turn id.

    Returns:
        The seat and the parsed action (whether the engine accepts it is checked when it is
        applied: :func:`settle_action`).

    Raises:
        ClientError: ``spectator``, ``paused``, ``no_hand``, ``not_your_turn`` (not dealt
            in), ``stale_turn`` (``turn`` is not the seat's current turn id), or the engine's
            code of a malformed action.
    """
    held = require_seat(seat)
    if model.paused:
        raise ClientError("paused", "the host paused the table; wait for resume")
    if not model.in_hand or model.hand is None:
        raise ClientError("no_hand", "no hand is running")
    current = model.turn_of(held)
    if current is None:
        raise ClientError("not_your_turn", f"seat {held} is not playing in this hand")
    if turn != current:
        raise ClientError(
            "stale_turn",
            f"turn {turn!r} is not seat {held}'s current turn {current!r} "
            "(replayed or late message)",
        )
    try:
        return held, Action.from_dict(action)
    except AnacondaError as exc:
        raise ClientError(engine_error_code(exc), str(exc)) from None


def action_payload(
    model: TableModel,
    seat: int,
    action: Action,
    *,
    timeout: bool,
    overtime: float,
    away: bool = False,
) -> dict[str, Any]:
    """The ``action`` event of ``seat``.

    Args:
        timeout: the server acts for the seat (its time ran out).
        away: with ``timeout``, the seat was already away (``server/absence.py``: no socket
            and a timeout before), so the server played for it at once rather than when a
            clock ran out; marked ``"away": true`` for the log's wording.
        overtime: seconds of the seat's time bank used past the action timer (0 for none);
            a person's bank then shrinks by that much (``server/timebank.py``).
    """
    payload: dict[str, Any] = {"hand_no": model.hand_no, "seat": seat, "action": action.to_dict()}
    if timeout:
        payload["timeout"] = True
        if away:
            payload["away"] = True
    record = model.occupied(seat)
    if record.bot is None and overtime > 0:
        payload["bank"] = round(max(0.0, record.time_bank - overtime), 3)
    return payload


def settle_action(model: TableModel, payload: dict[str, Any]) -> list[Event]:
    """Apply an ``action`` event and every event that follows from it; return them all.

    After the action: when it ends the hand, ``hand_finished`` (stacks after the hand plus
    rebuys approved during it), then broke bots buy in again (when rebuys are allowed) and
    seats that asked to leave leave (:func:`leave_events`); a seat the server acted for
    :data:`TIMEOUTS_BEFORE_SIT_OUT` betting rounds in a row is sat out.

    Raises:
        ClientError: the engine refused the action (the model is unchanged).
        Exception: any other failure may leave the model half changed (the caller stops the
            table; a restart rebuilds it from what was committed).
    """
    try:
        apply_event(model, "action", payload)
    except AnacondaError as exc:
        raise ClientError(engine_error_code(exc), str(exc)) from None
    events: list[Event] = [("action", payload)]

    def then(more: list[Event]) -> None:
        apply_all(model, more)
        events.extend(more)

    hand = model.hand
    if hand is not None and hand.is_complete:
        players = hand.players
        then([finished_event(model)])
        then(bot_rebuy_events(model, players))
        for seat in players:
            record = model.seats[seat]
            if record is not None and record.leaving:
                then(leave_events(model, seat))
    record = model.seats[int(payload["seat"])]
    if (
        payload.get("timeout")
        and record is not None
        and record.timeouts >= TIMEOUTS_BEFORE_SIT_OUT
        and not record.sitting_out
    ):
        then([("sitting_out", {"seat": record.seat, "value": True, "reason": "timeouts"})])
    return events


def finished_event(model: TableModel) -> Event:
    """``hand_finished`` of the complete hand: each seat's stack after it, plus rebuys
    approved during it (chips)."""
    hand = model.hand
    assert hand is not None and hand.is_complete
    stacks = {str(s): hand.stack[s] + model.occupied(s).pending_rebuy for s in hand.players}
    return ("hand_finished", {"hand_no": model.hand_no, "stacks": stacks})


def bot_rebuy_events(model: TableModel, seats: tuple[int, ...]) -> list[Event]:
    """Bots among ``seats`` left without chips buy in again at once (the starting stack,
    approved by the house) when the table allows rebuys."""
    if not model.settings.allow_rebuys:
        return []
    events: list[Event] = []
    request_id = model.next_request_id
    for seat in seats:
        record = model.occupied(seat)
        if record.bot is not None and record.stack == 0:
            ask = {"request_id": request_id, "seat": seat, "amount": model.settings.starting_stack}
            answer = {"request_id": request_id, "approved": True, "by": "house"}
            events += [("rebuy_requested", ask), ("rebuy_resolved", answer)]
            request_id += 1
    return events


# ====================================================================== seats
def take_seat_events(
    model: TableModel, *, name: str, seat: int | None, token_hash: str, bot: str | None
) -> list[Event]:
    """``seat_taken`` for a new player (a person, or a bot of level ``bot``) with the
    starting stack, at ``seat`` or the first free seat. A person sitting down at a table
    whose host left becomes the host.

    Raises:
        ClientError: ``name_taken`` (409; another seat's name is too close, ``names.py``),
            ``table_full`` (409), ``bad_request`` (400; not a seat number), ``seat_taken``
            (409).
    """
    clash = name_clash(name, (r.name for r in model.seats if r is not None))
    if clash is not None:
        raise ClientError("name_taken", clash, status=409)
    if seat is None:
        free = [i for i, r in enumerate(model.seats) if r is None]
        if not free:
            raise ClientError("table_full", "every seat is taken", status=409)
        seat = free[0]
    if not 0 <= seat < len(model.seats):
        raise ClientError("bad_request", f"seat must be 0..{len(model.seats) - 1}", status=400)
    taken = model.seats[seat]
    if taken is not None:
        raise ClientError("seat_taken", f"seat {seat} is already taken by {taken.name}", status=409)
    payload: dict[str, Any] = {
        "seat": seat,
        "name": name,
        "token_hash": token_hash,
        "bot": bot,
        "stack": model.settings.starting_stack,
    }
    if bot is None and model.host_seat is None and model.settings.host_seat is not None:
        payload["host"] = True  # the host left: the next human to sit down hosts
    return [("seat_taken", payload)]


def sitting_out_events(model: TableModel, seat: int | None, value: bool) -> list[Event]:
    """Sit the requester's seat out (``value``) or in again; nothing when it already is.

    Raises:
        ClientError: ``spectator``, ``leaving`` (the seat leaves after this hand).
    """
    record = model.occupied(require_seat(seat))
    if record.leaving:
        raise ClientError("leaving", "this seat is leaving the table after this hand")
    if record.sitting_out == value:
        return []
    return [("sitting_out", {"seat": record.seat, "value": value})]


def leave_seat_events(model: TableModel, seat: int | None) -> list[Event]:
    """Leave the table (cash out): ``leave_requested`` when the seat is dealt into the
    running hand (it acts by default and leaves when the hand ends), else the events of
    leaving now (:func:`leave_events`); nothing when it is already leaving.

    Raises:
        ClientError: ``spectator``.
    """
    held = require_seat(seat)
    if model.occupied(held).leaving:
        return []
    if model.in_hand and held in model.dealt_in:
        return [("leave_requested", {"seat": held})]
    return leave_events(model, held)


def leave_events(model: TableModel, seat: int) -> list[Event]:
    """The events of ``seat`` leaving now (not dealt into a running hand): its pending rebuy
    requests are declined, its chips leave with it, and the host role passes to the
    lowest-numbered human seat left (or to nobody: then rebuys are approved by the
    house). A request the new host had made is approved by them at once, after the
    ``seat_left``, as a host's own request is (``rebuy_events``)."""
    events: list[Event] = [
        ("rebuy_resolved", {"request_id": request_id, "approved": False, "by": "house"})
        for request_id, s, _amount in model.pending_rebuy_requests()
        if s == seat
    ]
    host = model.host_seat
    if host == seat:
        humans = [
            r.seat
            for r in model.seats
            if r is not None and r.bot is None and r.seat != seat and not (r.leaving or r.removed)
        ]
        host = humans[0] if humans else None
    record = model.occupied(seat)
    events.append(
        ("seat_left", {"seat": seat, "name": record.name, "stack": record.stack, "host": host})
    )
    if host is not None and host != model.host_seat:
        events += [
            ("rebuy_resolved", {"request_id": request_id, "approved": True, "by": host})
            for request_id, s, _amount in model.pending_rebuy_requests()
            if s == host
        ]
    return events


# ====================================================================== the host
def pause_events(model: TableModel, seat: int | None, value: bool) -> list[Event]:
    """The host pauses (``value``) or resumes the table; nothing when it already is.

    Raises:
        ClientError: ``spectator``, ``not_host``, ``leaving`` (a leaving host may not pause:
            nobody else could resume).
    """
    host = require_host(model, seat)
    if model.paused == value:
        return []
    if value and model.occupied(host).leaving:
        raise ClientError("leaving", "a host who is leaving the table may not pause it")
    return [("paused", {"value": value})]


def check_next_hand(model: TableModel, seat: int | None, *, dealing: bool) -> None:
    """The host may deal the next hand now.

    Args:
        dealing: a deal is under way (the dealer chooses the game, or seeds are asked for).

    Raises:
        ClientError: ``spectator``, ``not_host``, ``paused``, ``hand_running``,
            ``not_enough_players``.
    """
    require_host(model, seat)
    if model.paused:
        raise ClientError("paused", "resume the table first")
    if model.in_hand or dealing or model.seed_round is not None:
        raise ClientError("hand_running", "a hand is already running")
    if len(model.eligible_seats()) < 2:
        raise ClientError("not_enough_players", "at least two players with chips must sit in")


def check_choose_game(model: TableModel, seat: int | None, *, dealer: int | None) -> int:
    """The dealer may choose the game now (dealer's choice).

    Args:
        dealer: the seat asked to choose, or ``None`` when nobody is.

    Raises:
        ClientError: ``spectator``, ``not_dealer``, ``paused``.
    """
    held = require_seat(seat)
    if dealer != held:
        raise ClientError("not_dealer", "the game is not yours to choose now")
    if model.paused:
        raise ClientError("paused", "the host paused the table; wait for resume")
    return held


# ====================================================================== chat and rebuys
def chat_events(model: TableModel, seat: int | None, text: str, *, at: float) -> list[Event]:
    """A chat line (whitespace collapsed) at Unix seconds ``at``.

    Raises:
        ClientError: ``spectator``, ``bad_message`` (an empty line).
    """
    held = require_seat(seat)
    cleaned = " ".join(text.split())
    if not cleaned:
        raise ClientError("bad_message", "text: the chat line is empty")
    line = {"seat": held, "name": model.occupied(held).name, "text": cleaned, "at": round(at, 3)}
    return [("chat", line)]


def rebuy_events(model: TableModel, seat: int | None, amount: int) -> list[Event]:
    """A rebuy request of ``amount`` chips, topping the stack up to at most the starting
    stack; approved at once by the house when the table has no host, and by the host when the
    host asks for it (nobody else could answer it; docs/protocol.md, client messages).

    Raises:
        ClientError: ``spectator``, ``rebuy_not_allowed`` (rebuys off, a request of this
            seat pending, or ``amount`` outside what is allowed now), ``leaving``.
    """
    record = model.occupied(require_seat(seat))
    starting = model.settings.starting_stack
    limit = starting - record.stack - record.pending_rebuy
    if not model.settings.allow_rebuys:
        raise ClientError("rebuy_not_allowed", "this table does not allow rebuys")
    if record.leaving:
        raise ClientError("leaving", "this seat is leaving the table after this hand")
    if any(s == record.seat for s, _ in model.rebuy_requests.values()):
        raise ClientError("rebuy_not_allowed", "a rebuy request of this seat is pending")
    if limit < 1 or not 1 <= amount <= limit:
        raise ClientError(
            "rebuy_not_allowed",
            f"a rebuy may top the stack up to the starting stack ({starting}); allowed now: "
            + (f"1..{limit} chips" if limit >= 1 else "none"),
        )
    request_id = model.next_request_id
    ask = {"request_id": request_id, "seat": record.seat, "amount": amount}
    events: list[Event] = [("rebuy_requested", ask)]
    if model.host_seat is None or model.host_seat == record.seat:
        by: int | str = "house" if model.host_seat is None else record.seat
        answer = {"request_id": request_id, "approved": True, "by": by}
        events.append(("rebuy_resolved", answer))
    return events


def answer_rebuy_events(
    model: TableModel, seat: int | None, request_id: int, approved: bool
) -> list[Event]:
    """The host approves or denies a pending rebuy request.

    Raises:
        ClientError: ``spectator``, ``not_host``, ``unknown_request``.
    """
    host = require_host(model, seat)
    if request_id not in model.rebuy_requests:
        raise ClientError("unknown_request", f"no pending rebuy request {request_id}")
    return [("rebuy_resolved", {"request_id": request_id, "approved": approved, "by": host})]


__all__ = [
    "TIMEOUTS_BEFORE_SIT_OUT",
    "action_event",
    "action_payload",
    "answer_rebuy_events",
    "bot_rebuy_events",
    "chat_events",
    "check_choose_game",
    "check_next_hand",
    "finished_event",
    "leave_events",
    "leave_seat_events",
    "pause_events",
    "rebuy_events",
    "require_host",
    "require_seat",
    "settle_action",
    "sitting_out_events",
    "take_seat_events",
]
