"""``GET /metrics`` scraped from real servers: after a hand against two bots every counter
moved by exactly what the hand's own history and the writer's counters say; the gauges follow
sockets opening and closing; proxied requests and ``--no-metrics`` get ``404 not_found``; and
``anaconda-poker serve --log-format json --node NAME`` writes only JSON lines naming the
node. A table whose stored events cannot be replayed counts as failed, not owned."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families
from server_helpers import (
    LiveServer,
    create_table,
    play_over_websocket,
    running_server,
    seeded_policies,
    ws_client,
)
from sqlalchemy import update

sys.path.insert(0, str(Path(__file__).parents[1] / "storage"))

from migration_fixtures import write_pre_alembic_database

from anaconda_poker.server.settings import ServerSettings
from anaconda_poker.storage.database import open_database
from anaconda_poker.storage.schema import table_events

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


async def scrape(live: LiveServer, **headers: str) -> Samples:
    async with httpx.AsyncClient(base_url=live.http) as http:
        response = await http.get("/metrics", headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain; version=")
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(response.text)
        for s in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples[(f"anaconda_poker_{name}", tuple(sorted(labels.items())))]


def settings_for(tmp_path: Path, **extra: object) -> ServerSettings:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    return ServerSettings(
        database_url=f"sqlite:///{tmp_path / 'm.sqlite3'}",
        static_dir=tmp_path,
        create_default_lobby=False,
        between_hands=0.0,
        policy_factory=seeded_policies(),
        rate_limit=(1000.0, 1000.0),
        table_update_delay=0.0,
        node="test-node",
        **extra,  # type: ignore[arg-type]
    )


async def until(check: Callable[[], Awaitable[bool]], timeout: float = 5.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if await check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the condition did not come true")


async def test_counters_move_by_exactly_one_hands_worth(tmp_path: Path) -> None:
    async with running_server(settings_for(tmp_path)) as live:
        before = await scrape(live)
        assert value(before, "node_info", node="test-node") == 1
        assert value(before, "tables_owned") == 0
        writer = live.lobby.writer
        assert writer is not None
        transactions = writer.stats.transactions
        created = await create_table(
            live,
            seats=4,
            bots=[{"seat": 1, "level": "random"}, {"seat": 2, "level": "calling-station"}],
            auto_start=False,
        )
        table_id = created["table"]["table_id"]
        table = live.lobby.table(table_id)
        host = await ws_client(live, {"token": created["token"]})
        spectator = await ws_client(live, {"table_id": table_id, "spectate": True})
        await spectator.until(lambda f: f["type"] == "welcome")
        await host.until(lambda f: f["type"] == "welcome")

        async def sockets(players: int, spectators: int) -> bool:
            now = await scrape(live)
            return (
                value(now, "connections", role="player"),
                value(now, "connections", role="spectator"),
            ) == (players, spectators)

        await until(lambda: sockets(1, 1))
        during = await scrape(live)
        assert value(during, "tables_owned") == 1 and value(during, "tables_failed") == 0
        await host.send({"type": "next_hand"})
        await play_over_websocket(
            host, random.Random(3), until=lambda: table.stats.hands_finished >= 1
        )
        async with httpx.AsyncClient(base_url=live.http) as http:
            response = await http.get(
                f"/api/tables/{table_id}/hands/1",
                headers={"Authorization": f"Bearer {created['token']}"},
            )
        history = response.json()
        after = await scrape(live)
        actions = history["actions"]
        host_actions = sum(1 for a in actions if a["seat"] == 0)
        assert len(actions) > host_actions > 0

        def moved(name: str) -> float:
            return value(after, name) - value(before, name)

        assert moved("actions_total") == len(actions)
        assert moved("hands_finished_total") == 1
        assert moved("action_timeouts_total") == 0  # no action timer at this table
        assert moved("action_broadcast_seconds_count") == host_actions  # the bots' are not
        assert value(after, "action_broadcast_seconds_bucket", le="+Inf") == host_actions
        assert moved("event_store_commit_seconds_count") == (
            writer.stats.transactions - transactions
        )
        assert moved("event_store_commit_seconds_count") >= len(actions)  # one per action
        assert value(after, "event_store_commit_failures_total") == 0
        assert moved("actions_rejected_total") == table.stats.rejected
        await host.close()
        await spectator.close()
        await until(lambda: sockets(0, 0))
        assert value(await scrape(live), "actions_total") == value(after, "actions_total")


async def test_not_through_a_proxy_and_not_when_off(tmp_path: Path) -> None:
    async with (
        running_server(settings_for(tmp_path / "on")) as live,
        httpx.AsyncClient(base_url=live.http) as http,
    ):
        assert (await http.get("/metrics")).status_code == 200
        for header in ("X-Forwarded-For", "X-Real-IP", "Forwarded"):
            response = await http.get("/metrics", headers={header: "for=203.0.113.9"})
            assert response.status_code == 404
            assert response.json()["error"]["code"] == "not_found"
    async with running_server(settings_for(tmp_path / "off", metrics=False)) as live:
        assert live.app.state.metrics is None
        async with httpx.AsyncClient(base_url=live.http) as http:
            response = await http.get("/metrics")
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"


def test_serve_writes_json_log_lines_naming_the_node(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    command = [
        sys.executable, "-m", "anaconda_poker", "serve", "--port", "0",
        "--database", f"sqlite:///{tmp_path / 'j.sqlite3'}", "--no-default-lobby",
        "--log-format", "json", "--log-level", "info", "--node", "node-7",
    ]  # fmt: skip
    with log.open("w") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        url = ""
        for _ in range(600):
            found = [x for x in log.read_text().splitlines() if "serving at" in x]
            if found:
                url = found[0].split("serving at ", 1)[1].strip().rstrip("/")
                break
            assert proc.poll() is None, log.read_text()
            subprocess.run(["sleep", "0.1"], check=True)
        metrics = httpx.get(f"{url}/metrics", timeout=10)
        assert metrics.status_code == 200
        assert 'anaconda_poker_node_info{node="node-7"} 1.0' in metrics.text
    finally:
        proc.terminate()
        proc.wait(20)
    lines = [x for x in log.read_text().splitlines() if x.startswith("{")]
    records = [json.loads(x) for x in lines]
    assert {r["node"] for r in records} == {"node-7"}
    messages = [r["message"] for r in records]
    assert any("GET /metrics" in m and "200" in m for m in messages)  # uvicorn's access log
    assert any(r["logger"] == "anaconda_poker.server.lobby" for r in records)  # "rebuilt ..."
    assert all({"time", "level", "logger", "message"} <= set(r) for r in records)
    # the only other lines: what serve prints for people on standard output
    others = [x for x in log.read_text().splitlines() if not x.startswith("{")]
    printed = ("database schema upgraded", "anaconda-poker is serving", "database:")
    assert all(x.startswith(printed) for x in others), others


async def test_a_table_that_cannot_be_rebuilt_counts_as_failed(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)
    engine = open_database(settings.database_url, create=False)
    data = write_pre_alembic_database(engine)  # one table after one hand
    with engine.begin() as conn:
        conn.execute(
            update(table_events).where(table_events.c.seq == 7).values(payload="{not json")
        )
    engine.dispose()
    async with running_server(settings) as live:
        assert data["table_id"] in live.lobby.failed_tables
        samples = await scrape(live)
        assert value(samples, "tables_failed") == 1
        assert value(samples, "tables_owned") == 0
        created = await create_table(live, seats=3, auto_start=False)
        samples = await scrape(live)
        assert (value(samples, "tables_owned"), value(samples, "tables_failed")) == (1, 1)
        assert created["table"]["table_id"] in live.lobby.tables
