"""Every REST error has a documented code (issue 17 item 8): bodies that cannot be read
(deep nesting, invalid UTF-8, not JSON, wrong content type, oversized), text the database
cannot store (NUL, unpaired surrogates: refused naming the field, checked on PostgreSQL where
NUL used to answer 500), and a catch-all that logs and answers ``internal`` (or
``storage_unavailable`` for a failing database) instead of a bare 500."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from server_helpers import create_table, running_server, ws_client
from sqlalchemy.exc import OperationalError

from anaconda_poker.server.app import create_app
from anaconda_poker.server.settings import ServerSettings


def documented_codes() -> set[str]:
    """Every code in the table of ``docs/protocol.md`` §8."""
    text = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = text.split("## 8. Error codes", 1)[1]
    return {code for line in section.splitlines() for code in re.findall(r"`([a-z_]+)`", line)}


def settings_for(database: str, tmp_path: Path) -> ServerSettings:
    static = tmp_path / "static"
    static.mkdir(exist_ok=True)
    (static / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    return ServerSettings(
        database_url=database,
        static_dir=static,
        create_default_lobby=False,
        create_rate_limit=None,
    )


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(settings_for(f"sqlite:///{tmp_path / 'game.sqlite3'}", tmp_path))


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as test_client:
        yield test_client


JSON = {"content-type": "application/json"}
GOOD = {"name": "Friday", "host_name": "Ann"}


@pytest.mark.parametrize(
    ("body", "headers", "status", "code", "words"),
    [
        (b"[" * 3000 + b"]" * 3000, JSON, 400, "too_deep", "nested too deeply"),
        (b'{"name": "\xff\xfe", "host_name": "Ann"}', JSON, 400, "bad_encoding", "UTF-8"),
        (b'{"name": ', JSON, 400, "bad_json", "not valid JSON"),
        (
            json.dumps(GOOD).encode(),
            {"content-type": "text/plain"},
            415,
            "unsupported_media_type",
            "application/json",
        ),
        (
            b"name=Friday&host_name=Ann",
            {"content-type": "application/x-www-form-urlencoded"},
            415,
            "unsupported_media_type",
            "application/json",
        ),
        (json.dumps(GOOD).encode(), {}, 415, "unsupported_media_type", "Content-Type"),
        (b" " * 20_000, JSON, 413, "too_large", "16384 bytes"),
        (b"[1, 2]", JSON, 400, "bad_request", "body:"),
        (
            json.dumps({"name": "a\x00b", "host_name": "Ann"}).encode(),
            JSON,
            400,
            "bad_request",
            "name: must not contain the NUL character",
        ),
        (b'{"name": "a\\ud800b", "host_name": "Ann"}', JSON, 400, "bad_request", "name: "),
    ],
)
def test_unreadable_bodies_get_specific_documented_codes(
    client: TestClient, body: bytes, headers: dict[str, str], status: int, code: str, words: str
) -> None:
    response = client.post("/api/tables", content=body, headers=headers)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code and words in error["message"]
    assert code in documented_codes()
    assert client.get("/api/tables").json() == {"tables": []}  # nothing was created


def test_routing_errors_have_documented_codes(client: TestClient) -> None:
    for response, status, code in (
        (client.get("/api/nowhere"), 404, "not_found"),
        (client.put("/api/tables", json=GOOD), 405, "method_not_allowed"),
        (client.get("/api/tables/nope"), 404, "table_not_found"),
        (client.get("/api/tables/x/hands/abc"), 400, "bad_request"),
    ):
        assert response.status_code == status
        assert response.json()["error"]["code"] == code in documented_codes()


def test_method_not_allowed_names_the_allowed_methods(client: TestClient) -> None:
    """RFC 9110 §15.5.6: a 405 carries ``Allow`` (found by the OpenAPI fuzzer)."""
    response = client.request("TRACE", "/api/health")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
    assert response.headers["allow"] == "GET"
    response = client.delete("/api/tables")
    assert response.headers["allow"] == "GET, POST"
    # paths that only the static files would otherwise answer (404)
    for method, path, allow in (
        ("GET", "/api/replay", "POST"),
        ("HEAD", "/api/health", "GET"),
        ("GET", "/api/tables/x/seats", "POST"),
    ):
        response = client.request(method, path)
        assert (response.status_code, response.headers["allow"]) == (405, allow), path
    assert client.get("/api/nowhere").status_code == 404


def test_an_unexpected_failure_is_logged_and_answered_internal(
    app: FastAPI, client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*_args: object) -> list[object]:
        raise RuntimeError("secret detail of a bug")

    app.state.lobby.list_tables = broken
    with caplog.at_level(logging.ERROR, logger="anaconda_poker.server"):
        response = client.get("/api/tables")
    assert response.status_code == 500
    assert response.json() == {
        "error": {"code": "internal", "message": "the server failed to handle the request"}
    }
    assert "secret" not in response.text
    logged = [r for r in caplog.records if r.getMessage() == "GET /api/tables failed"]
    assert logged and logged[0].exc_info is not None  # with its stack trace


def test_a_failing_database_answers_storage_unavailable(app: FastAPI, client: TestClient) -> None:
    def full(*_args: object) -> list[object]:
        raise OperationalError("INSERT", {}, Exception("database or disk is full"))

    app.state.lobby.list_tables = full
    response = client.get("/api/tables")
    assert response.status_code == 503 and response.headers["retry-after"] == "5"
    assert response.json()["error"]["code"] == "storage_unavailable"
    assert "disk" not in response.json()["error"]["message"]


@pytest.mark.postgres
async def test_text_the_database_cannot_store_is_refused_on_postgresql(
    fresh_postgres_url: str, tmp_path: Path
) -> None:
    async with running_server(settings_for(fresh_postgres_url, tmp_path)) as live:
        async with httpx.AsyncClient(base_url=live.http) as http:
            for name, problem in (
                ("Fri\x00day", "NUL character"),
                ("Fri\ud800day", "unpaired surrogate"),
            ):
                # sent as Python objects the driver would choke on, not just escaped JSON
                body = json.dumps({"name": name, "host_name": "Ann"})
                response = await http.post("/api/tables", content=body, headers=JSON)
                assert response.status_code == 400, response.text
                error = response.json()["error"]
                assert error["code"] == "bad_request"
                assert error["message"].startswith("name: ") and problem in error["message"]
            assert (await http.get("/api/tables")).json() == {"tables": []}
            seat = await http.post("/api/tables/none/seats", json={"name": "B\x00o"})
            assert seat.status_code == 404  # names lose invisible characters (item 4)
        created = await create_table(live, name="Tavolo è 🂡 bello")  # any other text is fine
        assert created["table"]["name"] == "Tavolo è 🂡 bello"
        client = await ws_client(live, {"token": created["token"]})
        await client.until(lambda f: f["type"] == "welcome")
        await client.ws.send('{"type": "chat", "text": "hi \\ud800 there"}')
        refused = await client.until(lambda f: f["type"] == "error")
        assert refused["code"] == "bad_message"
        assert refused["message"].startswith("chat.text: must not contain unpaired surrogate")
        await client.send({"type": "chat", "text": "nul\x00 gone"})  # control chars stripped
        chat = await client.until(lambda f: f["type"] == "chat")
        assert chat["text"] == "nul gone"
        await client.close()
        async with httpx.AsyncClient(base_url=live.http) as http:
            listed = (await http.get("/api/tables")).json()["tables"]
        assert [t["name"] for t in listed] == ["Tavolo è 🂡 bello"]
