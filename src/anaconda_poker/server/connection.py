"""A websocket client's outbox: frames are queued without blocking the table actor and
written by one task per connection, in order."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.websockets import WebSocket

log = logging.getLogger("anaconda_poker.server.connection")

OUTBOX_LIMIT = 2000
"""Frames queued for one client before it is considered stuck and disconnected."""


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

    def __init__(self, websocket: WebSocket, *, outbox_limit: int = OUTBOX_LIMIT) -> None:
        self.websocket = websocket
        self.seat: int | None = None
        self.token_hash: str | None = None
        self.table_id: str | None = None
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue(maxsize=outbox_limit)
        self._writer: asyncio.Task[None] | None = None
        self.closed = False
        self.close_code = 1000
        self.close_reason = ""

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

    async def wait_closed(self) -> None:
        """Stop the writer (after :meth:`close`, let it flush; else cancel it)."""
        writer = self._writer
        if writer is None:
            return
        if not self.closed:
            self.closed = True
            writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(writer, timeout=2.0)
