"""Every language, every screen (issue 12 §4): nothing overflows its box or covers another.

One server, one browser, one table: a hand is played up to the roll (cards face up on the
seats, a pot, your arranged five) and stops on your turn (no action timer), so the table
holds still while the lobby and the table are measured in all six languages at 320, 375,
768 and 1280 px. The measuring is done in the browser by ``layout_probe.js``
(getBoundingClientRect, scrollWidth > clientWidth, overlapping boxes); see its header for
what counts as an offender.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from test_e2e import act_once, create_table_in_lobby, page_facts, play_until_hand_done

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(420)]

PROBE = (Path(__file__).parent / "layout_probe.js").read_text(encoding="utf-8")
LANGUAGES = ("en", "it", "es", "pt", "nl", "de")
WIDTHS = (320, 375, 768, 1280)
HEIGHTS = {320: 640, 375: 667, 768: 1024, 1280: 900}
ROLL_ROUND = 6
"""Stop on our turn from this betting round on: two cards turned by every seat still in."""
REACH_TIMEOUT = 150.0
ALL_SHOTS = os.environ.get("LAYOUT_SHOTS") == "1"
"""Save every measured screen under artifacts/screenshots/ (else only those with offenders)."""


def measure(page: Any, where: str) -> list[str]:
    """The probe's offenders on the page now, each as one readable line."""
    found: list[dict[str, str]] = page.evaluate(PROBE)
    return [f"{where}: {o['kind']} {o['what']} — {o['detail']}" for o in found]


def set_language(page: Any, lang: str) -> None:
    page.select_option("#lang-select", lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)


def our_moment(page: Any) -> dict[str, Any]:
    """The phase and betting round shown, and whether a decision of ours is pending."""
    state: dict[str, Any] = page.evaluate(
        """() => {
          const p = document.querySelector('.table-page');
          const round = (document.querySelector('#phase')?.textContent || '').match(/\\d+/);
          return {phase: p.dataset.phase, round: round ? Number(round[0]) : 0,
                  bet: !!document.querySelector('#act-check:not([disabled]),'
                                                + '#act-call:not([disabled])'),
                  pass: !!document.querySelector('#pass-confirm')};
        }"""
    )
    return state


def play_until(page: Any, wanted: str) -> None:
    """Play (check/call, pass, arrange) until our turn in the first pass ("pass") or in a roll
    betting round ("roll"); the table then waits for us (it has no action timer)."""
    deadline = time.monotonic() + REACH_TIMEOUT
    while True:
        assert time.monotonic() < deadline, f"never reached {wanted}: {page_facts(page)}"
        m = our_moment(page)
        if wanted == "pass" and m["phase"] == "passing" and m["pass"]:
            return
        if wanted == "roll" and m["phase"] == "betting" and m["round"] >= ROLL_ROUND and m["bet"]:
            return
        if act_once(page) is None:
            page.wait_for_timeout(50)


def test_lobby_and_table_fit_every_language_and_width(
    server: Any, open_page: Any, shot: Any
) -> None:
    """No element overflows its box or overlaps another: 6 languages × 4 widths, the lobby and
    the table at two moments of a hand (the first pass and a roll round)."""
    table = open_page().page
    create_table_in_lobby(
        table, server.url, name="Layout Tischrunde", host="Maximiliane", bots=4, seats=6
    )
    lobby = open_page().page
    lobby.goto(server.url + "/")
    lobby.wait_for_selector(".table-item")

    offenders: list[str] = []

    def sweep(moment: str) -> None:
        for width in WIDTHS:
            for page in (lobby, table):
                page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
            for lang in LANGUAGES:
                if moment == "pass":  # the lobby does not change during the hand
                    set_language(lobby, lang)
                    found = measure(lobby, f"lobby {lang} {width}px")
                    if found or ALL_SHOTS:
                        shot(lobby, f"layout-lobby-{lang}-{width}", full_page=True)
                    offenders.extend(found)
                set_language(table, lang)
                for tab in ("log", "ledger"):
                    table.click(f"#tab-{tab}")
                    table.wait_for_selector(f"#tab-{tab}[aria-selected='true']")
                    if tab == "ledger":
                        table.wait_for_selector("#ledger")
                    found = measure(table, f"table {moment} {lang} {width}px {tab}")
                    if found or ALL_SHOTS:
                        shot(table, f"layout-table-{moment}-{lang}-{width}-{tab}", full_page=True)
                    offenders.extend(found)

    play_until(table, "pass")
    sweep("pass")
    assert our_moment(table)["pass"], "the table moved on while it was measured"
    set_language(table, "en")  # act_once reads the English button texts
    play_until(table, "roll")
    sweep("roll")
    assert our_moment(table)["bet"], "the table moved on while it was measured"
    assert not offenders, f"{len(offenders)} layout offenders:\n" + "\n".join(offenders)


SELECT_FIT = """() => {
  // every select of the lobby's form (its closed options opened): the browser's own width
  // for it, a copy without width rules, is its longest option plus the arrow
  for (const d of document.querySelectorAll('#create-form details')) d.open = true;
  const out = [];
  for (const sel of document.querySelectorAll('#create-form select, .lobby select')) {
    const copy = sel.cloneNode(true);
    copy.removeAttribute('id');
    copy.style.cssText = 'position:absolute;visibility:hidden;width:auto;max-width:none;'
      + 'min-width:0;flex:none';
    sel.parentElement.append(copy);
    const need = copy.getBoundingClientRect().width;
    copy.remove();
    const width = sel.getBoundingClientRect().width;
    const longest = [...sel.options].map((o) => o.textContent)
      .sort((a, b) => b.length - a.length)[0];
    if (width + 0.5 < need) {
      out.push(`#${sel.id} ${Math.round(width)} < ${Math.round(need)} px ("${longest}")`);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("width", [320, 375])
def test_no_option_text_is_cut_in_the_lobby_selects(
    server: Any, open_page: Any, shot: Any, width: int
) -> None:
    """Newcomer trial: the Dutch phone lobby read "7 (standaarc" in the cards-dealt menu (a
    capped width, like the language menu's "Nederlanc"). In every language at 320 and 375 px
    each select of the lobby's form is as wide as its longest option, so none is cut."""
    page = open_page(viewport={"width": width, "height": HEIGHTS[width]}, mobile=True).page
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    problems: list[str] = []
    for lang in LANGUAGES:
        set_language(page, lang)
        found: list[str] = page.evaluate(SELECT_FIT)
        if found:
            shot(page, f"lobby-selects-{lang}-{width}", full_page=True)
            problems.extend(f"{lang} {width}px: {f}" for f in found)
    assert not problems, "\n".join(problems)


GROWN = (
    "async () => { const m = await import('/js/handnames.js');"
    # the longest name a shown five with a low gets in this language (hands that make a low
    # are the ones whose names have two parts)
    " const hands = [['8h','7h','6h','5h','4h'], ['Ah','8h','6h','4h','2h'],"
    " ['8c','7d','6h','5s','4c'], ['Ac','8d','6h','4s','2c'], ['8c','8d','6h','4s','2c']];"
    " const long = hands.map((c) => `${m.describeHigh(c)} · ${m.describeLow(c, 8)}`)"
    ".sort((a, b) => b.length - a.length)[0];"
    " const names = [...document.querySelectorAll('#felt .seat .hand-name')];"
    " const was = names.map((e) => e.textContent);"
    " names.forEach((e) => { e.textContent = long; });"
    " const found = " + PROBE.strip().removesuffix(";") + ";"
    " names.forEach((e, i) => { e.textContent = was[i]; });"
    " return found; }"
)
"""The probe with every shown hand named as long as a hand with a high and a low is named in
the page's language: the plates as tall as a showdown makes them, whatever this hand's cards
were."""


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_the_showdown_fits_at_768_px(server: Any, open_page: Any, shot: Any, lang: str) -> None:
    """Newcomer trial: at 768 px in German the top seat's plate, grown at the showdown by the
    hand's name and the win or loss, covered the "Copy invite link" control. The table is
    measured at its showdown (six seats, the host's top bar) at 768 px and the sizes around
    it, in German, Dutch and English, as it is and with the hand names grown (``GROWN``)."""
    table = open_page().page
    create_table_in_lobby(
        table,
        server.url,
        name="Layout Tischrunde",
        host="Maximiliane",
        bots=5,
        seats=6,
        bot_level="beginner",  # never folds a free check: the hand ends at a showdown
        next_hand_delay=300,  # the showdown stays while it is measured
    )
    play_until_hand_done([table])
    hand = table.get_attribute(".table-page", "data-hand")
    set_language(table, lang)
    offenders: list[str] = []
    for width, height in ((768, 1024), (768, 900), (820, 1180), (1024, 768)):
        table.set_viewport_size({"width": width, "height": height})
        for tab in ("log", "ledger"):
            table.click(f"#tab-{tab}")
            table.wait_for_selector(f"#tab-{tab}[aria-selected='true']")
            found = measure(table, f"showdown {lang} {width}x{height} {tab}")
            found += [
                f"showdown {lang} {width}x{height} {tab} grown: {o['kind']} {o['what']}"
                f" — {o['detail']}"
                for o in table.evaluate(GROWN)
            ]
            if found or ALL_SHOTS:
                shot(table, f"layout-showdown-{lang}-{width}x{height}-{tab}", full_page=True)
            offenders.extend(found)
    now = table.evaluate(
        "() => [document.querySelector('.table-page').dataset.hand,"
        " document.querySelector('.table-page').dataset.phase]"
    )
    assert now == [hand, "complete"], "the table moved on while it was measured"
    assert not offenders, f"{len(offenders)} layout offenders:\n" + "\n".join(offenders)
