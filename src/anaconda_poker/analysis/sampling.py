"""The sampled half of an equity question: the deals and the opponents' values in them,
apart from the betting reads, the pot and the bet that only weight and score them.

:func:`~anaconda_poker.analysis.equity.equity` is :func:`sample_field` followed by the
scoring of each batch. Questions that share the card knowledge (RULES.md §7: the seat's
cards, passes, revealed cards and folds), the opponent model and the random stream share
the sample: the montecarlo bot asks several questions in one betting round while nothing it
can see about the cards changes (other players' bets change only the reads), and
:meth:`FieldSample.materialised` lets it keep the sample instead of drawing and valuing the
same deals again. Sampling is deterministic in its generator: the same knowledge, model and
seed give the same sample, so a kept sample gives exactly the results of sampling again.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from anaconda_poker.analysis.dealing import CardArray, DealSource, IntArray, deal_batches
from anaconda_poker.analysis.opponents import field_values
from anaconda_poker.analysis.situation import SeatKnowledge
from anaconda_poker.analysis.strength import strength_percentiles
from anaconda_poker.core.config import Split


class SampledBatch:
    """One batch of deals and what the equity model makes of them.

    Attributes:
        deals: uint8[n, needed] the active opponents' unknown cards in turn.
        highs, lows: int64[n, k] each active opponent's values as the opponent model has
            it play (best fives, or the five a passing opponent arranges).
        fits: float64[n] consistency weights of shown cards, or ``None``.
        careless_highs, careless_lows: int64[n, k] the values of a random five, or
            ``None`` when every opponent arranges carefully (``rational = 1``).
        careful: bool[n, k] which opponents arrange carefully in each deal (drawn with
            probability ``rational``), or ``None`` with the careless values.

    Read-only by convention: a kept sample is scored many times.
    """

    __slots__ = (
        "_careless_percentiles",
        "_percentiles",
        "careful",
        "careless_highs",
        "careless_lows",
        "deals",
        "fits",
        "highs",
        "lows",
        "split",
    )

    def __init__(
        self,
        *,
        deals: CardArray,
        highs: IntArray,
        lows: IntArray,
        fits: NDArray[np.float64] | None,
        careless_highs: IntArray | None,
        careless_lows: IntArray | None,
        careful: NDArray[np.bool_] | None,
        split: Split,
    ) -> None:
        self.deals = deals
        self.highs = highs
        self.lows = lows
        self.fits = fits
        self.careless_highs = careless_highs
        self.careless_lows = careless_lows
        self.careful = careful
        self.split = split
        self._percentiles: NDArray[np.float64] | None = None
        self._careless_percentiles: NDArray[np.float64] | None = None

    def percentiles(self) -> NDArray[np.float64]:
        """:func:`~anaconda_poker.analysis.strength.strength_percentiles` of
        ``highs``/``lows``, float64[n, k] (computed once)."""
        if self._percentiles is None:
            self._percentiles = strength_percentiles(self.highs, self.lows, self.split)
        return self._percentiles

    def careless_percentiles(self) -> NDArray[np.float64]:
        """The percentiles of the careless values, float64[n, k] (computed once).

        Raises:
            ValueError: the batch has no careless values.
        """
        if self.careless_highs is None or self.careless_lows is None:
            raise ValueError("this batch has no careless values (rational = 1)")
        if self._careless_percentiles is None:
            self._careless_percentiles = strength_percentiles(
                self.careless_highs, self.careless_lows, self.split
            )
        return self._careless_percentiles


@dataclass(frozen=True, slots=True)
class FieldSample:
    """The sampled half of an equity question (module docstring).

    Attributes:
        exact: the deals are every assignment of the unseen cards, each once.
        batches: the batches, in the order they were drawn; a stream that can be read
            once unless :meth:`materialised`.
    """

    exact: bool
    batches: Iterable[SampledBatch]

    def materialised(self) -> FieldSample:
        """The same sample with its batches drawn now and kept (a tuple), so that it can
        be scored again; holds every batch in memory (a bot's decision: one batch)."""
        return FieldSample(self.exact, tuple(self.batches))


def sample_field(
    knowledge: SeatKnowledge,
    *,
    split: Split,
    trials: int,
    rng: np.random.Generator,
    exact_limit: int,
    consistency: float,
    rational: float,
    opponents: DealSource | None = None,
) -> FieldSample:
    """Deal and value the opponents' hands of an equity question.

    Per batch, in this order (the draws of ``rng``): the deals (``opponents`` or
    :func:`~anaconda_poker.analysis.dealing.deal_batches`), the opponents' values with
    the consistency weights and, when ``rational < 1``, the careless arrangers' fives
    (:func:`~anaconda_poker.analysis.opponents.field_values`), the model's arranged values
    (``opponents.arranged_values``), and which opponents arrange carefully (uniform draws
    below ``rational``).

    Args:
        knowledge, split, trials, exact_limit, consistency, rational, opponents: as
            :func:`~anaconda_poker.analysis.equity.equity`.
        rng: the only source of randomness.

    Returns:
        A :class:`FieldSample` whose batches are drawn as they are read.

    Raises:
        InvalidSituationError: the unseen cards cannot make such a deal.
    """
    active = knowledge.active
    deal = deal_batches if opponents is None else opponents.deal_batches
    exact, deals_stream = deal(knowledge, extra=0, trials=trials, exact_limit=exact_limit, rng=rng)

    def batches() -> Iterator[SampledBatch]:
        for deals in deals_stream:
            field = field_values(
                active, deals, split, slack=consistency, rng=rng if rational < 1.0 else None
            )
            highs, lows = field.highs, field.lows
            if opponents is not None:
                highs, lows = opponents.arranged_values(active, deals, split, highs, lows)
            careful = None
            if field.careless_highs is not None:
                careful = rng.random(highs.shape) < rational
            yield SampledBatch(
                deals=deals,
                highs=highs,
                lows=lows,
                fits=field.fits,
                careless_highs=field.careless_highs,
                careless_lows=field.careless_lows,
                careful=careful,
                split=split,
            )

    return FieldSample(exact, batches())
