"""Batch hand values for analysis: one call gives the high and the low value of many hands.

A thin adapter over the batch evaluator of :mod:`anaconda_poker.core.evaluation` that fixes
one convention for the analysis code: both values are ``int64``, larger is better, and a
hand without a (qualifying) low has low value ``-1``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from anaconda_poker.core.config import Split
from anaconda_poker.core.evaluation import high_low_value, high_low_values, high_value, high_values
from anaconda_poker.core.evaluation.batch import SMALL_ROWS, small_values
from anaconda_poker.core.evaluation.low import qualifier_offset
from anaconda_poker.core.evaluation.wide import CARD_BITS, set_values64

NO_LOW = -1
"""Low value of a hand that has no qualifying low (or of every hand in ``high_only``)."""


def hand_values(
    codes: NDArray[np.uint8], split: Split
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """High and low value of each row's best five.

    Args:
        codes: uint8[n, k] card codes ``0..51``, ``5 <= k <= 9`` distinct cards per row.
        split: the game type: its low qualifier (8 or none) decides the low value; in
            ``high_only`` every low is :data:`NO_LOW` (RULES.md §5).

    Returns:
        ``(high, low)``, both int64[n], larger is better; ``low`` is :data:`NO_LOW` where the
        row has no qualifying low. The best high five and the best low five of a row are
        chosen independently.

    Rows are not checked for repeated cards (the analysis code builds them from distinct
    cards); one pass over the cards gives both values
    (:func:`~anaconda_poker.core.evaluation.high_low_values`).

    Raises:
        InvalidCardError: wrong shape or a code outside ``0..51`` (from the evaluator).
    """
    rows, width = codes.shape
    if rows <= SMALL_ROWS and 5 <= width <= 7 and codes.dtype == np.uint8:
        # a bot's batches: the evaluator's light path in the analysis convention
        high, low = small_values(codes, want_low=split.has_low, offset=_low_offset(split))
        if low is None:
            return high, np.full(rows, NO_LOW, dtype=np.int64)
        return high, low
    if not split.has_low:
        high = high_values(codes, check_duplicates=False).astype(np.int64)
        return high, np.full(high.shape, NO_LOW, dtype=np.int64)
    h, lo = high_low_values(codes, split.low_qualifier, check_duplicates=False)
    low = lo.astype(np.int64)
    low[low == 0] = NO_LOW
    return h.astype(np.int64), low


def hand_values_many(
    blocks: Sequence[NDArray[np.uint8]], split: Split
) -> list[tuple[NDArray[np.int64], NDArray[np.int64]]]:
    """:func:`hand_values` of several blocks of rows, with one evaluator call per card count
    instead of one per block (the evaluator's fixed cost per call dominates the few
    hundred rows of a bot's decision); the same values, block by block.

    Args:
        blocks: uint8[n_i, k_i] arrays (``5 <= k_i <= 9``).
        split: as :func:`hand_values`.

    Returns:
        ``[(high int64[n_i], low int64[n_i]), ...]`` in the order of ``blocks``.
    """
    out: list[tuple[NDArray[np.int64], NDArray[np.int64]]] = [
        (np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64))
    ] * len(blocks)
    by_width: dict[int, list[int]] = {}
    for i, block in enumerate(blocks):
        by_width.setdefault(block.shape[1], []).append(i)
    for members in by_width.values():
        if len(members) == 1:
            out[members[0]] = hand_values(blocks[members[0]], split)
            continue
        high, low = hand_values(np.concatenate([blocks[i] for i in members]), split)
        start = 0
        for i in members:
            end = start + blocks[i].shape[0]
            out[i] = (high[start:end], low[start:end])
            start = end
    return out


def one_hand_values(cards: Sequence[int], split: Split) -> tuple[int, int]:
    """:func:`hand_values` of one hand of 5..9 distinct card codes, by the scalar
    evaluator: ``(high, low)`` with low :data:`NO_LOW` when there is none."""
    if not split.has_low:
        return high_value(cards), NO_LOW
    high, low = high_low_value(cards, split.low_qualifier)
    return high, low if low > 0 else NO_LOW


def card_set(cards: Sequence[int]) -> int:
    """The card-set number of one hand of distinct codes: the sum of
    :data:`~anaconda_poker.core.evaluation.wide.CARD_BITS` (a bit at ``13 * suit + rank``),
    so each suit's 13-bit rank mask; hands of disjoint cards combine by addition."""
    return sum(1 << (13 * (c & 3) + (c >> 2)) for c in cards)


def card_sets(codes: NDArray[np.uint8]) -> NDArray[np.int64]:
    """:func:`card_set` of each row of ``uint8[n, k]`` codes: ``int64[n]``."""
    out: NDArray[np.int64] = CARD_BITS.take(codes.T).sum(axis=0)
    return out


def sets_supported(split: Split) -> bool:
    """Whether :func:`set_values` can value hands of ``split``: every game but a low
    without qualifier (whose paired lows need the cards themselves)."""
    return not split.has_low or split.low_qualifier is not None


def set_values(
    sets: NDArray[np.int64], split: Split
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """:func:`hand_values` of hands given by their :func:`card_sets` (5..9 distinct cards
    each), by the one-pass path of
    :func:`~anaconda_poker.core.evaluation.wide.wide_values`
    (:func:`~anaconda_poker.core.evaluation.wide.set_values64`): the same values.

    Raises:
        ValueError: ``split`` has a low without qualifier (:func:`sets_supported`).
    """
    if not sets_supported(split):
        raise ValueError(f"{split.value}: lows without qualifier need the cards")
    shape = np.shape(sets)
    high, low = set_values64(np.ravel(sets), want_low=split.has_low, offset=_low_offset(split))
    highs = high.reshape(shape)
    if low is None:
        return highs, np.full(shape, NO_LOW, dtype=np.int64)
    return highs, low.reshape(shape)


def _low_offset(split: Split) -> int:
    """The evaluator's low offset for ``split``'s qualifier (0 in ``high_only``)."""
    return qualifier_offset(split.low_qualifier) if split.has_low else 0
