"""Nothing lost: the real server (``anaconda-poker serve`` in a subprocess) is killed with
SIGKILL in the middle of a hand, restarted on the same database, and every seat reconnects
with its token to exactly the state it last saw, with every chip accounted for; the hand
then plays to its end and its history verifies. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import Client, LiveServer, choose_from_legal, play_over_websocket, ws_client

from anaconda_poker.core.fairness_v3 import verify_any


class ServerProcess:
    """``anaconda-poker serve`` on a free port as a child process."""

    def __init__(self, database: str, tmp: Path) -> None:
        self.database = database
        self.tmp = tmp
        self.proc: subprocess.Popen[bytes] | None = None
        self.http = ""
        self.starts = 0

    async def start(self) -> LiveServer:
        command = [
            sys.executable, "-c", "from anaconda_poker.cli.main import main; main()", "serve",
            "--host", "127.0.0.1", "--port", "0", "--database", self.database,
            "--no-default-lobby", "--between-hands", "0", "--static-dir", str(self.tmp),
            "--seed-window", "0",  # these clients do not send seeds: hands never wait
        ]  # fmt: skip
        # output to a file: a pipe nobody reads would block the server once full
        self.starts += 1
        log = self.tmp / f"server-{self.starts}.log"
        with log.open("w") as out:
            self.proc = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, cwd=self.tmp
            )
        line = ""
        for _ in range(600):
            found = [x for x in log.read_text().splitlines() if "serving at" in x]
            if found:
                line = found[0]
                break
            assert self.proc.poll() is None, f"the server stopped: {log.read_text()[-500:]}"
            await asyncio.sleep(0.1)
        assert "serving at http://127.0.0.1:" in line, f"the server did not start: {line!r}"
        self.http = line.split("serving at ", 1)[1].strip().rstrip("/")
        ws = self.http.replace("http://", "ws://") + "/ws"
        return LiveServer(http=self.http, ws=ws, app=None, database_url=self.database)

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        assert self.proc.returncode == -signal.SIGKILL

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


async def latest_state(
    client: Client, previous: dict[str, Any] | None = None, *, quiet: float = 0.3
) -> dict[str, Any]:
    """Read frames until none arrives for ``quiet`` seconds; the last ``state`` frame (or
    ``previous`` if none came)."""
    state = previous
    while True:
        try:
            frame = await client.recv(timeout=quiet)
        except TimeoutError:
            break
        if frame["type"] == "state":
            state = frame
    assert state is not None
    return state


def chips_in(view: dict[str, Any]) -> int:
    """Stacks plus every chip committed this hand (pots and this round's bets)."""
    return sum(s["stack"] + s["committed"] for s in view["seats"])


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'game.sqlite3'}"
    url: str = request.getfixturevalue("fresh_postgres_url")
    return url


@pytest.mark.slow
async def test_kill_minus_nine_mid_hand_then_resume(database: str, tmp_path: Path) -> None:
    server = ServerProcess(database, tmp_path)
    try:
        live = await server.start()
        async with httpx.AsyncClient(base_url=live.http) as http:
            created = (
                await http.post(
                    "/api/tables",
                    json={
                        "name": "Crash", "host_name": "Ana", "seats": 3, "action_timer": None,
                        "auto_start": False, "bot_pause": 0, "reveal_deck_after_hand": True,
                        "bots": [{"seat": 2, "level": "calling-station"}],
                    },
                )
            ).json()  # fmt: skip
            table_id = created["table"]["table_id"]
            bo = (await http.post(f"/api/tables/{table_id}/seats", json={"name": "Bo"})).json()
        tokens = {0: created["token"], 1: bo["token"]}
        clients = {s: await ws_client(live, {"token": t}) for s, t in tokens.items()}
        for client in clients.values():
            await latest_state(client)
        await clients[0].send({"type": "next_hand"})
        # play until the first pass, where seat 0 has committed its pass and seat 1 not yet
        rng = random.Random(8)
        latest: dict[int, dict[str, Any]] = {}

        def paused_in_pass() -> bool:
            view = latest.get(0, {}).get("view")
            return bool(view and view["phase"] == "passing" and view["you"]["pending_pass"])

        async def drive(seat: int) -> None:
            acted = None
            while not paused_in_pass():
                try:
                    frame = await clients[seat].recv(timeout=0.1)
                except TimeoutError:
                    continue
                if frame["type"] != "state" or frame["view"] is None:
                    continue
                latest[seat] = frame
                view = frame["view"]
                if seat not in view["to_act"] or frame["turn"] == acted:
                    continue
                if view["phase"] == "passing" and seat == 1:
                    continue  # seat 1 holds its pass back
                acted = frame["turn"]
                action = choose_from_legal(view["you"]["legal"], rng, passive=True)
                await clients[seat].send(
                    {"type": "action", "turn": frame["turn"], "action": action}
                )

        await asyncio.wait_for(asyncio.gather(drive(0), drive(1)), 30)
        before = {s: await latest_state(c, latest.get(s), quiet=0.3) for s, c in clients.items()}
        assert before[0]["view"]["phase"] == "passing"
        assert before[0]["view"]["you"]["pending_pass"], "seat 0 committed its pass"
        assert before[1]["view"]["you"]["pending_pass"] is None
        total_before = chips_in(before[0]["view"])
        assert total_before == 600

        server.kill()  # SIGKILL: no shutdown code runs
        for client in clients.values():
            await client.close()

        live = await server.start()
        again = {s: await ws_client(live, {"token": t}) for s, t in tokens.items()}
        after = {}
        for seat, client in again.items():
            welcome = await client.until(lambda f: f["type"] == "welcome")
            assert welcome["seat"] == seat and welcome["table_id"] == table_id
            after[seat] = await latest_state(client)
        for seat in clients:
            assert after[seat]["view"] == before[seat]["view"], f"seat {seat} sees a different hand"
            assert after[seat]["turn"] == before[seat]["turn"]
            assert after[seat]["version"] == before[seat]["version"]
        assert chips_in(after[1]["view"]) == total_before

        # the hand goes on from where it stopped and ends with every chip accounted for
        finished: dict[int, dict[str, Any]] = {}

        def on_frame(seat: int) -> Any:
            def record(frame: dict[str, Any]) -> None:
                if frame["type"] == "hand_finished":
                    finished[seat] = frame

            return record

        for client in again.values():
            await client.send({"type": "sync"})  # act from a fresh state frame
        await asyncio.wait_for(
            asyncio.gather(
                *(
                    play_over_websocket(
                        client, rng, until=lambda: len(finished) == 2, on_frame=on_frame(seat)
                    )
                    for seat, client in again.items()
                )
            ),
            60,
        )
        result = finished[0]["result"]
        assert sum(result["net"].values()) == 0
        async with httpx.AsyncClient(base_url=live.http) as http:
            history = (
                await http.get(
                    f"/api/tables/{table_id}/hands/1",
                    headers={"Authorization": f"Bearer {tokens[0]}"},
                )
            ).json()
            ledger = (await http.get(f"/api/tables/{table_id}/ledger")).json()["ledger"]
        assert verify_any(history).ok
        assert history["result"]["net"] == result["net"]
        assert sum(row["stack"] for row in ledger) == 600
        for client in again.values():
            await client.close()
    finally:
        server.stop()
