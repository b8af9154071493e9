"""Opponent profiles across the hands of a session: how often each opponent bets, calls and
folds, and how that shifts the betting reads of :mod:`anaconda_poker.analysis.ranges`.

The montecarlo bot reads an opponent's bets as strength through one threshold player
(:class:`~anaconda_poker.analysis.ranges.RangeModel`). Against a player whose betting does
not follow its cards that read is wrong in a way that costs chips: an always-raise player's
bets "mean" the top 7% of hands, so the bot folds hands worth a quarter of the pot; a calling
station's calls "mean" the top quarter, so the bot stops value-betting the hands a station
pays off. A profile counts, from the final view of every hand the bot played (the public
log, :func:`~anaconda_poker.bots.protocol.observe_result`), each opponent's actions by kind:

* after the arrangement (roll rounds): *aggression* ``a`` = bets and raises over all its
  bets, raises, checks and calls; *calling* ``c`` = calls and raises over its actions facing
  a bet (calls, raises, folds); *fold rate* ``f = 1 − c``;
* before the arrangement: *early aggression* ``e`` = bets and raises over its actions.

Each frequency is shrunk toward the reference population's (:data:`REFERENCE`, measured on
``heuristic`` and ``montecarlo`` bots) with ``prior`` pseudo-actions, so a few hands move
nothing. Frequencies within ``margin`` (0.2) of the reference keep the default reads (the
bots the reads were tuned on vary that much); beyond it a read moves linearly, reaching
``shift`` (one half) of the way to its extreme at frequency 0 or 1. Per opponent:

* looser betting than the reference (``a > a_ref``) lowers its bet threshold toward 0
  (an opponent that always bets: its bets say less); tighter betting raises the check
  floor toward 1 (an opponent that never bets: its checks say less);
* looser calling than the reference lowers its call threshold toward 0;
* early aggression above the reference lowers the early tilt toward 0;
* the strength percentile below which it folds to a bet in the one-round bet pricing
  (``fold_below`` of :func:`~anaconda_poker.analysis.equity.equity`) moves toward 0 for
  looser calling (less fold equity) and toward 0.95 for tighter.

Half way, not all the way: the calculator deals opponents random cards, which makes hands
built by purposeful passing look weaker than they are (issue 16 §1), and the default reads
partly make up for it. Measured (README, "Opponent modelling and the exploiter checks"), a
full move lost chips against bluffers and stations that the half move keeps.

This is frequency-based opponent modelling (Billings et al., *The challenge of poker*,
Artificial Intelligence 134, 2002, §5: action frequencies per opponent and context), kept to
the few statistics that the exploiter bots of the strength checks make decisive.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from anaconda_poker.analysis.ranges import ActionRead, FloatArray, RangeModel
from anaconda_poker.bots.protocol import View


@dataclass(frozen=True, slots=True)
class Frequencies:
    """Reference action frequencies (0..1) of the population the default reads fit.

    Attributes:
        aggression: roll-round bets and raises over bets, raises, checks and calls.
        calling: roll-round calls and raises over calls, raises and folds.
        early: bets and raises over all betting actions before the arrangement.
    """

    aggression: float
    calling: float
    early: float


REFERENCE = Frequencies(aggression=0.5, calling=0.9, early=0.4)
"""About the frequencies of ``heuristic`` and ``montecarlo`` bots (counted in 120 arena hands
each, seed 3: aggression 0.37–0.70, calling 0.75–1.00, early 0.28–0.60 by bot and game;
README "Opponent modelling")."""


@dataclass(slots=True)
class OpponentStats:
    """One opponent's action counts over the session (see module docstring).

    Attributes:
        hands: hands it was seen in.
        roll_aggressive, roll_passive: roll-round bets and raises; checks and calls.
        facing_continue, facing_fold: roll-round calls and raises; folds.
        early_aggressive, early_passive: bets and raises; checks, calls and folds, before the
            arrangement.
    """

    hands: int = 0
    roll_aggressive: int = 0
    roll_passive: int = 0
    facing_continue: int = 0
    facing_fold: int = 0
    early_aggressive: int = 0
    early_passive: int = 0

    def frequencies(self, reference: Frequencies, prior: float) -> Frequencies:
        """Shrunk frequencies: ``(count + prior·reference) / (total + prior)``."""

        def shrunk(hits: int, total: int, ref: float) -> float:
            return (hits + prior * ref) / (total + prior)

        return Frequencies(
            aggression=shrunk(
                self.roll_aggressive,
                self.roll_aggressive + self.roll_passive,
                reference.aggression,
            ),
            calling=shrunk(
                self.facing_continue,
                self.facing_continue + self.facing_fold,
                reference.calling,
            ),
            early=shrunk(
                self.early_aggressive,
                self.early_aggressive + self.early_passive,
                reference.early,
            ),
        )


def _toward(
    default: float,
    target: float,
    freq: float,
    ref: float,
    end: float,
    shift: float = 1.0,
    margin: float = 0.0,
) -> float:
    """``default`` while ``freq`` is within ``margin`` of ``ref``, then moving linearly to
    ``shift`` of the way to ``target`` at ``freq == end``."""
    span = abs(end - ref) - margin
    if span <= 0:
        return default
    t = min(1.0, max(0.0, ((freq - ref) / (end - ref) * abs(end - ref) - margin) / span))
    return default + shift * t * (target - default)


@dataclass(frozen=True, kw_only=True, slots=True)
class ProfiledRead(ActionRead):
    """An opponent's betting this hand read through its own :class:`RangeModel` (the
    session's profile of it) instead of the bot's default one."""

    model: RangeModel

    def likelihood(self, pct: FloatArray, model: RangeModel) -> FloatArray:
        """:meth:`ActionRead.likelihood` under this opponent's own model (``model`` is
        ignored)."""
        out: FloatArray = ActionRead.likelihood(self, pct, self.model)
        return out


@dataclass
class OpponentBook:
    """The profiles of every opponent met in a session, by seat name.

    Args:
        prior: pseudo-actions of the reference population in each frequency, ``>= 0``.
        reference: the reference frequencies.
        shift: how far the reads move toward the profile, ``0..1`` (0: the default reads
            for everyone; 1: all the way, e.g. an always-betting opponent's bets read as
            meaning nothing).
        margin: frequencies within this distance of the reference leave the reads as they
            are (``0..1``): only clear outliers are read their own way.

    Raises:
        ValueError: if ``prior < 0``, or ``shift`` or ``margin`` is outside ``[0, 1]``.
    """

    prior: float = 10.0
    reference: Frequencies = REFERENCE
    shift: float = 0.5
    margin: float = 0.2
    stats: dict[str, OpponentStats] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.prior < 0:
            raise ValueError(f"prior must be >= 0 pseudo-actions, got {self.prior}")
        if not 0.0 <= self.shift <= 1.0:
            raise ValueError(f"shift must be in [0, 1], got {self.shift}")
        if not 0.0 <= self.margin <= 1.0:
            raise ValueError(f"margin must be in [0, 1], got {self.margin}")

    def add_hand(self, view: View) -> None:
        """Count every other seat's actions in a finished hand's public log (``view`` is the
        observing seat's final view)."""
        me = int(view["you"]["seat"])
        names = {int(s["seat"]): str(s["name"]) for s in view["seats"]}
        log = view["log"]
        arranged_at = next((i for i, e in enumerate(log) if e["action"] == "arrange"), len(log))
        for seat, name in names.items():
            if seat != me:
                self.stats.setdefault(name, OpponentStats()).hands += 1
        for i, entry in enumerate(log):
            seat = int(entry["seat"])
            kind = entry["action"]
            if seat == me or seat not in names or kind in ("pass", "arrange", "declare"):
                continue
            row = self.stats[names[seat]]
            aggressive = kind in ("bet", "raise")
            if i < arranged_at:
                if aggressive:
                    row.early_aggressive += 1
                else:
                    row.early_passive += 1
                continue
            if kind == "fold":
                row.facing_fold += 1
                continue
            if aggressive:
                row.roll_aggressive += 1
            else:
                row.roll_passive += 1
            if kind in ("call", "raise"):
                row.facing_continue += 1

    def frequencies(self, name: str) -> Frequencies:
        """The shrunk frequencies of the opponent called ``name`` (the reference for a
        stranger)."""
        stats = self.stats.get(name)
        if stats is None:
            return self.reference
        return stats.frequencies(self.reference, self.prior)

    def model(self, name: str, default: RangeModel) -> RangeModel:
        """``default`` shifted by the opponent's frequencies (module docstring)."""
        freq = self.frequencies(name)
        ref = self.reference
        k, m = self.shift, self.margin
        bet_threshold = _toward(
            default.bet_threshold, 0.0, freq.aggression, ref.aggression, 1.0, k, m
        )
        check_floor = _toward(default.check_floor, 1.0, freq.aggression, ref.aggression, 0.0, k, m)
        call_threshold = _toward(default.call_threshold, 0.0, freq.calling, ref.calling, 1.0, k, m)
        early = _toward(default.early, 0.0, freq.early, ref.early, 1.0, k, m)
        return replace(
            default,
            bet_threshold=bet_threshold,
            check_floor=check_floor,
            call_threshold=call_threshold,
            early=early,
        )

    def fold_below(self, names: Iterable[str], default: float) -> float:
        """The strength percentile below which the opponents ``names`` fold to a bet: the
        mean over them of ``default`` moved toward 0 for players who call more than the
        reference and toward 0.95 for players who fold more (as the thresholds move), or
        ``default`` with no opponents."""
        ref = self.reference.calling
        k, m = self.shift, self.margin
        values = []
        for name in names:
            calling = self.frequencies(name).calling
            if calling >= ref:
                values.append(_toward(default, 0.0, calling, ref, 1.0, k, m))
            else:
                values.append(_toward(default, 0.95, calling, ref, 0.0, k, m))
        return float(np.mean(values)) if values else default

    def reads(
        self, reads: Mapping[int, ActionRead], names: Mapping[int, str], default: RangeModel
    ) -> dict[int, ActionRead]:
        """``reads`` with each opponent's betting read through its profile's model."""
        out: dict[int, ActionRead] = {}
        for seat, read in reads.items():
            name = names.get(seat)
            if name is None or name not in self.stats:
                out[seat] = read
                continue
            out[seat] = ProfiledRead(
                early_bets=read.early_bets,
                roll_bets=read.roll_bets,
                roll_calls=read.roll_calls,
                roll_checks=read.roll_checks,
                roll_open=read.roll_open,
                roll_facing=read.roll_facing,
                model=self.model(name, default),
            )
        return out
