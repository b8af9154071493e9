"""The equity calculator against analytic answers and an independent brute-force oracle."""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from anaconda_poker.analysis.equity import (
    EquityResult,
    InvalidSituationError,
    OpponentInfo,
    SeatKnowledge,
    enumerate_deals,
    equity,
    sample_deals,
    strength_percentiles,
)
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import Split
from anaconda_poker.core.errors import DuplicateCardError, InvalidCardError
from anaconda_poker.core.evaluation import low_value


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_codes(text))


# -- an independent oracle: plain-Python hand ranking ------------------------------------


def oracle_high(five: tuple[int, ...]) -> tuple[int, ...]:
    """Comparable key of a five-card high hand (category first, then ranks)."""
    ranks = sorted((c >> 2 for c in five), reverse=True)
    counts = Counter(ranks)
    shape = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    flush = len({c & 3 for c in five}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            top = 3
    pattern = [n for _, n in shape]
    by_count = [r for r, _ in shape]
    if top is not None and flush:
        return (8, top)
    if pattern[0] == 4:
        return (7, *by_count)
    if pattern[:2] == [3, 2]:
        return (6, *by_count)
    if flush:
        return (5, *ranks)
    if top is not None:
        return (4, top)
    if pattern[0] == 3:
        return (3, *by_count)
    if pattern[:2] == [2, 2]:
        return (2, *by_count)
    if pattern[0] == 2:
        return (1, *by_count)
    return (0, *ranks)


def oracle_low(five: tuple[int, ...], split: Split) -> tuple[int, ...] | None:
    """Comparable key (larger is better) of a five's low, or None."""
    if split is Split.HIGH_ONLY:
        return None
    if split is Split.HIGH_LOW_ANY:
        value = low_value(list(five), qualifier=None)
        return None if value is None else (value,)
    # ace-to-five with the eight qualifier: five distinct ranks, ace (1) to eight only
    ranks = sorted(((c >> 2) + 2 if (c >> 2) != 12 else 1) for c in five)
    if len(set(ranks)) != 5 or ranks[-1] > 8:
        return None
    return tuple(-r for r in sorted(ranks, reverse=True))


def best(hand: tuple[int, ...], fixed: tuple[int, ...], split: Split) -> tuple[object, object]:
    """Best high and best low of ``fixed`` plus ``5 - len(fixed)`` of ``hand``."""
    highs, lows = [], []
    for rest in combinations(hand, 5 - len(fixed)):
        five = fixed + rest
        highs.append(oracle_high(five))
        low = oracle_low(five, split)
        if low is not None:
            lows.append(low)
    return max(highs), (max(lows) if lows else None)


def brute_force(k: SeatKnowledge, split: Split) -> tuple[float, float, float, float]:
    """win_high, win_low, scoop, share by enumerating every assignment in plain Python."""
    pool = k.pool()
    active = k.active
    totals = [0.0, 0.0, 0.0, 0.0]
    count = 0

    def assign(i: int, left: tuple[int, ...], hands: list[tuple[int, ...]]) -> None:
        nonlocal count
        if i == len(active):
            score(hands)
            count += 1
            return
        for pick in combinations(left, active[i].unknown):
            rest = tuple(c for c in left if c not in pick)
            assign(i + 1, rest, [*hands, pick])

    my_high, my_low = best(k.hand, (), split)

    def score(hands: list[tuple[int, ...]]) -> None:
        values = [(my_high, my_low)]
        for o, fill in zip(active, hands, strict=True):
            if len(o.revealed) == 5:
                values.append(best((), o.revealed, split))
            else:
                values.append(best(o.known + fill, o.revealed, split))
        top = max(v[0] for v in values)
        high_winners = [i for i, v in enumerate(values) if v[0] == top]
        lows = [v[1] for v in values if v[1] is not None]
        low_top = max(lows) if lows else None
        low_winners = [i for i, v in enumerate(values) if low_top is not None and v[1] == low_top]
        h = 1 / len(high_winners) if 0 in high_winners else 0.0
        lo = 1 / len(low_winners) if 0 in low_winners else 0.0
        share = (h + lo) / 2 if low_winners else h
        scoop = high_winners == [0] and (not low_winners or low_winners == [0])
        totals[0] += 0 in high_winners
        totals[1] += 0 in low_winners
        totals[2] += scoop
        totals[3] += share

    assign(0, pool, [])
    return tuple(t / count for t in totals)  # type: ignore[return-value]


def close(result: EquityResult, expected: tuple[float, float, float, float]) -> None:
    got = (result.win_high, result.win_low, result.scoop, result.share)
    assert got == pytest.approx(expected, abs=1e-12)


# -- analytic cases ------------------------------------------------------------------------


@pytest.mark.parametrize("split", list(Split))
def test_the_nuts_at_the_river_wins_everything(split: Split) -> None:
    me = SeatKnowledge(
        hand=cards("As Ks Qs Js Ts"),
        opponents=(
            OpponentInfo(seat=1, revealed=cards("2c 3c 4d 5h")),
            OpponentInfo(seat=2, revealed=cards("Ah Kh Qh 2d")),
        ),
    )
    result = equity(me, split=split, trials=5_000, rng=1, exact_limit=0)
    # high always wins; in split games the low may go elsewhere, never the high half
    assert result.win_high == 1.0
    if split is Split.HIGH_ONLY:
        assert result.share == 1.0 and result.scoop == 1.0


def test_quads_lose_only_to_the_one_card_that_makes_a_straight_flush() -> None:
    me = SeatKnowledge(
        hand=cards("2c 2d 2h 2s 3c"),
        opponents=(OpponentInfo(seat=1, revealed=cards("As Ks Qs Js")),),
    )
    result = equity(me, split=Split.HIGH_ONLY)
    unseen = 52 - 5 - 4
    assert result.exact
    assert result.trials == math.comb(unseen, 3)
    assert result.win_high == pytest.approx(1 - 3 / unseen, abs=1e-12)
    assert result.share == pytest.approx(1 - 3 / unseen, abs=1e-12)


@pytest.mark.parametrize("split", list(Split))
def test_identical_ranks_split_the_pot(split: Split) -> None:
    me = SeatKnowledge(
        hand=cards("As Kd Qh Jc 9s"),
        opponents=(OpponentInfo(seat=1, revealed=cards("Ac Kh Qd Js 9d")),),
    )
    result = equity(me, split=split)
    assert result.exact and result.trials == 1
    assert result.win_high == 1.0 and result.scoop == 0.0
    assert result.share == pytest.approx(0.5)


def test_symmetric_unknown_hands_get_equal_shares() -> None:
    # Two opponents with nothing known: every seat's expected share is 1/3 by symmetry, so
    # a seat whose own 7 cards are random averages 1/3 as well; here: the seat itself vs
    # one opponent holding the mirror image of its hand in other suits.
    me = SeatKnowledge(
        hand=cards("As Kd Qh Jc 9s"),
        opponents=(OpponentInfo(seat=1, revealed=cards("Ad Ks Qc Jh 9c")),),
    )
    assert equity(me, split=Split.HIGH_LOW_8).share == pytest.approx(0.5)


def test_cards_passed_stay_with_the_receiver() -> None:
    # I passed a straight flush to seat 1: it holds it, my full house never wins high.
    me = SeatKnowledge(
        hand=cards("Ac Ad Ah Kc Kd"),
        opponents=(OpponentInfo(seat=1, known=cards("9h Th Jh Qh Kh")),),
    )
    result = equity(me, split=Split.HIGH_ONLY, trials=2_000, rng=3)
    assert result.win_high == 0.0 and result.share == 0.0
    # the same five cards merely out of play leave the opponent a random hand
    out = SeatKnowledge(
        hand=cards("Ac Ad Ah Kc Kd"),
        out_of_play=cards("9h Th Jh Qh Kh"),
        opponents=(OpponentInfo(seat=1),),
    )
    assert equity(out, split=Split.HIGH_ONLY, trials=2_000, rng=3).share > 0.9


def test_a_folded_seat_without_known_cards_changes_nothing() -> None:
    hand = cards("As 2s 3d 4c 5h Kd Kc")
    alone = SeatKnowledge(hand=hand, opponents=(OpponentInfo(seat=1),))
    with_folded = SeatKnowledge(
        hand=hand, opponents=(OpponentInfo(seat=1), OpponentInfo(seat=2, folded=True))
    )
    a = equity(alone, split=Split.HIGH_LOW_8, trials=3_000, rng=7, exact_limit=0)
    b = equity(with_folded, split=Split.HIGH_LOW_8, trials=3_000, rng=7, exact_limit=0)
    assert a == b
    assert a.opponents == 1


def test_everyone_else_folded_means_the_whole_pot() -> None:
    me = SeatKnowledge(
        hand=cards("2c 3d 4h 9s Jc 7d 8h"),
        opponents=(OpponentInfo(seat=1, folded=True, revealed=cards("As")),),
    )
    result = equity(me, split=Split.HIGH_LOW_8)
    assert (result.share, result.scoop, result.opponents) == (1.0, 1.0, 0)


# -- exact enumeration against the brute-force oracle --------------------------------------

SMALL_CASES = [
    # river-like: two opponents each missing one card of five revealed... plus two dead
    SeatKnowledge(
        hand=cards("As 2d 3c 4h 8s"),
        opponents=(
            OpponentInfo(seat=1, revealed=cards("5c 6c 7c 8c"), known=cards("Kd Kh")),
            OpponentInfo(seat=2, revealed=cards("Ah 2h 3h 7d"), known=cards("Qs Js")),
        ),
    ),
    # before arranging: an opponent with six known cards, another fully shown
    SeatKnowledge(
        hand=cards("As 2s 3s 4d 5d 9c 9h"),
        opponents=(
            OpponentInfo(seat=1, known=cards("Ac 2c 3c 4c Kh Kd")),
            OpponentInfo(seat=2, revealed=cards("6h 6d 6s Ts Td")),
        ),
    ),
    # one opponent with three cards showing and three known, after arranging
    SeatKnowledge(
        hand=cards("Ah 2h 4h 6h 8h"),
        out_of_play=cards("Kc Qc"),
        opponents=(OpponentInfo(seat=3, revealed=cards("3d 3s 7c"), known=cards("7s 2c 5c")),),
    ),
]


@pytest.mark.parametrize("split", list(Split))
@pytest.mark.parametrize("case", range(len(SMALL_CASES)))
def test_exact_enumeration_matches_the_oracle(case: int, split: Split) -> None:
    knowledge = SMALL_CASES[case]
    result = equity(knowledge, split=split)
    assert result.exact
    assert result.trials == knowledge.assignments()
    close(result, brute_force(knowledge, split))


@pytest.mark.parametrize("split", [Split.HIGH_ONLY, Split.HIGH_LOW_8])
def test_monte_carlo_agrees_with_exact_within_its_error(split: Split) -> None:
    knowledge = SeatKnowledge(
        hand=cards("As 2s 3d 4c 5h Kd Kc"),
        opponents=(OpponentInfo(seat=1, revealed=cards("Qh Qd 7s"), known=cards("8h")),),
    )
    exact = equity(knowledge, split=split)
    sampled = equity(knowledge, split=split, trials=40_000, rng=11, exact_limit=0)
    assert exact.exact and not sampled.exact
    for name in ("win_high", "win_low", "scoop", "share"):
        se = getattr(sampled, f"{name}_se")
        assert abs(getattr(sampled, name) - getattr(exact, name)) <= 4 * se + 1e-12


def test_same_seed_same_answer_and_seeds_differ() -> None:
    knowledge = SeatKnowledge(
        hand=cards("As 2s 3d 4c 5h Kd Kc"), opponents=(OpponentInfo(seat=1), OpponentInfo(seat=2))
    )
    a = equity(knowledge, split=Split.HIGH_LOW_8, trials=2_000, rng=5)
    b = equity(knowledge, split=Split.HIGH_LOW_8, trials=2_000, rng=5)
    c = equity(knowledge, split=Split.HIGH_LOW_8, trials=2_000, rng=6)
    assert a == b
    assert a != c


# -- dealing -------------------------------------------------------------------------------


def test_enumerate_deals_lists_every_assignment_once() -> None:
    pool = list(range(10, 17))  # 7 cards
    deals = enumerate_deals(pool, [2, 3])
    assert deals.shape == (math.comb(7, 2) * math.comb(5, 3), 5)
    keyed = {(frozenset(row[:2]), frozenset(row[2:])) for row in deals.tolist()}
    assert len(keyed) == len(deals)
    assert all(len(set(row)) == 5 and set(row) <= set(pool) for row in deals.tolist())


def test_sample_deals_draws_distinct_cards_uniformly() -> None:
    pool = list(range(20, 40))
    deals = sample_deals(pool, 6, 20_000, np.random.default_rng(2))
    assert deals.shape == (20_000, 6)
    rows = np.sort(deals, axis=1)
    assert (np.diff(rows, axis=1) > 0).all()
    assert set(np.unique(deals)) <= set(pool)
    counts = np.bincount(deals.ravel(), minlength=52)[20:40]
    expected = 20_000 * 6 / 20
    # chi-square with 19 degrees of freedom; 43.8 is its 0.999 quantile
    assert ((counts - expected) ** 2 / expected).sum() < 43.8
    # the position inside a row is uniform too (no order bias in the shuffle)
    first = np.bincount(deals[:, 0], minlength=52)[20:40]
    assert ((first - 1000) ** 2 / 1000).sum() < 43.8


# -- bad input -----------------------------------------------------------------------------


def test_a_card_in_two_places_is_named() -> None:
    with pytest.raises(DuplicateCardError, match="As"):
        SeatKnowledge(
            hand=cards("As 2s 3d 4c 5h"),
            opponents=(OpponentInfo(seat=1, revealed=cards("As")),),
        )


def test_hand_size_and_card_range_are_checked() -> None:
    with pytest.raises(InvalidSituationError, match="7 cards"):
        SeatKnowledge(hand=cards("As 2s 3d 4c 5h 6h"))
    with pytest.raises(InvalidCardError, match="52"):
        SeatKnowledge(hand=(1, 2, 3, 4, 52))
    with pytest.raises(InvalidSituationError, match="shows 6"):
        SeatKnowledge(
            hand=cards("As 2s 3d 4c 5h"),
            opponents=(OpponentInfo(seat=1, revealed=cards("6h 7h 8h 9h Th Jh")),),
        )


def test_too_many_opponents_for_the_deck() -> None:
    with pytest.raises(InvalidSituationError, match="unseen"):
        SeatKnowledge(
            hand=cards("As 2s 3d 4c 5h 6h 7h"),
            opponents=tuple(OpponentInfo(seat=s) for s in range(1, 8)),
        )


def test_trials_must_be_positive() -> None:
    with pytest.raises(ValueError, match="trials"):
        equity(SeatKnowledge(hand=cards("As 2s 3d 4c 5h")), split=Split.HIGH_ONLY, trials=0)


# -- the opponent model's options -----------------------------------------------------------


def test_percentiles_rank_stronger_hands_higher() -> None:
    fives = np.asarray(
        [cards("2c 3d 5h 8s Jc"), cards("Kc Kd 5h 8s Jc"), cards("Ac Ad Ah As Kc")],
        dtype=np.uint8,
    )
    from anaconda_poker.analysis.values import hand_values

    for split in Split:
        h, lo = hand_values(fives, split)
        pct = strength_percentiles(h, lo, split)
        assert 0.0 <= pct[0] < pct[1] < pct[2] <= 1.0


def test_betting_reads_make_a_bettor_stronger() -> None:
    me = SeatKnowledge(
        hand=cards("Kc Kd 8s 8c 2h"),
        opponents=(OpponentInfo(seat=1, revealed=cards("Qh Qd")),),
    )
    plain = equity(me, split=Split.HIGH_ONLY, trials=4_000, rng=1, exact_limit=0)
    same = equity(me, split=Split.HIGH_ONLY, trials=4_000, rng=1, exact_limit=0, aggression={1: 0})
    read = equity(me, split=Split.HIGH_ONLY, trials=4_000, rng=1, exact_limit=0, aggression={1: 8})
    assert plain == same
    assert read.share < plain.share - 0.1


def test_careless_opponents_are_weaker_and_rational_one_changes_nothing() -> None:
    me = SeatKnowledge(hand=cards("Tc Td 9s 9h 2c"), opponents=(OpponentInfo(seat=1),))
    best = equity(me, split=Split.HIGH_ONLY, trials=4_000, rng=2, exact_limit=0)
    same = equity(me, split=Split.HIGH_ONLY, trials=4_000, rng=2, exact_limit=0, rational=1.0)
    careless = equity(me, split=Split.HIGH_ONLY, trials=4_000, rng=2, exact_limit=0, rational=0.0)
    assert best == same
    assert careless.share > best.share + 0.2


def test_consistency_conditions_on_shown_cards_being_in_the_best_five() -> None:
    # oracle: enumerate the two unknown cards, keep the deals in which the opponent's best
    # high five of seven contains its shown cards, score those exactly
    shown, known = cards("Ah 7d 3s"), cards("Kc Qd")
    me = SeatKnowledge(
        hand=cards("Jc Jd 4s 4h 9c"),
        opponents=(OpponentInfo(seat=1, revealed=shown, known=known),),
    )
    mine = oracle_high(cards("Jc Jd 4s 4h 9c"))
    kept, total = 0, 0.0
    for pair in combinations(me.pool(), 2):
        with_shown, _ = best((*known, *pair), shown, Split.HIGH_ONLY)
        free, _ = best((*shown, *known, *pair), (), Split.HIGH_ONLY)
        if with_shown != free:
            continue
        kept += 1
        total += 1.0 if mine > with_shown else 0.5 if mine == with_shown else 0.0
    got = equity(me, split=Split.HIGH_ONLY, consistency=1e-12)
    assert got.exact and 0 < kept < got.trials
    assert got.share == pytest.approx(total / kept, abs=1e-6)
    assert equity(me, split=Split.HIGH_ONLY).share != pytest.approx(total / kept, abs=1e-3)


def test_bet_gain_is_positive_with_the_nuts_and_negative_when_drawing_dead() -> None:
    nuts = SeatKnowledge(
        hand=cards("As Ks Qs Js Ts"), opponents=(OpponentInfo(seat=1, revealed=cards("9h 9d")),)
    )
    r = equity(nuts, split=Split.HIGH_ONLY, pot=20, bet=4, trials=2_000, rng=4, exact_limit=0)
    assert r.bet_gain is not None and r.bet_gain > 0
    dead = SeatKnowledge(
        hand=cards("2c 3d 4h 5s 7c"),
        opponents=(OpponentInfo(seat=1, revealed=cards("Ah Ad Ac As Kd")),),
    )
    r = equity(dead, split=Split.HIGH_ONLY, pot=20, bet=4)
    # the quads never fold and always win: betting 4 more just loses them
    assert r.bet_gain == pytest.approx(-4.0)
    assert equity(dead, split=Split.HIGH_ONLY).bet_gain is None


def test_option_ranges_are_checked() -> None:
    me = SeatKnowledge(hand=cards("As Ks Qs Js Ts"))
    with pytest.raises(ValueError, match="consistency"):
        equity(me, split=Split.HIGH_ONLY, consistency=0.0)
    with pytest.raises(ValueError, match="rational"):
        equity(me, split=Split.HIGH_ONLY, rational=1.5)
