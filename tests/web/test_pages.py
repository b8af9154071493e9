"""Browser checks of the pages around the table: rules pages, language switch, four-colour deck."""

from __future__ import annotations

from typing import Any

import pytest

from anaconda_poker.i18n import LANGUAGES

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

PHONE = {"width": 375, "height": 667}


def test_standalone_rules_pages_fit_a_phone(server: Any, open_page: Any) -> None:
    page = open_page(viewport=PHONE, mobile=True).page
    for lang in LANGUAGES:
        page.goto(f"{server.url}/rules/{lang}.html")
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.locator("article h2").count() >= 8
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], lang


def test_rules_in_the_app_follow_the_language_switch(
    server: Any, open_page: Any, shot: Any
) -> None:
    page = open_page().page
    page.goto(server.url + "/#/rules")
    page.wait_for_selector("article h1 >> text=How to play Anaconda")
    page.click(".rules-langs button[lang=nl]")
    page.wait_for_selector("article h1 >> text=Zo speel je Anaconda")
    # the whole interface follows: the header and the remembered choice
    assert page.input_value("#lang-select") == "nl"
    assert "Regels" in page.inner_text(".app-nav")
    shot(page, "rules-nl")
    page.reload()
    page.wait_for_selector("article h1 >> text=Zo speel je Anaconda")


def test_four_colour_deck_is_remembered(server: Any, open_page: Any) -> None:
    page = open_page().page
    page.goto(server.url + "/#/rules")
    page.wait_for_selector("article h1")
    colour = """() => {
      const probe = document.createElement('div');
      probe.className = 'card suit-d';
      document.body.append(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    }"""
    assert page.evaluate(colour) == "rgb(200, 16, 46)"  # red diamonds
    page.check("#four-color")
    assert page.evaluate(colour) == "rgb(18, 87, 201)"  # blue diamonds
    page.reload()
    page.wait_for_selector("article h1")
    assert page.is_checked("#four-color")
    assert page.evaluate(colour) == "rgb(18, 87, 201)"


def test_a_host_can_watch_a_bot_only_table(server: Any, open_page: Any, shot: Any) -> None:
    page = open_page().page
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    page.fill("#host-name", "Hal")
    page.fill("#seats", "3")
    page.click("#bot-remove-0")  # two bots left
    page.uncheck("#timer-on")
    page.click("details summary")
    page.fill("#bot-pause", "0")
    page.uncheck("#host-plays")
    page.click("#create-table")
    page.wait_for_function("() => location.hash.startsWith('#/table/')")
    # the bots play whole hands among themselves while the host watches, sitting out
    page.wait_for_function(
        "() => Number(document.querySelector('.table-page')?.dataset.hand || 0) >= 2"
    )
    assert page.locator("#my-hand").count() == 0
    assert page.locator("#sit-in").count() == 1
    shot(page, "bots-only-host-watching")


def test_leaving_a_table_while_it_connects_logs_no_error(server: Any, open_page: Any) -> None:
    """Closing a websocket that is still connecting must not make the browser log an error."""
    page = open_page().page
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    for _ in range(5):
        page.evaluate("location.hash = '#/table/no-such-table'; location.hash = '#/'")
    page.goto(server.url + "/#/table/no-such-table")
    page.wait_for_selector("text=This table does not exist (any more).")


def test_a_player_leaves_the_table_and_the_host_role_passes(
    server: Any, open_page: Any, shot: Any
) -> None:
    """The host leaves (two clicks: Leave table, then Leave): the page turns into a spectator's
    with the chips announced, the ledger keeps the line, and the other human becomes host."""
    host = open_page().page
    host.goto(server.url + "/")
    host.wait_for_selector("#create-form")
    host.fill("#host-name", "Hal")
    host.fill("#seats", "3")
    host.click("#bot-remove-0")  # one human seat stays free
    host.click("#bot-remove-0")
    host.uncheck("#timer-on")
    host.click("details summary")
    host.uncheck("#auto-start")
    host.click("#create-table")
    host.wait_for_function("() => location.hash.startsWith('#/table/')")
    host.wait_for_selector("#next-hand")
    table_url = host.url
    guest = open_page().page
    guest.goto(table_url)
    guest.wait_for_selector("#join-name")
    guest.fill("#join-name", "Gus")
    guest.click("#join-submit")
    guest.wait_for_function("() => document.querySelector('.table-page')?.dataset.seat !== ''")
    assert guest.locator("#next-hand").count() == 0  # not the host
    token = host.evaluate(
        "() => Object.values(JSON.parse(localStorage.getItem('anaconda-poker.prefs.v1')).seats)"
        "[0].token"
    )
    host.click("#leave-table")
    host.wait_for_selector("#leave-confirm")
    assert host.inner_text(".leave .prompt") == "Leave the table with 200 chips?"
    host.click("#leave-cancel")  # changing one's mind changes nothing
    assert host.locator("#leave-table").count() == 1
    host.click("#leave-table")
    host.click("#leave-confirm")
    host.wait_for_function("() => document.querySelector('.table-page')?.dataset.seat === ''")
    assert host.locator("#leave-table").count() == 0
    # the browser keeps the old token for the hands played (own cards, fairness check)
    kept = host.evaluate(
        "() => JSON.parse(localStorage.getItem('anaconda-poker.prefs.v1')).formerTokens"
    )
    assert list(kept.values()) == [[token]]
    assert host.locator("#next-hand").count() == 0
    # the guest is the host now and sees the host's controls
    guest.wait_for_selector("#next-hand")
    host.click("#tab-ledger")
    # the ledger follows the table's updates: the departure may arrive after the tab opens
    host.wait_for_function(
        "() => document.querySelector('#ledger')?.innerText.includes('Hal (left the table)')"
    )
    shot(host, "host-left-the-table")


def test_two_friends_opening_the_link_together_both_sit_down(server: Any, open_page: Any) -> None:
    """Both join forms show the same free seats; neither friend picks one ("Any free seat",
    the default), both press Sit down: both are seated, on different seats, instead of the
    second being told the first free seat is taken. A seat picked by hand survives the
    table updates that redraw the form."""
    host = open_page().page
    host.goto(server.url + "/")
    host.wait_for_selector("#create-form")
    host.fill("#host-name", "Hal")
    host.fill("#seats", "4")
    host.click("#bot-remove-0")
    host.click("#bot-remove-0")
    host.click("#bot-remove-0")  # three human seats stay free
    host.uncheck("#timer-on")
    host.click("details summary")
    host.uncheck("#auto-start")
    host.click("#create-table")
    host.wait_for_function("() => location.hash.startsWith('#/table/')")
    host.wait_for_selector("#next-hand")
    friends = []
    for name in ("Ann", "Bea"):
        page = open_page().page
        page.goto(host.url)
        page.wait_for_selector("#join-name")
        assert page.eval_on_selector("#join-seat", "el => el.value") == ""
        assert page.inner_text("#join-seat option:checked") == "Any free seat"
        page.fill("#join-name", name)
        friends.append(page)
    for page in friends:
        page.click("#join-submit")
    seats = []
    for page in friends:
        page.wait_for_function("() => document.querySelector('.table-page')?.dataset.seat !== ''")
        seats.append(page.eval_on_selector(".table-page", "el => el.dataset.seat"))
    assert sorted(seats) == ["1", "2"]

    # a latecomer picks seat 4 by hand; the table redraws (another seat leaves), the pick stays
    late = open_page().page
    late.goto(host.url)
    late.wait_for_selector("#join-seat option[value='3']", state="attached")
    late.select_option("#join-seat", "3")
    friends[1].click("#leave-table")
    friends[1].click("#leave-confirm")
    friends[1].wait_for_function("() => document.querySelector('.table-page')?.dataset.seat === ''")
    late.wait_for_selector(f"#join-seat option[value='{seats[1]}']", state="attached")
    assert late.eval_on_selector("#join-seat", "el => el.value") == "3"
    late.fill("#join-name", "Cy")
    late.click("#join-submit")
    late.wait_for_function("() => document.querySelector('.table-page')?.dataset.seat === '3'")


@pytest.mark.parametrize("lang", ["pt", "de"])
def test_the_join_forms_labels_stay_beside_their_fields_on_a_phone(
    server: Any, open_page: Any, shot: Any, lang: str
) -> None:
    """A friend opening the invite link on a phone (390 px) read "Peça um assento ao
    anfitrião  Seu nome" on one line and "Assento" beside the name box: the form wrapped
    between each label and its field. Each label must sit on its field's row, just left of
    it, and nothing may stick out of the screen."""
    host = open_page().page
    host.goto(server.url + "/")
    host.wait_for_selector("#create-form")
    host.fill("#host-name", "Hal")
    host.uncheck("#timer-on")
    host.click("details summary")
    host.uncheck("#auto-start")
    host.check("#seat-approval")
    host.click("#create-table")
    host.wait_for_function("() => location.hash.startsWith('#/table/')")
    guest = open_page(viewport={"width": 390, "height": 844}, mobile=True).page
    guest.goto(host.url)
    guest.wait_for_selector("#join-name")
    guest.select_option("#lang-select", lang)
    guest.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    guest.wait_for_selector("#join-name")
    boxes: list[dict[str, Any]] = guest.evaluate(
        """() => ['join-name', 'join-seat'].map((id) => {
          const f = document.getElementById(id).getBoundingClientRect();
          const l = document.querySelector(`label[for=${id}]`).getBoundingClientRect();
          return {id, label: [l.left, l.right, l.top, l.bottom],
                  field: [f.left, f.right, f.top, f.bottom]};
        })"""
    )
    shot(guest, f"join-form-phone-{lang}")
    for box in boxes:
        _, label_right, label_top, label_bottom = box["label"]
        field_left, field_right, field_top, field_bottom = box["field"]
        assert field_top <= (label_top + label_bottom) / 2 <= field_bottom, box  # its row
        assert 0 <= field_left - label_right <= 24, box  # just left of the field
        assert field_right <= 390, box
    assert guest.evaluate("document.documentElement.scrollWidth") <= 390


def test_more_options_stay_open_while_the_lobby_form_redraws(server: Any, open_page: Any) -> None:
    """A host who opened *More options*, then removed a bot or picked another game, saw the
    section fold shut (the form is redrawn); it now stays as the host left it, open or shut."""
    page = open_page().page
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    is_open = "() => document.querySelector('#bot-pause').closest('details').open"
    assert page.evaluate(is_open) is False
    page.click("details summary")
    page.fill("#bot-pause", "0.4")
    for redraw in ("#bot-remove-0", "#bot-add", 'input[name="split"][value="high_only"]'):
        page.click(redraw)
        assert page.evaluate(is_open) is True, redraw
        assert page.input_value("#bot-pause") == "0.4"
    page.click("details summary")
    page.click("#bot-remove-0")
    assert page.evaluate(is_open) is False


LANG_MENU_FIT = """() => {
  // the browser's own width for the menu: a copy without a width rule is as wide as its
  // longest option plus the arrow; the menu shown narrower cuts that name ("Nederlanc")
  const menu = document.getElementById('lang-select');
  const copy = menu.cloneNode(true);
  copy.removeAttribute('id');
  copy.style.cssText = 'position:absolute;visibility:hidden;width:auto;max-width:none;min-width:0';
  menu.parentElement.append(copy);
  const need = copy.getBoundingClientRect().width;
  copy.remove();
  const box = menu.getBoundingClientRect();
  const header = document.getElementById('app-header');
  const doc = document.documentElement;
  return {need, width: box.width, right: box.right, vw: doc.clientWidth,
          headerCut: header.scrollWidth > header.clientWidth + 1,
          pageScroll: doc.scrollWidth > doc.clientWidth + 1};
}"""


@pytest.mark.parametrize("width", [320, 375, 768, 1280])
def test_no_language_name_is_cut_in_the_language_menu(
    server: Any, open_page: Any, shot: Any, width: int
) -> None:
    """Newcomer trial: the phone's language menu showed "Nederlanc" (a capped width, at 320
    and 375 px). In every language of the page the menu is as wide as its longest name and
    stays in the header, which stays on the screen."""
    phone = width < 768
    page = open_page(viewport={"width": width, "height": 700}, mobile=phone).page
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    problems = []
    for lang in LANGUAGES:
        page.select_option("#lang-select", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        fit: dict[str, Any] = page.evaluate(LANG_MENU_FIT)
        if fit["width"] + 0.5 < fit["need"] or fit["right"] > fit["vw"] + 1:
            problems.append(f"{lang}: {fit}")
        elif fit["headerCut"] or fit["pageScroll"]:
            problems.append(f"{lang}: the header does not fit: {fit}")
        if problems:
            shot(page, f"lang-menu-{width}-{lang}")
    assert not problems, "\n".join(problems)
