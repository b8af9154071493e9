"""REST fuzzing from the server's own OpenAPI document (schemathesis, issue 17).

Every operation of ``GET /api/openapi.json`` is called with schemathesis-generated requests,
valid and invalid (``positive`` and ``negative`` modes, a fixed budget, derandomized so CI runs
the same cases), against a real server on a loopback port that has one table with a finished
hand. Two in three generated table ids are replaced with that table's id (and hand numbers
with its hand) and two in three requests carry its host's seat token, so the table routes
answer with data, not only 404.

Each response must pass schemathesis' checks (no 5xx, status, headers and body as the
document declares, invalid data refused, ...) and, for this project, carry an error code
documented in docs/protocol.md §8; a refused request (4xx) must leave every table exactly as
it was (:func:`server_helpers.table_snapshot` of the played table; ids and seat names of
all tables).
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance
from server_helpers import LiveServer, play_one_hand, seeded_policies, start_server, table_snapshot
from test_error_codes import documented_codes

from anaconda_poker.server.app import create_app
from anaconda_poker.server.openapi import ERRORS, OPENAPI_URL
from anaconda_poker.server.settings import ServerSettings

MAX_EXAMPLES = 15
"""Generated requests per operation and mode (about 20 s for the whole document)."""

DOCUMENT = create_app(ServerSettings(create_default_lobby=False)).openapi()
schema = schemathesis.openapi.from_dict(DOCUMENT)
schema.config.generation.update(
    modes=["positive", "negative"], max_examples=MAX_EXAMPLES, deterministic=True
)

CROSS_FIELD_RULES = {"/api/tables", "/api/tables/{table_id}/seats", "/api/replay", "/api/advice"}
"""Bodies with rules JSON Schema cannot state (bots on seats below ``seats``, a seat number
below the table's size, house rules the engine checks together, a hand history that must
replay): a schema-valid body may be
refused there (``invalid_config``, ``replay_error``, ``bad_request``), so schemathesis'
"valid data is accepted" check is skipped for them; every other check still runs."""

STATUSES: Counter[tuple[str, int]] = Counter()
"""(operation, status) seen, for the coverage check at the end of the module."""


class ServerThread:
    """A real server on a loopback port, run by its own event loop in a thread (schemathesis
    calls it synchronously), with one table (``play_one_hand``: the host and two bots)."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.stop = asyncio.Event()
        self.live: LiveServer | None = None
        self.table_id = ""
        self.token = ""
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._run(),))

    async def _run(self) -> None:
        live, server, task = await start_server(self.settings)
        try:
            self.live = live
            created, self.table_id = await play_one_hand(live, seed=5)
            self.token = created["token"]
            self.ready.set()
            await self.stop.wait()
        finally:
            self.ready.set()
            server.should_exit = True
            await asyncio.wait_for(task, 10)

    def call(self, function: Any) -> Any:
        """Run ``function()`` on the server's loop (reads of the lobby never race it)."""

        async def run() -> Any:
            return function()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def state(self) -> dict[str, Any]:
        """What a refused request must not change."""
        assert self.live is not None
        lobby = self.live.lobby

        def read() -> dict[str, Any]:
            seats = {
                table_id: [None if r is None else r.name for r in table.seats]
                for table_id, table in lobby.tables.items()
            }
            return {"seats": seats, "played": table_snapshot(lobby.table(self.table_id))}

        result: dict[str, Any] = self.call(read)
        return result


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    folder: Path = tmp_path_factory.mktemp("openapi")
    static = folder / "static"
    static.mkdir()
    (static / "index.html").write_text("<!doctype html><title>test</title>", encoding="utf-8")
    settings = ServerSettings(
        database_url=f"sqlite:///{folder / 'poker.sqlite3'}",
        static_dir=static,
        create_default_lobby=False,
        between_hands=3600.0,  # generated tables stay idle: only the fuzzer changes state
        policy_factory=seeded_policies(),
        create_rate_limit=None,  # the fuzzer creates many tables from one address
    )
    running = ServerThread(settings)
    running.thread.start()
    assert running.ready.wait(60), "the server did not start"
    assert running.live is not None and running.token, "the first hand was not played"
    yield running
    running.loop.call_soon_threadsafe(running.stop.set)
    running.thread.join(20)
    ok = {op for (op, status) in STATUSES if status < 300}
    for operation in (
        "GET /api/tables/{table_id}",
        "GET /api/tables/{table_id}/hands/{hand_no}",
        "GET /api/tables/{table_id}/hands/{hand_no}/frames",
        "POST /api/tables",
    ):
        assert operation in ok, f"the fuzzer never got a success from {operation}: {STATUSES}"


def test_the_server_publishes_the_document(server: ServerThread) -> None:
    assert server.live is not None
    response = httpx.get(server.live.http + OPENAPI_URL)
    assert response.status_code == 200
    assert response.json() == DOCUMENT
    operations = {(m, p) for p, ops in DOCUMENT["paths"].items() for m in ops}
    assert operations == set(ERRORS)  # every operation declares its errors
    assert "/t/{table_id}" not in DOCUMENT["paths"]  # the invite link is for people


def _pick(case: Any, salt: str) -> bool:
    """A deterministic coin for this case, true 2 times in 3 (stable across runs, unlike
    ``random``)."""
    text = f"{salt}{case.method}{case.path}{case.path_parameters}{case.query}{case.body!r}"
    return hashlib.sha256(text.encode()).digest()[0] % 3 != 0


@schema.parametrize()
@settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_rest_api_matches_its_openapi_document(case: Any, server: ServerThread) -> None:
    assert server.live is not None
    params = case.path_parameters or {}
    if "table_id" in params and _pick(case, "table"):
        params["table_id"] = server.table_id
        if "hand_no" in params and _pick(case, "hand"):
            params["hand_no"] = 1
    headers = {}
    if _pick(case, "token"):
        headers["Authorization"] = f"Bearer {server.token}"
    before = server.state()
    excluded = [positive_data_acceptance] if case.path in CROSS_FIELD_RULES else []
    response = case.call_and_validate(
        base_url=server.live.http, headers=headers, excluded_checks=excluded
    )
    operation = f"{case.method} {case.path}"
    STATUSES[(operation, response.status_code)] += 1
    if response.status_code >= 400:
        code = response.json()["error"]["code"]
        assert code in documented_codes(), f"{operation} answered the undocumented {code!r}"
        assert server.state() == before, f"{operation} was refused ({code}) but changed state"
