"""Helpers of the server tests: a real uvicorn server on a loopback port (port 0) running on
the test's event loop, websocket/REST clients, in-process connections, a random legal player."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import socket
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from anaconda_poker.server.app import create_app
from anaconda_poker.server.bot_seats import SeatPolicy, make_policy
from anaconda_poker.server.lobby import Lobby
from anaconda_poker.server.presence import Binding
from anaconda_poker.server.protocol import MAX_MESSAGE_BYTES
from anaconda_poker.server.settings import ServerSettings


@dataclass
class LiveServer:
    """A running server: base URLs, the app (for white-box checks) and its database URL."""

    http: str
    ws: str
    app: Any
    database_url: str

    @property
    def lobby(self) -> Lobby:
        lobby: Lobby = self.app.state.lobby
        return lobby


def seeded_policies(seed: int = 7) -> Callable[[str], SeatPolicy]:
    """A policy factory whose bots are seeded (reproducible decisions)."""
    counter = iter(range(10**9))

    def factory(level: str) -> SeatPolicy:
        return make_policy(level, seed=seed * 1000 + next(counter))

    return factory


def local_settings(db_url: str, tmp_path: Path, **options: Any) -> ServerSettings:
    """Settings of a test server: the database ``db_url``, a one-page static folder under
    ``tmp_path``, no default lobby, no pause between hands, seeded bots and a rate limit
    that test players acting instantly never reach (see test_rate_limit); ``options``
    override or add :class:`ServerSettings` fields."""
    static = tmp_path / "static"
    static.mkdir(exist_ok=True)
    (static / "index.html").write_text("<!doctype html><title>test</title>", encoding="utf-8")
    fields: dict[str, Any] = {
        "database_url": db_url,
        "static_dir": static,
        "create_default_lobby": False,
        "between_hands": 0.0,
        "policy_factory": seeded_policies(),
        "rate_limit": (1000.0, 1000.0),
        **options,
    }
    return ServerSettings(**fields)


async def start_server(
    settings: ServerSettings,
) -> tuple[LiveServer, uvicorn.Server, asyncio.Task[None]]:
    app = create_app(settings)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app,
        log_level="warning",
        ws_max_size=MAX_MESSAGE_BYTES,
        lifespan="on",
        ws_per_message_deflate=False,
        ws_ping_interval=None,
        timeout_keep_alive=30,  # a loaded test machine stalls loops for seconds: no idle race
        proxy_headers=False,  # as `anaconda-poker serve`: server/http_security.py decides
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    for _ in range(500):
        if server.started:
            break
        await asyncio.sleep(0.01)
    assert server.started, "the server did not start"
    live = LiveServer(
        http=f"http://127.0.0.1:{port}",
        ws=f"ws://127.0.0.1:{port}/ws",
        app=app,
        database_url=settings.database_url,
    )
    return live, server, task


@contextlib.asynccontextmanager
async def running_server(settings: ServerSettings) -> AsyncIterator[LiveServer]:
    """A real server (:func:`start_server`) for the ``async with`` block, then stopped."""
    live, server, task = await start_server(settings)
    try:
        yield live
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 10)


@dataclass
class Client:
    """A websocket client that records every frame it receives."""

    ws: ClientConnection
    frames: list[dict[str, Any]] = field(default_factory=list)
    on_text: Callable[[str, dict[str, Any]], None] | None = None
    keep_frames: bool = True

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        assert isinstance(raw, str)
        frame: dict[str, Any] = json.loads(raw)
        if self.on_text is not None:
            self.on_text(raw, frame)
        if self.keep_frames:
            self.frames.append(frame)
        return frame

    async def until(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 5.0
    ) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            frame = await self.recv(max(0.01, deadline - loop.time()))
            if predicate(frame):
                return frame

    async def close(self) -> None:
        await self.ws.close()


async def ws_client(live: LiveServer, hello: dict[str, Any], **kwargs: Any) -> Client:
    # max_queue=None: a test that stops reading must still be able to close at once (with a
    # bounded queue the close handshake waits behind the unread frames until close_timeout)
    ws = await connect(live.ws, max_size=2**24, max_queue=None, **kwargs)
    client = Client(ws)
    await client.send({"type": "hello", **hello})
    return client


async def create_table(live: LiveServer, **body: Any) -> dict[str, Any]:
    payload = {
        "name": "Test",
        "host_name": "Host",
        "action_timer": None,
        "bot_pause": 0,
        "listed": True,  # most tests look for their table in the lobby list
        **body,
    }
    async with httpx.AsyncClient(base_url=live.http) as http:
        response = await http.post("/api/tables", json=payload)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def choose_from_legal(legal: dict[str, Any], rng: Any, *, passive: bool = False) -> dict[str, Any]:
    """A random legal action (HAND_HISTORY form) from a view's ``you.legal`` dict.

    With ``passive`` the client never folds when it may check or call (hands reach showdown).
    """
    kinds = list(legal["kinds"])
    if "pass" in kinds:
        return {"action": "pass", "cards": rng.sample(legal["cards"], legal["pass_count"])}
    if "arrange" in kinds:
        return {"action": "arrange", "cards": rng.sample(legal["cards"], legal["arrange_count"])}
    if "declare" in kinds:
        return {"action": "declare", "direction": rng.choice(legal["declarations"])}
    if passive:
        kinds = [k for k in kinds if k != "fold"] or kinds
    kind = rng.choice(sorted(kinds))
    if kind == "bet":
        return {"action": "bet", "to": rng.randint(*legal["bet_range"])}
    if kind == "raise":
        return {"action": "raise", "to": rng.randint(*legal["raise_range"])}
    return {"action": kind}


class FakeConnection:
    """An in-process client: records every frame the table sends it (parsed).

    ``FakeConnection(seat)`` says hello with the token hash ``test_table.make_table`` gives
    that seat (``"h<seat>"``), or with ``token_hash``; ``FakeConnection(None)`` spectates.
    The table sets ``seat`` when it attaches the connection."""

    def __init__(self, seat: int | None, token_hash: str | None = None) -> None:
        self.seat = seat
        self.token_hash = token_hash or (None if seat is None else f"h{seat}")
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.closed = False
        self.close_code: int | None = None

    def send(self, text: str) -> None:
        if self.closed:
            return
        self.texts.append(text)
        self.frames.append(json.loads(text))

    def close(self, code: int = 1000, reason: str = "") -> None:
        del reason
        if not self.closed:
            self.closed, self.close_code = True, code

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] == kind]


def observe_seat(table: Any, conn: FakeConnection, seat: int) -> None:
    """Attach ``conn`` to the table as the current occupant of ``seat``, a bot seat included
    (which no ``hello`` can do): it then gets every frame a client at that seat would get."""
    record = table.seats[seat]
    table.presence.register(conn, Binding(seat, record.token_hash, record.generation))


async def play_over_websocket(
    client: Client,
    rng: Any,
    *,
    until: Callable[[], bool],
    passive: bool = True,
    on_frame: Callable[[dict[str, Any]], None] | None = None,
) -> None:
    """Act once per turn from the seat's own ``state`` frames (random legal choices) until
    ``until()``; after a refused action ask for a resync and act again."""
    acted: str | None = None
    while not until():
        try:
            frame = await client.recv(timeout=0.2)
        except TimeoutError:
            continue
        if on_frame is not None:
            on_frame(frame)
        if frame["type"] == "error" and frame["ref"] in ("action", None):
            if frame["code"] != "stale_turn":
                acted = None
                await asyncio.sleep(0.05)
                await client.send({"type": "sync"})
            continue
        if frame["type"] != "state" or frame["turn"] is None or frame["view"] is None:
            continue
        view = frame["view"]
        you = view.get("you")
        if you is None or you["seat"] not in view["to_act"] or not you["legal"]["kinds"]:
            continue
        if frame["turn"] == acted:
            continue
        acted = frame["turn"]
        action = choose_from_legal(you["legal"], rng, passive=passive)
        await client.send({"type": "action", "turn": frame["turn"], "action": action})


def table_snapshot(table: Any) -> str:
    """Everything a table shows anyone, as one string (to check "no change of state")."""
    hand = table.hand
    views = [table.view_for(None)]
    if hand is not None:
        views += [hand.view(s) for s in hand.players]
    info = table.public_info()
    # next_hand_at is the armed deal's loop time shown as wall time: it moves with the clock
    # when the deal is due at once, so the armed (loop) time itself is compared instead
    info["next_hand_at"] = getattr(table, "_next_hand_at", None)
    return json.dumps([table.seq, info, table.ledger(), views], sort_keys=True)


async def play_one_hand(
    live: LiveServer, *, seed: int = 2, **table: Any
) -> tuple[dict[str, Any], str]:
    """A table where the host (seat 0) plays hand 1 over a websocket against two bots.

    Returns the create-table response (with the host's token) and the table id.
    """
    created = await create_table(
        live,
        seats=4,
        bots=[{"seat": 1, "level": "random"}, {"seat": 2, "level": "calling-station"}],
        auto_start=False,
        **table,
    )
    table_id = created["table"]["table_id"]
    lobby_table = live.lobby.table(table_id)
    host = await ws_client(live, {"token": created["token"]})
    await host.send({"type": "next_hand"})
    await play_over_websocket(
        host, random.Random(seed), until=lambda: lobby_table.stats.hands_finished >= 1
    )
    await host.close()
    return created, table_id


def cards_in(value: Any) -> set[str]:
    """Every card text (``"As"``) anywhere in a JSON-ready value."""
    return set(re.findall(r'"([2-9TJQKA][cdhs])"', json.dumps(value)))


async def leave_over_websocket(live: LiveServer, token: str) -> dict[str, Any]:
    """Connect with a seat token, send ``leave_seat`` between hands and return the
    ``seat_left`` frame (the connection is closed afterwards)."""
    client = await ws_client(live, {"token": token})
    await client.until(lambda f: f["type"] == "state")
    await client.send({"type": "leave_seat"})
    left = await client.until(lambda f: f["type"] == "seat_left")
    await client.close()
    return left


class ServerThread:
    """A real server on a loopback port, run by its own event loop in a thread, for tests
    that drive it synchronously (schemathesis, Hypothesis): ``start()``, then :meth:`run`
    coroutines on the server's loop (so reads of the lobby never race it), then ``close()``.

    Args:
        settings: the server's settings.
        setup: ``await setup(live)`` once the server listens; its result is :attr:`setup`.
    """

    def __init__(
        self,
        settings: ServerSettings,
        setup: Callable[[LiveServer], Awaitable[Any]] | None = None,
    ) -> None:
        self.settings = settings
        self._setup = setup
        self.setup: Any = None
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.stop = asyncio.Event()
        self.live: LiveServer | None = None
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._run(),))

    async def _run(self) -> None:
        live, server, task = await start_server(self.settings)
        try:
            self.live = live
            if self._setup is not None:
                self.setup = await self._setup(live)
            self.ready.set()
            await self.stop.wait()
        finally:
            self.ready.set()
            server.should_exit = True
            await asyncio.wait_for(task, 10)

    def start(self, timeout: float = 60.0) -> LiveServer:
        """Start the thread; the running server once it listens (and ``setup`` is done)."""
        self.thread.start()
        assert self.ready.wait(timeout), "the server did not start"
        assert self.live is not None, "the server failed to start"
        return self.live

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(20)

    def run(self, coroutine: Coroutine[Any, Any, Any], timeout: float = 60.0) -> Any:
        """Run ``coroutine`` on the server's loop and return its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def call(self, function: Callable[[], Any]) -> Any:
        """Call ``function()`` on the server's loop and return its result."""

        async def run() -> Any:
            return function()

        return self.run(run(), 10.0)
