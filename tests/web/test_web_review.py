"""A demanding newcomer's review of the web table, kept as regression tests.

Each test names what a newcomer ran into: form errors in English from the server (and console
errors for the refused requests), a name typed before the page finished loading that vanished,
a phone where the showdown could not be read and the lobby's buttons were off the screen, a
busted player told that "the next hand starts in a moment", Enter in the amount field doing
nothing, and an invite link that could not be copied on a home network (plain http).
Any browser console error fails a test (conftest.py).
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from babel.numbers import format_decimal
from lobby_refusal import VIEWPORTS, assert_refusal_shown
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from anaconda_poker.core.cards import parse_codes
from anaconda_poker.i18n import LANGUAGES, catalog_json, describe_high, describe_low

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

PHONE = {"width": 375, "height": 667}
STATIC = Path(__file__).resolve().parents[2] / "src" / "anaconda_poker" / "web" / "static"
CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


# --------------------------------------------------------------------------------- helpers
def tr(lang: str, msgid: str, **params: Any) -> str:
    """The catalogue's text for ``msgid`` in ``lang``, placeholders filled (as i18n.js does)."""
    text = catalog_json(lang).get(msgid) or msgid
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), text)


def api_table(base: str, **body: Any) -> dict[str, Any]:
    """Create a table over the REST API; returns the server's answer (table, token, seat)."""
    request = {"name": "Kitchen", "host_name": "Ada", "seats": 3, "bot_pause": 0, "listed": True}
    request.update(body)
    request.setdefault("action_timer", None)
    res = httpx.post(f"{base}/api/tables", json=request, timeout=10)
    assert res.status_code == 201, res.text
    answer: dict[str, Any] = res.json()
    return answer


def remember_seat(page: Any, table_id: str, token: str, seat: int, name: str) -> None:
    """Give a fresh browser context the seat the API created (as the lobby does after create)."""
    prefs = {"seats": {table_id: {"token": token, "seat": seat, "name": name}}, "lang": "en"}
    page.context.add_init_script(
        f"localStorage.setItem('anaconda-poker.prefs.v1', {json.dumps(json.dumps(prefs))});"
    )


def posts_to(page: Any, path_pattern: str) -> list[str]:
    """Start recording the POST requests whose path matches ``path_pattern`` (a regex)."""
    seen: list[str] = []
    page.on(
        "request",
        lambda req: (
            seen.append(req.url)
            if req.method == "POST" and re.search(path_pattern, req.url)
            else None
        ),
    )
    return seen


def open_lobby(page: Any, base: str, lang: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector("#create-form")
    if lang != "en":
        page.select_option("#lang-select", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)


# --------------------------------------------------------------------------------- lobby
NAME_RULE = (
    "A name has 1 to 24 letters, digits, spaces or . ' - _ and starts with a letter or digit."
)
LOBBY_CASES = [
    # (field id, value typed, the field the message names (its label id), the message)
    ("big-bet", "1", "big-bet", ("The big bet must be at least the small bet.", {})),
    ("pass-count-0", "7", "pass-count-0", ("Cards in pass {n}", {"n": 1}, 1, 6)),
    ("seats", "8", "seats", ("Seats", {}, 2, 7)),
    ("starting-stack", "0", "starting-stack", ("Starting stack", {}, 1, 10_000_000)),
    ("ante", "-1", "ante", ("Ante", {}, 0, 100_000)),
    ("raise-cap", "0", "raise-cap", ("Raise cap (bets per round)", {}, 1, 100)),
    ("host-name", "Zoë <3", "host-name", (NAME_RULE, {})),
    ("bot-name-0", "ADA", "bot-name-0", ("Someone at this table already uses that name.", {})),
]  # fmt: skip


def expected_lobby_message(lang: str, spec: tuple[Any, ...]) -> str:
    if len(spec) == 2:
        return tr(lang, spec[0], **spec[1])
    label, params, low, high = spec
    return tr(
        lang,
        "{field}: enter a whole number from {min} to {max}.",
        field=tr(lang, label, **params),
        min=format_decimal(low, locale=lang),  # CLDR, as the browser's Intl.NumberFormat
        max=format_decimal(high, locale=lang),
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lobby_refuses_bad_options_itself_in_the_players_language(
    server: Any, open_page: Any, lang: str
) -> None:
    """Each mistake is named in the page's language at the field, and nothing is sent.

    Before, the form sent everything and showed the server's English refusal (a pydantic
    message with a regular expression for a bad name), and the refused request logged a
    console error. The message is shown under the field, on a 320 px phone's screen with it,
    however long the language makes it (lobby_refusal).
    """
    width, height = VIEWPORTS["phone"]
    page = open_page(viewport={"width": width, "height": height}, mobile=True).page
    open_lobby(page, server.url, lang)
    creates = posts_to(page, r"/api/tables$")
    for field, value, flagged, spec in LOBBY_CASES:
        page.reload()
        page.wait_for_selector("#create-form")
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        page.wait_for_selector("#show-equity", state="attached")  # the options are in
        page.fill("#host-name", "Ada")
        page.fill(f"#{field}", value)
        page.click("#create-table")
        want = expected_lobby_message(lang, spec)
        page.wait_for_function(
            "(w) => document.getElementById('create-error').textContent === w", arg=want
        )
        assert assert_refusal_shown(page, flagged) == want, field
    assert creates == [], "a form the client knew to be wrong was sent"


def test_nine_cards_lower_the_seats_to_five(server: Any, open_page: Any) -> None:
    """RULES.md §1: one deck deals nine cards to at most five players; the form follows."""
    page = open_page().page
    open_lobby(page, server.url, "en")
    page.fill("#host-name", "Ada")
    assert page.input_value("#seats") == "6"
    page.select_option("#cards-dealt", "9")
    assert page.input_value("#seats") == "5"
    page.uncheck("#timer-on")
    page.click("#create-table")
    page.wait_for_selector(".table-page[data-seat='0']")
    page.wait_for_function("() => document.querySelectorAll('#felt .seat').length === 5")


def test_lobby_keeps_what_was_typed_before_the_options_arrived(server: Any, open_page: Any) -> None:
    """The server's options arriving late used to reset the form to its defaults."""
    page = open_page().page
    held: list[Any] = []
    page.route("**/api/options", lambda route: held.append(route))
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    deadline = time.monotonic() + 10
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    assert held, "the lobby never asked for the options"
    page.fill("#host-name", "Early Bird")
    page.fill("#table-name", "Before the options")
    page.fill("#ante", "3")
    held[0].continue_()
    page.wait_for_selector("#show-equity", state="attached")  # only the server lists it
    assert page.input_value("#host-name") == "Early Bird"
    assert page.input_value("#table-name") == "Before the options"
    assert page.input_value("#ante") == "3"
    assert page.input_value("#small-bet") == "2"  # untouched fields take the server's defaults


def test_phone_lobby_shows_every_tables_buttons(server: Any, open_page: Any) -> None:
    """A long unbroken table name pushed every table's Open/Invite buttons off a phone."""
    api_table(server.url, name="x" * 40, host_name="Ada")
    api_table(server.url, name="Friday night Anaconda at Bea's", host_name="Bea")
    page = open_page(viewport=PHONE, mobile=True).page
    page.goto(server.url + "/")
    page.wait_for_selector("#table-list .table-item")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    boxes = page.eval_on_selector_all(
        "#table-list .t-actions > *",
        """els => els.map((e) => { e.scrollIntoView({block: 'center'});
            const r = e.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return {right: r.right, left: r.left, reachable: e.contains(hit)}; })""",
    )
    assert len(boxes) >= 4
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= PHONE["width"], box
        assert box["reachable"], box


# --------------------------------------------------------------------------------- joining
def test_invite_checks_the_name_before_asking_for_a_seat(server: Any, open_page: Any) -> None:
    """A taken or malformed name is refused in the page's language, without a request."""
    made = api_table(server.url, host_name="Ada", auto_start=False, seats=4, bots=[])
    table_id = made["table"]["table_id"]
    page = open_page(viewport=PHONE, mobile=True).page
    page.goto(f"{server.url}/t/{table_id}")
    page.wait_for_selector("#join-form")
    page.select_option("#lang-select", "es")
    page.wait_for_function("() => document.documentElement.lang === 'es'")
    seats = posts_to(page, r"/seats$")
    cases = [
        ("ada", tr("es", "Someone at this table already uses that name.")),
        ("<b>Bo</b>", tr("es", NAME_RULE)),
        ("   ", tr("es", "Please enter your name.")),
    ]
    for name, want in cases:
        page.fill("#join-name", name)
        page.click("#join-submit")
        page.wait_for_selector(f"#join-form [role=alert] >> text={want}")
        assert page.evaluate("() => document.activeElement.id") == "join-name"
    assert seats == []
    page.fill("#join-name", "Bô-Ö'Neil 2")  # letters of any language are fine
    # someone else sits down meanwhile: the form is drawn again, the name keeps the focus
    # (it went to the submit button, and a late table update under load broke the check above)
    res = httpx.post(f"{server.url}/api/tables/{table_id}/seats", json={"name": "Cy", "seat": 1})
    assert res.status_code == 201, res.text
    page.wait_for_selector("#join-seat option[value='1']", state="detached")
    assert page.evaluate("() => document.activeElement.id") == "join-name"
    assert page.input_value("#join-name") == "Bô-Ö'Neil 2"
    page.click("#join-submit")
    page.wait_for_selector(".table-page[data-seat]:not([data-seat=''])")
    assert len(seats) == 1


# --------------------------------------------------------------------------------- the table
SHOWN_ROWS = """() => {
  const list = document.querySelector('#shown-hands');
  if (!list) return null;
  return [...list.querySelectorAll('li')].map((li) => ({
    seat: Number(li.dataset.seat),
    name: li.querySelector('.shown-name').textContent,
    cards: [...li.querySelectorAll('[data-card]')].map((c) => c.dataset.card),
    hand: li.querySelector('.shown-hand').textContent,
    clipped: li.scrollWidth > li.clientWidth + 1,
    winner: li.classList.contains('winner'),
  }));
}"""


def frame_cards(frames: list[str]) -> tuple[set[str], set[str]]:
    """(cards revealed in public, every card-like string) over a spectator's frames."""
    public: set[str] = set()
    every: set[str] = set()

    def walk(value: Any) -> Iterator[str]:
        if isinstance(value, str) and CARD.match(value):
            yield value
        elif isinstance(value, dict):
            for v in value.values():
                yield from walk(v)
        elif isinstance(value, list):
            for v in value:
                yield from walk(v)

    for raw in frames:
        try:
            msg = json.loads(raw)
        except ValueError:
            continue
        every.update(walk(msg))
        view = msg.get("view") if isinstance(msg, dict) else None
        if isinstance(view, dict):
            for seat in view.get("seats") or []:
                public.update(walk(seat.get("revealed") or []))
            public.update(walk((view.get("result") or {}).get("revealed") or {}))
        if isinstance(msg, dict) and msg.get("type") == "hand_finished":
            public.update(walk((msg.get("result") or {}).get("revealed") or {}))
    return public, every


def test_phone_spectator_reads_every_shown_hand(server: Any, open_page: Any, shot: Any) -> None:
    """On 375 px the seats' cards and hand names were too small or cut off ("Heuristi…",
    "Straight, Ne…"), and a spectator had no result panel at all. Now the result lists every
    shown hand in full; the names are the i18n layer's (an independent Python oracle)."""
    bots = [
        {"seat": i, "level": "calling-station", "name": f"Calling-Station {i}"} for i in (1, 2, 3)
    ]
    made = api_table(
        server.url, host_plays=False, seats=4, bots=bots, config={"split": "high_low_8"}
    )
    table_id = made["table"]["table_id"]
    probe = open_page(viewport=PHONE, mobile=True)
    page = probe.page
    page.goto(f"{server.url}/#/table/{table_id}")
    page.wait_for_selector("#join-form, #join-full")
    rows = page.wait_for_function(SHOWN_ROWS, timeout=120_000, polling=50).json_value()
    shot(page, "review-phone-spectator-showdown", full_page=True)
    assert len(rows) >= 2  # calling stations never fold: everyone shows
    for row in rows:
        codes = parse_codes(row["cards"])
        high = describe_high(codes, "en")
        low = describe_low(codes, "en", qualifier=8)
        assert row["hand"] == (f"{high} · {low}" if low else high), row
        assert row["name"] == f"Calling-Station {row['seat']}"
        assert not row["clipped"], row
    assert any(row["winner"] for row in rows)
    # the seats' names are whole, however long (two lines at most, nothing cut off)
    cut = page.eval_on_selector_all(
        "#felt .seat:not(.empty) .seat-name",
        "els => els.filter((e) => e.scrollHeight > e.clientHeight + 1).map((e) => e.textContent)",
    )
    assert cut == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # a spectator's page and frames hold public cards only
    public, every = frame_cards(probe.frames)
    assert every and every <= public, every - public
    dom = set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))
    assert dom <= public


WAITING = """async ([lang, table, view]) => {
  const i18n = await import('/js/i18n.js');
  const { createMyArea } = await import('/js/myarea.js');
  await i18n.setLanguage(lang);
  const el = document.createElement('section');
  document.body.append(el);
  const s = { table, view, msg: null, welcome: { seat: 0, is_host: false }, seatInfo: null,
              choose: null, rebuyRequests: [], selected: new Set(), arrange: {}, advice: {} };
  const area = createMyArea({ s, el, tableId: 'x', mySeat: () => 0, config: () => table.config,
    splitNow: () => 'high_low_8', nameOf: (n) => `Seat ${n + 1}`, timers: () => ({}),
    send: () => {}, command: () => {}, rerender: () => {}, reconnect: () => {} });
  area.draw();
  const text = el.querySelector('.my-status .prompt').textContent;
  el.remove();
  return text;
}"""


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_seat_without_a_hand_is_told_why(server: Any, open_page: Any, lang: str) -> None:
    """A busted player read "The next hand starts in a moment…" while the others played on,
    and a player sitting out read it between hands too."""
    page = open_page().page
    page.goto(server.url + "/rules/en.html")  # any page of ours: same origin for imports

    def seat(**info: Any) -> dict[str, Any]:
        return {"name": "Ada", "stack": 50, "sitting_out": False, "bot": False, **info}

    def table(me: dict[str, Any], *, rebuys: bool = True) -> dict[str, Any]:
        others = [seat(name="Bo"), seat(name="Cy")]
        return {"seats": [me, *others], "allow_rebuys": rebuys, "auto_start": True,
                "status": "playing", "config": {}, "starting_stack": 200}  # fmt: skip

    running = {"phase": "betting", "seats": [], "to_act": [1]}
    cases = [
        (table(seat(stack=0, sitting_out=True)), running,
         "You have no chips left: ask for a rebuy to play on."),
        (table(seat(stack=0), rebuys=False), None, "You have no chips left."),
        (table(seat(sitting_out=True)), running, "You are sitting out; the others are playing."),
        (table(seat(sitting_out=True)), None,
         "You are sitting out: press Sit in to play the next hand."),
        (table(seat()), running, "You join at the next hand."),
        (table(seat()), None, "The next hand starts in a moment…"),
    ]  # fmt: skip
    for tb, view, msgid in cases:
        assert page.evaluate(WAITING, [lang, tb, view]) == tr(lang, msgid), msgid


def my_turn_to_bet(page: Any) -> None:
    page.wait_for_selector("#amount", timeout=60_000)


def sent_actions(frames: list[str]) -> list[dict[str, Any]]:
    out = []
    for raw in frames:
        msg = json.loads(raw)
        if msg.get("type") == "action":
            out.append(msg["action"])
    return out


def test_enter_in_the_amount_field_bets_what_was_typed(
    server: Any, open_page: Any, shot: Any
) -> None:
    """Enter in the amount field did nothing; now it bets the typed amount. An amount out of
    range is first corrected on the button (nobody goes all-in by a typo and one key)."""
    made = api_table(
        server.url,
        seats=2,
        bots=[{"seat": 1, "level": "calling-station"}],
        config={"betting": "no_limit"},
        starting_stack=100,
    )
    table_id = made["table"]["table_id"]
    probe = open_page(viewport=PHONE, mobile=True)
    page = probe.page
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(str(p))))
    remember_seat(page, table_id, made["token"], made["seat"], "Ada")
    page.goto(f"{server.url}/#/table/{table_id}")
    my_turn_to_bet(page)
    shot(page, "review-phone-no-limit-turn")
    # the decision's buttons are on the 667 px screen as the turn starts (read together,
    # once the turn's layout has settled: a loaded CI machine read them mid-render)
    on_screen = """(h) => ['#act-fold', '#act-bet'].every((sel) => {
        const e = document.querySelector(sel);
        if (!e) return false;
        const box = e.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= h;
    })"""
    # on a timeout the assertions below say which button is off the screen
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(on_screen, arg=PHONE["height"], timeout=5_000)
    for sel in ("#act-fold", "#act-bet"):
        box = page.locator(sel).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], sel
    # the host's "Deal next hand" stays in its place, disabled while a hand runs
    assert page.is_disabled("#next-hand")
    turn = page.get_attribute(".table-page", "data-turn")
    high = int(page.get_attribute("#amount", "max") or 0)
    page.fill("#amount", "100000")
    page.press("#amount", "Enter")
    assert page.input_value("#amount") == str(high)
    assert "Bet" in page.inner_text("#act-bet") and str(high) in page.inner_text("#act-bet")
    page.wait_for_timeout(300)
    assert sent_actions(sent) == []
    page.fill("#amount", "7")
    # two quick Enters (both before the table answers) act once
    page.eval_on_selector(
        "#amount",
        """(el) => { for (let i = 0; i < 2; i++) el.dispatchEvent(
             new KeyboardEvent('keydown', {key: 'Enter', bubbles: true, cancelable: true})); }""",
    )
    page.wait_for_function(
        "(t) => document.querySelector('.table-page').dataset.turn !== t", arg=turn
    )
    page.wait_for_timeout(300)
    assert sent_actions(sent) == [{"action": "bet", "to": 7}]
    page.wait_for_selector("#log-list >> text=Ada bets 7")


COPY_SPY = """(ok) => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  window.copied = [];
  document.execCommand = (cmd) => { window.copied.push([cmd, String(getSelection()) ||
      document.activeElement.value]); return ok; };
}"""


@pytest.mark.parametrize("exec_copy", [True, False])
def test_invite_link_copies_without_the_clipboard_api(
    server: Any, open_page: Any, exec_copy: bool
) -> None:
    """Served over plain http on a home network, a page has no navigator.clipboard: the
    phone's "Copy invite link" said "Press Ctrl+C to copy the selected link." with nothing
    selected (the link field is hidden on phones)."""
    made = api_table(server.url, auto_start=False, bots=[{"seat": 1, "level": "random"}])
    table_id = made["table"]["table_id"]
    page = open_page(viewport=PHONE, mobile=True).page
    remember_seat(page, table_id, made["token"], made["seat"], "Ada")
    page.goto(f"{server.url}/#/table/{table_id}")
    page.wait_for_selector("#copy-invite")
    page.evaluate(COPY_SPY, exec_copy)
    page.click("#copy-invite")
    link = f"{server.url}/t/{table_id}"
    if exec_copy:
        page.wait_for_selector("#notices >> text=Invite link copied.")
        assert page.evaluate("window.copied") == [["copy", link]]
        # the tests' server is 127.0.0.1: such a link reaches nobody else, and the page says so
        page.wait_for_selector("#notices >> text=This link works only on this computer.")
    else:
        page.wait_for_selector(f"#notices >> text=Invite link: {link}")
    assert page.evaluate("document.activeElement.id") == "copy-invite"
    # a table update redraws the top bar (someone sits down): the focus stays on the button
    # (it fell to the page's body, which made this check flaky under load)
    res = httpx.post(f"{server.url}/api/tables/{table_id}/seats", json={"name": "Cy", "seat": 2})
    assert res.status_code == 201, res.text
    page.wait_for_selector("#seat-2 >> text=Cy")
    assert page.evaluate("document.activeElement.id") == "copy-invite"


# --------------------------------------------------------------------------------- rules
@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_pages_name_the_betting_structures_as_the_lobby_does(lang: str) -> None:
    """The Spanish and Portuguese rules said "Pot limit"/"No limit" where the lobby's menu
    says "Límite del bote"/"Sin límite": a newcomer could not match the two."""
    html = (STATIC / "rules" / f"{lang}.html").read_text(encoding="utf-8").lower()
    for msgid in ("Fixed limit", "Pot limit", "No limit"):
        assert tr(lang, msgid).lower() in html, (lang, msgid)


PAGE_TEXTS = """() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.parentElement?.closest('script, style, .sprite, #lang-select')) continue;
    const s = n.textContent.trim();
    if (s.length > 1) texts.push(s);
  }
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    for (const a of ['aria-label', 'title', 'placeholder']) {
      const v = e.getAttribute(a);
      if (v && v.length > 1) texts.push(v);
    }
  }
  return texts;
}"""


def as_pattern(text: str) -> re.Pattern[str]:
    parts = re.split(r"\{\w+\}", text)
    return re.compile("^" + ".+?".join(re.escape(p) for p in parts) + "$", re.S)


def english_left(texts: list[str], lang: str) -> list[str]:
    """Texts that are an English message id (placeholders filled) with a different
    translation in ``lang``, and that are no translation of any message in ``lang``."""
    catalog = catalog_json(lang)
    english = [
        (msgid, as_pattern(msgid))
        for msgid, text in catalog.items()
        if text and text != msgid and re.search("[a-z]{3}", msgid)
    ]
    # a translation that is nearly all placeholders ("{suit} {rank}") would excuse anything
    translated = [
        as_pattern(text)
        for text in catalog.values()
        if text and re.search(r"\w{3}", re.sub(r"\{\w+\}", "", text))
    ]
    left = []
    for text in set(texts):
        hit = next((msgid for msgid, pattern in english if pattern.match(text)), None)
        if hit and not any(pattern.match(text) for pattern in translated):
            left.append(f"{text!r} (msgid {hit!r})")
    return sorted(left)


@pytest.mark.parametrize("lang", ["nl", "pt"])
def test_switching_language_at_the_table_leaves_no_english(
    server: Any, open_page: Any, lang: str
) -> None:
    """The side panel's tab list kept its English name ("Table information") after a switch."""
    made = api_table(server.url, auto_start=False, bots=[{"seat": 1, "level": "random"}])
    table_id = made["table"]["table_id"]
    page = open_page().page
    remember_seat(page, table_id, made["token"], made["seat"], "Ada")
    page.goto(f"{server.url}/#/table/{table_id}")
    page.wait_for_selector(".table-page[data-seat='0'] #next-hand")
    page.wait_for_selector("#log-list, .tab-panel p")
    page.select_option("#lang-select", lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    for tab in ("log", "chat", "hands", "ledger", "fair"):
        page.click(f"#tab-{tab}")
        assert english_left(page.evaluate(PAGE_TEXTS), lang) == [], tab


def test_a_320_px_phone_and_a_long_chat_line_do_not_scroll_sideways(
    server: Any, open_page: Any
) -> None:
    """At 320 px the header's language menu stuck out by 8 px; an unbroken chat line (a link)
    widened the side panel."""
    made = api_table(server.url, auto_start=False, bots=[{"seat": 1, "level": "random"}])
    table_id = made["table"]["table_id"]
    page = open_page(viewport={"width": 320, "height": 568}, mobile=True).page
    remember_seat(page, table_id, made["token"], made["seat"], "Ada")
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.click(f'.table-item[data-table-id="{table_id}"] a')  # "Back to my seat"
    page.wait_for_selector(".table-page[data-seat='0']")
    page.click("#tab-chat")
    page.fill("#chat-input", "https://example.com/" + "a" * 150)
    page.press("#chat-input", "Enter")
    page.wait_for_selector("#chat-list li")
    body = page.eval_on_selector("#side-panel-body", "e => [e.scrollWidth, e.clientWidth]")
    assert body[0] <= body[1]
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
