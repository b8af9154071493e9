"""A reviewer's layout check: every side-panel tab (Fairness last, with its Verify buttons)
is on screen in every language, on a desktop and on a phone, without scrolling the tab row."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from anaconda_poker.i18n import LANGUAGES

DESKTOP = {"width": 1360, "height": 900}
PHONE = {"width": 375, "height": 667}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_side_panel_tab_is_on_screen(server: Any, open_page: Any, viewport: Any) -> None:
    made = httpx.post(
        f"{server.url}/api/tables",
        json={"name": "Tabs", "host_name": "Ada", "seats": 3, "bot_pause": 0, "auto_start": False},
        timeout=10,
    ).json()
    table_id = made["table"]["table_id"]
    for lang in LANGUAGES:
        probe = open_page(viewport=viewport)
        seat = {"token": made["token"], "seat": 0, "name": "Ada"}
        prefs = {"seats": {table_id: seat}, "lang": lang}
        probe.page.context.add_init_script(
            f"localStorage.setItem('anaconda-poker.prefs.v1', {json.dumps(json.dumps(prefs))});"
        )
        probe.page.goto(f"{server.url}/#/table/{table_id}")
        probe.page.wait_for_selector("#tab-fair")
        hidden = probe.page.evaluate(
            """() => {
              const row = document.querySelector('.tabs').getBoundingClientRect();
              return [...document.querySelectorAll('.tabs [role=tab]')]
                .filter((tab) => {
                  const r = tab.getBoundingClientRect();
                  return r.left < row.left - 1 || r.right > row.right + 1;
                })
                .map((tab) => tab.textContent);
            }"""
        )
        assert hidden == [], f"{lang}: tabs cut off at the panel's edge: {hidden}"
