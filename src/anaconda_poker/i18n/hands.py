"""Hand descriptions in every language, built from translated parts.

A description is assembled from a translated template for the hand's category ("{trips}
full of {pair}", "pair of {ranks}", ...) and translated rank names in the form the template
needs: singular ("king"), plural ("kings") or the "high" form of straights and flushes
("king-high"). No English sentence is ever translated as a whole, so every language can put
the parts in its own order. Category names follow the rule pages in ``shared/seeds/`` (for
example Italian *scala colore*, *poker*, *full*, *tris*; Portuguese *Quadra*, *Trinca*).

The shape of a hand (its category and the ranks that name it) is read from the five cards
by :func:`high_shape`; the ranking itself is the evaluator's job (RULES.md §5).

>>> from anaconda_poker.core.cards import parse_codes
>>> describe_high(parse_codes("Kc Kd Ks 7h 7d"), "en")
'kings full of sevens'
>>> describe_high(parse_codes("Kc Kd Ks 7h 7d"), "it")
'full di re e sette'
>>> describe_low(parse_codes("8c 6d 5h 4s 3c"), "es")
'baja 8-6-5-4-3'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from anaconda_poker.i18n.catalog import N_, Translator, translator

RANK_SINGULAR: tuple[str, ...] = (
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("jack"),
    N_("queen"),
    N_("king"),
    N_("ace"),
)
"""Message ids of the rank names by rank index (2 → 0, ace → 12), singular."""

RANK_PLURAL: tuple[str, ...] = (
    N_("twos"),
    N_("threes"),
    N_("fours"),
    N_("fives"),
    N_("sixes"),
    N_("sevens"),
    N_("eights"),
    N_("nines"),
    N_("tens"),
    N_("jacks"),
    N_("queens"),
    N_("kings"),
    N_("aces"),
)
"""Message ids of the rank names by rank index, plural ("pair of kings")."""

RANK_HIGH: tuple[str, ...] = (
    N_("two-high"),
    N_("three-high"),
    N_("four-high"),
    N_("five-high"),
    N_("six-high"),
    N_("seven-high"),
    N_("eight-high"),
    N_("nine-high"),
    N_("ten-high"),
    N_("jack-high"),
    N_("queen-high"),
    N_("king-high"),
    N_("ace-high"),
)
"""Message ids of the "high" form of the rank names, used for straights and flushes."""


class HighCategory(IntEnum):
    """High-hand categories, weakest first (RULES.md §5)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


CATEGORY_NAMES: dict[HighCategory, str] = {
    HighCategory.HIGH_CARD: N_("High card"),
    HighCategory.PAIR: N_("One pair"),
    HighCategory.TWO_PAIR: N_("Two pair"),
    HighCategory.THREE_OF_A_KIND: N_("Three of a kind"),
    HighCategory.STRAIGHT: N_("Straight"),
    HighCategory.FLUSH: N_("Flush"),
    HighCategory.FULL_HOUSE: N_("Full house"),
    HighCategory.FOUR_OF_A_KIND: N_("Four of a kind"),
    HighCategory.STRAIGHT_FLUSH: N_("Straight flush"),
}
"""Message ids of the category names, as listed in a hand-ranking table."""

ROYAL_FLUSH = N_("Royal flush")
"""Message id of the best straight flush's name."""

_ACE = 12
_WHEEL = (_ACE, 3, 2, 1, 0)


@dataclass(frozen=True, slots=True)
class HighShape:
    """What names a five-card high hand.

    Attributes:
        category: the hand's category.
        ranks: the rank indices (0..12) that name it, most significant first: the top card
            of a straight or flush (5 for the wheel A-2-3-4-5, as index 3), the rank of the
            set then the pair of a full house, both pairs of two pair (higher first), the
            pair or set then kickers, or all five cards of a high-card hand.
    """

    category: HighCategory
    ranks: tuple[int, ...]


def _check_five(cards: Sequence[int]) -> list[int]:
    codes = [int(c) for c in cards]
    if len(codes) != 5 or len(set(codes)) != 5 or not all(0 <= c < 52 for c in codes):
        raise ValueError(f"a hand description needs 5 distinct card codes 0..51, got {codes!r}")
    return codes


def high_shape(cards: Sequence[int]) -> HighShape:
    """The category and naming ranks of five cards as a high hand (RULES.md §5).

    Args:
        cards: five distinct card codes ``0..51`` in any order.

    Raises:
        ValueError: if ``cards`` is not five distinct card codes.
    """
    codes = _check_five(cards)
    ranks = sorted((c >> 2 for c in codes), reverse=True)
    flush = len({c & 3 for c in codes}) == 1
    counts = Counter(ranks)
    # Groups by size, then by rank: (count, rank) descending.
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    ordered = tuple(rank for rank, _ in groups)
    straight_top: int | None = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif tuple(ranks) == _WHEEL:
            straight_top = 3
    if straight_top is not None and flush:
        return HighShape(HighCategory.STRAIGHT_FLUSH, (straight_top,))
    sizes = [count for _, count in groups]
    if sizes[0] == 4:
        return HighShape(HighCategory.FOUR_OF_A_KIND, ordered)
    if sizes[:2] == [3, 2]:
        return HighShape(HighCategory.FULL_HOUSE, ordered)
    if flush:
        return HighShape(HighCategory.FLUSH, tuple(ranks))
    if straight_top is not None:
        return HighShape(HighCategory.STRAIGHT, (straight_top,))
    if sizes[0] == 3:
        return HighShape(HighCategory.THREE_OF_A_KIND, ordered)
    if sizes[:2] == [2, 2]:
        return HighShape(HighCategory.TWO_PAIR, ordered)
    if sizes[0] == 2:
        return HighShape(HighCategory.PAIR, ordered)
    return HighShape(HighCategory.HIGH_CARD, tuple(ranks))


def _translator(lang: str | Translator) -> Translator:
    return lang if isinstance(lang, Translator) else translator(lang)


def describe_shape(shape: HighShape, lang: str | Translator) -> str:
    """The description of a high hand's shape, e.g. ``"kings full of sevens"``.

    Args:
        shape: from :func:`high_shape`.
        lang: a language code or a :class:`Translator`.

    Raises:
        UnsupportedLanguageError: if ``lang`` is an unsupported code.
    """
    _ = _translator(lang)
    top = shape.ranks[0]
    category = shape.category
    if category is HighCategory.STRAIGHT_FLUSH:
        if top == _ACE:
            return _(ROYAL_FLUSH)
        return _("{high} straight flush", high=_(RANK_HIGH[top]))
    if category is HighCategory.FOUR_OF_A_KIND:
        return _("four {ranks}", ranks=_(RANK_PLURAL[top]))
    if category is HighCategory.FULL_HOUSE:
        return _(
            "{trips} full of {pair}",
            trips=_(RANK_PLURAL[top]),
            pair=_(RANK_PLURAL[shape.ranks[1]]),
        )
    if category is HighCategory.FLUSH:
        return _("{high} flush", high=_(RANK_HIGH[top]))
    if category is HighCategory.STRAIGHT:
        return _("{high} straight", high=_(RANK_HIGH[top]))
    if category is HighCategory.THREE_OF_A_KIND:
        return _("three {ranks}", ranks=_(RANK_PLURAL[top]))
    if category is HighCategory.TWO_PAIR:
        return _(
            "two pair, {high} and {low}",
            high=_(RANK_PLURAL[top]),
            low=_(RANK_PLURAL[shape.ranks[1]]),
        )
    if category is HighCategory.PAIR:
        return _("pair of {ranks}", ranks=_(RANK_PLURAL[top]))
    return _("{rank} high", rank=_(RANK_SINGULAR[top]))


def describe_high(cards: Sequence[int], lang: str | Translator) -> str:
    """Describe five cards as a high hand in a language.

    Args:
        cards: five distinct card codes ``0..51``.
        lang: a language code or a :class:`Translator`.

    Raises:
        ValueError: if ``cards`` is not five distinct card codes.
        UnsupportedLanguageError: if ``lang`` is an unsupported code.
    """
    return describe_shape(high_shape(cards), lang)


def low_ranks(cards: Sequence[int]) -> tuple[int, ...]:
    """The ace-to-five values of five cards, highest first (ace = 1, king = 13).

    Raises:
        ValueError: if ``cards`` is not five distinct card codes.
    """
    codes = _check_five(cards)
    values = [1 if (c >> 2) == _ACE else (c >> 2) + 2 for c in codes]
    return tuple(sorted(values, reverse=True))


def low_qualifies(cards: Sequence[int], qualifier: int | None = 8) -> bool:
    """Whether five cards make a low under the qualifier (RULES.md §5).

    Args:
        cards: five distinct card codes.
        qualifier: ``8`` for eight-or-better (five different ranks, all 8 or lower, ace low);
            ``None`` when every hand has a low.

    Raises:
        ValueError: if ``cards`` is not five distinct card codes.
    """
    values = low_ranks(cards)
    if qualifier is None:
        return True
    return len(set(values)) == 5 and values[0] <= qualifier


_LOW_SYMBOLS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}


def describe_low(
    cards: Sequence[int], lang: str | Translator, *, qualifier: int | None = 8
) -> str | None:
    """Describe five cards as an ace-to-five low hand, or ``None`` if they do not qualify.

    An unpaired low is named by its ranks, highest first (``"8-6-5-4-3 low"``); with no
    qualifier a paired hand is named by its pairs (``"low with pair of kings"``).

    Args:
        cards: five distinct card codes.
        lang: a language code or a :class:`Translator`.
        qualifier: ``8`` (eight-or-better) or ``None`` (no qualifier).

    Raises:
        ValueError: if ``cards`` is not five distinct card codes.
        UnsupportedLanguageError: if ``lang`` is an unsupported code.
    """
    if not low_qualifies(cards, qualifier):
        return None
    _ = _translator(lang)
    values = low_ranks(cards)
    if len(set(values)) < 5:
        shape = high_shape(cards)
        return _("low with {hand}", hand=describe_shape(shape, _))
    text = "-".join(_LOW_SYMBOLS.get(v, str(v)) for v in values)
    return _("{ranks} low", ranks=text)
