"""Hand-by-hand agreement with independent evaluators (test-only dependencies).

* treys (high): ``ours == 7463 - treys_rank`` (treys ranks 1 = royal flush … 7462) on all
  2,598,960 five-card hands and on 1,000,000 random hands of 5, 6 and 7 cards.
* PokerKit (high, 8 and 9 cards): ``ours == index + 1`` of its standard high lookup, for
  the best of all five-card subsets.
* PokerKit (low): ``ours == 56 - index`` of its eight-or-better lookup (0 when it has no
  entry) and ``ours == 6175 - index`` of its regular ace-to-five lookup, on every five-card
  rank class and on 200,000 random 7-card hands; plus PokerKit's own hand objects (which
  pick the best five themselves) on a smaller sample.

The oracles are slow in pure Python (treys about 50 µs per 7-card hand), so each oracle is
asked once per *class* of equivalent hands and the answer is reused for every hand of the
class. A class is what provably decides the value: the multiset of ranks plus, for high
hands, the ranks held in a suit with five or more cards (low hands ignore suits). The
comparison itself is done for every hand.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest
from pokerkit import Card as PokerKitCard
from pokerkit import (
    EightOrBetterLookup,
    EightOrBetterLowHand,
    RegularLookup,
    RegularLowHand,
    StandardHighHand,
    StandardLookup,
)
from treys import Card as TreysCard
from treys import Evaluator

from anaconda_poker.core.cards import card_str
from anaconda_poker.core.evaluation import (
    high_low_values,
    high_value,
    high_values,
    low_value,
    low_values,
)

Codes = npt.NDArray[np.uint8]

TREYS_CARDS = [TreysCard.new(card_str(code)) for code in range(52)]
POKERKIT_CARDS = [next(iter(PokerKitCard.parse(card_str(code)))) for code in range(52)]
POWERS_OF_FIVE = 5 ** np.arange(13, dtype=np.int64)


def random_hands(rng: np.random.Generator, rows: int, width: int) -> Codes:
    """``rows`` hands of ``width`` distinct uniformly random cards."""
    hands = np.empty((rows, width), dtype=np.uint8)
    todo = np.arange(rows)
    while todo.size:
        draw = rng.integers(0, 52, size=(todo.size, width), dtype=np.uint8)
        ordered = np.sort(draw, axis=1)
        good = (np.diff(ordered, axis=1) != 0).all(axis=1)
        hands[todo[good]] = draw[good]
        todo = todo[~good]
    return hands


def rank_code(codes: Codes) -> npt.NDArray[np.int64]:
    """Base-5 code of the rank multiset of each row (a rank appears at most 4 times)."""
    return POWERS_OF_FIVE[codes >> 2].sum(axis=1)


def flush_ranks(codes: Codes) -> npt.NDArray[np.int64]:
    """13-bit mask of the ranks in a suit holding 5+ cards of the row (0 if none)."""
    masks = np.zeros(len(codes), dtype=np.int64)
    bits = np.left_shift(np.int64(1), (codes >> 2).astype(np.int64))
    for suit in range(4):
        in_suit = (codes & 3) == suit
        suit_mask = np.where(in_suit, bits, 0).sum(axis=1)
        masks = np.where(in_suit.sum(axis=1) >= 5, suit_mask, masks)
    return masks


def by_class(
    codes: Codes, classes: npt.NDArray[np.int64], oracle: Callable[[list[int]], int]
) -> tuple[npt.NDArray[np.int64], int]:
    """The oracle's answer for every row, asking it once per class. Returns (answers,
    number of oracle calls)."""
    unique, first, inverse = np.unique(classes, return_index=True, return_inverse=True)
    answers = np.array([oracle(codes[i].tolist()) for i in first.tolist()], dtype=np.int64)
    return answers[inverse.ravel()], len(unique)


_EVALUATOR = Evaluator()


def treys_rank(cards: list[int]) -> int:
    """treys' rank of 5 to 7 cards (1 = royal flush … 7462 = 7-5-4-3-2)."""
    treys = [TREYS_CARDS[c] for c in cards]
    return int(_EVALUATOR.evaluate(treys[:2], treys[2:]))


def high_classes(codes: Codes) -> npt.NDArray[np.int64]:
    return rank_code(codes) * 8192 + flush_ranks(codes)


@cache
def all_five_card_hands() -> Codes:
    """All 2,598,960 five-card hands, ``uint8[n, 5]``, in lexicographic order."""
    rows = np.arange(52, dtype=np.uint8)[:, None]
    for size in range(2, 6):
        firsts = rows[:, 0]
        rows = np.vstack(
            [
                np.hstack([np.full((len(tail), 1), a, dtype=np.uint8), tail])
                for a in range(53 - size)
                for tail in [rows[firsts > a]]
            ]
        )
    rows.flags.writeable = False
    return rows


def suited_five_classes(rows: Codes) -> npt.NDArray[np.int64]:
    """Class of five-card hands: rank multiset and whether all five share a suit."""
    return rank_code(rows) * 2 + ((rows & 3) == (rows[:, :1] & 3)).all(axis=1)


def test_treys_on_every_five_card_hand() -> None:
    rows = all_five_card_hands()
    # every hand once: cards increase along each row, rows increase lexicographically
    assert len(rows) == 2_598_960 and (np.diff(rows.astype(np.int64), axis=1) > 0).all()
    assert (np.diff(rows.astype(np.int64) @ (52 ** np.arange(4, -1, -1))) > 0).all()
    expected, calls = by_class(rows, suited_five_classes(rows), treys_rank)
    assert calls == 7_462
    assert np.array_equal(high_values(rows), 7463 - expected)


@pytest.mark.parametrize(("width", "rows", "seed"), [(5, 250_000, 5), (6, 250_000, 6)])
def test_treys_on_random_hands(width: int, rows: int, seed: int) -> None:
    codes = random_hands(np.random.default_rng(seed), rows, width)
    expected, _ = by_class(codes, high_classes(codes), treys_rank)
    assert np.array_equal(high_values(codes), 7463 - expected)


@pytest.mark.parametrize("part", [0, 1])
def test_treys_on_random_seven_card_hands(part: int) -> None:
    """500,000 seven-card hands in two halves (so that xdist can run them in parallel)."""
    codes = random_hands(np.random.default_rng(70 + part), 250_000, 7)
    expected, calls = by_class(codes, high_classes(codes), treys_rank)
    assert calls > 40_000  # most classes are met: the oracle really ran
    assert np.array_equal(high_values(codes), 7463 - expected)
    sample = codes[:3000].tolist()
    assert [high_value(h) for h in sample] == (7463 - expected[:3000]).tolist()


def _five_card_tables(
    lookup_value: Callable[[list[int]], int], suited: bool
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(sorted class keys, oracle value) over every five-card class, from all 5-card hands:
    key = rank code * 2 + all-one-suit when ``suited``, else the rank code."""
    rows = all_five_card_hands()
    keys = suited_five_classes(rows) if suited else rank_code(rows)
    unique, first = np.unique(keys, return_index=True)
    values = np.array([lookup_value(rows[i].tolist()) for i in first.tolist()], dtype=np.int64)
    return unique, values


def best_over_fives(
    codes: Codes, table: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]], suited: bool
) -> npt.NDArray[np.int64]:
    """The best oracle value over every five-card subset of each row."""
    keys_sorted, values = table
    best = np.full(len(codes), -1, dtype=np.int64)
    for five in combinations(range(codes.shape[1]), 5):
        sub = codes[:, list(five)]
        keys = suited_five_classes(sub) if suited else rank_code(sub)
        found = np.searchsorted(keys_sorted, keys)
        assert np.array_equal(keys_sorted[found], keys)
        best = np.maximum(best, values[found])
    return best


def _pokerkit(cards: list[int]) -> list[PokerKitCard]:
    return [POKERKIT_CARDS[c] for c in cards]


@pytest.mark.parametrize("width", [8, 9])
def test_pokerkit_high_on_eight_and_nine_cards(width: int) -> None:
    lookup = StandardLookup()
    table = _five_card_tables(lambda h: lookup.get_entry(_pokerkit(h)).index + 1, suited=True)
    assert len(table[0]) == 7_462
    codes = random_hands(np.random.default_rng(width), 40_000, width)
    expected = best_over_fives(codes, table, suited=True)
    assert np.array_equal(high_values(codes), expected)
    assert [high_value(h) for h in codes[:500].tolist()] == expected[:500].tolist()


def _eight_or_better(lookup: EightOrBetterLookup) -> Callable[[list[int]], int]:
    def value(cards: list[int]) -> int:
        entry = lookup.get_entry_or_none(_pokerkit(cards))
        return 0 if entry is None else 56 - entry.index

    return value


def test_pokerkit_low_on_every_five_card_rank_class() -> None:
    eight = _eight_or_better(EightOrBetterLookup())
    regular = RegularLookup()
    keys8, values8 = _five_card_tables(eight, suited=False)
    keys_any, values_any = _five_card_tables(
        lambda h: 6175 - regular.get_entry(_pokerkit(h)).index, suited=False
    )
    assert len(keys8) == len(keys_any) == 6_175
    assert np.count_nonzero(values8) == 56 and sorted(set(values_any.tolist())) == list(
        range(1, 6176)
    )
    rows = all_five_card_hands()
    unique, first = np.unique(rank_code(rows), return_index=True)
    representatives = rows[first]
    assert np.array_equal(unique, keys8)
    assert np.array_equal(low_values(representatives), values8)
    assert np.array_equal(low_values(representatives, None), values_any)


def test_pokerkit_low_on_random_seven_card_hands() -> None:
    eight = _eight_or_better(EightOrBetterLookup())
    regular = RegularLookup()
    table8 = _five_card_tables(eight, suited=False)
    table_any = _five_card_tables(
        lambda h: 6175 - regular.get_entry(_pokerkit(h)).index, suited=False
    )
    codes = random_hands(np.random.default_rng(8), 200_000, 7)
    _, low8 = high_low_values(codes)
    assert np.array_equal(low8, best_over_fives(codes, table8, suited=False))
    assert np.array_equal(low_values(codes, None), best_over_fives(codes, table_any, suited=False))
    assert np.count_nonzero(low8) > 30_000  # plenty of qualifying lows were compared
    sample = codes[:2000].tolist()
    assert [low_value(h) for h in sample] == low8[:2000].tolist()


def test_pokerkit_hand_objects_order_like_ours() -> None:
    """PokerKit's own hand classes choose the best five of seven themselves: the order of
    its hands must be the order of our values, pair by pair."""
    codes = random_hands(np.random.default_rng(99), 240, 7).tolist()

    def pk_hand(kind: type, cards: list[int]) -> object | None:
        try:
            return kind.from_game(_pokerkit(cards[:2]), _pokerkit(cards[2:]))  # type: ignore[attr-defined, no-any-return]
        except ValueError:
            return None

    highs = [pk_hand(StandardHighHand, c) for c in codes]
    lows8 = [pk_hand(EightOrBetterLowHand, c) for c in codes]
    lows_any = [pk_hand(RegularLowHand, c) for c in codes]
    ours_high = [high_value(c) for c in codes]
    ours_low8 = [low_value(c) for c in codes]
    ours_any = [low_value(c, None) for c in codes]
    assert all(h is not None for h in highs + lows_any)
    assert [h is None for h in lows8] == [v == 0 for v in ours_low8]
    for i in range(len(codes) - 1):
        j = i + 1
        assert (highs[i] > highs[j]) == (ours_high[i] > ours_high[j])  # type: ignore[operator]
        assert (highs[i] == highs[j]) == (ours_high[i] == ours_high[j])
        # PokerKit orders low hands so that the better low is the greater hand
        assert (lows_any[i] > lows_any[j]) == (ours_any[i] > ours_any[j])  # type: ignore[operator]
        if lows8[i] is not None and lows8[j] is not None:
            assert (lows8[i] > lows8[j]) == (ours_low8[i] > ours_low8[j])  # type: ignore[operator]
