"""The replayer's Review view of one's own finished hand: every decision of the seat with
the model's best choice and the expected chips lost, the model stated, in the player's
language; spectators get no Review view."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from test_e2e import create_table_in_lobby, play_until_hand_done

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


def _prefs(page: Any) -> dict[str, Any]:
    raw = page.evaluate("localStorage.getItem('anaconda-poker.prefs.v1')")
    prefs: dict[str, Any] = json.loads(raw)
    return prefs


def test_review_of_your_own_hand_in_english_and_italian(server: Any, open_page: Any) -> None:
    probe = open_page()
    page = probe.page
    table_id = create_table_in_lobby(
        page, server.url, name="Review", host="Ana", bots=2, seats=3, bot_level="beginner"
    )
    hand = play_until_hand_done([page])
    page.click("#tab-hands")
    page.click(f"#replay-{hand}")
    page.wait_for_selector("#replayer-felt .seat")
    assert page.get_attribute("#replayer-tab-replay", "aria-selected") == "true"
    page.click("#replayer-tab-review")
    page.wait_for_selector("#review-decisions tbody tr", timeout=60_000)
    assert page.locator("#replayer-pane").is_hidden()
    # the rows are the server's review of this seat, one per decision
    token = _prefs(page)["seats"][table_id]["token"]
    answer = httpx.get(
        f"{server.url}/api/tables/{table_id}/hands/{hand}/review",
        headers={"Authorization": f"Bearer {token}"},
        timeout=60,
    ).json()["review"]
    rows = page.locator("#review-decisions tbody tr")
    assert rows.count() == len(answer["decisions"]) > 5
    assert page.locator("#review-decisions tr.mistake").count() == sum(
        d["mistake"] for d in answer["decisions"]
    )
    first = rows.nth(0).inner_text()
    assert "Betting round 1" in first and "chips" in first
    assert "pass like a solid player and bet by strength" in page.inner_text("#review-model")
    stake = page.inner_text("#review-stake")
    assert f"the pot this hand reached ({answer['stake']:,})" in stake
    phases = page.inner_text("#review-phases")
    assert "Passing" in phases and "Arrangement" in phases and "Betting" in phases
    page.click("#replayer-tab-replay")
    page.wait_for_selector("#replayer-felt .seat")
    page.click("#replayer-close")

    # the same view in Italian
    prefs = _prefs(page) | {"lang": "it"}
    page.evaluate("(p) => localStorage.setItem('anaconda-poker.prefs.v1', p)", json.dumps(prefs))
    page.reload()
    page.click("#tab-hands")
    page.click(f"#replay-{hand}")
    page.click("#replayer-tab-review")
    page.wait_for_selector("#review-decisions tbody tr", timeout=60_000)
    assert page.inner_text("#replayer-tab-review") == "Revisione"
    head = page.inner_text("#review-decisions thead")
    assert "Hai scelto" in head and "Meglio secondo il modello" in head
    assert "come un giocatore solido" in page.inner_text("#review-model")
    assert "Giro di puntate 1" in page.inner_text("#review-decisions tbody")

    # a spectator's replayer (the public history) has no Review view
    watcher = open_page().page
    watcher.goto(f"{server.url}/#/table/{table_id}")
    watcher.click("#tab-hands")
    watcher.click(f"#replay-{hand}")
    watcher.wait_for_selector("#replayer-actions li")
    assert watcher.locator("#replayer-tab-review").count() == 0
