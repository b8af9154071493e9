"""The declare house rule (RULES.md §6) over the server: the table options, the ``declare``
action over websockets, the secrecy of pending declarations (the independent leak oracle)
and the pots awarded by declaration, worked by hand.

The hand of :func:`test_a_declare_hand_over_websockets_pays_by_declaration` (the deck is
fixed; seat 0 deals; ante 4 each, everyone checks, so the pot is 12):

- seat 0 arranges A-6-4-3-2 (the best low, ace high) and declares **both**;
- seat 1 arranges K-K-Q-J-9 (a pair of kings, the best high) and declares **high**;
- seat 2 arranges 8-7-5-3-2 (a low, eight high) and declares **low**.

Seat 0 loses the high half to the kings, so its swing fails (``strict``) and it wins nothing;
the pot is awarded as if it had not been in the showdown: seat 1 takes the high half (6) and
seat 2 the low half (6), although seat 0's low was better. Net: -4, +2, +2.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from leak_oracle import LeakChecker
from server_helpers import Client, LiveServer, create_table, ws_client

from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.fairness import dealt_positions
from anaconda_poker.server import seeds

# seat -> (dealt cards, the card it passes, the five it arranges, its declaration)
SCRIPT: dict[int, tuple[str, str, str, str]] = {
    0: ("Ah 2c 3d 4s 6h 9c Td", "9c", "6h 4s 3d 2c Ah", "both"),
    1: ("Kc Kd Qs Jc 9h 7s 5d", "5d", "Kc Kd Qs Jc 9h", "high"),
    2: ("8d 7c 5c 3h 2d Js Ts", "Ts", "8d 7c 5c 3h 2d", "low"),
}
CONFIG = {
    "split": "high_low_8",
    "ante": 4,
    "pass_counts": [1],
    "pass_directions": ["left"],
    "declare": "declare",
    "swing": "strict",
}


def scripted_deck() -> list[int]:
    """A deck that deals :data:`SCRIPT`'s cards to seats 0, 1, 2 with seat 0 on the button."""
    positions = dealt_positions(seats=[0, 1, 2], button=0, cards_each=7)
    deck: list[int | None] = [None] * 52
    for seat, places in positions.items():
        for place, card in zip(places, parse_codes(SCRIPT[seat][0]), strict=True):
            deck[place] = card
    rest = iter(c for c in range(52) if c not in deck)
    return [c if c is not None else next(rest) for c in deck]


class _FixedShuffle:
    """Stands in for ``secrets.SystemRandom`` in the table's deal: the scripted deck."""

    def shuffle(self, deck: list[int]) -> None:
        deck[:] = scripted_deck()


def script_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal the scripted deck: the server deck is the scripted one, and the players' seeds
    (fairness version 3, ``server/seeds.py``) leave it as it is."""
    monkeypatch.setattr(secrets, "SystemRandom", _FixedShuffle)
    monkeypatch.setattr(seeds, "derive_deck", lambda server_deck, commitment, seeds: server_deck)


def scripted_action(seat: int, legal: dict[str, Any]) -> dict[str, Any]:
    _dealt, passed, arranged, declared = SCRIPT[seat]
    kinds = legal["kinds"]
    if "pass" in kinds:
        return {"action": "pass", "cards": [passed]}
    if "arrange" in kinds:
        return {"action": "arrange", "cards": arranged.split()}
    if "declare" in kinds:
        return {"action": "declare", "direction": declared}
    return {"action": "check" if "check" in kinds else "call"}


async def play_scripted(
    client: Client,
    seat: int,
    until: Callable[[], bool],
    hold: asyncio.Event | None = None,
    *,
    declares: bool = True,
) -> None:
    """Act for ``seat`` from its own ``state`` frames; with ``hold``, wait for it before
    declaring (so that the test can look at the table while the others have declared);
    without ``declares`` let the action timer run out instead of declaring."""
    acted: str | None = None
    while not until():
        try:
            frame = await client.recv(timeout=0.2)
        except TimeoutError:
            continue
        assert frame["type"] != "error", frame
        if frame["type"] != "state" or frame["turn"] in (None, acted) or frame["view"] is None:
            continue
        you = frame["view"]["you"]
        if you is None or not you["legal"]["kinds"]:
            continue
        action = scripted_action(seat, you["legal"])
        if action["action"] == "declare" and not declares:
            continue
        if action["action"] == "declare" and hold is not None:
            await hold.wait()
        acted = frame["turn"]
        await client.send({"type": "action", "turn": frame["turn"], "action": action})


async def test_a_declare_hand_over_websockets_pays_by_declaration(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    script_the_deal(monkeypatch)
    table_id, tokens = await seat_three(live_server)
    table = live_server.lobby.table(table_id)
    assert table.public_info()["config"]["declare"] == "declare"
    checker = LeakChecker(live_server.lobby)
    clients: dict[int | None, Client] = {}
    for seat, token in tokens.items():
        clients[seat] = await ws_client(live_server, {"token": token})
    clients[None] = await ws_client(live_server, {"table_id": table_id, "spectate": True})
    for seat, client in clients.items():
        client.on_text = (lambda s: lambda text, f: checker.add(table_id, s, text, f))(seat)

    def finished() -> bool:
        return table.stats.hands_finished >= 1

    seat0_may_declare = asyncio.Event()
    await clients[0].send({"type": "next_hand"})
    players = [
        asyncio.create_task(play_scripted(clients[0], 0, finished, seat0_may_declare)),
        asyncio.create_task(play_scripted(clients[1], 1, finished)),
        asyncio.create_task(play_scripted(clients[2], 2, finished)),
    ]
    # while seat 0 thinks, seats 1 and 2 have declared: everyone sees that, nobody sees what
    for _ in range(500):
        hand = table.hand
        if hand is not None and hand.phase.value == "declaring" and list(hand.to_act) == [0]:
            break
        await asyncio.sleep(0.01)
    else:
        raise AssertionError("the hand did not reach the declaring step")
    spectator_view = table.view_for(None)
    assert spectator_view is not None and spectator_view["phase"] == "declaring"
    committed = {s["seat"]: s["has_committed"] for s in spectator_view["seats"]}
    assert committed == {0: False, 1: True, 2: True}
    seat1_view = table.view_for(1)
    assert seat1_view is not None and seat1_view["you"]["declaration"] == "high"
    seat0_view = table.view_for(0)
    assert seat0_view is not None and seat0_view["you"]["declaration"] is None
    assert seat0_view["you"]["legal"]["declarations"] == ["high", "low", "both"]
    seat0_may_declare.set()

    spectator = clients[None]
    finished_frame = await spectator.until(lambda f: f["type"] == "hand_finished", timeout=20)
    for task in players:
        await asyncio.wait_for(task, 10)
    result = finished_frame["result"]
    assert result["declarations"] == {"0": "both", "1": "high", "2": "low"}
    assert result["failed_swings"] == [0]
    assert [
        (p["amount"], p["eligible"], p["high_winners"], p["low_winners"], p["awards"])
        for p in result["pots"]
    ] == [(12, [0, 1, 2], [1], [2], {"1": 6, "2": 6})]
    assert result["net"] == {"0": -4, "1": 2, "2": 2}
    assert [table.seats[s].stack for s in range(3)] == [96, 102, 102]  # type: ignore[union-attr]

    # every frame every client got passed the oracle, declarations included
    for client in clients.values():
        await client.close()
    checker.flush(final=True)
    assert (table_id, 1) in checker.hands_checked
    assert checker.declarations_checked >= 3 * 2  # own declarations, then the revealed ones
    assert checker.checked["spectator"] > 0

    # the stored history replays to the same result (HAND_HISTORY.md declare actions)
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        public = (await http.get(f"/api/tables/{table_id}/hands/1")).json()
    declares = [a for a in public["actions"] if a["action"] == "declare"]
    assert sorted((a["seat"], a["direction"]) for a in declares) == [
        (0, "both"),
        (1, "high"),
        (2, "low"),
    ]
    assert public["config"]["declare"] == "declare" and public["config"]["swing"] == "strict"


async def seat_three(live: LiveServer, **table: Any) -> tuple[str, dict[int, str]]:
    """A table of :data:`CONFIG` with three human seats; returns its id and the tokens."""
    created = await create_table(
        live, seats=3, config=CONFIG, auto_start=False, starting_stack=100, **table
    )
    table_id = created["table"]["table_id"]
    tokens = {0: created["token"]}
    async with httpx.AsyncClient(base_url=live.http) as http:
        for name in ("Bo", "Cy"):
            taken = (await http.post(f"/api/tables/{table_id}/seats", json={"name": name})).json()
            tokens[taken["seat"]] = taken["token"]
    assert sorted(tokens) == [0, 1, 2]
    return table_id, tokens


async def test_a_seat_that_does_not_declare_in_time_declares_what_its_cards_win(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/protocol.md §5: the default declaration is the direction the seat's face-up five
    win. Seat 0's A-6-4-3-2 is the best low and no high against a pair of kings: low. Seat 0
    and seat 2 both declare low then; seat 0's low is better, so the pot splits 6/6 between
    seat 1 (high) and seat 0 (low)."""
    script_the_deal(monkeypatch)
    table_id, tokens = await seat_three(live_server, action_timer=1, time_bank=0)
    table = live_server.lobby.table(table_id)
    clients = {seat: await ws_client(live_server, {"token": t}) for seat, t in tokens.items()}

    def finished() -> bool:
        return table.stats.hands_finished >= 1

    await clients[0].send({"type": "next_hand"})
    await asyncio.wait_for(
        asyncio.gather(
            play_scripted(clients[0], 0, finished, declares=False),
            play_scripted(clients[1], 1, finished),
            play_scripted(clients[2], 2, finished),
        ),
        30,
    )
    for client in clients.values():
        await client.close()
    store = live_server.lobby.store
    assert store is not None
    events = [e.payload for e in store.events(table_id) if e.kind == "action"]
    declared = {
        e["seat"]: (e["action"]["direction"], bool(e.get("timeout")))
        for e in events
        if e["action"]["action"] == "declare"
    }
    assert declared == {0: ("low", True), 1: ("high", False), 2: ("low", False)}
    record = store.hand(table_id, 1)
    assert record is not None
    result = record.history["result"]
    assert result["failed_swings"] == []
    assert [(p["high_winners"], p["low_winners"], p["awards"]) for p in result["pots"]] == [
        ([1], [0], {"0": 6, "1": 6})
    ]


async def test_declare_is_refused_outside_the_declaring_step_and_when_malformed(
    live_server: LiveServer,
) -> None:
    table_id, tokens = await seat_three(live_server)
    table = live_server.lobby.table(table_id)
    host = await ws_client(live_server, {"token": tokens[0]})
    opener = await ws_client(live_server, {"token": tokens[1]})
    await host.send({"type": "next_hand"})
    state = await opener.until(lambda f: f["type"] == "state" and f["turn"] is not None)
    assert state["view"]["to_act"] == [1]  # seat 0 deals: seat 1 opens the betting
    before = table.seq
    turn = state["turn"]

    async def refused(client: Client, body: dict[str, Any], turn: str) -> dict[str, Any]:
        await client.send({"type": "action", "turn": turn, "action": body})
        return await client.until(lambda f: f["type"] == "error")

    error = await refused(opener, {"action": "declare", "direction": "up"}, turn)
    assert error["code"] == "bad_message" and "action.direction" in error["message"]
    error = await refused(opener, {"action": "declare"}, turn)
    assert error["code"] == "malformed_action" and "high, low or both" in error["message"]
    error = await refused(opener, {"action": "declare", "direction": "low"}, turn)
    assert error["code"] == "not_allowed" and "cannot declare during betting" in error["message"]
    host_turn = (await host.until(lambda f: f["type"] == "state" and f["turn"] is not None))["turn"]
    error = await refused(host, {"action": "declare", "direction": "high"}, host_turn)
    assert error["code"] == "not_your_turn"
    assert table.seq == before  # nothing was recorded
    await host.close()
    await opener.close()


@pytest.mark.parametrize(
    ("config", "needle"),
    [
        ({"split": "high_only", "declare": "declare"}, "declare needs a split game"),
        ({"declare": "yes"}, "declare must be one of cards_speak, declare"),
        ({"declare": "declare", "swing": "loose"}, "swing must be one of strict, ties_ok"),
        ({"swing": "ties_ok"}, "swing ties_ok needs declare"),
        ({"declare": "cards_speak", "swing": "ties_ok"}, "swing ties_ok needs declare"),
    ],
)
async def test_the_declare_options_are_validated(
    live_server: LiveServer, config: dict[str, Any], needle: str
) -> None:
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        response = await http.post(
            "/api/tables", json={"name": "T", "host_name": "Ana", "config": config}
        )
        listing = (await http.get("/api/tables")).json()["tables"]
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_config" and needle in error["message"], error
    assert listing == []


async def test_a_swing_without_declaring_is_refused_naming_the_field(
    live_server: LiveServer,
) -> None:
    """``swing`` only judges ``both`` declarations: with the cards speaking it would be stored
    and silently ignored, so it is refused (docs/protocol.md §3); at a declare table it holds."""
    body = {"name": "T", "host_name": "Ana", "host_plays": False}
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        refused = await http.post("/api/tables", json={**body, "config": {"swing": "ties_ok"}})
        strict = await http.post("/api/tables", json={**body, "config": {"swing": "strict"}})
        declared = await http.post(
            "/api/tables", json={**body, "config": {"declare": "declare", "swing": "ties_ok"}}
        )
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "invalid_config"
    assert refused.json()["error"]["field"] == "config.swing"
    assert strict.status_code == 201, strict.text
    assert declared.status_code == 201, declared.text
    assert declared.json()["table"]["config"]["swing"] == "ties_ok"


async def test_options_offer_declare_and_swing(live_server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        options = (await http.get("/api/options")).json()
    assert options["choices"]["declare"] == ["cards_speak", "declare"]
    assert options["choices"]["swing"] == ["strict", "ties_ok"]
    assert options["config_defaults"]["declare"] == "cards_speak"
    assert options["config_defaults"]["swing"] == "strict"


def test_a_high_only_hand_at_a_declare_table_is_played_by_the_cards() -> None:
    from anaconda_poker.core.config import TableConfig
    from anaconda_poker.core.declare import hand_config

    table = TableConfig.from_dict(CONFIG)
    assert hand_config(table, "high_low_any").to_dict() == {
        **table.to_dict(),
        "split": "high_low_any",
    }
    high = hand_config(table, "high_only")
    assert (high.split.value, high.declare.value) == ("high_only", "cards_speak")
    assert hand_config(TableConfig(), "high_only").declare.value == "cards_speak"
    with pytest.raises(ValueError, match="high_low_9"):
        hand_config(table, "high_low_9")
