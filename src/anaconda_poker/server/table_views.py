"""What a table's clients are sent (``docs/protocol.md`` §3–§4), built from the table model.

Every frame is built here from the engine's views (``state.view(seat)`` for a seat dealt in,
``state.view(None)`` for spectators and seats not in the hand, :meth:`TableModel.view_for`)
plus public table information. The functions read the model and take what is not in it
(sockets, timers, the time) as arguments; the actor (``server/table.py``) sends the frames.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from anaconda_poker.core.config import Split
from anaconda_poker.server.table_model import TableModel


def dumps(message: Mapping[str, Any]) -> str:
    """A frame's compact JSON text."""
    return json.dumps(message, separators=(",", ":"))


def waiting_reason(model: TableModel) -> str | None:
    """Why the table cannot deal its next hand, for every viewer: ``not_enough_players``
    (no hand runs and fewer than two seats would be dealt in: seated, sitting in, with
    chips; the code the host's ``next_hand`` is refused with), else ``None``."""
    if model.in_hand or len(model.eligible_seats()) >= 2:
        return None
    return "not_enough_players"


def table_info(
    table_id: str,
    model: TableModel,
    *,
    status: str,
    connected: Callable[[int], bool],
    away: Callable[[int], bool],
    spectators: int,
    next_hand_at: float | None,
) -> dict[str, Any]:
    """TableInfo (``docs/protocol.md`` §3): public facts only.

    Args:
        status: ``paused``, ``playing`` or ``waiting``.
        connected: whether a seat has a live socket; away: whether a seat is away
            (``server/absence.py``).
        spectators: sockets watching without a seat.
        next_hand_at: when the next hand is dealt automatically, Unix seconds, or ``None``.
    """
    s = model.settings
    seats: list[dict[str, Any] | None] = []
    asked = {seat: amount for _rid, seat, amount in model.pending_rebuy_requests()}
    for record in model.seats:
        if record is None:
            seats.append(None)
            continue
        seats.append(
            {
                "seat": record.seat,
                "name": record.name,
                "bot": record.bot,
                "connected": record.bot is not None or connected(record.seat),
                "sitting_out": record.sitting_out,
                "leaving": record.leaving,
                "removing": record.removed,
                "stack": record.stack,
                "time_bank": round(record.time_bank, 3),
                "away": away(record.seat),
                # chips of this seat's rebuy request waiting for the host (0: none)
                "rebuy_requested": asked.get(record.seat, 0),
                # chips of an approved rebuy waiting for the running hand's end
                "rebuy_pending": record.pending_rebuy,
            }
        )
    meta = model.meta
    waiting = model.hosting.next_config  # the host's rules for the next hand
    return {
        "table_id": table_id,
        "name": s.name,
        "status": status,
        "hand_no": model.hand_no,
        "host_seat": model.host_seat,
        "max_seats": s.max_seats,
        "config": s.config.to_dict(),
        "starting_stack": s.starting_stack,
        "action_timer": s.action_timer,
        "time_bank": s.time_bank,
        "time_bank_refill": s.time_bank_refill,
        "time_bank_refill_hands": s.time_bank_refill_hands,
        "dealers_choice": s.dealers_choice,
        "auto_start": s.auto_start,
        "allow_rebuys": s.allow_rebuys,
        "bot_pause": s.bot_pause,
        "next_hand_delay": s.between_hands,
        "next_hand_at": next_hand_at,
        "waiting_reason": waiting_reason(model),
        "show_equity": s.show_equity,
        "reveal_deck_after_hand": s.reveal_deck_after_hand,
        "listed": s.listed,
        "seat_approval": s.seat_approval,
        "next_config": None if waiting is None else waiting.to_dict(),
        "spectators": spectators,
        "invite_url": f"/t/{table_id}",
        "commitment": meta.commitment if meta is not None and model.in_hand else None,
        "seats": seats,
        # seats freed when the finished hand ended by players who played it out (asked to
        # leave or removed during it): their names, shown with its result until the next deal
        "left_with_hand": {str(s): name for s, name in sorted(model.left_with_hand.items())},
    }


def table_summary(
    table_id: str, model: TableModel, *, status: str, spectators: int, created_at: float
) -> dict[str, Any]:
    """One line of ``GET /api/tables`` (``created_at``: Unix seconds)."""
    occupied = [r for r in model.seats if r is not None]
    settings = model.settings
    config = settings.config
    return {
        "table_id": table_id,
        "name": settings.name,
        "status": status,
        "hand_no": model.hand_no,
        "seats": settings.max_seats,
        "occupied": len(occupied),
        "humans": sum(1 for r in occupied if r.bot is None),
        "bots": sum(1 for r in occupied if r.bot is not None),
        "spectators": spectators,
        "split": config.split.value,
        "betting": config.betting.value,
        "stakes": {"ante": config.ante, "small_bet": config.small_bet, "big_bet": config.big_bet},
        "action_timer": settings.action_timer,
        "dealers_choice": settings.dealers_choice,
        "invite_url": f"/t/{table_id}",
        "created_at": created_at,
    }


def state_message(
    table_id: str, model: TableModel, seat: int | None, timer: dict[str, Any] | None
) -> dict[str, Any]:
    """The ``state`` message for a seat (``None`` = spectator) with the ``timer`` object."""
    hand = model.hand
    return {
        "type": "state",
        "table_id": table_id,
        "hand_no": model.hand_no,
        "version": model.seq,
        "turn": model.turn_of(seat) if seat is not None else None,
        "action_count": hand.action_count if hand is not None else 0,
        "view": model.view_for(seat),
        # indices into ``view.log`` of the actions taken for a seat whose time ran out
        "timed_out": list(model.timed_out) if hand is not None else [],
        # those of them played at once for a seat already away (a subset of ``timed_out``)
        "away_played": list(model.away_played) if hand is not None else [],
        "timer": timer,
    }


def hand_finished_message(table_id: str, model: TableModel) -> dict[str, Any]:
    """``hand_finished``: the last hand's result and where its history is."""
    hand, meta = model.hand, model.meta
    assert hand is not None and meta is not None
    result = hand.result
    return {
        "type": "hand_finished",
        "hand_no": model.hand_no,
        "commitment": meta.commitment,
        "result": result.to_dict() if result is not None else None,
        "history_url": f"/api/tables/{table_id}/hands/{model.hand_no}",
    }


def choose_game_message(model: TableModel, deadline: float) -> dict[str, Any]:
    """``choose_game`` for the dealer; ``deadline``: Unix seconds the default game is dealt."""
    return {
        "type": "choose_game",
        "hand_no": model.hand_no + 1,
        "options": [s.value for s in Split],
        "default": model.settings.config.split.value,
        "deadline": round(deadline, 3),
    }


def rebuy_request_message(
    model: TableModel, request_id: int, seat: int, amount: int
) -> dict[str, Any]:
    """``rebuy_request`` for the host: a seat asks for ``amount`` chips."""
    return {
        "type": "rebuy_request",
        "request_id": request_id,
        "seat": seat,
        "name": model.occupied(seat).name,
        "amount": amount,
    }


def pending_rebuy_messages(model: TableModel) -> list[dict[str, Any]]:
    """A ``rebuy_request`` per pending request, oldest first (for the host)."""
    return [
        rebuy_request_message(model, request_id, seat, amount)
        for request_id, seat, amount in model.pending_rebuy_requests()
    ]


def rebuy_result_message(request_id: int, seat: int, amount: int, approved: bool) -> dict[str, Any]:
    """``rebuy_result`` for the seat and the host."""
    return {
        "type": "rebuy_result",
        "request_id": request_id,
        "seat": seat,
        "amount": amount,
        "approved": approved,
    }


__all__ = [
    "choose_game_message",
    "dumps",
    "hand_finished_message",
    "pending_rebuy_messages",
    "rebuy_request_message",
    "rebuy_result_message",
    "state_message",
    "table_info",
    "table_summary",
    "waiting_reason",
]
