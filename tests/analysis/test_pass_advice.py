"""Pass advice against opponents who pass with purpose (analysis/pass_advice.py)."""

from __future__ import annotations

import numpy as np
import pytest

from anaconda_poker.analysis.equity import InvalidSituationError, OpponentInfo, SeatKnowledge
from anaconda_poker.analysis.pass_advice import passing_pass_choices
from anaconda_poker.analysis.pass_model import PassHistory, PassingOpponents, PassRound
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import Split


def _seat(
    hand: str, players: int, split: Split, done: int = 0
) -> tuple[SeatKnowledge, PassingOpponents]:
    cards = tuple(parse_codes(hand))
    seats = tuple(range(players))
    history = PassHistory(
        seat=0, seats=seats, hand=cards,
        rounds=tuple(PassRound(n, seats, 1) for n in (3, 2, 1)[:done]),
    )  # fmt: skip
    knowledge = SeatKnowledge(hand=cards, opponents=tuple(OpponentInfo(seat=s) for s in seats[1:]))
    return knowledge, PassingOpponents(history, split)


def test_keeping_a_royal_flush_wins_everything_and_breaking_it_does_not() -> None:
    """The royal flush kept (pass 2c 7d) wins the high in every deal (ties count: another
    suit's royal can split it), in high only; every other pass breaks it and wins less."""
    knowledge, model = _seat("As Ks Qs Js Ts 2c 7d", 4, Split.HIGH_ONLY, done=1)
    ranked = passing_pass_choices(knowledge, model, count=2, receiver=1, trials=600, rng=1)
    assert len(ranked) == 21
    assert set(ranked[0].cards) == set(parse_codes("2c 7d"))
    assert ranked[0].result.win_high == 1.0 and ranked[0].result.share > 0.99
    assert all(c.result.win_high < 1.0 for c in ranked[1:])


def test_received_cards_come_from_the_passer_not_the_deck() -> None:
    """Heads-up the opponent both passes to the seat and receives from it. With the random
    pass policy the advice is the random-card case; with the heuristic policy the seat
    receives the opponent's junk, so its best share is lower (measured about 0.05)."""
    knowledge, model = _seat("2c 3d 4h 5s 9c 9d Kh", 2, Split.HIGH_LOW_8)
    purposeful = passing_pass_choices(knowledge, model, count=3, receiver=1, trials=3000, rng=2)
    careless = PassingOpponents(model.history, model.split, policy="random")
    random_ones = passing_pass_choices(knowledge, careless, count=3, receiver=1, trials=3000, rng=2)
    assert purposeful[0].result.share < random_ones[0].result.share - 0.02
    shares = [c.result.share for c in purposeful]
    assert shares == sorted(shares, reverse=True)


def test_bad_questions_are_refused() -> None:
    knowledge, model = _seat("As Ks Qs Js Ts 2c 7d", 3, Split.HIGH_ONLY)
    with pytest.raises(InvalidSituationError, match="not an opponent"):
        passing_pass_choices(knowledge, model, count=3, receiver=0)
    with pytest.raises(InvalidSituationError, match="pass count"):
        passing_pass_choices(knowledge, model, count=7, receiver=1)
    with pytest.raises(InvalidSituationError, match="cannot pass"):
        passing_pass_choices(knowledge, model, count=1, receiver=1, candidates=[[0, 1]])
    assert np.isfinite(
        passing_pass_choices(knowledge, model, count=1, receiver=2, trials=50)[0].result.share
    )
