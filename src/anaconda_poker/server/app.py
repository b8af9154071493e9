"""The application factory: FastAPI app with the lobby API, the websocket and the web client.

``create_app(settings)`` builds a fresh app; every dependency (database URL, allowed origins,
static folder, limits, bot policies) comes from :class:`ServerSettings`, so tests build their
own apps. The protocol is documented in ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import RedirectResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from anaconda_poker.server.cluster_lobby import ClusterLobby
from anaconda_poker.server.collector import FullCollections
from anaconda_poker.server.error_handlers import error_body, install_error_handlers
from anaconda_poker.server.http_security import HostGuardMiddleware, SecurityHeadersMiddleware
from anaconda_poker.server.lobby import LATENCY_SAMPLES, Lobby
from anaconda_poker.server.metrics import ServerMetrics, metrics_of
from anaconda_poker.server.metrics_route import install_metrics_route
from anaconda_poker.server.openapi import OPENAPI_URL, install_openapi
from anaconda_poker.server.ownership import OwnershipMiddleware, TableOwnership
from anaconda_poker.server.protocol import MAX_BODY_BYTES
from anaconda_poker.server.rate_limit import TokenBucket
from anaconda_poker.server.routes import origin_allowed, router
from anaconda_poker.server.settings import ServerSettings
from anaconda_poker.server.socket_limits import AddressSockets
from anaconda_poker.storage.database import Checkpointer, open_database
from anaconda_poker.storage.event_store import EventStore, EventWriter
from anaconda_poker.storage.leases import Leases
from anaconda_poker.storage.lobby_lines import LobbyLines
from anaconda_poker.storage.lock import lock_database

log = logging.getLogger("anaconda_poker.server")


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """Build the server application.

    The database is locked (SQLite: one server per file, ``storage/lock.py``), opened and
    every stored table rebuilt when the app starts (its lifespan), and closed and unlocked
    when it stops. On PostgreSQL several such servers (nodes) may share the database: each
    runs only the tables it holds a lease for (``server/ownership.py``). A database another
    process holds makes the start-up fail with
    :class:`~anaconda_poker.storage.lock.DatabaseLockedError`.

    Args:
        settings: the server's configuration; ``None`` uses the defaults of
            :class:`ServerSettings` (embedded SQLite file under ``./data/``).

    Returns:
        A FastAPI (ASGI) application; serve it with uvicorn.
    """
    settings = settings or ServerSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        from anaconda_poker.core.evaluation.tables import get_tables

        await asyncio.to_thread(get_tables)  # build the evaluator's tables before any hand
        database_lock = lock_database(settings.database_url)  # one server per SQLite file
        engine = open_database(settings.database_url)
        checkpointer = Checkpointer(engine)
        checkpointer.start()
        metrics = metrics_of(app.state)
        store = EventStore(engine) if metrics is None else metrics.event_store(engine)
        writer = EventWriter(store, mode=settings.writer_mode)
        lobby = Lobby(
            store,
            writer,
            policy_factory=settings.policy_factory,
            between_hands=settings.between_hands,
            seed_window=settings.seed_window,
            presence=settings.presence(),
            latencies=None if metrics is None else metrics.latency_window(LATENCY_SAMPLES),
        )
        if engine.dialect.name == "postgresql":  # nodes may share it: lease every table
            leases = Leases(engine, node=settings.node, ttl=settings.lease_seconds)
            store.fencing = leases
            lobby.ownership = TableOwnership(lobby, leases)
            lines = LobbyLines(engine, instance=leases.instance, node=settings.node)
            lobby.cluster = ClusterLobby(lobby, lobby.ownership, lines)
        app.state.lobby = lobby
        if metrics is not None:
            metrics.attach(lobby)
        await lobby.start(default_lobby=settings.create_default_lobby)
        watchdog = asyncio.create_task(_watch_loop_lag())
        collections = None
        if settings.full_collection_interval is not None:
            collections = FullCollections(settings.full_collection_interval)
            collections.start()
        app.state.full_collections = collections
        try:
            yield
        finally:
            watchdog.cancel()
            if collections is not None:
                await collections.stop()
            await lobby.stop()
            await asyncio.to_thread(checkpointer.stop)
            engine.dispose()
            database_lock.release()

    app = FastAPI(
        title="anaconda-poker",
        docs_url=None,
        redoc_url=None,
        openapi_url=OPENAPI_URL,  # the document of server/openapi.py
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.metrics = ServerMetrics(settings.node) if settings.metrics else None
    app.state.address_sockets = AddressSockets(settings.max_sockets_per_address)
    app.add_middleware(  # innermost: only requests the guards let through claim a table
        OwnershipMiddleware, ownership=lambda: _ownership_of(app)
    )
    app.add_middleware(
        GuardMiddleware,
        allowed_origins=settings.allowed_origins,
        create_rate_limit=settings.create_rate_limit,
    )
    app.add_middleware(  # added last: runs first, so nothing sees a foreign Host
        HostGuardMiddleware,
        allowed_hosts=settings.allowed_hosts,
        forwarded_allow_ips=settings.forwarded_allow_ips,
    )
    app.add_middleware(SecurityHeadersMiddleware)  # outermost: every answer, refusals too
    install_error_handlers(app)
    app.include_router(router)
    _include_web_routes(app)
    install_openapi(app)

    @app.get("/t/{table_id}", include_in_schema=False)  # a link for people, not the API
    async def invite(table_id: str) -> RedirectResponse:
        """Invite link: redirect to the web client with the table preselected."""
        return RedirectResponse(url=f"/?table={table_id}", status_code=307)

    if settings.metrics:
        install_metrics_route(app)
    _mount_static(app, settings.static_dir)
    return app


def _ownership_of(app: FastAPI) -> TableOwnership | None:
    """The running lobby's table ownership (``None``: single server, or not started)."""
    lobby: Lobby | None = getattr(app.state, "lobby", None)
    return None if lobby is None else lobby.ownership


_CREATING = re.compile(r"^/api/tables(/[^/]+/seats)?/?$")
"""Paths of the requests that create something lasting: a table, a seat."""

LOOP_LAG_WARNING = 0.25
"""Seconds of event-loop stall after which the server logs a warning."""


async def _watch_loop_lag(interval: float = 0.5) -> None:
    """Log a warning whenever the event loop was stalled (every table waits meanwhile)."""
    while True:
        before = time.perf_counter()
        await asyncio.sleep(interval)
        lag = time.perf_counter() - before - interval
        if lag > LOOP_LAG_WARNING:
            log.warning("the event loop stalled for %.0f ms", lag * 1000)


def _include_web_routes(app: FastAPI) -> None:
    """The web client's own routes (``server/web_routes.py``, owned by the web front end)."""
    from anaconda_poker.server.review_route import router as review_router
    from anaconda_poker.server.web_routes import router as web_router

    app.include_router(web_router)
    app.include_router(review_router)


def _mount_static(app: FastAPI, directory: Path) -> None:
    """Serve the web client (``index.html`` at ``/``); mounted last so the API wins."""
    app.mount("/", StaticFiles(directory=directory, html=True, check_dir=False), name="static")


class GuardMiddleware:
    """Refuse oversized REST bodies (413 ``too_large``) and cross-origin writes
    (403 ``origin_forbidden``) before they reach a route.

    Also limits how fast one client address may create tables and take seats (each is
    stored and a table runs its own task): over the limit, 429 ``rate_limited``.

    Args:
        app: the wrapped ASGI app.
        allowed_origins: extra allowed ``Origin`` values.
        max_body: largest request body, bytes.
        create_rate_limit: ``(per second, burst)`` of creating requests per client address,
            or ``None`` for no limit.
    """

    MAX_TRACKED = 10_000
    """Client addresses remembered for the creation limit (the oldest are forgotten)."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        allowed_origins: tuple[str, ...] = (),
        max_body: int = MAX_BODY_BYTES,
        create_rate_limit: tuple[float, float] | None = None,
    ) -> None:
        self.app = app
        self.allowed_origins = allowed_origins
        self.max_body = max_body
        self.create_rate_limit = create_rate_limit
        self._buckets: dict[str, TokenBucket] = {}

    def _creation_wait(self, scope: Scope) -> float:
        """Take a token from the client address's bucket for a creating request (every
        attempt counts, refused ones too); the seconds to wait when none is left, else 0."""
        limit = self.create_rate_limit
        if limit is None or scope["method"] != "POST" or not _CREATING.match(scope["path"]):
            return 0.0
        client = scope.get("client")
        address = str(client[0]) if client else "?"
        bucket = self._buckets.pop(address, None)  # re-inserted last: most recent
        if bucket is None:
            bucket = TokenBucket(rate=limit[0], burst=limit[1])
            if len(self._buckets) >= self.MAX_TRACKED:
                del self._buckets[next(iter(self._buckets))]
        self._buckets[address] = bucket
        return 0.0 if bucket.allow() else max(1.0, bucket.seconds_to_next())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if scope["method"] not in ("GET", "HEAD", "OPTIONS") and not origin_allowed(
            headers, self.allowed_origins
        ):
            await _reject(send, 403, "origin_forbidden", "this Origin may not call the API")
            return
        wait = self._creation_wait(scope)
        if wait:
            seconds = math.ceil(wait)
            await _reject(
                send,
                429,
                "rate_limited",
                f"too many tables created or seats taken from this address; try again in "
                f"{seconds} s",
                headers=[(b"retry-after", str(seconds).encode())],
            )
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _reject(
                send, 413, "too_large", f"request bodies are limited to {self.max_body} bytes"
            )
            return
        if length is not None or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)  # a declared length is checked above
            return
        # a body without Content-Length (chunked): read it up to the limit first, so that an
        # oversized one gets 413 too_large rather than a parsing error from the route
        chunks: list[bytes] = []
        received = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            received += len(chunk)
            if received > self.max_body:
                await _reject(
                    send, 413, "too_large", f"request bodies are limited to {self.max_body} bytes"
                )
                return
            chunks.append(chunk)
            more = bool(message.get("more_body", False))
        body = b"".join(chunks)
        replayed = False

        async def buffered_receive() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, buffered_receive, send)


async def _reject(
    send: Send,
    status: int,
    code: str,
    message: str,
    headers: Sequence[tuple[bytes, bytes]] = (),
) -> None:
    import json

    body = json.dumps(error_body(code, message)).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
