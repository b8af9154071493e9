"""Gymnasium environment: one seat of a hand of Anaconda against bots from
:mod:`anaconda_poker.bots` (one hand per episode).

>>> from anaconda_poker.rl.single_agent import SingleSeatEnv
>>> game = SingleSeatEnv(opponents=("heuristic", "random"))
>>> observation, info = game.reset(seed=3)
>>> observation["observation"].shape == game.observation_space["observation"].shape
True

Observations and actions are those of :mod:`anaconda_poker.rl.encoding` (the same Dict
space as the PettingZoo environment). The bots decide from their own seat's view only
(RULES.md §7), exactly as in the arena. The reward is the chips the learning seat won or
lost, given at the step that ends the hand.

Illegal actions: the mask in the observation (and :meth:`SingleSeatEnv.action_masks`, the
name ``sb3-contrib``'s MaskablePPO looks for) tells which indices are legal. With
``illegal_action="raise"`` an illegal index raises :class:`IllegalActionError`; with
``"fallback"`` (the default, so that unmasked samplers such as Gymnasium's checker can
play) it is replaced by check/call when betting, else by the lowest legal index, and
``info["illegal_action"]`` is ``True``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from anaconda_poker.bots.protocol import Bot
from anaconda_poker.bots.registry import BOTS, UnknownBotError, create_bot
from anaconda_poker.core.config import TableConfig
from anaconda_poker.rl.aec import Observation, observation_space
from anaconda_poker.rl.encoding import CHECK_CALL, Encoding, IllegalActionError, Mask
from anaconda_poker.rl.hand import DEFAULT_STACK, LearningHand

__all__ = ["ENV_ID", "SingleSeatEnv"]

ENV_ID = "anaconda_poker/SingleSeat-v0"
"""The Gymnasium id registered when this module is imported:
``gymnasium.make(ENV_ID, opponents=(...), ...)`` takes :class:`SingleSeatEnv`'s arguments."""


class SingleSeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One learning seat against bots.

    Args:
        config: the table's rules (``TableConfig()`` by default).
        opponents: a bot name per other seat (``random``, ``calling-station``,
            ``heuristic``, ``montecarlo``); the table has ``len(opponents) + 1`` seats.
        seat: the learning seat's number; the bots sit in the others in order.
        stack: chips of every seat at the start of each hand.
        bot_options: keyword options per bot name, e.g. ``{"montecarlo": {"samples": 50}}``.
        illegal_action: ``"fallback"`` or ``"raise"`` (see the module docstring).

    ``reset(seed=s)`` seeds the deck, the button and every bot; ``reset()`` without a seed
    goes on with the same random stream.

    Raises:
        UnknownBotError: an unknown bot name.
        ValueError: a seat outside the table, ``stack < 1`` or a bad ``illegal_action``.
        InvalidConfigError: too few or too many players.
    """

    def __init__(
        self,
        config: TableConfig | None = None,
        opponents: Sequence[str] = ("heuristic", "heuristic", "random"),
        seat: int = 0,
        stack: int = DEFAULT_STACK,
        bot_options: Mapping[str, Mapping[str, Any]] | None = None,
        illegal_action: Literal["fallback", "raise"] = "fallback",
    ) -> None:
        for name in opponents:
            if name.replace("_", "-") not in BOTS:
                raise UnknownBotError(f"unknown bot {name!r}; bots are {', '.join(BOTS)}")
        players = len(opponents) + 1
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not at a table of {players} (0..{players - 1})")
        if stack < 1:
            raise ValueError(f"stack must be at least 1 chip, got {stack}")
        if illegal_action not in ("fallback", "raise"):
            raise ValueError(f"illegal_action {illegal_action!r}; allowed: fallback, raise")
        self.encoding = Encoding(config or TableConfig(), players)
        self.opponents = tuple(opponents)
        self.seat = seat
        self.stack = stack
        self.bot_options = dict(bot_options or {})
        self.illegal_action = illegal_action
        self.observation_space = observation_space(self.encoding)
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self._rng = random.Random()
        self._hand: LearningHand | None = None
        self._bots: dict[int, Bot] = {}

    @property
    def hand(self) -> LearningHand:
        """The hand being played.

        Raises:
            RuntimeError: before the first reset.
        """
        if self._hand is None:
            raise RuntimeError("call reset() before using the environment")
        return self._hand

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new hand and let the bots act until the learning seat is to act.

        ``options={"button": b}`` fixes the dealer.
        """
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        rng = self._rng
        players = self.encoding.num_players
        others = [s for s in range(players) if s != self.seat]
        self._bots = {
            s: create_bot(
                name,
                config=self.encoding.config,
                rng=random.Random(rng.getrandbits(64)),
                **self.bot_options.get(name, {}),
            )
            for s, name in zip(others, self.opponents, strict=True)
        }
        button = (options or {}).get("button")
        if button is None:
            button = rng.randrange(players)
        self._hand = LearningHand(self.encoding, button=button, stack=self.stack, rng=rng)
        self._play_bots()
        return self._observation(), {}

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the learning seat, then the bots until it is to act again or
        the hand is over.

        Raises:
            IllegalActionError: an illegal index with ``illegal_action="raise"``, or a step
                after the hand ended (call reset).
        """
        hand = self.hand
        if hand.is_complete:
            raise IllegalActionError("the hand is over: call reset() before step()")
        index = int(action)
        info: dict[str, Any] = {}
        mask = hand.mask(self.seat)
        if not 0 <= index < len(mask) or not mask[index]:
            if self.illegal_action == "raise":
                legal = np.flatnonzero(mask).tolist()
                raise IllegalActionError(f"action {index} is not legal now; legal are {legal}")
            info["illegal_action"] = True
            index = CHECK_CALL if mask[CHECK_CALL] else int(np.flatnonzero(mask)[0])
        hand.step(index)
        self._play_bots()
        reward = float(hand.net()[self.seat]) if hand.is_complete else 0.0
        return self._observation(), reward, hand.is_complete, False, info

    def action_masks(self) -> Mask:
        """The legal-action mask now (``int8``; all zeros once the hand is over)."""
        return self.hand.mask(self.seat)

    def _play_bots(self) -> None:
        hand = self.hand
        state = hand.state
        while (seat := hand.current_seat) is not None and seat != self.seat:
            action = self._bots[seat].act(state.view(seat), state.legal_actions(seat))
            state.apply(seat, action)

    def _observation(self) -> Observation:
        hand = self.hand
        observation: npt.NDArray[np.float32] = hand.observe(self.seat)
        return {"observation": observation, "action_mask": hand.mask(self.seat)}


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:SingleSeatEnv")
