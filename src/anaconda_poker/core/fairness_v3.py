"""Fairness version 3: the deck is derived from the server's committed shuffle **and** every
seated player's seed, so that the server alone cannot choose the deck (issue 17 item 12).

Pure functions (no I/O, no clock, no RNG). The exact derivation is documented in
``docs/HAND_HISTORY.md`` ("Fairness version 3") with a worked test vector.

1. The server shuffles a *server deck* with ``secrets`` and draws a 32-byte master salt, and
   commits to that deck exactly as in version 2 (:mod:`anaconda_poker.core.fairness`): 52
   salted leaves and their root, the *commitment*. The commitment is published (in the
   ``seed_request`` frame) before any player seed is asked for.
2. Each seat dealt in contributes a seed (0..64 bytes as lower-case hex; a seat that sent
   none, and every bot, counts as the empty seed). The *seed list* is the ASCII text::

       "anaconda-seeds-v3:" + ",".join(str(seat) + "=" + seed_hex for each seat dealt in,
                                        in increasing seat order)

3. ``shuffle_key = HMAC-SHA256(key = the 32 commitment bytes, msg = seed list)`` and the
   byte stream ``block_0 || block_1 || ...`` with
   ``block_j = HMAC-SHA256(key = shuffle_key, msg = "anaconda-shuffle-v3:" + str(j))``,
   read as successive 4-byte big-endian unsigned integers ``u``.
4. An unbiased Fisher–Yates (Durstenfeld) shuffle of the positions ``perm = [0, ..., 51]``:
   for ``i`` from 51 down to 1, with ``n = i + 1``, draw ``u`` until
   ``u < 2**32 - 2**32 % n`` (rejection sampling removes the modulo bias), then swap
   ``perm[i]`` and ``perm[u % n]``.
5. The dealt deck is ``deck[i] = server_deck[perm[i]]``; it is dealt as in every version
   (RULES.md §2.2).

Why the permutation is keyed by the commitment and not by the secret salt: the server deck
was fixed before any seed was known, and the permutation depends only on the seeds (and on
the commitment, binding it to this hand), so neither the server nor any player can choose
the dealt deck alone; and because the permutation is public once the seeds are, a seat can
check its own cards from the version 2 openings of *its* server-deck positions without the
rest of the deck being revealed (RULES.md §7: nobody learns other seats' cards).

>>> perm = shuffle_permutation("00" * 32, [(0, ""), (1, "")])
>>> sorted(perm) == list(range(52))
True
>>> derive_deck(list(range(52)), "00" * 32, [(0, ""), (1, "")]) == perm
True
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from anaconda_poker.core import fairness as v2
from anaconda_poker.core import fairness_verify as checks_v2
from anaconda_poker.core.cards import card_str, parse_codes
from anaconda_poker.core.fairness import (
    DECK_SIZE,
    FairnessError,
    card_salt,
    deal_from_deck,
    dealt_positions,
    deck_commitment_v2,
    deck_leaves,
)
from anaconda_poker.core.fairness_verify import Verification, own_cards_check

VERSION = 3
"""The fairness version this module implements (``deck_commitment_version``)."""

SEEDS_PREFIX = "anaconda-seeds-v3"
"""Prefix of the canonical seed list (the HMAC message giving the shuffle key)."""

SHUFFLE_PREFIX = "anaconda-shuffle-v3"
"""HMAC message prefix of the shuffle's byte stream blocks."""

MAX_SEED_BYTES = 64
"""Longest player seed accepted, bytes (128 hex characters)."""

SUPPORTED_VERSIONS = (1, 2, 3)
"""Versions :func:`verify_any` checks."""

_U32 = 2**32


# ============================================================== seeds
def check_seed(seed: object, *, allow_empty: bool = True) -> str:
    """A player seed as canonical lower-case hex.

    Args:
        seed: hex text of 0..64 bytes (an even number of hex digits, either case).
        allow_empty: whether ``""`` (no seed) is accepted.

    Returns:
        The seed in lower case.

    Raises:
        FairnessError: not a string, not hex, an odd number of digits, longer than
            :data:`MAX_SEED_BYTES` bytes, or empty when ``allow_empty`` is false; the message
            says what is allowed.
    """
    rule = f"a seed is 1 to {MAX_SEED_BYTES} bytes written as an even number of hex digits"
    if not isinstance(seed, str):
        raise FairnessError(f"{rule}; got {type(seed).__name__}")
    if not seed:
        if allow_empty:
            return ""
        raise FairnessError(f"{rule}; got an empty seed")
    if len(seed) > 2 * MAX_SEED_BYTES:
        raise FairnessError(f"{rule}; got {len(seed)} characters")
    if any(ch not in "0123456789abcdefABCDEF" for ch in seed):
        raise FairnessError(f"{rule}; got characters that are not hex digits")
    if len(seed) % 2:
        raise FairnessError(f"{rule}; got an odd number ({len(seed)}) of hex digits")
    return seed.lower()


def canonical_seeds(
    seeds: Mapping[int, str] | Iterable[tuple[int, str]], seats: Iterable[int] | None = None
) -> list[tuple[int, str]]:
    """The ordered ``(seat, seed)`` list of a hand: one entry per seat, increasing seat order.

    Args:
        seeds: the seeds received, by seat (a mapping or ``(seat, seed)`` pairs).
        seats: the seats dealt in; each one missing from ``seeds`` gets the empty seed.
            ``None`` takes the seats of ``seeds``.

    Raises:
        FairnessError: a seat appears twice, a seed belongs to a seat not dealt in, or a seed
            is malformed (:func:`check_seed`).
    """
    pairs = list(seeds.items()) if isinstance(seeds, Mapping) else list(seeds)
    given: dict[int, str] = {}
    for seat, seed in pairs:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise FairnessError(f"a seed's seat must be a seat number, got {seat!r}")
        if seat in given:
            raise FairnessError(f"seat {seat} has two seeds")
        given[seat] = check_seed(seed)
    dealt = sorted(given) if seats is None else sorted({int(s) for s in seats})
    strangers = sorted(set(given) - set(dealt))
    if strangers:
        raise FairnessError(f"seeds of seats {strangers}, which were not dealt in ({dealt})")
    return [(seat, given.get(seat, "")) for seat in dealt]


def seed_message(seeds: Sequence[tuple[int, str]]) -> bytes:
    """The canonical seed list (ASCII bytes) of an already canonical ``(seat, seed)`` list.

    >>> seed_message([(0, "ab"), (2, "")])
    b'anaconda-seeds-v3:0=ab,2='
    """
    text = ",".join(f"{seat}={seed}" for seat, seed in seeds)
    return f"{SEEDS_PREFIX}:{text}".encode("ascii")


def _u32_stream(key: bytes) -> Iterable[int]:
    block = 0
    while True:
        digest = hmac.digest(key, f"{SHUFFLE_PREFIX}:{block}".encode("ascii"), "sha256")
        for k in range(0, len(digest), 4):
            yield int.from_bytes(digest[k : k + 4], "big")
        block += 1


def shuffle_key(commitment: str, seeds: Sequence[tuple[int, str]]) -> bytes:
    """``HMAC-SHA256(key = bytes.fromhex(commitment), msg = seed list)`` (32 bytes).

    Raises:
        FairnessError: the commitment is not 64 hex characters, or the seeds are malformed.
    """
    key = bytes.fromhex(v2.check_digest(commitment, "the commitment"))
    return hmac.digest(key, seed_message(canonical_seeds(seeds)), "sha256")


def shuffle_permutation(commitment: str, seeds: Sequence[tuple[int, str]]) -> list[int]:
    """The permutation of deck positions the seeds pick (steps 3 and 4 of the module doc).

    Args:
        commitment: the hand's version 2 style commitment, 64 hex characters.
        seeds: the canonical ``(seat, seed)`` list (:func:`canonical_seeds`).

    Returns:
        ``perm``, a list of 52 distinct positions: the dealt deck's card ``i`` is the server
        deck's card ``perm[i]``.

    Raises:
        FairnessError: the commitment or a seed is malformed.
    """
    stream = iter(_u32_stream(shuffle_key(commitment, seeds)))
    perm = list(range(DECK_SIZE))
    for i in range(DECK_SIZE - 1, 0, -1):
        n = i + 1
        limit = _U32 - _U32 % n
        u = next(stream)
        while u >= limit:
            u = next(stream)
        j = u % n
        perm[i], perm[j] = perm[j], perm[i]
    return perm


def derive_deck(
    server_deck: Sequence[int], commitment: str, seeds: Sequence[tuple[int, str]]
) -> list[int]:
    """The dealt deck of a version 3 hand: ``deck[i] = server_deck[perm[i]]``.

    Args:
        server_deck: the 52 card codes the server committed to, by position.
        commitment: the published commitment to ``server_deck`` (64 hex characters).
        seeds: the canonical ``(seat, seed)`` list.

    Raises:
        FairnessError: the deck is not the 52 cards, or the commitment or a seed is malformed.
    """
    cards = v2.check_deck(server_deck)
    return [cards[p] for p in shuffle_permutation(commitment, seeds)]


def seat_openings_v3(
    server_deck: Sequence[int],
    salt_hex: str,
    seeds: Sequence[tuple[int, str]],
    *,
    seats: Sequence[int],
    button: int,
    cards_each: int,
    seat: int,
) -> list[dict[str, Any]]:
    """The openings a seat may receive in a version 3 hand: the server-deck positions its
    dealt cards came from (``perm[p]`` for each dealt position ``p``), and no other.

    Returns:
        ``[{"position": server position, "card": "As", "card_salt": hex}]`` in the order the
        seat received the cards.

    Raises:
        FairnessError: ``seat`` was not dealt in, or the deck, salt or seeds are malformed.
    """
    cards = v2.check_deck(server_deck)
    commitment = deck_commitment_v2(cards, salt_hex)
    perm = shuffle_permutation(commitment, seeds)
    positions = dealt_positions(seats=seats, button=button, cards_each=cards_each)
    if seat not in positions:
        raise FairnessError(f"seat {seat} was not dealt in; dealt seats are {sorted(positions)}")
    return [
        {
            "position": perm[p],
            "card": card_str(cards[perm[p]]),
            "card_salt": card_salt(salt_hex, perm[p]),
        }
        for p in positions[seat]
    ]


# ============================================================== verification
def history_seeds(history: Mapping[str, Any]) -> list[tuple[int, str]]:
    """The ``player_seeds`` of a version 3 history as a canonical list.

    Raises:
        FairnessError: the field is missing or malformed, or does not list each seat of
            ``seats`` exactly once.
    """
    raw = history.get("player_seeds")
    if isinstance(raw, str | bytes) or not isinstance(raw, Sequence):
        raise FairnessError(
            "a version 3 history lists player_seeds: [{seat, seed}] for every seat dealt in"
        )
    pairs = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, Mapping) or set(entry) != {"seat", "seed"}:
            raise FairnessError(f"player_seeds[{index}] must be {{seat, seed}}, got {entry!r}")
        pairs.append((entry["seat"], entry["seed"]))
    seeds = canonical_seeds(pairs)
    try:
        seats = sorted(int(entry["seat"]) for entry in history["seats"])
    except (KeyError, TypeError, ValueError):
        raise FairnessError("a version 3 history needs seats") from None
    if [seat for seat, _ in seeds] != seats:
        raise FairnessError(
            f"player_seeds must list each seat dealt in once: seats {seats}, "
            f"seeds for {[seat for seat, _ in seeds]}"
        )
    return seeds


def verify_any(
    history: Mapping[str, Any], *, replay: bool = True, my_seed: str | None = None
) -> Verification:
    """Verify a hand history of any fairness version (1, 2 or 3).

    Versions 1 and 2 are :func:`anaconda_poker.core.fairness.verify_history`. Version 3
    (``deck_commitment_version: 3``, with ``player_seeds``):

    - **full** (``server_deck``, ``deck_salt``, ``deck``): the version 2 commitment of the
      server deck and salt equals ``deck_commitment``; the deck derived from the server deck,
      the commitment and ``player_seeds`` (module doc) is ``deck``; the deal of ``deck``
      reproduces ``dealt``; and (with ``replay``) the actions reproduce ``result``.
    - **own** (``deck_leaves``, ``deck_openings``): each opening hashes to its leaf, the 52
      leaves hash to the commitment, the opened server-deck positions are exactly
      ``perm[p]`` for the seat's dealt positions ``p`` (so the seeds placed those cards), and
      the opened cards are the seat's ``dealt`` cards in the order received.

    Args:
        history: the hand history.
        replay: replay the actions (full histories only).
        my_seed: the seed this client sent (hex); adds the ``my_seed`` check that the
            history lists exactly this seed for the viewer's seat (``viewer_seat``, or the
            only seat in ``dealt``; in a full history without either, for some seat).

    Raises:
        FairnessError: the fairness fields are missing or malformed, or ``my_seed`` is not a
            seed.
    """
    version = history.get("deck_commitment_version", 1)
    if version != VERSION:
        result = checks_v2.verify_history(history, replay=replay)
        if my_seed is None:
            return result
        check = (
            "my_seed",
            False,
            f"this hand is fairness version {version}: it was dealt without player seeds",
        )
        checks = (*result.checks, check)
        return replace(result, ok=False, checks=checks, summary=checks_v2.failed_summary(checks))
    seeds = history_seeds(history)
    if "server_deck" in history or "deck_salt" in history:
        result = _verify_full(history, seeds, replay=replay)
    elif "deck_openings" in history:
        result = _verify_own(history, seeds)
    else:
        raise FairnessError(
            "a verifiable version 3 history needs server_deck and deck_salt (a full reveal) "
            "or deck_leaves and deck_openings (a seat's own cards); this one has neither "
            "(a spectator's history)"
        )
    if my_seed is not None:
        checks = (*result.checks, _my_seed_check(history, seeds, my_seed, result.seat))
        ok = all(c[1] for c in checks)
        summary = (
            result.summary + "; your seed was one of the seeds that shuffled the deck"
            if ok
            else checks_v2.failed_summary(checks)
        )
        result = replace(result, ok=ok, checks=checks, summary=summary)
    return result


def _my_seed_check(
    history: Mapping[str, Any], seeds: Sequence[tuple[int, str]], my_seed: str, seat: int | None
) -> tuple[str, bool, str]:
    mine = check_seed(my_seed, allow_empty=False)
    listed = dict(seeds)
    if seat is None:
        viewer = history.get("viewer_seat")
        seat = viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None
    if seat is None:
        holders = [s for s, seed in seeds if seed == mine]
        if holders:
            return ("my_seed", True, f"your seed is the seed of seat {holders[0]}")
        return ("my_seed", False, "your seed is not among the player seeds of this hand")
    theirs = listed.get(seat)
    if theirs == mine:
        return ("my_seed", True, f"your seed is the seed listed for seat {seat}")
    shown = "no seed" if not theirs else f"seed {theirs[:16]}..."
    return (
        "my_seed",
        False,
        f"the history lists {shown} for seat {seat}, not your seed {mine[:16]}...: "
        "your seed was not used",
    )


def _verify_full(
    history: Mapping[str, Any], seeds: Sequence[tuple[int, str]], *, replay: bool
) -> Verification:
    try:
        server_deck = parse_codes(list(history["server_deck"]))
        deck = parse_codes(list(history["deck"]))
        salt = str(history["deck_salt"])
        commitment = v2.check_digest(history["deck_commitment"], "deck_commitment")
        button = int(history["button"])
        dealt = {int(s): parse_codes(list(c)) for s, c in history["dealt"].items()}
        cards_each = int((history.get("config") or {}).get("cards_dealt", 7))
    except (KeyError, TypeError, ValueError) as exc:
        raise FairnessError(
            "a full version 3 history needs server_deck, deck, deck_salt, deck_commitment, "
            f"button and dealt ({exc!r})"
        ) from None
    checks: list[tuple[str, bool, str]] = []
    recomputed = deck_commitment_v2(server_deck, salt)
    same = hmac.compare_digest(recomputed, commitment)
    checks.append(
        (
            "commitment",
            same,
            "the root of the 52 leaves of the server deck and salt equals the published "
            "commitment (version 3)"
            if same
            else f"recomputed {recomputed} != published {commitment} (version 3)",
        )
    )
    if "deck_leaves" in history:
        listed = [str(leaf).lower() for leaf in history["deck_leaves"]]
        good = listed == deck_leaves(server_deck, salt)
        checks.append(
            (
                "leaves",
                good,
                "the listed leaves are the ones of the server deck"
                if good
                else "the listed leaves differ from the server deck's",
            )
        )
    derived = derive_deck(server_deck, commitment, seeds)
    wrong = [i for i in range(DECK_SIZE) if i >= len(deck) or deck[i] != derived[i]]
    checks.append(
        (
            "seeds",
            not wrong,
            f"the deck is the server deck shuffled by the {len(seeds)} player seeds "
            f"({sum(1 for _, s in seeds if s)} non-empty)"
            if not wrong
            else f"the deck derived from the server deck and the player seeds differs from "
            f"the dealt deck at positions {wrong[:8]}{'...' if len(wrong) > 8 else ''}: "
            "a player seed, the server deck or the deck was changed",
        )
    )
    redealt = deal_from_deck(deck, seats=list(dealt), button=button, cards_each=cards_each)
    same_deal = all(redealt[s] == dealt[s] for s in dealt)
    checks.append(
        (
            "deal",
            same_deal,
            "the cards dealt come from the top of the derived deck in dealing order"
            if same_deal
            else "the dealt cards differ from a deal of the derived deck",
        )
    )
    if replay:
        checks.append(checks_v2.replay_check(history))
    ok = all(c[1] for c in checks)
    summary = (
        "full verification: the server's deck was fixed by the commitment published before "
        "the players' seeds were asked for, the deck dealt is that deck shuffled by every "
        "player's seed, and the deal came from it"
        + (", and the actions reproduce the result" if replay else "")
        if ok
        else checks_v2.failed_summary(checks)
    )
    return Verification(ok=ok, checks=tuple(checks), scope="full", summary=summary)


def _verify_own(history: Mapping[str, Any], seeds: Sequence[tuple[int, str]]) -> Verification:
    """Version 3 own history: the version 2 checks on server-deck positions, through perm."""
    try:
        commitment = v2.check_digest(history["deck_commitment"], "deck_commitment")
        button = int(history["button"])
        seats = [int(entry["seat"]) for entry in history["seats"]]
        dealt = {int(s): parse_codes(list(cards)) for s, cards in history["dealt"].items()}
        cards_each = int((history.get("config") or {}).get("cards_dealt", 7))
    except (KeyError, TypeError, ValueError) as exc:
        raise FairnessError(
            "a seat's own version 3 history needs deck_commitment, seats, button and dealt "
            f"({exc!r})"
        ) from None
    perm = shuffle_permutation(commitment, seeds)
    # Map the openings back to dealt positions and reuse the version 2 checks: the leaves
    # stay keyed by server position (they were committed before the seeds existed).
    seat = checks_v2.viewer_seat(history, dealt)
    openings = checks_v2.parse_openings(history["deck_openings"])
    inverse = {server: dealt_at for dealt_at, server in enumerate(perm)}
    as_v2 = dict(history)
    as_v2["deck_commitment_version"] = 2
    base = checks_v2.verify_own_v2(as_v2)
    checks = [c for c in base.checks if c[0] in ("openings", "commitment")]
    owned = dealt_positions(seats=seats, button=button, cards_each=cards_each).get(seat, [])
    expected = [perm[p] for p in owned]
    opened = [position for position, _, _ in openings]
    good_positions = sorted(opened) == sorted(expected)
    checks.append(
        (
            "seeds",
            good_positions,
            f"the player seeds put seat {seat}'s cards at server-deck positions "
            f"{sorted(expected)}, exactly the opened ones"
            if good_positions
            else f"the player seeds put seat {seat}'s cards at server-deck positions "
            f"{sorted(expected)}, but the opened positions are {sorted(opened)}: a player "
            "seed or an opening was changed",
        )
    )
    checks.append(
        own_cards_check(
            dealt,
            seat,
            expected,
            openings,
            where=lambda p: f"server-deck position {p} (dealt position {inverse[p]})",
        )
    )
    ok = all(c[1] for c in checks)
    summary = (
        f"seat {seat}: your {len(expected)} cards come from a server deck committed before "
        "the player seeds were asked for, placed by every player's seed; other seats' cards "
        "stay secret"
        if ok
        else checks_v2.failed_summary(checks)
    )
    return Verification(ok=ok, checks=tuple(checks), scope="own", summary=summary, seat=seat)


__all__ = [
    "MAX_SEED_BYTES",
    "SEEDS_PREFIX",
    "SHUFFLE_PREFIX",
    "SUPPORTED_VERSIONS",
    "VERSION",
    "canonical_seeds",
    "check_seed",
    "derive_deck",
    "history_seeds",
    "seat_openings_v3",
    "seed_message",
    "shuffle_key",
    "shuffle_permutation",
    "verify_any",
]
