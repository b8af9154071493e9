"""Notices on the table page cover nothing (newcomer trial): a toast floating at the top of
the window sat over the showdown's results on a phone (375 and 320 px) and over the side
panel's ledger at 1280 px for the few seconds it lasted. The table's notices now take their
place in the page under its top bar. Debian's Chromium, no console errors."""

from __future__ import annotations

from typing import Any

import pytest
from test_e2e import play_until_hand_done
from test_host_panel_web import seat_page
from test_replayer_web import a_table

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

WIDTHS = {320: 640, 375: 667, 768: 1024, 1280: 900}

COVERED = """(sel) => {
  // the notices showing now (a toast or the table's own), and the text of `sel` they cover,
  // with `sel` where the page first shows it and scrolled to the top and to the bottom of
  // the window
  const target = document.querySelector(sel);
  const notes = [...document.querySelectorAll('.toast-item')];
  const textBoxes = () => {
    const out = [];
    const walker = document.createTreeWalker(target, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        let { left, top, right, bottom } = r;
        // only what is not scrolled away inside a scrolling panel, nor off the window
        for (let e = n.parentElement; e && e !== document.body; e = e.parentElement) {
          const cs = getComputedStyle(e);
          if (!/auto|scroll|hidden/.test(cs.overflowX + cs.overflowY)) continue;
          const c = e.getBoundingClientRect();
          left = Math.max(left, c.left); top = Math.max(top, c.top);
          right = Math.min(right, c.right); bottom = Math.min(bottom, c.bottom);
        }
        top = Math.max(top, 0); bottom = Math.min(bottom, innerHeight);
        const text = n.textContent.trim();
        if (right - left > 1 && bottom - top > 1) out.push({ left, top, right, bottom, text });
      }
    }
    return out;
  };
  const found = [];
  const where = [['as shown', () => window.scrollTo(0, 0)],
                 ['at the top', () => target.scrollIntoView({ block: 'start' })],
                 ['at the bottom', () => target.scrollIntoView({ block: 'end' })]];
  for (const [name, scroll] of where) {
    scroll();
    for (const note of notes) {
      const a = note.getBoundingClientRect();
      if (a.width < 1 || a.height < 1) continue;
      for (const b of textBoxes()) {
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const hgt = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        const what = note.textContent.slice(0, 30);
        if (w > 2 && hgt > 2) found.push(`${name}: "${what}" over "${b.text}"`);
      }
    }
  }
  return { count: notes.length, found };
}"""


def test_no_notice_covers_the_results_or_the_ledger(server: Any, open_page: Any, shot: Any) -> None:
    """After a showdown, with the ledger tab open: the host copies the invite link (two
    notices: copied, and "works only on this computer" on 127.0.0.1) at 320, 375, 768 and
    1280 px; no notice lies over any text of the results or of the ledger, wherever the page
    is scrolled."""
    table_id, token = a_table(server)
    page = seat_page(open_page, server, table_id, {"token": token, "seat": 0, "name": "Ada"})
    page.click("#next-hand")
    play_until_hand_done([page])  # calling stations: the hand ends at a showdown
    page.click("#tab-ledger")
    page.wait_for_selector("#ledger td")
    covered = []
    for width, height in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        # clicked in the page: a click by the test would scroll the page to the button
        page.evaluate("document.getElementById('copy-invite').click()")
        # measured in the step that sees the notice: it goes after a few seconds, which a
        # loaded machine may take between a wait and the next read
        both: dict[str, dict[str, Any]] = page.wait_for_function(
            f"""() => [...document.querySelectorAll('.toast-item')]
                   .some((n) => n.textContent.includes('only on this computer'))
                 && {{'#results': ({COVERED})('#results'), '#ledger': ({COVERED})('#ledger')}}"""
        ).json_value()
        for target in ("#results", "#ledger"):
            seen = both[target]
            assert seen["count"], "no notice to measure"
            if seen["found"]:
                shot(page, f"notice-over-{target[1:]}-{width}")
            covered += [f"{width}px {target} {f}" for f in seen["found"]]
        assert page.get_attribute(".table-page", "data-phase") == "complete"
    assert not covered, "notices over the text:\n" + "\n".join(covered)
