"""``GET /api/tables/{table_id}/hands/{hand_no}/review``: the hand review of one's own
finished hand (``analysis/review.py``; issue 16 §3), for the web replayer's Review view.

Only a seat dealt into the hand may ask, with its seat token, exactly as for the replayer's
frames (``web_routes.seat_frames``): the stored full history is replayed through the engine
and every decision is rebuilt from ``state.view(seat)``, so the review uses no card that
seat could not know, and nobody else's decisions are reviewed.

The work is CPU-bound (about 0.3 to 1.5 s per hand with :data:`REVIEW_TRIALS` deals per
decision on the development machine), so it runs off the event loop, one review at a time
per server process (:data:`_LIMITER`), and the answer of a finished hand, which never
changes, is kept in a small cache: asking again, or from another tab, costs nothing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import anyio
from fastapi import APIRouter, Request

from anaconda_poker.analysis.review import ReviewError, review_hand
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.failures import unreadable_hand
from anaconda_poker.server.protocol import MAX_HAND_NO
from anaconda_poker.server.routes import bearer_token, history_viewer, lobby_of

router = APIRouter()
"""``app.include_router(router)``."""

REVIEW_TRIALS = 1_000
"""Deals per decision of a web review (the CLI's default is 2,000): a steady answer in
about a second on a small server."""
REVIEW_SEED = 0
"""The seed of every web review: the same hand always gets the same review."""
_CACHE_SIZE = 256
_cache: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
_cache_lock = threading.Lock()
_LIMITER: list[anyio.CapacityLimiter] = []
"""Created on first use, inside the event loop: one review runs at a time."""


def _limiter() -> anyio.CapacityLimiter:
    if not _LIMITER:
        _LIMITER.append(anyio.CapacityLimiter(1))
    return _LIMITER[0]


def _cached(key: tuple[str, int, int]) -> dict[str, Any] | None:
    with _cache_lock:
        hit = _cache.get(key)
        if hit is not None:
            _cache.move_to_end(key)
        return hit


def _remember(key: tuple[str, int, int], review: dict[str, Any]) -> None:
    with _cache_lock:
        _cache[key] = review
        if len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


@router.get("/api/tables/{table_id}/hands/{hand_no}/review")
async def hand_review(request: Request, table_id: str, hand_no: int) -> dict[str, Any]:
    """The review of the requesting seat's decisions in one finished hand.

    Args:
        table_id: the table; hand_no: the finished hand's number (1-based).

    Returns:
        ``{"review": HandReview.to_dict(), "viewer_seat": seat}``: the model (``model``,
        ``description``: an English sentence the client translates), ``threshold`` (chips),
        ``net``, ``trials``, ``loss`` and ``by_phase`` (expected chips lost, mistakes), and
        one entry per decision (``phase``, ``stage``, ``chosen``, ``best``, ``loss``,
        ``mistake``, ``order``), cards as text.

    Raises:
        ClientError: ``404 table_not_found`` / ``hand_not_found``; ``401 bad_token`` for a
            token that never held a seat; ``403 not_dealt_in`` without the token of a seat
            dealt into this hand; ``422 hand_unreadable`` for a damaged stored history.
    """
    lobby = lobby_of(request)
    table = lobby.table(table_id)
    record = None
    if lobby.store is not None and 1 <= hand_no <= MAX_HAND_NO:
        record = await anyio.to_thread.run_sync(lobby.store.hand, table_id, hand_no)
    if record is None:
        raise ClientError(
            "hand_not_found", f"table {table_id} has no finished hand {hand_no}", status=404
        )
    seat = history_viewer(lobby, table, bearer_token(request), hand_no)
    history = record.history
    dealt = history.get("dealt") if isinstance(history, dict) else None
    if seat is None or not isinstance(dealt, dict) or str(seat) not in dealt:
        raise ClientError(
            "not_dealt_in", "only a seat dealt into this hand can review it", status=403
        )
    key = (table_id, hand_no, seat)
    review = _cached(key)
    if review is None:

        def work() -> dict[str, Any]:
            return review_hand(history, seat, trials=REVIEW_TRIALS, seed=REVIEW_SEED).to_dict()

        try:
            review = await anyio.to_thread.run_sync(work, limiter=_limiter())
        except ReviewError as exc:
            raise unreadable_hand(table_id, hand_no) from exc
        _remember(key, review)
    return {"review": review, "viewer_seat": seat}
