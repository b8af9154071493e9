"""The OpenSpiel game python_anaconda: OpenSpiel's own random-simulation checks, one of its
algorithms (MCTS) playing it, the deal by chance nodes as the engine deals, and
information states that hold exactly what a seat may know."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import HandState, Seat
from anaconda_poker.rl.encoding import BET_MIN, CHECK_CALL
from anaconda_poker.rl.spiel import GAME_NAME, AnacondaState


def _load(**params: object) -> pyspiel.Game:
    return pyspiel.load_game(GAME_NAME, params)


def _deal(state: AnacondaState, cards: list[int]) -> None:
    for card in cards:
        assert state.is_chance_node()
        state.apply_action(card)


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2},
        {"players": 3, "betting": "no_limit", "stack": 40},
        {"players": 5, "cards_dealt": 9, "betting": "pot_limit"},
        {"players": 2, "declare": "declare", "stack": 30},
    ],
    ids=["fixed-2", "no-limit-3", "pot-limit-9-cards-5", "declare-2"],
)
def test_random_sim_test(params: dict[str, object]) -> None:
    pyspiel.random_sim_test(_load(**params), num_sims=5, serialize=True, verbose=False)


def test_mcts_against_uniform_random() -> None:
    """OpenSpiel's MCTS bot (random rollouts; it searches the true state, so it sees every
    card: a check that the algorithm runs on the game, not a fair match) against a
    uniform random bot, heads-up: every game is zero-sum and MCTS comes out ahead."""
    game = _load(players=2, stack=20)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=16, evaluator=evaluator, random_state=rng
    )
    total = 0.0
    for g in range(6):
        bots = [searcher, pyspiel.make_uniform_random_bot(1, g)]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert returns[0] == -returns[1]
        assert abs(returns[0]) <= 20
        total += returns[0]
    assert total > 0


def test_chance_nodes_deal_as_the_engine() -> None:
    game = _load(players=3, button=1)
    state = game.new_initial_state()
    cards = list(range(51, 51 - 21, -1))
    assert [c for c, _ in state.chance_outcomes()] == list(range(52))
    _deal(state, cards[:5])
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 47 and all(p == pytest.approx(1 / 47) for _, p in outcomes)
    _deal(state, cards[5:])
    assert not state.is_chance_node()
    deck = cards + [c for c in range(52) if c not in cards]
    engine = HandState(
        TableConfig(), seats=[Seat(name=str(s), stack=500) for s in range(3)], button=1, deck=deck
    )
    assert state.hand is not None
    assert state.hand.state.hands == engine.hands
    assert state.current_player() == engine.to_act[0] == 2


def test_information_state_holds_own_cards_only() -> None:
    game = _load(players=3, button=2)
    rest = list(range(21, 52))
    a, b = game.new_initial_state(), game.new_initial_state()
    # seat 0 gets cards 0, 3, 6, ... in both deals; seats 1 and 2 get different cards
    deal_a = list(range(21))
    deal_b = [deal_a[k] if k % 3 == 0 else rest[k] for k in range(21)]
    _deal(a, deal_a)
    _deal(b, deal_b)
    for kind in ("information_state", "observation"):
        tensor = getattr(a, f"{kind}_tensor")
        other = getattr(b, f"{kind}_tensor")
        assert tensor(0) == other(0)
        assert tensor(1) != other(1)
        assert getattr(a, f"{kind}_string")(0) == getattr(b, f"{kind}_string")(0)


def test_information_state_remembers_the_order_of_betting() -> None:
    """Check, bet, call and bet, call leave the same chips: the observation is the same,
    the information state (perfect recall) is not."""
    game = _load(players=2, button=1)
    cards = list(range(14))
    a, b = game.new_initial_state(), game.new_initial_state()
    _deal(a, cards)
    _deal(b, cards)
    for action in (CHECK_CALL, BET_MIN, CHECK_CALL):
        a.apply_action(action)
    for action in (BET_MIN, CHECK_CALL):
        b.apply_action(action)
    assert a.current_player() == b.current_player()
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.information_state_tensor(0) != b.information_state_tensor(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_string(1) != b.information_state_string(1)


def test_returns_are_the_engines_chips() -> None:
    game = _load(players=4, stack=30)
    rng = np.random.default_rng(2)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [c for c, _ in state.chance_outcomes()]
                state.apply_action(int(rng.choice(outcomes)))
            else:
                legal = state.legal_actions()
                state.apply_action(int(rng.choice(legal[1:] if len(legal) > 1 else legal)))
        hand = state.hand
        assert hand is not None and hand.state.result is not None
        net = hand.state.result.net
        assert state.returns() == [float(net.get(s, 0)) for s in range(4)]
        assert state.returns() == [float(hand.state.stack[s] - 30) for s in range(4)]
        assert sum(state.returns()) == 0


def test_bad_parameters_are_rejected() -> None:
    with pytest.raises(ValueError, match="stack must be at least 1 chip"):
        _load(players=2, stack=0)
    with pytest.raises(ValueError, match="button 5 is not a seat of 3"):
        _load(players=3, button=5)
