"""The lobby marks the field the server names when it refuses a table (issue 17 item 7).

The form checks its own (tighter) bounds first, so a server refusal is rare; to see one the
test answers the create request itself with the error body of ``docs/protocol.md`` §3."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lobby_refusal import assert_cleared_by_editing, assert_refusal_shown, open_lobby

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

REFUSAL = {
    "error": {
        "code": "invalid_config",
        "message": "ante must be 0 to 1000000000 chips, got 5",
        "field": "config.ante",
    }
}


def test_the_field_the_server_refused_is_marked(server: Any, open_page: Any) -> None:
    probe = open_page()
    page = probe.page
    posted: list[str] = []

    def answer(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        posted.append(route.request.post_data or "")
        route.fulfill(status=400, content_type="application/json", body=json.dumps(REFUSAL))

    page.route("**/api/tables", answer)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    page.fill("#host-name", "Ana")
    page.fill("#ante", "5")
    page.click("#create-table")
    page.wait_for_selector("#ante[aria-invalid='true']")
    assert json.loads(posted[0])["config"]["ante"] == 5
    message = page.inner_text("#create-error")
    assert "These table options do not work together" in message
    assert "ante must be 0 to 1000000000 chips" in message
    assert page.evaluate("document.activeElement.id") == "ante"
    assert page.get_attribute("#host-name", "aria-invalid") is None
    # the browser logs the 400 answer itself; nothing else may have gone wrong
    assert all("status of 400" in e for e in probe.errors), probe.errors
    probe.errors.clear()


# (the request field the server names, the input the lobby marks): a field under "More
# options" (closed) is opened; a pass count sits in a row of its own
NAMED = [
    ("config.ante", "ante"),
    ("bot_pause", "bot-pause"),
    ("config.pass_counts", "pass-count-0"),
    ("host_name", "host-name"),
    ("next_hand_delay", "next-hand-delay"),
    ("bots", "bot-add"),
]


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
@pytest.mark.parametrize(("field", "input_id"), NAMED)
def test_the_servers_message_is_shown_under_the_field_it_names(
    server: Any, open_page: Any, field: str, input_id: str, viewport: str
) -> None:
    """Newcomer review: the message of a refusal sat under Create, far below the field the
    page scrolled to. It is shown under that field, which is marked, until it is edited."""
    probe = open_lobby(server.url, open_page, viewport)
    page = probe.page
    refusal = {"error": {"code": "bad_request", "message": f"{field} is wrong", "field": field}}
    page.route(
        "**/api/tables",
        lambda route: (
            route.fulfill(status=400, content_type="application/json", body=json.dumps(refusal))
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    page.fill("#host-name", "Ana")
    page.click("#create-table")
    assert f"{field} is wrong" in assert_refusal_shown(page, input_id)
    if input_id == "bot-add":  # a button: adding a bot redraws the form, mark and all
        page.click("#bot-add")
        page.wait_for_selector("[aria-invalid='true']", state="detached")
        assert page.locator("#create-field-error").count() == 0
    else:
        assert_cleared_by_editing(page, input_id)
    assert all("status of 400" in e for e in probe.errors), probe.errors
    probe.errors.clear()
