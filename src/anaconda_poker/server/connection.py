"""A websocket client's outbox: frames are queued without blocking the table actor and
written by one task per connection, in order.

When the server closes a connection (:meth:`WebSocketConnection.close`: the client does not
read its frames, its seat was given up...), the reader (:meth:`WebSocketConnection.receive`)
stops at once, so the handler detaches the socket from its table and address limit without
waiting for a close handshake that a frozen client never answers; the close itself is bounded
by :data:`CLOSE_TIMEOUT`."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.types import Message
from starlette.websockets import WebSocket

log = logging.getLogger("anaconda_poker.server.connection")

OUTBOX_LIMIT = 2000
"""Frames queued for one client before it is considered stuck and disconnected."""

CLOSE_TIMEOUT = 2.0
"""Seconds the server waits to flush a closed connection's frames and send the close frame
(a client that does not read never lets the write finish)."""


class WebSocketConnection:
    """One accepted websocket.

    Args:
        websocket: the accepted Starlette websocket.
        outbox_limit: frames queued before the client is dropped (it may reconnect and
            resync).

    Attributes:
        seat: the seat after a successful ``hello`` (``None`` for spectators); set by the
            table (``server/presence.py``), never before the table checked the token.
        token_hash: the hash of the token of the ``hello`` (``None``: spectating).
        table_id: the table after ``hello``.
    """

    def __init__(self, websocket: WebSocket, *, outbox_limit: int | None = None) -> None:
        if outbox_limit is None:
            outbox_limit = OUTBOX_LIMIT
        self.websocket = websocket
        self.seat: int | None = None
        self.token_hash: str | None = None
        self.table_id: str | None = None
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue(maxsize=outbox_limit)
        self._writer: asyncio.Task[None] | None = None
        self.closed = False
        self.close_code = 1000
        self.close_reason = ""
        self._closing: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def start(self) -> None:
        """Start the writer task."""
        self._writer = asyncio.get_running_loop().create_task(self._write_loop())

    def send(self, text: str) -> None:
        """Queue one frame; a client too slow to keep up is disconnected (code 1013)."""
        if self.closed:
            return
        try:
            self._outbox.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("dropping a client that does not read its frames")
            self.close(1013)

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Finish sending what is queued, then close the socket with ``code`` and ``reason``
        (at most 123 bytes of UTF-8); nothing queued later is sent."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        self.close_reason = reason
        if not self._closing.done():
            self._closing.set_result(None)
        with contextlib.suppress(asyncio.QueueFull):
            self._outbox.put_nowait(None)
        if self._outbox.full() and self._writer is not None:
            self._writer.cancel()

    async def _write_loop(self) -> None:
        try:
            while True:
                text = await self._outbox.get()
                if text is None:
                    break
                await self.websocket.send_text(text)
        except Exception:  # the peer went away; the reader notices and cleans up
            self.closed = True
            return
        with contextlib.suppress(Exception):
            await self.websocket.close(code=self.close_code, reason=self.close_reason)

    async def receive(self) -> Message | None:
        """The client's next ASGI message (``websocket.receive`` or ``websocket.disconnect``),
        or ``None`` as soon as the server has closed this connection (:meth:`close`), even if
        the client never sends another byte.

        Raises:
            WebSocketDisconnect: as Starlette's ``WebSocket.receive`` does.
        """
        if self.closed:
            return None
        receiving = asyncio.ensure_future(self.websocket.receive())
        await asyncio.wait((receiving, self._closing), return_when=asyncio.FIRST_COMPLETED)
        if receiving.done():
            return receiving.result()
        receiving.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await receiving
        return None

    async def wait_closed(self) -> None:
        """Stop the writer (after :meth:`close`, let it flush; else cancel it)."""
        writer = self._writer
        if writer is None:
            return
        if not self.closed:
            self.closed = True
            writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(writer, timeout=CLOSE_TIMEOUT)
