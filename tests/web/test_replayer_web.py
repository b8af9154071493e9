"""The replayer on real hand histories (newcomer trial): the round label in the middle of the
felt names the round of the step shown, and an action the server took when a seat's time ran
out is marked "(time ran out)". Debian's Chromium, no console errors."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest
from test_e2e import play_until_hand_done
from test_host_panel_web import seat_page

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

WALK_STEPS = """() => {
  // every step of the open replayer, first to last: its caption and the felt's round label
  // (the step buttons redraw at once, so one evaluate reads them all)
  document.getElementById('replayer-first').click();
  const last = Number(document.getElementById('replayer-slider').max);
  const steps = [];
  for (let k = 0; k <= last; k++) {
    if (k) document.getElementById('replayer-next').click();
    steps.push({caption: document.getElementById('replayer-step').textContent,
                label: document.getElementById('rp-phase').textContent});
  }
  return steps;
}"""

BETTING = re.compile(r": \S.* (checks|calls|bets \S+|raises to \S+|folds)( \(time ran out\))?$")


def a_table(server: Any, **options: Any) -> tuple[str, str]:
    """Ada's three-seat table with two calling stations, dealt by hand; returns (id, token)."""
    body = {
        "name": "Replays",
        "host_name": "Ada",
        "seats": 3,
        "action_timer": None,
        "auto_start": False,
        "next_hand_delay": 120,
        "bot_pause": 0,
        "bots": [{"seat": 1, "level": "calling-station"}, {"seat": 2, "level": "calling-station"}],
        **options,
    }
    made: dict[str, Any] = httpx.post(f"{server.url}/api/tables", json=body, timeout=10).json()
    return str(made["table"]["table_id"]), str(made["token"])


def open_replayer(page: Any, hand: str) -> list[dict[str, str]]:
    """Open a finished hand's replayer from the Hands tab and read every step."""
    page.click("#tab-hands")
    page.click(f"#replay-{hand}")
    page.wait_for_selector("#replayer-felt .seat")
    steps: list[dict[str, str]] = page.evaluate(WALK_STEPS)
    return steps


def test_the_replayers_round_label_names_the_step_shown(server: Any, open_page: Any) -> None:
    """Newcomer trial: the label was one step ahead where a round ends ("Betting round 2"
    over the last pass of pass 1, "Pass 1" over the check that ended round 1). On a hand
    played to the showdown, every step's label is the round its action was taken in,
    counted from the captions alone: betting round r before the arrangement is the one
    after r - 1 passes, pass n follows n betting rounds."""
    table_id, token = a_table(server)
    page = seat_page(open_page, server, table_id, {"token": token, "seat": 0, "name": "Ada"})
    page.click("#next-hand")
    hand = play_until_hand_done([page])
    steps = open_replayer(page, hand)

    wrong = []
    passes_done = 0  # pass blocks finished before this step
    in_pass = arranged = False
    roll_round = 0
    for k, step in enumerate(steps):
        caption, label = step["caption"], step["label"]
        if k == 0:
            assert caption.endswith("The deal"), caption
            assert label.startswith("Betting round 1 of"), label
            continue
        if k == len(steps) - 1:
            assert label == "Showdown", label  # the last frame draws the result
            continue
        if " passes " in caption:
            in_pass = True
            if not label.startswith(f"Pass {passes_done + 1}:"):
                wrong.append(f"{caption} / {label}")
            continue
        if in_pass:
            passes_done, in_pass = passes_done + 1, False
        if "arranges five cards" in caption:
            arranged = True
            if label != "Everyone arranges five cards":
                wrong.append(f"{caption} / {label}")
        elif BETTING.search(caption):
            found = re.match(r"Betting round (\d+) of", label)
            if not found:
                wrong.append(f"{caption} / {label}")
            elif not arranged and int(found[1]) != passes_done + 1:
                wrong.append(f"{caption} / {label} (after {passes_done} passes)")
            elif arranged:
                if int(found[1]) < max(roll_round, passes_done + 2):
                    wrong.append(f"{caption} / {label} (roll)")
                roll_round = int(found[1])
    assert passes_done == 3 and arranged and roll_round >= 5, [s["caption"] for s in steps]
    assert not wrong, "labels not naming the step's round:\n" + "\n".join(wrong)


def test_a_timed_out_action_is_marked_in_the_replayer(server: Any, open_page: Any) -> None:
    """Ada leaves every decision to her one-second timer (no time bank): the server plays
    them, and her replayer marks each of her actions "(time ran out)", and no bot's."""
    table_id, token = a_table(server, action_timer=1, time_bank=0)
    page = seat_page(open_page, server, table_id, {"token": token, "seat": 0, "name": "Ada"})
    page.click("#next-hand")
    deadline = time.monotonic() + 120
    page.wait_for_selector(".table-page[data-phase='betting']")
    while page.get_attribute(".table-page", "data-phase") != "complete":
        assert time.monotonic() < deadline, "the timers never finished the hand"
        page.wait_for_timeout(250)
    hand = str(page.get_attribute(".table-page", "data-hand"))
    steps = open_replayer(page, hand)
    ada = [s["caption"] for s in steps if re.search(r"\d: Ada ", s["caption"])]
    bots = [s["caption"] for s in steps if re.search(r"\d: Calling", s["caption"])]
    assert ada and bots, [s["caption"] for s in steps]
    assert all(c.endswith(" (time ran out)") for c in ada), ada
    assert not any("time ran out" in c for c in bots), bots
    assert any(re.search(r": Ada checks \(time ran out\)$", c) for c in ada), ada
