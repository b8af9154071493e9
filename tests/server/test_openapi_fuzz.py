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

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import positive_data_acceptance
from server_helpers import LiveServer, ServerThread, play_one_hand, seeded_policies, table_snapshot
from test_error_codes import documented_codes

from anaconda_poker.server.app import create_app
from anaconda_poker.server.openapi import ERRORS, OPENAPI_URL
from anaconda_poker.server.settings import ServerSettings

MAX_EXAMPLES = 15
"""Generated requests per operation and mode (about 20 s for the whole document)."""

DOCUMENT = create_app(ServerSettings(create_default_lobby=False)).openapi()
schema = schemathesis.openapi.from_dict(DOCUMENT)
OPERATIONS = [result.ok() for result in schema.get_all_operations()]
CASES = [
    pytest.param(operation, mode, id=f"{operation.label} {mode}")
    for operation in OPERATIONS
    for mode in GenerationMode
    # invalid requests of the GET operations are only wrong paths (Hypothesis cannot make
    # a string path parameter invalid): 404s, tested in test_rest_errors.py
    if mode is GenerationMode.POSITIVE or operation.method.upper() == "POST"
]
"""Each operation and mode is its own pytest item (xdist spreads them; schemathesis' own
``parametrize`` ran only the first operation under ``pytest -n``)."""

CROSS_FIELD_RULES = {"/api/tables", "/api/tables/{table_id}/seats", "/api/replay", "/api/advice"}
"""Bodies with rules JSON Schema cannot state (bots on seats below ``seats``, a seat number
below the table's size, house rules the engine checks together, a hand history that must
replay): a schema-valid body may be
refused there (``invalid_config``, ``replay_error``, ``bad_request``), so schemathesis'
"valid data is accepted" check is skipped for them; every other check still runs."""


@dataclass
class Fuzzed:
    """The running server and its played table (the host and two bots, hand 1 finished)."""

    thread: ServerThread
    live: LiveServer
    table_id: str
    token: str

    def state(self) -> dict[str, Any]:
        """What a refused request must not change: ids and seat names of every table, and
        everything the played table shows anyone."""
        lobby = self.live.lobby

        def read() -> dict[str, Any]:
            seats = {
                table_id: [None if r is None else r.name for r in table.seats]
                for table_id, table in lobby.tables.items()
            }
            return {"seats": seats, "played": table_snapshot(lobby.table(self.table_id))}

        result: dict[str, Any] = self.thread.call(read)
        return result


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzzed]:
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
    thread = ServerThread(settings, setup=lambda live: play_one_hand(live, seed=5))
    live = thread.start()
    created, table_id = thread.setup
    yield Fuzzed(thread, live, table_id, created["token"])
    thread.close()


def test_the_server_publishes_the_document(server: Fuzzed) -> None:
    response = httpx.get(server.live.http + OPENAPI_URL)
    assert response.status_code == 200
    assert response.json() == DOCUMENT
    operations = {(m, p) for p, ops in DOCUMENT["paths"].items() for m in ops}
    assert operations == set(ERRORS)  # every operation declares its errors
    assert "/t/{table_id}" not in DOCUMENT["paths"]  # the invite link is for people


def test_the_fuzzed_table_answers(server: Fuzzed) -> None:
    """The ids and token the fuzzer substitutes reach real data (so the generated requests
    exercise the table routes, not only their 404s)."""
    auth = {"Authorization": f"Bearer {server.token}"}
    base = f"{server.live.http}/api/tables/{server.table_id}"
    for path in ("", "/ledger", "/ledger.csv", "/hands", "/hands/1", "/hands/1/frames"):
        response = httpx.get(base + path, headers=auth)
        assert response.status_code == 200, (path, response.text)
    assert httpx.get(base + "/hands/1/frames").status_code == 403  # no token: not dealt in


def _pick(case: Any, salt: str) -> bool:
    """A deterministic coin for this case, true 2 times in 3 (stable across runs, unlike
    ``random``)."""
    text = f"{salt}{case.method}{case.path}{case.path_parameters}{case.query}{case.body!r}"
    return hashlib.sha256(text.encode()).digest()[0] % 3 != 0


@pytest.mark.parametrize(("operation", "mode"), CASES)
def test_rest_api_matches_its_openapi_document(
    operation: Any, mode: GenerationMode, server: Fuzzed
) -> None:
    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=MAX_EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def fuzz(case: Any) -> None:
        check(case, server)

    fuzz()


def test_undeclared_methods_answer_405_with_allow(server: Fuzzed) -> None:
    """Every path answers a method it does not serve with 405 method_not_allowed and an
    ``Allow`` header naming exactly the methods the document declares for it."""
    for path, operations in DOCUMENT["paths"].items():
        url = server.live.http + path.replace("{table_id}", server.table_id).replace(
            "{hand_no}", "1"
        ).replace("{lang}", "en")
        declared = {method.upper() for method in operations}
        for method in {"GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"} - declared:
            response = httpx.request(method, url)
            assert response.status_code == 405, (method, path, response.text)
            assert response.json()["error"]["code"] == "method_not_allowed"
            assert set(response.headers["allow"].split(", ")) == declared, (method, path)


def check(case: Any, server: Fuzzed) -> None:
    """One generated request against the server, with every check of the module."""
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
    if response.status_code >= 400:
        code = response.json()["error"]["code"]
        assert code in documented_codes(), f"{operation} answered the undocumented {code!r}"
        assert server.state() == before, f"{operation} was refused ({code}) but changed state"
