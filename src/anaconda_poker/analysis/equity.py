"""Showdown equity of one seat at any point of an Anaconda hand, against random opponents.

The question: given everything one seat knows (RULES.md §7), what are its chances of winning
the high half, the low half, of scooping, and what share of the pot does it take on average
at showdown? Opponents' unknown cards are uniformly random among the cards this seat has not
seen; every opponent then plays its best hand.

The model (each point is a documented assumption, not a rule of the game):

* **Unseen pool.** 52 cards minus the seat's own cards (hand, hidden cards, its two dead
  cards after arranging) minus every card it knows to be elsewhere: cards it passed (pinned to
  the seat they went to, RULES.md §3), revealed cards of every seat (RULES.md §2.6). A
  folded hand's unrevealed cards are unknown but out of play: removing random cards from the
  pool for it does not change the distribution of what the others hold, so folded seats only
  remove their *known* cards. Cards the seat passed that may have been passed on
  (``elsewhere``) are somewhere among the opponents: each deal places them uniformly among
  every opponent's unknown cards (folded hands included) and fills the rest from the pool.
* **An opponent holds seven playable cards** (the two hidden cards of the 9-card deal never
  play, RULES.md §6): its known cards (the ones this seat passed it), its revealed cards and
  a random fill from the pool. Before it reveals anything it plays its best five of seven;
  after revealing ``r`` cards it plays those ``r`` plus the best ``5 - r`` of its other
  ``7 - r`` cards; with five revealed it plays exactly those.
* **High and low are valued separately.** A seven-card hand is scored by its best high five
  and its best low five, even where one five could not do both (RULES.md §5 makes the same
  five play both ways). This flatters unarranged hands slightly and is exact once a hand's
  five are fixed (a five-card ``hand`` of this seat; an opponent with five cards showing).
  ``best_five=True`` values the seat's own seven by the best five it can still choose
  instead (the ``equity`` command and the web do); the pass-aware model has unarranged
  opponents play the five their policy arranges.
* **One pot**, no side pots, no odd chips: the pot share is ``high share`` in ``high_only``
  and ``(high share + low share) / 2`` in split games when some hand qualifies for low
  (RULES.md §5), ``high share`` otherwise. Ties share a half equally.

Exact enumeration of every assignment of unseen cards is used when their number is at most
``exact_limit``; otherwise a vectorised Monte Carlo with ``trials`` deals. Both evaluate on
the batch evaluator (:func:`anaconda_poker.core.evaluation.high_low_values`).

>>> from anaconda_poker.core.cards import parse_codes
>>> from anaconda_poker.core.config import Split
>>> quads = OpponentInfo(seat=1, revealed=tuple(parse_codes("2c 2d 2h 2s 3c")))
>>> me = SeatKnowledge(hand=tuple(parse_codes("As Ks Qs Js Ts")), opponents=(quads,))
>>> equity(me, split=Split.HIGH_ONLY).share
1.0
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

import numpy as np

from anaconda_poker.analysis.dealing import (
    CardArray,
    DealSource,
    IntArray,
    as_generator,
    deal_batches,
    enumerate_deals,
    sample_deals,
)
from anaconda_poker.analysis.opponents import (
    careless_values,
    consistency_weights,
    constrained_values,
    constrained_values_many,
    opponent_values,
)
from anaconda_poker.analysis.ranges import ActionRead, RangeModel
from anaconda_poker.analysis.sampling import FieldSample, sample_field
from anaconda_poker.analysis.shares import Accumulator, EquityResult, FieldBest, Outcome, outcome
from anaconda_poker.analysis.situation import (
    FIVE,
    PLAYABLE_CARDS,
    InvalidSituationError,
    OpponentInfo,
    SeatKnowledge,
)
from anaconda_poker.analysis.strength import (
    action_weights,
    strength_percentiles,
    strength_percentiles_reference,
)
from anaconda_poker.analysis.values import hand_values, one_hand_values
from anaconda_poker.core.config import Split

__all__ = [
    "DEFAULT_EXACT_LIMIT",
    "DEFAULT_TRIALS",
    "FIVE",
    "PLAYABLE_CARDS",
    "Accumulator",
    "CardArray",
    "EquityResult",
    "FieldBest",
    "IntArray",
    "InvalidSituationError",
    "OpponentInfo",
    "Outcome",
    "SeatKnowledge",
    "action_weights",
    "as_generator",
    "careless_values",
    "consistency_weights",
    "constrained_values",
    "constrained_values_many",
    "deal_batches",
    "enumerate_deals",
    "equity",
    "opponent_values",
    "outcome",
    "sample_deals",
    "strength_percentiles",
    "strength_percentiles_reference",
]

DEFAULT_TRIALS = 100_000
"""Monte Carlo deals used when no ``trials`` is given."""
DEFAULT_EXACT_LIMIT = 60_000
"""Largest number of card assignments enumerated exactly by default."""


def equity(
    knowledge: SeatKnowledge,
    *,
    split: Split,
    trials: int = DEFAULT_TRIALS,
    rng: np.random.Generator | int | None = None,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
    aggression: Mapping[int, float] | None = None,
    consistency: float = 1.0,
    rational: float = 1.0,
    trust: float = 1.0,
    pot: int | None = None,
    bet: int = 0,
    fold_below: float = 0.5,
    reads: Mapping[int, ActionRead] | None = None,
    range_model: RangeModel | None = None,
    opponents: DealSource | None = None,
    best_five: bool = False,
    sample: FieldSample | None = None,
) -> EquityResult:
    """Showdown equity of the asking seat (model: module docstring).

    Args:
        knowledge: what the seat knows (its cards, passed cards, revealed cards, folds).
        split: game type (RULES.md §5).
        trials: Monte Carlo deals when not enumerating exactly; ``>= 1``.
        rng: a NumPy generator or an int seed (reproducible); ``None`` draws fresh entropy.
        exact_limit: enumerate exactly when the number of assignments of unseen cards is at
            most this; ``0`` forces Monte Carlo.
        aggression: optional ``{seat: exponent >= 0}`` for opponents whose betting suggests
            strength: deals are weighted by :func:`action_weights` (the default, no
            weighting, is the random-opponent model).
        trust: how far betting is read as strength (``action_weights``'s ``trust``, 0..1).
        consistency: weight (``0 < consistency <= 1``) of deals in which an opponent's shown
            cards could not belong to its best five (:func:`consistency_weights`); the
            default 1 does not condition on it.
        rational: probability that an opponent plays its best five; otherwise (a careless
            opponent) it plays a random five of its seven (:func:`careless_values`). Drawn
            per opponent and deal; below 1 the result is a Monte Carlo estimate even when
            the deals are enumerated.

        pot: chips in the pot once the seat has called (bets of the round included); when
            given, the result's ``bet_gain`` is the expected gain, in chips, of putting in
            ``bet`` more chips (a bet or raise) instead of checking or calling: each
            opponent whose hand is below the ``fold_below`` strength percentile
            (:func:`strength_percentiles`) folds to it, the others call, and the showdown
            is against the callers (a one-round look-ahead; later betting is ignored). An
            opponent that has bet or raised after the arrangement (``reads``) calls.
        bet: chips of the bet or raise beyond the call.
        fold_below: the strength percentile under which an opponent folds to a bet.
        reads: optional ``{seat: ActionRead}``, each opponent's betting this hand: deals
            are weighted by :meth:`~anaconda_poker.analysis.ranges.ActionRead.likelihood`
            of the opponent's strength percentile (on top of ``aggression``).
        range_model: the parameters of that reading (default
            :class:`~anaconda_poker.analysis.ranges.RangeModel`).
        opponents: where the opponents' cards come from: ``None`` for random opponents
            (:func:`deal_batches`), or a model such as
            :class:`~anaconda_poker.analysis.pass_model.PassingOpponents` (opponents whose
            hands were built by passing); every weighting above applies on top.
        best_five: value a seven-card hand by the five the seat can still choose: each of
            its 21 fives is scored on the same deals and the result is the best five's
            (its expected share, then its chances); ``False`` (the bots' default) scores the
            best high and the best low of the seven, as if one hand could play both
            (module docstring).

    Returns:
        An :class:`EquityResult` (probabilities 0..1 with standard errors).

    Raises:
        ValueError: if ``trials < 1`` or ``consistency`` is outside ``(0, 1]``.
    """
    if trials < 1:
        raise ValueError(f"trials must be >= 1, got {trials}")
    if not 0.0 < consistency <= 1.0:
        raise ValueError(f"consistency must be in (0, 1], got {consistency}")
    if not 0.0 <= rational <= 1.0:
        raise ValueError(f"rational must be in [0, 1], got {rational}")
    active = knowledge.active
    exps = [float((aggression or {}).get(o.seat, 0.0)) for o in active]
    model = range_model or RangeModel()
    read_cols = [
        (i, r)
        for i, o in enumerate(active)
        if (r := (reads or {}).get(o.seat)) is not None and not r.silent
    ]
    if best_five and len(knowledge.hand) == PLAYABLE_CARDS:
        fives = np.asarray(list(combinations(knowledge.hand, FIVE)), dtype=np.uint8)
        mine_h, mine_l = hand_values(fives, split)
    else:
        one = one_hand_values(knowledge.hand, split)  # the scalar evaluator: one hand
        mine_h, mine_l = np.array([one[0]], dtype=np.int64), np.array([one[1]], dtype=np.int64)
    accs = [Accumulator() for _ in range(len(mine_h))]
    if sample is None:
        sample = sample_field(
            knowledge,
            split=split,
            trials=trials,
            rng=as_generator(rng),
            exact_limit=exact_limit,
            consistency=consistency,
            rational=rational,
            opponents=opponents,
        )
    exact = sample.exact
    consistent = [i for i, read in read_cols if read.consistent]
    for batch in sample.batches:
        highs, lows = batch.highs, batch.lows
        weights = action_weights(highs, lows, split, exps, trust)
        if read_cols:
            pct = batch.percentiles()
            for i, read in read_cols:
                column = read.likelihood(pct[:, i], model)
                weights = column if weights is None else weights * column
        fits = batch.fits
        if fits is not None:
            weights = fits if weights is None else weights * fits
        careful = batch.careful
        ch, cl = batch.careless_highs, batch.careless_lows
        if careful is not None and ch is not None and cl is not None:
            exact = False
            if consistent:
                careful = careful.copy()
                careful[:, consistent] = True  # it bets by the strength of the five it plays
            highs = np.where(careful, highs, ch)
            lows = np.where(careful, lows, cl)
        best = FieldBest.of(highs, lows)
        weak = None
        if pot is not None:
            # the percentile of each value played (elementwise, as of the values themselves)
            if careful is None:
                played = batch.percentiles()
            else:
                played = np.where(careful, batch.percentiles(), batch.careless_percentiles())
            weak = played < fold_below
            for i, read in read_cols:
                if read.roll_bets:
                    weak[:, i] = False  # it bet or raised its fixed five: it calls
        for acc, my_h, my_l in zip(accs, mine_h.tolist(), mine_l.tolist(), strict=True):
            now = outcome(my_h, my_l, best, split)
            acc.add(now, weights)
            if weak is not None and pot is not None:
                callers = (~weak).sum(axis=1)
                called = outcome(
                    my_h,
                    my_l,
                    FieldBest.of(np.where(weak, -1, highs), np.where(weak, -1, lows)),
                    split,
                )
                gains = called.share * (pot + (callers + 1) * bet) - bet - now.share * pot
                acc.add_gain(gains, weights)
    results = [acc.result(exact=exact, opponents=len(active)) for acc in accs]
    return max(results, key=lambda r: (r.share, r.win_high))
