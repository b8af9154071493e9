"""The six catalogues are complete and consistent (the contract with the web client)."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.i18n import (
    LANGUAGES,
    LOCALE_DIR,
    action_label,
    catalog_json,
    plural_rule,
    translator,
)
from anaconda_poker.i18n.update import check_catalog, extract_template

OWN_SOURCES = ("i18n/", "tui/", "cli/play.py")


def _read(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _ids(catalog: Catalog) -> set[str]:
    return {m.id[0] if isinstance(m.id, tuple) else m.id for m in catalog if m.id}


CATALOGS = {lang: _read(lang) for lang in LANGUAGES}


def test_every_language_has_the_same_message_ids() -> None:
    english = _ids(CATALOGS["en"])
    assert len(english) > 200
    for lang, catalog in CATALOGS.items():
        assert _ids(catalog) == english, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    catalog = CATALOGS[lang]
    assert catalog.num_plurals == 2
    problems: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        if isinstance(message.id, tuple):
            forms = message.string
            assert isinstance(forms, tuple)
            if len(forms) != 2 or not all(f.strip() for f in forms):
                problems.append(f"plural forms missing: {message.id!r}")
                continue
            for source, form in zip(message.id, forms, strict=True):
                if _fields(source) != _fields(form):
                    problems.append(f"placeholders differ: {source!r} -> {form!r}")
        else:
            text = message.string
            if not isinstance(text, str) or not text.strip():
                problems.append(f"untranslated: {message.id!r}")
            elif _fields(message.id) != _fields(text):
                problems.append(f"placeholders differ: {message.id!r} -> {text!r}")
    assert problems == []


def test_english_catalogue_is_the_source_text() -> None:
    for message in CATALOGS["en"]:
        if message.id:
            assert message.string == message.id


def test_other_languages_actually_translate() -> None:
    # A catalogue copied from English would pass the completeness test; most short labels
    # must differ from English in every other language.
    english = catalog_json("en")
    for lang in LANGUAGES[1:]:
        table = catalog_json(lang)
        same = [
            k
            for k in ("Fold", "Call", "Raise", "Pot", "Next hand", "Player")
            if table[k] == english[k]
        ]
        assert same == [] or (lang in ("nl", "de") and set(same) <= {"Pot"}), (lang, same)


def test_plural_rules() -> None:
    assert plural_rule("en") == (2, "(n != 1)")
    assert plural_rule("pt") == (2, "(n > 1)")
    assert (
        translator("pt").ngettext("You pass {count} card", "You pass {count} cards", 0, count=0)
        == "Você troca 0 carta"
    )
    assert (
        translator("it").ngettext("You pass {count} card", "You pass {count} cards", 0, count=0)
        == "Passi 0 carte"
    )


def test_every_string_of_the_terminal_game_is_in_the_catalogue() -> None:
    template = extract_template()
    own = {
        m.id[0] if isinstance(m.id, tuple) else m.id
        for m in template
        if m.id and any(loc.startswith(OWN_SOURCES) for loc, _ in m.locations)
    }
    assert len(own) > 150
    assert own - _ids(CATALOGS["en"]) == set()


def test_check_catalog_reports_each_kind_of_gap(tmp_path: Path) -> None:
    catalog = Catalog(locale="it")
    catalog.add("Fold", "Abbandona")
    catalog.add("{player} bets {amount}", "{giocatore} punta {amount}")
    catalog.add("Raise", "")
    catalog.add(("{count} card", "{count} cards"), ("{count} carta", ""))
    catalog.add("Call", "Chiama", flags=["fuzzy"])
    problems = check_catalog(catalog, ["Fold", "Check"])
    text = "\n".join(problems)
    assert "missing message 'Check'" in text
    assert "placeholders of '{player} bets {amount}' differ" in text
    assert "no translation for 'Raise'" in text
    assert "no translation for '{count} card'" in text
    assert "no translation for 'Call'" in text
    assert len(problems) == 5


@pytest.mark.parametrize("lang", LANGUAGES)
def test_checking_and_passing_cards_have_different_words(lang: str) -> None:
    """Issue 13 item 6: the log and the commands tell a check from a card pass in every
    language (Portuguese said "passa" for both)."""
    t = translator(lang)
    check = t("{player} checks", player="X").split()
    passes = t("{player} passes {cards}", player="X", cards="Y").split()
    assert check[1] != passes[1], (lang, check, passes)
    check_word = action_label(ActionKind.CHECK, t).lower()
    pass_word = action_label(ActionKind.PASS, t).lower()
    assert check_word.split()[0] != pass_word.split()[0], (lang, check_word, pass_word)
