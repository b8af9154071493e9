"""The reveal order and its reasons (analysis/reveal.py): pairs, suits and connectors show
late, hand-worked orders, and every reason worded in every language."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anaconda_poker.analysis.dealing import InvalidSituationError
from anaconda_poker.analysis.reveal import REASONS, looks_like_a_low, reveal_plan
from anaconda_poker.core.cards import format_cards, parse_codes
from anaconda_poker.core.config import Split
from anaconda_poker.i18n import LANGUAGES, translator
from anaconda_poker.i18n.reveal_text import reveal_line

FIVES = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)
SPLITS = st.sampled_from(list(Split))


def _order(cards: str, split: Split) -> str:
    return format_cards(step.card for step in reveal_plan(parse_codes(cards), split))


def _pairs_showing(board: list[int]) -> int:
    return sum(n - 1 for n in Counter(c >> 2 for c in board).values())


@settings(max_examples=200, deadline=None)
@given(five=FIVES, split=SPLITS)
def test_the_order_is_the_five_and_pairs_show_as_late_as_they_can(
    five: list[int], split: Split
) -> None:
    """Oracle: after k cards no k-subset of the five shows fewer paired cards (a pair
    shows only once every other rank is up), unless the hand is stacked for its low."""
    plan = reveal_plan(five, split)
    order = [step.card for step in plan]
    assert sorted(order) == sorted(five)
    assert plan[-1].reasons == ("last",)
    assert all(set(step.reasons) <= set(REASONS) and step.reasons for step in plan)
    for k in range(1, 5):
        fewest = min(_pairs_showing(list(sub)) for sub in combinations(five, k))
        assert _pairs_showing(order[:k]) == fewest


def test_a_straight_is_not_revealed_in_sequence() -> None:
    """The issue's complaint: 5-6-7-8-9 was turned 5, 6, 7, 8, 9. Now the first three shown
    never touch (5, 7, 9) and the second card keeps both the clubs and the run back."""
    plan = reveal_plan(parse_codes("5c 6d 7h 8s 9c"), Split.HIGH_ONLY)
    assert format_cards(step.card for step in plan) == "5c 7h 9c 6d 8s"
    assert plan[1].reasons == ("suit", "connector")


def test_a_royal_flush_is_not_turned_ten_to_ace() -> None:
    assert _order("Th Jh Qh Kh Ah", Split.HIGH_ONLY) == "Th Qh Ah Jh Kh"


def test_a_full_house_shows_its_pairs_last() -> None:
    plan = reveal_plan(parse_codes("8c 8d 8h Ks Kd"), Split.HIGH_ONLY)
    assert format_cards(step.card for step in plan) == "8c Kd 8h Ks 8d"
    assert [step.reasons for step in plan][:2] == [("high",), ("pair",)]


def test_two_suits_wait_behind_a_new_suit() -> None:
    """Two hearts and a pair: after the 4 of hearts, the 9 of clubs (a new suit, no pair)
    goes before the 4 of spades (a pair) and the king of hearts (a second heart)."""
    plan = reveal_plan(parse_codes("4h 4s 9c Kh Qc"), Split.HIGH_ONLY)
    cards = [format_cards([s.card]) for s in plan]
    assert cards[:2] == ["4h", "9c"] and plan[1].reasons == ("pair", "suit")


def test_a_low_hand_shows_its_highest_low_card_first_in_split_games_only() -> None:
    plan = reveal_plan(parse_codes("Ac 2d 3h 4s 7c"), Split.HIGH_LOW_8)
    assert format_cards(s.card for s in plan) == "7c 4s 3h 2d Ac"
    assert [s.reasons for s in plan] == [("low",)] * 4 + [("last",)]
    assert _order("Ac 2d 3h 4s 7c", Split.HIGH_ONLY) != "7c 4s 3h 2d Ac"


def test_a_low_hands_lines_do_not_call_every_card_the_highest() -> None:
    """A newcomer's table log once read "3♥ now: your highest low card first" and "2♦ now:
    your highest low card first" under 8♣ and 6♥: each line must be true of its own card."""
    plan = reveal_plan(parse_codes("8c 6h 3h 2d Ad"), Split.HIGH_LOW_8)
    english = translator("en")
    lines = [reveal_line(format_cards([s.card]), s.reasons, english) for s in plan]
    assert lines == [
        "8c now: the highest low card left; your low shows last",
        "6h now: the highest low card left; your low shows last",
        "3h now: the highest low card left; your low shows last",
        "2d now: the highest low card left; your low shows last",
        "Ad last: the whole hand shows only now",
    ]


def test_a_high_hand_in_a_split_game_leads_a_low_card_to_represent_a_low() -> None:
    plan = reveal_plan(parse_codes("Kc Kd 4h 4s 9c"), Split.HIGH_LOW_8)
    assert format_cards([plan[0].card]) == "4h" and plan[0].reasons == ("looks_low",)
    high = reveal_plan(parse_codes("Kc Kd 4h 4s 9c"), Split.HIGH_ONLY)
    assert high[0].card == plan[0].card and high[0].reasons == ("high",)


@pytest.mark.parametrize(
    ("five", "order", "reasons"),
    [
        # a newcomer's web panel said "2h now: a low card first, so the board may look like
        # a low" with 2c 6d already up: a paired board is no low
        ("2c 2h 2s 6d 6s", "2c 6d 2h 6s 2s", ("looks_low", "pair", "high", "pair", "last")),
        # a king up rules the low out too
        ("Kd Qs 3c 3h 9s", "3c 9s Kd Qs 3h", ("looks_low", "pair", "pair", "pair", "last")),
    ],
)
def test_a_low_card_represents_a_low_only_while_the_board_could_be_one(
    five: str, order: str, reasons: tuple[str, ...]
) -> None:
    plan = reveal_plan(parse_codes(five), Split.HIGH_LOW_8)
    assert format_cards(s.card for s in plan) == order
    assert tuple(s.reasons[0] for s in plan) == reasons
    assert all(
        looks_like_a_low(parse_codes(order)[: i + 1])
        for i, s in enumerate(plan)
        if s.reasons == ("looks_low",)
    )


def test_five_distinct_cards_are_required() -> None:
    with pytest.raises(InvalidSituationError, match="five distinct cards"):
        reveal_plan([48, 48, 0, 1, 2], Split.HIGH_ONLY)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_has_a_line_in_every_language(lang: str) -> None:
    words = translator(lang)
    english = translator("en")
    groups = [("pair",), ("suit", "connector"), ("high",), ("looks_low",), ("low",)]
    groups += [("last",), ("equal",), ("pair", "suit", "connector")]
    lines = {reveal_line("Kd", reasons, words) for reasons in groups}
    assert len(lines) == len(groups)  # each says something different
    for reasons in groups:
        line = reveal_line("Kd", reasons, words)
        assert "Kd" in line and "{" not in line
        if lang != "en":
            assert line != reveal_line("Kd", reasons, english)
    with pytest.raises(ValueError, match="unknown reveal reason 'bluff'"):
        reveal_line("Kd", ("bluff",), words)
