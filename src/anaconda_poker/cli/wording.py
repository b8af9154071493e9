"""Errors of the rules core in the words of the command line: option names, not fields."""

from __future__ import annotations

import re

OPTION_NAMES: dict[str, str] = {
    "pass_directions": "--pass-directions",
    "cards_dealt": "--cards-dealt",
    "small_bet": "--small-bet",
    "big_bet": "--big-bet",
}
"""``TableConfig`` fields that are command-line options → the option (RULES.md §2–§4).
Fields that are also plain words (``ante``, ``split``, ``swing``) are left alone: the
messages use them as words."""

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
