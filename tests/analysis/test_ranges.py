"""Opponent ranges from betting: the log reading, the threshold-player likelihood, and its
effect on equity (a bettor is stronger, a consistent bettor plays its best five)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from anaconda_poker.analysis.equity import (
    OpponentInfo,
    SeatKnowledge,
    equity,
    sample_deals,
    strength_percentiles,
)
from anaconda_poker.analysis.ranges import ActionRead, RangeModel, read_log
from anaconda_poker.analysis.values import hand_values
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import Split


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_codes(text))


def entry(seat: int, action: str, to: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "action": action}
    if to is not None:
        out["to"] = to
    return out


def test_read_log_splits_early_and_roll_actions_and_skips_the_reader() -> None:
    log = [
        entry(1, "bet", 2),
        entry(0, "raise", 4),
        entry(2, "call"),
        entry(1, "call"),
        *[entry(s, "arrange") for s in (0, 1, 2)],
        entry(1, "bet", 4),
        entry(2, "call"),
        entry(0, "raise", 8),
        entry(1, "raise", 12),
        entry(2, "fold"),
    ]
    reads = read_log(log, me=0, raise_cap=16)
    assert reads == {
        1: ActionRead(early_bets=1, roll_bets=2, roll_open=1, roll_facing=1),
        2: ActionRead(roll_calls=1, roll_checks=1, roll_facing=1),
    }
    assert reads[1].random_likelihood == pytest.approx(1 / 6)
    assert 0 not in reads
    assert not reads[1].erratic and reads[1].consistent
    # before anyone arranges, every bet is an early one
    early = read_log(log[:4], me=0, raise_cap=16)
    assert early[1] == ActionRead(early_bets=1)


def test_read_log_sees_mixed_roll_betting_as_erratic_but_not_a_call_at_the_cap() -> None:
    arranged = [entry(s, "arrange") for s in (0, 1)]
    mixed = read_log([*arranged, entry(1, "bet", 4), entry(1, "check")], me=0, raise_cap=16)
    assert mixed[1].erratic and not mixed[1].consistent
    # calling a bet that already reached the cap is not a refusal to raise
    capped = read_log(
        [*arranged, entry(1, "bet", 4), entry(0, "raise", 16), entry(1, "call")],
        me=0,
        raise_cap=16,
    )
    assert capped[1] == ActionRead(roll_bets=1, roll_calls=1, roll_open=1, roll_facing=1)
    assert not capped[1].erratic
    below = read_log(
        [*arranged, entry(1, "bet", 4), entry(0, "raise", 8), entry(1, "call")],
        me=0,
        raise_cap=16,
    )
    assert below[1].erratic


def test_likelihood_rises_with_strength_after_a_bet_and_falls_after_checks() -> None:
    model = RangeModel()
    pct = np.linspace(0.0, 1.0, 101)
    bet = ActionRead(roll_bets=1, roll_open=1).likelihood(pct, model)
    raised = ActionRead(roll_bets=3, roll_open=1, roll_facing=2).likelihood(pct, model)
    assert np.all(np.diff(bet) >= 0) and np.all(np.diff(raised) >= 0)
    # one bet may be a random player's; a bet and two re-raises hardly
    assert 5 * bet[50] < bet[-1] < 15 * bet[50]
    assert raised[-1] > 25 * raised[50]
    # a population of threshold players only: a bettor is far more often strong
    sure = ActionRead(roll_bets=1, roll_open=1).likelihood(pct, RangeModel(strategic=1.0))
    assert sure[-1] > 40 * sure[50]
    checks = ActionRead(roll_checks=2, roll_open=2).likelihood(pct, model)
    assert np.all(np.diff(checks) <= 0)
    assert checks[-1] < checks[0] / 2
    silent = ActionRead()
    assert silent.silent
    assert np.all(silent.likelihood(pct, model) == 1.0)
    # erratic bettors tilt mildly: the weak/strong ratio stays moderate
    erratic = ActionRead(roll_bets=1, roll_checks=1).likelihood(pct, model)
    assert 0.0 < erratic[50] / erratic[-1] < 1.0
    assert erratic[50] / erratic[-1] > bet[50] / bet[-1]


def test_posterior_of_a_bettor_sits_mostly_above_the_threshold() -> None:
    # Random seven-card hands as the prior: after a bet most posterior weight is above t_bet.
    model = RangeModel()
    hands = sample_deals(tuple(range(52)), 7, 50_000, np.random.default_rng(3))
    h, lo = hand_values(hands, Split.HIGH_ONLY)
    pct = strength_percentiles(h, lo, Split.HIGH_ONLY)
    above = pct >= model.bet_threshold
    prior_above = float(above.mean())

    def posterior_above(read: ActionRead) -> float:
        weights = read.likelihood(pct, model)
        return float(weights[above].sum() / weights.sum())

    assert prior_above < 0.1
    assert posterior_above(ActionRead(roll_bets=1, roll_open=1)) > 3 * prior_above
    # from under a tenth to the larger part of the weight after a bet and two re-raises
    assert posterior_above(ActionRead(roll_bets=3, roll_open=1, roll_facing=2)) > 0.5


def test_range_model_checks_its_parameters() -> None:
    with pytest.raises(ValueError, match="bet_floor"):
        RangeModel(bet_floor=1.5)
    with pytest.raises(ValueError, match="width"):
        RangeModel(width=0.0)
    with pytest.raises(ValueError, match="strategic"):
        RangeModel(strategic=-0.1)


def test_a_roll_bettor_lowers_equity_and_a_consistent_one_arranges_well() -> None:
    me = SeatKnowledge(
        hand=cards("Tc Td Th 4s 2c"),
        opponents=(OpponentInfo(seat=1, revealed=cards("9h 6d")),),
    )
    kwargs: dict[str, Any] = {"split": Split.HIGH_ONLY, "trials": 4_000, "rng": 1, "exact_limit": 0}
    plain = equity(me, **kwargs)
    silent = equity(me, reads={1: ActionRead()}, **kwargs)
    raiser = ActionRead(roll_bets=2, roll_open=1, roll_facing=1)
    bettor = equity(me, reads={1: raiser}, **kwargs)
    checker = equity(me, reads={1: ActionRead(roll_checks=2, roll_open=2)}, **kwargs)
    assert silent == plain
    assert bettor.share < plain.share - 0.2
    assert checker.share > plain.share
    # careless arrangers weaken the field, but not a player that bets its five
    careless = equity(me, rational=0.5, **kwargs)
    careful = equity(me, rational=0.5, reads={1: raiser}, **kwargs)
    assert careless.share > plain.share
    assert careful.share < careless.share - 0.2
