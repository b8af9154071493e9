"""Hand descriptions: the shape of five cards (checked against treys, an independent
evaluator) and its description in six languages, assembled from translated parts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from treys import Card as TreysCard
from treys import Evaluator

from anaconda_poker.core.cards import RANKS, SUITS, parse_codes
from anaconda_poker.core.evaluation import high_category, high_value
from anaconda_poker.i18n import (
    LANGUAGES,
    HighCategory,
    describe_high,
    describe_low,
    high_shape,
    low_qualifies,
    translator,
)
from anaconda_poker.i18n.hands import RANK_HIGH, RANK_PLURAL, RANK_SINGULAR

# treys rank classes: 1 straight flush ... 9 high card.
TREYS_CLASS = {
    1: HighCategory.STRAIGHT_FLUSH,
    2: HighCategory.FOUR_OF_A_KIND,
    3: HighCategory.FULL_HOUSE,
    4: HighCategory.FLUSH,
    5: HighCategory.STRAIGHT,
    6: HighCategory.THREE_OF_A_KIND,
    7: HighCategory.TWO_PAIR,
    8: HighCategory.PAIR,
    9: HighCategory.HIGH_CARD,
}


def _treys(code: int) -> int:
    return int(TreysCard.new(RANKS[code >> 2] + SUITS[code & 3]))


def test_category_agrees_with_the_project_evaluator() -> None:
    rng = random.Random(77)
    for _ in range(5_000):
        five = rng.sample(range(52), 5)
        expected = high_category(high_value(five))
        assert int(high_shape(five).category) == int(expected), five


def test_category_agrees_with_treys_on_random_hands() -> None:
    evaluator = Evaluator()
    rng = random.Random(20240607)
    seen: set[HighCategory] = set()
    for _ in range(20_000):
        five = rng.sample(range(52), 5)
        score = evaluator.evaluate([], [_treys(c) for c in five])
        expected = TREYS_CLASS[evaluator.get_rank_class(score)]
        assert high_shape(five).category is expected, five
        seen.add(expected)
    assert len(seen) >= 8  # every category but (almost surely) the straight flush


@pytest.mark.parametrize(
    ("cards", "category", "ranks"),
    [
        ("As Ks Qs Js Ts", HighCategory.STRAIGHT_FLUSH, (12,)),
        ("5h 4h 3h 2h Ah", HighCategory.STRAIGHT_FLUSH, (3,)),
        ("Ac 2d 3h 4s 5c", HighCategory.STRAIGHT, (3,)),
        ("Qc Kd Ah 2s 3c", HighCategory.HIGH_CARD, (12, 11, 10, 1, 0)),
        ("7c 7d 7h Ks Kd", HighCategory.FULL_HOUSE, (5, 11)),
        ("9c 9d 4h 4s Ac", HighCategory.TWO_PAIR, (7, 2, 12)),
        ("2c 2d 2h 2s 3c", HighCategory.FOUR_OF_A_KIND, (0, 1)),
        ("Jc 8c 6c 4c 2c", HighCategory.FLUSH, (9, 6, 4, 2, 0)),
    ],
)
def test_shapes(cards: str, category: HighCategory, ranks: tuple[int, ...]) -> None:
    shape = high_shape(parse_codes(cards))
    assert (shape.category, shape.ranks) == (category, ranks)


def test_shape_rejects_anything_but_five_distinct_cards() -> None:
    with pytest.raises(ValueError, match="5 distinct card codes"):
        high_shape([1, 2, 3, 4])
    with pytest.raises(ValueError, match="5 distinct card codes"):
        high_shape([1, 1, 2, 3, 4])
    with pytest.raises(ValueError, match="5 distinct card codes"):
        high_shape([1, 2, 3, 4, 52])


KINGS_FULL = parse_codes("Kc Kd Ks 7h 7d")


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "kings full of sevens"),
        ("it", "full di re e sette"),
        ("es", "full de reyes y sietes"),
        ("pt", "full house de reis com setes"),
        ("nl", "Full House, heren vol zevens"),
        ("de", "Full House, Könige und Siebenen"),
    ],
)
def test_full_house_in_every_language(lang: str, text: str) -> None:
    assert describe_high(KINGS_FULL, lang) == text


@pytest.mark.parametrize(
    ("cards", "lang", "text"),
    [
        ("As Ks Qs Js Ts", "it", "Scala reale"),
        ("9h 8h 7h 6h 5h", "es", "escalera de color al nueve"),
        ("Ac 2d 3h 4s 5c", "en", "five-high straight"),
        ("Ac 2d 3h 4s 5c", "it", "scala al cinque"),
        ("Qc Qd Qh Qs 3c", "de", "Vierling, Damen"),
        ("Jc 8c 6c 4c 2c", "pt", "flush, valete alto"),
        ("9c 8d 7h 6s 5c", "de", "Straße, Neun hoch"),
        ("8c 8d 2h 5s Kc", "de", "Ein Paar Achten"),
        ("9c 9d 4h 4s Ac", "nl", "Two Pair, negens en vieren"),
        ("8c 8d 2h 5s Kc", "it", "coppia di otto"),
        ("Ac Jd 8h 6s 2c", "de", "High Card, Ass"),
        ("Tc Td Th 2s 3c", "es", "trío de dieces"),
    ],
)
def test_descriptions(cards: str, lang: str, text: str) -> None:
    assert describe_high(parse_codes(cards), lang) == text


def test_low_descriptions() -> None:
    eight = parse_codes("8c 6d 5h 4s 3c")
    wheel = parse_codes("5c 4d 3h 2s Ac")
    assert describe_low(eight, "en") == "8-6-5-4-3 low"
    assert describe_low(wheel, "it") == "basso 5-4-3-2-A"
    assert describe_low(parse_codes("9c 6d 5h 4s 3c"), "en") is None
    assert describe_low(parse_codes("8c 8d 5h 4s 3c"), "en") is None
    assert describe_low(parse_codes("9c 6d 5h 4s 3c"), "de", qualifier=None) == "9-6-5-4-3 Low"
    assert describe_low(parse_codes("Kc Kd 5h 4s 3c"), "es", qualifier=None) == (
        "baja con pareja de reyes"
    )
    assert describe_low(parse_codes("Kc Kd 5h 4s 3c"), "de", qualifier=None) == (
        "Ein Paar Könige als Low"
    )
    assert low_qualifies(wheel) and not low_qualifies(parse_codes("Kc Qd Jh 9s 8c"))


def test_every_rank_name_is_translated_in_every_language() -> None:
    for lang in LANGUAGES[1:]:
        t = translator(lang)
        for table in (RANK_SINGULAR, RANK_PLURAL, RANK_HIGH):
            untranslated = [msgid for msgid in table if t(msgid) == msgid]
            assert untranslated == [], (lang, untranslated)
            assert len({t(msgid) for msgid in table}) >= 11  # a few plurals coincide


def test_descriptions_are_assembled_not_english() -> None:
    # Every category and top rank gives a description free of English rank words.
    rng = random.Random(5)
    english_words = {w for table in (RANK_SINGULAR, RANK_PLURAL) for w in table}
    for lang in LANGUAGES[1:]:
        for _ in range(300):
            text = describe_high(rng.sample(range(52), 5), lang)
            words = set(text.replace(",", " ").split())
            assert not words & english_words, (lang, text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True))
def test_every_five_is_described_in_every_language(five: list[int]) -> None:
    qualifies = low_qualifies(five)
    for lang in LANGUAGES:
        high = describe_high(five, lang)
        low = describe_low(five, lang)
        assert high and "{" not in high and "}" not in high
        assert (low is not None) == qualifies
        assert describe_low(five, lang, qualifier=None) is not None
