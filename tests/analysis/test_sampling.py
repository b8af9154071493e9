"""A kept sample (``analysis/sampling.py``) scores exactly like sampling again with the same
generator, and the montecarlo bot asks a question with unchanged card knowledge on the deals
it drew for the first (one seed per knowledge, whatever the bets)."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from test_fast_paths import situation  # this folder is on sys.path (conftest.py)

from anaconda_poker.analysis.equity import SeatKnowledge, equity
from anaconda_poker.analysis.knowledge import knowledge_from_view
from anaconda_poker.analysis.ranges import ActionRead
from anaconda_poker.analysis.sampling import sample_field
from anaconda_poker.bots.check_call import play_check_call
from anaconda_poker.bots.montecarlo import MonteCarloBot
from anaconda_poker.bots.registry import create_bot
from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.state import HandState, Seat

SPLITS = st.sampled_from(list(Split))


def _at_arrangement(config: TableConfig, seed: int) -> HandState:
    """Four heuristic bots pass (betting is check or call) until the first seat arranges."""
    bots = [create_bot("heuristic", config=config, rng=random.Random(s)) for s in range(4)]
    state = HandState(
        config,
        seats=[Seat(name=f"p{s}", stack=500) for s in range(4)],
        button=3,
        rng=random.Random(seed),
    )
    play_check_call(state, bots, stop_at=ActionKind.ARRANGE)
    return state


def _reads(knowledge: SeatKnowledge, bets: int) -> dict[int, ActionRead]:
    return {
        o.seat: ActionRead(roll_bets=bets, roll_calls=1, roll_open=bets, roll_facing=1)
        for o in knowledge.active
    }


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    split=SPLITS,
    arranged=st.booleans(),
    rational=st.sampled_from([1.0, 0.7]),
)
def test_a_kept_sample_scores_like_sampling_again(
    seed: int, split: Split, arranged: bool, rational: float
) -> None:
    knowledge = situation(seed, hand_size=5 if arranged else 7, revealed=arranged)
    common = {
        "split": split,
        "trials": 150,
        "exact_limit": 500 if seed % 2 else 0,
        "rational": rational,
        "consistency": 0.2,
    }
    kept = sample_field(knowledge, rng=np.random.default_rng(seed), **common).materialised()
    # several questions on the one sample: other reads, with and without the bet pricing
    for bets, pot in ((0, None), (1, 40), (2, 40), (0, 12)):
        asked = {**common, "reads": _reads(knowledge, bets), "pot": pot, "bet": 4}
        fresh = equity(knowledge, rng=np.random.default_rng(seed), **asked)
        assert equity(knowledge, sample=kept, **asked) == fresh


def test_a_kept_passing_sample_scores_like_sampling_again() -> None:
    config = TableConfig(split=Split.HIGH_LOW_8)
    state = _at_arrangement(config, seed=3)
    view = state.view(state.to_act[0])
    bot = MonteCarloBot(config=config, rng=random.Random(0))
    model = bot.opponent_model(view)
    assert model is not None
    knowledge = knowledge_from_view(view, config)
    common = {
        "split": config.split,
        "trials": 80,
        "exact_limit": 0,
        "rational": 0.7,
        "consistency": 0.2,
        "opponents": model,
    }
    kept = sample_field(knowledge, rng=np.random.default_rng(9), **common).materialised()
    for bets in (0, 2):
        asked = {**common, "reads": _reads(knowledge, bets), "pot": 30, "bet": 4}
        fresh = equity(knowledge, rng=np.random.default_rng(9), **asked)
        assert equity(knowledge, sample=kept, **asked) == fresh


def test_the_bot_asks_again_on_the_deals_of_the_same_knowledge() -> None:
    config = TableConfig(split=Split.HIGH_ONLY)
    knowledge = situation(11, hand_size=5, revealed=True)
    for reference in (False, True):
        bot = MonteCarloBot(
            config=config, rng=random.Random(4), samples=120, reference=reference, exact_limit=0
        )
        seed = random.Random(4).getrandbits(64)  # the one seed the bot draws
        first = bot.equity(knowledge, {}, None, 0, _reads(knowledge, 0))
        second = bot.equity(knowledge, {}, 40, 4, _reads(knowledge, 2))
        asked = {
            "split": config.split,
            "trials": 120,
            "exact_limit": 0,
            "consistency": bot.consistency,
            "rational": bot.rational,
            "fold_below": bot.fold_below,
            "range_model": bot.range_model,
            "aggression": {},
        }
        assert first == equity(
            knowledge, rng=np.random.default_rng(seed), reads=_reads(knowledge, 0), **asked
        )
        assert second == equity(
            knowledge,
            rng=np.random.default_rng(seed),
            reads=_reads(knowledge, 2),
            pot=40,
            bet=4,
            **asked,
        )
        # new card knowledge: new deals, from the next seed of the bot's stream
        other = situation(12, hand_size=5, revealed=True)
        third = bot.equity(other, {}, None, 0, _reads(other, 0))
        generator = random.Random(4)
        generator.getrandbits(64)
        assert third == equity(
            other,
            rng=np.random.default_rng(generator.getrandbits(64)),
            reads=_reads(other, 0),
            **asked,
        )
