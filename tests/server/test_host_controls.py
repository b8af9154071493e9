"""The host's controls over real websockets (issue 12 §2, docs/protocol.md §4.3): removing a
player (after the hand it plays), adjusting a stack (between hands only), changing the stakes
from the next hand, seat approval (approve, deny, expire), every host command refused to
others; after each, the server is restarted on the same database and the table it rebuilds
from the event log must be the same (seats, stacks, ledger, rules), chips conserved."""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, NamedTuple

import httpx
import pytest
from server_helpers import (
    Client,
    LiveServer,
    choose_from_legal,
    create_table,
    local_settings,
    running_server,
    table_snapshot,
    ws_client,
)
from websockets.exceptions import ConnectionClosed

from anaconda_poker.server.presence import SEAT_REVOKED
from anaconda_poker.server.settings import ServerSettings
from anaconda_poker.server.table import Table

pytestmark = pytest.mark.timeout(120)


class Restartable:
    """A live server that a test can restart on the same database (a clean stop; the
    rebuild replays the event log exactly as after a crash: ``test_recovery`` kills -9)."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.live: LiveServer | None = None
        self._cm: Any = None

    async def start(self) -> LiveServer:
        self._cm = running_server(self.settings)
        self.live = await self._cm.__aenter__()
        return self.live

    async def stop(self) -> None:
        if self._cm is not None:
            await self._cm.__aexit__(None, None, None)
            self._cm = None

    async def restart(self) -> LiveServer:
        await self.stop()
        return await self.start()

    @property
    def current(self) -> LiveServer:
        """The server running now (a test's first one, or the one after a restart)."""
        assert self.live is not None, "the server is not running"
        return self.live


@pytest.fixture
async def server(db_url: str, tmp_path: Path) -> AsyncIterator[Restartable]:
    running = Restartable(local_settings(db_url, tmp_path))
    await running.start()
    try:
        yield running
    finally:
        await running.stop()


def facts(table: Table) -> dict[str, Any]:
    """What a restart must keep: seats (name, stack, flags), ledger, rules, host."""
    return {
        "seats": [
            None if r is None else (r.name, r.stack, r.bought_in, r.adjustments, r.removed)
            for r in table.seats
        ],
        "ledger": table.ledger(),
        "config": table.settings.config.to_dict(),
        "next_config": table.public_info()["next_config"],
        "seat_approval": table.settings.seat_approval,
        "host": table.host_seat,
        "hand_no": table.hand_no,
        "left_with_hand": table.public_info()["left_with_hand"],
    }


async def restart_and_compare(server: Restartable, table_id: str, before: dict[str, Any]) -> Table:
    """Restart the server; the rebuilt table holds the same facts and conserves chips."""
    live = await server.restart()
    rebuilt = live.lobby.table(table_id)
    assert facts(rebuilt) == before
    assert rebuilt.chip_total() == rebuilt.bought_in_total()
    return rebuilt


async def take_seat(live: LiveServer, table_id: str, name: str, seat: int) -> str:
    """Sit ``name`` at ``seat`` through the REST way in; its seat token."""
    async with httpx.AsyncClient(base_url=live.http) as http:
        response = await http.post(
            f"/api/tables/{table_id}/seats", json={"name": name, "seat": seat}
        )
    assert response.status_code == 201, response.text
    token: str = response.json()["token"]
    return token


async def connect(live: LiveServer, token: str) -> Client:
    """A socket of the seat holding ``token`` that has read its first ``state``."""
    client = await ws_client(live, {"token": token})
    await client.until(lambda f: f["type"] == "state")
    return client


async def spectator(live: LiveServer, table_id: str) -> Client:
    """A spectator's socket that has read its first ``state``."""
    client = await ws_client(live, {"table_id": table_id, "spectate": True})
    await client.until(lambda f: f["type"] == "state")
    return client


async def seated_guest(live: LiveServer, table_id: str, seat: int = 1) -> tuple[str, Client]:
    """ "Guest" sits at ``seat`` and connects: its token and its socket."""
    token = await take_seat(live, table_id, "Guest", seat)
    return token, await connect(live, token)


async def deal(host: Client) -> dict[str, Any]:
    """The host deals the next hand: the ``hand_started`` frame it reads."""
    await host.send({"type": "next_hand"})
    return await host.until(lambda f: f["type"] == "hand_started")


async def refused(client: Client, message: dict[str, Any]) -> dict[str, Any]:
    """Send ``message``; the ``error`` frame that answers it."""
    await client.send(message)
    return await client.until(lambda f: f["type"] == "error")


async def ledger_csv(live: LiveServer, table_id: str) -> dict[str, dict[str, str]]:
    """The table's ``ledger.csv`` as rows by player (the ``Total`` row included)."""
    async with httpx.AsyncClient(base_url=live.http) as http:
        text = (await http.get(f"/api/tables/{table_id}/ledger.csv")).text
    return {r["player"]: r for r in csv.DictReader(io.StringIO(text))}


async def close_all(*clients: Client) -> None:
    for client in clients:
        await client.close()


async def play_hand(
    clients: list[Client], rng: random.Random, *, done: Callable[[], bool]
) -> list[dict[str, Any]]:
    """Every client acts on its own turns (random legal, never folding when it may check or
    call) until ``done()``; a client whose socket the server closes stops. Returns every
    frame received."""
    seen: list[dict[str, Any]] = []

    async def play(client: Client) -> None:
        acted: str | None = None
        await client.send({"type": "sync"})  # its turn may be in a frame read before
        while not done():
            try:
                frame = await client.recv(timeout=0.2)
            except TimeoutError:
                continue
            except ConnectionClosed:
                return
            seen.append(frame)
            if frame["type"] != "state" or frame["turn"] is None or frame["view"] is None:
                continue
            you = frame["view"].get("you")
            if you is None or you["seat"] not in frame["view"]["to_act"]:
                continue
            if not you["legal"]["kinds"] or frame["turn"] == acted:
                continue
            acted = frame["turn"]
            action = choose_from_legal(you["legal"], rng, passive=True)
            await client.send({"type": "action", "turn": frame["turn"], "action": action})

    await asyncio.gather(*(play(c) for c in clients))
    return seen


class HostedTable(NamedTuple):
    """A table made by :func:`host_table`: its id, the host's socket, the live table and
    the host's seat token (to reconnect after a restart)."""

    table_id: str
    host: Client
    table: Table
    host_token: str


async def host_table(live: LiveServer, **options: Any) -> HostedTable:
    """A 4-seat table whose host (seat 0, "Host") is connected, with a calling station at
    seat 2 and nobody dealing until the host says so."""
    created = await create_table(
        live,
        seats=4,
        bots=[{"seat": 2, "level": "calling-station"}],
        auto_start=False,
        **options,
    )
    table_id = created["table"]["table_id"]
    host = await connect(live, created["token"])
    return HostedTable(table_id, host, live.lobby.table(table_id), created["token"])


# ====================================================================== removing a player
async def test_host_removes_a_player_mid_hand_who_leaves_after_it_with_the_chips(
    server: Restartable,
) -> None:
    live = server.current
    table_id, host, table, _ = await host_table(live)
    guest_token, guest = await seated_guest(live, table_id)
    watcher = await spectator(live, table_id)
    await deal(host)
    assert table.in_hand and 1 in table.dealt_in
    await host.send({"type": "remove_player", "seat": 1})
    removed = await watcher.until(lambda f: f["type"] == "player_removed")
    assert removed == {
        "type": "player_removed",
        "seat": 1,
        "name": "Guest",
        "after_hand": True,
        "by": 0,
    }
    # the guest plays the hand out: nobody folds it, its seat is marked for the table
    info = await watcher.until(lambda f: f["type"] == "table")
    assert info["table"]["seats"][1]["removing"] is True
    assert table.seats[1] is not None and table.in_hand
    hand = table.hand
    assert hand is not None
    frames = await play_hand([host, guest], random.Random(3), done=lambda: not table.in_hand)
    final_stack = hand.stack[1]
    guest_actions = [a for a in hand.history()["actions"] if a.get("seat") == 1]
    assert any(a["action"] not in ("check", "fold") for a in guest_actions)  # it played
    # after the hand: freed, its sockets told and closed, its chips a cash-out in the ledger
    assert table.seats[1] is None
    # ... but named in the table's information until the next deal, so the felt shows the
    # player with the hand's result (newcomer trial: a removed winner vanished from the
    # showdown that named them)
    assert table.public_info()["left_with_hand"] == {"1": "Guest"}
    shown = await watcher.until(lambda f: f["type"] == "table" and f["table"]["seats"][1] is None)
    assert shown["table"]["left_with_hand"] == {"1": "Guest"}
    left = [f for f in guest.frames if f["type"] == "seat_left"]
    if not left:  # the play loop stopped at the hand's end: read on
        left = [await guest.until(lambda f: f["type"] == "seat_left")]
    assert left[-1]["removed"] is True and left[-1]["stack"] == final_stack
    await asyncio.wait_for(guest.ws.wait_closed(), 5)
    assert guest.ws.close_code == SEAT_REVOKED
    line = next(x for x in table.ledger() if x["name"] == "Guest")
    assert (line["left"], line["removed"], line["stack"]) == (True, True, final_stack)
    assert table.chip_total() == table.bought_in_total() == 600
    assert sum(x["net"] for x in table.ledger()) == 0
    assert frames  # the play loop saw the hand
    rows = await ledger_csv(live, table_id)
    assert rows["Guest"]["status"] == "removed"
    assert rows["Guest"]["cash_out"] == str(final_stack)
    assert rows["Total"]["net"] == "0"
    # the token is void: a hello with it is refused
    again = await ws_client(live, {"token": guest_token})
    refused = await again.until(lambda f: f["type"] == "error")
    assert refused["code"] == "bad_token"
    await close_all(host, watcher, again)
    await restart_and_compare(server, table_id, facts(table))


async def test_everyone_is_told_when_a_player_removed_mid_hand_has_left(
    server: Restartable,
) -> None:
    """Issue 12's trial night: when the hand a removed player plays out ends, every socket
    (the host, the other players, watchers) gets ``player_removed`` with ``after_hand:
    false`` (the web table says "The host removed Guest."), not only the removed player's own
    sockets (``seat_left``, ``removed: true``, before the close)."""
    live = server.current
    table_id, host, table, _ = await host_table(live)
    _, guest = await seated_guest(live, table_id)
    other = await connect(live, await take_seat(live, table_id, "Other", 3))
    watcher = await spectator(live, table_id)
    await deal(host)
    await host.send({"type": "remove_player", "seat": 1})
    await watcher.until(lambda f: f["type"] == "player_removed" and f["after_hand"])
    await play_hand([host, guest, other], random.Random(5), done=lambda: not table.in_hand)
    assert table.seats[1] is None

    def left_notice(frame: dict[str, Any]) -> bool:
        return frame["type"] == "player_removed" and frame["after_hand"] is False

    expected = {"type": "player_removed", "seat": 1, "name": "Guest", "after_hand": False, "by": 0}
    for client in (host, other, watcher):
        seen = [f for f in client.frames if left_notice(f)]
        notice = seen[0] if seen else await client.until(left_notice)
        assert notice == expected
    # the removed player itself: told it was removed (not merely disconnected), then closed
    frames = list(guest.frames)
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        while not any(f["type"] == "seat_left" for f in frames):
            frames.append(await guest.recv())
    left = next(f for f in frames if f["type"] == "seat_left")
    assert left["removed"] is True and left["seat"] == 1
    await asyncio.wait_for(guest.ws.wait_closed(), 5)
    assert guest.ws.close_code == SEAT_REVOKED
    await close_all(host, other, watcher)


async def test_removing_a_player_between_hands_frees_the_seat_at_once(
    server: Restartable,
) -> None:
    live = server.current
    table_id, host, table, _ = await host_table(live)
    _, guest = await seated_guest(live, table_id)
    await guest.send({"type": "rebuy", "amount": 1})  # refused: the stack is full
    await guest.until(lambda f: f["type"] == "error")
    await host.send({"type": "remove_player", "seat": 1})
    left = await guest.until(lambda f: f["type"] == "seat_left")
    assert (left["removed"], left["stack"], left["host"]) == (True, 200, 0)
    assert table.seats[1] is None
    assert table.public_info()["left_with_hand"] == {}  # it played no hand: gone at once
    line = next(x for x in table.ledger() if x["name"] == "Guest")
    assert (line["left"], line["removed"], line["net"]) == (True, True, 0)
    # refusals: nobody there any more, and the host's own seat
    for seat, code in ((1, "empty_seat"), (0, "own_seat")):
        error = await refused(host, {"type": "remove_player", "seat": seat})
        assert (error["code"], error["ref"]) == (code, "remove_player")
    await host.close()
    await restart_and_compare(server, table_id, facts(table))


# ====================================================================== adjusting a stack
async def test_adjust_stack_is_refused_during_a_hand_and_recorded_between_hands(
    server: Restartable,
) -> None:
    live = server.current
    table_id, host, table, _ = await host_table(live)
    await deal(host)
    before = table_snapshot(table)
    error = await refused(host, {"type": "adjust_stack", "seat": 2, "stack": 500})
    assert (error["code"], error["ref"]) == ("hand_running", "adjust_stack")
    assert table_snapshot(table) == before
    await play_hand([host], random.Random(5), done=lambda: not table.in_hand)
    bot = table.seats[2]
    assert bot is not None
    old = bot.stack
    await host.send({"type": "adjust_stack", "seat": 2, "stack": old + 75})
    adjusted = await host.until(lambda f: f["type"] == "stack_adjusted")
    assert adjusted == {
        "type": "stack_adjusted",
        "seat": 2,
        "name": bot.name,
        "stack": old + 75,
        "change": 75,
        "by": 0,
    }
    ledger = await host.until(lambda f: f["type"] == "ledger")
    line = next(x for x in ledger["ledger"] if x["seat"] == 2)
    assert (line["stack"], line["adjustments"]) == (old + 75, 75)
    assert line["net"] == old - 200  # the adjustment is neither won nor lost
    assert table.chip_total() == table.bought_in_total() == 475
    # down to zero works too; a negative or too large stack is refused by the schema
    host_before = table.seats[0].stack  # type: ignore[union-attr]
    await host.send({"type": "adjust_stack", "seat": 0, "stack": 0})
    await host.until(lambda f: f["type"] == "stack_adjusted" and f["seat"] == 0)
    for stack in (-1, 10**9 + 1):
        error = await refused(host, {"type": "adjust_stack", "seat": 2, "stack": stack})
        assert error["code"] == "bad_message" and "stack" in error["message"]
    rows = await ledger_csv(live, table_id)
    assert rows[bot.name]["adjustment"] == "75"
    assert rows["Host"]["adjustment"] == str(-host_before)
    assert int(rows["Total"]["adjustment"]) == 75 + int(rows["Host"]["adjustment"])
    assert rows["Total"]["net"] == "0"
    await host.close()
    await restart_and_compare(server, table_id, facts(table))


# ====================================================================== only the host
HOST_ONLY: list[dict[str, Any]] = [
    {"type": "approve_seat", "request_id": 1},
    {"type": "deny_seat", "request_id": 1, "reason": "no"},
    {"type": "remove_player", "seat": 0},
    {"type": "adjust_stack", "seat": 0, "stack": 10},
    {"type": "change_game", "config": {"ante": 5}},
    {"type": "set_seat_approval", "value": True},
]


async def test_every_host_command_is_refused_to_a_player_and_a_spectator(
    server: Restartable,
) -> None:
    live = server.current
    table_id, host, table, _ = await host_table(live)
    _, guest = await seated_guest(live, table_id)
    watcher = await spectator(live, table_id)
    before = table_snapshot(table)
    for client, code in ((guest, "not_host"), (watcher, "spectator")):
        for message in HOST_ONLY:
            error = await refused(client, message)
            assert (error["code"], error["ref"]) == (code, message["type"]), message
    assert table_snapshot(table) == before
    await close_all(host, guest, watcher)


# ====================================================================== stakes and game
async def test_a_stakes_change_applies_from_the_next_hand_only(server: Restartable) -> None:
    live = server.current
    table_id, host, table, host_token = await host_table(live)
    watcher = await spectator(live, table_id)
    await deal(host)
    hand = table.hand
    assert hand is not None and hand.config.ante == 1
    change = {"ante": 3, "small_bet": 5, "split": "high_only", "betting": "pot_limit"}
    await host.send({"type": "change_game", "config": change})
    told = await watcher.until(lambda f: f["type"] == "game_change")
    assert told["next_hand"] == 2 and told["by"] == 0
    assert told["changes"] == {**change, "big_bet": 10}  # twice the new small bet
    info = (await watcher.until(lambda f: f["type"] == "table"))["table"]
    assert info["config"]["ante"] == 1 and info["next_config"]["ante"] == 3
    assert table.hand is hand and hand.config.ante == 1  # the running hand is untouched
    await play_hand([host], random.Random(8), done=lambda: not table.in_hand)
    assert hand.config.ante == 1 and hand.config.split.value != "high_only"
    info = table.public_info()
    assert info["next_config"] is None
    assert (info["config"]["ante"], info["config"]["big_bet"]) == (3, 10)
    before = facts(table)
    await host.close()
    await watcher.close()
    await restart_and_compare(server, table_id, before)
    live = server.current
    # hand 2 is dealt with the new rules
    host = await connect(live, host_token)
    started = await deal(host)
    assert started["hand_no"] == 2 and started["split"] == "high_only"
    dealt = live.lobby.table(table_id).hand
    assert dealt is not None and dealt.config.ante == 3
    assert dealt.config.betting.value == "pot_limit"
    await host.close()


async def test_a_stakes_change_between_hands_applies_at_once_and_bad_values_change_nothing(
    server: Restartable,
) -> None:
    live = server.current
    table_id, host, table, _ = await host_table(live)
    before = table_snapshot(table)
    bad = [
        ({"ante": -1}, "config.ante"),
        ({"small_bet": 10, "big_bet": 5}, "config.big_bet"),
        ({"jokers": 1}, "config.jokers"),
        ({"small_bet": "5"}, "config.small_bet"),
        ({"swing": "ties_ok"}, "config.swing"),
        ({"raise_cap": 0}, "config.raise_cap"),
    ]
    for change, field in bad:
        error = await refused(host, {"type": "change_game", "config": change})
        assert (error["code"], error["ref"], error.get("field")) == (
            "invalid_config",
            "change_game",
            field,
        ), change
    assert table_snapshot(table) == before
    await host.send({"type": "change_game", "config": {"ante": 0, "big_bet": 6}})
    told = await host.until(lambda f: f["type"] == "game_change")
    assert told["changes"] == {"ante": 0, "big_bet": 6} and told["next_hand"] == 1
    assert table.settings.config.ante == 0 and table.public_info()["next_config"] is None
    await host.close()
    await restart_and_compare(server, table_id, facts(table))


async def test_stakes_the_starting_stack_cannot_play_are_refused_and_change_nothing(
    server: Restartable,
) -> None:
    """Review: the host could set a small bet of 100,000 at 200-chip stacks (every hand then
    all-in at the first bet). The change is refused as at table creation, naming the option,
    its value and what the starting stack allows, between hands and during a deal (nothing
    waits for the next hand); stakes that fit are still taken."""
    live = server.current
    _, host, table, _ = await host_table(live)
    assert table.settings.starting_stack == 200
    bad = [
        (
            {"small_bet": 100_000},
            "config.small_bet",
            "the big bet (200,000, twice the small bet) is more than the starting stack "
            "(200); the small bet must be at most 100",
        ),
        (
            {"small_bet": 150},
            "config.small_bet",
            "the big bet (300, twice the small bet) is more than the starting stack (200); "
            "the small bet must be at most 100",
        ),
        (
            {"ante": 500},
            "config.ante",
            "the ante (500) and one small bet (2) come to 502, more than the starting stack "
            "(200); the ante must be at most 198",
        ),
    ]
    for busy in (False, True):
        if busy:
            await deal(host)
            assert table.in_hand
        before = table_snapshot(table)
        for change, field, message in bad:
            error = await refused(host, {"type": "change_game", "config": change})
            assert (error["code"], error.get("field"), error["message"]) == (
                "invalid_config",
                field,
                message,
            ), change
        assert table_snapshot(table) == before
        assert table.public_info()["next_config"] is None
    await host.send({"type": "change_game", "config": {"small_bet": 100, "big_bet": 200}})
    told = await host.until(lambda f: f["type"] == "game_change")
    assert told["changes"] == {"small_bet": 100, "big_bet": 200}
    await host.close()


# ====================================================================== seat approval
async def ask(live: LiveServer, table_id: str, name: str, seat: int | None = None) -> Client:
    """A spectator socket that asks for a seat and has heard ``seat_request_pending``."""
    client = await spectator(live, table_id)
    await client.send({"type": "request_seat", "name": name, "seat": seat})
    await client.until(lambda f: f["type"] == "seat_request_pending")
    return client


async def test_seat_approval_approve_deny_and_expire(server: Restartable) -> None:
    live = server.current
    table_id, host, table, _ = await host_table(live, seat_approval=True)
    assert table.public_info()["seat_approval"] is True
    watcher = await spectator(live, table_id)
    # the REST way in is closed at this table
    async with httpx.AsyncClient(base_url=live.http) as http:
        response = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Sneaky"})
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "approval_required"
    # approve: the newcomer gets a token on its own socket and sits with the starting stack
    bo = await ask(live, table_id, "Bo", 3)
    request = await host.until(lambda f: f["type"] == "seat_request")
    assert {k: request[k] for k in ("name", "seat")} == {"name": "Bo", "seat": 3}
    # the same name is taken while Bo waits (any case)
    clash = await spectator(live, table_id)
    error = await refused(clash, {"type": "request_seat", "name": "BO"})
    assert (error["code"], error["ref"]) == ("name_taken", "request_seat")
    error = await refused(bo, {"type": "request_seat", "name": "Bo again"})
    assert error["code"] == "request_pending"
    await host.send({"type": "approve_seat", "request_id": request["request_id"]})
    granted = await bo.until(lambda f: f["type"] == "seat_granted")
    assert (granted["seat"], granted["name"], granted["table_id"]) == (3, "Bo", table_id)
    closed = await host.until(lambda f: f["type"] == "seat_request_closed")
    assert closed["outcome"] == "approved"
    seated = await ws_client(live, {"token": granted["token"]})
    welcome = await seated.until(lambda f: f["type"] == "welcome")
    assert (welcome["seat"], welcome["name"]) == (3, "Bo")
    record = table.seats[3]
    assert record is not None and record.stack == 200 and record.name == "Bo"
    # deny: the asker reads why
    cy = await ask(live, table_id, "Cy")
    request = await host.until(lambda f: f["type"] == "seat_request")
    await host.send(
        {"type": "deny_seat", "request_id": request["request_id"], "reason": "full tonight"}
    )
    denied = await cy.until(lambda f: f["type"] == "seat_denied")
    assert denied["reason"] == "full tonight"
    assert table.seats[1] is None
    error = await refused(host, {"type": "approve_seat", "request_id": request["request_id"]})
    assert error["code"] == "unknown_request"
    # expire: the asker closes the page before the host answers
    di = await ask(live, table_id, "Di")
    request = await host.until(lambda f: f["type"] == "seat_request")
    await di.close()
    closed = await host.until(lambda f: f["type"] == "seat_request_closed")
    assert (closed["request_id"], closed["outcome"]) == (request["request_id"], "expired")
    assert not table.model.hosting.seat_requests
    # spectators saw none of it
    await watcher.send({"type": "sync"})
    await watcher.until(lambda f: f["type"] == "state")
    private = {"seat_request", "seat_request_closed", "seat_granted", "seat_denied"}
    assert not [f for f in watcher.frames if f["type"] in private]
    assert not [f for f in cy.frames if f["type"] in private - {"seat_denied"}]
    kinds = [e.kind for e in live.lobby.store.raw_events(table_id)]  # type: ignore[union-attr]
    assert kinds.count("seat_requested") == 3 and kinds.count("seat_request_closed") == 3
    await close_all(host, watcher, bo, clash, seated, cy)
    await restart_and_compare(server, table_id, facts(table))


async def test_a_seat_request_waiting_at_a_restart_expires(server: Restartable) -> None:
    live = server.current
    table_id, host, table, host_token = await host_table(live, seat_approval=True)
    await ask(live, table_id, "Eve")
    await host.until(lambda f: f["type"] == "seat_request")
    assert len(table.model.hosting.seat_requests) == 1
    await table.stop()  # as in a crash: the table stops before the asker's socket is gone
    live = await server.restart()
    rebuilt = live.lobby.table(table_id)
    for _ in range(100):  # the rebuilt table's first request expires it
        if not rebuilt.model.hosting.seat_requests:
            break
        await asyncio.sleep(0.02)
    assert not rebuilt.model.hosting.seat_requests
    events = live.lobby.store.events(table_id)  # type: ignore[union-attr]
    closed = [e for e in events if e.kind == "seat_request_closed"]
    assert [c.payload["outcome"] for c in closed] == ["expired"]
    host = await connect(live, host_token)
    assert not [f for f in host.frames if f["type"] == "seat_request"]
    await host.close()


async def test_seat_approval_can_be_turned_on_and_off_by_the_host(server: Restartable) -> None:
    live = server.current
    table_id, host, table, _ = await host_table(live)
    watcher = await spectator(live, table_id)
    error = await refused(watcher, {"type": "request_seat", "name": "Fay"})
    assert error["code"] == "no_approval"
    await host.send({"type": "set_seat_approval", "value": True})
    info = await watcher.until(lambda f: f["type"] == "table" and f["table"]["seat_approval"])
    assert info["table"]["seat_approval"] is True
    await watcher.send({"type": "request_seat", "name": "Fay"})
    await watcher.until(lambda f: f["type"] == "seat_request_pending")
    await close_all(host, watcher)
    await restart_and_compare(server, table_id, facts(table))


async def test_a_removal_and_a_rules_change_waiting_for_the_hand_survive_a_restart(
    server: Restartable,
) -> None:
    live = server.current
    table_id, host, table, host_token = await host_table(live)
    guest_token, guest = await seated_guest(live, table_id)
    await deal(host)
    await host.send({"type": "remove_player", "seat": 1})
    await host.until(lambda f: f["type"] == "player_removed")
    await host.send({"type": "change_game", "config": {"ante": 2}})
    await host.until(lambda f: f["type"] == "game_change")
    before = facts(table)
    assert before["next_config"]["ante"] == 2 and table.in_hand
    await close_all(host, guest)
    rebuilt = await restart_and_compare(server, table_id, before)  # mid-hand
    record = rebuilt.seats[1]
    assert rebuilt.in_hand and record is not None and record.removed
    live = server.current
    host = await connect(live, host_token)
    guest = await connect(live, guest_token)
    hand = rebuilt.hand
    assert hand is not None
    await play_hand([host, guest], random.Random(11), done=lambda: not rebuilt.in_hand)
    assert rebuilt.seats[1] is None  # it left when the hand ended, with its chips
    line = next(x for x in rebuilt.ledger() if x["name"] == "Guest")
    assert (line["removed"], line["stack"]) == (True, hand.stack[1])
    assert rebuilt.settings.config.ante == 2 and hand.config.ante == 1
    assert rebuilt.chip_total() == rebuilt.bought_in_total() == 600
    assert rebuilt.public_info()["left_with_hand"] == {"1": "Guest"}
    await close_all(host, guest)
    rebuilt = await restart_and_compare(server, table_id, facts(rebuilt))
    # the next deal ends the finished hand's showing: the seat is simply free
    host = await connect(server.current, host_token)
    await deal(host)
    assert rebuilt.public_info()["left_with_hand"] == {}
    await host.close()
