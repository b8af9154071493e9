"""A table that cannot deal says why to everyone in the browser (issue 12 §3): with fewer
than two players with chips, the host and every spectator read it under the felt (TableInfo
``waiting_reason``), in their own language; it goes once a second player sits down.

Waits are for states of the page, never fixed sleeps; any console error fails (conftest.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_e2e import create_table_in_lobby

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]


def test_everyone_is_told_why_no_hand_is_dealt(server: Any, open_page: Any) -> None:
    ana = open_page().page
    table_id = create_table_in_lobby(
        ana, server.url, name="Alone", host="Ana", bots=0, seats=3, auto_start=False
    )
    assert ana.wait_for_selector("#table-waiting").inner_text() == (
        "At least two players with chips are needed to deal."
    )
    watcher = open_page(locale="de-DE").page
    watcher.goto(f"{server.url}/t/{table_id}")
    watcher.wait_for_selector("#join-form")
    assert watcher.wait_for_selector("#table-waiting").inner_text() == (
        "Zum Geben braucht es mindestens zwei Personen mit Chips."
    )
    bo = open_page().page
    bo.goto(f"{server.url}/t/{table_id}")
    bo.fill("#join-name", "Bo")
    bo.click("#join-submit")
    bo.wait_for_selector(".table-page[data-seat]:not([data-seat=''])")
    ana.wait_for_selector("#table-waiting", state="detached")
    watcher.wait_for_selector("#table-waiting", state="detached")
