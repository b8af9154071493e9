"""A step repeated every ``interval`` seconds on the running event loop until stopped: the
server's background loops (lease renewals and ownership checks, table revival, lobby-line
publishing, full garbage collections) share this one start / stop / error handling."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

__all__ = ["Periodic"]


class Periodic:
    """Runs ``step`` every ``interval`` seconds, the first time one interval after
    :meth:`start`; a run that raises is logged and the next one goes on.

    Args:
        step: a coroutine function without arguments (its result is not used).
        interval: seconds from the end of one run to the start of the next.
        name: the asyncio task's name.
        log: where a failed run is logged, with its traceback.
        failure: the message of a failed run.
        level: the level of that message (``logging.WARNING`` by default).
    """

    def __init__(
        self,
        step: Callable[[], Awaitable[object]],
        interval: float,
        *,
        name: str,
        log: logging.Logger,
        failure: str,
        level: int = logging.WARNING,
    ) -> None:
        self.step = step
        self.interval = interval
        self.name = name
        self._log = log
        self._failure = failure
        self._level = level
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        """True between :meth:`start` and :meth:`stop`."""
        return self._task is not None

    def start(self) -> None:
        """Start the runs on the running loop; a second call does nothing."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._loop(), name=self.name)

    async def stop(self) -> None:
        """Cancel the runs (a run in progress is cancelled too) and wait until they end;
        idempotent."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.step()
            except Exception:  # e.g. a lost database: the next run tries again
                self._log.log(self._level, self._failure, exc_info=True)
