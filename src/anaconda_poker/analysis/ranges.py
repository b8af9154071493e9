"""Opponent ranges from betting: how likely each opponent hand is, given its public actions.

A deal sampled by the equity calculator gives every opponent a hand; this module says how
well that hand explains what the opponent did this hand (the public log, RULES.md §7), as a
likelihood over the hand's strength percentile ``p`` among random seven-card hands
(:func:`~anaconda_poker.analysis.equity.strength_percentiles`). The equity calculator then
weights each deal by the product of its opponents' likelihoods (importance weighting: the
posterior over hands is the uniform deal times the likelihood, Bayes' rule).

The model of a player who bets by strength (a *threshold player*): after the arrangement
its five cards are fixed (RULES.md §2.5), so it bets or raises when its hand is at least a
value threshold ``t``, calls with at least a calling threshold, and checks or merely calls
(when it might raise) otherwise. The thresholds are not known exactly; a logistic step of
width ``w`` stands for that uncertainty: ``σ((p − t)/w)`` is the probability that a hand of
strength ``p`` is above the threshold. Each reading mixes in a floor ``ε`` (the action
says nothing about the cards: bluffs, mistakes, random players), so that an unexpected hand
is unlikely, never impossible:

* **bet or raise** after the arrangement: ``ε_b + (1 − ε_b)·σ((p − t_bet)/w)``;
* **call** after the arrangement (no bet or raise of its own there): ``ε_c + (1 −
  ε_c)·σ((p − t_call)/w)``;
* **check, or call where it could have raised** (no bet or raise of its own there):
  ``ε_k + (1 − ε_k)·(1 − σ((p − t_bet)/w))``, the range is capped;
* the population mixes threshold players with players who act at random (such as the
  ``random`` bot): each roll-round reading above is mixed as
  ``strategic·L_threshold + (1 − strategic)·L_random``, where ``L_random`` is the chance
  of the same actions for a player picking uniformly among the allowed kinds (½ per action
  with no bet to face, ⅓ facing one). One bet is weak evidence; every further consistent
  action halves or thirds the random explanation, so a bet followed by re-raises reads as
  strength;
* an opponent that has both bet or raised and checked or called (below the raise cap)
  after the arrangement does not bet by strength (a threshold player with fixed cards does
  not switch): its roll-round actions are read only through a mild ``p**a`` tilt
  (``erratic``);
* bets and raises before the arrangement, when hands still change with every pass, tilt
  by ``p**a`` too (``early`` per bet).

This is the "opponent model from observed actions" idea of Billings et al., *The challenge
of poker* (Artificial Intelligence 134, 2002, §5: re-weighting the opponent's possible hands
after each action), with a threshold policy in place of their learned action frequencies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

FloatArray = NDArray[np.float64]


@dataclass(frozen=True, kw_only=True, slots=True)
class RangeModel:
    """Parameters of the threshold-player reading (module docstring); percentiles 0..1.

    Attributes:
        bet_threshold: ``t_bet``, the strength from which a threshold player bets or raises.
        call_threshold: ``t_call``, the strength from which it calls.
        width: ``w``, the logistic width of both steps.
        bet_floor: ``ε_b``, the likelihood of a bet from a hand far below ``t_bet``.
        call_floor: ``ε_c``, likewise for calls.
        check_floor: ``ε_k``, the likelihood of checking (or just calling) with a hand far
            above ``t_bet`` (slow play).
        strategic: prior probability that an opponent bets by strength (a threshold
            player) rather than at random; each reading is the mixture
            ``strategic·L_threshold + (1 − strategic)·L_random``.
        erratic: ``p**a`` exponent per roll-round bet or raise of a mixed-action opponent.
        early: ``p**a`` exponent per bet or raise before the arrangement.

    Raises:
        ValueError: a floor outside ``[0, 1]`` or a width ``<= 0``.
    """

    bet_threshold: float = 0.93
    call_threshold: float = 0.75
    width: float = 0.02
    bet_floor: float = 0.02
    call_floor: float = 0.3
    check_floor: float = 0.3
    strategic: float = 0.8
    erratic: float = 0.75
    early: float = 1.0

    def __post_init__(self) -> None:
        for name in ("bet_floor", "call_floor", "check_floor", "strategic"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be in [0, 1], got {value}")
        if self.width <= 0:
            raise ValueError(f"width must be > 0, got {self.width}")


@dataclass(frozen=True, kw_only=True, slots=True)
class ActionRead:
    """One opponent's betting this hand, counted from the public log.

    Attributes:
        early_bets: bets and raises before the arrangement.
        roll_bets: bets and raises after the arrangement.
        roll_calls: calls after the arrangement.
        roll_checks: checks after the arrangement, plus calls where a raise was allowed
            (below the raise cap).
        roll_open: actions after the arrangement with no bet to face (checks and bets).
        roll_facing: actions after the arrangement facing a bet (calls and raises).
    """

    early_bets: int = 0
    roll_bets: int = 0
    roll_calls: int = 0
    roll_checks: int = 0
    roll_open: int = 0
    roll_facing: int = 0

    @property
    def random_likelihood(self) -> float:
        """Probability of the roll-round actions for a player choosing uniformly at random
        among the allowed kinds: one half per action with no bet to face (check or bet), one
        third per action facing one (fold, call or raise)."""
        return float(0.5**self.roll_open * (1.0 / 3.0) ** self.roll_facing)

    @property
    def erratic(self) -> bool:
        """Both aggressive and passive after the arrangement (no threshold player)."""
        return self.roll_bets > 0 and self.roll_checks > 0

    @property
    def consistent(self) -> bool:
        """Bet, raised or called after the arrangement without being :attr:`erratic`, in
        a sequence a random player would choose at most one time in five: read as a player
        that bets by the strength of the five it plays."""
        active = self.roll_bets > 0 or self.roll_calls > 0
        return active and not self.erratic and self.random_likelihood < 0.2

    @property
    def silent(self) -> bool:
        """Nothing to read."""
        return not (self.early_bets or self.roll_bets or self.roll_calls or self.roll_checks)

    def likelihood(self, pct: FloatArray, model: RangeModel) -> FloatArray:
        """Likelihood of this betting for hands of strength ``pct`` (float64 array of any
        shape, 0..1), same shape; only ratios matter (module docstring)."""
        out = np.ones_like(pct, dtype=np.float64)
        if self.early_bets:
            out *= np.power(pct, model.early * self.early_bets)
        if self.erratic:
            return out * np.power(pct, model.erratic * self.roll_bets)
        above_bet = _step(pct, model.bet_threshold, model.width)
        strategic = np.ones_like(out)
        if self.roll_bets:
            strategic *= model.bet_floor + (1.0 - model.bet_floor) * above_bet
        else:
            if self.roll_calls:
                above_call = _step(pct, model.call_threshold, model.width)
                strategic *= model.call_floor + (1.0 - model.call_floor) * above_call
            if self.roll_checks:
                strategic *= model.check_floor + (1.0 - model.check_floor) * (1.0 - above_bet)
        share = model.strategic
        return out * (share * strategic + (1.0 - share) * self.random_likelihood)


def _step(pct: FloatArray, threshold: float, width: float) -> FloatArray:
    """Logistic step ``σ((p − threshold)/width)``."""
    z = np.minimum(np.maximum((pct - threshold) / width, -50.0), 50.0)  # a clip, without
    # np.clip's Python-level wrapper (called a few times per betting decision)
    step: FloatArray = 1.0 / (1.0 + np.exp(-z))
    return step


def read_log(
    log: Sequence[Mapping[str, Any]], *, me: int, raise_cap: int | None
) -> dict[int, ActionRead]:
    """Count each other seat's bets, calls and checks in a hand's public log.

    Args:
        log: the view's ``log`` entries (``{"seat": int, "action": str, "to": int?}``).
        me: the reading seat (its own actions are skipped).
        raise_cap: chips of the round's bet from which a call is not a refusal to raise
            (the bot's own raising stop); ``None`` = every call could have raised.

    Returns:
        ``{seat: ActionRead}`` for every other seat that acted (bets before the first
        ``arrange`` entry are early, the rest are roll-round actions).
    """
    arranged_at = max((i for i, e in enumerate(log) if e["action"] == "arrange"), default=len(log))
    counts: dict[int, list[int]] = {}
    last_to = 0
    for i, entry in enumerate(log):
        seat = int(entry["seat"])
        kind = entry["action"]
        if kind in ("bet", "raise"):
            previous = last_to
            last_to = int(entry.get("to", 0))
        else:
            previous = last_to
        if kind in ("pass", "arrange"):
            last_to = 0  # a new betting round follows
        if seat == me or kind in ("pass", "arrange", "fold"):
            continue
        row = counts.setdefault(seat, [0, 0, 0, 0, 0, 0])
        aggressive = kind in ("bet", "raise")
        if i < arranged_at:
            row[0] += aggressive
            continue
        if kind in ("bet", "check"):
            row[4] += 1
        else:
            row[5] += 1
        if aggressive:
            row[1] += 1
        elif kind == "call":
            row[2] += 1
            if raise_cap is None or previous < raise_cap:
                row[3] += 1
        elif kind == "check":
            row[3] += 1
    return {
        seat: ActionRead(
            early_bets=r[0],
            roll_bets=r[1],
            roll_calls=r[2],
            roll_checks=r[3],
            roll_open=r[4],
            roll_facing=r[5],
        )
        for seat, r in counts.items()
    }
