"""Version 2 deck commitments (a SHA-256 hash over one salted leaf per card, docs/protocol.md
§6): the documented format against hashlib/hmac, full and partial verification, each kind of
tampering caught with its own message, and version 1 histories still verifying."""

from __future__ import annotations

import copy
import hashlib
import hmac
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anaconda_poker.core.cards import card_str
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.fairness import (
    FairnessError,
    card_leaf,
    card_salt,
    commit_deck,
    deal_from_deck,
    dealing_order,
    dealt_positions,
    deck_commitment,
    deck_commitment_v2,
    deck_leaves,
    leaves_root,
    seat_openings,
)
from anaconda_poker.core.fairness_verify import verify_history
from anaconda_poker.core.state import HandState, Seat
from anaconda_poker.server.bot_seats import random_legal_action


def oracle_commitment(deck: list[int], salt_hex: str) -> tuple[list[str], list[str], str]:
    """The version 2 format written out from its documentation, with hashlib/hmac only."""
    key = bytes.fromhex(salt_hex)
    salts = [
        hmac.new(key, f"anaconda-card-salt-v2:{i}".encode(), hashlib.sha256).hexdigest()
        for i in range(52)
    ]
    leaves = [
        hashlib.sha256(f"anaconda-card-v2:{i}:{salts[i]}:{card_str(deck[i])}".encode()).hexdigest()
        for i in range(52)
    ]
    root = hashlib.sha256(("anaconda-deck-v2:" + ":".join(leaves)).encode()).hexdigest()
    return salts, leaves, root


def test_version_2_is_the_documented_hash_tree() -> None:
    deck = list(range(51, -1, -1))
    salt = bytes(range(32)).hex()
    salts, leaves, root = oracle_commitment(deck, salt)
    assert [card_salt(salt, i) for i in range(52)] == salts
    assert deck_leaves(deck, salt) == leaves
    assert leaves_root(leaves) == root == deck_commitment_v2(deck, salt)
    assert commit_deck(deck, salt, 2) == root and commit_deck(deck, salt, 1) == deck_commitment(
        deck, salt
    )
    assert deck_commitment_v2(deck, salt.upper()) == root  # hex in any case
    assert card_leaf(0, deck[0], salts[0]) == leaves[0]
    assert root != deck_commitment(deck, salt)


def test_malformed_inputs_are_refused_with_what_is_allowed() -> None:
    deck = list(range(52))
    with pytest.raises(FairnessError, match="52 cards"):
        deck_commitment_v2(deck[:-1], "00")
    with pytest.raises(FairnessError, match="hex"):
        deck_commitment_v2(deck, "xyz0")
    with pytest.raises(FairnessError, match=re.escape("0..51")):
        card_salt("00", 52)
    with pytest.raises(FairnessError, match="64 hex"):
        card_leaf(3, 7, "ab")
    with pytest.raises(FairnessError, match="52 leaves, got 51"):
        leaves_root(["0" * 64] * 51)
    with pytest.raises(FairnessError, match="version must be one of"):
        commit_deck(deck, "00", 3)
    with pytest.raises(FairnessError, match="needs 63 of the 52 cards"):
        dealt_positions(seats=range(7), button=0, cards_each=9)


@given(st.integers(2, 7), st.integers(0, 9), st.sampled_from([7, 9]))
def test_dealt_positions_are_the_deal_of_the_identity_deck(
    players: int, button_index: int, cards_each: int
) -> None:
    seats = sorted(random.Random(players * 31 + button_index).sample(range(8), players))
    button = seats[button_index % players]
    if players * cards_each > 52:
        with pytest.raises(FairnessError):
            dealt_positions(seats=seats, button=button, cards_each=cards_each)
        return
    positions = dealt_positions(seats=seats, button=button, cards_each=cards_each)
    assert positions == deal_from_deck(
        list(range(52)), seats=seats, button=button, cards_each=cards_each
    )
    assert list(positions) == dealing_order(seats, button)  # insertion order: dealing order
    assert sorted(p for ps in positions.values() for p in ps) == list(range(players * cards_each))


def played_hand(seed: int, *, players: int = 3, cards_dealt: int = 7) -> dict[str, Any]:
    """A full stored history of a random hand played through the engine, version 2."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    salt = rng.randbytes(32).hex()
    config = TableConfig() if cards_dealt == 7 else TableConfig().replace(cards_dealt=9)
    state = HandState(
        config,
        seats=[Seat(name=f"p{i}", stack=40) for i in range(players)],
        button=rng.randrange(players),
        deck=deck,
    )
    while not state.is_complete:
        seat = state.to_act[0]
        state.apply(seat, random_legal_action(state.legal_actions(seat), rng))
    history = state.history(include_deck=True)
    history["deck_salt"] = salt
    history["deck_commitment"] = deck_commitment_v2(deck, salt)
    history["deck_commitment_version"] = 2
    return history


def own_view(full: dict[str, Any], seat: int) -> dict[str, Any]:
    """What a seat downloads at a table that keeps the deck secret (fairness fields only)."""
    deck = [card_str(c) for c in range(52)]
    codes = [deck.index(c) for c in full["deck"]]
    out = {k: v for k, v in full.items() if k not in ("deck", "deck_salt", "dealt")}
    out["dealt"] = {str(seat): full["dealt"][str(seat)]}
    out["deck_leaves"] = deck_leaves(codes, full["deck_salt"])
    out["deck_openings"] = seat_openings(
        codes,
        full["deck_salt"],
        seats=[s["seat"] for s in full["seats"]],
        button=full["button"],
        cards_each=full["config"]["cards_dealt"],
        seat=seat,
    )
    out["viewer_seat"] = seat
    return out


def checks_of(history: dict[str, Any]) -> dict[str, tuple[bool, str]]:
    result = verify_history(history)
    assert result.ok is all(ok for _, ok, _ in result.checks)
    return {name: (ok, detail) for name, ok, detail in result.checks}


def test_a_genuine_partial_reveal_verifies_and_says_what_it_proves() -> None:
    full = played_hand(11)
    for seat in (0, 1, 2):
        own = own_view(full, seat)
        result = verify_history(own)
        assert result.ok, result.checks
        assert result.scope == "own" and result.seat == seat
        assert [name for name, _, _ in result.checks] == [
            "openings",
            "commitment",
            "positions",
            "cards",
        ]
        assert "your 7 dealt cards were fixed in the deck committed before the deal" in (
            result.summary
        )
        assert "other seats' cards stay secret" in result.summary
        assert [o["card"] for o in own["deck_openings"]] == full["dealt"][str(seat)]
    full_result = verify_history(full)
    assert full_result.ok and full_result.scope == "full"
    assert full_result.summary.startswith("full verification: the whole deck")
    assert [n for n, _, _ in full_result.checks] == ["commitment", "deal", "replay"]


def test_the_nine_card_variant_opens_nine_positions() -> None:
    full = played_hand(5, players=4, cards_dealt=9)
    own = own_view(full, 3)
    assert len(own["deck_openings"]) == 9
    result = verify_history(own)
    assert result.ok and "your 9 dealt cards" in result.summary


def test_a_tampered_card_is_caught_by_its_leaf() -> None:
    own = own_view(played_hand(12), 1)
    tampered = copy.deepcopy(own)
    opening = tampered["deck_openings"][2]
    other = next(c for c in (card_str(x) for x in range(52)) if c != opening["card"])
    opening["card"] = other
    tampered["dealt"]["1"][2] = other  # even with the history's dealt card changed to match
    checks = checks_of(tampered)
    assert checks["openings"][0] is False
    assert checks["openings"][1].startswith(f"position {opening['position']}: {other} with its")
    assert f"but leaf {opening['position']} is" in checks["openings"][1]
    assert checks["commitment"][0] and checks["positions"][0] and checks["cards"][0]
    assert not verify_history(tampered).ok
    assert verify_history(tampered).summary == "NOT verified: the openings check(s) failed"


def test_a_dealt_card_that_is_not_the_committed_one_is_caught() -> None:
    own = own_view(played_hand(13), 0)
    tampered = copy.deepcopy(own)
    committed = tampered["dealt"]["0"][4]
    replacement = next(c for c in (card_str(x) for x in range(52)) if c not in own["dealt"]["0"])
    tampered["dealt"]["0"][4] = replacement
    checks = checks_of(tampered)
    position = own["deck_openings"][4]["position"]
    assert checks["cards"] == (
        False,
        f"card 5 of seat 0 is {replacement} in the history but position {position} holds "
        f"{committed}",
    )
    assert checks["openings"][0] and checks["commitment"][0] and checks["positions"][0]


def test_another_seats_dealt_cards_injected_into_an_own_history_are_caught() -> None:
    full = played_hand(14)
    own = own_view(full, 0)
    tampered = copy.deepcopy(own)
    tampered["dealt"]["2"] = full["dealt"]["2"]  # claims to know seat 2's cards
    checks = checks_of(tampered)
    assert checks["cards"] == (
        False,
        "the history also lists dealt cards of seats [2]: a seat's own history never holds "
        "them (RULES.md §7) and no opening proves them",
    )
    assert checks["openings"][0] and checks["commitment"][0] and checks["positions"][0]


def test_a_tampered_card_salt_is_caught() -> None:
    own = own_view(played_hand(14), 2)
    tampered = copy.deepcopy(own)
    salt = tampered["deck_openings"][0]["card_salt"]
    tampered["deck_openings"][0]["card_salt"] = ("0" if salt[0] != "0" else "1") + salt[1:]
    checks = checks_of(tampered)
    assert not checks["openings"][0]
    assert checks["openings"][1].startswith(f"position {own['deck_openings'][0]['position']}: ")


def test_a_tampered_leaf_is_caught() -> None:
    own = own_view(played_hand(15), 0)
    opened = {o["position"] for o in own["deck_openings"]}
    hidden_position = next(p for p in range(52) if p not in opened)
    other_leaf = copy.deepcopy(own)
    other_leaf["deck_leaves"][hidden_position] = "ab" * 32
    checks = checks_of(other_leaf)
    assert checks["commitment"][0] is False
    assert checks["commitment"][1].startswith("the 52 leaves hash to ")
    assert checks["commitment"][1].endswith(
        f"not to the published commitment {own['deck_commitment']}"
    )
    assert checks["openings"][0] and checks["positions"][0] and checks["cards"][0]
    own_leaf = copy.deepcopy(own)
    position = own["deck_openings"][3]["position"]
    own_leaf["deck_leaves"][position] = "cd" * 32
    checks = checks_of(own_leaf)
    assert not checks["openings"][0] and "but leaf" in checks["openings"][1]
    assert not checks["commitment"][0]


def test_a_position_of_another_seat_is_caught() -> None:
    full = played_hand(16)
    own = own_view(full, 0)
    neighbour = own_view(full, 1)
    stolen = neighbour["deck_openings"][0]  # a genuine opening, but of seat 1's card
    tampered = copy.deepcopy(own)
    dropped = tampered["deck_openings"][0]["position"]
    tampered["deck_openings"][0] = stolen
    tampered["dealt"]["0"][0] = stolen["card"]
    checks = checks_of(tampered)
    assert checks["openings"][0] and checks["commitment"][0]  # the leaf itself is genuine
    assert checks["positions"] == (
        False,
        f"position {stolen['position']} was dealt to seat 1, not to seat 0; "
        f"positions [{dropped}] of seat 0 are not opened",
    )
    assert not checks["cards"][0]


def test_a_missing_position_is_caught() -> None:
    own = own_view(played_hand(17), 2)
    tampered = copy.deepcopy(own)
    missing = tampered["deck_openings"].pop()
    checks = checks_of(tampered)
    assert checks["positions"] == (
        False,
        f"positions [{missing['position']}] of seat 2 are not opened",
    )
    assert checks["cards"] == (
        False,
        f"card 7 of seat 2 is {missing['card']} in the history but position "
        f"{missing['position']} holds unopened",
    )
    assert checks["openings"][0] and checks["commitment"][0]


def test_a_wrong_commitment_is_caught() -> None:
    own = own_view(played_hand(18), 1)
    tampered = {**own, "deck_commitment": "0" * 64}
    checks = checks_of(tampered)
    assert checks["commitment"] == (
        False,
        f"the 52 leaves hash to {leaves_root(own['deck_leaves'])}, not to the published "
        f"commitment {'0' * 64}",
    )
    assert checks["openings"][0] and checks["positions"][0] and checks["cards"][0]


def test_a_repeated_position_is_caught() -> None:
    own = own_view(played_hand(19), 0)
    tampered = copy.deepcopy(own)
    tampered["deck_openings"].append(dict(tampered["deck_openings"][0]))
    position = own["deck_openings"][0]["position"]
    checks = checks_of(tampered)
    assert checks["positions"] == (False, f"positions [{position}] are opened more than once")


def test_malformed_partial_histories_raise_specific_errors() -> None:
    own = own_view(played_hand(20), 0)
    cases: list[tuple[dict[str, Any], str]] = [
        ({**own, "deck_leaves": own["deck_leaves"][:51]}, "must list 52 leaves, got 51"),
        ({**own, "deck_leaves": ["zz"] * 52}, "leaf 0 must be a SHA-256 digest"),
        (
            {**own, "deck_openings": [{"position": 3, "card": "As"}]},
            "opening 0 must be an object with position, card and card_salt",
        ),
        (
            {**own, "deck_openings": [{**own["deck_openings"][0], "card": "Zz"}]},
            "opening 0 \\(position",
        ),
        (
            {**own, "deck_openings": [{**own["deck_openings"][0], "position": 52}]},
            "must be 0..51, got 52",
        ),
        ({**own, "deck_commitment_version": 1}, "version 2 fields"),
        ({**own, "deck_commitment_version": 3}, "must be one of \\(1, 2\\)"),
        ({**own, "viewer_seat": 1}, "viewer_seat 1 has no dealt cards"),
        (
            {k: v for k, v in own.items() if k != "deck_openings"},
            "this history has neither: it is a spectator's history",
        ),
    ]
    for history, message in cases:
        with pytest.raises(FairnessError, match=message):
            verify_history(history)


def test_version_1_histories_still_verify() -> None:
    full = played_hand(21)
    codes = [card_str(c) for c in range(52)]
    deck = [codes.index(c) for c in full["deck"]]
    v1 = {k: v for k, v in full.items() if k != "deck_commitment_version"}
    v1["deck_commitment"] = deck_commitment(deck, full["deck_salt"])
    result = verify_history(v1)
    assert result.ok and result.scope == "full"
    assert "(version 1)" in result.checks[0][2]
    assert verify_history({**v1, "deck_commitment_version": 1}).ok
    # the version is part of what is checked: a v1 commitment does not pass as a v2 one
    relabelled = verify_history({**v1, "deck_commitment_version": 2})
    assert not relabelled.ok and relabelled.checks[0][0] == "commitment"


def test_full_version_2_catches_a_changed_deck_and_wrong_leaves() -> None:
    full = played_hand(22)
    swapped = copy.deepcopy(full)
    swapped["deck"][40], swapped["deck"][41] = swapped["deck"][41], swapped["deck"][40]
    checks = checks_of(swapped)
    assert not checks["commitment"][0] and checks["commitment"][1].startswith("recomputed ")
    codes = [card_str(c) for c in range(52)]
    leaves = deck_leaves([codes.index(c) for c in full["deck"]], full["deck_salt"])
    listed = copy.deepcopy(full)
    listed["deck_leaves"] = [*leaves[:7], "ee" * 32, *leaves[8:]]
    checks = checks_of(listed)
    assert checks["leaves"] == (
        False,
        "the listed leaves differ from the revealed deck's at positions [7]",
    )
    assert checks_of({**full, "deck_leaves": leaves})["leaves"][0]


@settings(max_examples=60, deadline=None)
@given(
    st.permutations(list(range(52))),
    st.binary(min_size=32, max_size=32),
    st.integers(2, 7),
    st.integers(0, 6),
)
def test_random_decks_and_salts_round_trip(
    deck: list[int], salt: bytes, players: int, button_index: int
) -> None:
    """Every seat's own reveal verifies; the openings are exactly its deck positions and
    cards; the root is the oracle's; swapping any two cards changes it."""
    salt_hex = salt.hex()
    seats = list(range(players))
    button = seats[button_index % players]
    _, oracle_leaves, oracle_root = oracle_commitment(deck, salt_hex)
    root = deck_commitment_v2(deck, salt_hex)
    assert root == oracle_root
    dealt = deal_from_deck(deck, seats=seats, button=button, cards_each=7)
    positions = dealt_positions(seats=seats, button=button, cards_each=7)
    base = {
        "config": {"cards_dealt": 7},
        "seats": [{"seat": s} for s in seats],
        "button": button,
        "deck_commitment": root,
        "deck_commitment_version": 2,
        "deck_leaves": oracle_leaves,
    }
    for seat in seats:
        openings = seat_openings(
            deck, salt_hex, seats=seats, button=button, cards_each=7, seat=seat
        )
        assert [o["position"] for o in openings] == positions[seat]
        assert [o["card"] for o in openings] == [card_str(c) for c in dealt[seat]]
        history = {
            **base,
            "dealt": {str(seat): [card_str(c) for c in dealt[seat]]},
            "deck_openings": openings,
        }
        assert verify_history(history).ok
    swapped = list(deck)
    i, j = sorted(random.Random(salt).sample(range(52), 2))
    swapped[i], swapped[j] = swapped[j], swapped[i]
    assert deck_commitment_v2(swapped, salt_hex) != root
