"""The ``montecarlo`` bot: every decision by simulated expected value.

From its own view the bot builds what its seat knows
(:func:`~anaconda_poker.analysis.knowledge.knowledge_from_view`: own cards, the cards it
passed and received, revealed cards, folds) and asks the equity calculator, which samples
unseen cards consistently with that knowledge, under a per-decision sample budget:

* **Pass**: every legal set of cards is scored on the same sampled deals by the expected pot
  share of the hand after the pass (:func:`~anaconda_poker.analysis.advice.pass_choices`);
  the best set is passed.
* **Arrange**: the five with the best expected share
  (:func:`~anaconda_poker.analysis.advice.arrange_choices`), stacked to disguise it.
* **Bet**: with ``e`` its expected share of the pot against the opponents still in, ``P``
  the pot (bets of this round included) and ``C`` the chips to call, calling is worth
  ``e·(P + C) − C``: the bot calls when that is positive (``e > C / (P + C)``), bets or raises
  for value when ``e`` exceeds its fair share ``1/players`` by a margin (each caller then
  adds more than the bet is worth to us), and otherwise checks or folds. Bets in pot- and
  no-limit grow with the edge (half the pot up to the pot). Raising stops at four big bets
  in a round.

The model of the opponents is the calculator's: random cards, best hands. The bot does not
read opponents' bets, which the arena measures against (docs: README section ``bots``).
Deterministic: every random draw comes from the injected ``random.Random``.
"""

from __future__ import annotations

import random
from collections import OrderedDict

import numpy as np

from anaconda_poker.analysis.advice import arrange_choices, pass_choices
from anaconda_poker.analysis.equity import EquityResult, SeatKnowledge, equity
from anaconda_poker.analysis.knowledge import knowledge_from_view, neighbour
from anaconda_poker.bots.choices import aggress, check_or_fold, passive, pot_fraction_to
from anaconda_poker.bots.protocol import View
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import Betting, TableConfig
from anaconda_poker.core.state import LegalActions

DEFAULT_SAMPLES = 400
"""Sampled deals per decision (per candidate, on common deals, for passes)."""
_CACHE = 16


class MonteCarloBot:
    """Decisions by Monte Carlo expected value (module docstring).

    Args:
        config: the table's rules.
        rng: the only source of randomness (seeds a NumPy generator per decision).
        samples: deals sampled per decision, ``>= 1``; more is stronger and slower
            (about linear).
        exact_limit: enumerate exactly instead when the unseen assignments are at most this
            many (late in a hand).
        value_margin: how far above its fair share ``1/players`` the equity must be to bet
            or raise (a factor: 1.3 = 30% above).

    Raises:
        ValueError: if ``samples < 1``.
    """

    name = "montecarlo"

    def __init__(
        self,
        *,
        config: TableConfig,
        rng: random.Random,
        samples: int = DEFAULT_SAMPLES,
        exact_limit: int = 2_000,
        value_margin: float = 1.3,
        read_bets: float = 1.0,
        read_calls: float = 0.25,
        early_shrink: float = 0.5,
    ) -> None:
        if samples < 1:
            raise ValueError(f"samples must be >= 1, got {samples}")
        self.config = config
        self.rng = rng
        self.samples = samples
        self.exact_limit = exact_limit
        self.value_margin = value_margin
        self.read_bets = read_bets
        self.read_calls = read_calls
        self.early_shrink = early_shrink
        self._cache: OrderedDict[
            tuple[SeatKnowledge, tuple[tuple[int, float], ...]], EquityResult
        ] = OrderedDict()

    def _generator(self) -> np.random.Generator:
        return np.random.default_rng(self.rng.getrandbits(64))

    def aggression(self, view: View) -> dict[int, float]:
        """Per opponent seat, the exponent of the betting read: ``read_bets`` per bet or
        raise and ``read_calls`` per call this hand (public log)."""
        me = int(view["you"]["seat"])
        out: dict[int, float] = {}
        for entry in view["log"]:
            seat = int(entry["seat"])
            if seat == me:
                continue
            kind = entry["action"]
            if kind in ("bet", "raise"):
                out[seat] = out.get(seat, 0.0) + self.read_bets
            elif kind == "call":
                out[seat] = out.get(seat, 0.0) + self.read_calls
        return out

    def equity(self, knowledge: SeatKnowledge, aggression: dict[int, float]) -> EquityResult:
        """The seat's equity given the opponents' betting (cached: the decisions of one
        betting round with no new bets reuse it)."""
        key = (knowledge, tuple(sorted(aggression.items())))
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        result = equity(
            knowledge,
            split=self.config.split,
            trials=self.samples,
            rng=self._generator(),
            exact_limit=self.exact_limit,
            aggression=aggression,
        )
        self._cache[key] = result
        if len(self._cache) > _CACHE:
            self._cache.popitem(last=False)
        return result

    def act(self, view: View, legal: LegalActions) -> Action:
        """Pass, arrange or bet by expected value (module docstring)."""
        knowledge = knowledge_from_view(view, self.config)
        split = self.config.split
        if ActionKind.PASS in legal.kinds:
            live = [int(s["seat"]) for s in view["seats"] if not s["folded"]]
            index = int(view["pass_index"])
            direction = self.config.pass_directions[index % len(self.config.pass_directions)]
            receiver = neighbour(live, int(view["you"]["seat"]), direction)
            ranked = pass_choices(
                knowledge,
                count=legal.pass_count,
                receiver=receiver,
                split=split,
                trials=self.samples,
                rng=self._generator(),
                exact_limit=self.exact_limit,
            )
            return Action.pass_cards(ranked[0].cards)
        if ActionKind.ARRANGE in legal.kinds:
            ranked = arrange_choices(
                knowledge,
                split=split,
                trials=2 * self.samples,
                rng=self._generator(),
                exact_limit=self.exact_limit,
            )
            return Action.arrange(ranked[0].cards)
        return self._bet(view, legal, knowledge)

    def _bet(self, view: View, legal: LegalActions, knowledge: SeatKnowledge) -> Action:
        result = self.equity(knowledge, self.aggression(view))
        players = len(knowledge.active) + 1
        fair = 1.0 / players
        e = result.share
        if len(knowledge.hand) > 5:  # before arranging: passes will change every hand
            e = fair + self.early_shrink * (e - fair)
        pot = int(view["pot_total"])
        call = legal.call_amount
        cap = 4 * self.config.big_bet
        if e > fair * self.value_margin and int(view["current_bet"]) < cap:
            if self.config.betting is Betting.FIXED_LIMIT:
                return aggress(legal, 0)
            edge = min(1.0, (e - fair) / (1.0 - fair) * 2)
            return aggress(legal, pot_fraction_to(view, legal, 0.5 + 0.5 * edge))
        if call == 0:
            return passive(legal)
        if e * (pot + call) > call:
            return passive(legal)
        return check_or_fold(legal)
