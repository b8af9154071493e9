"""The ``montecarlo`` bot: every decision by simulated expected value.

From its own view the bot builds what its seat knows
(:func:`~anaconda_poker.analysis.knowledge.knowledge_from_view`: own cards, the cards it
passed and received, revealed cards, folds) and asks the equity calculator, which samples
unseen cards consistently with that knowledge, under a per-decision sample budget:

* **Pass**: every legal set of cards is scored on the same sampled deals by the expected pot
  share of the hand after the pass (:func:`~anaconda_poker.analysis.advice.pass_choices`),
  counting up to two of the cards later passes will bring (``lookahead``: every hand, the
  seat's and each opponent's, gets that many more random cards and plays its best five of
  all, so draws are valued, not only made hands); the best set is passed.
* **Arrange**: the five with the best expected share
  (:func:`~anaconda_poker.analysis.advice.arrange_choices`), stacked to disguise it.
* **Bet** (after the arrangement): the calculator also prices a bet or raise
  (``bet_gain``: opponents holding weak hands fold, the others call, the showdown is
  against the callers); the bot bets or raises when that gain is positive. Facing a bet
  with ``e`` its expected share, ``P`` the pot and ``C`` the call, it calls when
  ``e·(P + C + 2F) > C + F``, where ``F`` is one big bet per betting round left (the price
  of calling down), and otherwise folds; it checks when it can. These equities use
  ``roll_samples`` deals (the betting reads concentrate the weight on few deals).
* **Bet** (before the arrangement, when the passes will change every hand): the equity is
  shrunk toward the fair share ``1/players``; it values the seven cards by their best high
  and best low of seven (an approximation: in split games no five may play both, which
  overstates a hand that could win either half; the shrinking damps it; ``equity
  --hand`` and the web value seven cards by the best five instead); the bot raises when it
  exceeds the fair share by a margin and calls at a discount on the pot odds
  (``early_odds``).
* Bets in pot- and no-limit are three quarters of the pot; raising stops at four big bets
  in a round.

The opponents model:

* **Opponents who pass with purpose** (``opponents="passing"``, the default): every
  equity question (the arrangement and each bet) samples the opponents' hands from the
  pass-aware model (:mod:`anaconda_poker.analysis.pass_model`): each deal replays the passes
  made so far with the model's pass policy (``pass_policy``: by default ``montecarlo``, the
  fast policy fitted to this bot's own passes; ``heuristic``, the heuristic bot's passing,
  was the default before), constrained by what this seat passed and received, and
  opponents that have shown nothing play the five the heuristic bot would keep. Against
  random unseen cards (``opponents="random"``, the bot before issue 16 §1) a seat's share
  after the passes was overstated by 0.28-0.46 at bot tables (``benchmarks/calibration.py``).
  With ``keep_replays=True`` (off by default) the betting questions after the
  arrangement share one replay of the passes per hand
  (:class:`~anaconda_poker.analysis.kept_replay.KeptReplay`): each newly revealed card is
  swapped into the replayed hands rather than replayed through every deal's passes; about
  1.3x the arena's hands per second, but measured weaker in high only (README, "Bot
  speed").
  The pass choice itself keeps the random model with its ``lookahead`` (the pass-aware
  ranking, :func:`~anaconda_poker.analysis.pass_advice.passing_pass_choices`, does not
  count later passes), and so does ``reference=True``.

* **Opponent ranges from betting** (:mod:`anaconda_poker.analysis.ranges`, the default
  ``ranges=True``): deals are weighted by the likelihood of each opponent's public actions
  this hand under a threshold player (after the arrangement it bets or raises from the
  ``bet_threshold`` strength percentile, calls from ``call_threshold``, checks below),
  mixed with a player acting at random (prior ``1 − strategic``) so that one bet from a
  random bot is not read as the nuts while a bet followed by re-raises is; an opponent
  that mixes bets with checks or calls while its five is fixed is read as erratic and
  counts little; bets before the arrangement tilt mildly. In the one-round bet pricing an
  opponent that has bet or raised its fixed five calls rather than folds. This is
  importance weighting of the sampled deals (Billings et al., *The challenge of poker*,
  Artificial Intelligence 134, 2002, §5).
  ``ranges=False`` keeps the older exponent reads (:meth:`aggression`,
  :func:`~anaconda_poker.analysis.equity.action_weights`).
* **Shown cards belong to the best five** (``consistency``) and **some opponents arrange
  carelessly** (``rational``), except opponents that bet or call consistently after the
  arrangement: they play the five they bet on. See
  :func:`~anaconda_poker.analysis.equity.equity`.

Measured against the ``heuristic`` bot (README, "Strength bar (measured)"), heads-up
facing its bet in the first roll round of a high-low arena run (a few hundred such
decisions): the realised share was about 0.42; the older reads with careless arrangers
estimated 0.62, the ranges with only threshold players (``strategic=1``) 0.43, the
default mixture 0.54 (the price of not over-reading random bettors).

Deterministic: every random draw comes from the injected ``random.Random``.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

import numpy as np

from anaconda_poker.analysis.advice import MAX_CARDS, arrange_choices, pass_choices
from anaconda_poker.analysis.dealing import DealSource
from anaconda_poker.analysis.declaring import best_declaration
from anaconda_poker.analysis.equity import PLAYABLE_CARDS, EquityResult, SeatKnowledge, equity
from anaconda_poker.analysis.kept_replay import KeptReplay
from anaconda_poker.analysis.knowledge import knowledge_from_view, neighbour
from anaconda_poker.analysis.pass_model import (
    DEFAULT_POLICY,
    POLICIES,
    PassingOpponents,
    passing_opponents,
)
from anaconda_poker.analysis.ranges import ActionRead, RangeModel, read_log
from anaconda_poker.analysis.reference import (
    arrange_choices_reference,
    equity_reference,
    pass_choices_reference,
)
from anaconda_poker.analysis.sampling import FieldSample, sample_field
from anaconda_poker.bots.choices import (
    aggress,
    aggressive_range,
    call_to,
    check_or_fold,
    passive,
    pot_fraction_to,
)
from anaconda_poker.bots.protocol import View
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import Betting, TableConfig
from anaconda_poker.core.state import LegalActions

OPPONENT_MODELS = ("passing", "random")
"""Values of the bot's ``opponents`` option (module docstring)."""
DEFAULT_SAMPLES = 400
"""Sampled deals per decision (per candidate, on common deals, for passes)."""
_CACHE = 16
_SAMPLES = 4
"""Samples kept (:meth:`MonteCarloBot.equity`): the knowledge of a betting round and a few
before it."""


class MonteCarloBot:
    """Decisions by Monte Carlo expected value (module docstring).

    Args:
        config: the table's rules.
        rng: the only source of randomness (seeds a NumPy generator per decision).
        samples: deals sampled per decision, ``>= 1``; more is stronger and slower
            (about linear).
        exact_limit: enumerate exactly instead when the unseen assignments are at most this
            many (late in a hand).
        early_margin: before the arrangement, how far above its fair share ``1/players``
            the (shrunk) equity must be to bet or raise (a factor: 1.3 = 30% above).
        early_shrink: before the arrangement, the equity used is
            ``fair + early_shrink·(e − fair)``.
        early_odds: before the arrangement, call when ``e·(P + C) > early_odds·C``.
        read_bets, read_calls, read_early, erratic: the betting-read exponents
            (:meth:`aggression`).
        trust: probability that an opponent's bets mean strength
            (:func:`~anaconda_poker.analysis.equity.action_weights`).
        consistency: weight of deals in which an opponent's shown cards are not in its best
            five (:func:`~anaconda_poker.analysis.equity.consistency_weights`).
        rational: probability that an opponent arranges its best five rather than a random
            one.
        fold_below: after the arrangement, opponents below this strength percentile are
            modelled as folding to a bet (``bet_gain`` of
            :func:`~anaconda_poker.analysis.equity.equity`).
        call_down: after the arrangement, a call is priced as if the seat will also call
            ``call_down`` big bets in each betting round left (and win as many).
        ranges: read opponents with the threshold-player ranges
            (:mod:`anaconda_poker.analysis.ranges`) instead of :meth:`aggression`.
        roll_samples: deals per decision after the arrangement (default ``samples``).
        bet_threshold, call_threshold, width, bet_floor, call_floor, check_floor,
            strategic: the :class:`~anaconda_poker.analysis.ranges.RangeModel`
            (percentiles and probabilities, 0..1).
        lookahead: cards of later passes counted when choosing a pass, ``0..2``.
        reference: decide with the code the fast paths replaced
            (:mod:`anaconda_poker.analysis.reference`): the same decisions, slower; the
            baseline of ``benchmarks/bots.py`` (random opponents whatever ``opponents``).
        opponents: ``"passing"`` (default) samples opponents' hands from the pass-aware
            model in its equity questions, ``"random"`` deals them random unseen cards
            (module docstring).
        pass_policy: the pass-aware model's pass policy
            (:data:`~anaconda_poker.analysis.pass_model.POLICIES`).
        keep_replays: with the pass-aware model, the betting questions after the
            arrangement share one replay of the passes per hand
            (:class:`~anaconda_poker.analysis.kept_replay.KeptReplay`: later revealed cards
            are swapped into the replayed hands); ``False`` (default) replays them for each
            new card knowledge.

    Raises:
        ValueError: if ``samples < 1`` or ``opponents`` is not one of
            :data:`OPPONENT_MODELS`, or ``pass_policy`` not a policy.
    """

    name = "montecarlo"

    def __init__(
        self,
        *,
        config: TableConfig,
        rng: random.Random,
        samples: int = DEFAULT_SAMPLES,
        exact_limit: int = 2_000,
        read_bets: float = 3.0,
        read_calls: float = 0.25,
        early_shrink: float = 0.5,
        consistency: float = 0.2,
        rational: float = 0.7,
        early_odds: float = 0.5,
        trust: float = 1.0,
        read_early: float = 1.0,
        erratic: float = 0.25,
        early_margin: float = 1.3,
        fold_below: float = 0.5,
        call_down: float = 1.0,
        ranges: bool = True,
        roll_samples: int | None = None,
        bet_threshold: float = 0.93,
        call_threshold: float = 0.75,
        width: float = 0.02,
        bet_floor: float = 0.02,
        call_floor: float = 0.3,
        check_floor: float = 0.3,
        strategic: float = 0.8,
        lookahead: int = 2,
        reference: bool = False,
        opponents: str = "passing",
        pass_policy: str = DEFAULT_POLICY,
        keep_replays: bool = False,
    ) -> None:
        if samples < 1:
            raise ValueError(f"samples must be >= 1, got {samples}")
        if opponents not in OPPONENT_MODELS:
            raise ValueError(
                f"opponents must be one of {', '.join(OPPONENT_MODELS)}, got {opponents!r}"
            )
        if pass_policy not in POLICIES:
            raise ValueError(
                f"pass_policy must be one of {', '.join(POLICIES)}, got {pass_policy!r}"
            )
        self.opponents = opponents
        self.pass_policy = pass_policy
        self.keep_replays = keep_replays
        self._kept: KeptReplay | None = None
        self.config = config
        self.rng = rng
        self.samples = samples
        self.exact_limit = exact_limit
        self.read_bets = read_bets
        self.read_calls = read_calls
        self.early_shrink = early_shrink
        self.consistency = consistency
        self.rational = rational
        self.early_odds = early_odds
        self.trust = trust
        self.read_early = read_early
        self.erratic = erratic
        self.early_margin = early_margin
        self.fold_below = fold_below
        self.call_down = call_down
        self.ranges = ranges
        self.lookahead = lookahead
        self.reference = reference
        self._equity = equity_reference if reference else equity
        self._pass_choices = pass_choices_reference if reference else pass_choices
        self.roll_samples = roll_samples or samples
        self.range_model = RangeModel(
            bet_threshold=bet_threshold,
            call_threshold=call_threshold,
            width=width,
            bet_floor=bet_floor,
            call_floor=call_floor,
            check_floor=check_floor,
            strategic=strategic,
            erratic=erratic * read_bets,
            early=read_early,
        )
        self._cache: OrderedDict[
            tuple[
                SeatKnowledge,
                DealSource | None,
                tuple[tuple[int, float], ...],
                tuple[tuple[int, ActionRead], ...],
                int | None,
                int,
            ],
            EquityResult,
        ] = OrderedDict()
        self._samples: OrderedDict[
            tuple[SeatKnowledge, DealSource | None, int, float, float, int],
            tuple[int, FieldSample | None],
        ] = OrderedDict()

    def _generator(self, seed: int | None = None) -> np.random.Generator:
        """A generator seeded from ``self.rng`` (or with ``seed``): the stream of
        ``np.random.default_rng(seed)``, without its argument checks (about 8 us of the
        18 it costs, once per decision)."""
        if seed is None:
            seed = self.rng.getrandbits(64)
        return np.random.Generator(np.random.PCG64(seed))

    def aggression(self, view: View) -> dict[int, float]:
        """Per opponent seat, the exponent of the betting read (public log only).

        Roll rounds (after the arrangement, when hands no longer change) count fully:
        ``read_bets`` per bet or raise, ``read_calls`` per call. An opponent who in the roll
        rounds has both bet or raised and checked or called below the raise cap bets
        erratically (its cards are fixed, so a consistent player does not switch); its read
        is scaled by ``erratic``. Bets and raises before the arrangement count
        ``read_early`` each (those hands still change).
        """
        me = int(view["you"]["seat"])
        log = view["log"]
        arranged_at = max((i for i, e in enumerate(log) if e["action"] == "arrange"), default=-1)
        early: dict[int, float] = {}
        roll: dict[int, float] = {}
        passive_seats: set[int] = set()
        pushed: set[int] = set()
        cap = 4 * self.config.big_bet
        last_to = 0
        for i, entry in enumerate(log):
            seat = int(entry["seat"])
            kind = entry["action"]
            if kind in ("bet", "raise"):
                last_to = int(entry.get("to", 0))
            if seat == me:
                continue
            if i < arranged_at:
                if kind in ("bet", "raise"):
                    early[seat] = early.get(seat, 0.0) + self.read_early
                continue
            if kind in ("bet", "raise"):
                roll[seat] = roll.get(seat, 0.0) + self.read_bets
                pushed.add(seat)
            elif kind == "call":
                roll[seat] = roll.get(seat, 0.0) + self.read_calls
                if last_to < cap:
                    passive_seats.add(seat)
            elif kind == "check":
                passive_seats.add(seat)
        out = dict(early)
        for seat, value in roll.items():
            factor = self.erratic if seat in passive_seats and seat in pushed else 1.0
            out[seat] = out.get(seat, 0.0) + factor * value
        return out

    def opponent_model(self, view: View) -> PassingOpponents | None:
        """The model the seat's equity questions deal opponents from: the pass-aware model
        of ``view`` (``opponents="passing"``), or ``None`` for random opponents."""
        if self.opponents == "random" or self.reference:
            return None
        return passing_opponents(view, self.config, policy=self.pass_policy)

    def kept_replay(self, model: PassingOpponents) -> KeptReplay:
        """The hand's kept replay of ``model`` (a new one when the model changed: a new
        hand, or a pass since)."""
        if self._kept is None or self._kept.model != model:
            self._kept = KeptReplay(model)
        return self._kept

    def equity(
        self,
        knowledge: SeatKnowledge,
        aggression: dict[int, float],
        pot: int | None = None,
        extra: int = 0,
        reads: dict[int, ActionRead] | None = None,
        model: DealSource | None = None,
    ) -> EquityResult:
        """The seat's equity given the opponents' betting, and when ``pot`` is given the
        expected gain of betting ``extra`` chips (cached: decisions of one betting round
        with no new bets reuse it). ``model``: :meth:`opponent_model` (``None``: random
        opponents; or its :meth:`kept_replay`).

        Questions with the same card ``knowledge`` and ``model`` share their deals: the
        first draws a seed from ``self.rng`` and its sample
        (:func:`~anaconda_poker.analysis.sampling.sample_field`), later ones (new reads,
        pot or bet while the cards seen are unchanged) score that sample again, as the
        reference path redraws it from the same seed (the last :data:`_SAMPLES` kept)."""
        reads = reads or {}
        key = (
            knowledge,
            model,
            tuple(sorted(aggression.items())),
            tuple(sorted(reads.items())),
            pot,
            extra,
        )
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        trials = self.roll_samples if len(knowledge.hand) == 5 else self.samples
        # the deals depend on the card knowledge alone: a question asked again with the
        # same knowledge (a betting round in which only the bets changed) scores the same
        # deals under the new reads instead of drawing new ones
        sample_key = (knowledge, model, trials, self.consistency, self.rational, self.exact_limit)
        kept = self._samples.pop(sample_key, None)
        seed, sample = kept if kept is not None else (self.rng.getrandbits(64), None)
        if not self.reference and sample is None:
            sample = sample_field(
                knowledge,
                split=self.config.split,
                trials=trials,
                rng=self._generator(seed),
                exact_limit=self.exact_limit,
                consistency=self.consistency,
                rational=self.rational,
                opponents=model,
            ).materialised()
        self._samples[sample_key] = (seed, sample)
        if len(self._samples) > _SAMPLES:
            self._samples.popitem(last=False)
        result = self._equity(
            knowledge,
            split=self.config.split,
            trials=trials,
            rng=self._generator(seed) if sample is None else None,  # a sample needs none
            exact_limit=self.exact_limit,
            aggression=aggression,
            consistency=self.consistency,
            rational=self.rational,
            trust=self.trust,
            pot=pot,
            bet=extra,
            fold_below=self.fold_below,
            reads=reads,
            range_model=self.range_model,
            **({} if model is None else {"opponents": model}),
            **({} if sample is None else {"sample": sample}),
        )
        self._cache[key] = result
        if len(self._cache) > _CACHE:
            self._cache.popitem(last=False)
        return result

    def act(self, view: View, legal: LegalActions) -> Action:
        """Pass, arrange, declare or bet by expected value (module docstring)."""
        if ActionKind.DECLARE in legal.kinds:
            # every hand still in is face up: the expected share of each declaration
            return Action.declare(best_declaration(view, self.config))
        knowledge = knowledge_from_view(view, self.config)
        split = self.config.split
        if ActionKind.PASS in legal.kinds:
            live = [int(s["seat"]) for s in view["seats"] if not s["folded"]]
            index = int(view["pass_index"])
            direction = self.config.pass_directions[index % len(self.config.pass_directions)]
            receiver = neighbour(live, int(view["you"]["seat"]), direction)
            future = sum(self.config.pass_counts[index + 1 :])
            ahead = min(future, self.lookahead, MAX_CARDS - PLAYABLE_CARDS)
            room = knowledge.spare() - legal.pass_count
            if ahead * (1 + len(knowledge.active)) > room:
                ahead = 0
            ranked = self._pass_choices(
                knowledge,
                count=legal.pass_count,
                receiver=receiver,
                split=split,
                trials=self.samples,
                rng=self._generator(),
                exact_limit=self.exact_limit,
                lookahead=ahead,
            )
            return Action.pass_cards(ranked[0].cards)
        if ActionKind.ARRANGE in legal.kinds:
            if self.reference:
                ranked = arrange_choices_reference(
                    knowledge,
                    split=split,
                    trials=2 * self.samples,
                    rng=self._generator(),
                    exact_limit=self.exact_limit,
                )
            else:
                ranked = arrange_choices(
                    knowledge,
                    split=split,
                    trials=2 * self.samples,
                    rng=self._generator(),
                    exact_limit=self.exact_limit,
                    limit=1,
                    opponents=self.opponent_model(view),
                )
            return Action.arrange(ranked[0].cards)
        return self._bet(view, legal, knowledge)

    def range_reads(self, view: View) -> dict[int, ActionRead]:
        """Each opponent's betting this hand (the public log) for the range model
        (:func:`~anaconda_poker.analysis.ranges.read_log`); subclasses may read it their way."""
        return read_log(view["log"], me=int(view["you"]["seat"]), raise_cap=4 * self.config.big_bet)

    def _bet(self, view: View, legal: LegalActions, knowledge: SeatKnowledge) -> Action:
        if self.ranges:
            reads: dict[int, float] = {}
            actions = self.range_reads(view)
        else:
            reads = self.aggression(view)
            actions = {}
        opponents = len(knowledge.active)
        fair = 1.0 / (opponents + 1)
        pot = int(view["pot_total"])
        call = legal.call_amount
        cap = 4 * self.config.big_bet
        found = aggressive_range(legal)
        may_raise = found is not None and int(view["current_bet"]) < cap
        arranged = len(knowledge.hand) == 5
        to = 0
        if may_raise and found is not None:
            if self.config.betting is Betting.FIXED_LIMIT:
                to = found[1][0]
            else:
                to = pot_fraction_to(view, legal, 0.75)
        extra = max(0, to - call_to(view, legal))
        model: DealSource | None = self.opponent_model(view)
        if arranged and self.keep_replays and isinstance(model, PassingOpponents):
            model = self.kept_replay(model)  # every pass is made: one replay per hand
        result = self.equity(
            knowledge,
            reads,
            pot + call if arranged and may_raise else None,
            extra,
            actions,
            model,
        )
        e = result.share
        odds = 1.0
        future = 0
        if arranged:
            if may_raise and result.bet_gain is not None and result.bet_gain > 0:
                return aggress(legal, to)
            # facing a bet with rounds to come: calling down costs a bet per round too
            rounds_left = self.config.betting_rounds - int(view["betting_round"])
            future = round(self.call_down * rounds_left * self.config.big_bet)
        else:  # before arranging: passes will change every hand
            e = fair + self.early_shrink * (e - fair)
            odds = self.early_odds
            # the value threshold: a margin above the fair share, always reachable
            threshold = min(fair * self.early_margin, fair + 0.6 * self.early_shrink * (1 - fair))
            if may_raise and e > threshold:
                return aggress(legal, to)
        if call == 0:
            return passive(legal)
        if e * (pot + call + 2 * future) > odds * (call + future):
            return passive(legal)
        return check_or_fold(legal)


class RandomOpponentsMonteCarloBot(MonteCarloBot):
    """The montecarlo bot on the random-opponent model (``opponents="random"``): the bot
    before issue 16 §1, kept under its own name so the arena can seat it beside today's
    bots (``simulate --seats adaptive,montecarlo-random``). Same options as
    :class:`MonteCarloBot`; ``opponents`` defaults to ``"random"``.

    Raises:
        ValueError: as :class:`MonteCarloBot`.
    """

    name = "montecarlo-random"

    def __init__(self, *, config: TableConfig, rng: random.Random, **options: Any) -> None:
        options.setdefault("opponents", "random")
        super().__init__(config=config, rng=rng, **options)


class HeuristicPassesMonteCarloBot(MonteCarloBot):
    """The montecarlo bot whose pass-aware model replays the heuristic bot's passes
    (``pass_policy="heuristic"``): the bot before the fitted ``montecarlo`` pass policy,
    kept under its own name so the arena can pair it with today's bot
    (``simulate --duplicate --seats montecarlo,montecarlo-heuristic-passes,...``). Same
    options as :class:`MonteCarloBot`; ``pass_policy`` defaults to ``"heuristic"``.

    Raises:
        ValueError: as :class:`MonteCarloBot`.
    """

    name = "montecarlo-heuristic-passes"

    def __init__(self, *, config: TableConfig, rng: random.Random, **options: Any) -> None:
        options.setdefault("pass_policy", "heuristic")
        super().__init__(config=config, rng=rng, **options)
