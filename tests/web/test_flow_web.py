"""The flow of a long hand in the browser (issue 12 §3): what every player and spectator sees.

Waits are for states of the page, never fixed sleeps; any console error fails (conftest.py).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_e2e import create_table_in_lobby, play_until_hand_done

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]


def test_pause_is_shown_to_everyone_and_resume_is_announced(
    server: Any, open_page: Any, shot: Any
) -> None:
    """The host pauses: a spectator reads "Paused by Ana", the turn timer stops showing; the
    resume is announced to the spectator and the banner goes."""
    host = open_page().page
    table_id = create_table_in_lobby(
        host, server.url, name="Pause night", host="Ana", bots=1, seats=3, timer=300
    )
    watcher = open_page(viewport={"width": 375, "height": 667}, mobile=True).page
    watcher.goto(f"{server.url}/t/{table_id}")
    watcher.wait_for_selector("#join-form")  # a free seat: the watcher does not take it
    # Ana's turn comes (the bot acts at once): her timer bar runs on both screens
    watcher.wait_for_selector("#seat-0 .timer", state="visible")
    host.wait_for_selector("#seat-0 .timer", state="visible")
    assert watcher.locator("#pause-banner").count() == 0

    host.click("#pause")
    banner = watcher.wait_for_selector("#pause-banner")
    assert banner.inner_text().startswith("Paused by Ana")
    assert "Timers are stopped" in banner.inner_text()
    watcher.wait_for_selector("#seat-0 .timer", state="hidden")
    host.wait_for_selector("#pause-banner")
    host.wait_for_selector("#seat-0 .timer", state="hidden")
    assert watcher.locator("#toast").inner_text().strip().endswith("Paused by Ana")
    # a spectator arriving during the pause reads it too, in Italian
    late = open_page(locale="it-IT").page
    late.goto(f"{server.url}/t/{table_id}")
    assert late.wait_for_selector("#pause-banner").inner_text().startswith("Messo in pausa da Ana")
    shot(watcher, "phone-paused")

    host.click("#resume")
    watcher.wait_for_selector("#pause-banner", state="detached")
    watcher.wait_for_function(
        "() => document.querySelector('#toast').innerText.includes('Ana resumed the game.')"
    )
    watcher.wait_for_selector("#seat-0 .timer", state="visible")
    late.wait_for_selector("#pause-banner", state="detached")


def test_showdown_stays_with_a_countdown_and_the_host_deals_now(
    server: Any, open_page: Any, shot: Any
) -> None:
    """The result stays on the table with "Next hand in N s" for everyone; the host's
    "Deal now" deals at once."""
    host = open_page().page
    table_id = create_table_in_lobby(
        host, server.url, name="Countdown", host="Ana", bots=1, seats=3, next_hand_delay=60
    )
    watcher = open_page(locale="de-DE").page
    watcher.goto(f"{server.url}/t/{table_id}")
    watcher.wait_for_selector("#join-form")
    first = play_until_hand_done([host])
    countdown = host.wait_for_selector("#next-hand-in")
    before = int(re.findall(r"\d+", countdown.inner_text())[0])
    assert countdown.inner_text() == f"Next hand in {before} s" and 45 <= before <= 60
    # it counts down while the result stays
    host.wait_for_function(
        "(n) => Number(document.querySelector('#next-hand-in').innerText.match(/\\d+/)[0]) < n",
        arg=before,
    )
    assert host.locator("#results").count() == 1
    assert host.evaluate("document.querySelector('.table-page').dataset.hand") == first
    # the spectator sees the same countdown, in German, without the host's button
    german = watcher.wait_for_selector("#next-hand-in").inner_text()
    assert re.fullmatch(r"Nächste Runde in \d+ s", german), german
    assert watcher.locator("#deal-now").count() == 0
    shot(host, "desktop-en-next-hand-countdown")
    host.click("#deal-now")
    host.wait_for_function(
        "(h) => document.querySelector('.table-page').dataset.hand !== h", arg=first
    )
    host.wait_for_selector("#next-hand-bar", state="detached")
    watcher.wait_for_selector("#next-hand-bar", state="detached")
