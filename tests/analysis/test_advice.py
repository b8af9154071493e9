"""Pass and arrangement advice: rankings, common deals, the disguising reveal order."""

from __future__ import annotations

import pytest

from anaconda_poker.analysis.advice import Choice, arrange_choices, pass_choices, reveal_order
from anaconda_poker.analysis.equity import InvalidSituationError, OpponentInfo, SeatKnowledge
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import Split


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_codes(text))


def test_arrange_ranks_all_21_fives_and_finds_the_wheel() -> None:
    knowledge = SeatKnowledge(hand=cards("As 2s 3d 4c 5h Kd Kc"), opponents=(OpponentInfo(seat=1),))
    ranked = arrange_choices(knowledge, split=Split.HIGH_LOW_8, trials=3_000, rng=1)
    assert len(ranked) == 21
    assert len({frozenset(c.cards) for c in ranked}) == 21
    assert set(ranked[0].cards) == set(cards("As 2s 3d 4c 5h"))
    shares = [c.result.share for c in ranked]
    assert shares == sorted(shares, reverse=True)


def test_arrange_in_high_only_keeps_the_full_house() -> None:
    knowledge = SeatKnowledge(
        hand=cards("Kh Kd Ks 4c 4d 2s 7h"), opponents=(OpponentInfo(seat=1), OpponentInfo(seat=2))
    )
    best = arrange_choices(knowledge, split=Split.HIGH_ONLY, trials=2_000, rng=2)[0]
    assert set(best.cards) == set(cards("Kh Kd Ks 4c 4d"))


def test_pass_ranks_every_subset_and_throws_the_junk_away() -> None:
    knowledge = SeatKnowledge(
        hand=cards("As Ks Qs Js Ts 2c 7d"), opponents=(OpponentInfo(seat=1), OpponentInfo(seat=2))
    )
    ranked = pass_choices(
        knowledge, count=2, receiver=1, split=Split.HIGH_ONLY, trials=1_000, rng=3
    )
    assert len(ranked) == 21
    assert set(ranked[0].cards) == set(cards("2c 7d"))
    assert ranked[0].result.share > 0.95


def test_pass_is_reproducible_and_checks_its_input() -> None:
    knowledge = SeatKnowledge(hand=cards("As 2s 3d 4c 5h Kd Kc"), opponents=(OpponentInfo(seat=1),))
    a = pass_choices(knowledge, count=3, receiver=1, split=Split.HIGH_LOW_8, trials=300, rng=9)
    b = pass_choices(knowledge, count=3, receiver=1, split=Split.HIGH_LOW_8, trials=300, rng=9)
    assert a == b
    with pytest.raises(InvalidSituationError, match="seat 4"):
        pass_choices(knowledge, count=3, receiver=4, split=Split.HIGH_LOW_8, trials=10)
    with pytest.raises(InvalidSituationError, match="cannot pass"):
        pass_choices(
            knowledge,
            count=1,
            receiver=1,
            split=Split.HIGH_LOW_8,
            trials=10,
            candidates=[cards("Qh")],
        )
    five = SeatKnowledge(hand=cards("As 2s 3d 4c 5h"), opponents=(OpponentInfo(seat=1),))
    with pytest.raises(InvalidSituationError, match="7-card"):
        pass_choices(five, count=1, receiver=1, split=Split.HIGH_LOW_8, trials=10)
    with pytest.raises(InvalidSituationError, match="7-card"):
        arrange_choices(five, split=Split.HIGH_LOW_8, trials=10)


def test_passing_a_winner_to_the_neighbour_costs_equity() -> None:
    # Keeping the four aces' partner cards equal, giving away an ace helps the receiver.
    knowledge = SeatKnowledge(hand=cards("Ah Ad 7c 8d 9h Ts 2c"), opponents=(OpponentInfo(seat=1),))
    ranked = pass_choices(
        knowledge,
        count=1,
        receiver=1,
        split=Split.HIGH_ONLY,
        trials=4_000,
        rng=4,
        candidates=[cards("2c"), cards("Ah")],
    )
    assert ranked[0].cards == cards("2c")


def test_reveal_order_shows_the_made_hand_last() -> None:
    full_house = cards("Kh Kd Ks 4c 4d")
    order = reveal_order(full_house, Split.HIGH_ONLY)
    assert sorted(order) == sorted(full_house)
    first_two = [c >> 2 for c in order[:2]]
    assert first_two[0] != first_two[1]  # no pair in view after two cards
    flush = cards("2h 7h 9h Jh Kh")
    assert sorted(reveal_order(flush, Split.HIGH_ONLY)) == sorted(flush)
    # a pure low shows its highest card first
    low = cards("Ah 2c 3d 4s 7h")
    assert reveal_order(low, Split.HIGH_LOW_8)[0] == cards("7h")[0]
    with pytest.raises(InvalidSituationError):
        reveal_order(cards("Ah 2c 3d 4s"), Split.HIGH_ONLY)


@pytest.mark.parametrize(
    ("hand", "draw", "pair"),
    [
        ("2s 5s 8s Js Tc Td 7h", "Tc 7h", "2s 5s"),
        ("2s 5s 8s Js Qc Qd 7h", "Qc 7h", "2s 5s"),
    ],
)
def test_lookahead_values_a_flush_draw_more_than_the_myopic_pass(
    hand: str, draw: str, pair: str
) -> None:
    # Keeping four spades (passing the pair's card) against keeping the pair: the cards of
    # later passes complete draws, so the draw's lead over the pair grows with lookahead.
    opponents = tuple(OpponentInfo(seat=s) for s in (1, 2, 3))
    knowledge = SeatKnowledge(hand=cards(hand), opponents=opponents)

    def lead(lookahead: int) -> float:
        ranked = pass_choices(
            knowledge,
            count=2,
            receiver=1,
            split=Split.HIGH_ONLY,
            trials=20_000,
            rng=5,
            candidates=[cards(draw), cards(pair)],
            lookahead=lookahead,
        )
        share = {c.cards: c.result.share for c in ranked}
        return share[tuple(sorted(cards(draw)))] - share[tuple(sorted(cards(pair)))]

    assert lead(2) > lead(0) + 0.03


def test_lookahead_zero_is_the_default_and_too_much_is_rejected() -> None:
    knowledge = SeatKnowledge(hand=cards("As 2s 3d 4c 5h Kd Kc"), opponents=(OpponentInfo(seat=1),))

    def ranked(lookahead: int | None = None) -> list[Choice]:
        if lookahead is None:  # the default
            return pass_choices(
                knowledge, count=2, receiver=1, split=Split.HIGH_LOW_8, trials=300, rng=2
            )
        return pass_choices(
            knowledge,
            count=2,
            receiver=1,
            split=Split.HIGH_LOW_8,
            trials=300,
            rng=2,
            lookahead=lookahead,
        )

    assert ranked() == ranked(lookahead=0)
    ahead = ranked(lookahead=2)
    assert len(ahead) == 21 and all(0.0 <= c.result.share <= 1.0 for c in ahead)
    with pytest.raises(InvalidSituationError, match="lookahead"):
        ranked(lookahead=3)


def test_equal_shares_go_to_the_better_kicker() -> None:
    # newcomer trial: with tens and eights the review named T-T-8-8-2 best though
    # T-T-8-8-J scores the same on every deal where the kicker decides nothing and better
    # on the rest; ties went to the lower card codes
    knowledge = SeatKnowledge(
        hand=cards("2s 9h Jc Td Tc 8c 8d"),
        opponents=(OpponentInfo(seat=1), OpponentInfo(seat=2), OpponentInfo(seat=3)),
    )
    ranked = arrange_choices(knowledge, split=Split.HIGH_ONLY, trials=300, rng=5)
    assert set(ranked[0].cards) == set(cards("Jc Td Tc 8c 8d"))
    two_pair = [c for c in ranked if set(cards("Td Tc 8c 8d")) <= set(c.cards)]
    kickers = [next(k for k in c.cards if k not in cards("Td Tc 8c 8d")) for c in two_pair]
    assert kickers == list(cards("Jc 9h 2s"))
