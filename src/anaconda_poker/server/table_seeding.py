"""The seed round, live: a table actor's windows and frames of the round between a hand's
commitment and its deal (fairness version 3; the rules and the round's events are in
``server/seeds.py``, the wire protocol in ``docs/protocol.md`` §4 and §6).

:class:`Seeding` is a helper of one :class:`~anaconda_poker.server.table.Table`: it decides
who is asked (connected human seats), keeps the window's deadline (loop time, not model),
records the round's events through the table and sends the ``seed_request`` and
``hand_started`` frames.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import TYPE_CHECKING, Any

from anaconda_poker.core.fairness import SALT_BYTES
from anaconda_poker.core.fairness_v3 import VERSION
from anaconda_poker.server import seeds
from anaconda_poker.server import table_commands as commands
from anaconda_poker.server.seeds import DEFAULT_SEED_WINDOW, MAX_SEED_WINDOW
from anaconda_poker.server.table_model import SeedRound
from anaconda_poker.server.table_port import TableHost
from anaconda_poker.server.table_views import dumps

if TYPE_CHECKING:
    from anaconda_poker.server.presence import Connection


class Seeding:
    """The seed round of one table, live (see the module docstring).

    Args:
        table: the table it belongs to.
        window: seconds the asked seats have to answer (0..:data:`MAX_SEED_WINDOW`; 0 asks
            nobody).

    Raises:
        ValueError: ``window`` is outside 0..:data:`MAX_SEED_WINDOW`.
    """

    def __init__(self, table: TableHost, window: float = DEFAULT_SEED_WINDOW) -> None:
        if not 0.0 <= window <= MAX_SEED_WINDOW:
            raise ValueError(f"the seed window must be 0..{MAX_SEED_WINDOW:g} s, got {window}")
        self.table = table
        self.window = window
        self._due = 0.0  # loop time the round closes (runtime, not the model)
        self._deadline = 0.0  # the same as Unix seconds, for the frames

    @property
    def round(self) -> SeedRound | None:
        """The round collecting seeds (the table model's ``seed_round``), or ``None``."""
        return self.table.model.seed_round

    @property
    def pending(self) -> bool:
        """A round is collecting seeds (no hand is running yet)."""
        return self.table.model.seed_round is not None

    @property
    def due(self) -> float | None:
        """The loop time the pending round closes, or ``None`` without a round."""
        return self._due if self.table.model.seed_round is not None else None

    async def open(self, split: str) -> None:
        """Commit to a fresh server deck and ask the connected human seats for seeds; deal at
        once when nobody is asked (``server/seeds.py``)."""
        table = self.table
        model = table.model
        eligible = model.eligible_seats()
        if model.in_hand or model.seed_round is not None or len(eligible) < 2:
            return
        server_deck = list(range(52))
        secrets.SystemRandom().shuffle(server_deck)
        fresh = seeds.new_round(model, split, eligible, server_deck, secrets.token_hex(SALT_BYTES))
        asked = [
            s
            for s in eligible
            if self.window > 0
            and (record := model.seats[s]) is not None
            and record.bot is None
            and table.presence.sockets_of(s) > 0
        ]
        if not asked:  # nobody to wait for: deal at once (the round is never recorded)
            await self._deal(fresh, recorded=False)
            return
        await table.record([seeds.opening_event(fresh, asked, time.time())])
        self.resume(asyncio.get_running_loop().time())
        for seat in asked:
            table.send_to_seat(seat, self.request_message())
        table.broadcast_table()

    def resume(self, now: float) -> None:
        """Start the window of a pending round (at its opening, or after a rebuild)."""
        if self.round is not None:
            self._due = now + self.window
            self._deadline = time.time() + self.window

    def request_message(self) -> dict[str, Any]:
        """The ``seed_request`` frame of the pending round (``docs/protocol.md`` §4.2)."""
        current = self.round
        assert current is not None
        return {
            "type": "seed_request",
            "hand_no": current.hand_no,
            "commitment": current.commitment,
            "commitment_version": VERSION,
            "seats": list(current.seats),
            "deadline": round(self._deadline, 3),
        }

    def on_join(self, conn: Connection) -> None:
        """Ask a reconnecting seat again while its seed is awaited."""
        current = self.round
        seat = self.table.presence.seat_of(conn, self.table.seats)
        if current is not None and seat is not None and seat in current.missing:
            self.table.send(conn, dumps(self.request_message()))

    async def receive(self, conn: Connection | None, hand_no: int, seed: str) -> None:
        """A ``seed`` message: check it (``seeds.seed_event``), record it, and close the round
        when it was the last seed awaited. A refused seed changes nothing.

        Raises:
            ClientError: ``spectator`` (no seat) and the codes of ``seeds.seed_event``.
        """
        table = self.table
        seat = commands.require_seat(conn.seat if conn is not None else None)
        await table.record([seeds.seed_event(table.model, seat, hand_no, seed)])
        current = self.round
        if current is not None and not current.missing:
            self._due = asyncio.get_running_loop().time()  # the actor's next tick deals

    async def close(self) -> None:
        """Deal the pending round (``seeds.deal_events``), publish it and send every seat its
        view."""
        current = self.round
        if current is not None:
            await self._deal(current, recorded=True)

    async def _deal(self, current: SeedRound, *, recorded: bool) -> None:
        table = self.table
        events = seeds.deal_events(table.model, current, recorded=recorded, at=time.time())
        if not events or events[0][0] != "hand_started":  # cancelled: too few seats left
            await table.record(events)
            table.schedule_next_hand()
            table.broadcast_table()
            return
        await table.record(events)
        payload = events[0][1]
        table.stats.hands_started += 1
        table.broadcast(
            {
                "type": "hand_started",
                "hand_no": table.hand_no,
                "button": payload["button"],
                "split": current.split,
                "commitment": current.commitment,
                "commitment_version": VERSION,
                "seats": [int(s) for s in payload["stacks"]],
                "player_seeds": payload["player_seeds"],
            }
        )
        table.hand_dealt()
