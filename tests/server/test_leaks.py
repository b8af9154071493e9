"""Nobody sees what they shouldn't (RULES.md §7): over a thousand hands played by bots, every
frame sent to every seat and to a spectator is checked against what that seat may know.

The oracle is independent of the engine's views: from each finished hand's stored history
(dealt cards and actions) it works out, action by action, the cards each seat has held or
received (passes resolve when the last seat of that pass commits; each passer gives to the
next passer in the pass direction) and checks that any other card in a frame is a revealed
card shown in reveal order (a prefix of its owner's arrangement).

Each table has a websocket player at seat 0 (random legal choices), three server bots and a
websocket spectator; at each table one of the bot seats (seat 1, 2 or 3 in turn) also gets
every frame a client at that seat would get, through the table's own send path.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from leak_oracle import FORBIDDEN, HandKnowledge, LeakChecker, cards_in_history
from server_helpers import (
    Client,
    FakeConnection,
    LiveServer,
    create_table,
    observe_seat,
    play_over_websocket,
    running_server,
    seeded_policies,
    ws_client,
)

from anaconda_poker.server.settings import ServerSettings

HANDS = 1000
TABLES = 6


async def check_downloads(live: LiveServer, tokens: dict[str, str]) -> int:
    """Every 10th finished hand of each table, downloaded by its player (seat 0) and by
    anyone: only the player's own cards and the cards shown at the table."""
    store = live.lobby.store
    assert store is not None
    checked = 0
    async with httpx.AsyncClient(base_url=live.http) as http:
        for table_id, token in tokens.items():
            for summary in store.hands(table_id, limit=10_000)[::10]:
                hand_no = summary["hand_no"]
                record = store.hand(table_id, hand_no)
                assert record is not None
                full = record.history
                shown = {c for cards in full["result"]["revealed"].values() for c in cards}
                own: set[str] = set()
                if "0" in full["dealt"]:
                    own = set(full["dealt"]["0"]) | {
                        c for a in full["actions"] if a["seat"] == 0 for c in a.get("cards", [])
                    }
                    # the cards seat 0 received in the passes: it saw them (RULES.md §7)
                    own |= HandKnowledge.from_history(full).own(0, len(full["actions"]))
                url = f"/api/tables/{table_id}/hands/{hand_no}"
                mine = await http.get(url, headers={"Authorization": f"Bearer {token}"})
                anyone = await http.get(url)
                for response, allowed in ((mine, own | shown), (anyone, shown)):
                    assert response.status_code == 200
                    text = response.text
                    assert not FORBIDDEN.search(text.replace('"dealt":{"0"', '"mine":{"0"'))
                    leaked = cards_in_history(text) - allowed
                    assert not leaked, f"the history of hand {hand_no} leaks {sorted(leaked)}"
                    checked += 1
    return checked


@pytest.fixture
async def fast_server(db_url: str, tmp_path: Path) -> AsyncIterator[LiveServer]:
    """A live server whose rate limit lets the test's instant players act at full speed."""
    settings = ServerSettings(
        database_url=db_url,
        static_dir=tmp_path,
        create_default_lobby=False,
        between_hands=0.0,
        policy_factory=seeded_policies(11),
        rate_limit=(10_000.0, 10_000.0),
    )
    async with running_server(settings) as live:
        yield live


def table_config(t: int) -> dict[str, object]:
    """Table ``t``'s rules: passes to the right at odd tables; the declare house rule
    (RULES.md §6) at every third table, strict and ties_ok in turn."""
    config: dict[str, object] = {}
    if t % 2:
        config["pass_directions"] = ["left", "right", "left"]
    if t % 3 == 2:
        config |= {"declare": "declare", "swing": "strict" if t % 2 == 0 else "ties_ok"}
    return config


@pytest.mark.slow
async def test_no_frame_leaks_over_a_thousand_bot_hands(fast_server: LiveServer) -> None:
    live_server = fast_server
    lobby = live_server.lobby
    checker = LeakChecker(lobby)
    tables = []
    tokens: dict[str, str] = {}
    clients: list[Client] = []
    for t in range(TABLES):
        created = await create_table(
            live_server,
            name=f"Leak {t}",
            seats=4,
            starting_stack=1000,
            bots=[
                {"seat": 1, "level": "random"},
                {"seat": 2, "level": "calling-station"},
                {"seat": 3, "level": "heuristic"},
            ],
            config=table_config(t),
        )
        table_id = created["table"]["table_id"]
        table = lobby.table(table_id)
        # one bot seat per table (a different one at each table) also gets the frames a
        # client at that seat would get, through the table's own send path
        for seat in (1 + t % 3,):
            conn = FakeConnection(seat)
            conn.send = (lambda tid, c: lambda text: checker.add(tid, c.seat, text))(  # type: ignore[method-assign]
                table_id, conn
            )
            observe_seat(table, conn, seat)
        player = await ws_client(live_server, {"token": created["token"]})
        watcher = await ws_client(live_server, {"table_id": table_id, "spectate": True})
        for client, seat in ((player, 0), (watcher, None)):  # every frame, as received
            client.keep_frames = False
            client.on_text = (lambda tid, s: lambda text, f: checker.add(tid, s, text, f))(
                table_id, seat
            )
        tables.append((table, player, watcher))
        tokens[table_id] = created["token"]
        clients += [player, watcher]

    def total() -> int:
        return sum(t.stats.hands_finished for t, _, _ in tables)

    done = lambda: total() >= HANDS  # noqa: E731

    async def spectate(client: Client) -> None:
        while not done():
            with contextlib.suppress(TimeoutError):
                await client.recv(timeout=0.2)

    async def periodic_flush() -> None:
        while not done():
            await asyncio.sleep(0.5)
            checker.flush()
        for table, _, _ in tables:  # stop dealing: the count is reached
            await table.stop()

    jobs = []
    for index, (_table, player, watcher) in enumerate(tables):
        jobs.append(
            play_over_websocket(
                player,
                random.Random(index),
                until=done,
                passive=index % 2 == 0,
            )
        )
        jobs.append(spectate(watcher))
        await player.send({"type": "sync"})  # the player acts from the resent state
    await asyncio.wait_for(asyncio.gather(*jobs, periodic_flush()), 600)
    await asyncio.gather(*(client.close() for client in clients))
    checker.flush(final=True)
    downloads = await check_downloads(live_server, tokens)
    print(
        f"\nleak test: {total()} hands on {TABLES} tables, "
        f"{len(checker.hands_checked)} hands checked, "
        f"{sum(checker.checked.values())} frames checked ({checker.card_frames} with hand state), "
        f"{downloads} downloaded histories checked, "
        f"{checker.declarations_checked} declarations checked; "
        + ", ".join(f"{who}: {n}" for who, n in sorted(checker.checked.items()))
    )
    assert total() >= HANDS
    assert len(checker.hands_checked) >= HANDS - TABLES
    assert checker.declarations_checked > 0  # declare tables reached their declaring step
    assert checker.checked["spectator"] > 0 and all(
        checker.checked[f"seat {s}"] > 0 for s in range(4)
    )
    for table, _, _ in tables:
        assert table.chip_total() == table.bought_in_total()
