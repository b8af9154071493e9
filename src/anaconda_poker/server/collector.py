"""Periodic full runs of Python's cyclic garbage collector in the server process.

Every closed HTTP or websocket connection leaves objects in reference cycles (uvicorn's
HTTP protocol and its parser point at each other, and hold the transport and the socket),
which only the cyclic collector frees. ``anaconda-poker serve`` makes young collections rare
(``gc.set_threshold(20_000, 20, 20)``) and freezes what it built at start-up: under the soak
benchmark the youngest generation was collected about once a minute, the middle one every
twenty minutes or so and the oldest almost never, so the objects of every connection that
had lived through a young collection (a player's socket often lives a minute or more) stayed,
and the server's resident memory rose all run long (2.8 MiB a minute at 500 tables;
``docs/security.md``, "Memory over a long run").

:class:`FullCollections` runs ``gc.collect()`` every ``interval`` seconds on the event loop,
so at most ``interval`` seconds of closed connections are ever waiting. The run stalls the
loop while it visits every object not frozen at start-up and frees the garbage: a few
milliseconds per ten thousand objects on a quiet machine.
"""

from __future__ import annotations

import gc
import logging
import time

from anaconda_poker.server.periodic import Periodic

log = logging.getLogger("anaconda_poker.server")

FULL_COLLECTION_INTERVAL = 60.0
"""Default seconds between two full collections."""


class FullCollections:
    """Runs a full garbage collection every ``interval`` seconds on the running loop.

    Args:
        interval: seconds between two runs (> 0).

    Attributes:
        runs: full collections done so far.
        collected: unreachable objects they freed, in total.
        longest: the longest run, seconds.

    Raises:
        ValueError: ``interval`` is not above 0.
    """

    def __init__(self, interval: float = FULL_COLLECTION_INTERVAL) -> None:
        if not interval > 0:
            raise ValueError(f"the full collection interval must be > 0 seconds, got {interval}")
        self.interval = interval
        self.runs = 0
        self.collected = 0
        self.longest = 0.0
        self._runs = Periodic(
            self._collect_step,
            interval,
            name="full-collections",
            log=log,
            failure="a full collection failed",
        )

    def start(self) -> None:
        """Start the periodic runs on the running loop (idempotent)."""
        self._runs.start()

    async def stop(self) -> None:
        """Stop the periodic runs."""
        await self._runs.stop()

    def collect(self) -> int:
        """One full collection now.

        Returns:
            The unreachable objects it found (and freed).
        """
        started = time.perf_counter()
        found = gc.collect()
        took = time.perf_counter() - started
        self.runs += 1
        self.collected += found
        self.longest = max(self.longest, took)
        log.debug("full collection: %d unreachable objects freed in %.1f ms", found, took * 1000)
        return found

    async def _collect_step(self) -> None:
        self.collect()
