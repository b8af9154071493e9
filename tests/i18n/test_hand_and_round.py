"""A hand and a betting round never share a word (newcomer trial, issue 12 §4): German said
"Runde" for a hand ("Runde 3", "Nächste Runde geben") and "Wettrunde" for a betting round,
so "Runde 5" and "Wettrunde 5" both stood on the same table. Each language now has its
poker words, in every message of the catalogue (web client, terminal game and CLI alike):
a hand is *mano*, *mano*, *mão*, *hand*, *Hand*; a betting round is *giro di puntate*,
*ronda de apuestas*, *rodada de apostas*, *inzetronde*, *Setzrunde*."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from anaconda_poker.i18n import LANGUAGES, LOCALE_DIR, translator

ROUND_NOUN = {
    "en": "round",
    "it": "giro",
    "es": "ronda",
    "pt": "rodada",
    "nl": "ronde",
    "de": "runde",
}
"""The bare word for a round in each language: it names a betting round (or, compounded, a
round of passing: *Abgaberunde*, *doorgeefronde*), never a hand."""

HAND_WORD = {"en": "Hand", "it": "Mano", "es": "Mano", "pt": "Mão", "nl": "Hand", "de": "Hand"}
"""How "Hand 7" begins in each language."""

BETTING_ROUND = {
    "en": "betting round",
    "it": "giro di puntate",
    "es": "ronda de apuestas",
    "pt": "rodada de apostas",
    "nl": "inzetronde",
    "de": "setzrunde",
}


def _messages(lang: str) -> list[tuple[str, tuple[str, ...]]]:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    found = []
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found.append((msgid, tuple(str(s) for s in strings)))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hand_and_the_betting_round_have_their_own_words(lang: str) -> None:
    t = translator(lang)
    assert t("Hand {n}", n=7) == f"{HAND_WORD[lang]} 7"
    assert t("Next hand in {s} s", s=5).casefold().count(HAND_WORD[lang].casefold()) == 1
    assert t("betting round").casefold() == BETTING_ROUND[lang]
    assert t("Betting round {n}", n=5).casefold() == f"{BETTING_ROUND[lang]} 5"
    assert HAND_WORD[lang].casefold() not in BETTING_ROUND[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_about_a_hand_calls_it_a_round(lang: str) -> None:
    """Every message whose English names a hand ("Hand {n}", "Deal next hand", "Chips won in
    these hands") avoids the bare round word ("Runde", "ronda", ...)."""
    bare = re.compile(rf"\b{ROUND_NOUN[lang]}", re.IGNORECASE)
    odd = [
        (msgid, text)
        for msgid, strings in _messages(lang)
        if re.search(r"\bhands?\b", msgid, re.IGNORECASE)
        and not re.search(r"\bround", msgid, re.IGNORECASE)
        for text in strings
        if bare.search(text)
    ]
    assert odd == [], odd


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_betting_round_is_called_so(lang: str) -> None:
    """Every message whose English names a betting round uses the language's word for it
    (German had "Wettrunde"; the web client's messages as well as the terminal game's)."""
    odd = [
        (msgid, text)
        for msgid, strings in _messages(lang)
        if "betting round" in msgid.casefold()
        for text in strings
        if BETTING_ROUND[lang] not in text.casefold()
    ]
    assert odd == [], odd
