"""The arrangement panel's reveal-order reasons (analysis/reveal.py via POST /api/advice):
shown when the slots hold a suggestion, and asked again in the new language when the player
switches language mid-arrangement."""

from __future__ import annotations

from typing import Any

import pytest
from test_e2e import create_table_in_lobby, play_until_hand_done

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

LAST_LINE = (
    "(end) => { const li = document.querySelectorAll('#reveal-why li');"
    " return li.length === 5 && li[4].textContent.endsWith(end); }"
)


def test_reveal_reasons_follow_the_language(server: Any, open_page: Any) -> None:
    page = open_page().page
    create_table_in_lobby(
        page, server.url, name="Reasons", host="Ana", bots=1, seats=2, bot_level="beginner"
    )
    seen: list[str] = []

    def at_arrangement(p: Any, phase: str) -> None:
        if phase != "arranging" or seen:
            return
        p.wait_for_selector("#arrange-confirm")
        p.click("#suggest-high:not([disabled])")
        p.wait_for_function(LAST_LINE, arg="last: the whole hand shows only now")
        seen.append(p.inner_text("#reveal-why"))
        p.select_option("#lang-select", "it")
        p.wait_for_function("() => document.documentElement.lang === 'it'")
        p.wait_for_function(LAST_LINE, arg="per ultima: solo ora si vede tutta la mano")
        seen.append(p.inner_text("#reveal-why"))

    play_until_hand_done([page], on_phase=at_arrangement)
    assert len(seen) == 2
    english, italian = seen
    assert "now:" in english and " ora: " in italian and "now:" not in italian
