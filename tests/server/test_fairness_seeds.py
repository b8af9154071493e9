"""Player seeds on a live server (fairness version 3, ``server/seeds.py``; loopback, SQLite):
each connected seat is asked for a seed with the commitment before the deal, its seed moves
the deck exactly as HAND_HISTORY.md's derivation says (checked with an oracle written from
the document with hmac only), a missing seed counts as empty once the window passes, refused
seed messages change nothing, and a crash in the middle of the seed round replays to the same
round and the same deck."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import (
    Client,
    LiveServer,
    create_table,
    local_settings,
    running_server,
    table_snapshot,
    ws_client,
)
from typer.testing import CliRunner

from anaconda_poker.cli.main import app
from anaconda_poker.core.fairness import deal_from_deck, deck_commitment_v2
from anaconda_poker.core.fairness_v3 import verify_any
from anaconda_poker.server.errors import RecoveryError
from anaconda_poker.server.settings import ServerSettings

SEED_A = "0f" * 32
SEED_B = "a1b2c3d4" * 8


def oracle_deck(server_deck: list[int], commitment: str, seeds: list[tuple[int, str]]) -> list[int]:
    """HAND_HISTORY.md "Fairness version 3" written out with hmac only (no project code)."""
    text = "anaconda-seeds-v3:" + ",".join(f"{s}={seed}" for s, seed in sorted(seeds))
    key = hmac.new(bytes.fromhex(commitment), text.encode(), hashlib.sha256).digest()
    stream = b"".join(
        hmac.new(key, f"anaconda-shuffle-v3:{j}".encode(), "sha256").digest() for j in range(40)
    )
    words = iter(int.from_bytes(stream[k : k + 4], "big") for k in range(0, len(stream), 4))
    perm = list(range(52))
    for i in range(51, 0, -1):
        n = i + 1
        u = next(words)
        while u >= 2**32 - 2**32 % n:
            u = next(words)
        perm[i], perm[u % n] = perm[u % n], perm[i]
    return [server_deck[p] for p in perm]


def _settings(db_url: str, tmp_path: Path, window: float) -> ServerSettings:
    return local_settings(db_url, tmp_path, seed_window=window)


async def _two_humans_and_a_bot(live: LiveServer) -> tuple[str, Client, Client, str, str]:
    """Seat 0 (the host) and seat 3 are humans with a socket each, seat 1 a bot."""
    created = await create_table(
        live, seats=4, bots=[{"seat": 1, "level": "random"}], auto_start=False
    )
    table_id = created["table"]["table_id"]
    async with httpx.AsyncClient(base_url=live.http) as http:
        response = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Ann", "seat": 3})
    assert response.status_code in (200, 201), response.text
    other_token = response.json()["token"]
    host = await ws_client(live, {"token": created["token"]})
    other = await ws_client(live, {"token": other_token})
    for client in (host, other):
        await client.until(lambda f: f["type"] == "state")
    return table_id, host, other, created["token"], other_token


def _events(live: LiveServer, table_id: str, kind: str) -> list[dict[str, Any]]:
    store = live.lobby.store
    assert store is not None
    return [e.payload for e in store.events(table_id) if e.kind == kind]


async def _download(live: LiveServer, table_id: str, token: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=live.http) as http:
        response = await http.get(
            f"/api/tables/{table_id}/hands/1", headers={"Authorization": f"Bearer {token}"}
        )
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


async def test_each_seed_shuffles_the_committed_deck(db_url: str, tmp_path: Path) -> None:
    async with running_server(_settings(db_url, tmp_path, window=30.0)) as live:
        table_id, host, other, token, _ = await _two_humans_and_a_bot(live)
        table = live.lobby.table(table_id)
        await host.send({"type": "next_hand"})
        request = await host.until(lambda f: f["type"] == "seed_request")
        other_request = await other.until(lambda f: f["type"] == "seed_request")
        assert request == other_request
        assert request["hand_no"] == 1 and request["seats"] == [0, 1, 3]
        assert request["commitment_version"] == 3
        # the commitment is fixed before any seed: it is the stored server deck's
        (started,) = _events(live, table_id, "seeding_started")
        assert started["asked"] == [0, 3]  # the bot is not asked
        assert request["commitment"] == started["commitment"]
        assert deck_commitment_v2(started["server_deck"], started["salt"]) == started["commitment"]
        assert not table.in_hand and table.status == "playing"

        await host.send({"type": "seed", "hand_no": 1, "seed": SEED_A.upper()})  # any case
        await other.send({"type": "seed", "hand_no": 1, "seed": SEED_B})
        dealt = await host.until(lambda f: f["type"] == "hand_started")
        seeds = [(0, SEED_A), (1, ""), (3, SEED_B)]
        assert dealt["player_seeds"] == [{"seat": s, "seed": v} for s, v in seeds]
        assert dealt["commitment"] == request["commitment"]

        (hand,) = _events(live, table_id, "hand_started")
        expected = oracle_deck(started["server_deck"], started["commitment"], seeds)
        assert hand["deck"] == expected and hand["server_deck"] == started["server_deck"]
        unseeded = [(0, ""), (1, ""), (3, "")]
        assert hand["deck"] != oracle_deck(started["server_deck"], started["commitment"], unseeded)
        assert [e["seed"] for e in _events(live, table_id, "seed")] == [SEED_A, SEED_B]
        # the seats are dealt from the derived deck
        assert table.hand is not None
        order = deal_from_deck(expected, seats=[0, 1, 3], button=hand["button"], cards_each=7)
        assert {s: list(table.hand.dealt[s]) for s in (0, 1, 3)} == order

        # the humans leave: their decisions are made at once, the hand ends, and the host's
        # own download verifies with the seed it sent (and not with another one)
        for client in (host, other):
            await client.send({"type": "leave_seat"})
        await wait_for(lambda: table.stats.hands_finished >= 1)
        mine = await _download(live, table_id, token)
        assert mine["player_seeds"] == dealt["player_seeds"]
        assert verify_any(mine, my_seed=SEED_A).ok
        wrong = verify_any(mine, my_seed=SEED_B)
        assert not wrong.ok and "your seed was not used" in wrong.checks[-1][2]

        # anaconda-poker verify: the seeds check, --my-seed, and tampering caught
        code, output = _verify_cli(tmp_path, mine, "--my-seed", SEED_A)
        assert code == 0 and "your seed was one of the seeds that shuffled the deck" in output
        code, output = _verify_cli(tmp_path, mine, "--my-seed", SEED_B)
        assert code == 1 and "NOT verified: the my_seed check(s) failed" in output
        assert "your seed was not used" in output
        forged = json.loads(json.dumps(mine))
        forged["player_seeds"][2]["seed"] = SEED_A  # claim another seed for seat 3
        code, output = _verify_cli(tmp_path, forged)
        assert code == 1 and "NOT verified: the seeds, cards check(s) failed" in output
        assert "a player seed or an opening was changed" in output
        swapped = json.loads(json.dumps(mine))  # the history lists the cards out of order
        own = swapped["dealt"]["0"]
        own[0], own[1] = own[1], own[0]
        code, output = _verify_cli(tmp_path, swapped)
        assert code == 1 and "NOT verified: the cards check(s) failed" in output
        await host.close()
        await other.close()


def _verify_cli(tmp_path: Path, history: dict[str, Any], *options: str) -> tuple[int, str]:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(history), encoding="utf-8")
    result = CliRunner().invoke(app, ["verify", str(path), *options], env={"COLUMNS": "400"})
    return result.exit_code, " ".join(result.output.split())


async def wait_for(predicate: Callable[[], bool], timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def test_refused_seeds_change_nothing_and_a_missing_seed_is_empty(
    db_url: str, tmp_path: Path
) -> None:
    async with running_server(_settings(db_url, tmp_path, window=1.0)) as live:
        table_id, host, other, _, _ = await _two_humans_and_a_bot(live)
        table = live.lobby.table(table_id)
        spectator = await ws_client(live, {"table_id": table_id, "spectate": True})
        await spectator.until(lambda f: f["type"] == "state")
        # before any request: nothing is asked
        await host.send({"type": "seed", "hand_no": 1, "seed": SEED_A})
        error = await host.until(lambda f: f["type"] == "error")
        assert error["code"] == "no_seed_request" and error["ref"] == "seed"

        await host.send({"type": "next_hand"})
        await host.until(lambda f: f["type"] == "seed_request")
        await other.until(lambda f: f["type"] == "seed_request")
        before = table_snapshot(table)
        refused = [
            (host, {"seed": "zz"}, "bad_seed", "not hex digits"),
            (host, {"seed": "abc"}, "bad_seed", "odd number"),
            (host, {"seed": ""}, "bad_seed", "empty seed"),
            (host, {"seed": "ab" * 65}, "bad_seed", "got 130 characters"),
            (host, {"hand_no": 2, "seed": SEED_A}, "no_seed_request", "hand 2"),
            (spectator, {"seed": SEED_A}, "spectator", "take a seat"),
            (host, {"seed": 12}, "bad_message", "seed"),
            (host, {"seed": SEED_A, "extra": 1}, "bad_message", "extra"),
        ]
        for client, fields, code, words in refused:
            await client.send({"type": "seed", "hand_no": 1, **fields})
            error = await client.until(lambda f: f["type"] == "error")
            assert error["code"] == code and words in error["message"], error
            assert table_snapshot(table) == before
        assert _events(live, table_id, "seed") == []

        await host.send({"type": "seed", "hand_no": 1, "seed": SEED_A})
        await host.send({"type": "seed", "hand_no": 1, "seed": SEED_B})
        error = await host.until(lambda f: f["type"] == "error")
        assert error["code"] == "seed_already_sent"
        assert [e["seed"] for e in _events(live, table_id, "seed")] == [SEED_A]

        # seat 3 never answers: after the window the hand is dealt with its empty seed
        dealt = await host.until(lambda f: f["type"] == "hand_started", timeout=5.0)
        assert dealt["player_seeds"] == [
            {"seat": 0, "seed": SEED_A},
            {"seat": 1, "seed": ""},
            {"seat": 3, "seed": ""},
        ]
        (started,) = _events(live, table_id, "seeding_started")
        (hand,) = _events(live, table_id, "hand_started")
        assert hand["deck"] == oracle_deck(
            started["server_deck"], started["commitment"], [(0, SEED_A), (1, ""), (3, "")]
        )
        # a late seed is refused and changes nothing
        before = table_snapshot(table)
        await other.send({"type": "seed", "hand_no": 1, "seed": SEED_B})
        error = await other.until(lambda f: f["type"] == "error")
        assert error["code"] == "no_seed_request" and table_snapshot(table) == before
        for client in (host, other, spectator):
            await client.close()


async def test_absent_seats_and_bots_are_not_waited_for(db_url: str, tmp_path: Path) -> None:
    """A seat nobody is connected to and a bot count as the empty seed at once: only the
    connected host is asked, and its answer deals the hand without waiting for the window."""
    async with running_server(_settings(db_url, tmp_path, window=30.0)) as live:
        created = await create_table(
            live, seats=4, bots=[{"seat": 1, "level": "random"}], auto_start=False
        )
        table_id = created["table"]["table_id"]
        async with httpx.AsyncClient(base_url=live.http) as http:
            taken = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Bo", "seat": 2})
        assert taken.status_code in (200, 201), taken.text
        host = await ws_client(live, {"token": created["token"]})
        await host.until(lambda f: f["type"] == "state")
        await host.send({"type": "next_hand"})
        request = await host.until(lambda f: f["type"] == "seed_request")
        assert request["seats"] == [0, 1, 2]
        (started,) = _events(live, table_id, "seeding_started")
        assert started["asked"] == [0]
        await host.send({"type": "seed", "hand_no": 1, "seed": SEED_A})
        dealt = await host.until(lambda f: f["type"] == "hand_started")
        assert dealt["player_seeds"] == [
            {"seat": 0, "seed": SEED_A},
            {"seat": 1, "seed": ""},
            {"seat": 2, "seed": ""},
        ]
        (hand,) = _events(live, table_id, "hand_started")
        seeds = [(0, SEED_A), (1, ""), (2, "")]
        assert hand["deck"] == oracle_deck(hand["server_deck"], hand["commitment"], seeds)
        await host.close()


async def test_a_crash_in_the_seed_round_replays_to_the_same_deck(
    db_url: str, tmp_path: Path
) -> None:
    settings = _settings(db_url, tmp_path, window=30.0)
    async with running_server(settings) as live:
        table_id, host, other, _, other_token = await _two_humans_and_a_bot(live)
        await host.send({"type": "next_hand"})
        request = await host.until(lambda f: f["type"] == "seed_request")
        await host.send({"type": "seed", "hand_no": 1, "seed": SEED_A})
        await _wait_for_events(live, table_id, "seed", 1)
        await host.close()
        await other.close()
    # the server stops with seat 3's seed missing; the restarted table resumes the round
    async with running_server(settings) as live:
        table = live.lobby.table(table_id)
        assert table.seeding.round is not None and table.seeding.round.seeds == {0: SEED_A}
        assert not table.in_hand
        other = await ws_client(live, {"token": other_token})
        again = await other.until(lambda f: f["type"] == "seed_request")
        assert again["commitment"] == request["commitment"] and again["hand_no"] == 1
        await other.send({"type": "seed", "hand_no": 1, "seed": SEED_B})
        dealt = await other.until(lambda f: f["type"] == "hand_started")
        assert dealt["commitment"] == request["commitment"]
        (started,) = _events(live, table_id, "seeding_started")
        (hand,) = _events(live, table_id, "hand_started")
        seeds = [(0, SEED_A), (1, ""), (3, SEED_B)]
        assert hand["deck"] == oracle_deck(started["server_deck"], started["commitment"], seeds)
        live_deck = table.meta.deck if table.meta is not None else None
        await other.close()
        store = live.lobby.store
        assert store is not None
        events = store.events(table_id)
        # a rebuild from the log has the same hand, deck and seeds
        copy = live.lobby.build_table(table_id, table.settings)
        copy.replay(events)
        assert copy.meta is not None and copy.meta.deck == live_deck
        assert copy.meta.player_seeds == tuple(seeds)
        # and a log whose seed was changed afterwards does not replay
        forged = [
            dataclasses.replace(e, payload={**e.payload, "seed": "00" * 32})
            if e.kind == "seed"
            else e
            for e in events
        ]
        with pytest.raises(RecoveryError, match="seeds differ"):
            live.lobby.build_table(table_id, table.settings).replay(forged)
        moved = [
            dataclasses.replace(e, payload={**e.payload, "deck": list(reversed(e.payload["deck"]))})
            if e.kind == "hand_started"
            else e
            for e in events
        ]
        with pytest.raises(RecoveryError, match="not the seeds' shuffle"):
            live.lobby.build_table(table_id, table.settings).replay(moved)
        assert json.dumps(hand)  # the stored event is plain JSON


async def _wait_for_events(live: LiveServer, table_id: str, kind: str, count: int) -> None:
    await wait_for(lambda: len(_events(live, table_id, kind)) >= count)


async def test_the_button_leaving_during_the_seed_round_moves_the_button_on(
    db_url: str, tmp_path: Path
) -> None:
    """The host holds the first hand's button (seat 0) and leaves while the seeds are asked
    for: the hand is dealt to the seats still there with the button on the next of them
    clockwise (RULES.md §1), instead of failing to start a hand whose button is an empty
    seat (found by the soak benchmark: the table stopped dealing)."""
    async with running_server(_settings(db_url, tmp_path, window=30.0)) as live:
        table_id, host, other, _, _ = await _two_humans_and_a_bot(live)
        await host.send({"type": "next_hand"})
        request = await other.until(lambda f: f["type"] == "seed_request")
        assert request["seats"] == [0, 1, 3]
        (started,) = _events(live, table_id, "seeding_started")
        assert started["button"] == 0
        await host.send({"type": "leave_seat"})
        await host.until(lambda f: f["type"] == "seat_left")
        await other.send({"type": "seed", "hand_no": 1, "seed": SEED_B})
        dealt = await other.until(lambda f: f["type"] == "hand_started")
        assert dealt["button"] == 1 and dealt["seats"] == [1, 3]
        (hand,) = _events(live, table_id, "hand_started")
        assert hand["button"] == 1
        assert hand["deck"] == oracle_deck(
            hand["server_deck"], hand["commitment"], [(1, ""), (3, SEED_B)]
        )
        await asyncio.gather(host.close(), other.close())
