"""A table actor's counters (actions, hands, timeouts, frames, latencies), read by tests,
benchmarks, ``GET /api/stats`` and the metrics (``server/metrics.py``)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["TableStats"]


@dataclass(slots=True)
class TableStats:
    """Counters for tests, benchmarks and ``GET /api/stats``.

    Attributes:
        latencies: recent players' actions, seconds from the message's arrival at the server
            to the broadcast of its result (committed, frames queued to every client).
    """

    latencies: deque[float] = field(default_factory=lambda: deque(maxlen=2000))
    actions: int = 0
    hands_started: int = 0
    hands_finished: int = 0
    timeouts: int = 0
    frames: int = 0
    rejected: int = 0
    frame_hook: Callable[[int | None, str], None] | None = field(default=None, repr=False)
