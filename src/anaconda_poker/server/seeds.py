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

:class:`Seeding` is a helper of one :class:`~anaconda_poker.server.table.Table`: it keeps the
round in the table's model (changed only through the table's events) and uses the table's
recording and sending primitives.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from anaconda_poker.core.cards import card_str
from anaconda_poker.core.fairness import SALT_BYTES, FairnessError, deck_commitment_v2
from anaconda_poker.core.fairness_v3 import VERSION, canonical_seeds, check_seed, derive_deck
from anaconda_poker.server.errors import ClientError, RecoveryError

if TYPE_CHECKING:
    from anaconda_poker.server.presence import Connection
    from anaconda_poker.server.table import HandMeta, Table

DEFAULT_SEED_WINDOW = 0.0
"""Seconds a table waits for the seeds of its connected human seats when embedded (a
:class:`~anaconda_poker.server.settings.ServerSettings` or table built in code, tests): 0,
nobody is asked and every seed is empty, so clients that do not seed never wait."""

SERVE_SEED_WINDOW = 2.0
"""``anaconda-poker serve --seed-window`` default, seconds: the web client answers at once, so
a hand waits this long only for a client that does not answer."""

MAX_SEED_WINDOW = 60.0
"""Longest seed window accepted, seconds."""


@dataclass(slots=True)
class SeedRound:
    """A hand whose commitment is published and whose seeds are being collected (the model).

    Attributes:
        hand_no: the hand's number (the table's ``hand_no + 1`` while the round runs).
        button: the dealer's seat.
        split: the game type (``high_only`` ...).
        seats: the seats to be dealt in, increasing (a seat that leaves is dropped).
        asked: the seats sent a ``seed_request`` (connected humans at the start).
        server_deck: the 52 committed card codes, by server-deck position.
        salt: the master salt, hex.
        commitment: the version 2 root of ``server_deck`` and ``salt`` (64 hex characters).
        seeds: the seeds received, by seat (lower-case hex, never empty).
    """

    hand_no: int
    button: int
    split: str
    seats: list[int]
    asked: set[int]
    server_deck: tuple[int, ...]
    salt: str
    commitment: str
    seeds: dict[int, str] = field(default_factory=dict)

    @property
    def missing(self) -> list[int]:
        """Asked seats that have not answered yet, increasing."""
        return sorted(self.asked - set(self.seeds))


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
        self.round: SeedRound | None = None
        self.due: float | None = None  # loop time the round closes (runtime, not the model)
        self._deadline = 0.0  # the same as Unix seconds, for the frames

    @property
    def pending(self) -> bool:
        """A round is collecting seeds (no hand is running yet)."""
        return self.round is not None

    # ================================================================== the model
    def apply_started(self, p: Mapping[str, Any]) -> None:
        """``seeding_started``: a round opens.

        Raises:
            RecoveryError: a round or a hand is already running, or the stored commitment
                is not the one of the stored server deck and salt.
        """
        table = self.table
        if self.round is not None or table.in_hand:
            raise RecoveryError(f"seeds for hand {p['hand_no']} asked while a hand is dealt")
        server_deck = tuple(int(c) for c in p["server_deck"])
        commitment = str(p["commitment"])
        if deck_commitment_v2(server_deck, str(p["salt"])) != commitment:
            raise RecoveryError(f"hand {p['hand_no']}: the commitment is not the server deck's")
        self.round = SeedRound(
            hand_no=int(p["hand_no"]),
            button=int(p["button"]),
            split=str(p["split"]),
            seats=sorted(int(s) for s in p["seats"]),
            asked={int(s) for s in p["asked"]},
            server_deck=server_deck,
            salt=str(p["salt"]),
            commitment=commitment,
        )

    def apply_seed(self, p: Mapping[str, Any]) -> None:
        """``seed``: an asked seat's seed.

        Raises:
            RecoveryError: no round of that hand, a seat not asked or answering twice, or a
                malformed seed.
        """
        current = self.round
        seat = int(p["seat"])
        if current is None or current.hand_no != int(p["hand_no"]):
            raise RecoveryError(f"a seed for hand {p['hand_no']} outside its seed round")
        if seat not in current.asked or seat in current.seeds:
            raise RecoveryError(f"hand {current.hand_no}: an unexpected seed of seat {seat}")
        try:
            current.seeds[seat] = check_seed(p["seed"], allow_empty=False)
        except FairnessError as exc:
            raise RecoveryError(f"hand {current.hand_no}, seat {seat}: {exc}") from None

    def apply_cancelled(self, p: Mapping[str, Any]) -> None:
        """``seeding_cancelled``: fewer than two seats were left to deal to."""
        if self.round is None or self.round.hand_no != int(p["hand_no"]):
            raise RecoveryError(f"hand {p['hand_no']}: no seed round to cancel")
        self.round = None
        self.due = None

    def forget(self, seat: int) -> None:
        """A seat left the table (``seat_left``): it is not dealt into the pending round
        (a new occupant of the seat was not asked and is not dealt in either)."""
        current = self.round
        if current is not None and seat in current.seats:
            current.seats.remove(seat)
            current.asked.discard(seat)
            current.seeds.pop(seat, None)

    def apply_hand_started(self, p: Mapping[str, Any]) -> dict[str, Any]:
        """Check a ``hand_started`` against the round and the derivation; close the round.

        Returns:
            The :class:`~anaconda_poker.server.table.HandMeta` fields of version 3
            (``server_deck`` and ``player_seeds``); ``{}`` for versions 1 and 2.

        Raises:
            RecoveryError: a version 3 hand whose deck is not its server deck shuffled by
                its seeds, or whose seeds or commitment differ from the seed round's.
        """
        current = self.round
        if int(p.get("commitment_version", 1)) != VERSION:
            if current is not None:
                raise RecoveryError(f"hand {p['hand_no']} is dealt without its seeds")
            return {}
        hand_no = p["hand_no"]
        try:
            server_deck = [int(c) for c in p["server_deck"]]
            seeds = canonical_seeds(
                [(int(e["seat"]), str(e["seed"])) for e in p["player_seeds"]],
                seats=[int(s) for s in p["stacks"]],
            )
            derived = derive_deck(server_deck, str(p["commitment"]), seeds)
        except (FairnessError, KeyError, TypeError, ValueError) as exc:
            raise RecoveryError(f"hand {hand_no}: malformed version 3 fields ({exc})") from None
        if derived != [int(c) for c in p["deck"]]:
            raise RecoveryError(f"hand {hand_no}: the deck is not the seeds' shuffle")
        if current is not None:
            expected = [(s, current.seeds.get(s, "")) for s, _ in seeds]
            if current.commitment != p["commitment"] or expected != seeds:
                raise RecoveryError(f"hand {hand_no}: the seeds differ from the seed round's")
        self.round, self.due = None, None
        return {"server_deck": tuple(server_deck), "player_seeds": tuple(seeds)}

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
            self.round = SeedRound(
                hand_no, button, split, eligible, set(), tuple(server_deck), salt, commitment
            )
            await self.close()
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
            self.due = now + self.window
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
            self.due = asyncio.get_running_loop().time()  # the actor's next tick deals

    async def close(self) -> None:
        """Deal the pending round: derive the deck from the server deck and the seeds of the
        seats still eligible, record ``hand_started`` (or ``seeding_cancelled`` when fewer
        than two are left), publish it and send every seat its view."""
        table = self.table
        current = self.round
        if current is None:
            return
        self.due = None
        eligible = set(table.eligible_seats())
        dealt = [s for s in current.seats if s in eligible]
        if len(dealt) < 2:
            if current.asked:
                await table._record([("seeding_cancelled", {"hand_no": current.hand_no})])
            else:
                self.round = None
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


def history_fields(meta: HandMeta) -> dict[str, Any]:
    """The fairness fields of a stored full history (HAND_HISTORY.md): ``deck`` (the dealt
    deck), ``deck_salt``, ``deck_commitment``, ``deck_commitment_version`` and, for version
    3, ``server_deck`` and ``player_seeds``."""
    fields: dict[str, Any] = {
        "deck": [card_str(c) for c in meta.deck],
        "deck_salt": meta.salt,
        "deck_commitment": meta.commitment,
        "deck_commitment_version": meta.commitment_version,
    }
    if meta.server_deck is not None:
        fields["server_deck"] = [card_str(c) for c in meta.server_deck]
        fields["player_seeds"] = [{"seat": s, "seed": seed} for s, seed in meta.player_seeds]
    return fields


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
