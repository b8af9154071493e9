"""The equity calculator's scoring: the asking seat's share of the pot in each deal against
the field's best hands (RULES.md §5), and the weighted means and standard errors of those
per-deal outcomes (:class:`EquityResult`). Used by :mod:`anaconda_poker.analysis.equity` and
:mod:`anaconda_poker.analysis.advice`, which re-export these names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from anaconda_poker.analysis.dealing import IntArray
from anaconda_poker.core.config import Split


@dataclass(frozen=True, kw_only=True, slots=True)
class EquityResult:
    """Showdown statistics of the asking seat.

    Attributes:
        win_high: probability of holding the best high hand (ties count as wins), 0..1.
        win_low: probability of holding the best qualifying low (ties count), 0..1; 0 in
            ``high_only``.
        scoop: probability of taking the whole pot alone (sole best high, and sole best low
            or no qualifying low), 0..1.
        share: expected fraction of the pot won, 0..1 (ties split a half equally).
        win_high_se, win_low_se, scoop_se, share_se: standard errors of the estimates (0 for
            exact enumeration).
        trials: deals evaluated (all assignments when exact).
        exact: True when every assignment was enumerated.
        opponents: active opponents.
        bet_gain: when asked (``pot`` given to :func:`equity`), the expected chips gained
            by betting or raising instead of checking or calling; else ``None``.
    """

    win_high: float
    win_low: float
    scoop: float
    share: float
    win_high_se: float
    win_low_se: float
    scoop_se: float
    share_se: float
    trials: int
    exact: bool
    opponents: int
    bet_gain: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field."""
        return {name: getattr(self, name) for name in self.__slots__}


@dataclass(frozen=True, slots=True)
class FieldBest:
    """The best high and low among a set of opponents in each deal, with tie counts.

    Attributes:
        high: int64[n] best opponent high value (-1 when there is no opponent).
        high_count: int64[n] opponents holding that value.
        low: int64[n] best opponent low value (-1: nobody qualifies).
        low_count: int64[n] opponents holding that low (0 when nobody qualifies).
    """

    high: IntArray
    high_count: IntArray
    low: IntArray
    low_count: IntArray

    @classmethod
    def of(cls, highs: IntArray, lows: IntArray) -> FieldBest:
        """Reduce per-opponent values ``int64[n, k]`` to the field's best (``k`` may be 0)."""
        n, k = highs.shape
        if k == 0:
            neg = np.full(n, -1, dtype=np.int64)
            zero = np.zeros(n, dtype=np.int64)
            return cls(neg, zero, neg.copy(), zero.copy())
        if k == 1:  # heads-up, most of a bot's decisions: the one opponent is the field
            lb = lows[:, 0]
            return cls(highs[:, 0], np.ones(n, dtype=np.int64), lb, (lb >= 0).astype(np.int64))
        hb = highs.max(axis=1)
        lb = lows.max(axis=1)
        hc = (highs == hb[:, None]).sum(axis=1)
        lc = np.where(lb >= 0, (lows == lb[:, None]).sum(axis=1), 0)
        return cls(hb, hc, lb, lc)

    def with_opponent(self, high: IntArray, low: IntArray) -> FieldBest:
        """The field with one more opponent whose values are ``high``/``low`` (int64[n])."""
        hb = np.maximum(self.high, high)
        hc = np.where(self.high == hb, self.high_count, 0) + (high == hb)
        lb = np.maximum(self.low, low)
        lc = np.where(lb >= 0, np.where(self.low == lb, self.low_count, 0) + (low == lb), 0)
        return FieldBest(hb, hc, lb, lc)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Per-deal outcome of the asking seat: float64[n] arrays of 0/1 indicators and shares."""

    win_high: NDArray[np.float64]
    win_low: NDArray[np.float64]
    scoop: NDArray[np.float64]
    share: NDArray[np.float64]


def outcome(
    my_high: IntArray | int, my_low: IntArray | int, best: FieldBest, split: Split
) -> Outcome:
    """Score the asking seat's values against the field in each deal (RULES.md §5).

    Args:
        my_high, my_low: the seat's values, scalars or int64[n] (low -1 = no low).
        best: the opponents' best values per deal.
        split: game type.
    """
    if type(my_high) is int and type(my_low) is int:
        return _outcome_of_one(my_high, my_low, best, split.has_low)
    mh = np.asarray(my_high, dtype=np.int64)
    ml = np.asarray(my_low, dtype=np.int64)
    win_h = mh >= best.high
    sole_h = mh > best.high
    # a tie's share: win / (ties + 1) is 1.0 / (count + 1) for a win, 0.0 otherwise
    h_share = np.where(sole_h, 1.0, win_h / (best.high_count + 1))
    if not split.has_low:
        zeros = np.zeros_like(h_share)
        return Outcome(win_h.astype(np.float64), zeros, sole_h.astype(np.float64), h_share)
    i_low = ml >= 0
    win_l = i_low & (ml >= best.low)
    sole_l = i_low & (ml > best.low)
    l_share = np.where(sole_l, 1.0, win_l / (best.low_count + 1))
    any_low = i_low | (best.low >= 0)
    share = np.where(any_low, 0.5 * h_share + 0.5 * l_share, h_share)
    scoop = sole_h & (sole_l | ~any_low)
    shape = h_share.shape
    return Outcome(_floats(win_h, shape), _floats(win_l, shape), _floats(scoop, shape), share)


def _outcome_of_one(my_high: int, my_low: int, best: FieldBest, has_low: bool) -> Outcome:
    """:func:`outcome` of one pair of values (Python ints; the equity question of one hand):
    the same floats in about half the NumPy calls, the low's scalar cases taken apart
    (no low of the seat: no low half to win, and the pot splits where an opponent
    qualifies; a low: the low half is contested everywhere)."""
    win_h = best.high <= my_high
    sole_h = best.high < my_high
    h_share = np.where(sole_h, 1.0, win_h / (best.high_count + 1))
    if not has_low:
        zeros = np.zeros_like(h_share)
        return Outcome(win_h.astype(np.float64), zeros, sole_h.astype(np.float64), h_share)
    if my_low < 0:
        nobody = best.low < 0  # the high takes the whole pot
        # 0.5 * h + 0.5 * 0.0 of the general formula is 0.5 * h (h >= 0): the same floats
        share = np.where(nobody, h_share, 0.5 * h_share)
        scoop = sole_h & nobody
        return Outcome(
            win_h.astype(np.float64), np.zeros_like(h_share), scoop.astype(np.float64), share
        )
    win_l = best.low <= my_low
    sole_l = best.low < my_low
    l_share = np.where(sole_l, 1.0, win_l / (best.low_count + 1))
    share = 0.5 * h_share + 0.5 * l_share  # some hand qualifies: the seat's own
    return Outcome(
        win_h.astype(np.float64),
        win_l.astype(np.float64),
        (sole_h & sole_l).astype(np.float64),
        share,
    )


def _floats(flags: NDArray[np.bool_], shape: tuple[int, ...]) -> NDArray[np.float64]:
    """0/1 floats of ``flags`` in ``shape`` (broadcast only when it differs)."""
    if flags.shape != shape:
        flags = np.broadcast_to(flags, shape)
    return flags.astype(np.float64)


class Accumulator:
    """Running weighted sums of outcomes, for means and standard errors.

    With weights ``w`` the mean is ``Σ w·x / Σ w`` and the standard error uses the effective
    sample size ``(Σ w)² / Σ w²`` (Kish); unit weights give the usual sample statistics.
    """

    def __init__(self) -> None:
        self.n = 0
        self.weight = 0.0
        self.weight_sq = 0.0
        self.sums = np.zeros(4)
        self.squares = np.zeros(4)
        self.gain: float | None = None

    def add_gain(self, gains: NDArray[np.float64], weights: NDArray[np.float64] | None) -> None:
        """Add per-deal chip gains (float64[n]) with the same weights as :meth:`add`."""
        total = float(gains.sum() if weights is None else gains @ weights)
        self.gain = total if self.gain is None else self.gain + total

    def add(self, out: Outcome, weights: NDArray[np.float64] | None = None) -> None:
        """Add a batch of per-deal outcomes, optionally weighted (float64[n], >= 0)."""
        stack = np.array([out.win_high, out.win_low, out.scoop, out.share])  # np.stack, leaner
        self.n += stack.shape[1]
        if weights is None:
            self.weight += stack.shape[1]
            self.weight_sq += stack.shape[1]
            self.sums += stack.sum(axis=1)
            self.squares += (stack * stack).sum(axis=1)
        else:
            self.weight += float(weights.sum())
            self.weight_sq += float((weights * weights).sum())
            self.sums += stack @ weights
            self.squares += (stack * stack) @ weights

    @staticmethod
    def add_each(accumulators: Sequence[Accumulator], out: Outcome) -> None:
        """Add row ``j`` of a stacked outcome (float64[m, n] arrays: ``m`` choices scored
        on the same ``n`` deals, unweighted) to ``accumulators[j]``: one vectorised pass
        instead of ``m`` calls of :meth:`add`, with the same sums (each row is reduced
        alone, as :meth:`add` reduces it)."""
        stack = np.stack([out.win_high, out.win_low, out.scoop, out.share])
        n = stack.shape[2]
        sums = stack.sum(axis=2)
        squares = (stack * stack).sum(axis=2)
        for j, acc in enumerate(accumulators):
            acc.n += n
            acc.weight += n
            acc.weight_sq += n
            acc.sums += sums[:, j]
            acc.squares += squares[:, j]

    def result(self, *, exact: bool, opponents: int) -> EquityResult:
        """The weighted means and their standard errors (0 when ``exact``)."""
        total = self.weight if self.weight > 0 else 1.0
        mean = self.sums / total
        n_eff = self.weight**2 / self.weight_sq if self.weight_sq > 0 else 0.0
        if exact or n_eff < 2:
            se = np.zeros(4)
        else:
            var = np.maximum(self.squares / total - mean * mean, 0.0)
            se = np.sqrt(var / (n_eff - 1))
        m = [float(x) for x in mean]
        s = [float(x) for x in se]
        return EquityResult(
            win_high=m[0],
            win_low=m[1],
            scoop=m[2],
            share=m[3],
            win_high_se=s[0],
            win_low_se=s[1],
            scoop_se=s[2],
            share_se=s[3],
            trials=self.n,
            exact=exact,
            opponents=opponents,
            bet_gain=None if self.gain is None else self.gain / total,
        )
