"""Cards a seat passed that may have moved on are somewhere among the opponents: the deals
place them in opponents' hands only (sampled and enumerated alike), uniformly, and a
seven-player table after three passes (3 undealt cards, 5 such cards) can be asked about."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anaconda_poker.analysis.dealing import enumerate_placed, sample_placed
from anaconda_poker.analysis.equity import (
    InvalidSituationError,
    OpponentInfo,
    SeatKnowledge,
    deal_batches,
    equity,
)
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import Split


@settings(max_examples=40, deadline=None)
@given(
    size=st.integers(4, 12),
    placed=st.integers(0, 3),
    lead=st.integers(0, 2),
    slots=st.integers(0, 4),
    sink=st.integers(0, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_placed_cards_land_in_the_slots_or_the_sink_never_elsewhere(
    size: int, placed: int, lead: int, slots: int, sink: int, seed: int
) -> None:
    if placed > slots + sink or lead + slots + sink - placed > size:
        return
    pool = list(range(size))
    extra = list(range(40, 40 + placed))
    rows = sample_placed(pool, extra, lead, slots, sink, 300, np.random.default_rng(seed))
    assert rows.shape == (300, lead + slots)
    for row in rows:
        assert len(set(row.tolist())) == len(row)  # distinct cards
        assert not set(row[:lead].tolist()) & set(extra)  # the seat never gets them
    # a placed card is in a slot or the sink: with no sink, every one is in the slots
    if sink == 0:
        assert all(set(extra) <= set(r[lead:].tolist()) for r in rows)


def test_sampling_matches_the_enumeration_frequencies() -> None:
    """Independent oracle: the exact enumeration lists each consistent deal (sink included)
    once, so an outcome (the lead card and the slot cards as a set) has the probability of
    its share of the rows; the sampler's frequencies agree within sampling error."""
    pool, placed = [0, 1, 2, 3], [50]
    lead, needs, sink = 1, [2], 1
    exact = enumerate_placed(pool, placed, [lead, *needs], sink)
    # 4 lead cards (never 50) x (50 in a slot: 3 partners x 2 sink cards; 50 in the sink:
    # 3 slot pairs) = 4 * 9 consistent deals
    assert len(exact) == 4 * 9 and 50 not in exact[:, 0]
    keys = Counter((int(r[0]), frozenset(r[1:].tolist())) for r in exact)
    n = 60_000
    rows = sample_placed(pool, placed, lead, sum(needs), sink, n, np.random.default_rng(3))
    seen = Counter((int(r[0]), frozenset(r[1:].tolist())) for r in rows)
    assert set(seen) == set(keys)
    for key, count in keys.items():
        expected = n * count / len(exact)
        assert abs(seen[key] - expected) < 5 * np.sqrt(expected)


def _seven_players_after_three_passes() -> SeatKnowledge:
    """Seat 0 of seven, after passing 2d Qh Qs, then 9c Jc, then Jd to seat 1 (all left):
    the first five went on; nobody folded; 52 - 49 = 3 cards are undealt."""
    hand = parse_codes("3h Jh 8h 6h Ac Ad 2c")
    opponents = [OpponentInfo(seat=1, known=tuple(parse_codes("Jd")))]
    opponents += [OpponentInfo(seat=s) for s in range(2, 7)]
    return SeatKnowledge(
        hand=tuple(hand),
        elsewhere=tuple(parse_codes("2d Qh Qs 9c Jc")),
        opponents=tuple(opponents),
    )


def test_seven_players_after_three_passes_deal_the_passed_cards_to_opponents() -> None:
    knowledge = _seven_players_after_three_passes()
    assert knowledge.holes() == 41 and len(knowledge.pool()) == 39 and knowledge.spare() == 3
    exact, batches = deal_batches(knowledge, extra=0, trials=2_000, exact_limit=0, rng=5)
    assert not exact
    deals = np.concatenate(list(batches))
    assert deals.shape == (2_000, 41)
    for row in deals:
        assert set(knowledge.elsewhere) <= set(row.tolist())  # every opponent slot is dealt
        assert not set(row.tolist()) & set(knowledge.hand)
    result = equity(knowledge, split=Split.HIGH_LOW_8, trials=2_000, rng=5)
    assert 0.0 < result.share < 1.0 and result.opponents == 6


def test_impossible_placements_are_refused() -> None:
    with pytest.raises(InvalidSituationError, match="passed cards are with the opponents"):
        SeatKnowledge(
            hand=tuple(parse_codes("2c 3c 4c 5c 6c")),
            elsewhere=tuple(parse_codes("Ah Kh Qh")),
            opponents=(OpponentInfo(seat=1, revealed=tuple(parse_codes("2d 3d 4d 5d 6d"))),),
        )
