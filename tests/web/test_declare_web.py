"""The declare house rule (RULES.md §6) in the browser: the lobby offers it for split games
only, and a declare hand is played to the end at the web table against two calling
stations (they never fold, so the hand reaches the declaring step).

Fails on any browser console error (conftest.py). Waits are for page states, never sleeps.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from test_e2e import HAND_TIMEOUT, act_once, page_facts
from test_layout import HEIGHTS, LANGUAGES, measure, set_language

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]


def declare_table_in_lobby(page: Any, base: str, *, swing: str) -> str:
    """Create a declare table (high-low eight or better, two calling stations) in the lobby
    form like a person would; returns the table id."""
    page.goto(base + "/")
    page.wait_for_selector("#create-form")
    page.fill("#table-name", "Declare night")
    page.fill("#host-name", "Ana")
    # high only has nothing to declare for: the option is not offered
    page.check('input[name="split"][value="high_only"]')
    page.wait_for_selector("#declare", state="detached")
    page.check('input[name="split"][value="high_low_8"]')
    page.wait_for_selector("#declare")
    assert page.locator("#swing").count() == 0  # cards speak: no swing rule to choose
    page.select_option("#declare", "declare")
    page.wait_for_selector("#swing")
    page.select_option("#swing", swing)
    page.fill("#seats", "3")
    while page.locator("[id^=bot-level-]").count() > 2:
        page.click("#bot-remove-0")
    for i in range(2):
        page.select_option(f"#bot-level-{i}", "beginner")
    page.uncheck("#timer-on")
    page.click("details summary")
    page.fill("#bot-pause", "0")
    # the result must stay while the test reads it: on a loaded machine the default 8 s
    # between hands ran out and the next hand replaced the declarations under the test
    page.fill("#next-hand-delay", "120")
    page.click("#create-table")
    page.wait_for_function("() => location.hash.startsWith('#/table/')")
    page.wait_for_selector(".table-page[data-seat='0']")
    return str(page.url.rsplit("/", 1)[-1])


def frames_of(frames: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for raw in frames:
        try:
            msg = json.loads(raw)
        except ValueError:
            continue
        if isinstance(msg, dict):
            out.append(msg)
    return out


def test_lobby_offers_declare_in_every_language_for_split_games(
    server: Any, open_page: Any
) -> None:
    page = open_page(locale="it-IT").page
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    page.check('input[name="split"][value="high_low_any"]')
    options = page.eval_on_selector_all("#declare option", "els => els.map(e => e.textContent)")
    assert len(options) == 2 and all(
        o and not o.startswith(("Cards speak", "Declare")) for o in options
    )
    assert page.locator("label[for=declare]").inner_text() != "Split pots"  # translated
    page.check('input[name="split"][value="high_only"]')
    page.wait_for_selector("#declare", state="detached")


def test_a_swing_chosen_then_left_by_going_back_to_cards_speak_is_not_sent(
    server: Any, open_page: Any
) -> None:
    """The server refuses ``swing: ties_ok`` without declaring (docs/protocol.md §3); a
    person who picks it and then goes back to cards speak still creates the table."""
    page = open_page().page
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    page.fill("#table-name", "Changed my mind")
    page.fill("#host-name", "Ana")
    page.check('input[name="split"][value="high_low_8"]')
    page.select_option("#declare", "declare")
    page.wait_for_selector("#swing")
    page.select_option("#swing", "ties_ok")
    page.select_option("#declare", "cards_speak")
    page.wait_for_selector("#swing", state="detached")
    with page.expect_response(lambda r: r.url.endswith("/api/tables")) as answer:
        page.click("#create-table")
    assert answer.value.status == 201, answer.value.text()
    body = answer.value.request.post_data_json
    assert body["config"]["declare"] == "cards_speak" and "swing" not in body["config"]
    page.wait_for_function("() => location.hash.startsWith('#/table/')")


def test_a_declare_hand_is_played_to_the_end_in_the_browser(
    server: Any, open_page: Any, shot: Any
) -> None:
    probe = open_page()
    page = probe.page
    table_id = declare_table_in_lobby(page, server.url, swing="ties_ok")
    page.wait_for_selector(".rules-summary:has-text('declare, a swing may tie')")

    deadline = time.monotonic() + HAND_TIMEOUT
    declared = False
    while True:
        assert time.monotonic() < deadline, f"hand did not finish: {page_facts(page)}"
        facts = page_facts(page)
        if facts["phase"] == "complete" and facts["results"]:
            break
        if facts["phase"] == "declaring" and not declared and page.locator("#declare-both").count():
            # the declaring step: three buttons, a clear prompt, the table says what happens
            assert page.locator("#declare-high").is_enabled()
            assert page.locator("#declare-low").is_enabled()
            assert page.inner_text("#prompt") == "Declare: high, low or both (swing)"
            assert "Nobody sees your choice" in page.inner_text("#declare-hint")
            assert "at least a share of both halves" in page.inner_text("#declare-hint")
            assert page.inner_text("#phase") == "Declaring"
            assert "Declaring…" in page.inner_text("#seat-0")
            # the five are final: a missing low is "No low", never "No low yet"
            assert not page.inner_text("#my-strength").endswith("No low yet")
            # the calling stations declare at once: their seats say so, never what
            for bot in (1, 2):
                page.wait_for_selector(f"#seat-{bot} .seat-status:has-text('Declared ✓')")
                status = page.inner_text(f"#seat-{bot} .seat-status")
                assert not any(word in status for word in ("High", "Low", "Swing")), status
            shot(page, "declare-step")
            # the step holds still (no timer): nothing overflows or overlaps, in every
            # language, from a 320 px phone to a desktop (tests/web/layout_probe.js)
            offenders: list[str] = []
            for width in (320, 1280):
                page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
                for lang in LANGUAGES:
                    set_language(page, lang)
                    page.wait_for_selector("#declare-both")
                    found = measure(page, f"declaring {lang} {width}px")
                    if found:
                        shot(page, f"declare-layout-{lang}-{width}", full_page=True)
                    offenders += found
            assert not offenders, "\n".join(offenders)
            page.set_viewport_size({"width": 1360, "height": 900})
            set_language(page, "en")
            page.keyboard.press("s")  # S: swing, as the key bar says
            page.wait_for_function(
                "() => !document.querySelector('#declare-both')"
                " || document.querySelector('.table-page').dataset.phase === 'complete'"
            )
            declared = True
            continue
        if act_once(page) is None:
            page.wait_for_timeout(50)
    assert declared, "the hand never reached the declaring step"

    # the page showed the result from a state frame; the hand_finished frame may come after
    for _ in range(100):
        frames = frames_of(probe.frames)
        finished = [f for f in frames if f.get("type") == "hand_finished"]
        if finished:
            break
        page.wait_for_timeout(50)
    assert finished, "no hand_finished frame"
    result = finished[-1]["result"]
    assert result["declarations"]["0"] == "both"
    assert set(result["declarations"]) == {"0", "1", "2"}
    # before the reveal the host's frames never carried another seat's declaration
    for frame in frames:
        view = frame.get("view") if frame.get("type") == "state" else None
        if not view or view.get("phase") == "complete":
            continue
        assert not (view.get("result") or {}).get("declarations")
        for entry in view.get("log") or []:
            assert "direction" not in entry
        mine = (view.get("you") or {}).get("declaration")
        assert mine in (None, "both")

    # the result shows every declaration together, and explains a failed swing
    page.wait_for_selector("#declarations li")
    shot(page, "declare-result", full_page=True)
    items = page.eval_on_selector_all(
        "#declarations li",
        "els => els.map(e => [e.dataset.seat, e.dataset.direction, e.textContent])",
    )
    assert {seat: direction for seat, direction, _ in items} == result["declarations"]
    for seat, direction, text in items:
        label = {"high": "High", "low": "Low", "both": "Swing (both ways)"}[direction]
        assert f"declared {label}" in text
        failed = int(seat) in result["failed_swings"]
        if seat == "0":  # the reader's own lines are in the second person
            assert text.startswith("You declared")
            assert ("Your swing failed: you win nothing" in text) is failed
        else:
            assert ("swing failed: it wins nothing" in text) is failed
    seat_line = page.inner_text("#seat-0 .seat-status")
    assert seat_line == ("Swing failed" if 0 in result["failed_swings"] else "Swing (both ways)")
    net = result["net"]["0"]
    my_net = page.inner_text("#my-net")
    assert str(abs(net)) in my_net if net else my_net == "You broke even."
    assert table_id
