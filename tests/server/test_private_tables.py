"""Private games (issue 12 §2): tables are unlisted unless asked, the invite link still
leads in, a seated player still finds their table, and the ledger downloads as CSV."""

from __future__ import annotations

import csv
import io

import httpx
from server_helpers import LiveServer, create_table

from anaconda_poker.server.ledger_csv import ledger_csv


async def test_tables_are_unlisted_by_default(live_server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        response = await http.post(
            "/api/tables", json={"name": "Private", "host_name": "Ana", "action_timer": None}
        )
    assert response.status_code == 201
    private = response.json()
    public = await create_table(live_server, name="Public", host_name="Bo", listed=True)
    private_id = private["table"]["table_id"]
    public_id = public["table"]["table_id"]
    assert private["table"]["listed"] is False and public["table"]["listed"] is True
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        anyone = (await http.get("/api/tables")).json()["tables"]
        assert [t["table_id"] for t in anyone] == [public_id]
        # the invite link is the way in: the table answers and a seat can be taken
        assert (await http.get(f"/api/tables/{private_id}")).status_code == 200
        seat = await http.post(f"/api/tables/{private_id}/seats", json={"name": "Cy"})
        assert seat.status_code == 201
        # a seated player (host or guest) sees their own unlisted table in the list
        for token in (private["token"], seat.json()["token"]):
            mine = await http.get("/api/tables", headers={"Authorization": f"Bearer {token}"})
            assert [t["table_id"] for t in mine.json()["tables"]] == [public_id, private_id]
        # a made-up token sees only listed tables
        stranger = await http.get("/api/tables", headers={"Authorization": "Bearer " + "x" * 43})
        assert [t["table_id"] for t in stranger.json()["tables"]] == [public_id]


async def test_listed_must_be_a_boolean(live_server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        response = await http.post(
            "/api/tables", json={"name": "T", "host_name": "Ana", "listed": "yes"}
        )
    assert response.status_code == 400
    assert "listed" in response.json()["error"]["message"]


async def test_ledger_csv_download(live_server: LiveServer) -> None:
    created = await create_table(
        live_server,
        name="Ledger",
        starting_stack=300,
        bots=[{"seat": 1, "level": "heuristic", "name": "Rita"}],
        auto_start=False,
    )
    table_id = created["table"]["table_id"]
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        response = await http.get(f"/api/tables/{table_id}/ledger.csv")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert response.headers["content-disposition"] == (
        f'attachment; filename="anaconda-ledger-{table_id}.csv"'
    )
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert [r["player"] for r in rows] == ["Host", "Rita", "Total"]
    assert [r["buy_in"] for r in rows] == ["300", "300", "600"]
    assert [r["net"] for r in rows] == ["0", "0", "0"]
    assert rows[0]["status"] == "seated" and rows[0]["cash_out"] == ""


def test_ledger_rows_count_cash_outs_and_conserve_chips() -> None:
    lines = [
        {
            "name": "Ana",
            "seat": 0,
            "bot": None,
            "bought_in": 400,
            "rebuys": 1,
            "adjustments": 0,
            "stack": 371,
            "net": -29,
            "hands": 12,
            "left": False,
            "removed": False,
        },
        {
            "name": "Bo",
            "seat": 2,
            "bot": None,
            "bought_in": 200,
            "rebuys": 0,
            "adjustments": 0,
            "stack": 260,
            "net": 60,
            "hands": 7,
            "left": True,
            "removed": False,
        },
        {
            "name": "-Eve",
            "seat": 3,
            "bot": "heuristic",
            "bought_in": 200,
            "rebuys": 0,
            "adjustments": 50,
            "stack": 219,
            "net": -31,
            "hands": 7,
            "left": False,
            "removed": False,
        },
        {
            "name": "Cy",
            "seat": 1,
            "bot": None,
            "bought_in": 200,
            "rebuys": 0,
            "adjustments": -20,
            "stack": 180,
            "net": 0,
            "hands": 3,
            "left": True,
            "removed": True,
        },
    ]
    text = ledger_csv(lines)
    assert text.startswith(
        "player,seat,bot,status,buy_in,rebuys,adjustment,cash_out,stack,net,hands\r\n"
    )
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[1] == {
        "player": "Bo",
        "seat": "2",
        "bot": "",
        "status": "left",
        "buy_in": "200",
        "rebuys": "0",
        "adjustment": "0",
        "cash_out": "260",
        "stack": "0",
        "net": "60",
        "hands": "7",
    }
    assert rows[2]["player"] == "'-Eve" and rows[2]["bot"] == "heuristic"
    assert (rows[2]["adjustment"], rows[2]["stack"]) == ("50", "219")
    assert (rows[3]["status"], rows[3]["adjustment"], rows[3]["cash_out"]) == (
        "removed",
        "-20",
        "180",
    )
    total = rows[4]
    assert total["player"] == "Total"
    columns = ("buy_in", "rebuys", "adjustment", "cash_out", "stack", "net")
    assert tuple(total[c] for c in columns) == ("1000", "1", "30", "440", "590", "0")
