"""Private tables in the browser (issue 12 §2): the lobby form creates unlisted tables unless
asked, a browser holding a seat still finds its table in the lobby, a stranger does not, and
the ledger tab downloads the ledger as CSV."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web_review import api_table, remember_seat

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def test_unlisted_table_found_by_its_seat_only_and_ledger_downloads(
    server: Any, open_page: Any, tmp_path: Path
) -> None:
    made = api_table(
        server.url,
        name="Only friends",
        listed=False,
        auto_start=False,
        bots=[{"seat": 1, "level": "random"}],
    )
    table_id = made["table"]["table_id"]
    listed = httpx.get(f"{server.url}/api/tables", timeout=10).json()["tables"]
    assert table_id not in {t["table_id"] for t in listed}

    stranger = open_page().page
    stranger.goto(server.url + "/")
    stranger.wait_for_selector("#create-form")
    assert not stranger.locator("#listed").is_checked()  # unlisted is the default
    stranger.wait_for_function(
        "() => !document.querySelector('#table-list, p.muted')?.textContent.includes('Loading')"
    )
    assert stranger.locator(f'.table-item[data-table-id="{table_id}"]').count() == 0

    host = open_page().page
    remember_seat(host, table_id, made["token"], made["seat"], "Ada")
    host.goto(server.url + "/")
    mine = host.locator(f'.table-item[data-table-id="{table_id}"] a')
    mine.wait_for()
    assert mine.inner_text() == "Back to my seat"
    mine.click()
    host.wait_for_selector(".table-page[data-seat='0']")
    host.click("#tab-ledger")
    link = host.locator("#ledger-csv")
    link.wait_for()
    with host.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename == f"anaconda-ledger-{table_id}.csv"
    saved = tmp_path / "ledger.csv"
    download.save_as(saved)
    rows = list(csv.DictReader(io.StringIO(saved.read_text(encoding="utf-8"))))
    assert [r["player"] for r in rows] == ["Ada", "Random 2", "Total"]
    assert rows[-1]["net"] == "0"
