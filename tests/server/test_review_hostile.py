"""A reviewer's hostile requests: a hand number beyond the database's integers is an
unknown hand (not a server failure), a name padded with spaces cannot pass for a player's
name at the table, and a chunked body over the limit is ``too_large`` like any other."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest
from server_helpers import LiveServer, create_table


@pytest.mark.parametrize("hand_no", [2**31, 2**63, 10**22])
async def test_a_huge_hand_number_is_not_found(live_server: LiveServer, hand_no: int) -> None:
    table_id = (await create_table(live_server))["table"]["table_id"]
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        for path in (f"hands/{hand_no}", f"hands/{hand_no}/frames"):
            response = await http.get(f"/api/tables/{table_id}/{path}")
            assert response.status_code == 404, (path, response.text)
            assert response.json()["error"]["code"] == "hand_not_found"


async def test_spaces_do_not_make_a_new_name(live_server: LiveServer) -> None:
    created = await create_table(live_server, host_name="Ana  Bo ")
    table_id = created["table"]["table_id"]
    assert created["table"]["seats"][0]["name"] == "Ana Bo"
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        for name in ("Ana Bo ", "Ana  Bo", "ana bo   "):
            response = await http.post(f"/api/tables/{table_id}/seats", json={"name": name})
            assert response.status_code == 409, (name, response.text)
            assert response.json()["error"]["code"] == "name_taken"
        taken = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Cy  Di "})
        assert taken.status_code == 201
        info = (await http.get(f"/api/tables/{table_id}")).json()
    assert [s["name"] for s in info["seats"] if s] == ["Ana Bo", "Cy Di"]


async def test_a_chunked_body_over_the_limit_is_too_large(live_server: LiveServer) -> None:
    def chunked(text: str) -> Iterator[bytes]:  # no Content-Length: Transfer-Encoding chunked
        data = text.encode()
        for start in range(0, len(data), 1000):
            yield data[start : start + 1000]

    small = json.dumps({"name": "Chunked", "host_name": "Ana", "action_timer": None})
    huge = json.dumps({"name": "Chunked", "host_name": "Ana", "padding": "x" * 20_000})
    headers = {"Content-Type": "application/json"}
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        ok = await http.post("/api/tables", content=_aiter(chunked(small)), headers=headers)
        refused = await http.post("/api/tables", content=_aiter(chunked(huge)), headers=headers)
    assert ok.status_code == 201, ok.text
    assert ok.json()["table"]["name"] == "Chunked"
    assert refused.status_code == 413, refused.text
    assert refused.json()["error"]["code"] == "too_large"


async def _aiter(chunks: Iterator[bytes]) -> AsyncIterator[bytes]:
    for chunk in chunks:
        yield chunk
