"""The table's events and what each does to the model: the only way a
:class:`~anaconda_poker.server.table_model.TableModel` changes.

Every change of a table is an **event** ``(kind, payload)`` with a JSON payload: ``seat_taken``,
``hand_started``, ``action``, ``hand_finished``, ``chat``, ``rebuy_requested``,
``rebuy_resolved``, ``sitting_out``, ``paused``, ``leave_requested``, ``seat_left`` and the
seed round's ``seeding_started``, ``seed`` and ``seeding_cancelled`` (handled in
``server/seeds.py``), and the host controls' events (seat requests, removals, stack
adjustments, rule changes: ``server/host_events.py``).
:data:`EVENT_HANDLERS` maps each kind to its handler; :func:`apply_event` runs it, live and
when a table is rebuilt by :func:`replay`, so a rebuilt table is identical to the one that was
running (the hand is rebuilt from the stored deck and the actions, RULES.md §1 chip
conservation included). Handlers are synchronous and pure: no clock, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from anaconda_poker.core.actions import Action
from anaconda_poker.core.declare import hand_config
from anaconda_poker.core.state import HandState, Seat
from anaconda_poker.server import seeds
from anaconda_poker.server.errors import RecoveryError
from anaconda_poker.server.host_events import HOST_EVENT_HANDLERS
from anaconda_poker.server.table_model import Event, HandMeta, SeatRecord, TableModel, ledger_line
from anaconda_poker.server.timebank import refill_time_banks

EventHandler = Callable[[TableModel, Mapping[str, Any]], None]


class LoggedEvent(Protocol):
    """A stored event as :func:`replay` reads it (``storage.event_store.StoredEvent``)."""

    @property
    def seq(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def payload(self) -> Mapping[str, Any]: ...


def apply_event(model: TableModel, kind: str, payload: Mapping[str, Any]) -> None:
    """Apply one event to the model (live and when replaying the log).

    Raises:
        AnacondaError: an ``action`` the engine rejects (the model is unchanged).
        RecoveryError: a replayed event contradicts the model.
        KeyError: an unknown event kind.
    """
    EVENT_HANDLERS[kind](model, payload)


def apply_all(model: TableModel, events: Iterable[Event]) -> None:
    """Apply events in order (see :func:`apply_event`)."""
    for kind, payload in events:
        EVENT_HANDLERS[kind](model, payload)


def replay(model: TableModel, events: Iterable[LoggedEvent]) -> None:
    """Rebuild the model from stored events (a fresh model, or one to continue); sets
    ``model.seq``.

    The last hand (running or finished) is rebuilt through the engine from its deck and
    actions; earlier hands only contribute their recorded results, so a restart costs little
    however long a table has been playing.

    Raises:
        RecoveryError: the log is inconsistent (gap in ``seq``, impossible event).
        AnacondaError: a stored action is illegal (a corrupt log).
    """
    stored = list(events)
    starts = [i for i, e in enumerate(stored) if e.kind == "hand_started"]
    last_start = starts[-1] if starts else len(stored)
    try:
        for index, event in enumerate(stored):
            if event.seq != model.seq + 1:
                raise RecoveryError(f"event {event.seq} follows {model.seq}: the log has a gap")
            # hands before the last one are not replayed through the engine: their
            # outcome (the stacks after each hand) is in their hand_finished events
            model.fast_replay = index < last_start
            EVENT_HANDLERS[event.kind](model, event.payload)
            model.seq = event.seq
    finally:
        model.fast_replay = False


# ====================================================================== seats and ledger
def _table_created(model: TableModel, payload: Mapping[str, Any]) -> None:
    del model, payload  # the settings are stored with the table row


def _seat_taken(model: TableModel, p: Mapping[str, Any]) -> None:
    seat = int(p["seat"])
    model.seat_generation += 1
    model.left_with_hand.pop(seat, None)  # the newcomer is who sits there now
    model.seats[seat] = SeatRecord(
        seat=seat,
        name=str(p["name"]),
        token_hash=p.get("token_hash"),
        bot=p.get("bot"),
        stack=int(p["stack"]),
        time_bank=model.settings.time_bank,
        bought_in=int(p["stack"]),
        first_hand=model.hand_no + 1,
        generation=model.seat_generation,
    )
    if p.get("host"):
        model.host_seat = seat


def _sitting_out(model: TableModel, p: Mapping[str, Any]) -> None:
    record = model.occupied(int(p["seat"]))
    record.sitting_out = bool(p["value"])
    record.sat_out_for_timeouts = record.sitting_out and p.get("reason") == "timeouts"
    record.timeouts = 0
    record.missed = 0


def _leave_requested(model: TableModel, p: Mapping[str, Any]) -> None:
    record = model.occupied(int(p["seat"]))
    record.leaving = True
    record.sitting_out = True


def _seat_left(model: TableModel, p: Mapping[str, Any]) -> None:
    seat = int(p["seat"])
    record = model.occupied(seat)
    if model.in_hand and seat in model.dealt_in:
        raise RecoveryError(f"seat {seat} left during hand {model.hand_no}")
    if record.stack != int(p["stack"]):
        raise RecoveryError(
            f"seat {seat} left with {record.stack} chips, the log says {p['stack']}"
        )
    if record.token_hash is not None:
        model.former_tokens[record.token_hash] = (seat, record.first_hand, model.hand_no)
    model.departed.append(ledger_line(record, left=True))
    seeds.forget(model, seat)
    model.seats[seat] = None
    model.seat_generation += 1
    model.host_seat = None if p.get("host") is None else int(p["host"])
    if seat in model.leaving_at_end:  # it played the hand out: shown with it until the deal
        model.left_with_hand[seat] = record.name


def _paused(model: TableModel, p: Mapping[str, Any]) -> None:
    model.paused = bool(p["value"])


def _chat(model: TableModel, p: Mapping[str, Any]) -> None:
    model.chat.append(dict(p))


def _rebuy_requested(model: TableModel, p: Mapping[str, Any]) -> None:
    request_id = int(p["request_id"])
    model.rebuy_requests[request_id] = (int(p["seat"]), int(p["amount"]))
    model.next_request_id = max(model.next_request_id, request_id + 1)


def _rebuy_resolved(model: TableModel, p: Mapping[str, Any]) -> None:
    seat, amount = model.rebuy_requests.pop(int(p["request_id"]))
    if not p["approved"]:
        return
    record = model.occupied(seat)
    if model.in_hand and seat in model.dealt_in:
        record.pending_rebuy += amount  # added when the hand is over, never during it
    else:
        _add_chips(record, amount)


def _add_chips(record: SeatRecord, amount: int) -> None:
    record.stack += amount
    record.bought_in += amount
    record.rebuys += 1


# ====================================================================== the hand
def _hand_started(model: TableModel, p: Mapping[str, Any]) -> None:
    if model.in_hand:
        raise RecoveryError(f"hand {p['hand_no']} starts while hand {model.hand_no} runs")
    button = int(p["button"])
    stacks = {int(s): int(v) for s, v in p["stacks"].items()}
    seats: list[Seat | None] = [None] * model.settings.max_seats
    for s, stack in stacks.items():
        record = model.occupied(s)
        if record.stack != stack:
            raise RecoveryError(
                f"hand {p['hand_no']}: seat {s} has {record.stack} chips, the log says {stack}"
            )
        seats[s] = Seat(name=record.name, stack=stack)
    deck = tuple(int(c) for c in p["deck"])
    if model.fast_replay:
        model.hand = None  # a hand finished before the last one: its outcome is in the log
    else:
        config = hand_config(model.settings.config, p["split"])
        model.hand = HandState(config, seats=seats, button=button, deck=deck)
    model.meta = HandMeta(
        hand_no=int(p["hand_no"]),
        button=button,
        split=str(p["split"]),
        deck=deck,
        salt=str(p["salt"]),
        commitment=str(p["commitment"]),
        started_at=float(p.get("at", 0.0)),
        commitment_version=int(p.get("commitment_version", 1)),
        **seeds.close_at_deal(model, p),
    )
    model.hand_no = int(p["hand_no"])
    settings = model.settings
    refill_time_banks(
        model.seats,
        hand_no=model.hand_no,
        refill=settings.time_bank_refill,
        every=settings.time_bank_refill_hands,
        cap=settings.time_bank,
    )
    model.in_hand = True
    model.last_button = button
    model.acts = dict.fromkeys(stacks, 0)
    model.timed_out = []
    model.away_played = []
    model.dealt_in = frozenset(stacks)
    model.leaving_at_end = frozenset()
    model.left_with_hand = {}


def _action(model: TableModel, p: Mapping[str, Any]) -> None:
    hand = model.hand
    if not model.in_hand or (hand is None and not model.fast_replay):
        raise RecoveryError("an action outside a hand")
    seat = int(p["seat"])
    action = Action.from_dict(p["action"])
    betting = action.kind.is_betting
    if hand is not None:
        hand.apply(seat, action)  # raises (state unchanged) when illegal
        if p.get("timeout"):
            model.timed_out.append(hand.action_count - 1)
            if p.get("away"):
                model.away_played.append(hand.action_count - 1)
    model.acts[seat] = model.acts.get(seat, 0) + 1
    record = model.occupied(seat)
    if "bank" in p:
        record.time_bank = float(p["bank"])
    if p.get("timeout"):
        # any decision the timer took makes a disconnected seat away (a pass, arrangement
        # or declaration as much as a bet: server/absence.py); only betting ones count
        # towards sitting the seat out (table_commands.TIMEOUTS_BEFORE_SIT_OUT)
        record.missed += 1
        if betting:
            record.timeouts += 1
    elif record.bot is None:
        record.timeouts = 0
        record.missed = 0


def _hand_finished(model: TableModel, p: Mapping[str, Any]) -> None:
    hand = model.hand
    expected = {int(s): int(v) for s, v in p.get("stacks", {}).items()}
    if not model.in_hand:
        raise RecoveryError("hand_finished outside a hand")
    if hand is None:  # fast replay: the stacks after the hand come from the log
        if not model.fast_replay or set(expected) != model.dealt_in:
            raise RecoveryError(f"hand {model.hand_no}: the log's final stacks are incomplete")
        after = {s: v - model.occupied(s).pending_rebuy for s, v in expected.items()}
    elif not hand.is_complete:
        raise RecoveryError("hand_finished before the hand is complete")
    else:
        after = {s: hand.stack[s] for s in hand.players}
    for s, stack in after.items():
        record = model.occupied(s)
        record.stack = stack
        record.hands += 1
        if record.pending_rebuy:
            _add_chips(record, record.pending_rebuy)
            record.pending_rebuy = 0
    actual = {s: model.occupied(s).stack for s in expected}
    if expected != actual:
        raise RecoveryError(f"hand {model.hand_no}: stacks {actual} differ from log {expected}")
    model.in_hand = False
    model.acts = {}
    model.leaving_at_end = frozenset(
        s for s in after if model.occupied(s).leaving or model.occupied(s).removed
    )


EVENT_HANDLERS: dict[str, EventHandler] = {
    **HOST_EVENT_HANDLERS,
    "table_created": _table_created,
    "seat_taken": _seat_taken,
    "sitting_out": _sitting_out,
    "paused": _paused,
    "chat": _chat,
    "rebuy_requested": _rebuy_requested,
    "rebuy_resolved": _rebuy_resolved,
    "hand_started": _hand_started,
    "action": _action,
    "hand_finished": _hand_finished,
    "leave_requested": _leave_requested,
    "seat_left": _seat_left,
    "seeding_started": seeds.apply_started,
    "seed": seeds.apply_seed,
    "seeding_cancelled": seeds.apply_cancelled,
}
"""Event kind -> its handler (the model's only mutators)."""

__all__ = [
    "EVENT_HANDLERS",
    "Event",
    "EventHandler",
    "LoggedEvent",
    "apply_all",
    "apply_event",
    "replay",
]
