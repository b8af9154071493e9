"""The five-card choices when arranging a hand (RULES.md §2 step 5 and §5: the same five
cards play for both high and low)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Final

from anaconda_poker.core.cards import Card
from anaconda_poker.core.errors import InvalidConfigError
from anaconda_poker.core.evaluation.cardinput import codes_of
from anaconda_poker.core.evaluation.high import HAND_SIZES, high_value
from anaconda_poker.core.evaluation.low import low_value

SPLIT_QUALIFIERS: Final[dict[str, int | None]] = {
    "high_low_8": 8,
    "high_low_any": None,
}
SPLITS: Final = ("high_only", "high_low_8", "high_low_any")
"""The game types of RULES.md §5 (house rule ``split``)."""


@dataclass(frozen=True, slots=True)
class FiveCardChoice:
    """One way to keep five cards.

    Attributes:
        cards: the five int codes, in input order.
        high: their high value ``1..7462``.
        low: their low value under the game's qualifier (``0`` = no low; always ``0`` in
            ``high_only``).
        pareto: no other choice is at least as good for both halves and better for one.
    """

    cards: tuple[int, ...]
    high: int
    low: int
    pareto: bool


def _split_name(split: str | Enum) -> str:
    name = split.value if isinstance(split, Enum) else split
    if name not in SPLITS:
        raise InvalidConfigError(f"unknown split {split!r}: choose one of {', '.join(SPLITS)}")
    return str(name)


def five_card_choices(
    cards: Iterable[int | Card], split: str | Enum = "high_low_8"
) -> tuple[FiveCardChoice, ...]:
    """Every five-card subset with its (high, low) values, Pareto-optimal ones marked.

    Args:
        cards: 5 to 9 distinct cards (usually the 7 in hand when arranging, 21 subsets).
        split: the game type (RULES.md §5 ``split``): ``"high_only"``, ``"high_low_8"``
            (eight-or-better low) or ``"high_low_any"`` (no qualifier); a ``str`` enum
            member with one of these values works too.

    Returns:
        One :class:`FiveCardChoice` per subset, in ``itertools.combinations`` order of the
        input. In ``high_only`` the Pareto-optimal choices are the best high hands.

    Raises:
        InvalidCardError / DuplicateCardError: as :func:`high_value`.
        InvalidConfigError: unknown ``split``.
    """
    name = _split_name(split)
    codes = codes_of(cards, sizes=HAND_SIZES)
    rated: list[tuple[tuple[int, ...], int, int]] = []
    for combo in combinations(codes, 5):
        five = tuple(combo)
        low = 0 if name == "high_only" else low_value(five, SPLIT_QUALIFIERS[name])
        rated.append((five, high_value(five), low))
    choices = []
    for five, high, low in rated:
        dominated = any(h >= high and lo >= low and (h > high or lo > low) for _, h, lo in rated)
        choices.append(FiveCardChoice(five, high, low, not dominated))
    return tuple(choices)
