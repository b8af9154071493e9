"""HTTP endpoints the web client needs beyond the lobby API (``docs/protocol.md`` §3).

* ``GET /api/i18n/{lang}``: the shared translation catalogue of one language as JSON
  (``{msgid: translation}``, :func:`anaconda_poker.i18n.catalog_json`), so the browser
  translates with the same ``.po`` files as the terminal client.
* ``POST /api/replay``: the frames of the step-by-step replayer. The body is a full hand
  history (HAND_HISTORY.md v1, as a seated player downloads it after the hand); the answer
  is the spectator view after the deal and after every action, plus every seat's cards at
  that moment. Stateless: it only shows cards the caller already sent.
* ``POST /api/advice``: arrangement suggestions (best high, best low, best for both) and,
  on tables created with ``show_equity``, the seat's showdown equity. A seated caller (seat
  token) gets advice on the server's own view of its seat; without a token it is a plain
  calculator over a view the caller sends, without equity.

Include :data:`router` in the app before the static files are mounted at ``/``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from fastapi import APIRouter, Body, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse

from anaconda_poker.core.actions import Action
from anaconda_poker.core.cards import card_str, parse_codes
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.i18n import LANGUAGES, catalog_json, translator
from anaconda_poker.i18n.languages import negotiate_language, normalize_language
from anaconda_poker.i18n.reveal_text import reveal_line
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.protocol import MAX_HAND_NO
from anaconda_poker.server.routes import bearer_token, history_viewer, lobby_of

router = APIRouter()
"""The web client's endpoints; ``app.include_router(router)``."""

MAX_REPLAY_ACTIONS = 500
"""Most actions a replayed history may hold (a real hand has well under 200)."""

ADVICE_TRIALS = 3000
"""Monte Carlo deals per five-card choice for "best for both" and for the equity (a
balance between a steady answer and a fast one on a small server)."""


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


@router.get("/api/i18n/{lang}", response_model=None)
def i18n_catalog(lang: str) -> JSONResponse | dict[str, str]:
    """The catalogue of ``lang`` (one of en, it, es, pt, nl, de) as ``{msgid: text}``.

    Returns 404 ``unknown_language`` for any other code.
    """
    if lang not in LANGUAGES:
        return _error(
            404, "unknown_language", f"language {lang!r} is not one of {', '.join(LANGUAGES)}"
        )
    return catalog_json(lang)


def _cards(codes: Sequence[int]) -> list[str]:
    return [card_str(c) for c in codes]


@router.post("/api/replay", response_model=None)
def replay_frames(history: dict[str, Any] = Body(...)) -> JSONResponse | dict[str, Any]:  # noqa: B008
    """Frames for the replayer from a full hand history.

    Args:
        history: a HAND_HISTORY.md v1 document with ``dealt`` (a redacted public history
            cannot be replayed: 400 ``not_replayable``).

    Returns:
        ``{"frames": [{"index": k, "action": record or None, "view": spectator view,
        "hands": {seat: [cards]}, "hidden": {seat: [cards]}}]}``: frame 0 is the deal, frame
        k is the hand after action k-1. Errors: 400 ``not_replayable`` or ``replay_error``
        (naming the action that fails).
    """
    from anaconda_poker.core.history import ReplayError, start_from_history

    if history.get("redacted") or "dealt" not in history:
        return _error(400, "not_replayable", "a public (redacted) history has no cards to replay")
    actions = history.get("actions") or []
    if not isinstance(actions, list) or len(actions) > MAX_REPLAY_ACTIONS:
        return _error(
            400, "replay_error", f"actions must be a list of at most {MAX_REPLAY_ACTIONS}"
        )
    try:
        state = start_from_history(history)
    except ReplayError as exc:
        return _error(400, "replay_error", str(exc))
    frames = [_frame(state, 0, None)]
    for index, record in enumerate(actions):
        if not isinstance(record, Mapping):
            return _error(400, "replay_error", f"action {index} is not an object")
        try:
            state.apply(int(record["seat"]), Action.from_dict(record))
        except (AnacondaError, KeyError, TypeError, ValueError) as exc:
            return _error(400, "replay_error", f"action {index} cannot be replayed: {exc}")
        frames.append(_frame(state, index + 1, dict(record)))
    return {"frames": frames}


@router.get("/api/tables/{table_id}/hands/{hand_no}/frames", response_model=None)
async def seat_frames(
    request: Request, table_id: str, hand_no: int
) -> JSONResponse | dict[str, Any]:
    """Replayer frames of a finished hand as one seat saw it, computed on the server.

    The stored full history is replayed through the engine and every frame carries only what
    the requesting seat may see (RULES.md §7): ``view`` is ``state.view(seat)`` and ``hands``
    holds that seat's own cards, unless the table reveals the deck after the hand
    (``reveal_deck_after_hand``), when every hand is included as in ``POST /api/replay``.

    Args:
        table_id: the table; hand_no: the finished hand's number (1-based).

    Returns:
        ``{"frames": [...], "viewer_seat": seat}`` like ``POST /api/replay``. Errors: 404
        ``hand_not_found``; 403 ``not_dealt_in`` without a token of a seat dealt into the
        hand (spectators use the public history).
    """
    from anaconda_poker.core.history import start_from_history

    lobby = lobby_of(request)
    table = lobby.table(table_id)
    record = None
    if lobby.store is not None and 1 <= hand_no <= MAX_HAND_NO:
        record = await run_in_threadpool(lobby.store.hand, table_id, hand_no)
    if record is None:
        return _error(404, "hand_not_found", f"table {table_id} has no finished hand {hand_no}")
    seat = history_viewer(lobby, table, bearer_token(request), hand_no)
    history = record.history
    if seat is None or str(seat) not in history.get("dealt", {}):
        return _error(
            403, "not_dealt_in", "only a seat dealt into this hand can replay it with cards"
        )
    reveal = bool(table.settings.reveal_deck_after_hand)

    def build() -> list[dict[str, Any]]:
        state = start_from_history(history)
        frames = [_frame(state, 0, None, seat=None if reveal else seat)]
        for index, record_ in enumerate(history.get("actions") or []):
            state.apply(int(record_["seat"]), Action.from_dict(record_))
            shown = dict(record_)
            if not reveal and shown.get("seat") != seat:
                shown.pop("cards", None)
            frames.append(_frame(state, index + 1, shown, seat=None if reveal else seat))
        return frames

    return {"frames": await run_in_threadpool(build), "viewer_seat": seat}


def _frame(
    state: Any, index: int, action: dict[str, Any] | None, *, seat: int | None = None
) -> dict[str, Any]:
    """One replayer frame; with ``seat`` only that seat's cards and view (RULES.md §7)."""
    where = state.card_locations()
    hands = {str(s): _cards(c) for s, c in where["hand"].items()}
    for owner, cards in where["in_flight"].items():  # a committed pass still counts as held
        hands[str(owner)] = hands.get(str(owner), []) + _cards(cards)
    hidden = {str(s): _cards(c) for s, c in where["hidden"].items() if c}
    if seat is not None:
        hands = {k: v for k, v in hands.items() if k == str(seat)}
        hidden = {k: v for k, v in hidden.items() if k == str(seat)}
    return {
        "index": index,
        "action": action,
        "view": state.view(None) if seat is None else state.view(seat),
        "hands": hands,
        "hidden": hidden,
    }


@router.post("/api/advice", response_model=None)
async def advice(
    request: Request,
    body: dict[str, Any] = Body(...),  # noqa: B008
) -> JSONResponse | dict[str, Any]:
    """Arrangement suggestions and, where the table allows it, the seat's equity.

    Two ways to ask:

    * seated (``Authorization: Bearer <seat token>``): the server uses its own view of that
      seat and the hand's rules; ``equity`` is computed only when the table was created with
      ``show_equity`` (docs/protocol.md, TableInfo). The body may be ``{}``.
    * without a token: ``{"view": a seat's view (with "you"), "config": the table config,
      "split": this hand's game type (dealer's choice; default the config's)}`` — a plain
      calculator over cards the caller already holds; never any equity.

    Returns:
        ``{"high": [5 cards] | None, "low": [5 cards] | None, "both": [5 cards] | None,
        "why": {"high"|"low"|"both": [5 lines] | None}, "equity": EquityResult dict | None}``
        (``why``, given with the fives: why each card is revealed at its step, in the body's
        ``lang`` or else the ``Accept-Language`` language); the equity and "both" assume
        opponents who passed by the pass model's default policy (the equity dict says so:
        ``"opponents": "passing"``, ``"pass_policy"``, ``"passes_replayed"``); each five is
        in a suggested reveal order (:mod:`anaconda_poker.analysis.reveal`).
        ``high``/``low``/``both`` are only given while the seat holds exactly 7 cards and
        has not arranged. Errors: 400 ``bad_request`` (also an unsupported ``lang``),
        401 ``bad_token``, 409 ``no_hand`` (the seat is not in a hand).
    """
    token = bearer_token(request)
    allow_equity = False
    if token is not None:
        lobby = getattr(request.app.state, "lobby", None)
        if lobby is None:
            return _error(503, "unavailable", "no tables are running on this server")
        try:
            table, seat = lobby.seat_for_token(token)
        except ClientError as exc:
            return _error(exc.status, exc.code, exc.message)
        view = table.view_for(seat)  # read on the event loop: never during an action
        hand = table.hand
        if view is None or hand is None or not isinstance(view.get("you"), Mapping):
            return _error(409, "no_hand", "this seat is not playing a hand now")
        config = hand.config
        split = config.split
        allow_equity = bool(table.settings.show_equity)
    else:
        view = body.get("view")
        if not isinstance(view, Mapping) or not isinstance(view.get("you"), Mapping):
            return _error(400, "bad_request", "advice needs a seat's view with its 'you' part")
        try:
            config = TableConfig.from_dict(body.get("config") or {})
            split = Split(body.get("split") or config.split)
        except (AnacondaError, ValueError, TypeError) as exc:
            return _error(400, "bad_request", f"advice cannot read these rules: {exc}")
    want_equity = allow_equity and bool(body.get("equity", True))
    lang = body.get("lang")
    if lang is None:
        lang = negotiate_language(request.headers.get("accept-language"))
    elif not isinstance(lang, str) or normalize_language(lang) is None:
        return _error(
            400,
            "bad_request",
            f"unsupported language {lang!r}; supported languages are {', '.join(LANGUAGES)}",
        )
    try:
        return await run_in_threadpool(
            _advise, view, config, split, want_equity, normalize_language(lang) or "en"
        )
    except (AnacondaError, ValueError, TypeError, KeyError) as exc:
        return _error(400, "bad_request", f"advice cannot read this view: {exc}")


def _advise(
    view: Mapping[str, Any], config: TableConfig, split: Split, with_equity: bool, lang: str
) -> dict[str, Any]:
    """The suggestions (and equity) for one seat's view; CPU work, run off the event loop.
    ``why`` holds, for each suggested five, one line per card saying why it is revealed
    then (:mod:`anaconda_poker.analysis.reveal`), in ``lang``."""
    import numpy as np

    from anaconda_poker.analysis.advice import arrange_choices, reveal_order
    from anaconda_poker.analysis.equity import equity as seat_equity
    from anaconda_poker.analysis.knowledge import knowledge_from_view
    from anaconda_poker.analysis.pass_model import PassingOpponents, pass_history
    from anaconda_poker.analysis.reveal import reveal_plan
    from anaconda_poker.analysis.values import NO_LOW, hand_values
    from anaconda_poker.core.evaluation import five_card_choices

    you = view["you"]
    hand = parse_codes(list(you.get("hand") or []))
    knowledge = knowledge_from_view(view, config)
    # opponents who passed by the model's default policy (analysis/pass_model.py: the fast
    # policy fitted to the montecarlo bot's passes), in this hand's game
    model = PassingOpponents(pass_history(view, config), split)
    out: dict[str, Any] = {"high": None, "low": None, "both": None, "equity": None}
    why: dict[str, list[str] | None] = {"high": None, "low": None, "both": None}
    if len(hand) == 7 and not you.get("arrangement"):
        fives = [tuple(f) for f in combinations(hand, 5)]
        highs, lows = hand_values(np.asarray(fives, dtype=np.uint8), split)
        out["high"] = _cards(reveal_order(fives[int(np.argmax(highs))], split))
        if split.has_low and int(lows.max()) != NO_LOW:
            out["low"] = _cards(reveal_order(fives[int(np.argmax(lows))], split))
        if split.has_low:
            # "best for both" is the best-scoring five that no other five beats or matches on
            # both halves (a Monte Carlo share can rank a dominated five first by noise: queens
            # and tens with a 5 kicker over the king kicker when no low is possible)
            ranked = arrange_choices(
                knowledge, split=split, trials=ADVICE_TRIALS, rng=0, opponents=model
            )
            frontier = {
                frozenset(c.cards) for c in five_card_choices(hand, split.value) if c.pareto
            }
            both = next((c for c in ranked if frozenset(c.cards) in frontier), ranked[0])
            out["both"] = _cards(both.cards)
        words = translator(lang)
        for kind in why:
            if out[kind] is not None:
                plan = reveal_plan(parse_codes(out[kind]), split)
                why[kind] = [reveal_line(card_str(s.card), s.reasons, words) for s in plan]
        out["why"] = why
    if with_equity:
        result = seat_equity(
            knowledge, split=split, trials=ADVICE_TRIALS, rng=0, opponents=model, best_five=True
        )
        out["equity"] = {
            **result.to_dict(),
            "opponents": "passing",
            "pass_policy": model.policy,
            "passes_replayed": len(model.history.rounds),
        }
    return out
