"""Per-connection rate limiting: a token bucket on a monotonic clock."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """Allow ``rate`` messages per second with bursts of up to ``burst``.

    Args:
        rate: refill rate, messages per second (> 0).
        burst: bucket size, messages (>= 1).
        clock: monotonic clock in seconds (injected in tests).

    Raises:
        ValueError: for a non-positive rate or a burst below 1.
    """

    def __init__(
        self, *, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"rate must be > 0 and burst >= 1, got rate={rate} burst={burst}")
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = burst
        self._last = clock()
        self.refused = 0
        self.refused_in_row = 0

    def seconds_to_next(self) -> float:
        """Seconds until the next message would be allowed (0 when one is allowed now)."""
        now = self._clock()
        tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        return max(0.0, (1 - tokens) / self.rate)

    def allow(self) -> bool:
        """Take one token if available; count a refusal otherwise (``refused`` in all,
        ``refused_in_row`` since the last allowed message)."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            self.refused_in_row = 0
            return True
        self.refused += 1
        self.refused_in_row += 1
        return False
