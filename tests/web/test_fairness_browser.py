"""The browser's fairness check (js/fairness.js, js/sha256.js) against the Python oracles in
Chromium: HMAC-SHA256 (hmac), the version 2 commitment, full checks of versions 1 and 2, and a
seat's own-cards check agreeing with ``core.fairness.verify_history`` on honest and tampered
downloads made by the server's own redaction (``server.histories``)."""

from __future__ import annotations

import copy
import hashlib
import hmac
import random
from typing import Any

import pytest

from anaconda_poker.core.cards import card_str
from anaconda_poker.core.fairness import (
    deal_from_deck,
    deck_commitment,
    deck_commitment_v2,
    leaves_root,
    verify_history,
)
from anaconda_poker.server.histories import history_for

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


@pytest.fixture
def module_page(server: Any, open_page: Any) -> Any:
    page = open_page().page
    page.goto(server.url + "/rules/en.html")  # any page of ours: same origin for imports
    return page


def test_pure_javascript_hmac_matches_python(module_page: Any) -> None:
    rng = random.Random(4)
    cases = [
        (rng.randbytes(n).hex(), text)
        for n in (0, 1, 32, 63, 64, 65, 131)
        for text in ("", "anaconda-card-salt-v2:0", "anaconda-card-salt-v2:51", "é" * 70)
    ]
    got = module_page.evaluate(
        """async (cases) => {
          const m = await import('/js/sha256.js');
          return cases.map(([key, text]) => m.hmacSha256Hex(key, text));
        }""",
        cases,
    )
    expected = [
        hmac.new(bytes.fromhex(key), text.encode(), hashlib.sha256).hexdigest()
        for key, text in cases
    ]
    assert got == expected


def stored_hand(seed: int, *, seats: list[int], button: int, version: int) -> dict[str, Any]:
    """A stored full history's fairness fields for a deal (no actions needed for the check)."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    salt = rng.randbytes(32).hex()
    dealt = deal_from_deck(deck, seats=seats, button=button, cards_each=7)
    commit = deck_commitment_v2 if version == 2 else deck_commitment
    return {
        "config": {"cards_dealt": 7},
        "seats": [{"seat": s, "name": f"p{s}", "stack": 20} for s in seats],
        "button": button,
        "dealt": {str(s): [card_str(c) for c in dealt[s]] for s in seats},
        "actions": [],
        "deck": [card_str(c) for c in deck],
        "deck_salt": salt,
        "deck_commitment": commit(deck, salt),
        "deck_commitment_version": version,
    }


def test_full_checks_of_both_versions(module_page: Any) -> None:
    v2 = stored_hand(1, seats=[0, 2, 3, 5], button=3, version=2)
    v1 = stored_hand(1, seats=[0, 2, 3, 5], button=3, version=1)
    swapped = copy.deepcopy(v2)
    swapped["deck"][0], swapped["deck"][30] = swapped["deck"][30], swapped["deck"][0]
    other_deal = copy.deepcopy(v2)
    other_deal["dealt"]["0"][0], other_deal["dealt"]["2"][0] = (
        other_deal["dealt"]["2"][0],
        other_deal["dealt"]["0"][0],
    )
    results = module_page.evaluate(
        """async (docs) => {
          const f = await import('/js/fairness.js');
          const out = [];
          for (const d of docs) out.push(await f.verifyHand(d, d.deck_commitment));
          out.push(await f.commitmentV2(docs[0].deck, docs[0].deck_salt));
          return out;
        }""",
        [v2, v1, swapped, other_deal],
    )
    ok2, ok1, bad_deck, bad_deal, root = results
    assert ok2 == {
        "computed": v2["deck_commitment"],
        "commitment": True,
        "announced": True,
        "deal": True,
    }
    assert ok1 == {
        "computed": v1["deck_commitment"],
        "commitment": True,
        "announced": True,
        "deal": True,
    }
    assert bad_deck["commitment"] is False and bad_deck["announced"] is False
    assert bad_deal["commitment"] is True and bad_deal["deal"] is False
    assert root == v2["deck_commitment"]


def own_downloads() -> list[tuple[str, dict[str, Any]]]:
    """A seat's genuine own download and tampered copies of it, one kind of tampering each."""
    stored = stored_hand(2, seats=[1, 2, 4], button=1, version=2)
    own = history_for(stored, 4, reveal_deck=False)
    neighbour = history_for(stored, 2, reveal_deck=False)
    cases = [("honest", own)]
    card = copy.deepcopy(own)
    card["deck_openings"][1]["card"] = next(c for c in stored["deck"] if c not in own["dealt"]["4"])
    cases.append(("card", card))
    salt = copy.deepcopy(own)
    salt["deck_openings"][0]["card_salt"] = "00" * 32
    cases.append(("salt", salt))
    leaf = copy.deepcopy(own)
    opened = {o["position"] for o in own["deck_openings"]}
    leaf["deck_leaves"][next(p for p in range(52) if p not in opened)] = "ab" * 32
    cases.append(("leaf", leaf))
    other = copy.deepcopy(own)
    other["deck_openings"][0] = neighbour["deck_openings"][0]
    other["dealt"]["4"][0] = neighbour["deck_openings"][0]["card"]
    cases.append(("other seat's position", other))
    missing = copy.deepcopy(own)
    missing["deck_openings"].pop()
    cases.append(("missing position", missing))
    cases.append(("wrong commitment", {**own, "deck_commitment": "0" * 64}))
    dealt = copy.deepcopy(own)
    dealt["dealt"]["4"][6] = next(c for c in stored["deck"] if c not in own["dealt"]["4"])
    cases.append(("dealt card", dealt))
    foreign = copy.deepcopy(own)
    foreign["dealt"]["2"] = neighbour["dealt"]["2"]  # claims another seat's cards
    cases.append(("another seat's dealt cards", foreign))
    return cases


def test_own_cards_check_agrees_with_the_python_verifier(module_page: Any) -> None:
    cases = own_downloads()
    got = module_page.evaluate(
        """async (docs) => {
          const f = await import('/js/fairness.js');
          const out = [];
          for (const d of docs) out.push(await f.verifyOwnCards(d, null));
          return out;
        }""",
        [doc for _, doc in cases],
    )
    for (name, doc), js in zip(cases, got, strict=True):
        python = {n: ok for n, ok, _ in verify_history(doc).checks}
        assert {k: js[k] for k in python} == python, name
        assert js["seat"] == 4 and js["count"] == 7 and js["announced"] is None
        assert js["computed"] == leaves_root(doc["deck_leaves"]), name
        assert all(python.values()) is (name == "honest"), name
    announced = module_page.evaluate(
        """async (doc) => (await import('/js/fairness.js')).verifyOwnCards(doc, 'f'.repeat(64))""",
        cases[0][1],
    )
    assert announced["announced"] is False and announced["commitment"] is True
