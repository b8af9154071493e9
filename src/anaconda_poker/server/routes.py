"""HTTP routes: the lobby REST API and the ``/ws`` websocket (``docs/protocol.md``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.websockets import WebSocketDisconnect, WebSocketState

from anaconda_poker import __version__
from anaconda_poker.bots.levels import DEFAULT_LEVEL
from anaconda_poker.core.config import (
    Betting,
    DeclareMode,
    FirstToAct,
    ForcedBet,
    Split,
    Swing,
    TableConfig,
)
from anaconda_poker.server.auth import hash_token
from anaconda_poker.server.bot_seats import BOT_LEVELS
from anaconda_poker.server.cluster_lobby import RECONNECT_CODES, hello_table
from anaconda_poker.server.connection import CLOSE_TIMEOUT, WebSocketConnection
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.failures import unreadable_hand
from anaconda_poker.server.histories import history_for
from anaconda_poker.server.ledger_csv import ledger_csv
from anaconda_poker.server.lobby import Lobby
from anaconda_poker.server.ownership import TABLE_MOVED, table_of
from anaconda_poker.server.presence import TOO_MANY_SOCKETS
from anaconda_poker.server.protocol import (
    MAX_HAND_NO,
    ActionMessage,
    AdjustStack,
    ChangeGame,
    ChatMessage,
    ChooseGame,
    CreateTableRequest,
    Hello,
    RebuyAnswer,
    RebuyMessage,
    RemovePlayer,
    SeatAnswer,
    SeatRequestMessage,
    SeedMessage,
    SetSeatApproval,
    Simple,
    TakeSeatRequest,
    parse_client_message,
)
from anaconda_poker.server.rate_limit import TokenBucket
from anaconda_poker.server.socket_limits import AddressSockets
from anaconda_poker.server.table import Table

log = logging.getLogger("anaconda_poker.server.routes")

HELLO_TIMEOUT = 10.0
"""Seconds a new websocket has to send ``hello``."""
ABUSE_LIMIT = 100
"""Messages in a row refused for the rate limit after which a connection is closed (code
1008)."""

router = APIRouter()


def lobby_of(request: Request | WebSocket) -> Lobby:
    """The app's lobby (set by the app factory's lifespan)."""
    lobby: Lobby = request.app.state.lobby
    return lobby


def origin_allowed(headers: Mapping[str, str], allowed: tuple[str, ...]) -> bool:
    """True when a request's ``Origin`` is absent, the server's own, or explicitly allowed.

    Args:
        headers: the request headers (case-insensitive mapping).
        allowed: extra origins (``--allow-origin``), e.g. ``"https://poker.example"``.
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    origin = origin.rstrip("/")
    if origin in allowed:
        return True
    host = headers.get("host")
    return host is not None and origin in (f"http://{host}", f"https://{host}")


def bearer_token(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, or ``None``."""
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def history_viewer(lobby: Lobby, table: Table, token: str | None, hand_no: int) -> int | None:
    """Whose own cards of hand ``hand_no`` the bearer of ``token`` may see at ``table``.

    A seat token of this table gives its seat for hands dealt since its occupant sat down
    (:meth:`Table.history_seat`); the token of a player who has left gives the seat it had in
    the hands it played (:meth:`Table.former_seat`); no token, another table's token or a
    later hand give ``None`` (the public history).

    Raises:
        ClientError: ``bad_token`` (401) when the token never held a seat here or anywhere.
    """
    if token is None:
        return None
    left_here, seat = table.former_seat(hash_token(token), hand_no)
    if left_here:
        return seat
    owner, owner_seat = lobby.seat_for_token(token)
    return table.history_seat(owner_seat, hand_no) if owner is table else None


# ====================================================================== REST
@router.get("/api/health")
async def health() -> dict[str, str]:
    """Liveness probe."""
    return {"status": "ok", "version": __version__}


@router.get("/api/options")
async def options(request: Request) -> dict[str, Any]:
    """Defaults and allowed values for the create-table form."""
    return {
        "config_defaults": TableConfig().to_dict(),
        "choices": {
            "split": [s.value for s in Split],
            "betting": [b.value for b in Betting],
            "pass_directions": ["left", "right"],
            "cards_dealt": [7, 9],
            "forced_bet": [f.value for f in ForcedBet],
            "reveal_first_to_act": [f.value for f in FirstToAct],
            "roll_betting_rounds": [4, 5],
            "declare": [d.value for d in DeclareMode],
            "swing": [s.value for s in Swing],
        },
        "bot_levels": list(BOT_LEVELS),
        "default_bot_level": DEFAULT_LEVEL,
        "table_defaults": {
            "seats": 6,
            "starting_stack": 200,
            "action_timer": 30,
            "time_bank": 60,
            "time_bank_refill": 10.0,
            "time_bank_refill_hands": 10,
            "dealers_choice": False,
            "bot_pause": 1.0,
            "next_hand_delay": lobby_of(request).between_hands,
            "auto_start": True,
            "allow_rebuys": True,
            "host_plays": True,
            "show_equity": False,
            "reveal_deck_after_hand": False,
            "listed": False,
            "seat_approval": False,
        },
    }


@router.get("/api/stats")
async def stats(request: Request) -> dict[str, Any]:
    """Operational counters: tables, clients, actions, hands, database writes, and the
    server-side latency of players' actions (arrival to broadcast) over recent actions."""
    return lobby_of(request).stats()


@router.get("/api/tables")
async def list_tables(request: Request) -> dict[str, Any]:
    """Open tables, newest first (and, to a bearer that held a seat there, its tables
    that could not be rebuilt from the database); with several nodes, every node's."""
    lobby = lobby_of(request)
    if lobby.cluster is not None:
        return {"tables": await lobby.cluster.list_tables(bearer_token(request))}
    return {"tables": lobby.list_tables(bearer_token(request))}


@router.post("/api/tables", status_code=201)
async def create_table(request: Request, body: CreateTableRequest) -> dict[str, Any]:
    """Create a table; its creator is seated as host and gets a seat token."""
    table, seat, token = await lobby_of(request).create_table(body)
    return {
        "table": table.public_info(),
        "seat": seat,
        "token": token,
        "invite_url": f"/t/{table.table_id}",
    }


@router.get("/api/tables/{table_id}")
async def table_info(request: Request, table_id: str) -> dict[str, Any]:
    """Public information of one table."""
    return lobby_of(request).table(table_id).public_info()


@router.post("/api/tables/{table_id}/seats", status_code=201)
async def take_seat(request: Request, table_id: str, body: TakeSeatRequest) -> dict[str, Any]:
    """Take a seat by name; returns the seat token."""
    seat, token = await lobby_of(request).take_seat(table_id, body)
    return {"table_id": table_id, "seat": seat, "token": token}


@router.get("/api/tables/{table_id}/ledger")
async def ledger(request: Request, table_id: str) -> dict[str, Any]:
    """Chips per player."""
    return {"ledger": lobby_of(request).table(table_id).ledger()}


@router.get("/api/tables/{table_id}/ledger.csv", response_class=PlainTextResponse)
async def ledger_as_csv(request: Request, table_id: str) -> Response:
    """The ledger as a CSV download (``server/ledger_csv.py``): one row per player, a total."""
    table = lobby_of(request).table(table_id)
    filename = f"anaconda-ledger-{table_id}.csv"
    return Response(
        ledger_csv(table.ledger()),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.get("/api/tables/{table_id}/hands")
async def hands(request: Request, table_id: str) -> dict[str, Any]:
    """Summaries of the finished hands, newest first."""
    lobby = lobby_of(request)
    lobby.table(table_id)
    if lobby.store is None:
        return {"hands": []}
    return {"hands": await asyncio.to_thread(lobby.store.hands, table_id)}


@router.get("/api/tables/{table_id}/hands/{hand_no}")
async def hand_history(
    request: Request, table_id: str, hand_no: int, download: int = 0
) -> Response:
    """One finished hand, in the version the requester may see (``server/histories.py``)."""
    lobby = lobby_of(request)
    table = lobby.table(table_id)
    record = None
    if lobby.store is not None and 1 <= hand_no <= MAX_HAND_NO:
        record = await asyncio.to_thread(lobby.store.hand, table_id, hand_no)
    if record is None:
        raise ClientError(
            "hand_not_found", f"table {table_id} has no finished hand {hand_no}", status=404
        )
    seat = history_viewer(lobby, table, bearer_token(request), hand_no)
    try:
        history = history_for(
            record.history, seat, reveal_deck=table.settings.reveal_deck_after_hand
        )
    except Exception as exc:  # stored JSON of the wrong shape, a malformed deck
        log.error("hand %s of table %s cannot be read: %r", hand_no, table_id, exc)
        raise unreadable_hand(table_id, hand_no) from None
    headers = {}
    if download:
        headers["Content-Disposition"] = f'attachment; filename="{table_id}-hand-{hand_no}.json"'
    return JSONResponse(history, headers=headers)


# ====================================================================== websocket
@router.websocket("/ws")
async def websocket_endpoint(websocket: WebSocket) -> None:
    """One client: ``hello`` first, then messages until it disconnects (or the table closes
    it: its seat was given up, ``server/presence.py``)."""
    settings = websocket.app.state.settings
    if not origin_allowed(websocket.headers, settings.allowed_origins):
        await websocket.close(code=1008)  # before accept: answered with HTTP 403
        return
    await websocket.accept()
    conn = WebSocketConnection(websocket)
    conn.start()
    addresses: AddressSockets = websocket.app.state.address_sockets
    address = websocket.client.host if websocket.client is not None else "?"
    if not addresses.acquire(address):
        refuse = ClientError(
            "too_many_sockets",
            f"this address already has {addresses.limit} sockets open (the most allowed); "
            "close one",
        )
        _send_error(conn, refuse, None)
        conn.close(TOO_MANY_SOCKETS, "too many sockets from this address")
        await conn.wait_closed()
        return
    table: Table | None = None
    rate, burst = settings.rate_limit
    bucket = TokenBucket(rate=rate, burst=burst)  # spectators' own; a seat's is shared
    try:
        table = await _hello(websocket, conn)
        if table is None:
            return
        bucket = table.presence.seat_bucket(conn) or bucket
        refused_in_row = 0
        while not conn.closed:
            message = await conn.receive()
            received = time.perf_counter()
            if message is None or message["type"] == "websocket.disconnect":
                break  # the client left, or the server dropped it: detach it now
            if not bucket.allow():
                refused_in_row += 1
                if refused_in_row >= ABUSE_LIMIT:
                    conn.close(1008)
                    break
                _send_error(conn, ClientError("rate_limited", "too many messages; slow down"), None)
                continue
            refused_in_row = 0
            _dispatch(table, conn, message, received)
    except WebSocketDisconnect:
        pass
    except Exception:  # never leak details to the client
        log.exception("websocket handler failed")
        _send_error(conn, ClientError("internal", "the server failed"), None)
        conn.close(1011)
    finally:
        addresses.release(address)
        if table is not None:
            table.tell("leave", conn)
        conn.close()
        await conn.wait_closed()
        if websocket.application_state != WebSocketState.DISCONNECTED:
            # a client that does not read never lets the close frame out: do not wait for it
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.close(), CLOSE_TIMEOUT)


def _send_error(conn: WebSocketConnection, error: ClientError, ref: str | None) -> None:
    import json

    conn.send(json.dumps({"type": "error", **error.payload(), "ref": ref}))


def _frame_text(message: Mapping[str, Any]) -> str | bytes:
    text = message.get("text")
    if text is not None:
        return str(text)
    data = message.get("bytes")
    return bytes(data) if data is not None else b""


async def _hello(websocket: WebSocket, conn: WebSocketConnection) -> Table | None:
    """Wait for a valid ``hello``; attach the connection to its table (full resync)."""
    lobby = lobby_of(websocket)
    deadline = time.monotonic() + HELLO_TIMEOUT
    attempts = 0
    while attempts < 5:
        attempts += 1
        try:
            message = await asyncio.wait_for(
                websocket.receive(), max(0.01, deadline - time.monotonic())
            )
        except TimeoutError:
            _send_error(conn, ClientError("hello_required", "send hello first (within 10 s)"), None)
            conn.close(1008)
            return None
        if message["type"] == "websocket.disconnect":
            return None
        try:
            parsed = parse_client_message(_frame_text(message))
            if not isinstance(parsed, Hello):
                raise ClientError("hello_required", "the first message must be hello")
            # with several nodes, also a table another node runs (server/cluster_lobby.py)
            table = await hello_table(lobby, parsed, table_of(websocket.scope))
            conn.token_hash = None if parsed.token is None else hash_token(parsed.token)
            conn.table_id = table.table_id
            try:
                await table.request("join", conn)
            except BaseException as exc:
                if not isinstance(exc, ClientError):  # cancelled while queued: undo if it ran
                    table.tell("leave", conn)
                raise
            return table
        except ClientError as error:
            _send_error(conn, error, "hello")
            if error.code == "too_many_sockets":
                conn.close(TOO_MANY_SOCKETS, "too many sockets for this seat")
                return None
            if error.code in RECONNECT_CODES:  # another node runs the table: reconnect
                conn.close(TABLE_MOVED, "table moving")
                return None
    conn.close(1008)
    return None


def _dispatch(
    table: Table, conn: WebSocketConnection, message: Mapping[str, Any], received: float
) -> None:
    """Validate one message and hand it to the table actor (answers come from the actor).

    Args:
        received: ``time.perf_counter()`` when the message arrived (latency statistics).
    """
    try:
        parsed = parse_client_message(_frame_text(message))
    except ClientError as error:
        _send_error(conn, error, None)
        return
    if isinstance(parsed, Hello):
        _send_error(conn, ClientError("already_joined", "this socket already said hello"), "hello")
    elif isinstance(parsed, ActionMessage):
        table.tell(
            "action",
            conn,
            turn=parsed.turn,
            action=parsed.action.model_dump(exclude_none=True),
            received=received,
        )
    elif isinstance(parsed, ChatMessage):
        table.tell("chat", conn, text=parsed.text)
    elif isinstance(parsed, RebuyMessage):
        table.tell("rebuy", conn, amount=parsed.amount)
    elif isinstance(parsed, RebuyAnswer):
        table.tell(parsed.type, conn, request_id=parsed.request_id)
    elif isinstance(parsed, ChooseGame):
        table.tell("choose_game", conn, split=parsed.split)
    elif isinstance(parsed, SeedMessage):
        table.tell("seed", conn, hand_no=parsed.hand_no, seed=parsed.seed)
    elif isinstance(
        parsed,
        (SeatRequestMessage, SeatAnswer, RemovePlayer, AdjustStack, ChangeGame, SetSeatApproval),
    ):  # a seat request and the host's controls (server/host_requests.py): fields as arguments
        table.tell(parsed.type, conn, **parsed.model_dump(exclude={"type"}))
    elif isinstance(parsed, Simple):
        if parsed.type == "ping":
            import json

            conn.send(json.dumps({"type": "pong", "server_time": round(time.time(), 3)}))
        else:
            table.tell(parsed.type, conn)
