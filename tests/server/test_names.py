"""Player names and chat lines: one spelling per look (server/names.py), over the real API."""

from __future__ import annotations

import unicodedata

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from server_helpers import LiveServer, create_table, ws_client

from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.names import (
    BIDI_CONTROLS,
    clean_chat,
    is_invisible,
    name_clash,
    name_key,
    normalise_name,
)
from anaconda_poker.server.protocol import parse_client_message

INVISIBLE = [
    "\u200b",  # zero-width space
    "\u200c",  # zero-width non-joiner
    "\u200d",  # zero-width joiner
    "\u2060",  # word joiner
    "\ufeff",  # byte-order mark
    "\u00ad",  # soft hyphen
    "\u202e",  # right-to-left override
    "\u2066",  # left-to-right isolate
    "\u200f",  # right-to-left mark
    "\u034f",  # combining grapheme joiner
    "\ufe0f",  # variation selector 16
    "\u3164",  # Hangul filler
    "\u115f",  # Hangul choseong filler
    "\u1160",  # Hangul jungseong filler
    "\uffa0",  # half-width Hangul filler
    "\u2800",  # braille pattern blank
    "\x00",
    "\x1b",
    "\x7f",
]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Bee\u200d", "Bee"),
        ("B\u200cee", "Bee"),
        ("Ｂｅｅ", "Bee"),  # full-width letters
        ("  Ana \t\n B  ", "Ana B"),
        ("Ana\u00a0B", "Ana B"),  # no-break space
        ("Jose\u0301", "José"),  # decomposed accent composes
        ("Jos\u200de\u0301", "José"),  # ... even across a removed joiner
        ("\u202eeeB", "eeB"),
        ("\u2066\u2069", ""),
    ],
)
def test_normalise_name_worked_examples(raw: str, expected: str) -> None:
    assert normalise_name(raw) == expected


def test_look_alikes_clash_with_a_message_naming_both() -> None:
    taken = ["Bee", "Ana"]
    for newcomer in ("Bee", "BEE", "bee", "Ｂｅｅ", normalise_name("Bee\u200d")):
        assert name_clash(newcomer, taken) is not None
    assert name_clash("Bee", taken) == "the name 'Bee' is taken at this table"
    message = name_clash("BEE", taken)
    assert message is not None and "'BEE'" in message and "'Bee'" in message
    assert name_clash("Bea", taken) is None
    # a Cyrillic е is a different letter, not an invisible trick: allowed
    assert name_clash("B\u0435e", taken) is None
    assert name_key("Straße") == name_key("STRASSE")


@given(st.text(max_size=40))
@settings(max_examples=300, deadline=None)
def test_normalise_name_is_idempotent_and_leaves_nothing_invisible(raw: str) -> None:
    once = normalise_name(raw)
    assert normalise_name(once) == once
    assert not any(is_invisible(c) for c in once)
    assert once == " ".join(once.split())  # no double, leading or trailing spaces
    assert unicodedata.normalize("NFKC", once) == once


@given(
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=12),
    st.lists(st.sampled_from(INVISIBLE), min_size=1, max_size=4),
    st.data(),
)
@settings(max_examples=200, deadline=None)
def test_hidden_characters_and_case_never_make_a_new_name(
    base: str, hidden: list[str], data: st.DataObject
) -> None:
    """Inserting invisible characters anywhere, or changing case, keeps the clash key."""
    chars = list(base)
    for char in hidden:
        chars.insert(data.draw(st.integers(0, len(chars))), char)
    disguised = "".join(chars)
    assert name_key(disguised) == name_key(base)
    assert name_key(base.upper()) == name_key(base.upper().lower().upper())
    if name_key(base):
        assert name_clash(disguised, [base]) is not None


@given(st.text(max_size=60))
@settings(max_examples=300, deadline=None)
def test_clean_chat_strips_controls_and_direction_characters(raw: str) -> None:
    try:
        line = clean_chat(raw)
    except ValueError:
        return
    assert line and not any(c in BIDI_CONTROLS for c in line)
    assert not any(unicodedata.category(c) == "Cc" for c in line)
    assert clean_chat(line) == line


def test_chat_message_empty_after_cleaning_is_refused() -> None:
    parsed = parse_client_message('{"type": "chat", "text": "gg \\u202e\\u0007 wp"}')
    assert parsed.text == "gg wp"
    emoji = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # a family: joiners stay
    assert parse_client_message(f'{{"type": "chat", "text": "{emoji}"}}').text == emoji
    blank_looking = ("\\u2800", "\\u115f\\u1160", "\\uffa0", "\\u3164 \\u2800")
    for text in ("\\u202e\\u202d", "\\u0000\\u0007  ", "\\u200b\\u200d", *blank_looking):
        with pytest.raises(ClientError) as refused:
            parse_client_message(f'{{"type": "chat", "text": "{text}"}}')
        assert refused.value.code == "bad_message"
        assert refused.value.message.startswith("chat.text: the chat line is empty")


async def test_look_alike_names_refused_over_the_api(live_server: LiveServer) -> None:
    created = await create_table(live_server, host_name="Bee", auto_start=False)
    table_id = created["table"]["table_id"]
    url = f"/api/tables/{table_id}/seats"
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        for look_alike in ("Bee\u200d", "B\u200cee", "BEE", "Ｂｅｅ", "\u2066Bee\u2069"):
            refused = await http.post(url, json={"name": look_alike})
            assert refused.status_code == 409, (look_alike, refused.text)
            error = refused.json()["error"]
            assert error["code"] == "name_taken" and "'Bee'" in error["message"]
        invisible_only = await http.post(url, json={"name": "\u200b\u200d"})
        assert invisible_only.status_code == 400
        assert invisible_only.json()["error"]["code"] == "bad_request"
        long_raw = await http.post(url, json={"name": "A" + "\u200b" * 40 + "na"})
        assert long_raw.status_code == 201  # the length bound counts visible characters
        seated = await http.post(url, json={"name": "Ｚｏｅ\u00a0\u00a0Ｌｅｅ"})
        assert seated.status_code == 201
    table = live_server.lobby.table(table_id)
    names = [s.name for s in table.seats if s is not None]
    assert names == ["Bee", "Ana", "Zoe Lee"]


async def test_bot_named_like_the_host_is_renamed(live_server: LiveServer) -> None:
    created = await create_table(
        live_server,
        host_name="Bee",
        auto_start=False,
        bots=[{"seat": 1, "level": "random", "name": "BEE"}],
    )
    names = [s and s["name"] for s in created["table"]["seats"]]
    assert names[:2] == ["Bee", "BEE+"]


async def test_chat_of_only_direction_characters_is_refused(live_server: LiveServer) -> None:
    created = await create_table(live_server, auto_start=False)
    client = await ws_client(live_server, {"token": created["token"]})
    try:
        await client.until(lambda f: f["type"] == "welcome")
        await client.send({"type": "chat", "text": "\u202e\u2066\u0000"})
        error = await client.until(lambda f: f["type"] == "error")
        assert error["code"] == "bad_message"
        assert "empty" in error["message"]
        await client.send({"type": "chat", "text": "\u202egg\u202c wp"})
        chat = await client.until(lambda f: f["type"] == "chat")
        assert chat["text"] == "gg wp"
    finally:
        await client.close()


async def test_table_names_are_cleaned_and_an_invisible_one_is_refused(
    live_server: LiveServer,
) -> None:
    """A table's name of only invisible characters listed as a blank row (review); one with a
    right-to-left override reversed the lobby's text after it. Both are cleaned as chat is."""
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        for blank in ("\u200b\u200b", " \u2800 ", "\u202e\u2066", "\ufeff\u00ad\u3164"):
            body = {"name": blank, "host_name": "Ana", "listed": True}
            refused = await http.post("/api/tables", json=body)
            assert refused.status_code == 400, (blank, refused.text)
            error = refused.json()["error"]
            assert (error["code"], error["field"]) == ("bad_request", "name"), error
            assert "a table name needs a visible character" in error["message"], error
        assert live_server.lobby.tables == {}
        body = {"name": "\u202eFriday\u202c  \tnight", "host_name": "Ana", "listed": True}
        made = await http.post("/api/tables", json=body)
        assert made.status_code == 201, made.text
        assert made.json()["table"]["name"] == "Friday night"
        listed = (await http.get("/api/tables")).json()["tables"]
        assert [t["name"] for t in listed] == ["Friday night"]
