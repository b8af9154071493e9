"""Errors of the rules core in the words of the command line: option names, not fields."""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

import typer

from anaconda_poker.i18n import language_from_environment, translator

OPTION_NAMES: dict[str, str] = {
    "pass_directions": "--pass-directions",
    "cards_dealt": "--cards-dealt",
    "small_bet": "--small-bet",
    "big_bet": "--big-bet",
}
"""``TableConfig`` fields that are command-line options → the option (RULES.md §2–§4).
Fields that are also plain words (``ante``, ``split``, ``swing``) are left alone: the
messages use them as words."""

E = TypeVar("E", bound=Enum)

_FIELD = re.compile(r"(?<![\w-])(" + "|".join(OPTION_NAMES) + r")(?![\w-])")


def option_words(message: str) -> str:
    """``message`` with every option field named as its option and the pass schedule's
    field (``pass_counts``, not an option) in words.

    >>> option_words("big_bet (3) must be at least small_bet (5)")
    '--big-bet (3) must be at least --small-bet (5)'
    >>> option_words("pass_directions has 6 entries but pass_counts has 3")
    '--pass-directions has 6 entries but the game has 3 passes'
    """
    message = re.sub(r"\bpass_counts has (\d+)", r"the game has \1 passes", message)
    return _FIELD.sub(lambda m: OPTION_NAMES[m.group(1)], message)


class ChoiceError(typer.BadParameter):
    """A word that is not one of an option's values. Its message is a whole translated
    sentence naming the option, so Click's English "Invalid value for '--x':" is left off;
    exit status 2 like every usage error."""

    def format_message(self) -> str:
        """The sentence alone."""
        return self.message


def choice_parser(kind: type[E], option: str) -> Callable[[str | E], E]:
    """A Typer ``parser`` for an option whose values are the members of ``kind``.

    Typer's own check of an enum option prints its internals ("Value error, 'foo' is not
    one of 'high_only', …"); this one says, in the language of ``$LANG`` (the option is
    read before ``--lang``), which values the option takes.

    Args:
        kind: the enum (``Split``, ``Betting``, ``Swing``...); its members' values are the
            words written on the command line.
        option: the option's name (``--split``), for the message.

    Returns:
        A function from the written word (or an already converted default) to the member.
        It raises :class:`ChoiceError` (exit 2) for a word that names no member.
    """

    def parse(value: str | E) -> E:
        if isinstance(value, kind):
            return value
        for member in kind:
            if str(member.value) == value:
                return member
        _ = translator(language_from_environment())
        raise ChoiceError(
            _(
                "{option} cannot be {value}: write one of {choices}.",
                option=option,
                value=repr(value),
                choices=", ".join(str(member.value) for member in kind),
            )
        )

    return parse


def choice_metavar(kind: type[Enum]) -> str:
    """The ``[a|b|c]`` help placeholder of an option parsed by :func:`choice_parser`."""
    return "[" + "|".join(str(member.value) for member in kind) + "]"


def choice_option(kind: type[Enum], option: str, help: str) -> Any:
    """A ``typer.Option`` for ``option`` that reads one of ``kind``'s values with
    :func:`choice_parser` and shows them with :func:`choice_metavar`, so every command
    spells and refuses its choices alike (exit 2, a translated sentence)."""
    return typer.Option(
        option, parser=choice_parser(kind, option), metavar=choice_metavar(kind), help=help
    )
