"""The heuristic bot's hand scores are computed with bit operations and plain counters; they
must give the scores of the plain definition (the code they replaced, kept here as the
oracle)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from anaconda_poker.bots.heuristic import (
    best_five,
    best_pass,
    heuristic_cards,
    high_potential,
    low_potential,
)
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import Split
from anaconda_poker.core.hand_types import LegalActions


def _high_potential_by_definition(cards: list[int]) -> float:
    ranks = [c >> 2 for c in cards]
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    top_count, top_rank = groups[0][1], groups[0][0]
    second_count = groups[1][1] if len(groups) > 1 else 0
    features: list[float] = []
    if top_count >= 4:
        features.append(9.0 + top_rank / 26)
    elif top_count == 3 and second_count >= 2:
        features.append(8.0 + top_rank / 26)
    elif top_count == 3:
        features.append(6.0 + top_rank / 26)
    elif top_count == 2 and second_count == 2:
        features.append(4.5 + top_rank / 26)
    elif top_count == 2:
        features.append(2.5 + top_rank / 13)
    else:
        features.append(max(ranks) / 13)
    suit_count = max(Counter(c & 3 for c in cards).values())
    features.append({5: 7.5, 4: 4.0, 3: 1.5}.get(min(suit_count, 5), 0.0))
    distinct = set(ranks)
    if 12 in distinct:
        distinct.add(-1)  # the ace also plays low in straights
    window = max(sum(1 for r in range(lo, lo + 5) if r in distinct) for lo in range(-1, 9))
    features.append({5: 7.0, 4: 3.5, 3: 1.2}.get(window, 0.0))
    features = sorted((f for f in features if f), reverse=True) or [0.0]
    second = features[1] if len(features) > 1 else 0.0
    return features[0] + 0.15 * second + sum(ranks) / 400


def test_every_set_of_ranks_scores_as_defined() -> None:
    for size in range(4, 10):
        for ranks in combinations(range(13), size):
            cards = [4 * r + (i * 7) % 4 for i, r in enumerate(ranks)]
            assert high_potential(cards) == _high_potential_by_definition(cards), ranks


def test_random_hands_score_as_defined() -> None:
    rng = random.Random(5)
    for _ in range(5_000):
        cards = rng.sample(range(52), rng.randint(4, 9))
        assert high_potential(cards) == _high_potential_by_definition(cards), cards


def _low_potential_by_definition(cards: list[int], split: Split) -> float:
    if not split.has_low:
        return 0.0
    lows = sorted({1 if c >> 2 == 12 else (c >> 2) + 2 for c in cards})
    if split.low_qualifier is not None:
        lows = [r for r in lows if r <= 8]
    n = len(lows)
    if n >= 5:
        return 6.0 + max(0.0, (8 - lows[4]) / 2)
    if n == 4:
        return 3.5 + max(0.0, (8 - lows[3]) / 3)
    if n == 3:
        return 1.5 + max(0.0, (8 - lows[2]) / 5)
    return 0.3 * n


def test_low_scores_as_defined() -> None:
    rng = random.Random(6)
    for _ in range(3_000):
        cards = rng.sample(range(52), rng.randint(4, 9))
        for split in Split:
            assert low_potential(cards, split) == _low_potential_by_definition(cards, split)


def test_the_bots_passes_and_fives_are_those_of_the_definitions() -> None:
    """heuristic_cards makes its choices with the vectorised policy (analysis/potential.py);
    they must be the choices of best_pass and best_five, the scalar definitions."""
    rng = random.Random(7)
    for _ in range(150):
        hand = tuple(rng.sample(range(52), 7))
        for split in Split:
            count = rng.randint(1, 4)
            passing = LegalActions(
                seat=0, kinds=frozenset({ActionKind.PASS}), pass_count=count, cards=hand
            )
            assert heuristic_cards(passing, split) == Action.pass_cards(
                best_pass(hand, count, split)
            )
            arranging = LegalActions(
                seat=0, kinds=frozenset({ActionKind.ARRANGE}), arrange_count=5, cards=hand
            )
            assert heuristic_cards(arranging, split) == Action.arrange(best_five(hand, split))


def test_the_default_pass_from_a_full_house_keeps_what_a_pass_can_keep() -> None:
    """A trial night's hand (10-10-8-8-8-5-2, high-low eight-or-better): the timeout's pass
    (``bots/fallback.py``: the heuristic's) is 10-10-2 on the first pass. Passing three of
    seven keeps four cards, so no first pass keeps the full house; the heuristic keeps the
    trips and the five (the five has three live cards to pair and is a low card; a kept ten
    has one) over the trips and a ten or the two pair. With two or one card to pass the full
    house stays whole."""
    hand = parse_codes("Th Td 8c 8h 8s 5c 2s")

    def passed(count: int) -> set[int]:
        legal = LegalActions(
            seat=0, kinds=frozenset({ActionKind.PASS}), pass_count=count, cards=tuple(hand)
        )
        return set(heuristic_cards(legal, Split.HIGH_LOW_8).cards)

    assert passed(3) == set(parse_codes("Th Td 2s"))
    assert passed(2) == set(parse_codes("5c 2s"))
    assert passed(1) == set(parse_codes("2s"))
