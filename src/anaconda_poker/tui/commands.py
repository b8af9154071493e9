"""Typed commands of the terminal game: ``call``, ``raise 8``, ``pass 1 4 6``, ``arrange ...``.

Commands are English words (with one-letter shortcuts); the action names of the chosen
language are accepted too (``rilancia 8`` in Italian, ``erhöhen 8`` in German). Cards are
given by their position in your hand (``1``..``9``) or by name (``As``, ``10h``).
"""

from __future__ import annotations

from dataclasses import dataclass

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.i18n import Translator, action_label

VERBS: dict[str, str] = {
    "fold": "fold",
    "f": "fold",
    "check": "check",
    "k": "check",
    "call": "call",
    "c": "call",
    "bet": "bet",
    "b": "bet",
    "raise": "raise",
    "r": "raise",
    "allin": "allin",
    "all-in": "allin",
    "a": "allin",
    "pass": "pass",
    "p": "pass",
    "arrange": "arrange",
    "select": "select",
    "s": "select",
    "high": "high",
    "h": "high",
    "low": "low",
    "l": "low",
    "both": "both",
    "o": "both",
    "clear": "clear",
    "x": "clear",
    "ok": "confirm",
    "confirm": "confirm",
    "help": "help",
    "?": "help",
    "next": "next",
    "continue": "next",
    "n": "next",
    "game": "game",
    "g": "game",
    "quit": "quit",
    "q": "quit",
}
"""English command words and shortcuts → command verb."""

_ACTION_VERBS = {
    ActionKind.FOLD: "fold",
    ActionKind.CHECK: "check",
    ActionKind.CALL: "call",
    ActionKind.BET: "bet",
    ActionKind.RAISE: "raise",
    ActionKind.PASS: "pass",
    ActionKind.ARRANGE: "arrange",
}

_AMOUNT_VERBS = ("bet", "raise")
_CARD_VERBS = ("pass", "arrange", "select")


class CommandError(ValueError):
    """A typed command could not be read; the message (translated) says what is accepted."""


@dataclass(frozen=True, slots=True)
class Command:
    """A parsed command.

    Attributes:
        verb: one of the values of :data:`VERBS`.
        amount: chips, the "to" total of ``bet``/``raise`` (``None`` = the minimum).
        cards: card references for ``pass``/``arrange``/``select``: positions (``"3"``) or
            card names (``"As"``), as typed.
    """

    verb: str
    amount: int | None = None
    cards: tuple[str, ...] = ()


def verbs_for(t: Translator) -> dict[str, str]:
    """Every accepted command word in the language of ``t`` (lower case) → verb."""
    words = dict(VERBS)
    for kind, verb in _ACTION_VERBS.items():
        words.setdefault(action_label(kind, t).lower(), verb)
    return words


def parse_command(text: str, t: Translator) -> Command:
    """Read one typed command.

    Args:
        text: what was typed, e.g. ``"raise to 8"``, ``"pass 1 2 7"``, ``"chiama"``.
        t: the translator of the game's language (for aliases and messages).

    Raises:
        CommandError: the words are unknown or an amount is malformed; the message is in
            the game's language and lists the accepted commands.
    """
    words = text.strip().split()
    if not words:
        raise CommandError(t("Type a command, for example: call, raise 8, pass 1 2 3, help"))
    head = words[0].lower()
    rest = words[1:]
    verb = verbs_for(t).get(head)
    if verb is None:
        raise CommandError(
            t(
                'Unknown command "{command}". Commands: {commands}',
                command=words[0],
                commands=_command_list(t),
            )
        )
    if verb in _AMOUNT_VERBS:
        if rest and rest[0].lower() in ("to", "a", "auf", "naar", "para", "a:"):
            rest = rest[1:]
        if not rest:
            return Command(verb)
        if len(rest) != 1 or not rest[0].isdigit() or int(rest[0]) <= 0:
            example = f"{head} 8"
            raise CommandError(
                t(
                    "{command} needs a whole number of chips, e.g. {example}",
                    command=words[0],
                    example=example,
                )
            )
        return Command(verb, amount=int(rest[0]))
    if verb in _CARD_VERBS:
        return Command(verb, cards=tuple(w.strip(",") for w in rest if w.strip(",")))
    if rest:
        raise CommandError(t("{command} takes nothing after it", command=words[0]))
    return Command(verb)


def _command_list(t: Translator) -> str:
    names = [action_label(kind, t).lower() for kind in _ACTION_VERBS]
    return ", ".join([*names, "all-in", "high", "low", "both", "clear", "help", "quit"])
