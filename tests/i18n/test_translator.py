"""Translators, formatting, the web client's JSON, and language negotiation."""

from __future__ import annotations

import gettext

import pytest

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.config import Split
from anaconda_poker.i18n import (
    LANGUAGES,
    Translator,
    UnsupportedLanguageError,
    action_line,
    catalog_json,
    language_from_environment,
    load_catalog,
    negotiate_language,
    parse_accept_language,
    split_label,
    translator,
)


def test_labels_use_the_seed_terms_of_each_language() -> None:
    # Terms of the rule pages in shared/seeds/ (e.g. Italian "rilancio", Spanish "subir").
    expected = {
        "it": ("Abbandona", "Parola", "Chiama", "Rilancia", "Piatto"),
        "es": ("Retirarse", "Pasar", "Igualar", "Subir", "Bote"),
        "pt": ("Desistir", "Passar", "Pagar", "Aumentar", "Pote"),
        "nl": ("Passen", "Checken", "Meegaan", "Verhogen", "Pot"),
        "de": ("Aussteigen", "Schieben", "Mitgehen", "Erhöhen", "Pot"),
    }
    for lang, words in expected.items():
        t = translator(lang)
        assert tuple(t(m) for m in ("Fold", "Check", "Call", "Raise", "Pot")) == words


def test_placeholders_are_filled_and_numbers_use_the_locale() -> None:
    assert translator("en")("{player} raises to {amount}", player="Ana", amount=1200) == (
        "Ana raises to 1,200"
    )
    assert translator("de")("{player} raises to {amount}", player="Ana", amount=1200) == (
        "Ana erhöht auf 1.200"
    )
    assert translator("it")("Pot {amount}", amount=1200) == "Piatto 1.200"
    assert translator("nl").number(1234567) == "1.234.567"


def test_plural_forms_follow_the_count() -> None:
    t = translator("de")
    one = t.ngettext("You pass {count} card", "You pass {count} cards", 1, count=1)
    three = t.ngettext("You pass {count} card", "You pass {count} cards", 3, count=3)
    assert (one, three) == ("Du gibst 1 Karte ab", "Du gibst 3 Karten ab")


def test_missing_placeholder_value_raises_key_error() -> None:
    with pytest.raises(KeyError):
        translator("es")("{player} folds", amount=3)


def test_a_broken_translation_falls_back_to_the_english_source() -> None:
    class Broken(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return "{giocatore} punta"

    t = Translator("it", Broken())
    assert t("{player} bets {amount}", player="Bo", amount=4) == "Bo bets 4"


def test_unknown_message_is_returned_in_english() -> None:
    assert translator("nl")("Not a message id of the catalogue") == (
        "Not a message id of the catalogue"
    )


def test_unsupported_language() -> None:
    with pytest.raises(UnsupportedLanguageError, match="supported languages are en, it"):
        translator("fr")
    assert translator("pt-BR").language == "pt"
    assert translator("de_AT.UTF-8") is translator("de")


def test_catalog_json_covers_every_message_including_plural_forms() -> None:
    for lang in LANGUAGES:
        table = catalog_json(lang)
        ids: set[str] = set()
        for message in load_catalog(lang):
            if isinstance(message.id, tuple):
                ids.update(message.id)
            elif message.id:
                ids.add(message.id)
        assert set(table) == ids
        assert all(isinstance(v, str) and v for v in table.values())
    es = catalog_json("es")
    assert es["Fold"] == "Retirarse"
    assert es["{player} passes {count} card"] == "{player} traspasa {count} carta"
    assert es["{player} passes {count} cards"] == "{player} traspasa {count} cartas"
    english = catalog_json("en")
    assert all(key == value for key, value in english.items())


def test_game_labels() -> None:
    assert split_label(Split.HIGH_LOW_8, "de") == "High-Low-Split, Acht-oder-besser"
    assert split_label("high_only", "it") == "Solo alto"
    assert action_line("nl", player="Ana", kind=ActionKind.RAISE, amount=8) == (
        "Ana verhoogt naar 8"
    )
    assert action_line("it", player="Bo", kind="call", amount=4, all_in=True) == (
        "Bo chiama 4 (all-in)"
    )
    assert action_line("pt", player="Cy", kind="pass", count=1) == "Cy troca 1 carta"
    assert action_line("es", player="", kind="bet", amount=2, you=True) == "Apuestas 2"


@pytest.mark.parametrize(
    ("preference", "expected"),
    [
        ("it-IT,it;q=0.9,en;q=0.8", "it"),
        ("fr-FR,fr;q=0.9,de;q=0.5,en;q=0.1", "de"),
        ("en;q=0.2, nl", "nl"),
        ("es;q=0, pt", "pt"),
        ("fr, ja", "en"),
        ("", "en"),
        (None, "en"),
        (["pt_BR", "en"], "pt"),
        ("*", "en"),
    ],
)
def test_negotiate_language(preference: str | list[str] | None, expected: str) -> None:
    assert negotiate_language(preference) == expected


def test_accept_language_weights_and_malformed_parts() -> None:
    assert parse_accept_language("de;q=0.7, it, en;q=0.9, ;q=1, xx;q=abc") == ["it", "en", "de"]


def test_negotiate_rejects_an_unsupported_default() -> None:
    with pytest.raises(UnsupportedLanguageError):
        negotiate_language("it", default="fr")


def test_language_from_environment() -> None:
    assert language_from_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert language_from_environment({"LANGUAGE": "fr:es", "LANG": "de_DE.UTF-8"}) == "es"
    assert language_from_environment({"LC_ALL": "C", "LANG": "C.UTF-8"}) == "en"
    assert language_from_environment({}) == "en"
