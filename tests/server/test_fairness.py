"""Provably fair deals: the commitment format, the deal from a committed deck, the checks of
``anaconda-poker verify`` and that each catches tampering."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from anaconda_poker.cli.main import app
from anaconda_poker.core.cards import card_str
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.fairness import (
    FairnessError,
    commitment_matches,
    deal_from_deck,
    deck_commitment,
)
from anaconda_poker.core.fairness_verify import verify_history
from anaconda_poker.core.state import HandState, Seat
from anaconda_poker.server.bot_seats import random_legal_action


def test_commitment_is_sha256_of_the_documented_text() -> None:
    deck = list(range(52))
    salt = "ab" * 32
    text = "anaconda-deck-v1:" + salt + ":" + " ".join(card_str(c) for c in deck)
    assert deck_commitment(deck, salt) == hashlib.sha256(text.encode("ascii")).hexdigest()
    assert deck_commitment(deck, salt.upper()) == deck_commitment(deck, salt)  # hex in any case
    assert commitment_matches(deck_commitment(deck, salt).upper(), deck, salt)


@given(st.permutations(list(range(52))), st.binary(min_size=32, max_size=32))
def test_any_change_of_deck_or_salt_changes_the_commitment(deck: list[int], salt: bytes) -> None:
    commitment = deck_commitment(deck, salt.hex())
    swapped = list(deck)
    swapped[0], swapped[51] = swapped[51], swapped[0]
    assert not commitment_matches(commitment, swapped, salt.hex())
    other_salt = bytes([salt[0] ^ 1]) + salt[1:]
    assert not commitment_matches(commitment, deck, other_salt.hex())


def test_malformed_decks_and_salts_are_refused() -> None:
    with pytest.raises(FairnessError, match="52 cards"):
        deck_commitment(list(range(51)), "00")
    with pytest.raises(FairnessError, match="52 cards"):
        deck_commitment([0, *range(51)], "00")
    for salt in ("", "abc", "zz"):
        with pytest.raises(FairnessError, match="hex"):
            deck_commitment(list(range(52)), salt)


@given(st.permutations(list(range(52))), st.integers(2, 7), st.integers(0, 9))
def test_the_deal_matches_the_engines_deal_from_the_same_deck(
    deck: list[int], players: int, button_index: int
) -> None:
    seats = list(range(players))
    button = seats[button_index % players]
    state = HandState(
        TableConfig(), seats=[Seat(name=f"p{i}", stack=10) for i in seats], button=button, deck=deck
    )
    dealt = deal_from_deck(deck, seats=seats, button=button, cards_each=7)
    assert {s: tuple(c) for s, c in dealt.items()} == {s: state.dealt[s] for s in seats}
    assert next(iter(dealt)) == (button + 1) % players  # left of the button first


def _played_history(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    salt = bytes(rng.getrandbits(8) for _ in range(32)).hex()
    state = HandState(
        TableConfig(),
        seats=[Seat(name=n, stack=50) for n in ("Ana", "Bo", "Cy")],
        button=1,
        deck=deck,
    )
    while not state.is_complete:
        seat = state.to_act[0]
        state.apply(seat, random_legal_action(state.legal_actions(seat), rng))
    history = state.history(include_deck=True)
    history["deck_salt"] = salt
    history["deck_commitment"] = deck_commitment(deck, salt)
    return history


def test_verify_accepts_a_true_history_and_catches_each_kind_of_tampering() -> None:
    history = _played_history(3)
    result = verify_history(history)
    assert result.ok and [name for name, _, _ in result.checks] == ["commitment", "deal", "replay"]

    swapped = copy.deepcopy(history)
    swapped["deck"][0], swapped["deck"][1] = swapped["deck"][1], swapped["deck"][0]
    checks = {name: ok for name, ok, _ in verify_history(swapped).checks}
    assert checks["commitment"] is False

    other_deal = copy.deepcopy(history)
    seats = sorted(other_deal["dealt"])
    a, b = other_deal["dealt"][seats[0]], other_deal["dealt"][seats[1]]
    a[0], b[0] = b[0], a[0]
    checks = {name: ok for name, ok, _ in verify_history(other_deal).checks}
    assert checks["commitment"] is True and checks["deal"] is False

    other_result = copy.deepcopy(history)
    first = next(iter(other_result["result"]["net"]))
    other_result["result"]["net"][first] += 1
    checks = {name: ok for name, ok, _ in verify_history(other_result).checks}
    assert checks["replay"] is False and not verify_history(other_result).ok

    with pytest.raises(FairnessError, match="deck_salt"):
        verify_history({k: v for k, v in history.items() if k != "deck_salt"})


def test_verify_command(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_played_history(5)), encoding="utf-8")
    bad_history = _played_history(6)
    bad_history["deck_commitment"] = "0" * 64
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_history), encoding="utf-8")
    runner = CliRunner()
    ok = runner.invoke(app, ["verify", str(good)])
    assert ok.exit_code == 0, ok.output
    assert "commitment" in ok.output and "yes" in ok.output
    failed = runner.invoke(app, ["verify", str(good), str(bad)])
    assert failed.exit_code == 1
    assert "no" in failed.output
    missing = runner.invoke(app, ["verify", str(tmp_path / "absent.json")])
    assert missing.exit_code == 2  # a missing file, as in replay (issue 13 item 14)
