"""Dealing the unseen cards for the equity calculator: every assignment (exact enumeration)
or uniform random samples, as ``uint8`` arrays of card codes, plus the shapes and sizes the
analysis modules share.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple, Protocol

import numpy as np
from numpy.typing import NDArray

from anaconda_poker.analysis.situation import FIVE as FIVE
from anaconda_poker.analysis.situation import PLAYABLE_CARDS as PLAYABLE_CARDS
from anaconda_poker.analysis.situation import InvalidSituationError as InvalidSituationError
from anaconda_poker.analysis.situation import OpponentInfo, SeatKnowledge

IntArray = NDArray[np.int64]
CardArray = NDArray[np.uint8]

if TYPE_CHECKING:
    from anaconda_poker.core.config import Split

_CHUNK = 8_192
"""Monte Carlo deals evaluated per NumPy batch: the temporaries of a batch stay in the CPU
caches (measured on the development machine, CPU time: 8,192 deals per batch about 1.2x
the trials per second of 65,536, the earlier size; 4,096 no better). Runs of more trials
than this split the random stream differently from the earlier size: same distribution,
other deals; runs of at most 8,192 trials (every bot decision) are unchanged."""


class DealSource(Protocol):
    """An opponent model: where the opponents' unknown cards come from. The random model is
    :func:`anaconda_poker.analysis.equity.deal_batches`; a model object offers the same
    call as a method. The models name this protocol as their base
    (:class:`anaconda_poker.analysis.pass_model.PassingOpponents`,
    :class:`anaconda_poker.analysis.kept_replay.KeptReplay`), and the random model's function
    is checked by a type-only class below, so that mypy checks every signature against this
    one where it is written, not only where a model is passed."""

    __slots__ = ()  # the models may keep slots

    def deal_batches(
        self,
        knowledge: SeatKnowledge,
        *,
        extra: int,
        trials: int,
        exact_limit: int,
        rng: np.random.Generator | int | None,
        needs: Sequence[int] | None = None,
    ) -> tuple[bool, Iterable[CardArray]]:
        """``(exact, batches)`` as :func:`~anaconda_poker.analysis.equity.deal_batches`."""
        ...

    def arranged_values(
        self,
        opponents: Sequence[OpponentInfo],
        deals: CardArray,
        split: Split,
        highs: IntArray,
        lows: IntArray,
    ) -> tuple[IntArray, IntArray]:
        """The opponents' values as the model has them arrange: given the values of their
        best fives (``highs``/``lows``, int64[n, k], from ``deals``), the values to score
        (the random model keeps them)."""
        ...


@cache
def _combos(n: int, k: int) -> NDArray[np.intp]:
    """All ``k``-subsets of ``range(n)`` as rows, int[C(n, k), k] (read-only, cached)."""
    if k == 0:
        rows = np.zeros((1, 0), dtype=np.intp)
    else:
        rows = np.array(list(combinations(range(n), k)), dtype=np.intp)
    rows.flags.writeable = False
    return rows


def _complements(n: int, k: int) -> NDArray[np.intp]:
    """Row ``i``: ``range(n)`` minus the ``i``-th ``k``-subset, int[C(n, k), n - k]."""
    rows = _combos(n, k)
    mask = np.ones((len(rows), n), dtype=bool)
    mask[np.arange(len(rows))[:, None], rows] = False
    return np.nonzero(mask)[1].reshape(len(rows), n - k)


def enumerate_deals(pool: Sequence[int], needs: Sequence[int]) -> CardArray:
    """Every assignment of distinct pool cards to slots of the given sizes.

    Args:
        pool: the unseen card codes.
        needs: cards for each recipient, in order.

    Returns:
        uint8[m, sum(needs)]: one row per assignment; columns hold each recipient's cards in
        turn (``needs[0]`` columns, then ``needs[1]``, ...), each recipient's cards as a set
        (ascending pool order), so ``m`` is the product of binomials.
    """
    pool_arr = np.asarray(pool, dtype=np.uint8)
    rows = np.zeros((1, 0), dtype=np.intp)
    remaining = np.arange(len(pool_arr), dtype=np.intp)[None, :]
    for need in needs:
        width = remaining.shape[1]
        picks = _combos(width, need)
        rest = _complements(width, need)
        chosen = remaining[:, picks]  # [R, C, need]
        left = remaining[:, rest]  # [R, C, width-need]
        count = picks.shape[0]
        total = rows.shape[0] * count
        rows = np.concatenate([np.repeat(rows, count, axis=0), chosen.reshape(total, need)], axis=1)
        remaining = left.reshape(total, width - need)
    return pool_arr[rows]


def sample_deals(
    pool: Sequence[int], count: int, trials: int, rng: np.random.Generator
) -> CardArray:
    """``trials`` independent uniform draws of ``count`` distinct cards from ``pool``.

    A vectorised partial Fisher–Yates shuffle of each row (Knuth, TAOCP vol. 2, §3.4.2,
    algorithm P), stopped after ``count`` swaps. The swap targets of all steps are drawn
    at once (row ``j`` uniform in ``j..size-1``, :func:`_bounded_draws`) in the order of
    one draw per step, so the deals are those of the step-by-step draws
    (:func:`~anaconda_poker.analysis.reference.sample_deals_reference`, tested equal, and
    the generator is left in the same state).

    Returns:
        uint8[trials, count]: row ``t`` is an ordered uniform sample without replacement
        (a transposed view: step ``j``'s cards are contiguous).

    Raises:
        ValueError: if ``count`` exceeds the pool size.
    """
    size = len(pool)
    if count > size:
        raise ValueError(f"cannot draw {count} distinct cards from a pool of {size}")
    plan = _deal_plan(size, count, trials)
    deck = np.empty((size, trials), dtype=np.uint8)  # position-major: deck[x, r]
    deck[...] = np.asarray(pool, dtype=np.uint8)[:, None]
    flat = deck.reshape(-1)
    targets = np.empty((count, trials), dtype=np.uint64)
    if plan.drawn:
        _bounded_draws(rng, plan.ranges, size, targets[: plan.drawn])  # size: the largest
    if plan.drawn < count:
        targets[plan.drawn :] = 0  # the last card of the pool has one place: no draw
    index = targets.view(np.int64)  # below 2**32: the same numbers
    index *= trials
    index += plan.base  # step j, row r: position (j + offset) * trials + r of the flat deck
    out = np.empty((count, trials), dtype=np.uint8)
    for j in range(count):
        target = index[j]
        out[j] = flat[target]  # card j of each row; position j is never read again
        flat[target] = deck[j]  # contiguous: a scatter of contiguous values is faster
    return out.T


class _DealPlan(NamedTuple):
    """Constants of :func:`sample_deals` for one shape (read-only arrays)."""

    drawn: int  # steps that draw: all but a last step with one place left
    ranges: NDArray[np.uint64]  # uint64[drawn, 1]: step j has size - j places
    base: IntArray  # int64[count, trials]: j * trials + r


@lru_cache(maxsize=64)
def _deal_plan(size: int, count: int, trials: int) -> _DealPlan:
    drawn = min(count, size - 1)
    ranges = (size - np.arange(drawn, dtype=np.uint64))[:, None]
    steps = np.arange(count, dtype=np.int64)[:, None]
    base = steps * trials + np.arange(trials, dtype=np.int64)
    ranges.flags.writeable = False
    base.flags.writeable = False
    return _DealPlan(drawn, ranges, base)


_U32 = 1 << 32
_LOW_HALF = 0 if sys.byteorder == "little" else 1
"""Index of a uint64's low 32 bits among the two uint32 it views as."""


def _bounded_draws(
    rng: np.random.Generator,
    ranges: NDArray[np.uint64],
    limit: int,
    out: NDArray[np.uint64],
) -> None:
    """``out[...] = rng.integers(0, ranges, size=out.shape)`` for ranges ``2..2**32 - 1``
    (``ranges`` uint64[rows, 1], ``limit`` at least their largest): the same numbers, and
    the generator left in the same state.

    NumPy draws a bounded integer below ``2**32`` by Lemire's method on 32-bit draws: one
    draw ``u``, the value ``u * range >> 32``, redrawn only when the low 32 bits of
    ``u * range`` fall below ``2**32 % range`` (less than ``range``: about one draw in
    ten million here). With an array of ranges it does this element by element, several
    times slower than one call of raw 32-bit draws (``integers(0, 2**32, dtype=uint32)``,
    the same 32-bit draws) followed by the multiplication here; when some low half falls
    below ``limit`` the draws are replayed one by one (:func:`_bounded_exact`)."""
    raw = rng.integers(0, _U32, size=out.shape, dtype=np.uint32)
    np.multiply(raw, ranges, out=out, dtype=np.uint64)
    if out.size and out.view(np.uint32)[:, _LOW_HALF::2].min() < limit:
        out[...] = _bounded_exact(rng, raw, ranges)
    else:
        out >>= np.uint64(32)


def _bounded_exact(
    rng: np.random.Generator, raw: NDArray[np.uint32], ranges: NDArray[np.uint64]
) -> NDArray[np.uint64]:
    """:func:`_bounded_draws` draw by draw from the 32-bit draws ``raw`` (row by row, as
    NumPy fills its result) and further draws where a rejection used up one of them."""
    rows, trials = raw.shape
    draws = iter(raw.ravel().tolist())

    def draw() -> int:
        """The next 32-bit draw: ``raw``'s, then (those a rejection used up) the stream's."""
        u = next(draws, None)
        return int(rng.integers(0, _U32, size=1, dtype=np.uint32)[0]) if u is None else u

    out = np.empty((rows, trials), dtype=np.uint64)
    for j, span in enumerate(ranges[:, 0].tolist()):
        threshold = (_U32 - span) % span
        for r in range(trials):
            scaled = draw() * span
            while scaled % _U32 < threshold:
                scaled = draw() * span
            out[j, r] = scaled >> 32
    return out


def as_generator(rng: np.random.Generator | int | None) -> np.random.Generator:
    """A NumPy generator from a generator, a seed, or ``None`` (fresh OS entropy)."""
    if isinstance(rng, np.random.Generator):
        return rng
    return np.random.default_rng(rng)


def sample_placed(
    pool: Sequence[int],
    placed: Sequence[int],
    lead: int,
    slots: int,
    sink: int,
    trials: int,
    rng: np.random.Generator,
) -> CardArray:
    """Deals in which the ``placed`` cards are certainly in the opponents' hands.

    Each row first gives ``lead`` cards from ``pool`` (uniform, without replacement), then
    fills ``slots + sink`` places: the ``placed`` cards take uniformly random places among
    them, the rest of the pool fills the others uniformly. The ``sink`` places (unknown cards
    of hands that are not valued: folded or fully shown opponents) are then dropped. This is
    the uniform distribution over the deals consistent with "each placed card is in one of
    those places" (every consistent assignment has the same probability).

    Returns:
        uint8[trials, lead + slots].

    Raises:
        ValueError: if the placed cards do not fit in ``slots + sink`` places, or the pool
            cannot fill the other places.
    """
    places = slots + sink
    m = len(placed)
    if m > places:
        raise ValueError(f"cannot place {m} cards in {places} places")
    fill = sample_deals(pool, lead + places - m, trials, rng).T  # [step, row]
    width = lead + places
    out = np.empty((trials, width), dtype=np.uint8)
    if lead:
        out[:, :lead] = fill[:lead].T
    order = np.argsort(rng.random((trials, places)), axis=1)
    # the k-th card of a row's body (the placed cards, then the fill) goes to its place
    # order[k]: one scatter into the flat result
    order += _place_offsets(trials, width, lead)
    cards = np.empty((places, trials), dtype=np.uint8)
    cards[:m] = np.asarray(placed, dtype=np.uint8)[:, None]
    cards[m:] = fill[lead:]
    out.reshape(-1)[order] = cards.T
    return out[:, : lead + slots]


@lru_cache(maxsize=64)
def _place_offsets(trials: int, width: int, lead: int) -> IntArray:
    """int64[trials, 1]: where row ``r``'s body starts in the flat result of
    :func:`sample_placed` (read-only, cached)."""
    offsets = (lead + width * np.arange(trials, dtype=np.int64))[:, None]
    offsets.flags.writeable = False
    return offsets


def enumerate_placed(
    pool: Sequence[int], placed: Sequence[int], needs: Sequence[int], sink: int
) -> CardArray:
    """Every deal of :func:`sample_placed` (``needs[0]`` is ``lead``, the others the slot
    groups), each once: :func:`enumerate_deals` over the pool and the placed cards together,
    keeping the rows in which no placed card is among the lead cards or left undealt.

    Returns:
        uint8[m, sum(needs)].
    """
    cards = [*pool, *placed]
    rows = enumerate_deals(cards, [*needs, sink])
    lead = needs[0] if needs else 0
    body = rows[:, lead:]
    keep = np.ones(len(rows), dtype=bool)
    for card in placed:
        keep &= (body == card).any(axis=1)
    return np.ascontiguousarray(rows[keep][:, : sum(needs)])


def deal_batches(
    knowledge: SeatKnowledge,
    *,
    extra: int,
    trials: int,
    exact_limit: int,
    rng: np.random.Generator | int | None,
    needs: Sequence[int] | None = None,
) -> tuple[bool, Iterable[CardArray]]:
    """Batches of deals for the active opponents (and ``extra`` leading cards for the seat).

    Args:
        knowledge: gives the unseen pool and (unless ``needs`` is given) the unknown card
            count of each active opponent.
        extra: cards dealt first, to the asking seat (received cards of a pass).
        trials: Monte Carlo deals in all.
        exact_limit: enumerate when the number of assignments is at most this.
        rng: NumPy generator or int seed.
        needs: unknown cards per active opponent, overriding ``knowledge``.

    Returns:
        ``(exact, batches)``: each batch is uint8[b, extra + needed]: the first ``extra``
        columns are cards for the asking seat, then each active opponent's unknown cards in
        turn. Exact enumeration when the number of assignments is at most ``exact_limit``.
        The cards of ``knowledge.elsewhere`` are dealt only to opponents
        (:func:`~anaconda_poker.analysis.dealing.sample_placed`).

    Raises:
        InvalidSituationError: if the unseen cards cannot make such a deal.
    """
    pool = knowledge.pool()
    if needs is None:
        needs = [o.unknown for o in knowledge.active]
    placed = knowledge.elsewhere
    if placed:
        # cards passed on are in some opponent's hand: spread them over every unknown card
        # of the opponents (the valued ones and the sink of folded or fully shown hands)
        sink = knowledge.holes() - sum(o.unknown for o in knowledge.active)
        everything = len(pool) + len(placed)
        size = math.comb(everything, extra) * _assignments_after(everything - extra, [*needs, sink])
        if extra + sum(needs) + sink > everything or len(placed) > sum(needs) + sink:
            raise InvalidSituationError(
                f"cannot deal {extra + sum(needs)} unknown cards with {len(placed)} passed "
                f"cards among the opponents' {sum(needs) + sink}: {everything} are unseen"
            )
        if size <= exact_limit:
            return True, [enumerate_placed(pool, placed, [extra, *needs], sink)]
    else:
        sink = 0
        size = math.comb(len(pool), extra) * _assignments_after(len(pool) - extra, needs)
        if size <= exact_limit:
            return True, [enumerate_deals(pool, [extra, *needs])]
    gen = as_generator(rng)
    count = extra + sum(needs)

    def batches() -> Iterable[CardArray]:
        left = trials
        while left > 0:
            b = min(left, _CHUNK)
            left -= b
            if placed:
                yield sample_placed(pool, placed, extra, sum(needs), sink, b, gen)
            else:
                yield sample_deals(pool, count, b, gen)

    return False, batches()


if TYPE_CHECKING:

    class _RandomModel(DealSource):
        """Never built: mypy checks :func:`deal_batches` (the random model) against
        :meth:`DealSource.deal_batches` here, as the model classes are where they are written."""

        deal_batches = staticmethod(deal_batches)


def _assignments_after(remaining: int, needs: Sequence[int]) -> int:
    total = 1
    for need in needs:
        total *= math.comb(remaining, need)
        remaining -= need
    return total
