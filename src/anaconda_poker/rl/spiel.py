"""OpenSpiel: one hand of Anaconda as the Python game ``python_anaconda``.

>>> import pyspiel
>>> import anaconda_poker.rl.spiel  # registers the game
>>> game = pyspiel.load_game("python_anaconda", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)

- **Chance nodes** deal the cards one at a time clockwise from the dealer's left, as the
  rules do (RULES.md §2.2): each outcome is a card code 0..51 (``rank * 4 + suit``) among
  those not yet dealt, uniformly. With ``cards_dealt=9`` the last two of each seat are its
  hidden cards (§6).
- **Decisions** use the action indices of :mod:`anaconda_poker.rl.encoding` (the same as
  the PettingZoo environment). Passing, arranging and declaring are simultaneous in the
  rules; here they are in OpenSpiel's **sequential form**: the seats still to choose move
  one after another clockwise from the dealer's left, nobody's information state shows
  another seat's pending choice, and the engine applies the choices together.
- **Observation tensor**: the encoding's observation vector (not perfect recall).
  **Information-state tensor**: the observation followed by, for each betting round and
  each seat (relative to the observer), the number of checks, calls, bets or raises, and
  folds (each divided by 16) and the chips put in that round (divided by the chips at the
  table). The **information-state string** is exact (perfect recall): the seat's cards,
  passes and stack order, and every public action in order.
- **Returns** are the chips each seat won or lost (zero-sum).

Parameters (``pyspiel.load_game("python_anaconda", {...})``): ``players`` (2..7, default
4), ``stack`` (chips per seat, 500), ``button`` (dealer's seat, ``-1`` = the last seat),
and the table rules ``betting`` (``fixed_limit``, ``pot_limit``, ``no_limit``), ``split``,
``declare``, ``cards_dealt`` (7 or 9), ``ante``, ``small_bet``, ``big_bet`` (0 = twice the
small bet), as in :class:`~anaconda_poker.core.config.TableConfig` (RULES.md §6).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.cards import card_str, format_cards
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.views import public_log
from anaconda_poker.rl.encoding import Encoding
from anaconda_poker.rl.hand import DEFAULT_STACK, LearningHand

__all__ = ["GAME_NAME", "AnacondaGame", "AnacondaState", "table_config"]

GAME_NAME = "python_anaconda"

_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "stack": DEFAULT_STACK,
    "button": -1,
    "betting": "fixed_limit",
    "split": "high_low_8",
    "declare": "cards_speak",
    "cards_dealt": 7,
    "ante": 1,
    "small_bet": 2,
    "big_bet": 0,
}
_HISTORY_KINDS = (ActionKind.CHECK, ActionKind.CALL, ActionKind.RAISE, ActionKind.FOLD)
_HISTORY_FEATURES = len(_HISTORY_KINDS) + 1
_COUNT_SCALE = 16.0

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Anaconda (pass the trash) poker",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=7,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def table_config(params: dict[str, Any]) -> TableConfig:
    """The :class:`TableConfig` of game parameters (missing ones take the defaults).

    Raises:
        anaconda_poker.core.errors.InvalidConfigError: a bad rule value.
    """
    merged = {**_DEFAULTS, **params}
    return TableConfig(
        betting=merged["betting"],
        split=merged["split"],
        declare=merged["declare"],
        cards_dealt=int(merged["cards_dealt"]),
        ante=int(merged["ante"]),
        small_bet=int(merged["small_bet"]),
        big_bet=int(merged["big_bet"]),
    )


class AnacondaGame(pyspiel.Game):  # type: ignore[misc]  # untyped base
    """The game ``python_anaconda`` (see the module docstring for its parameters).

    Raises:
        anaconda_poker.core.errors.InvalidConfigError: bad rules or player count.
        ValueError: ``stack < 1`` or a button outside the table.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_DEFAULTS, **(params or {})}
        players = int(merged["players"])
        self.encoding = Encoding(table_config(merged), players)
        self.stack = int(merged["stack"])
        if self.stack < 1:
            raise ValueError(f"stack must be at least 1 chip, got {self.stack}")
        button = int(merged["button"])
        self.button = players - 1 if button == -1 else button
        if not 0 <= self.button < players:
            raise ValueError(f"button {button} is not a seat of {players} (or -1 = last)")
        config = self.encoding.config
        # a betting round ends after at most one raise per chip of the smallest raise
        per_round = players * (2 + self.stack // max(1, config.small_bet))
        length = (
            players * config.cards_dealt
            + config.betting_rounds * per_round
            + players * (len(config.pass_counts) + 5 + 1)
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=52,
            num_players=players,
            min_utility=-float(self.stack),
            max_utility=float(self.stack * (players - 1)),
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(_GAME_TYPE, info, merged)

    def new_initial_state(self) -> AnacondaState:
        """A state before the deal (a chance node)."""
        return AnacondaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> AnacondaObserver:
        """The observer for ``iig_obs_type`` (perfect recall = information state)."""
        if params:
            raise ValueError(f"observer parameters are not supported, got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return AnacondaObserver(self.encoding, perfect_recall=perfect_recall)


class AnacondaState(pyspiel.State):  # type: ignore[misc]  # untyped base
    """A hand of ``python_anaconda``: the deal as chance nodes, then a :class:`LearningHand`."""

    def __init__(self, game: AnacondaGame) -> None:
        super().__init__(game)
        self.encoding = game.encoding
        self.stack = game.stack
        self.button = game.button
        self.dealt: list[int] = []
        self.hand: LearningHand | None = None

    # -- OpenSpiel API
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` during the deal, ``TERMINAL`` at the end."""
        hand = self.hand
        if hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = hand.current_seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        hand = self.hand
        assert hand is not None and player >= 0
        return [int(i) for i in np.flatnonzero(hand.mask(player))]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The undealt cards, each with equal probability."""
        dealt = set(self.dealt)
        left = [c for c in range(52) if c not in dealt]
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        if self.hand is not None:
            self.hand.step(int(action))
            return
        self.dealt.append(int(action))
        players = self.encoding.num_players
        if len(self.dealt) == players * self.encoding.config.cards_dealt:
            self.hand = LearningHand(
                self.encoding, button=self.button, stack=self.stack, dealt=self._by_seat()
            )

    def _by_seat(self) -> dict[int, list[int]]:
        """Cards dealt so far per seat: the k-th card goes to the k-th seat clockwise from
        the dealer's left (RULES.md §2.2)."""
        players = self.encoding.num_players
        order = [(self.button + 1 + k) % players for k in range(players)]
        by_seat: dict[int, list[int]] = {s: [] for s in range(players)}
        for k, card in enumerate(self.dealt):
            by_seat[order[k % players]].append(card)
        return by_seat

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal:{card_str(int(action))}"
        return self.encoding.describe(int(action))

    def is_terminal(self) -> bool:
        """True once the hand is over."""
        return self.hand is not None and self.hand.is_complete

    def returns(self) -> list[float]:
        """Chips won or lost per seat (zeros until the end)."""
        if self.hand is None:
            return [0.0] * self.encoding.num_players
        return [float(x) for x in self.hand.net()]

    def __str__(self) -> str:
        """Everything (for debugging): the deal, then the engine's actions."""
        by_seat = self._by_seat()
        text = " | ".join(f"{s}:{format_cards(by_seat[s])}" for s in sorted(by_seat))
        if self.hand is not None:
            text += " || " + " ".join(f"{s}:{a}" for s, a in self.hand.state.actions)
            picks = [p for p in self.hand.picks if p]
            if picks:
                text += f" picks {self.hand.picks}"
        return text


class AnacondaObserver:
    """OpenSpiel's Python observer: ``tensor`` and ``dict`` views, ``set_from``,
    ``string_from`` (see the module docstring for the contents).

    Args:
        encoding: the game's encoding.
        perfect_recall: information state (``True``) or observation (``False``).
    """

    def __init__(self, encoding: Encoding, *, perfect_recall: bool) -> None:
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        size = encoding.observation_size()
        history = 0
        if perfect_recall:
            history = encoding.config.betting_rounds * encoding.num_players * _HISTORY_FEATURES
        self.tensor: npt.NDArray[np.float32] = np.zeros(size + history, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["betting"] = self.tensor[size:].reshape(
                encoding.config.betting_rounds, encoding.num_players, _HISTORY_FEATURES
            )

    def set_from(self, state: AnacondaState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        hand = state.hand
        if hand is None:
            self.tensor.fill(0.0)
            own = state._by_seat()[player][: self.encoding.hand_size]
            for slot, card in enumerate(sorted(own)):
                self.tensor[slot * 52 + card] = 1.0
            return
        self.dict["observation"][:] = hand.observe(player)
        if self.perfect_recall:
            self._betting(hand, player)

    def _betting(self, hand: LearningHand, player: int) -> None:
        grid = self.dict["betting"]
        grid.fill(0.0)
        n = self.encoding.num_players
        total = float(hand.state.starting_total)
        for rnd, seat, kind, chips in hand.betting_log:
            cell = grid[rnd - 1, (seat - player) % n]
            column = _HISTORY_KINDS.index(ActionKind.RAISE if kind is ActionKind.BET else kind)
            cell[column] += 1.0 / _COUNT_SCALE
            cell[-1] += chips / total

    def string_from(self, state: AnacondaState, player: int) -> str:
        """``player``'s information-state (perfect recall) or observation string."""
        hand = state.hand
        if hand is None:
            own = state._by_seat()[player]
            return f"p{player} dealt [{format_cards(own)}]"
        st = hand.state
        parts = [
            f"p{player}",
            f"hand [{format_cards(sorted(st.hands[player]))}]",
            f"hidden [{format_cards(st.hidden[player])}]",
        ]
        for given, got in st.passes[player]:
            parts.append(f"passed [{format_cards(given)}] got [{format_cards(got)}]")
        stack = st.arranged[player] or st.pending[player]
        if stack is not None:
            parts.append(f"committed [{format_cards(stack)}]")
        if hand.picks[player]:
            parts.append(f"picks {list(hand.picks[player])}")
        if st.declared[player] is not None:
            parts.append(f"declared {st.declared[player]}")
        shown = [f"{s}:[{format_cards(st.revealed(s))}]" for s in st.order if st.revealed(s)]
        parts.append("shown " + " ".join(shown))
        parts.append(f"stacks {st.stack} bets {st.bet} pot {st.pot_total}")
        if self.perfect_recall:
            log = public_log(st)
            parts.append(
                "log "
                + " ".join(
                    f"{e['seat']}:{e['action']}" + (f"{e['to']}" if "to" in e else "") for e in log
                )
            )
        else:
            parts.append(f"{st.phase.value} round {st.betting_round} to act {list(st.to_act)}")
        return " ".join(parts)


pyspiel.register_game(_GAME_TYPE, AnacondaGame)
