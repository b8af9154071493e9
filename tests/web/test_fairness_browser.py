"""The browser's fairness check (js/fairness.js, js/sha256.js) against the Python oracles in
Chromium: HMAC-SHA256 (hmac), the version 2 commitment, full checks of versions 1 and 2, and a
seat's own-cards check agreeing with ``core.fairness.verify_history`` on honest and tampered
downloads made by the server's own redaction (``server.histories``). Version 3 (player seeds):
the permutation of the documented vector and of random seeds, full and own checks agreeing
with ``core.fairness_v3.verify_any``, and a browser at a table that asks for seeds answering
with its own seed, which the hand's history lists and Verify confirms."""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import random
from typing import Any

import pytest

from anaconda_poker.core.cards import card_str
from anaconda_poker.core.fairness import (
    deal_from_deck,
    deck_commitment,
    deck_commitment_v2,
    leaves_root,
)
from anaconda_poker.core.fairness_v3 import (
    canonical_seeds,
    derive_deck,
    shuffle_permutation,
    verify_any,
)
from anaconda_poker.core.fairness_verify import verify_history
from anaconda_poker.server.histories import history_for

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


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
        "version": 2,
        "computed": v2["deck_commitment"],
        "commitment": True,
        "announced": True,
        "seeds": None,
        "deal": True,
    }
    assert ok1 == {
        "version": 1,
        "computed": v1["deck_commitment"],
        "commitment": True,
        "announced": True,
        "seeds": None,
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


# ------------------------------------------------------------------ version 3: player seeds
VECTOR_COMMITMENT = "5365b7661addd41f38e28d7a01150c98983741dc00b8caec9157296893594076"
VECTOR_SEEDS = [
    {"seat": 0, "seed": "00112233445566778899aabbccddeeff"},
    {"seat": 2, "seed": ""},
    {"seat": 3, "seed": "deadbeef"},
]


def stored_v3(seed: int, *, seats: list[int], button: int) -> dict[str, Any]:
    """A stored full version 3 history's fairness fields (no actions needed for the check)."""
    rng = random.Random(seed)
    server_deck = list(range(52))
    rng.shuffle(server_deck)
    salt = rng.randbytes(32).hex()
    commitment = deck_commitment_v2(server_deck, salt)
    seeds = canonical_seeds({s: rng.randbytes(1 + s).hex() for s in seats[1:]}, seats)
    deck = derive_deck(server_deck, commitment, seeds)
    dealt = deal_from_deck(deck, seats=seats, button=button, cards_each=7)
    return {
        "config": {"cards_dealt": 7},
        "seats": [{"seat": s, "name": f"p{s}", "stack": 20} for s in seats],
        "button": button,
        "dealt": {str(s): [card_str(c) for c in dealt[s]] for s in seats},
        "actions": [],
        "server_deck": [card_str(c) for c in server_deck],
        "deck": [card_str(c) for c in deck],
        "deck_salt": salt,
        "deck_commitment": commitment,
        "deck_commitment_version": 3,
        "player_seeds": [{"seat": s, "seed": v} for s, v in seeds],
    }


def test_version_3_permutation_matches_python(module_page: Any) -> None:
    rng = random.Random(9)
    cases = [(VECTOR_COMMITMENT, VECTOR_SEEDS)] + [
        (
            rng.randbytes(32).hex(),
            [{"seat": s, "seed": rng.randbytes(rng.randrange(65)).hex()} for s in range(n)],
        )
        for n in (2, 5, 9)
    ]
    got = module_page.evaluate(
        """async (cases) => {
          const f = await import('/js/fairness.js');
          return cases.map(([c, seeds]) => f.shufflePermutation(c, seeds));
        }""",
        cases,
    )
    assert got[0][:10] == [17, 26, 20, 16, 31, 21, 25, 30, 18, 3]  # HAND_HISTORY.md's vector
    for (commitment, seeds), js in zip(cases, got, strict=True):
        pairs = [(e["seat"], e["seed"]) for e in seeds]
        assert js == shuffle_permutation(commitment, pairs)


def test_version_3_checks_agree_with_the_python_verifier(module_page: Any) -> None:
    full = stored_v3(3, seats=[0, 2, 5], button=2)
    own = history_for(full, 5, reveal_deck=False)
    other_seed = copy.deepcopy(own)
    other_seed["player_seeds"][0]["seed"] = "ab" * 32
    as_v2 = {**copy.deepcopy(own), "deck_commitment_version": 2}
    full_other_seed = copy.deepcopy(full)
    full_other_seed["player_seeds"][1]["seed"] = ""
    owns = [("honest", own), ("seed", other_seed)]
    fulls = [("honest", full), ("seed", full_other_seed)]
    got = module_page.evaluate(
        """async ([owns, fulls, mine]) => {
          const f = await import('/js/fairness.js');
          const out = { own: [], full: [] };
          for (const d of owns) out.own.push(await f.verifyOwnCards(d, null));
          for (const d of fulls) out.full.push(await f.verifyHand(d, null));
          out.mine = [f.mySeedListed(owns[0], 5, mine), f.mySeedListed(owns[0], 5, 'ab'),
                      f.mySeedListed(owns[0], 5, null)];
          return out;
        }""",
        [[d for _, d in owns] + [as_v2], [d for _, d in fulls], full["player_seeds"][2]["seed"]],
    )
    for (name, doc), js in zip(owns, got["own"], strict=False):
        python = {n: ok for n, ok, _ in verify_any(doc).checks}
        # the browser's "positions" check is the Python "seeds" check in version 3
        assert js["positions"] == python["seeds"], name
        assert js["openings"] == python["openings"] and js["cards"] == python["cards"], name
        assert all(python.values()) is (name == "honest"), name
    assert got["own"][2]["positions"] is False  # version 2 positions are not the seeds' ones
    for (name, doc), js in zip(fulls, got["full"], strict=True):
        python = {n: ok for n, ok, _ in verify_any(doc, replay=False).checks}
        assert js["version"] == 3 and js["seeds"] == python["seeds"], name
        assert js["commitment"] is python["commitment"] is True and js["deal"] is True, name
    assert got["mine"] == [True, False, None]


def test_the_browser_sends_its_seed_and_verify_confirms_it(tmp_path: Any, open_page: Any) -> None:
    """At a server that asks for seeds the table page answers the seed_request by itself with
    32 random bytes; the hand's history lists that seed for its seat, and Verify says so."""
    from conftest import serve_process
    from test_e2e import create_table_in_lobby

    with serve_process(tmp_path, "--seed-window", "30") as server:
        probe = open_page()
        page = probe.page
        table_id = create_table_in_lobby(
            page, server.url, name="Seeds", host="Ann", bots=1, seats=2, auto_start=False
        )
        # connected now: dealt with auto_start, the first hand would not wait for this page
        page.wait_for_selector("#next-hand:not([disabled])")
        page.click("#next-hand")
        page.wait_for_function(
            "() => Object.keys(JSON.parse(localStorage.getItem('anaconda-poker.seeds.v1') || '{}'))"
            ".length > 0"
        )
        seeds = page.evaluate("() => JSON.parse(localStorage.getItem('anaconda-poker.seeds.v1'))")
        mine = seeds[f"{table_id}:1"]
        assert len(mine) == 64 and int(mine, 16) >= 0
        # the server deals once the only asked seat answered: hand_started lists the seed
        started = _wait_frame(page, probe, '"type":"hand_started"')
        assert {"seat": 0, "seed": mine} in started["player_seeds"]
        assert {"seat": 1, "seed": ""} in started["player_seeds"]  # the bot is not asked
        # leave: the seat's decisions are made at once and the hand ends
        page.click("#tab-fair")
        token = page.evaluate(
            "(id) => JSON.parse(localStorage.getItem('anaconda-poker.prefs.v1')).seats[id].token",
            table_id,
        )
        _leave(server.url, token)
        page.wait_for_selector("#verify-1", state="attached")
        page.wait_for_function("() => !document.querySelector('#verify-1').disabled")
        page.click("#verify-1")
        verdict = page.wait_for_selector("#verify-result-1").inner_text()
        assert verdict.startswith("✓ Your 7 cards come from the deck committed before"), verdict
        assert "Your seed is the one listed for your seat" in verdict
        page.close()  # before the server stops: no reconnection attempts in the console
        # a request the page had in flight with the seat's token when the leave went through
        # (the old token no longer holds a seat) is answered 401, which Chromium always logs
        # as "Failed to load resource"; that is the server refusing correctly, not a page error
        probe.errors[:] = [e for e in probe.errors if "401 (Unauthorized)" not in e]


def _wait_frame(page: Any, probe: Any, marker: str) -> dict[str, Any]:
    for _ in range(300):
        for frame in probe.frames:
            if marker in frame:
                found: dict[str, Any] = json.loads(frame)
                return found
        page.wait_for_timeout(100)
    raise AssertionError(f"no frame with {marker}")


def _leave(base: str, token: str) -> None:
    """Send leave_seat on a second socket of the seat (the page keeps its own)."""
    from websockets.sync.client import connect

    ws_url = base.replace("http://", "ws://") + "/ws"
    with connect(ws_url, origin=base) as ws:  # type: ignore[arg-type]
        ws.send(json.dumps({"type": "hello", "token": token}))
        ws.recv(timeout=10)
        ws.send(json.dumps({"type": "leave_seat"}))
        for _ in range(200):
            if '"seat_left"' in str(ws.recv(timeout=20)):
                return
    raise AssertionError("the seat did not leave")
