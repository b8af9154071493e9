"""The languages of the user interface and how a preferred language is chosen.

Six languages are supported: English (the source language of every message id), Italian,
Spanish, Portuguese, Dutch and German. A request for any other language falls back to
English.

>>> negotiate_language("pt-BR,pt;q=0.9,en;q=0.5")
'pt'
>>> negotiate_language(["fr_FR", "de_AT"])
'de'
>>> negotiate_language("fr")
'en'
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

LANGUAGES: tuple[str, ...] = ("en", "it", "es", "pt", "nl", "de")
"""Supported language codes (ISO 639-1), English first: English is the source language."""

DEFAULT_LANGUAGE = "en"
"""The language used when no preference matches a supported language."""

LANGUAGE_NAMES: Mapping[str, str] = {
    "en": "English",
    "it": "Italiano",
    "es": "Español",
    "pt": "Português",
    "nl": "Nederlands",
    "de": "Deutsch",
}
"""Each supported language's name in that language (for language pickers)."""


class UnsupportedLanguageError(ValueError):
    """A language code that is not one of :data:`LANGUAGES` was given where one is required."""


def normalize_language(tag: str) -> str | None:
    """The supported language code for a language tag, or ``None`` if none matches.

    Args:
        tag: a BCP 47 tag or POSIX locale name, any case: ``"it"``, ``"pt-BR"``,
            ``"de_AT.UTF-8"``, ``"nl_NL@euro"``.

    Returns:
        One of :data:`LANGUAGES`, or ``None`` (``"fr"``, ``""``, ``"C"``, ``"*"``).
    """
    base = tag.strip().split(".")[0].split("@")[0].replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


def require_language(tag: str) -> str:
    """The supported language code for ``tag``; unlike :func:`negotiate_language` no fallback.

    Raises:
        UnsupportedLanguageError: naming the tag and the supported languages.
    """
    code = normalize_language(tag) if isinstance(tag, str) else None
    if code is None:
        raise UnsupportedLanguageError(
            f"unsupported language {tag!r}; supported languages are {', '.join(LANGUAGES)}"
        )
    return code


def parse_accept_language(header: str) -> list[str]:
    """The language tags of an HTTP ``Accept-Language`` header, most preferred first.

    Tags with ``q=0`` are dropped; equal weights keep their order; a malformed weight counts
    as 0 (RFC 9110 §12.5.4).

    >>> parse_accept_language("de;q=0.7, it, en;q=0.9")
    ['it', 'en', 'de']
    """
    weighted: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        pieces = [p.strip() for p in part.split(";")]
        tag = pieces[0]
        if not tag:
            continue
        weight = 1.0
        for param in pieces[1:]:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if weight > 0:
            weighted.append((-weight, position, tag))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate_language(
    preferred: str | Iterable[str] | None, *, default: str = DEFAULT_LANGUAGE
) -> str:
    """Pick the supported language that best matches a preference.

    Args:
        preferred: an ``Accept-Language`` header value (``"it-IT,it;q=0.9,en;q=0.8"``), one
            tag (``"pt_BR"``), a list of tags in order of preference, or ``None``.
        default: returned when nothing matches; must be one of :data:`LANGUAGES`.

    Returns:
        The first preferred tag whose base language is supported, else ``default``.

    Raises:
        UnsupportedLanguageError: if ``default`` is not supported.
    """
    default = require_language(default)
    if preferred is None:
        return default
    tags = parse_accept_language(preferred) if isinstance(preferred, str) else list(preferred)
    for tag in tags:
        code = normalize_language(tag)
        if code is not None:
            return code
    return default


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The user's language from the POSIX locale variables, as gettext reads them.

    ``LANGUAGE`` (a colon-separated list), then ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``
    are consulted in that order; the first supported language wins, else English.

    Args:
        environ: the environment to read; ``os.environ`` by default.
    """
    env = os.environ if environ is None else environ
    tags: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        tags.extend(t for t in value.split(":") if t)
    return negotiate_language(tags)
