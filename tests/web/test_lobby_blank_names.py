"""Names of only invisible characters in the lobby are no names (newcomer review): a bot named
U+200B U+200D was refused with "Please enter your name." (a bot's name is optional, and the
text spoke of the user's), and a table named U+200B U+200B was created and listed as a blank
row. Now both take their defaults, as an empty field does. Debian's Chromium."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_lobby_stakes import create_as_ada

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def test_invisible_table_and_bot_names_take_the_defaults(server: Any, open_page: Any) -> None:
    page = open_page().page
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    page.wait_for_selector("#bot-name-0")
    page.fill("#table-name", "\u200b\u200b")
    page.fill("#bot-name-0", "\u200b\u200d")
    page.fill("#bot-name-1", " \u2060 ")
    page.fill("#bot-name-2", "Monty")
    with page.expect_request(
        lambda r: r.method == "POST" and r.url.endswith("/api/tables")
    ) as request:
        _config, made = create_as_ada(page)
    body = json.loads(request.value.post_data)
    assert body["name"] == "Anaconda table"
    assert ["name" in bot for bot in body["bots"]] == [False, False, True]
    assert made["table"]["name"] == "Anaconda table"
    names = [seat and seat["name"] for seat in made["table"]["seats"]]
    assert names[0] == "Ada" and names[3] == "Monty"
    assert all(name and name.strip("\u200b\u200d\u2060 ") for name in names[1:3]), names
    assert page.locator("[aria-invalid='true']").count() == 0
