"""The host controls' events and what each does to the table model (issue 12 §2).

The host of a home game lets newcomers in (seat approval), removes a player, adjusts a stack
between hands and changes the stakes or the game from the next hand. Each of these is an
event in the table's log, applied by the handlers of :data:`HOST_EVENT_HANDLERS` (merged into
``server/table_events.py``'s table), live and when a table is rebuilt, so a rebuilt table
holds the same seats, stacks, ledger and rules as the one that was running:

- ``seat_requested`` ``{request_id, name, seat}``: a newcomer asks for a seat (``seat``
  ``None``: any free seat);
- ``seat_request_closed`` ``{request_id, outcome, by, reason}``: the request is answered
  (``outcome`` ``approved``, ``denied``) or dropped (``expired``: its asker left, or the
  table restarted); an approval is followed by the ``seat_taken`` of the newcomer;
- ``seat_approval_set`` ``{value, by}``: seat approval on or off;
- ``player_removed`` ``{seat, by}``: the host removes the player; its ``seat_left`` follows
  at once, or when the running hand ends if the seat plays it;
- ``stack_adjusted`` ``{seat, stack, change, by}``: the stack set to ``stack`` chips between
  hands, ``change`` = new stack − old stack (signed chips), kept in the ledger;
- ``game_change_requested`` ``{config, by}``: new house rules (a full ``TableConfig`` dict)
  waiting for the running hand to end; a config equal to the table's withdraws the change;
- ``game_changed`` ``{config, by}``: the table's house rules from now on (between hands).

Handlers are synchronous and pure (no clock, no I/O), like every table event handler.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from anaconda_poker.core.config import TableConfig
from anaconda_poker.server.errors import RecoveryError
from anaconda_poker.server.hosting_state import (
    SEAT_REQUEST_OUTCOMES,
    HostingState,
    SeatRequest,
)
from anaconda_poker.server.table_model import TableModel


def _seat_requested(model: TableModel, p: Mapping[str, Any]) -> None:
    request_id = int(p["request_id"])
    seat = p.get("seat")
    hosting = model.hosting
    hosting.seat_requests[request_id] = SeatRequest(
        request_id=request_id, name=str(p["name"]), seat=None if seat is None else int(seat)
    )
    hosting.next_seat_request = max(hosting.next_seat_request, request_id + 1)


def _seat_request_closed(model: TableModel, p: Mapping[str, Any]) -> None:
    request_id = int(p["request_id"])
    if str(p["outcome"]) not in SEAT_REQUEST_OUTCOMES:
        raise RecoveryError(f"seat request {request_id}: unknown outcome {p['outcome']!r}")
    if model.hosting.seat_requests.pop(request_id, None) is None:
        raise RecoveryError(f"seat request {request_id} closed but never pending")


def _seat_approval_set(model: TableModel, p: Mapping[str, Any]) -> None:
    model.settings = dataclasses.replace(model.settings, seat_approval=bool(p["value"]))


def _player_removed(model: TableModel, p: Mapping[str, Any]) -> None:
    record = model.occupied(int(p["seat"]))
    record.removed = True  # it plays the running hand out and leaves when it ends


def _stack_adjusted(model: TableModel, p: Mapping[str, Any]) -> None:
    seat = int(p["seat"])
    record = model.occupied(seat)
    stack, change = int(p["stack"]), int(p["change"])
    if model.in_hand and seat in model.dealt_in:
        raise RecoveryError(f"seat {seat}'s stack adjusted during hand {model.hand_no}")
    if record.stack + change != stack or stack < 0:
        raise RecoveryError(
            f"seat {seat} has {record.stack} chips; the log adjusts it by {change} to {stack}"
        )
    record.stack = stack
    record.adjustments += change


def _game_change_requested(model: TableModel, p: Mapping[str, Any]) -> None:
    config = TableConfig.from_dict(p["config"])
    model.hosting.next_config = None if config == model.settings.config else config


def _game_changed(model: TableModel, p: Mapping[str, Any]) -> None:
    if model.in_hand:
        raise RecoveryError(f"the game changed during hand {model.hand_no}")
    config = TableConfig.from_dict(p["config"])
    model.settings = dataclasses.replace(model.settings, config=config)
    model.hosting.next_config = None


HOST_EVENT_HANDLERS: dict[str, Callable[[TableModel, Mapping[str, Any]], None]] = {
    "seat_requested": _seat_requested,
    "seat_request_closed": _seat_request_closed,
    "seat_approval_set": _seat_approval_set,
    "player_removed": _player_removed,
    "stack_adjusted": _stack_adjusted,
    "game_change_requested": _game_change_requested,
    "game_changed": _game_changed,
}
"""Event kind -> handler of the host controls' events (part of the table's event table)."""

__all__ = ["HOST_EVENT_HANDLERS", "SEAT_REQUEST_OUTCOMES", "HostingState", "SeatRequest"]
