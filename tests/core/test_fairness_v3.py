"""Fairness version 3 (player seeds, docs/HAND_HISTORY.md "Fairness version 3"): the worked
vector of the documentation, the derivation against an oracle written from the document with
hashlib/hmac only, full and own verification, tampering caught with a clear reason, the
``my_seed`` check, and versions 1 and 2 still verifying."""

from __future__ import annotations

import copy
import hashlib
import hmac
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anaconda_poker.core.cards import card_str, parse_codes
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.fairness import (
    FairnessError,
    deck_commitment,
    deck_commitment_v2,
    deck_leaves,
)
from anaconda_poker.core.fairness_v3 import (
    canonical_seeds,
    check_seed,
    derive_deck,
    seat_openings_v3,
    seed_message,
    shuffle_key,
    shuffle_permutation,
    verify_any,
)
from anaconda_poker.core.state import HandState, Seat
from anaconda_poker.server.bot_seats import random_legal_action

DOC = Path(__file__).resolve().parents[2] / "docs" / "HAND_HISTORY.md"

VECTOR_SALT = bytes(range(32)).hex()
VECTOR_SEEDS = [(0, "00112233445566778899aabbccddeeff"), (2, ""), (3, "deadbeef")]
VECTOR_COMMITMENT = "5365b7661addd41f38e28d7a01150c98983741dc00b8caec9157296893594076"
VECTOR_KEY = "1a5c520bf877323da285a72b8a5a4b18b7caab7b0ffda4ca3987cb92c42561b8"
VECTOR_PERM_START = [17, 26, 20, 16, 31, 21, 25, 30, 18, 3]
VECTOR_DECK = (
    "6d 8h 7c 6c 9s 7d 8d 9h 6h 2s Th 4s Tc Kc 5h Kh 4h 2d 4d Qd Qh Qs 3s Qc Ad 5d 3c Js "
    "2c Jc 5c 8c 3d 8s 3h Ah Ts Ac As 9c Ks 4c Jd Kd 6s 2h 7s 9d 7h 5s Jh Td"
)


def oracle_deck(server_deck: list[int], commitment: str, seeds: list[tuple[int, str]]) -> list[int]:
    """Version 3 written out from docs/HAND_HISTORY.md with hmac only (no project code)."""
    text = "anaconda-seeds-v3:" + ",".join(f"{s}={seed}" for s, seed in sorted(seeds))
    key = hmac.new(bytes.fromhex(commitment), text.encode(), hashlib.sha256).digest()
    stream = b""
    block = 0
    numbers: list[int] = []

    def draw() -> int:
        nonlocal stream, block
        if len(stream) < 4:
            stream += hmac.new(key, f"anaconda-shuffle-v3:{block}".encode(), "sha256").digest()
            block += 1
        value, stream = int.from_bytes(stream[:4], "big"), stream[4:]
        numbers.append(value)
        return value

    perm = list(range(52))
    for i in range(51, 0, -1):
        n = i + 1
        u = draw()
        while u >= 2**32 - 2**32 % n:
            u = draw()
        j = u % n
        perm[i], perm[j] = perm[j], perm[i]
    return [server_deck[p] for p in perm]


def test_the_documented_vector() -> None:
    server_deck = list(range(52))
    assert deck_commitment_v2(server_deck, VECTOR_SALT) == VECTOR_COMMITMENT
    assert seed_message(VECTOR_SEEDS) == (
        b"anaconda-seeds-v3:0=00112233445566778899aabbccddeeff,2=,3=deadbeef"
    )
    assert shuffle_key(VECTOR_COMMITMENT, VECTOR_SEEDS).hex() == VECTOR_KEY
    assert shuffle_permutation(VECTOR_COMMITMENT, VECTOR_SEEDS)[:10] == VECTOR_PERM_START
    deck = derive_deck(server_deck, VECTOR_COMMITMENT, VECTOR_SEEDS)
    assert " ".join(card_str(c) for c in deck) == VECTOR_DECK
    assert oracle_deck(server_deck, VECTOR_COMMITMENT, VECTOR_SEEDS) == deck
    # the document shows the same numbers, so a reader can check their own implementation
    doc = DOC.read_text(encoding="utf-8")
    for value in (VECTOR_COMMITMENT, VECTOR_KEY, VECTOR_DECK, VECTOR_SALT):
        assert value in doc
    assert str(VECTOR_PERM_START)[1:-1] in doc


@settings(max_examples=40, deadline=None)
@given(
    st.permutations(list(range(52))),
    st.binary(min_size=32, max_size=32),
    st.dictionaries(
        st.integers(0, 9), st.binary(max_size=64).map(bytes.hex), min_size=1, max_size=7
    ),
)
def test_derivation_matches_the_oracle(
    server_deck: list[int], salt: bytes, seeds: dict[int, str]
) -> None:
    commitment = deck_commitment_v2(server_deck, salt.hex())
    canonical = canonical_seeds(seeds)
    deck = derive_deck(server_deck, commitment, canonical)
    assert sorted(deck) == list(range(52))
    assert deck == oracle_deck(server_deck, commitment, canonical)


def test_every_seed_and_every_seat_changes_the_deck() -> None:
    server_deck = list(range(52))
    base = derive_deck(server_deck, VECTOR_COMMITMENT, VECTOR_SEEDS)
    changed = [(0, "00112233445566778899aabbccddeefe"), (2, ""), (3, "deadbeef")]
    assert derive_deck(server_deck, VECTOR_COMMITMENT, changed) != base
    moved = [(0, "00112233445566778899aabbccddeeff"), (2, "deadbeef"), (3, "")]
    assert derive_deck(server_deck, VECTOR_COMMITMENT, moved) != base  # the seat counts
    other = "00" * 32
    assert derive_deck(server_deck, other, VECTOR_SEEDS) != base  # bound to the commitment


def test_seeds_are_checked_with_what_is_allowed() -> None:
    assert check_seed("DEADbeef") == "deadbeef"
    assert check_seed("") == ""
    with pytest.raises(FairnessError, match="empty seed"):
        check_seed("", allow_empty=False)
    with pytest.raises(FairnessError, match="odd number"):
        check_seed("abc")
    with pytest.raises(FairnessError, match="not hex"):
        check_seed("zz")
    with pytest.raises(FairnessError, match="got 130 characters"):
        check_seed("ab" * 65)
    assert check_seed("ab" * 64) == "ab" * 64
    with pytest.raises(FairnessError, match="seat 1 has two seeds"):
        canonical_seeds([(1, "ab"), (1, "cd")])
    with pytest.raises(FairnessError, match=re.escape("seats [4], which were not dealt in")):
        canonical_seeds({4: "ab"}, seats=[0, 1])
    assert canonical_seeds({3: "AB"}, seats=[3, 0]) == [(0, ""), (3, "ab")]


def played_v3(seed: int, *, players: int = 3) -> dict[str, Any]:
    """A full stored version 3 history of a random hand played through the engine."""
    rng = random.Random(seed)
    server_deck = list(range(52))
    rng.shuffle(server_deck)
    salt = rng.randbytes(32).hex()
    commitment = deck_commitment_v2(server_deck, salt)
    seeds = canonical_seeds(
        {s: rng.randbytes(32).hex() for s in range(players) if s != 1}, seats=range(players)
    )
    deck = derive_deck(server_deck, commitment, seeds)
    state = HandState(
        TableConfig(),
        seats=[Seat(name=f"p{i}", stack=40) for i in range(players)],
        button=rng.randrange(players),
        deck=deck,
    )
    while not state.is_complete:
        seat = state.to_act[0]
        state.apply(seat, random_legal_action(state.legal_actions(seat), rng))
    history = state.history(include_deck=True)
    history["server_deck"] = [card_str(c) for c in server_deck]
    history["deck_salt"] = salt
    history["deck_commitment"] = commitment
    history["deck_commitment_version"] = 3
    history["player_seeds"] = [{"seat": s, "seed": v} for s, v in seeds]
    return history


def own_v3(full: dict[str, Any], seat: int) -> dict[str, Any]:
    server_deck = parse_codes(full["server_deck"])
    seeds = [(e["seat"], e["seed"]) for e in full["player_seeds"]]
    out = {k: v for k, v in full.items() if k not in ("deck", "deck_salt", "server_deck")}
    out["dealt"] = {str(seat): full["dealt"][str(seat)]}
    out["deck_leaves"] = deck_leaves(server_deck, full["deck_salt"])
    out["deck_openings"] = seat_openings_v3(
        server_deck,
        full["deck_salt"],
        seeds,
        seats=[s["seat"] for s in full["seats"]],
        button=full["button"],
        cards_each=7,
        seat=seat,
    )
    out["viewer_seat"] = seat
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_full_and_own_histories_verify(seed: int) -> None:
    full = played_v3(seed)
    result = verify_any(full)
    assert result.ok, result.checks
    assert [c[0] for c in result.checks] == ["commitment", "seeds", "deal", "replay"]
    for seat in range(3):
        own = own_v3(full, seat)
        outcome = verify_any(own)
        assert outcome.ok and outcome.scope == "own" and outcome.seat == seat, outcome.checks
        assert [c[0] for c in outcome.checks] == ["openings", "commitment", "seeds", "cards"]


def test_a_changed_seed_fails_with_a_clear_reason() -> None:
    full = played_v3(7)
    tampered = copy.deepcopy(full)
    tampered["player_seeds"][0]["seed"] = "ff" * 32
    result = verify_any(tampered)
    assert not result.ok
    failed = {name: detail for name, ok, detail in result.checks if not ok}
    assert list(failed) == ["seeds"]
    assert "a player seed, the server deck or the deck was changed" in failed["seeds"]
    assert result.summary == "NOT verified: the seeds check(s) failed"

    own = own_v3(full, 2)
    own["player_seeds"][1]["seed"] = "01"  # the bot's empty seed made non-empty
    outcome = verify_any(own)
    failed = {name: detail for name, ok, detail in outcome.checks if not ok}
    assert "seeds" in failed and "a player seed or an opening was changed" in failed["seeds"]


def test_other_tampering_is_caught() -> None:
    full = played_v3(8)
    swapped = copy.deepcopy(full)
    swapped["server_deck"][0], swapped["server_deck"][1] = (
        swapped["server_deck"][1],
        swapped["server_deck"][0],
    )
    failed = [c[0] for c in verify_any(swapped, replay=False).checks if not c[1]]
    assert failed == ["commitment", "seeds"]
    dropped = copy.deepcopy(full)
    del dropped["player_seeds"][1]
    with pytest.raises(FairnessError, match="each seat dealt in once"):
        verify_any(dropped)
    missing = {k: v for k, v in full.items() if k != "player_seeds"}
    with pytest.raises(FairnessError, match="player_seeds"):
        verify_any(missing)


def test_my_seed_is_confirmed_or_refused() -> None:
    full = played_v3(9)
    mine = full["player_seeds"][0]["seed"]
    own = own_v3(full, 0)
    result = verify_any(own, my_seed=mine.upper())
    assert result.ok and result.checks[-1][0] == "my_seed"
    assert "your seed was one of the seeds" in result.summary
    wrong = verify_any(own, my_seed="ab" * 32)
    assert not wrong.ok
    assert "your seed was not used" in wrong.checks[-1][2]
    # the bot's seat 1 listed no seed: a seed claimed for it is not there
    bot_view = own_v3(full, 1)
    assert not verify_any(bot_view, my_seed="ab").ok
    # a full history without a viewer: any seat holding the seed
    assert verify_any(full, my_seed=full["player_seeds"][2]["seed"], replay=False).ok
    with pytest.raises(FairnessError, match="hex"):
        verify_any(full, my_seed="not-hex")


def test_versions_1_and_2_still_verify_and_say_they_had_no_seeds() -> None:
    rng = random.Random(5)
    deck = list(range(52))
    rng.shuffle(deck)
    salt = rng.randbytes(32).hex()
    state = HandState(
        TableConfig(), seats=[Seat(name=f"p{i}", stack=40) for i in range(2)], button=0, deck=deck
    )
    while not state.is_complete:
        seat = state.to_act[0]
        state.apply(seat, random_legal_action(state.legal_actions(seat), rng))
    v1 = state.history(include_deck=True)
    v1["deck_salt"] = salt
    v1["deck_commitment"] = deck_commitment(deck, salt)
    assert verify_any(v1).ok
    v2 = dict(v1, deck_commitment=deck_commitment_v2(deck, salt), deck_commitment_version=2)
    assert verify_any(v2).ok
    refused = verify_any(v2, my_seed="ab")
    assert not refused.ok
    assert refused.checks[-1] == (
        "my_seed",
        False,
        "this hand is fairness version 2: it was dealt without player seeds",
    )
