"""The shared translation layer: gettext catalogues (Babel) for the terminal and web clients.

Message ids are stable English source strings with named ``{placeholders}``; catalogues for
English, Italian, Spanish, Portuguese, Dutch and German live in
``locale/<lang>/LC_MESSAGES/messages.po`` and are compiled in memory at first use.

>>> _ = translator("de")
>>> _("{player} raises to {amount}", player="Ana", amount=8)
'Ana erhöht auf 8'
>>> catalog_json("es")["Fold"]
'Retirarse'

New strings: mark them with ``_()``/``ngettext()``/``N_()`` and run
``python -m anaconda_poker.i18n.update`` (extraction with Babel, see ``babel.cfg``), then
translate the new entries in every ``messages.po``.
"""

from anaconda_poker.i18n.catalog import (
    LOCALE_DIR,
    N_,
    Translator,
    all_translators,
    catalog_json,
    load_catalog,
    plural_rule,
    translator,
)
from anaconda_poker.i18n.hands import (
    HighCategory,
    HighShape,
    describe_high,
    describe_low,
    describe_shape,
    high_shape,
    low_qualifies,
)
from anaconda_poker.i18n.languages import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGES,
    UnsupportedLanguageError,
    language_from_environment,
    negotiate_language,
    normalize_language,
    parse_accept_language,
    require_language,
)
from anaconda_poker.i18n.terms import (
    ACTION_LABELS,
    BETTING_LABELS,
    DIRECTION_LABELS,
    GLOSSARY,
    SPLIT_LABELS,
    action_label,
    action_line,
    betting_label,
    direction_label,
    split_label,
)

__all__ = [
    "ACTION_LABELS",
    "BETTING_LABELS",
    "DEFAULT_LANGUAGE",
    "DIRECTION_LABELS",
    "GLOSSARY",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "N_",
    "SPLIT_LABELS",
    "HighCategory",
    "HighShape",
    "Translator",
    "UnsupportedLanguageError",
    "action_label",
    "action_line",
    "all_translators",
    "betting_label",
    "catalog_json",
    "describe_high",
    "describe_low",
    "describe_shape",
    "direction_label",
    "high_shape",
    "language_from_environment",
    "load_catalog",
    "low_qualifies",
    "negotiate_language",
    "normalize_language",
    "parse_accept_language",
    "plural_rule",
    "require_language",
    "split_label",
    "translator",
]
