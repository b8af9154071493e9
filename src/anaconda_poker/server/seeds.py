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

This module is the round's pure part: the round is model
(:class:`~anaconda_poker.server.table_model.SeedRound`, the table model's ``seed_round``),
changed only by the handlers here of the ``seeding_started``, ``seed`` and
``seeding_cancelled`` events and by ``hand_started`` (:func:`close_at_deal`), registered in
``server/table_events.py``; the functions that build the round's events from a request
(:func:`opening_event`, :func:`seed_event`, :func:`deal_events`) read the model without
changing it and take the time and the randomness as arguments. The round's windows and
frames are the actor's (``server/table_seeding.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from anaconda_poker.core.fairness import FairnessError, deck_commitment_v2
from anaconda_poker.core.fairness_v3 import VERSION, canonical_seeds, check_seed, derive_deck
from anaconda_poker.server.errors import ClientError, RecoveryError
from anaconda_poker.server.table_model import Event, SeedRound, TableModel, history_fields

DEFAULT_SEED_WINDOW = 0.0
"""Seconds a table waits for the seeds of its connected human seats when embedded (a
:class:`~anaconda_poker.server.settings.ServerSettings` or table built in code, tests): 0,
nobody is asked and every seed is empty, so clients that do not seed never wait."""

SERVE_SEED_WINDOW = 2.0
"""``anaconda-poker serve --seed-window`` default, seconds: the web client answers at once, so
a hand waits this long only for a client that does not answer."""

MAX_SEED_WINDOW = 60.0
"""Longest seed window accepted, seconds."""


# ====================================================================== events -> model
def apply_started(model: TableModel, p: Mapping[str, Any]) -> None:
    """``seeding_started``: a round opens.

    Raises:
        RecoveryError: a round or a hand is already running, or the stored commitment is not
            the one of the stored server deck and salt.
    """
    if model.seed_round is not None or model.in_hand:
        raise RecoveryError(f"seeds for hand {p['hand_no']} asked while a hand is dealt")
    server_deck = tuple(int(c) for c in p["server_deck"])
    commitment = str(p["commitment"])
    if deck_commitment_v2(server_deck, str(p["salt"])) != commitment:
        raise RecoveryError(f"hand {p['hand_no']}: the commitment is not the server deck's")
    model.seed_round = SeedRound(
        hand_no=int(p["hand_no"]),
        button=int(p["button"]),
        split=str(p["split"]),
        seats=sorted(int(s) for s in p["seats"]),
        asked={int(s) for s in p["asked"]},
        server_deck=server_deck,
        salt=str(p["salt"]),
        commitment=commitment,
    )


def apply_seed(model: TableModel, p: Mapping[str, Any]) -> None:
    """``seed``: an asked seat's seed.

    Raises:
        RecoveryError: no round of that hand, a seat not asked or answering twice, or a
            malformed seed.
    """
    current = model.seed_round
    seat = int(p["seat"])
    if current is None or current.hand_no != int(p["hand_no"]):
        raise RecoveryError(f"a seed for hand {p['hand_no']} outside its seed round")
    if seat not in current.asked or seat in current.seeds:
        raise RecoveryError(f"hand {current.hand_no}: an unexpected seed of seat {seat}")
    try:
        current.seeds[seat] = check_seed(p["seed"], allow_empty=False)
    except FairnessError as exc:
        raise RecoveryError(f"hand {current.hand_no}, seat {seat}: {exc}") from None


def apply_cancelled(model: TableModel, p: Mapping[str, Any]) -> None:
    """``seeding_cancelled``: fewer than two seats were left to deal to, or (``"reason":
    "paused"``) the host paused the table before the deal.

    Raises:
        RecoveryError: no round of that hand is running.
    """
    if model.seed_round is None or model.seed_round.hand_no != int(p["hand_no"]):
        raise RecoveryError(f"hand {p['hand_no']}: no seed round to cancel")
    model.seed_round = None


def forget(model: TableModel, seat: int) -> None:
    """A seat left the table (``seat_left``): it is not dealt into the pending round (a new
    occupant of the seat was not asked and is not dealt in either)."""
    current = model.seed_round
    if current is not None and seat in current.seats:
        current.seats.remove(seat)
        current.asked.discard(seat)
        current.seeds.pop(seat, None)


def close_at_deal(model: TableModel, p: Mapping[str, Any]) -> dict[str, Any]:
    """Check a ``hand_started`` against the round and the derivation; close the round.

    Returns:
        The :class:`~anaconda_poker.server.table_model.HandMeta` fields of version 3
        (``server_deck`` and ``player_seeds``); ``{}`` for versions 1 and 2.

    Raises:
        RecoveryError: a version 3 hand whose deck is not its server deck shuffled by its
            seeds, or whose seeds or commitment differ from the seed round's.
    """
    current = model.seed_round
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
    model.seed_round = None
    return {"server_deck": tuple(server_deck), "player_seeds": tuple(seeds)}


# ====================================================================== requests -> events
def new_round(
    model: TableModel, split: str, eligible: list[int], server_deck: list[int], salt: str
) -> SeedRound:
    """The round of the next hand (not yet recorded): the button moves on (RULES.md §1) and
    the deck is committed (version 2 root of ``server_deck`` and ``salt``).

    Args:
        split: the game type; eligible: the seats to deal in (at least two), increasing;
        server_deck: 52 card codes shuffled by the server; salt: the master salt, hex.
    """
    button = model.next_button(eligible)
    commitment = deck_commitment_v2(server_deck, salt)
    return SeedRound(
        model.hand_no + 1, button, split, eligible, set(), tuple(server_deck), salt, commitment
    )


def opening_event(fresh: SeedRound, asked: list[int], at: float) -> Event:
    """The ``seeding_started`` event of a round that asks ``asked`` (Unix seconds ``at``)."""
    return (
        "seeding_started",
        {
            "hand_no": fresh.hand_no,
            "button": fresh.button,
            "split": fresh.split,
            "seats": list(fresh.seats),
            "asked": asked,
            "server_deck": list(fresh.server_deck),
            "salt": fresh.salt,
            "commitment": fresh.commitment,
            "commitment_version": VERSION,
            "at": at,
        },
    )


def seed_event(model: TableModel, seat: int, hand_no: int, seed: str) -> Event:
    """Check a ``seed`` message of ``seat`` against the pending round.

    Raises:
        ClientError: ``bad_seed`` (not 1..64 bytes of hex); ``no_seed_request`` (no round of
            ``hand_no``, or this seat was not asked); ``seed_already_sent`` (this seat
            answered already).
    """
    try:
        canonical = check_seed(seed, allow_empty=False)
    except FairnessError as exc:
        raise ClientError("bad_seed", str(exc)) from None
    current = model.seed_round
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
    return ("seed", {"hand_no": hand_no, "seat": seat, "seed": canonical})


def pause_cancel_events(model: TableModel) -> list[Event]:
    """The host pauses during a seed round (the countdown ran out, the deal waits for the
    seeds): ``seeding_cancelled`` with ``"reason": "paused"``, so that the pause wins and no
    hand starts (``docs/protocol.md`` §6); nothing without a round. The next deal after the
    resume is a fresh round of the same hand number with a fresh commitment."""
    current = model.seed_round
    if current is None:
        return []
    return [("seeding_cancelled", {"hand_no": current.hand_no, "reason": "paused"})]


def deal_events(model: TableModel, current: SeedRound, *, recorded: bool, at: float) -> list[Event]:
    """The end of a round: ``hand_started`` with the deck the server deck and the seeds of
    the seats still eligible derive, or ``seeding_cancelled`` (nothing for a round never
    recorded) when fewer than two are left.

    Args:
        current: the round; recorded: it was recorded (``seeding_started``); at: Unix seconds.
    """
    eligible = set(model.eligible_seats())
    dealt = [s for s in current.seats if s in eligible]
    if len(dealt) < 2:
        return [("seeding_cancelled", {"hand_no": current.hand_no})] if recorded else []
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
        "stacks": {str(s): model.occupied(s).stack for s in dealt},
        "deck": deck,
        "server_deck": list(current.server_deck),
        "salt": current.salt,
        "commitment": current.commitment,
        "commitment_version": VERSION,
        "player_seeds": [{"seat": s, "seed": seed} for s, seed in seeds],
        "at": at,
    }
    return [("hand_started", payload)]


__all__ = [
    "DEFAULT_SEED_WINDOW",
    "MAX_SEED_WINDOW",
    "SERVE_SEED_WINDOW",
    "SeedRound",
    "apply_cancelled",
    "apply_seed",
    "apply_started",
    "close_at_deal",
    "deal_events",
    "forget",
    "history_fields",
    "new_round",
    "opening_event",
    "pause_cancel_events",
    "seed_event",
]
