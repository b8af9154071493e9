"""Hand review: where a seat lost chips, decision by decision, by an opponent model.

For one seat of one finished hand (a HAND_HISTORY.md document that shows that seat's cards),
every decision the seat made is rebuilt **as the seat saw it**: the hand is replayed
through the engine and, just before each of the seat's actions, the review reads only
``HandState.view(seat)`` (RULES.md §7: its own cards, what it passed and received, revealed
cards, the public log) and ``legal_actions(seat)``. Cards the seat could not know are never
read, even when the history holds them (a terminal save holds every seat's cards).

Each decision is priced by an :class:`OpponentModel` (:mod:`.review_model`): by default
:class:`PassingOpponents`, the pass-aware model of :mod:`anaconda_poker.analysis.pass_model`
(opponents who passed like a solid player) for the passes, the arrangement and the bets;
:class:`RandomOpponents` is the equity
calculator's older model for everything. Opponents' bets are read as strength by the range
model of :mod:`anaconda_poker.analysis.ranges`. Values are **expected chips from this
decision on** (chips already in the pot are sunk):

* **Passing** (RULES.md §3): every set of cards the seat could pass is scored by its
  expected pot share on the same deals (common random numbers), by the pass adviser itself
  (:func:`~anaconda_poker.analysis.pass_advice.passing_pass_choices`, what ``anaconda-poker
  equity --advise pass`` ranks; :func:`~anaconda_poker.analysis.advice.pass_choices` for the
  random model). Later passes are not counted (an exchange: cards would leave as well as
  arrive, and adding them only, as a lookahead of extra cards did, priced every hand on up to
  nine cards and favoured the wrong passes); a choice's value is
  ``share × stake``. The *stake* is the pot the hand reached (its final pots, public once
  the hand is over; the pot at the decision if that is larger or the hand is unfinished):
  the pot at a pass is mostly antes, while the hand a pass builds plays for the bets to
  come.
* **Arranging** (RULES.md §2.5): the 21 fives, scored the same way. The reveal order does
  not change the showdown, so it costs nothing in this model; when the seat kept the best
  five in another order, the review names the model's disguising order
  (:func:`~anaconda_poker.analysis.advice.reveal_order`) and prices it at zero.
* **Betting** (RULES.md §4), with ``P`` the pot before acting (this round's bets included),
  ``C`` the chips to call, ``e`` the expected share (before the arrangement shrunk halfway
  toward the fair share ``1/players``, :data:`EARLY_SHRINK`): fold ``0``; check or call
  ``e·(P + C) − C`` (a showdown with no more betting); bet or raise ``X`` chips more: after
  the arrangement, the call's value plus the calculator's ``bet_gain`` (weak opponents fold,
  the others call); before it, as if every opponent calls, ``e·(P + C + (n + 1)·X) − C − X``
  with ``n`` opponents in the hand. Sizes compared: the legal minimum, the size chosen, and
  in pot and no limit about three quarters of the pot.
* **Declaring** (the declare house rule, RULES.md §6): every hand is face up, so each of
  high, low and both is valued exactly on the real pots, the opponents declaring the way
  their cards win (:mod:`anaconda_poker.analysis.review_declare`); the decision lists all
  three.

Every betting option but the fold also gets the chips of the rounds still to come
(:func:`_later_bets`): one bet per later round, called by every opponent still in, worth
``(e·(n + 1) − 1)·b`` each or nothing when that is negative (the seat would fold to it). So a
fold gives up the pot **and** the bets a good hand would still collect (a free fold of a
winning hand in round 1 once cost "1.0 chips", the pot of the moment), while the ranking of
check, call, bet and raise is unchanged. Raises, folds later on and pot and no limit bet
sizes (the minimum is used) are not modelled: the real differences can be larger.

The **expected loss** of a decision is the best option's value minus the chosen one's
(chips, ``>= 0``); decisions losing more than a threshold (by default the table's small
bet) are marked as mistakes, a sampled one only when the loss also exceeds
:data:`NOISE_FACTOR` standard errors of it (``sampling_error``).

Everything is deterministic for a given ``seed``: decision ``k`` draws its deals from
``numpy.random.default_rng([seed, k])``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from anaconda_poker.analysis.advice import Choice
from anaconda_poker.analysis.equity import (
    EquityResult,
    InvalidSituationError,
)
from anaconda_poker.analysis.ranges import read_log
from anaconda_poker.analysis.review_declare import review_declaration
from anaconda_poker.analysis.review_model import (
    DEFAULT_MODEL,
    OpponentModel,
    PassingOpponents,
    RandomOpponents,
)
from anaconda_poker.analysis.review_points import DecisionPoint, ReviewError, decision_points
from anaconda_poker.analysis.review_types import (
    NOISE_FACTOR,
    DecisionReview,
    HandReview,
    Option,
    ReviewPhase,
    SessionReview,
)
from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.config import Betting, DeclareMode, TableConfig

__all__ = [
    "DEFAULT_MODEL",
    "DEFAULT_TRIALS",
    "MAX_TRIALS",
    "NOISE_FACTOR",
    "DecisionPoint",
    "DecisionReview",
    "HandReview",
    "OpponentModel",
    "Option",
    "PassingOpponents",
    "RandomOpponents",
    "ReviewError",
    "ReviewPhase",
    "SessionReview",
    "decision_points",
    "review_hand",
    "review_session",
]

DEFAULT_TRIALS = 2_000
"""Deals per decision (per candidate, on common deals, for passes and arrangements)."""
MAX_TRIALS = 100_000
"""Most deals per decision a review accepts (bounds the time of one review)."""
EARLY_SHRINK = 0.5
"""Before the arrangement a bet is priced on ``fair + EARLY_SHRINK·(e − fair)``, ``fair`` =
``1 / players``: the passes still to come pull every hand toward the average (the montecarlo
bot's ``early_shrink``), so the share of today's seven cards overstates both ways."""
_POT_FRACTION = 0.75
"""The pot-sized bet compared in pot and no limit (a fraction of the pot after calling)."""


# -- pricing ------------------------------------------------------------------------------


def _stake(history: Mapping[str, Any]) -> int:
    """The sum of the hand's final pots (chips), 0 when it has no result."""
    result = history.get("result")
    if isinstance(result, Mapping) and isinstance(result.get("pots"), list):
        return sum(int(p.get("amount", 0)) for p in result["pots"] if isinstance(p, Mapping))
    return 0


def _net(history: Mapping[str, Any], seat: int) -> int | None:
    result = history.get("result")
    if isinstance(result, Mapping) and isinstance(result.get("net"), Mapping):
        value = result["net"].get(str(seat), result["net"].get(seat))
        return None if value is None else int(value)
    return None


def _best_or_chosen(top: Choice, mine: Choice) -> Choice:
    """The model's best choice, or the seat's own when it is worth as much: among equal
    shares the ranking's order is arbitrary (ties go to the lower card codes, which once
    showed a pair of threes with 8-6-2 as "best" beside the seat's own threes with K-9-8)."""
    return mine if mine.result.share >= top.result.share else top


def _review_pass(
    point: DecisionPoint,
    model: OpponentModel,
    config: TableConfig,
    trials: int,
    rng: np.random.Generator,
    final: int,
) -> DecisionReview:
    stake = max(final, int(point.view["pot_total"]))
    knowledge = point.knowledge
    count = point.legal.pass_count
    assert point.receiver is not None
    ranked = model.pass_choices(
        knowledge,
        view=point.view,
        config=config,
        count=count,
        receiver=point.receiver,
        split=config.split,
        trials=trials,
        rng=rng,
        lookahead=0,
    )
    chosen_cards = tuple(sorted(point.action.cards))
    mine = next(c for c in ranked if tuple(sorted(c.cards)) == chosen_cards)
    top = _best_or_chosen(ranked[0], mine)
    best = Option("pass", top.result.share * stake, top.result.share, top.cards)
    chosen = Option("pass", mine.result.share * stake, mine.result.share, chosen_cards)
    # the sampling error of the difference, as if the two shares were independent (the
    # common deals make it smaller, so this overstates it: a loss must clear it to count)
    noise = stake * float(np.hypot(top.result.share_se, mine.result.share_se))
    return DecisionReview(
        index=point.index,
        phase=ReviewPhase.PASSING,
        stage=int(point.view["pass_index"]) + 1,
        chosen=chosen,
        best=best,
        loss=max(0.0, best.value - chosen.value),
        mistake=False,
        trials=top.result.trials,
        exact=top.result.exact,
        sampling_error=noise,
    )


def _review_arrange(
    point: DecisionPoint,
    model: OpponentModel,
    config: TableConfig,
    trials: int,
    rng: np.random.Generator,
    final: int,
) -> DecisionReview:
    stake = max(final, int(point.view["pot_total"]))
    ranked = model.arrange_choices(
        point.knowledge, view=point.view, config=config, split=config.split, trials=trials, rng=rng
    )
    kept = tuple(point.action.cards)
    mine = next(c for c in ranked if set(c.cards) == set(kept))
    top = _best_or_chosen(ranked[0], mine)
    chosen = Option("arrange", mine.result.share * stake, mine.result.share, kept)
    best = (
        chosen  # the same five: its order is the ``order`` hint below
        if top is mine
        else Option("arrange", top.result.share * stake, top.result.share, top.cards)
    )
    # the hint is about the seat's own five: under another five, the best, it read as that
    # five's order (its cards are already listed in the model's order)
    order = mine.cards if top is mine and mine.cards != kept else None
    return DecisionReview(
        index=point.index,
        phase=ReviewPhase.ARRANGING,
        stage=0,
        chosen=chosen,
        best=best,
        loss=max(0.0, best.value - chosen.value),
        mistake=False,
        order=order,
        trials=top.result.trials,
        exact=top.result.exact,
    )


def _bet_sizes(point: DecisionPoint, config: TableConfig) -> list[int]:
    """The "to" amounts compared for a bet or raise (module docstring)."""
    legal = point.legal
    span = legal.bet_range if ActionKind.BET in legal.kinds else legal.raise_range
    if span is None or not ({ActionKind.BET, ActionKind.RAISE} & legal.kinds):
        return []
    low, high = span
    sizes = {low}
    if point.action.kind in (ActionKind.BET, ActionKind.RAISE) and point.action.to is not None:
        sizes.add(int(point.action.to))
    if config.betting is not Betting.FIXED_LIMIT:
        you = point.view["you"]
        me = next(s for s in point.view["seats"] if s["seat"] == you["seat"])
        pot = int(point.view["pot_total"]) + legal.call_amount
        target = max(int(point.view["current_bet"]), int(me["bet"])) + round(_POT_FRACTION * pot)
        sizes.add(max(low, min(high, target)))
    return sorted(sizes)


def _review_bet(
    point: DecisionPoint,
    model: OpponentModel,
    config: TableConfig,
    trials: int,
    seed: Sequence[int],
) -> DecisionReview:
    view = point.view
    legal = point.legal
    knowledge = point.knowledge
    me = int(view["you"]["seat"])
    reads = read_log(view["log"], me=me, raise_cap=None)
    pot = int(view["pot_total"])
    call = legal.call_amount
    my_bet = next(int(s["bet"]) for s in view["seats"] if s["seat"] == me)
    arranged = len(knowledge.hand) == 5
    opponents = len(knowledge.active)

    def ask(bet_pot: int | None, extra: int, read_bets: bool = True) -> EquityResult:
        # the same seed for every question: the same deals, so the answers differ only by the
        # bet (or by the betting read)
        return model.equity(
            knowledge,
            view=view,
            config=config,
            split=config.split,
            trials=trials,
            rng=np.random.default_rng(list(seed)),
            reads=reads if read_bets else {},
            pot=bet_pot,
            bet=extra,
        )

    base = ask(None, 0)
    fair = 1.0 / (opponents + 1)

    def priced(share: float) -> float:
        # before the arrangement the passes will change every hand: shrink toward fair
        return share if arranged else fair + EARLY_SHRINK * (share - fair)

    e = priced(base.share)
    stack = next(int(s["stack"]) for s in view["seats"] if s["seat"] == me)
    later = _later_bets(config, int(view["betting_round"]), e, opponents, stack - call)
    options: list[Option] = []
    if ActionKind.FOLD in legal.kinds:
        options.append(Option("fold", 0.0, 0.0))
    if ActionKind.CHECK in legal.kinds:
        options.append(Option("check", e * pot + later, e))
    elif ActionKind.CALL in legal.kinds:
        options.append(Option("call", e * (pot + call) - call + later, e))
    kind = "bet" if ActionKind.BET in legal.kinds else "raise"
    for to in _bet_sizes(point, config):
        extra = max(0, to - (my_bet + call))
        if arranged:
            gain = ask(pot + call, extra).bet_gain or 0.0
            value = e * (pot + call) - call + gain
        else:
            value = e * (pot + call + (opponents + 1) * extra) - call - extra
        options.append(Option(kind, value + later, e, to=to))
    action = point.action
    chosen_kind = action.kind.value
    if action.kind in (ActionKind.BET, ActionKind.RAISE):
        chosen = next(o for o in options if o.kind == chosen_kind and o.to == action.to)
    else:
        chosen = next(o for o in options if o.kind == chosen_kind)
    best = max(options, key=lambda o: (o.value, o is chosen))
    unread = None
    read = any(not r.silent for s, r in reads.items() if s in {o.seat for o in knowledge.active})
    if read and best.value > chosen.value:
        # where the review disagrees: the same deals without the betting read, to show how
        # far the opponents' bets moved the share (only there: it costs one more question)
        unread = priced(ask(None, 0, read_bets=False).share)
    return DecisionReview(
        index=point.index,
        phase=ReviewPhase.BETTING,
        stage=int(view["betting_round"]),
        chosen=chosen,
        best=best,
        loss=max(0.0, best.value - chosen.value),
        mistake=False,
        trials=base.trials,
        exact=base.exact,
        pot=pot,
        to_call=call,
        share=e,
        share_unread=unread,
    )


def _later_bets(
    config: TableConfig, betting_round: int, share: float, opponents: int, stack: int
) -> float:
    """Chips a seat still in the hand expects from the betting rounds after this one
    (RULES.md §4): one bet per round, called by all ``opponents`` (the same number as now),
    worth ``(share·(opponents + 1) − 1)·b`` per round of bet ``b``, or nothing when that is
    negative (the seat folds to it instead). ``b`` is the fixed-limit bet of the round (the
    big bet in the roll rounds), the small bet (the minimum) in pot and no limit, never more
    than the ``stack`` (chips) left. An approximation: raises, folds and the bet sizes of
    pot and no limit are not modelled; it is added to every option but the fold, so it
    prices what a fold gives up and leaves the ranking of the others as it was. Returns
    chips, ``>= 0``."""
    per_bet = share * (opponents + 1) - 1
    if per_bet <= 0:
        return 0.0
    first_roll = 2 + len(config.pass_counts)
    fixed = config.betting is Betting.FIXED_LIMIT
    big = (config.big_bet or 2 * config.small_bet) if fixed else config.small_bet
    left = max(0, stack)
    total = 0
    for rnd in range(betting_round + 1, config.betting_rounds + 1):
        bet = min(big if rnd >= first_roll else config.small_bet, left)
        total += bet
        left -= bet
    return per_bet * total


def review_hand(
    history: Mapping[str, Any],
    seat: int,
    *,
    model: OpponentModel = DEFAULT_MODEL,
    trials: int = DEFAULT_TRIALS,
    seed: int = 0,
    threshold: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> HandReview:
    """Review every pass, arrangement and bet of ``seat`` in one hand (module docstring).

    Args:
        history: a HAND_HISTORY.md document holding every seat's dealt cards (a terminal
            save or a full download); only what ``seat`` saw is used.
        seat: the seat to review.
        model: the opponent model (default: :data:`DEFAULT_MODEL`).
        trials: deals per decision, ``1..MAX_TRIALS`` (exact enumeration when smaller).
        seed: makes the review reproducible.
        threshold: chips of expected loss above which a decision is a mistake; ``None``
            = the table's small bet.
        progress: called as ``progress(done, total)`` after each decision.

    Returns:
        A :class:`HandReview`.

    Raises:
        ReviewError: see :func:`decision_points`; also ``trials`` out of range or a
            negative ``threshold``.
    """
    if not 1 <= trials <= MAX_TRIALS:
        raise ReviewError(f"trials must be 1..{MAX_TRIALS}, got {trials}")
    if threshold is not None and threshold < 0:
        raise ReviewError(f"the mistake threshold must be at least 0 chips, got {threshold}")
    points = decision_points(history, seat)
    config = TableConfig.from_dict(history.get("config") or {})
    limit = float(config.small_bet) if threshold is None else float(threshold)
    final = _stake(history)
    out: list[DecisionReview] = []
    for k, point in enumerate(points):
        rng = np.random.default_rng([seed, k])
        kind = point.action.kind
        try:
            if kind is ActionKind.PASS:
                review = _review_pass(point, model, config, trials, rng, final)
            elif kind is ActionKind.ARRANGE:
                review = _review_arrange(point, model, config, trials, rng, final)
            elif kind is ActionKind.DECLARE:
                review = review_declaration(point.index, point.view, point.action, config)
            else:
                review = _review_bet(point, model, config, trials, (seed, k))
        except InvalidSituationError as exc:
            raise ReviewError(f"decision at action {point.index} cannot be priced: {exc}") from exc
        mistake = review.loss > max(limit, NOISE_FACTOR * review.sampling_error) or (
            review.loss > 0 and _free_fold(point)
        )
        out.append(
            replace(
                review,
                mistake=mistake,
                within_noise=not mistake and review.loss > limit,
            )
        )
        if progress is not None:
            progress(k + 1, len(points))
    return HandReview(
        seat=seat,
        model=model.key,
        description=model.description,
        threshold=limit,
        decisions=tuple(out),
        net=_net(history, seat),
        trials=trials,
        stake=final,
        declare=config.declare is DeclareMode.DECLARE,
    )


def _free_fold(point: DecisionPoint) -> bool:
    """A fold when checking was allowed: it can never gain, so it is a mistake whatever
    the chips the model gives it (priced on the pot of the moment, a fold in an early
    round with a good hand costs less than the threshold; the terminal and the web ask
    twice before such a fold)."""
    return point.action.kind is ActionKind.FOLD and ActionKind.CHECK in point.legal.kinds


def review_session(reviews: Iterable[HandReview]) -> SessionReview:
    """Add up hand reviews (a session, or any hands of one player) by phase."""
    return SessionReview(tuple(reviews))
