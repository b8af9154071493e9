"""A reviewer's check of the Leave table confirmation: during a hand it names the chips the
player still has behind (the ante is in the pot), not the stack from before the hand, and
says that the hand plays by default from then on (between hands, test_pages.py: no such line)."""

from __future__ import annotations

import json
from typing import Any

import httpx


def test_leave_confirmation_during_a_hand_counts_the_chips_behind(
    server: Any, open_page: Any
) -> None:
    made = httpx.post(
        f"{server.url}/api/tables",
        json={
            "name": "Leave",
            "host_name": "Ada",
            "seats": 3,
            "bot_pause": 30,  # the bot does not act while the test looks
            "action_timer": None,
            "starting_stack": 150,
            "bots": [{"seat": 1, "level": "calling-station"}],
            "config": {"ante": 3},
        },
        timeout=10,
    ).json()
    table_id = made["table"]["table_id"]
    probe = open_page()
    seat = {"token": made["token"], "seat": 0, "name": "Ada"}
    prefs = {"seats": {table_id: seat}, "lang": "en"}
    probe.page.context.add_init_script(
        f"localStorage.setItem('anaconda-poker.prefs.v1', {json.dumps(json.dumps(prefs))});"
    )
    page = probe.page
    page.goto(f"{server.url}/#/table/{table_id}")
    page.wait_for_selector(".table-page[data-phase='betting']")
    page.click("#leave-table")
    # mid-hand the prompt says what happens to the hand (newcomer trial: the fold surprised)
    assert page.inner_text(".leave .prompt") == (
        "Leave the table with 147 chips? Your hand then plays by default until it ends:"
        " it checks when it can and folds to a bet."
    )
    page.click("#leave-confirm")
    page.wait_for_selector("#leaving")
