"""The side panel's list of finished hands on a phone (newcomer trial night 6): each hand's
"Download" sits on the row of its replay button, not under it where it read as the next
hand's, and a name that wraps ("Hand 1 · High-Low-Split, Acht-oder-besser") starts at the
left edge like the one-line names. Debian's Chromium."""

from __future__ import annotations

from typing import Any

import pytest
from test_e2e import play_until_hand_done
from test_host_panel_web import seat_page
from test_replayer_web import a_table

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ROWS = """() => [...document.querySelectorAll('#hand-list li')].map((li) => {
  const [replay, download] = li.querySelectorAll('button');
  const a = replay.getBoundingClientRect(), b = download.getBoundingClientRect();
  const name = replay.querySelector('span').getBoundingClientRect();
  return { downloadMiddle: (b.top + b.bottom) / 2, top: a.top, bottom: a.bottom,
           rowRight: li.getBoundingClientRect().right, downloadRight: b.right,
           nameIndent: name.left - a.left, align: getComputedStyle(replay).textAlign };
})"""


@pytest.mark.parametrize("width", [320, 375])
def test_each_hands_download_is_on_its_row(server: Any, open_page: Any, width: int) -> None:
    table_id, token = a_table(server)
    page = seat_page(open_page, server, table_id, {"token": token, "seat": 0, "name": "Ada"})
    page.set_viewport_size({"width": width, "height": 700})
    page.click("#next-hand")
    play_until_hand_done([page])  # it reads the English page
    page.select_option("#lang-select", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.click("#tab-hands")
    page.wait_for_selector("#hand-list li")
    rows: list[dict[str, Any]] = page.evaluate(ROWS)
    assert rows
    for row in rows:
        assert row["top"] < row["downloadMiddle"] < row["bottom"], row
        assert row["downloadRight"] <= row["rowRight"] + 0.5, row
        assert row["align"] in ("start", "left"), row
        assert row["nameIndent"] < 16, row  # padding only: not centred in a wide button


def test_a_hand_name_is_not_squeezed_beside_replay_at_320_px(server: Any, open_page: Any) -> None:
    """Verifier: where a row shows "Wiederholung" (Replay: a watcher's rows, a hand the seat
    sat out) instead of a short result, the name beside it and the Download was squeezed to
    a word a line at 320 px. The label moves under the name instead: the name keeps most of
    the button's width."""
    table_id, token = a_table(server)
    page = seat_page(open_page, server, table_id, {"token": token, "seat": 0, "name": "Ada"})
    page.click("#next-hand")
    play_until_hand_done([page])
    watcher = seat_page(open_page, server, table_id, None, "de")
    watcher.set_viewport_size({"width": 320, "height": 640})
    watcher.click("#tab-hands")
    watcher.wait_for_selector("#hand-list li")
    widths: list[list[float]] = watcher.evaluate(
        """() => [...document.querySelectorAll('#hand-list li button:first-child')].map((b) =>
             [b.querySelector('span').getBoundingClientRect().width, b.clientWidth,
              b.querySelector('span + span').textContent])"""
    )
    assert widths
    for name, button, label in widths:
        assert label == "Wiederholung"
        assert name > 0.6 * button, widths
