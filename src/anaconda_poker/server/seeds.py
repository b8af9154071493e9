"""Player seeds: the seed round between a hand's commitment and its deal (fairness version 3,
issue 17 item 12; the derivation is ``core.fairness_v3``, the wire protocol
``docs/protocol.md`` §4 and §6).

A table deals every hand in three steps:

1. **Commit.** The server shuffles a *server deck* with ``secrets``, draws a 32-byte master
   salt and commits to the deck as in version 2 (the root of 52 salted leaves). When some
   seat dealt in is a human with a live connection (and the seed window is not 0), it
   records ``seeding_started`` and sends each such seat a ``seed_request`` frame carrying
   the commitment and the deadline. Bots and seats nobody is connected to count as the
   empty seed at once (they are not asked).
2. **Seeds.** Each asked seat may answer once with a ``seed`` message (1 to 64 bytes as hex,
   ``core.fairness_v3.check_seed``), recorded as a ``seed`` event before it is
   acknowledged. The round closes when every asked seat has answered or when the window
   (``--seed-window`` seconds) has passed; a seat that did not answer has the empty seed.
3. **Deal.** The dealt deck is the server deck shuffled by the seeds of the seats dealt in
   (``derive_deck``); ``hand_started`` records it with the server deck, the salt, the
   commitment and ``player_seeds`` (``commitment_version`` 3), and the hand runs as before.

Every step is an event, so a table rebuilt after a crash replays to the same round and the
same deck: a ``hand_started`` whose deck is not the derivation of its server deck and seeds
(or whose seeds differ from the recorded ``seed`` events) stops the rebuild with a
:class:`~anaconda_poker.server.errors.RecoveryError`. A round interrupted by a crash resumes
with a fresh window once the table is rebuilt (seats that already answered keep their seeds;
the others are asked again when they reconnect).

:class:`Seeding` is a helper of one :class:`~anaconda_poker.server.table.Table`'s actor: it
runs the round live (windows, frames) with the table's recording and sending primitives. The
round itself is model (:class:`~anaconda_poker.server.table_model.SeedRound`, the table model's
``seed_round``), changed only by the ``seeding_started``, ``seed``, ``seeding_cancelled`` and
``hand_started`` events (``server/table_events.py``).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from anaconda_poker.core.fairness import SALT_BYTES, FairnessError, deck_commitment_v2
from anaconda_poker.core.fairness_v3 import VERSION, canonical_seeds, check_seed, derive_deck
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.table_model import SeedRound, history_fields

if TYPE_CHECKING:
    from anaconda_poker.server.presence import Connection
    from anaconda_poker.server.table import Table

DEFAULT_SEED_WINDOW = 0.0
"""Seconds a table waits for the seeds of its connected human seats when embedded (a
:class:`~anaconda_poker.server.settings.ServerSettings` or table built in code, tests): 0,
nobody is asked and every seed is empty, so clients that do not seed never wait."""

SERVE_SEED_WINDOW = 2.0
"""``anaconda-poker serve --seed-window`` default, seconds: the web client answers at once, so
a hand waits this long only for a client that does not answer."""

MAX_SEED_WINDOW = 60.0
"""Longest seed window accepted, seconds."""


class Seeding:
    """The seed round of one table (see the module docstring).

    Args:
        table: the table it belongs to.
        window: seconds the asked seats have to answer (0..:data:`MAX_SEED_WINDOW`; 0 asks
            nobody).

    Raises:
        ValueError: ``window`` is outside 0..:data:`MAX_SEED_WINDOW`.
    """

    def __init__(self, table: Table, window: float = DEFAULT_SEED_WINDOW) -> None:
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

    # ================================================================== the round, live
    async def open(self, split: str) -> None:
        """Commit to a fresh server deck and ask the connected human seats for seeds; deal at
        once when nobody is asked (see the module docstring)."""
        table = self.table
        eligible = table.eligible_seats()
        if table.in_hand or self.round is not None or len(eligible) < 2:
            return
        button = table._next_button(eligible)
        server_deck = list(range(52))
        secrets.SystemRandom().shuffle(server_deck)
        salt = secrets.token_hex(SALT_BYTES)
        commitment = deck_commitment_v2(server_deck, salt)
        asked = [
            s
            for s in eligible
            if self.window > 0
            and (record := table.seats[s]) is not None
            and record.bot is None
            and table.presence.sockets_of(s) > 0
        ]
        hand_no = table.hand_no + 1
        if not asked:
            # nobody to wait for: deal at once (the round is never recorded)
            await self.close(
                SeedRound(
                    hand_no, button, split, eligible, set(), tuple(server_deck), salt, commitment
                )
            )
            return
        payload = {
            "hand_no": hand_no,
            "button": button,
            "split": split,
            "seats": eligible,
            "asked": asked,
            "server_deck": server_deck,
            "salt": salt,
            "commitment": commitment,
            "commitment_version": VERSION,
            "at": time.time(),
        }
        await table._record([("seeding_started", payload)])
        self.resume(asyncio.get_running_loop().time())
        for seat in asked:
            table._send_to_seat(seat, self.request_message())
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
            self.table._send(conn, _dumps(self.request_message()))

    async def receive(self, conn: Connection | None, hand_no: int, seed: str) -> None:
        """A ``seed`` message: check it, record it, and close the round when it was the last
        seed awaited. A refused seed changes nothing.

        Raises:
            ClientError: ``spectator`` (no seat); ``bad_seed`` (not 1..64 bytes of hex);
                ``no_seed_request`` (no round of ``hand_no``, or this seat was not asked);
                ``seed_already_sent`` (this seat answered already).
        """
        table = self.table
        seat = table._require_seat(conn)
        try:
            canonical = check_seed(seed, allow_empty=False)
        except FairnessError as exc:
            raise ClientError("bad_seed", str(exc)) from None
        current = self.round
        if current is None or current.hand_no != hand_no:
            asked = f"seeds are asked for hand {current.hand_no}" if current else "none is asked"
            raise ClientError(
                "no_seed_request",
                f"no seed is asked for hand {hand_no} now ({asked}); send a seed only in "
                "answer to a seed_request, with its hand_no",
            )
        if seat not in current.asked:
            raise ClientError(
                "no_seed_request",
                f"seat {seat} was not asked for a seed in hand {hand_no} (only seats connected "
                "when the hand's commitment was published are asked)",
            )
        if seat in current.seeds:
            raise ClientError(
                "seed_already_sent", f"seat {seat} already sent its seed for hand {hand_no}"
            )
        await table._record([("seed", {"hand_no": hand_no, "seat": seat, "seed": canonical})])
        if not current.missing:
            self._due = asyncio.get_running_loop().time()  # the actor's next tick deals

    async def close(self, unrecorded: SeedRound | None = None) -> None:
        """Deal the pending round (or ``unrecorded``, a round nobody was asked in): derive the
        deck from the server deck and the seeds of the seats still eligible, record
        ``hand_started`` (or ``seeding_cancelled`` when fewer than two are left), publish it
        and send every seat its view."""
        table = self.table
        current = unrecorded if unrecorded is not None else self.round
        if current is None:
            return
        eligible = set(table.eligible_seats())
        dealt = [s for s in current.seats if s in eligible]
        if len(dealt) < 2:
            if unrecorded is None:
                await table._record([("seeding_cancelled", {"hand_no": current.hand_no})])
            table._maybe_schedule_next_hand(asyncio.get_running_loop().time())
            table.broadcast_table()
            return
        # the button's player may have left during the round: the button then goes to the next
        # seat dealt in, clockwise, as it would have at the start (RULES.md §1)
        later = [s for s in dealt if s >= current.button]
        button = later[0] if later else dealt[0]
        seeds = canonical_seeds({s: current.seeds.get(s, "") for s in dealt}, dealt)
        deck = derive_deck(current.server_deck, current.commitment, seeds)
        payload = {
            "hand_no": current.hand_no,
            "button": button,
            "split": current.split,
            "stacks": {str(s): table._seat(s).stack for s in dealt},
            "deck": deck,
            "server_deck": list(current.server_deck),
            "salt": current.salt,
            "commitment": current.commitment,
            "commitment_version": VERSION,
            "player_seeds": [{"seat": s, "seed": seed} for s, seed in seeds],
            "at": time.time(),
        }
        await table._record([("hand_started", payload)])
        table.stats.hands_started += 1
        table.broadcast(
            {
                "type": "hand_started",
                "hand_no": table.hand_no,
                "button": button,
                "split": current.split,
                "commitment": current.commitment,
                "commitment_version": VERSION,
                "seats": dealt,
                "player_seeds": payload["player_seeds"],
            }
        )
        table._refresh_decisions(asyncio.get_running_loop().time())
        table.broadcast_table()
        table.broadcast_state()


def _dumps(message: Mapping[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


__all__ = [
    "DEFAULT_SEED_WINDOW",
    "MAX_SEED_WINDOW",
    "SERVE_SEED_WINDOW",
    "SeedRound",
    "Seeding",
    "history_fields",
]
