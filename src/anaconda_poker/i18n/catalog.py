"""Loading the gettext catalogues and translating messages.

The catalogues are the ``.po`` files under ``locale/<lang>/LC_MESSAGES/messages.po`` beside
this module, one per language of :data:`~anaconda_poker.i18n.languages.LANGUAGES`. They are
read with :func:`babel.messages.pofile.read_po` and compiled in memory on first use, so no
build step is needed. Message ids are the English source strings; placeholders are named,
in ``str.format`` style (``"{player} raises to {amount}"``), so the web client can fill them
in the same way.

>>> t = translator("it")
>>> t("Fold")
'Abbandona'
>>> t.ngettext("You pass {count} card", "You pass {count} cards", 3, count=3)
'Passi 3 carte'
>>> t("Pot {amount}", amount=1200)
'Piatto 1.200'
"""

from __future__ import annotations

import functools
import gettext as _gettext
import io
from collections.abc import Mapping, Sequence
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

from anaconda_poker.i18n.languages import LANGUAGES, require_language

LOCALE_DIR = Path(__file__).with_name("locale")
"""Folder that holds ``<lang>/LC_MESSAGES/messages.po`` and the template ``messages.pot``."""

DOMAIN = "messages"
"""The gettext domain (file stem) of every catalogue."""

Param = str | int | float


def N_(message: str) -> str:
    """Mark ``message`` for extraction by ``pybabel extract`` without translating it.

    Use it for message ids kept in tables and translated later with a :class:`Translator`
    (the classic ``gettext_noop``). Returns ``message`` unchanged.
    """
    return message


def po_path(lang: str) -> Path:
    """Path of the ``.po`` file of a supported language.

    Raises:
        UnsupportedLanguageError: if ``lang`` is not supported.
    """
    return LOCALE_DIR / require_language(lang) / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def load_catalog(lang: str) -> Catalog:
    """The parsed catalogue (a Babel :class:`~babel.messages.catalog.Catalog`) of a language.

    Parsed once per process and cached; treat the result as read-only.

    Raises:
        UnsupportedLanguageError: if ``lang`` is not supported.
        FileNotFoundError: if the ``.po`` file is missing from the installation.
    """
    path = po_path(lang)
    with path.open("rb") as handle:
        return read_po(handle, locale=require_language(lang), domain=DOMAIN)


def _format(message: str, params: Mapping[str, Param], locale: Locale) -> str:
    values: dict[str, str | float] = {}
    for name, value in params.items():
        if isinstance(value, int) and not isinstance(value, bool):
            values[name] = format_decimal(value, locale=locale)
        else:
            values[name] = value
    return message.format_map(values)


class Translator:
    """Translates and formats user-facing text in one language.

    Obtain one with :func:`translator`. Calling the object is :meth:`gettext`, so the usual
    ``_ = translator(lang)`` idiom works and ``pybabel extract`` finds ``_("...")`` calls.

    Attributes:
        language: the language code, one of :data:`LANGUAGES`.
        locale: the Babel locale used for numbers and lists.
    """

    __slots__ = ("_translations", "language", "locale")

    def __init__(self, language: str, translations: _gettext.NullTranslations) -> None:
        self.language = language
        self.locale = Locale.parse(language)
        self._translations = translations

    def gettext(self, message: str, /, **params: Param) -> str:
        """The translation of ``message``, with ``{name}`` placeholders filled from ``params``.

        Integers are formatted for the locale (``1200`` → ``"1.200"`` in Italian). A message
        without a translation is returned in English.

        Raises:
            KeyError: if a placeholder of the message is missing from ``params``.
        """
        text = self._translations.gettext(message)
        if not params:
            return text
        return self._fill(text, message, params)

    __call__ = gettext

    def ngettext(self, singular: str, plural: str, n: int, /, **params: Param) -> str:
        """The singular or plural translation for the count ``n``, filled from ``params``.

        The plural rule is the catalogue's ``Plural-Forms`` (for example ``n != 1``).

        Raises:
            KeyError: if a placeholder of the message is missing from ``params``.
        """
        text = self._translations.ngettext(singular, plural, n)
        return self._fill(text, singular if n == 1 else plural, params)

    def _fill(self, text: str, source: str, params: Mapping[str, Param]) -> str:
        try:
            return _format(text, params, self.locale)
        except (KeyError, IndexError, ValueError):
            # A broken translation must never break the program: use the English source.
            return _format(source, params, self.locale)

    def number(self, value: int | float, pattern: str | None = None) -> str:
        """``value`` formatted for the locale (grouping and decimal separators).

        Args:
            value: the number.
            pattern: a CLDR number pattern (e.g. ``"+#,##0.00;-#,##0.00"``: always a sign,
                two decimals); ``None`` for the locale's default.
        """
        return format_decimal(value, format=pattern, locale=self.locale)

    def percent(self, fraction: float, digits: int = 1) -> str:
        """``fraction`` (0.625) as a percentage for the locale: ``62.5%``, ``62,5 %``, ..."""
        pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "") + "%"
        return format_percent(fraction, format=pattern, locale=self.locale)

    def join(self, items: Sequence[str]) -> str:
        """A list in running text: ``"Ana, Bo and Cy"``, ``"Ana, Bo e Cy"``, ..."""
        return format_list(list(items), locale=self.locale)

    def __repr__(self) -> str:
        return f"translator({self.language!r})"


def translator(lang: str) -> Translator:
    """The :class:`Translator` of a supported language (cached per language).

    Args:
        lang: ``"en"``, ``"it"``, ``"es"``, ``"pt"``, ``"nl"`` or ``"de"``; regional tags
            such as ``"pt-BR"`` or ``"de_AT"`` are accepted. To map an arbitrary preference
            to a supported language first, use
            :func:`~anaconda_poker.i18n.languages.negotiate_language`.

    Raises:
        UnsupportedLanguageError: if the language is not supported.
    """
    return _translator(require_language(lang))


@functools.cache
def _translator(code: str) -> Translator:
    buffer = io.BytesIO()
    write_mo(buffer, load_catalog(code))
    buffer.seek(0)
    return Translator(code, _gettext.GNUTranslations(buffer))


def catalog_json(lang: str) -> dict[str, str]:
    """Every message of a language as ``{msgid: translation}``, for the web client.

    Plural messages contribute two entries: the singular id maps to the singular form and
    the plural id to the plural form (every supported language has two plural forms; see
    :func:`plural_rule`). Untranslated or fuzzy messages map to the English source, unless
    another entry of the catalogue translates the same id.

    Raises:
        UnsupportedLanguageError: if the language is not supported.
    """
    translated: dict[str, str] = {}
    fallback: dict[str, str] = {}

    def put(msgid: str, text: str | None) -> None:
        if text:
            translated.setdefault(msgid, text)
        else:
            fallback[msgid] = msgid

    for message in load_catalog(require_language(lang)):
        if not message.id:
            continue
        usable = not message.fuzzy
        if isinstance(message.id, tuple | list):
            forms = message.string if isinstance(message.string, tuple | list) else ()
            for index, msgid in enumerate(message.id[:2]):
                put(msgid, forms[index] if usable and len(forms) > index else None)
        else:
            text = message.string if isinstance(message.string, str) else ""
            put(message.id, text if usable else None)
    return {**fallback, **translated}


def plural_rule(lang: str) -> tuple[int, str]:
    """The number of plural forms and the C plural expression of a language's catalogue.

    >>> plural_rule("pt")
    (2, '(n > 1)')

    Raises:
        UnsupportedLanguageError: if the language is not supported.
    """
    catalog = load_catalog(require_language(lang))
    return catalog.num_plurals, catalog.plural_expr


def all_translators() -> dict[str, Translator]:
    """A translator for every supported language, keyed by language code."""
    return {lang: translator(lang) for lang in LANGUAGES}
