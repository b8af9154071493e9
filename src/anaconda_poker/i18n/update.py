"""Extract messages from the sources and bring every catalogue up to date; check them.

Usage (from the repository root)::

    .venv/bin/python -m anaconda_poker.i18n.update          # extract, merge, write
    .venv/bin/python -m anaconda_poker.i18n.update --check  # report gaps, exit 1 if any

This does what ``pybabel extract -F babel.cfg`` followed by ``pybabel update
--no-fuzzy-matching`` does, with two differences: messages that were added to the catalogues
by hand (for example by the web client, whose ids are not in Python sources) are kept, and
the English catalogue's translations are filled with the source strings. New messages get an
empty translation in the other languages: translate them in each ``messages.po``.
"""

from __future__ import annotations

import argparse
import copy
import string
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, cast

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from anaconda_poker.i18n.catalog import DOMAIN, LOCALE_DIR
from anaconda_poker.i18n.languages import LANGUAGES

PACKAGE_DIR = Path(__file__).resolve().parent.parent
"""The ``anaconda_poker`` package folder, the root of extraction."""
MAPPING_FILE = Path(__file__).with_name("babel.cfg")
"""Babel's extraction map (which files, which extractor)."""
TEMPLATE_NAME = f"{DOMAIN}.pot"
PROJECT = "anaconda-poker"

KEYWORDS = {**DEFAULT_KEYWORDS, "t": None}
"""Functions whose string arguments are messages: gettext's usual names (``_``, ``gettext``,
``ngettext``, ``N_``, ...) and ``t``, the usual name of a :class:`Translator`."""

PLURAL_FORMS: dict[str, str] = {
    "en": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n > 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
}
"""Plural rule of each catalogue: two forms everywhere; Brazilian Portuguese counts 0 as
singular, as the seeds' Portuguese is Brazilian (*pôquer*, *Sequência*)."""


def extract_template(source_dir: Path = PACKAGE_DIR) -> Catalog:
    """Extract every marked message under ``source_dir`` into a template catalogue.

    Args:
        source_dir: folder to scan with the map in ``babel.cfg``.

    Returns:
        A catalogue without translations; locations are file paths relative to the folder.
    """
    # Babel leaves this function unannotated.
    parse = cast(
        Callable[..., tuple[list[tuple[str, str]], dict[str, dict[str, Any]]]], parse_mapping_cfg
    )
    with MAPPING_FILE.open(encoding="utf-8") as handle:
        method_map, options_map = parse(handle, str(MAPPING_FILE))
    template = Catalog(
        project=PROJECT, domain=DOMAIN, fuzzy=False, header_comment=HEADER.format(language="All")
    )
    for filename, lineno, message, comments, context in extract_from_dir(
        source_dir, method_map, options_map, keywords=KEYWORDS
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def _key(message: Message) -> str:
    return message.id[0] if isinstance(message.id, tuple | list) else message.id


HEADER = (
    "# {language} messages of anaconda-poker (user interface and poker terms).\n"
    "# Poker terms follow the rule pages in shared/seeds/. Placeholders: {{name}}.\n"
    "# Regenerate ids with: python -m anaconda_poker.i18n.update"
)


def _new_catalog(lang: str) -> Catalog:
    catalog = Catalog(
        locale=lang,
        domain=DOMAIN,
        project=PROJECT,
        fuzzy=False,
        header_comment=HEADER.format(language=lang),
        copyright_holder="anaconda-poker contributors",
        last_translator="anaconda-poker contributors",
        language_team=lang,
    )
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
    return catalog


def _read(path: Path, lang: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, include_lineno=False, ignore_obsolete=True)


def update_catalogs(
    *, source_dir: Path = PACKAGE_DIR, locale_dir: Path = LOCALE_DIR, prune: bool = False
) -> dict[str, int]:
    """Extract, write ``messages.pot`` and merge it into every language's ``messages.po``.

    Args:
        source_dir: folder to extract from.
        locale_dir: folder holding the catalogues.
        prune: drop messages that no source uses any more (by default they are kept, since
            the web client's messages may not be extractable).

    Returns:
        For each language, how many messages still lack a translation.
    """
    template = extract_template(source_dir)
    en_path = locale_dir / "en" / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not prune and en_path.exists():
        for message in _read(en_path, "en"):
            if message.id and _key(message) not in {_key(m) for m in template if m.id}:
                template[message.id] = Message(message.id, None, list(message.locations))
    _write(locale_dir / TEMPLATE_NAME, template)
    missing: dict[str, int] = {}
    for lang in LANGUAGES:
        path = locale_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        catalog = _read(path, lang) if path.exists() else _new_catalog(lang)
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True, update_creation_date=False)
        if lang == "en":
            for message in catalog:
                if message.id:
                    message.string = message.id
                    message.flags.discard("fuzzy")
        _write(path, catalog)
        missing[lang] = sum(1 for m in catalog if m.id and not _complete(m))
    return missing


def _complete(message: Message) -> bool:
    if message.fuzzy:
        return False
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return bool(strings) and all(isinstance(s, str) and s.strip() for s in strings)


def placeholders(text: str) -> set[str]:
    """The ``str.format`` field names in a message, e.g. ``{"player", "amount"}``.

    Raises:
        ValueError: if the text is not a valid format string (unbalanced braces).
    """
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _sources(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)


def check_catalog(catalog: Catalog, ids: Iterable[str] = ()) -> list[str]:
    """Problems of one catalogue: missing ids, empty or fuzzy translations, placeholder
    mismatches, more or fewer plural forms than the catalogue declares.

    Args:
        catalog: a parsed catalogue.
        ids: message ids (singular ids for plurals) that must be present.

    Returns:
        One human-readable line per problem; empty when the catalogue is complete.
    """
    lang = str(catalog.locale)
    problems: list[str] = []
    present = {_key(m) for m in catalog if m.id}
    problems.extend(f"{lang}: missing message {msgid!r}" for msgid in ids if msgid not in present)
    for message in catalog:
        if not message.id:
            continue
        key = _key(message)
        if not _complete(message):
            problems.append(f"{lang}: no translation for {key!r}")
            continue
        sources = _sources(message)
        strings = (
            tuple(message.string)
            if isinstance(message.string, tuple | list)
            else (str(message.string),)
        )
        if len(sources) > 1 and len(strings) != catalog.num_plurals:
            problems.append(
                f"{lang}: {key!r} has {len(strings)} plural forms, expected {catalog.num_plurals}"
            )
        for index, text in enumerate(strings):
            source = sources[min(index, len(sources) - 1)]
            try:
                wanted, got = placeholders(source), placeholders(text)
            except ValueError as exc:
                problems.append(f"{lang}: {key!r} is not a valid format string: {exc}")
                continue
            if wanted != got:
                problems.append(
                    f"{lang}: placeholders of {key!r} differ: source {sorted(wanted)}, "
                    f"translation {text!r} has {sorted(got)}"
                )
    return problems


def check_catalogs(locale_dir: Path = LOCALE_DIR, ids: Iterable[str] = ()) -> list[str]:
    """Problems of every language's catalogue (see :func:`check_catalog`), plus ids that are
    in some catalogue but not in all of them."""
    catalogs = {
        lang: _read(locale_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.po", lang) for lang in LANGUAGES
    }
    everywhere = set(ids)
    for catalog in catalogs.values():
        everywhere |= {_key(m) for m in catalog if m.id}
    problems: list[str] = []
    for catalog in catalogs.values():
        problems.extend(check_catalog(catalog, sorted(everywhere)))
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: update the catalogues, or with ``--check`` only report problems.

    Returns:
        The exit status: 0 when nothing is missing, 1 otherwise.
    """
    parser = argparse.ArgumentParser(prog="python -m anaconda_poker.i18n.update")
    parser.add_argument("--check", action="store_true", help="only report problems")
    parser.add_argument("--prune", action="store_true", help="drop messages no source uses")
    args = parser.parse_args(argv)
    if args.check:
        ids = [_key(m) for m in extract_template() if m.id]
        problems = check_catalogs(ids=ids)
        for line in problems:
            print(line)
        return 1 if problems else 0
    missing = update_catalogs(prune=args.prune)
    for lang, count in missing.items():
        print(f"{lang}: {count} message(s) to translate")
    return 1 if any(missing.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
