"""Changing the page's language mid-hand redraws every text in the new language, also the
seats' last actions of the round ("Check", "Bet 2"), which the page keeps as translated
text (newcomer trial night 6: after a switch they stayed in the old language until the next
update, for good while the game was paused). Debian's Chromium."""

from __future__ import annotations

from typing import Any

import pytest
from test_e2e import again_until
from test_host_panel_web import home_game, seat_page

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

STATUSES = "() => [...document.querySelectorAll('.seat .seat-status')].map((e) => e.textContent)"


def test_the_seats_last_actions_follow_a_language_change(server: Any, open_page: Any) -> None:
    made = home_game(
        server,
        seats=3,
        seat_approval=False,
        bot_pause=1,
        bots=[{"seat": 1, "level": "calling-station"}, {"seat": 2, "level": "calling-station"}],
    )
    table_id = made["table"]["table_id"]
    host = seat_page(
        open_page, server, table_id, {"token": made["token"], "seat": 0, "name": "Ada"}
    )
    host.click("#next-hand")
    host.wait_for_selector(".table-page[data-phase='betting']")
    if host.is_visible("#act-check"):  # Ada acts first: her check is a last action too
        host.click("#act-check")
    # somebody has checked; the round cannot end without Ada, who does not act again
    host.wait_for_function(f"() => ({STATUSES})().includes('Check')")
    # the bots act every second, and each action redraws the top bar: a click on "Pause"
    # that a redraw swallowed is made again (only then)
    again_until(
        host,
        lambda: host.click("#pause"),
        "() => !!document.querySelector('#pause-banner')",
        "the table never paused",
        target="#pause",
    )
    before: list[str] = host.evaluate(STATUSES)

    host.select_option("#lang-select", "de")
    host.wait_for_function("() => document.documentElement.lang === 'de'")
    after: list[str] = host.evaluate(STATUSES)
    german_check: str = host.evaluate("async () => (await import('/js/i18n.js')).t('Check')")
    assert german_check != "Check"
    assert "Check" not in after, after
    assert after.count(german_check) == before.count("Check"), (before, after)
