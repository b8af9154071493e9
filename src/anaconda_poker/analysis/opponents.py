"""Opponents' hand values in sampled deals: best fives under what each opponent has shown,
careless arrangers, and the weights that condition on shown cards belonging to the best five
(the model of :mod:`anaconda_poker.analysis.equity`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

import numpy as np
from numpy.typing import NDArray

from anaconda_poker.analysis.dealing import CardArray, IntArray, _combos
from anaconda_poker.analysis.situation import FIVE, PLAYABLE_CARDS, OpponentInfo
from anaconda_poker.analysis.values import hand_values, hand_values_many
from anaconda_poker.core.config import Split


def constrained_values(
    fixed: Sequence[int], cards: CardArray, split: Split
) -> tuple[IntArray, IntArray]:
    """Best high and low of ``fixed`` plus the best ``5 - len(fixed)`` of ``cards``.

    Args:
        fixed: codes that must be in the five (revealed cards), 0..5 of them.
        cards: uint8[n, k] the other candidate cards of each row, ``k >= 5 - len(fixed)``.
        split: game type (decides the low qualifier; ``high_only`` returns lows of -1).

    Returns:
        ``(high int64[n], low int64[n])`` in the order of :func:`hand_values` (higher is
        better; low -1 means no qualifying low).
    """
    n, k = cards.shape
    r = len(fixed)
    if r == 0:
        return hand_values(cards, split)
    if r >= FIVE:
        h, lo = hand_values(np.asarray([fixed[:FIVE]], dtype=np.uint8), split)
        return np.repeat(h, n), np.repeat(lo, n)
    picks = _combos(k, FIVE - r)
    c = len(picks)
    rows = np.empty((n, c, FIVE), dtype=np.uint8)
    rows[:, :, :r] = np.asarray(fixed, dtype=np.uint8)
    rows[:, :, r:] = cards[:, picks]
    h, lo = hand_values(rows.reshape(n * c, FIVE), split)
    return h.reshape(n, c).max(axis=1), lo.reshape(n, c).max(axis=1)


def opponent_values(
    opponents: Sequence[OpponentInfo], deals: CardArray, split: Split
) -> tuple[IntArray, IntArray]:
    """High and low values of each active opponent in each deal.

    Args:
        opponents: the active opponents, in the column order of ``deals``.
        deals: uint8[n, sum(o.unknown)] each opponent's random cards in turn.
        split: game type.

    Returns:
        ``(high int64[n, len(opponents)], low int64[n, len(opponents)])``.
    """
    n = deals.shape[0]
    highs = np.empty((n, len(opponents)), dtype=np.int64)
    lows = np.empty((n, len(opponents)), dtype=np.int64)
    # Group opponents that hold no known or revealed card: one batch call for all of them.
    plain = [i for i, o in enumerate(opponents) if not o.known and not o.revealed]
    offsets = np.cumsum([0] + [o.unknown for o in opponents])
    if plain:
        block = np.concatenate([deals[:, offsets[i] : offsets[i + 1]] for i in plain], axis=0)
        h, lo = hand_values(block, split)
        for j, i in enumerate(plain):
            highs[:, i] = h[j * n : (j + 1) * n]
            lows[:, i] = lo[j * n : (j + 1) * n]
    rest = [i for i in range(len(opponents)) if i not in plain]
    fills = []
    for i in rest:
        o = opponents[i]
        fill = deals[:, offsets[i] : offsets[i + 1]]
        if o.known:
            known = np.broadcast_to(np.asarray(o.known, dtype=np.uint8), (n, len(o.known)))
            fill = np.concatenate([known, fill], axis=1)
        fills.append(fill)
    for i, (h, lo) in zip(
        rest, constrained_values_many(opponents, rest, fills, split), strict=True
    ):
        highs[:, i], lows[:, i] = h, lo
    return highs, lows


def constrained_values_many(
    opponents: Sequence[OpponentInfo],
    columns: Sequence[int],
    fills: Sequence[CardArray],
    split: Split,
) -> list[tuple[IntArray, IntArray]]:
    """:func:`constrained_values` of several opponents (``opponents[columns[j]]`` with the
    candidate cards ``fills[j]``), their five-card rows valued in one evaluator call; the
    same values as one call per opponent."""
    out: list[tuple[IntArray, IntArray] | None] = [None] * len(columns)
    rows: list[CardArray] = []
    shapes: list[tuple[int, int, int]] = []  # (position in out, n, subsets)
    for j, (i, cards) in enumerate(zip(columns, fills, strict=True)):
        fixed = opponents[i].revealed
        r = len(fixed)
        n, k = cards.shape
        if r == 0 or r >= FIVE:
            out[j] = constrained_values(fixed, cards, split)
            continue
        picks = _combos(k, FIVE - r)
        c = len(picks)
        five = np.empty((n, c, FIVE), dtype=np.uint8)
        five[:, :, :r] = np.asarray(fixed, dtype=np.uint8)
        five[:, :, r:] = cards[:, picks]
        rows.append(five.reshape(n * c, FIVE))
        shapes.append((j, n, c))
    if rows:
        h, lo = hand_values(np.concatenate(rows) if len(rows) > 1 else rows[0], split)
        start = 0
        for j, n, c in shapes:
            end = start + n * c
            out[j] = (
                h[start:end].reshape(n, c).max(axis=1),
                lo[start:end].reshape(n, c).max(axis=1),
            )
            start = end
    return [pair for pair in out if pair is not None]


def careless_values(
    opponents: Sequence[OpponentInfo],
    deals: CardArray,
    split: Split,
    rng: np.random.Generator,
) -> tuple[IntArray, IntArray]:
    """Values of opponents who play a *random* five of their seven (a careless arranger,
    such as the ``random`` bot): the cards they have shown plus ``5 - r`` of their other
    cards chosen uniformly.

    Args:
        opponents, deals, split: as :func:`opponent_values`.
        rng: draws which of the other cards make the five.

    Returns:
        ``(high int64[n, k], low int64[n, k])``.
    """
    n = deals.shape[0]
    offsets = np.cumsum([0] + [o.unknown for o in opponents])
    fives = np.empty((len(opponents), n, FIVE), dtype=np.uint8)
    for i, o in enumerate(opponents):
        r = min(len(o.revealed), FIVE)
        five = fives[i]
        five[:, :r] = o.revealed[:r]
        if r < FIVE:
            rest = deals[:, offsets[i] : offsets[i + 1]]
            if o.known:
                known = np.broadcast_to(np.asarray(o.known, dtype=np.uint8), (n, len(o.known)))
                rest = np.concatenate([known, rest], axis=1)
            picks = np.argsort(rng.random(rest.shape), axis=1)[:, : FIVE - r]
            five[:, r:] = np.take_along_axis(rest, picks, axis=1)
    # every opponent's five in one evaluator call (rows are valued independently)
    h, lo = hand_values(fives.reshape(-1, FIVE), split)
    return h.reshape(len(opponents), n).T, lo.reshape(len(opponents), n).T


def consistency_weights(
    opponents: Sequence[OpponentInfo],
    deals: CardArray,
    split: Split,
    highs: IntArray,
    lows: IntArray,
    slack: float,
) -> NDArray[np.float64] | None:
    """Weights that condition on opponents having revealed cards of their *best* five.

    An opponent who arranged well shows cards of the best five of its seven. For every
    active opponent with 1..4 cards shown, a deal in which neither its best high five nor its
    best low five (split games) can contain the shown cards (the best value with the shown
    cards is below the best value of the seven) gets its weight multiplied by ``slack``.

    Args:
        opponents, deals, split: as :func:`opponent_values`.
        highs, lows: that function's result for the same deals.
        slack: weight factor of an inconsistent deal, ``0 < slack <= 1`` (1: no effect).

    Returns:
        float64[n] weights, or ``None`` when nothing is conditioned.
    """
    if slack >= 1.0:
        return None
    n = deals.shape[0]
    weights: NDArray[np.float64] | None = None
    offsets = np.cumsum([0] + [o.unknown for o in opponents])
    shown = [i for i, o in enumerate(opponents) if 1 <= len(o.revealed) < FIVE]
    sevens = []
    for i in shown:
        o = opponents[i]
        r = len(o.revealed)
        seven = np.empty((n, PLAYABLE_CARDS), dtype=np.uint8)
        seven[:, :r] = o.revealed
        seven[:, r : r + len(o.known)] = o.known
        seven[:, r + len(o.known) :] = deals[:, offsets[i] : offsets[i + 1]]
        sevens.append(seven)
    for i, (best_high, best_low) in zip(shown, hand_values_many(sevens, split), strict=True):
        consistent = highs[:, i] == best_high
        if split.has_low:
            consistent |= (best_low >= 0) & (lows[:, i] == best_low)
        factor = np.where(consistent, 1.0, slack)
        weights = factor if weights is None else weights * factor
    return weights


def _with_known(known: Sequence[int], fill: CardArray) -> CardArray:
    """Rows of ``known`` followed by each row of ``fill``: uint8[n, len(known) + k]."""
    n, k = fill.shape
    out = np.empty((n, len(known) + k), dtype=np.uint8)
    out[:, : len(known)] = known
    out[:, len(known) :] = fill
    return out


@dataclass(frozen=True, slots=True)
class FieldValues:
    """The opponents' values in a batch of deals, as the equity calculator uses them.

    Attributes:
        highs, lows: int64[n, k] each active opponent's best five (:func:`opponent_values`).
        fits: float64[n] consistency weights (:func:`consistency_weights`), or ``None``.
        careless_highs, careless_lows: int64[n, k] the values of a random five
            (:func:`careless_values`), or ``None`` when not asked for.
    """

    highs: IntArray
    lows: IntArray
    fits: NDArray[np.float64] | None
    careless_highs: IntArray | None
    careless_lows: IntArray | None


def field_values(
    opponents: Sequence[OpponentInfo],
    deals: CardArray,
    split: Split,
    *,
    slack: float,
    rng: np.random.Generator | None,
) -> FieldValues:
    """:func:`opponent_values`, :func:`consistency_weights` (with ``slack``) and, when
    ``rng`` is given, :func:`careless_values` of the same deals, with every row of the
    same card count valued in one evaluator call (two calls instead of four or more: the
    fixed cost of a call dominates the few hundred deals of a bot's decision). The same
    values and weights, and ``rng`` draws exactly what :func:`careless_values` draws.

    Args:
        opponents, deals, split: as :func:`opponent_values`.
        slack: as :func:`consistency_weights` (``>= 1``: no weights).
        rng: the careless arrangers' draws; ``None`` skips them.
    """
    n = deals.shape[0]
    k = len(opponents)
    offsets = [0, *accumulate(o.unknown for o in opponents)]
    blocks: list[CardArray] = []
    plain = [i for i, o in enumerate(opponents) if not o.known and not o.revealed]
    if plain:
        columns = [deals[:, offsets[i] : offsets[i + 1]] for i in plain]
        blocks.append(np.concatenate(columns, axis=0) if len(columns) > 1 else columns[0])
    cards: dict[int, CardArray] = {}  # the other cards of the seven (all but the shown)
    careful: list[tuple[int, int, int]] = []  # (opponent, block, subsets per deal)
    for i, o in enumerate(opponents):
        if i in plain:
            continue
        fill = deals[:, offsets[i] : offsets[i + 1]]
        if o.known:
            fill = _with_known(o.known, fill)
        cards[i] = fill
        r = len(o.revealed)
        if r >= FIVE:
            blocks.append(np.asarray([o.revealed[:FIVE]], dtype=np.uint8))
            careful.append((i, len(blocks) - 1, 0))
        elif r == 0:
            blocks.append(fill)
            careful.append((i, len(blocks) - 1, 1))
        else:
            picks = _combos(fill.shape[1], FIVE - r)
            five = np.empty((n, len(picks), FIVE), dtype=np.uint8)
            five[:, :, :r] = np.asarray(o.revealed, dtype=np.uint8)
            five[:, :, r:] = fill[:, picks]
            blocks.append(five.reshape(n * len(picks), FIVE))
            careful.append((i, len(blocks) - 1, len(picks)))
    shown = []
    if slack < 1.0:
        for i, o in enumerate(opponents):
            r = len(o.revealed)
            if 1 <= r < FIVE:
                seven = np.empty((n, PLAYABLE_CARDS), dtype=np.uint8)
                seven[:, :r] = o.revealed
                seven[:, r:] = cards[i]
                blocks.append(seven)
                shown.append((i, len(blocks) - 1))
    careless_block = -1
    if rng is not None:
        fives = np.empty((k, n, FIVE), dtype=np.uint8)
        for i, o in enumerate(opponents):
            r = min(len(o.revealed), FIVE)
            fives[i, :, :r] = o.revealed[:r]
            if r < FIVE:
                rest = cards.get(i)
                if rest is None:
                    rest = deals[:, offsets[i] : offsets[i + 1]]
                picks = np.argsort(rng.random(rest.shape), axis=1)[:, : FIVE - r]
                # take_along_axis's gather, as one flat take (same cards)
                picks += np.arange(0, rest.size, rest.shape[1], dtype=picks.dtype)[:, None]
                fives[i, :, r:] = np.ascontiguousarray(rest).take(picks)
        blocks.append(fives.reshape(k * n, FIVE))
        careless_block = len(blocks) - 1
    values = hand_values_many(blocks, split)
    highs = np.empty((n, k), dtype=np.int64)
    lows = np.empty((n, k), dtype=np.int64)
    if plain:
        h, lo = values[0]
        highs[:, plain] = h.reshape(len(plain), n).T
        lows[:, plain] = lo.reshape(len(plain), n).T
    for i, block, subsets in careful:
        h, lo = values[block]
        if subsets == 0:
            highs[:, i], lows[:, i] = h[0], lo[0]
        elif subsets == 1:
            highs[:, i], lows[:, i] = h, lo
        else:
            highs[:, i] = h.reshape(n, subsets).max(axis=1)
            lows[:, i] = lo.reshape(n, subsets).max(axis=1)
    fits: NDArray[np.float64] | None = None
    for i, block in shown:
        best_high, best_low = values[block]
        consistent = highs[:, i] == best_high
        if split.has_low:
            consistent |= (best_low >= 0) & (lows[:, i] == best_low)
        factor = np.where(consistent, 1.0, slack)
        fits = factor if fits is None else fits * factor
    careless_highs = careless_lows = None
    if careless_block >= 0:
        h, lo = values[careless_block]
        careless_highs, careless_lows = h.reshape(k, n).T, lo.reshape(k, n).T
    return FieldValues(highs, lows, fits, careless_highs, careless_lows)
