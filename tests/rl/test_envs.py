"""The PettingZoo and Gymnasium environments pass their libraries' own checkers, are
deterministic for a seed and pay exactly the chips the engine awards."""

from __future__ import annotations

import random

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import HandState, Seat
from anaconda_poker.rl.aec import env, raw_env
from anaconda_poker.rl.encoding import IllegalActionError
from anaconda_poker.rl.single_agent import ENV_ID, SingleSeatEnv

CONFIGS = [
    pytest.param(TableConfig(), 4, id="fixed-limit-4"),
    pytest.param(TableConfig(betting="no_limit"), 3, id="no-limit-3"),
    pytest.param(TableConfig(betting="pot_limit", cards_dealt=9), 5, id="pot-limit-9-cards-5"),
    pytest.param(TableConfig(declare="declare", forced_bet="dealer_ante"), 2, id="declare-2"),
]


def _choose(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A random legal action that folds only one time in ten (so hands reach the roll)."""
    legal = np.flatnonzero(mask)
    if len(legal) > 1 and legal[0] == 0 and rng.random() > 0.1:
        legal = legal[1:]
    return int(rng.choice(legal))


def _random_hand(table: raw_env, seed: int, rng: np.random.Generator) -> list[int]:
    """Play one hand with uniformly random legal actions; returns the actions taken."""
    table.reset(seed=seed)
    taken: list[int] = []
    for agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            continue
        assert table.observation_space(agent).contains(observation)
        action = _choose(observation["action_mask"], rng)
        taken.append(action)
        table.step(action)
    return taken


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")  # Dict observations, as rlcard's
@pytest.mark.parametrize(("config", "players"), CONFIGS)
def test_pettingzoo_api_test(config: TableConfig, players: int) -> None:
    api_test(env(config=config, num_players=players), num_cycles=200)


@pytest.mark.parametrize(("config", "players"), CONFIGS[:2])
def test_pettingzoo_seed_test(config: TableConfig, players: int) -> None:
    seed_test(lambda: env(config=config, num_players=players), num_cycles=200)


@pytest.mark.parametrize(("config", "players"), CONFIGS)
def test_rewards_are_the_chips_won_and_lost(config: TableConfig, players: int) -> None:
    """Random play; each hand's rewards equal stacks after minus before, summing to 0, and
    an independent engine replaying the same deck and actions reaches the same stacks."""
    table = raw_env(config=config, num_players=players, stack=40)
    rng = np.random.default_rng(11)
    kinds: set[ActionKind] = set()
    for seed in range(12):
        table.reset(seed=seed)
        hand = table.hand
        deck = hand.state.deck_order
        button = hand.state.button
        rewards: dict[str, float] = {}
        for agent in table.agent_iter():
            observation, reward, termination, _, _ = table.last()
            if termination:
                rewards[agent] = reward
                table.step(None)
                continue
            table.step(_choose(observation["action_mask"], rng))
        state = hand.state
        kinds |= {action.kind for _, action in state.actions}
        assert deck is not None
        replay = HandState(
            config,
            seats=[Seat(name=f"p{s}", stack=40) for s in range(players)],
            button=button,
            deck=deck,
        )
        for seat, action in state.actions:
            replay.apply(seat, action)
        assert replay.is_complete
        expected = {f"player_{s}": float(replay.stack[s] - 40) for s in range(players)}
        assert rewards == expected
        assert sum(rewards.values()) == 0
    assert {ActionKind.PASS, ActionKind.ARRANGE, ActionKind.FOLD} <= kinds
    if config.declare.value == "declare":
        assert ActionKind.DECLARE in kinds


def test_same_seed_same_hand_and_other_seed_other_hand() -> None:
    rng_a, rng_b = np.random.default_rng(5), np.random.default_rng(5)
    a, b = raw_env(num_players=4), raw_env(num_players=4)
    assert _random_hand(a, 21, rng_a) == _random_hand(b, 21, rng_b)
    assert a.hand.state.actions == b.hand.state.actions
    assert a.hand.state.deck_order == b.hand.state.deck_order
    a.reset(seed=22)
    assert a.hand.state.deck_order != b.hand.state.deck_order


def test_reset_without_seed_continues_the_stream() -> None:
    a, b = raw_env(num_players=3), raw_env(num_players=3)
    a.reset(seed=3)
    b.reset(seed=3)
    a.reset()
    b.reset()
    assert a.hand.state.deck_order == b.hand.state.deck_order
    c = raw_env(num_players=3)
    c.reset(seed=3)
    assert c.hand.state.deck_order != a.hand.state.deck_order


def test_illegal_action_raises_and_changes_nothing() -> None:
    table = raw_env(num_players=3)
    table.reset(seed=1, options={"button": 0})
    agent = table.agent_selection
    before = table.observe(agent)["observation"].copy()
    with pytest.raises(IllegalActionError, match="not legal"):
        table.step(table.hand.encoding.pick_base)
    assert table.agent_selection == agent
    np.testing.assert_array_equal(table.observe(agent)["observation"], before)


def test_passing_agents_are_selected_in_turn_without_seeing_choices() -> None:
    table = raw_env(num_players=3)
    table.reset(seed=4, options={"button": 2})
    while table.hand.state.phase.value == "betting":
        table.step(1)
    order = []
    for _ in range(3):
        agent = table.agent_selection
        order.append(agent)
        mask = table.observe(agent)["action_mask"]
        table.step(int(np.flatnonzero(mask)[0]))
    # clockwise from the dealer's left, each exactly once, then the next betting round
    assert order == ["player_0", "player_1", "player_2"]
    assert table.hand.state.phase.value == "betting"
    assert table.hand.state.betting_round == 2


def test_gymnasium_check_env() -> None:
    check_env(SingleSeatEnv(opponents=("heuristic", "random")), skip_render_check=True)
    check_env(
        SingleSeatEnv(TableConfig(betting="no_limit"), opponents=("calling-station",), seat=1),
        skip_render_check=True,
    )


def test_single_seat_pays_the_engines_net_and_is_deterministic() -> None:
    def play(seed: int) -> tuple[float, tuple[tuple[int, Action], ...]]:
        game = SingleSeatEnv(opponents=("heuristic", "random", "calling-station"), seat=2)
        observation, _ = game.reset(seed=seed)
        rng = random.Random(seed)
        total = 0.0
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            assert legal == np.flatnonzero(game.action_masks()).tolist()
            observation, reward, done, truncated, info = game.step(rng.choice(legal))
            assert not truncated
            assert "illegal_action" not in info
            total += reward
        result = game.hand.state.result
        assert result is not None
        assert total == result.net[2]
        return total, game.hand.state.actions

    for seed in range(4):
        assert play(seed) == play(seed)
    assert play(0)[1] != play(1)[1]


def test_single_seat_illegal_modes() -> None:
    strict = SingleSeatEnv(opponents=("random",), illegal_action="raise")
    observation, _ = strict.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[-1])
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    lenient = SingleSeatEnv(opponents=("random",))
    observation, _ = lenient.reset(seed=2)
    before = lenient.hand.state.action_count
    _, _, _, _, info = lenient.step(illegal)
    assert info == {"illegal_action": True}
    seat_actions = [a for s, a in lenient.hand.state.actions[before:] if s == 0]
    assert seat_actions[0] in (Action.check(), Action.call())
    with pytest.raises(ValueError, match="seat 3 is not at a table of 2"):
        SingleSeatEnv(opponents=("random",), seat=3)


def test_gymnasium_make_builds_the_registered_env() -> None:
    import gymnasium

    game = gymnasium.make(ENV_ID, opponents=("random", "heuristic"), seat=1, stack=50)
    observation, _ = game.reset(seed=8)
    direct = SingleSeatEnv(opponents=("random", "heuristic"), seat=1, stack=50)
    expected, _ = direct.reset(seed=8)
    np.testing.assert_array_equal(observation["observation"], expected["observation"])
    done = False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[-1])
        observation, reward, done, _, _ = game.step(action)
    hand = game.unwrapped.hand  # type: ignore[attr-defined]
    assert reward == hand.net()[1]
    assert hand.state.starting_total == 150
