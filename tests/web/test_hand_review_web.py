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


DECLARING_ROW = """async ([lang, decision]) => {
  const i18n = await import('/js/i18n.js');
  const { reviewBlock } = await import('/js/review.js');
  await i18n.setLanguage(lang);
  const review = { description: 'against random opponents (their unseen cards dealt at random)',
    trials: 1000, threshold: 2, stake: 0, net: null, decisions: [decision],
    by_phase: { declaring: { loss: decision.loss, mistakes: 1 } } };
  const el = reviewBlock(review);
  const cells = [...el.querySelectorAll('#review-decisions tbody td')].map((td) => td.textContent);
  return [cells.join(' | '), el.querySelector('#review-phases').textContent];
}"""


@pytest.mark.parametrize(("lang", "words"), [("en", "declare low"), ("de", "Low ansagen")])
def test_a_declaration_row_lists_every_choice(
    server: Any, open_page: Any, lang: str, words: str
) -> None:
    """The review of a declaration (analysis/review_declare.py) as the replayer draws it:
    the declaration made, the best one, and all three with their chips and shares."""
    from anaconda_poker.analysis.review_declare import review_declaration
    from anaconda_poker.core.actions import Action
    from anaconda_poker.core.config import TableConfig

    view = {
        "you": {"seat": 0, "arrangement": ["As", "2c", "3d", "4h", "5s"]},
        "seats": [
            {"seat": 0, "folded": False, "revealed": ["As", "2c", "3d", "4h", "5s"]},
            {"seat": 1, "folded": False, "revealed": ["Ks", "Kd", "Qc", "Jh", "9s"]},
        ],
        "pots": [{"amount": 100, "eligible": [0, 1]}],
        "pot_total": 100,
        "button": 1,
    }
    config = TableConfig(split="high_low_8", declare="declare")
    decision = review_declaration(5, view, Action.declare("low"), config).to_dict()
    decision["mistake"] = True
    page = open_page().page
    page.goto(server.url + "/rules/en.html")  # any page of ours: same origin for imports
    rows, phases = page.evaluate(DECLARING_ROW, [lang, decision])
    if lang == "en":
        assert rows.startswith("Declaration | declare low | declare highdeclare high: 100.0")
        assert "declare both (swing): 100.0 chips (100.0% of the pot)" in rows
        assert "50.0 chips" in rows and "Declaration" in phases
    else:
        assert rows.startswith("Ansage | Low ansagen | High ansagenHigh ansagen: 100,0")
        assert "beides ansagen (Swing): 100,0" in rows and "des Pots" in rows
        assert "Ansage" in phases
    assert words in rows


PHONE_REVIEW = """async ([lang, decisions]) => {
  const i18n = await import('/js/i18n.js');
  const { reviewBlock } = await import('/js/review.js');
  await i18n.setLanguage(lang);
  const review = { description: 'against random opponents (their unseen cards dealt at random)',
    trials: 1000, threshold: 2, stake: 250, net: -25, decisions,
    by_phase: { passing: { loss: 33.1, mistakes: 1 }, betting: { loss: 12.5, mistakes: 1 } } };
  // the replayer's box on a 390 px phone is 324 px wide (issue 16 §3)
  const box = document.createElement('div');
  box.style.width = '324px';
  box.append(reviewBlock(review));
  document.body.prepend(box);
  const inside = (el) => {
    const r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
    return r.width > 0 && r.left >= b.left - 0.5 && r.right <= b.right + 0.5;
  };
  const scroll = box.querySelector('.review-scroll');
  const rows = [...box.querySelectorAll('#review-decisions tbody tr')];
  return {
    overflow: scroll.scrollWidth - scroll.clientWidth,
    losses: rows.map((tr) => inside(tr.querySelector('td.review-loss'))),
    badges: [...box.querySelectorAll('.badge-mistake')].map(inside),
    label: getComputedStyle(rows[0].querySelector('td.review-loss'), '::before').content,
  };
}"""


def test_the_review_fits_a_phone_in_german(server: Any, open_page: Any) -> None:
    """A tester's 390 px phone showed a 397-494 px table in the 324 px box, the "Expected
    loss" and "mistake" column cut off: on a phone every decision stacks its cells, each
    named by its column, and every loss and badge is inside the box (German: long words)."""
    option = {"to": None, "declaration": None, "share": 0.25}
    decisions = [
        {
            "index": 2 + k,
            "phase": phase,
            "stage": stage,
            "chosen": option | {"kind": kind, "value": 8.96, "cards": cards},
            "best": option | {"kind": "pass", "value": 42.1, "cards": ["6d", "Qc", "Qs"]},
            "loss": 33.14,
            "mistake": k % 2 == 0,
            "order": ["Qs", "Qc", "6d", "2h", "Ah"] if phase == "arranging" else None,
            "trials": 1000,
            "exact": False,
            "options": [],
        }
        for k, (phase, stage, kind, cards) in enumerate(
            [
                ("passing", 1, "pass", ["4s", "5c", "Ah"]),
                ("arranging", 0, "arrange", ["4s", "5c", "Ah", "Kd", "Kc"]),
                ("betting", 7, "fold", []),
            ]
        )
    ]
    page = open_page(viewport={"width": 390, "height": 844}, mobile=True).page
    page.goto(server.url + "/")
    found = page.evaluate(PHONE_REVIEW, ["de", decisions])
    assert found["overflow"] <= 0, found
    assert found["losses"] == [True, True, True], found
    assert found["badges"] == [True, True], found
    assert "Erwarteter Verlust" in found["label"], found


BETTING_ROWS = """async ([lang, decisions]) => {
  const i18n = await import('/js/i18n.js');
  const { reviewBlock } = await import('/js/review.js');
  await i18n.setLanguage(lang);
  const review = { description: 'against random opponents (their unseen cards dealt at random)',
    trials: 1000, threshold: 2, stake: 0, net: null, decisions,
    by_phase: { betting: { loss: 13.4, mistakes: 1 } } };
  const el = reviewBlock(review);
  const rows = [...el.querySelectorAll('#review-decisions tbody tr')].map(
    (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(' | '));
  return [el.querySelector('#review-model').textContent, rows];
}"""


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_bet_shows_its_price_and_a_noisy_loss_says_so(
    server: Any, open_page: Any, lang: str
) -> None:
    """Newcomer trial: "raise -> fold, 10.4 chips" came with no reason, and a 3.0-chip loss
    under a 2.0-chip threshold had no mark. The web review states the full rule, prices a
    bet on the model's share and pot, and marks a loss within its sampling error."""
    raise_ = {"kind": "raise", "value": -10.4, "share": 0.017, "cards": [], "to": 12}
    fold = {"kind": "fold", "value": 0.0, "share": 0.0, "cards": [], "to": None}
    bet = {
        "index": 46, "phase": "betting", "stage": 5, "chosen": raise_, "best": fold,
        "loss": 10.4, "mistake": True, "order": None, "options": [], "within_noise": False,
        "noise_band": 0.0, "pot": 96, "to_call": 8, "share": 0.017, "share_unread": 0.179,
    }  # fmt: skip
    pass_a = {"kind": "pass", "value": 10.0, "share": 0.1, "cards": ["8c", "Ah"], "to": None}
    pass_b = {"kind": "pass", "value": 13.0, "share": 0.13, "cards": ["8c", "9h"], "to": None}
    noisy = {
        "index": 20, "phase": "passing", "stage": 2, "chosen": pass_a, "best": pass_b,
        "loss": 3.0, "mistake": False, "order": None, "options": [], "within_noise": True,
        "noise_band": 4.0, "pot": None, "to_call": 0, "share": None, "share_unread": None,
    }  # fmt: skip
    page = open_page().page
    page.goto(server.url + "/rules/en.html")  # any page of ours: same origin for imports
    model, rows = page.evaluate(BETTING_ROWS, [lang, [bet, noisy]])
    if lang == "en":
        assert "a mistake loses more than 2.0 chips and more than twice its sampling" in model
        assert "model's share 1.7% of a pot of 96 chips, 8 to call" in rows[0]
        assert "17.9% before reading the opponents' bets" in rows[0]
        assert rows[0].endswith("mistake")
        assert rows[1].endswith("within sampling error (±4.0)")
    else:
        assert "più del doppio del suo errore di campionamento" in model
        assert "quota del modello 1,7" in rows[0] and "96 fiches, 8 da vedere" in rows[0]
        assert rows[1].endswith("entro l'errore di campionamento (±4,0)")
