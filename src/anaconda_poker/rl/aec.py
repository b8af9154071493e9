"""PettingZoo AEC environment: one hand of Anaconda per episode (RULES.md §2).

>>> from anaconda_poker.rl.aec import env
>>> table = env(num_players=3)
>>> table.reset(seed=7)
>>> for agent in table.agent_iter():
...     observation, reward, termination, truncation, info = table.last()
...     action = None if termination or truncation else (
...         table.action_space(agent).sample(observation["action_mask"]))
...     table.step(action)
>>> sorted(table.rewards) == []  # every agent has left the finished hand
True

Agents are ``player_0`` … ``player_{n-1}`` (seat numbers). Observations are dicts
``{"observation": float32 vector, "action_mask": int8 vector}`` and actions are indices of
the encoding documented in :mod:`anaconda_poker.rl.encoding`. Passing, arranging and
declaring are simultaneous in the rules: here the seats still to choose are selected one
after the other (clockwise from the dealer's left); none sees another's choice and the
engine applies them together once all are in. Arranging takes five steps of the same agent
(one card each). Rewards are the chips each seat won or lost, given when the hand ends.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from anaconda_poker.core.cards import format_cards
from anaconda_poker.core.config import TableConfig
from anaconda_poker.rl.encoding import Encoding
from anaconda_poker.rl.hand import DEFAULT_STACK, LearningHand

__all__ = ["env", "raw_env"]

Observation = dict[str, npt.NDArray[Any]]


def observation_space(encoding: Encoding) -> spaces.Dict:
    """The Dict space of one seat's observation and action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=0.0, high=1.0, shape=(encoding.observation_size(),), dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(encoding.num_actions,), dtype=np.int8),
        }
    )


class raw_env(AECEnv[str, Observation, int | None]):  # type: ignore[misc]  # untyped base
    """The unwrapped AEC environment (use :func:`env` for PettingZoo's checks of use).

    Args:
        config: the table's rules (``TableConfig()`` by default).
        num_players: seats at the table, 2..``config.max_players()``.
        stack: chips of every seat at the start of each hand (``>= 1``).
        render_mode: ``None``, ``"ansi"`` (``render()`` returns text) or ``"human"``
            (prints it).

    ``reset(seed=s)`` seeds the deck and the button; ``reset()`` without a seed goes on
    with the same random stream. ``reset(options={"button": b})`` fixes the dealer.

    Raises:
        InvalidConfigError: too few or too many players for the deck.
        ValueError: ``stack < 1`` or an unknown render mode.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "anaconda_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        config: TableConfig | None = None,
        num_players: int = 4,
        stack: int = DEFAULT_STACK,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode {render_mode!r}; allowed: None, 'ansi', 'human'")
        if stack < 1:
            raise ValueError(f"stack must be at least 1 chip, got {stack}")
        self.encoding = Encoding(config or TableConfig(), num_players)
        self.stack = stack
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.agents: list[str] = []
        obs_space = observation_space(self.encoding)
        act_space = spaces.Discrete(self.encoding.num_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self._rng = random.Random()
        self._hand: LearningHand | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same Dict space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_actions)`` for every agent."""
        return self.action_spaces[agent]

    @property
    def hand(self) -> LearningHand:
        """The hand being played (after :meth:`reset`).

        Raises:
            RuntimeError: before the first reset.
        """
        if self._hand is None:
            raise RuntimeError("call reset() before using the environment")
        return self._hand

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (see the class docstring for ``seed`` and ``options``)."""
        if seed is not None:
            self._rng = random.Random(seed)
        n = self.encoding.num_players
        button = (options or {}).get("button")
        if button is None:
            button = self._rng.randrange(n)
        self._hand = LearningHand(self.encoding, button=button, stack=self.stack, rng=self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.hand.current_seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation and action mask (all zeros unless it is to act)."""
        seat = self.possible_agents.index(agent)
        hand = self.hand
        return {"observation": hand.observe(seat), "action_mask": hand.mask(seat)}

    def step(self, action: int | None) -> None:
        """Play ``action`` for :attr:`agent_selection`; ``None`` once it is terminated.

        Raises:
            IllegalActionError: the action is not legal now (the hand is unchanged).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: pass an action index, not None")
        hand = self.hand
        hand.step(int(action))
        self._cumulative_rewards[agent] = 0.0
        if hand.is_complete:
            for a, chips in zip(self.agents, hand.net(), strict=True):
                self.rewards[a] = float(chips)
                self.terminations[a] = True
        else:
            self._select()
        self._accumulate_rewards()
        if hand.is_complete:
            self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """Public text of the hand (what a spectator sees, RULES.md §7)."""
        if self._hand is None:
            return None
        state = self._hand.state
        lines = [f"{state.phase.value} round {state.betting_round} pot {state.pot_total}"]
        for s in range(self.encoding.num_players):
            shown = format_cards(state.revealed(s))
            status = "folded" if not state.live[s] else f"stack {state.stack[s]}"
            lines.append(f"  player_{s}: {status} bet {state.bet[s]} shows [{shown}]")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(**kwargs: Any) -> AECEnv[str, Observation, int | None]:
    """:class:`raw_env` wrapped in PettingZoo's standard checks (action bounds, call order).

    Keyword arguments are those of :class:`raw_env`.
    """
    wrapped: AECEnv[str, Observation, int | None] = raw_env(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
