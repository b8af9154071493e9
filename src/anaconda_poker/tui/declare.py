"""The declare house rule (RULES.md §6) in the terminal game: the prompt and keys of the
declaring step, the typed ``declare high|low|both`` in the game's language, and the
declarations at the end of the hand.

Like the web table, the terminal shows only what the person's view holds: its own
declaration once made, who else has declared (the seats' "Ready" mark), and every
declaration together in the result.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from anaconda_poker.core.config import Swing
from anaconda_poker.core.declare import Declaration
from anaconda_poker.core.result import HandResult
from anaconda_poker.i18n import N_, Translator
from anaconda_poker.i18n.terms import declaration_label

DECLARE_KEYS: tuple[tuple[str, Declaration], ...] = (
    ("H", Declaration.HIGH),
    ("L", Declaration.LOW),
    ("S", Declaration.BOTH),
)
"""The keys of the declaring step (O, the "best for both" key of arranging, swings too)."""

_ENGLISH_WORDS: dict[str, Declaration] = {
    "high": Declaration.HIGH,
    "h": Declaration.HIGH,
    "hi": Declaration.HIGH,
    "low": Declaration.LOW,
    "l": Declaration.LOW,
    "lo": Declaration.LOW,
    "both": Declaration.BOTH,
    "swing": Declaration.BOTH,
    "s": Declaration.BOTH,
    "o": Declaration.BOTH,
}

_LOCAL_MSGIDS: dict[str, Declaration] = {
    N_("High"): Declaration.HIGH,
    N_("Low"): Declaration.LOW,
    N_("both"): Declaration.BOTH,
    N_("swing"): Declaration.BOTH,
}
"""Message ids whose translations (one word, lower case) name a declaration in the game's
language: ``alto``, ``basso``, ``entrambi``, ``swing`` in Italian."""


def declaration_words(t: Translator) -> dict[str, Declaration]:
    """Every word that names a declaration in ``t``'s language, English included (lower case)."""
    words = dict(_ENGLISH_WORDS)
    for msgid, declaration in _LOCAL_MSGIDS.items():
        word = t(msgid).lower()
        if len(word.split()) == 1:
            words.setdefault(word, declaration)
    return words


def parse_direction(word: str, t: Translator) -> Declaration | None:
    """The declaration named by ``word`` (``"high"``, ``"alto"``, ``"swing"``), or ``None``."""
    return declaration_words(t).get(word.strip().lower())


def declare_prompt(t: Translator, view: Mapping[str, Any], swing: Swing, *, compact: bool) -> Text:
    """The person's prompt while declaring: what to do (and what a swing needs), or, once
    declared, the declaration and that the others are still choosing."""
    you = view["you"]
    if you["declaration"] is not None:
        return Text(
            t(
                "You declared {declaration}. Waiting for the others.",
                declaration=declaration_label(you["declaration"], t),
            ),
            style="italic",
        )
    text = Text(t("Declare: high, low or both (swing)"), style="bold")
    if not compact:
        rule = (
            t("A swing must win at least a share of both halves, or it wins nothing.")
            if swing is Swing.TIES_OK
            else t("A swing must win both halves outright, or it wins nothing.")
        )
        text.append("  " + t("Nobody sees your choice until everyone has declared.") + " " + rule)
    return text


def declare_keys(t: Translator) -> list[tuple[str, str]]:
    """The key bar's entries while the person declares."""
    return [(key, declaration_label(d, t)) for key, d in DECLARE_KEYS]


def declaration_lines(
    result: HandResult, names: Mapping[int, str], t: Translator, *, you: int | None = None
) -> list[Text]:
    """Every declaration of a declared showdown, then each failed swing explained; no lines
    for a hand played by the cards. Lines about the seat ``you`` (the reader) are in the
    second person.

    Args:
        result: the finished hand's result (``declarations``, ``failed_swings``).
        names: seat -> player name.
        t: translator.
        you: the reader's seat, if any.
    """
    if not result.declarations:
        return []

    def declared(seat: int, direction: str) -> str:
        label = declaration_label(direction, t)
        if seat == you:
            return t("You declared {declaration}", declaration=label)
        return t(
            "{player} declared {declaration}", player=names.get(seat, f"#{seat}"), declaration=label
        )

    line = " · ".join(declared(s, d) for s, d in sorted(result.declarations.items()))
    lines = [Text(t("Declarations") + ": " + line, style="#cfe8d5")]
    for seat in result.failed_swings:
        failed = (
            t("Your swing failed: you win nothing")
            if seat == you
            else t("{player}'s swing failed: it wins nothing", player=names.get(seat, f"#{seat}"))
        )
        lines.append(Text(failed, style="bold #ff8f6b"))
    return lines
