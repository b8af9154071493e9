"""Rebuys in the browser (issue 12 §2, newcomer trial): a guest's request shows as pending
until the host answers, with no second "Rebuy" button; the host's own rebuy needs nobody's
approval, so the host never sees a request of her own. A broke seat is offered "Rebuy to",
one with chips left "Top up to", and the host's request line and the toasts word it the same
way. Debian's Chromium, no console errors."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from test_host_panel_web import open_host_controls, seat_page

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


def _adjust(host: Any, seat: int, chips: int) -> None:
    open_host_controls(host)  # a redraw (the guest's page, a ledger line) may swallow a click
    host.click(f"#adjust-{seat}")
    host.fill(f"#adjust-input-{seat}", str(chips))
    host.click(f"#adjust-save-{seat}")
    host.wait_for_function(
        f"() => document.querySelector('#host-players tr[data-seat=\"{seat}\"] td.num')"
        f"?.textContent === '{chips}'"
    )
    host.click("#host-close")


def test_a_rebuy_request_shows_pending_and_the_hosts_own_is_approved_at_once(
    server: Any, open_page: Any
) -> None:
    made = httpx.post(
        f"{server.url}/api/tables",
        json={
            "name": "Rebuy night",
            "host_name": "Lena",
            "seats": 3,
            "starting_stack": 200,
            "action_timer": None,
            "auto_start": False,
            "bots": [],
        },
        timeout=10,
    ).json()
    table_id = made["table"]["table_id"]
    host = seat_page(
        open_page, server, table_id, {"token": made["token"], "seat": 0, "name": "Lena"}
    )
    guest = seat_page(open_page, server, table_id, None)
    host.wait_for_selector("#host-menu")
    guest.wait_for_selector("#join-form")
    guest.fill("#join-name", "João")
    guest.select_option("#join-seat", "1")
    guest.click("#join-submit")
    guest.wait_for_selector(".table-page[data-seat='1']")

    # broke, João buys in again: "Rebuy"; with chips left he tops up (review: 199 of 200
    # chips were offered "Rebuy to 200")
    _adjust(host, 1, 0)
    guest.wait_for_function(
        "() => document.getElementById('rebuy')?.textContent === 'Rebuy to 200'"
    )
    _adjust(host, 1, 199)
    guest.wait_for_function(
        "() => document.getElementById('rebuy')?.textContent === 'Top up to 200'"
    )

    # João is short (as after a lost hand): he asks once and sees that the host decides
    _adjust(host, 1, 120)
    guest.wait_for_function(
        "() => document.getElementById('rebuy')?.textContent === 'Top up to 200'"
    )
    guest.click("#rebuy")
    waiting = guest.wait_for_selector("#rebuy-waiting")
    assert waiting.inner_text() == "Top-up requested — waiting for the host"
    assert guest.locator("#rebuy").count() == 0
    host.wait_for_selector("#rebuy-requests")
    assert "João asks to top up by 80" in host.inner_text("#rebuy-requests")
    # a page opened afresh on João's seat still knows the request is pending
    prefs = json.loads(guest.evaluate("localStorage.getItem('anaconda-poker.prefs.v1')"))
    guest.close()
    guest = seat_page(open_page, server, table_id, prefs["seats"][table_id])
    guest.wait_for_selector("#rebuy-waiting")
    assert guest.locator("#rebuy").count() == 0
    host.click("#rebuy-requests button.primary")
    guest.wait_for_selector("#rebuy-waiting", state="detached")
    guest.wait_for_selector(".toast-item:has-text('Top-up of 80 approved.')")
    assert guest.locator("#rebuy").count() == 0  # back to 200: nothing to top up
    host.wait_for_selector("#rebuy-requests", state="detached")

    # Lena's own rebuy, broke: approved at once, never a request for herself to answer
    _adjust(host, 0, 0)
    host.click("#rebuy")
    host.wait_for_selector(".toast-item:has-text('Rebuy of 200 approved.')")
    assert host.locator("#rebuy-requests").count() == 0
    assert host.locator("#rebuy-waiting").count() == 0
    host.wait_for_selector("#rebuy", state="detached")
    ledger = httpx.get(f"{server.url}/api/tables/{table_id}/ledger", timeout=10).json()["ledger"]
    lines = {line["name"]: line for line in ledger}
    assert (lines["Lena"]["rebuys"], lines["Lena"]["stack"]) == (1, 200)
    assert (lines["João"]["rebuys"], lines["João"]["stack"]) == (1, 200)
