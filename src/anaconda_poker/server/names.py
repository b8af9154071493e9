"""Player names and chat text as people see them: one spelling per look, no hidden characters.

Two names that look the same on screen must be the same name at a table (``docs/security.md``,
inputs). A name is therefore *normalised* before it is checked or stored
(:func:`normalise_name`):

1. Unicode NFKC (compatibility composition): full-width ``Ｂｅｅ`` becomes ``Bee``, a
   decomposed ``é`` (``e`` + combining acute) becomes the single character, ligatures split.
2. Every invisible character is removed: control characters (Unicode category ``Cc``), format
   characters (``Cf``: zero-width space/joiner/non-joiner, the bidirectional embeddings,
   overrides and isolates, the soft hyphen, the byte-order mark...) and the other
   *default-ignorable* code points of Unicode (variation selectors, the Hangul fillers,
   the combining grapheme joiner...), which render as nothing, and the few other characters
   fonts draw as blank (:data:`BLANK_LOOKING`: the braille pattern blank U+2800).
3. Runs of white space (any Unicode space, tab or line break) become one space; leading and
   trailing spaces go.

Names are then compared by :func:`name_key`, the case-folded normalised name, so ``Bee``,
``BEE``, ``Bee\\u200d``, ``B\\u200cee`` and ``Ｂｅｅ`` all clash. Look-alike letters of other
scripts (Cyrillic ``е`` for Latin ``e``) are *not* folded together: they are different
letters, and refusing them would refuse real names.

Chat lines keep their zero-width joiners (emoji sequences need them) but lose control and
bidirectional-control characters (:func:`clean_chat`), so a line cannot reverse the text
of the lines after it or smuggle terminal escapes into logs.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

NAME_MIN_CHARS = 1
"""Shortest player name after normalisation, characters."""
NAME_MAX_CHARS = 24
"""Longest player name after normalisation, characters."""

_DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt, Unicode 15)."""

BLANK_LOOKING = frozenset("\u2800\U0001d159")
"""Characters that are not default-ignorable but still draw nothing: the braille pattern
blank (U+2800, a "symbol" that fonts draw as an empty cell) and the musical null notehead
(U+1D159). Treated as invisible, so a name or chat line of them alone counts as empty."""

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""The bidirectional marks, embeddings, overrides and isolates (Unicode UAX #9)."""


def is_invisible(char: str) -> bool:
    """True for a character that renders as nothing: control (``Cc``), format (``Cf``),
    surrogate (``Cs``), default-ignorable (the Hangul fillers U+115F, U+1160, U+3164,
    U+FFA0 among them) or in :data:`BLANK_LOOKING`; white space is not invisible here.

    Args:
        char: one character.
    """
    if unicodedata.category(char) in ("Cc", "Cf", "Cs") and not char.isspace():
        return True
    if char in BLANK_LOOKING:
        return True
    code = ord(char)
    return any(low <= code <= high for low, high in _DEFAULT_IGNORABLE)


def normalise_name(raw: str) -> str:
    """The canonical spelling of a player name (the module docstring's three steps).

    Idempotent: ``normalise_name(normalise_name(x)) == normalise_name(x)``. The result may be
    empty or longer than :data:`NAME_MAX_CHARS`; the caller checks the bounds (the protocol's
    ``Name`` type refuses such names with ``bad_request``/``bad_message``).

    Args:
        raw: the name as received.

    Returns:
        The name with NFKC applied, invisible characters removed and white space collapsed.
    """
    text = unicodedata.normalize("NFKC", raw)
    # removing a character can make a new NFKC pair meet (e + ZWJ + combining acute), so
    # normalise again until nothing changes (at most a couple of rounds)
    for _ in range(4):
        visible = "".join(c for c in text if not is_invisible(c))
        tidy = " ".join(visible.split())
        again = unicodedata.normalize("NFKC", tidy)
        if again == text:
            break
        text = again
    return text


def name_key(name: str) -> str:
    """The key two names clash on: the normalised name, case-folded (NFKC again after folding,
    Unicode's NFKC_Casefold in practice), so ``Bee``, ``BEE`` and ``Bee\\u200d`` share one.

    Args:
        name: a name, normalised or not.
    """
    return unicodedata.normalize("NFKC", normalise_name(name).casefold())


def _clean_line(raw: str) -> tuple[str, bool]:
    """``raw`` without control or bidirectional-control characters, white space collapsed,
    and whether anything visible is left in it."""
    kept = "".join(
        c
        for c in raw
        if c not in BIDI_CONTROLS and (unicodedata.category(c) != "Cc" or c.isspace())
    )
    line = " ".join(kept.split())
    return line, any(not is_invisible(c) for c in line.replace(" ", ""))


def clean_chat(raw: str) -> str:
    """A chat line without control or bidirectional-control characters, white space collapsed.

    Zero-width joiners and variation selectors stay (emoji sequences use them).

    Args:
        raw: the line as received.

    Returns:
        The cleaned line.

    Raises:
        ValueError: when nothing visible is left (only spaces, controls or invisible
            characters): the line would show as an empty message.
    """
    line, visible = _clean_line(raw)
    if not visible:
        raise ValueError(
            "the chat line is empty once control and text-direction characters are removed; "
            "send some visible text"
        )
    return line


def clean_table_name(raw: str) -> str:
    """A table's name cleaned as a chat line is (:func:`clean_chat`): it is shown in the lobby's
    list and on every seat's page, where a text-direction override would reverse what follows.

    Args:
        raw: the name as received.

    Returns:
        The cleaned name.

    Raises:
        ValueError: when nothing visible is left: the name would list as a blank row (review:
            a table named U+200B U+200B was created and listed).
    """
    line, visible = _clean_line(raw)
    if not visible:
        raise ValueError(
            "a table name needs a visible character; this one has only spaces and control, "
            "text-direction or invisible characters"
        )
    return line


def name_clash(name: str, taken: Iterable[str]) -> str | None:
    """Why ``name`` cannot join names already ``taken`` at a table, or ``None`` when it can.

    Args:
        name: the newcomer's (normalised) name.
        taken: the names already seated.

    Returns:
        An English sentence naming both spellings when :func:`name_key` finds a clash
        (``the name 'BEE' is taken at this table: it reads the same as 'Bee' ...``), else
        ``None``.
    """
    key = name_key(name)
    for other in taken:
        if name_key(other) == key:
            if other == name:
                return f"the name {name!r} is taken at this table"
            return (
                f"the name {name!r} is taken at this table: it reads the same as {other!r} "
                "(names are compared ignoring case, width and invisible characters)"
            )
    return None
