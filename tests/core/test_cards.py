"""Cards: codes, parsing, text round trips and the deck."""

from __future__ import annotations

import random

import pytest

from anaconda_poker.core.cards import (
    FULL_DECK,
    RANK_NAMES,
    RANKS,
    SUITS,
    Card,
    Deck,
    card_str,
    format_cards,
    parse_cards,
    parse_code,
    parse_codes,
    seeded_rng,
)
from anaconda_poker.core.errors import DuplicateCardError, InvalidCardError


def test_codes_are_rank_times_four_plus_suit() -> None:
    assert parse_code("2c") == 0 and parse_code("2s") == 3 and parse_code("As") == 51
    assert parse_code("Td") == 4 * 8 + 1
    for code in FULL_DECK:
        card = Card(code)
        assert card.rank == code // 4 and card.suit == code % 4
        assert str(card) == RANKS[card.rank] + SUITS[card.suit] == card_str(code)
        assert Card.parse(str(card)) == card and Card.from_rank_suit(card.rank, card.suit) == card
        assert eval(repr(card), {"Card": Card}) == card
    assert len(RANK_NAMES) == 13 and RANK_NAMES[12] == "ace"


@pytest.mark.parametrize(("token", "code"), [("as", 51), ("AS", 51), ("10h", 34), (" th ", 34)])
def test_parse_accepts_case_and_ten(token: str, code: int) -> None:
    assert parse_code(token) == code


@pytest.mark.parametrize("token", ["", "A", "1h", "Ax", "11c", "Zs", "AsK"])
def test_parse_rejects_bad_tokens(token: str) -> None:
    with pytest.raises(InvalidCardError, match=r"rank|suit"):
        parse_code(token)


def test_bad_codes() -> None:
    for bad in (-1, 52):
        with pytest.raises(InvalidCardError):
            Card(bad)
        with pytest.raises(InvalidCardError):
            card_str(bad)
    with pytest.raises(InvalidCardError):
        Card(True)
    with pytest.raises(InvalidCardError):
        Card.from_rank_suit(13, 0)
    with pytest.raises(InvalidCardError):
        parse_code(5)  # type: ignore[arg-type]


def test_several_cards() -> None:
    assert parse_codes("As Kd, 10h") == [51, 45, 34]
    assert parse_codes(["As", "2c"]) == [51, 0]
    assert [str(c) for c in parse_cards("as kd")] == ["As", "Kd"]
    assert format_cards([51, Card(0)]) == "As 2c"
    with pytest.raises(DuplicateCardError, match="As"):
        parse_codes("As Kd as")


def test_deck_shuffles_with_the_injected_rng_only() -> None:
    a = Deck(rng=random.Random(3))
    b = Deck(rng=seeded_rng(3))
    assert a.order == b.order and sorted(a.order) == list(FULL_DECK)
    assert Deck(rng=random.Random(4)).order != a.order
    hand = a.deal(7)
    assert hand == list(a.order[:7]) and len(a) == 45
    assert a.remaining() == list(a.order[7:])
    with pytest.raises(ValueError):
        a.deal(46)
    assert sorted(Deck().order) == list(FULL_DECK)  # secure default still a permutation


def test_explicit_order() -> None:
    order = list(reversed(FULL_DECK))
    deck = Deck(order=order)
    assert deck.deal(2) == [51, 50]
    with pytest.raises(DuplicateCardError):
        Deck(order=[0] * 52)
    with pytest.raises(InvalidCardError):
        Deck(order=[*range(51), 52])
