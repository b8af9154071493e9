"""A player the host removes mid-hand plays the hand out; when it ends everyone at the table
is told, in their own language (issue 12's trial night: only the host learnt of it), and
the removed player is told it was removed, not merely disconnected. Debian's Chromium."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from test_host_panel_web import open_host_controls, seat_page

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


RECORD_NOTICES = """() => {
  // every notice shown from now on, kept after it goes: three pages are told at once and
  // each notice lasts a few seconds, which a loaded machine may spend waiting on another page
  window.__notices = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.classList?.contains('toast-item')) window.__notices.push(n.textContent);
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""
TOLD = "(text) => window.__notices.some((n) => n.includes(text))"


def test_everyone_sees_that_a_player_removed_mid_hand_has_left(server: Any, open_page: Any) -> None:
    body = {
        "name": "Home game",
        "host_name": "Ada",
        "seats": 4,
        "action_timer": 1,  # nobody acts: the timers play the hand out quickly
        "time_bank": 0,
        "auto_start": False,
        "bots": [{"seat": 1, "level": "calling-station"}],
    }
    made = httpx.post(f"{server.url}/api/tables", json=body, timeout=10).json()
    table_id = made["table"]["table_id"]
    sat = httpx.post(
        f"{server.url}/api/tables/{table_id}/seats", json={"name": "Bo", "seat": 2}, timeout=10
    ).json()
    host = seat_page(
        open_page, server, table_id, {"token": made["token"], "seat": 0, "name": "Ada"}
    )
    bo = seat_page(
        open_page, server, table_id, {"token": sat["token"], "seat": 2, "name": "Bo"}, "it"
    )
    watcher = seat_page(open_page, server, table_id, None, "de")
    bo.wait_for_selector(".table-page[data-seat='2']")
    watcher.wait_for_selector("#join-form")
    for page in (host, bo, watcher):
        page.evaluate(RECORD_NOTICES)
    host.click("#next-hand")
    host.wait_for_selector(".table-page[data-phase='betting']")
    open_host_controls(host)  # the timers move the hand every second
    host.click("#remove-2")
    host.click("#remove-confirm-2")
    host.click("#host-close")
    # the hand ends by the timers; then the watcher (German) and the host are told
    watcher.wait_for_function(TOLD, arg="Der Gastgeber hat Bo entfernt.", timeout=150_000)
    host.wait_for_function(TOLD, arg="The host removed Bo.", timeout=10_000)
    # and Bo (Italian) that the host removed him, then he watches
    bo.wait_for_function(TOLD, arg="L'organizzatore ti ha allontanato dal tavolo", timeout=10_000)
    bo.wait_for_selector("#join-form", timeout=10_000)
