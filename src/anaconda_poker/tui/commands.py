"""Typed commands of the terminal game: ``call``, ``raise 8``, ``pass 1 4 6``, ``arrange ...``.

Commands are English words (with one-letter shortcuts); the words of the chosen language
are accepted too: the action names (``rilancia 8`` in Italian, ``erhöhen 8`` in German) and
the one-word labels of the other commands (``alto``, ``aiuto``, ``esci``). Cards are given by
their position in your hand (``1``..``9``) or by name (``As``, ``10h``, ``K♦``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.i18n import N_, Translator, action_label
from anaconda_poker.tui.declare import parse_direction

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
    "declare": "declare",
    "d": "declare",
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
    ActionKind.DECLARE: "declare",
}

_OTHER_WORDS: dict[str, str] = {
    "high": N_("High"),
    "low": N_("Low"),
    "both": N_("both"),
    "clear": N_("Clear"),
    "help": N_("Help"),
    "quit": N_("Quit"),
}
"""Commands that are not actions → the message id whose translation (one word, lower case)
is the command's name in the game's language (``Quit`` → ``esci``)."""

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
        direction: for ``declare``: ``high``, ``low`` or ``both`` (RULES.md §6); ``None``
            when not given.
    """

    verb: str
    amount: int | None = None
    cards: tuple[str, ...] = ()
    direction: str | None = None


def local_words(t: Translator) -> dict[str, str]:
    """The command names in the language of ``t``: verb → word (lower case).

    Actions are named by their labels (``rilancia``); the other commands by the translation
    of their label when it is one word (``alto``, ``aiuto``), else by their English word.
    Words already taken by another command keep that command (English first).
    """
    words = {verb: action_label(kind, t).lower() for kind, verb in _ACTION_VERBS.items()}
    words["allin"] = "all-in"
    for verb, msgid in _OTHER_WORDS.items():
        word = t(msgid).lower()
        words[verb] = word if len(word.split()) == 1 else verb
    return words


def verbs_for(t: Translator) -> dict[str, str]:
    """Every accepted command word in the language of ``t`` (lower case) → verb."""
    words = dict(VERBS)
    for verb, word in local_words(t).items():
        words.setdefault(word, verb)
    return words


def _word(t: Translator, verb: str) -> str:
    """The name of ``verb`` in the game's language, if it really runs that command."""
    word = local_words(t)[verb]
    return word if verbs_for(t).get(word) == verb else verb


def command_word(t: Translator, verb: str) -> str:
    """The word that runs ``verb`` in the game's language (``aiuto`` for ``help`` in
    Italian), else the English word.

    Raises:
        KeyError: if ``verb`` is not a command verb with a local word.
    """
    return _word(t, verb)


def command_examples(t: Translator) -> list[str]:
    """Two lines of typed-command examples in the language of ``t`` (for the help screen)."""
    w = functools.partial(_word, t)
    return [
        f"{w('fold')} · {w('check')} · {w('call')} · {w('bet')} 4 · {w('raise')} 8 · "
        f"all-in · {w('pass')} 1 2 3 · {w('pass')} As Kd 2c",
        f"{w('arrange')} 3 1 5 2 4 · {w('high')} · {w('low')} · {w('both')} · "
        f"{w('clear')} · {w('help')} · {w('quit')}",
        f"{w('declare')} {t('High').lower()} · {w('declare')} {t('Low').lower()} · "
        f"{w('declare')} swing",
    ]


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
    known = verbs_for(t)
    head = words[0].lower()
    rest = words[1:]
    verb = known.get(head)
    pair = " ".join(words[:2]).lower()
    if pair in known:  # a two-word name, e.g. "passar cartas" (pass) beside "passar" (check)
        head, rest, verb = pair, words[2:], known[pair]
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
    if verb == "declare":
        return _declare_command(words[0], rest, t)
    if rest and verb == "check":
        # Where the poker word for check is also the everyday word for passing cards
        # (Portuguese "passar", Spanish "pasar"), cards after it mean a card pass.
        cards = [w for w in rest if not (w.isalpha() and len(w) > 3)] or ["1", "2", "3"]
        example = " ".join([_word(t, "pass"), *cards])
        raise CommandError(
            t(
                '"{command}" is the check; to pass cards type: {example}',
                command=words[0],
                example=example,
            )
        )
    if rest:
        raise CommandError(t("{command} takes nothing after it", command=words[0]))
    return Command(verb)


def _declare_command(head: str, rest: list[str], t: Translator) -> Command:
    """``declare high|low|both`` (or ``swing``), in English or the game's language."""
    if not rest:
        return Command("declare")
    direction = parse_direction(rest[0], t) if len(rest) == 1 else None
    if direction is None:
        example = head + " " + t("High").lower()
        raise CommandError(
            t(
                "{command} needs high, low or both (swing), e.g. {example}",
                command=head,
                example=example,
            )
        )
    return Command("declare", direction=direction.value)


def _command_list(t: Translator) -> str:
    verbs = [*_ACTION_VERBS.values(), "allin", *_OTHER_WORDS]
    return ", ".join(_word(t, verb) for verb in verbs)
