"""Downloaded hand histories and provable fairness on a live server (loopback, SQLite): at a
default table a seat's own download proves its own dealt cards were committed before the deal
and placed by the player seeds (version 3 openings of server-deck positions) and carries no
card it may not know (RULES.md §7); spectators get the leaves but no openings; tables that
reveal the deck verify in full; hands stored with the version 1 or 2 commitment still replay
and verify."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import LiveServer, cards_in, play_one_hand
from typer.testing import CliRunner

from anaconda_poker.cli.main import app
from anaconda_poker.core.cards import card_str, parse_codes
from anaconda_poker.core.fairness import (
    FairnessError,
    dealt_positions,
    deck_commitment,
    deck_commitment_v2,
    deck_leaves,
    leaves_root,
)
from anaconda_poker.core.fairness_v3 import shuffle_permutation, verify_any
from anaconda_poker.core.fairness_verify import verify_history
from anaconda_poker.server.histories import history_for


async def _download(live: LiveServer, table_id: str, token: str | None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(base_url=live.http) as http:
        response = await http.get(f"/api/tables/{table_id}/hands/1?download=1", headers=headers)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _stored(live: LiveServer, table_id: str) -> dict[str, Any]:
    store = live.lobby.store
    assert store is not None
    record = store.hand(table_id, 1)
    assert record is not None
    return record.history


def _verify_cli(tmp_path: Path, history: dict[str, Any]) -> tuple[int, str]:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(history), encoding="utf-8")
    # a wide console, so that table cells are not wrapped; then undo any line wrapping
    result = CliRunner().invoke(app, ["verify", str(path)], env={"COLUMNS": "400"})
    return result.exit_code, " ".join(result.output.split())


async def test_a_seat_verifies_its_own_cards_at_a_default_table(
    live_server: LiveServer, tmp_path: Path
) -> None:
    created, table_id = await play_one_hand(live_server)
    mine = await _download(live_server, table_id, created["token"])
    public = await _download(live_server, table_id, None)
    full = _stored(live_server, table_id)
    assert full["deck_commitment_version"] == 3
    # the default seed window asks nobody: every seat has the empty seed
    assert full["player_seeds"] == [{"seat": s, "seed": ""} for s in (0, 1, 2)]

    # the own download: the 52 leaves and the seat's own openings, nothing else secret
    assert mine["viewer_seat"] == 0 and mine["redacted"] is True
    assert not {"deck", "deck_salt", "server_deck"} & set(mine)
    assert mine["deck_commitment"] == full["deck_commitment"]
    assert mine["deck_commitment_version"] == 3
    assert mine["player_seeds"] == full["player_seeds"]
    assert leaves_root(mine["deck_leaves"]) == full["deck_commitment"]
    assert (
        deck_commitment_v2(parse_codes(full["server_deck"]), full["deck_salt"])
        == (full["deck_commitment"])
    )
    seats = [s["seat"] for s in full["seats"]]
    positions = dealt_positions(seats=seats, button=full["button"], cards_each=7)
    perm = shuffle_permutation(full["deck_commitment"], [(s, "") for s in seats])
    assert [o["position"] for o in mine["deck_openings"]] == [perm[p] for p in positions[0]]
    assert [o["card"] for o in mine["deck_openings"]] == full["dealt"]["0"]
    assert [full["deck"][p] for p in positions[0]] == full["dealt"]["0"]
    assert [full["server_deck"][perm[p]] for p in positions[0]] == full["dealt"]["0"]

    # every card string in the download is one the seat may know: its own dealt cards, its
    # own pass and arrange choices, and the cards shown at the showdown
    shown = {c for cards in (full["result"].get("revealed") or {}).values() for c in cards}
    own_choices = {c for a in full["actions"] if a["seat"] == 0 for c in a.get("cards", [])}
    known = set(full["dealt"]["0"]) | own_choices | shown
    assert cards_in(mine) <= known, cards_in(mine) - known
    others = {c for s, cards in full["dealt"].items() if s != "0" for c in cards} - known
    assert others and not others & cards_in(mine)
    # no position of any other seat's card, shown at the showdown or not
    text = json.dumps(mine)
    assert text.count('"position"') == 7 and text.count('"card_salt"') == 7

    result = verify_any(mine)
    assert result.ok and result.scope == "own" and result.seat == 0, result.checks
    code, output = _verify_cli(tmp_path, mine)
    assert code == 0, output
    assert "your 7 cards come from a server deck committed before the player seeds" in output
    assert "other seats' cards stay secret" in output
    forged = json.loads(json.dumps(mine))
    forged["deck_openings"][0]["card_salt"] = "00" * 32
    code, output = _verify_cli(tmp_path, forged)
    assert code == 1 and "NOT verified: the openings check(s) failed" in output
    assert f"position {perm[positions[0][0]]}: " in output

    # a spectator: the same leaves (salted hashes, no card) but no openings or positions
    assert public["viewer_seat"] is None and public["deck_leaves"] == mine["deck_leaves"]
    assert "deck_openings" not in public and '"position"' not in json.dumps(public)
    assert cards_in(public) <= shown
    with pytest.raises(FairnessError, match="spectator's history"):
        verify_any(public)
    code, output = _verify_cli(tmp_path, public)
    assert code == 1 and "spectator's history" in output


async def test_a_table_that_reveals_the_deck_verifies_in_full(
    live_server: LiveServer, tmp_path: Path
) -> None:
    created, table_id = await play_one_hand(live_server, reveal_deck_after_hand=True)
    full = await _download(live_server, table_id, created["token"])
    assert full["redacted"] is False and full["deck_commitment_version"] == 3
    result = verify_any(full)
    assert result.ok and result.scope == "full"
    assert [n for n, _, _ in result.checks] == ["commitment", "seeds", "deal", "replay"]
    code, output = _verify_cli(tmp_path, full)
    assert code == 0 and "full verification: the server's deck was fixed" in output
    tampered = {**full, "deck_salt": "00" * 32}
    code, output = _verify_cli(tmp_path, tampered)
    assert code == 1 and "NOT verified: the commitment check(s) failed" in output


V3_ONLY = ("commitment_version", "server_deck", "player_seeds")


@pytest.mark.parametrize("version", [1, 2])
async def test_hands_stored_with_version_1_or_2_still_replay_and_verify(
    live_server: LiveServer, version: int
) -> None:
    """A database written before version 3 (or 2): ``hand_started`` events without seeds or
    server deck, with the v2 commitment (or without a version, with the v1 commitment). The
    table rebuilds from them (finished and mid-hand) and computes nothing new: the history
    says the old version and verifies with it."""
    _, table_id = await play_one_hand(live_server)
    store = live_server.lobby.store
    assert store is not None
    settings = live_server.lobby.table(table_id).settings
    old_events = []
    for event in store.events(table_id):
        if event.kind == "hand_started":
            payload = {k: v for k, v in event.payload.items() if k not in V3_ONLY}
            if version == 1:
                payload["commitment"] = deck_commitment(payload["deck"], payload["salt"])
            else:
                payload["commitment"] = deck_commitment_v2(payload["deck"], payload["salt"])
                payload["commitment_version"] = 2
            event = dataclasses.replace(event, payload=payload)
        old_events.append(event)
    started = next(e for e in old_events if e.kind == "hand_started")
    finished_at = next(i for i, e in enumerate(old_events) if e.kind == "hand_finished")
    for events in (old_events, old_events[: finished_at - 1]):  # finished, then mid-hand
        table = live_server.lobby.build_table(table_id, settings)
        table.replay(events)
        history = table.full_history()
        assert history["deck_commitment_version"] == version
        assert not {"server_deck", "player_seeds"} & set(history)
        assert history["deck_commitment"] == started.payload["commitment"]
        result = verify_any(history)
        assert result.ok and f"(version {version})" in result.checks[0][2], result.checks
    # its downloads: the full one verifies; the own and public ones of version 1 have
    # nothing to open, version 2 ones open the seat's own dealt positions
    finished = live_server.lobby.build_table(table_id, settings)
    finished.replay(old_events)
    old = finished.full_history()
    assert verify_history(history_for(old, 0, reveal_deck=True)).ok
    own = history_for(old, 0, reveal_deck=False)
    assert own["dealt"] == {"0": old["dealt"]["0"]}
    if version == 1:
        assert not {"deck", "deck_salt", "deck_leaves", "deck_openings"} & set(own)
        assert "deck_leaves" not in history_for(old, None, reveal_deck=False)
    else:
        assert not {"deck", "deck_salt"} & set(own)
        assert verify_history(own).ok and len(own["deck_openings"]) == 7


def test_history_for_opens_only_the_viewers_positions() -> None:
    """The pure redaction on a hand-made stored history: each seat's openings are its own
    positions and their cards, the leaves are the deck's, spectators get no openings."""
    deck = list(range(52))
    salt = "5a" * 32
    seats = [1, 3, 4]
    positions = dealt_positions(seats=seats, button=4, cards_each=7)
    dealt = {seat: [deck[p] for p in ps] for seat, ps in positions.items()}
    stored: dict[str, Any] = {
        "config": {"cards_dealt": 7},
        "seats": [{"seat": s, "name": f"p{s}", "stack": 10} for s in seats],
        "button": 4,
        "dealt": {str(s): [card_str(c) for c in cards] for s, cards in dealt.items()},
        "actions": [],
        "deck": [card_str(c) for c in deck],
        "deck_salt": salt,
        "deck_commitment_version": 2,
    }
    leaves = deck_leaves(deck, salt)
    stored["deck_commitment"] = leaves_root(leaves)
    for seat in seats:
        own = history_for(stored, seat, reveal_deck=False)
        assert own["deck_leaves"] == leaves
        assert [o["position"] for o in own["deck_openings"]] == positions[seat]
        assert parse_codes([o["card"] for o in own["deck_openings"]]) == dealt[seat]
        assert verify_history(own).ok
    spectator = history_for(stored, None, reveal_deck=False)
    assert "deck_openings" not in spectator and spectator["deck_leaves"] == leaves
    assert history_for(stored, 2, reveal_deck=False) == spectator  # seat 2 was not dealt in
