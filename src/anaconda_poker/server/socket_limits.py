"""Open websockets per client address (issue 17 item 11, ``docs/protocol.md`` §2).

One address holding hundreds of sockets makes every table it watches send hundreds of
frames per change; :class:`AddressSockets` caps how many it may hold at once. (The cap per
seat is the table's: ``server/presence.py``.)
"""

from __future__ import annotations

from collections import Counter


class AddressSockets:
    """How many websockets each client address holds now, capped at ``limit``.

    Args:
        limit: most sockets one address may hold at once; ``None`` for no limit.

    Raises:
        ValueError: a limit below 1.
    """

    def __init__(self, limit: int | None) -> None:
        if limit is not None and limit < 1:
            raise ValueError(f"the sockets per address limit must be >= 1, got {limit}")
        self.limit = limit
        self._open: Counter[str] = Counter()
        self.refused = 0

    def acquire(self, address: str) -> bool:
        """Count one more socket of ``address``; False (nothing counted) when it already
        holds ``limit``."""
        if self.limit is not None and self._open[address] >= self.limit:
            self.refused += 1
            return False
        self._open[address] += 1
        return True

    def release(self, address: str) -> None:
        """One socket of ``address`` closed (after a successful :meth:`acquire`)."""
        self._open[address] -= 1
        if self._open[address] <= 0:
            del self._open[address]

    def holding(self, address: str) -> int:
        """Sockets ``address`` holds now."""
        return self._open.get(address, 0)
