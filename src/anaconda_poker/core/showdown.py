"""Showdown: award each pot to the best high hand and the best qualifying low (RULES.md §5).

Hand values come from :mod:`anaconda_poker.core.evaluation`; this module only applies the
awarding rules: halves with the odd chip to high, no qualifying low means high takes the
whole pot, ties share, odd chips of a shared half in seat order from the dealer's left, and
the same seats winning both halves share the pot as one (:func:`~anaconda_poker.core.pots.
share_high_low`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from anaconda_poker.core.config import Split
from anaconda_poker.core.evaluation import high_low_value, high_value
from anaconda_poker.core.pots import share_high_low
from anaconda_poker.core.result import PotResult


def hand_values(
    split: Split, fives: Mapping[int, Sequence[int]]
) -> tuple[dict[int, int], dict[int, int | None]]:
    """High and low values of each shown five-card hand.

    Args:
        split: the game type (RULES.md §5).
        fives: ``{seat: five card codes}`` for the seats at showdown.

    Returns:
        ``(high, low)``: ``high[seat]`` is the evaluator's high value (larger is better);
        ``low[seat]`` is the evaluator's low value (larger is better) or ``None`` when the
        hand has no qualifying low; ``low`` is empty in high-only games.
    """
    if not split.has_low:
        return {seat: high_value(cards) for seat, cards in fives.items()}, {}
    high: dict[int, int] = {}
    low: dict[int, int | None] = {}
    qualifier = split.low_qualifier
    for seat, cards in fives.items():
        high[seat], value = high_low_value(cards, qualifier)  # 0 = no qualifying low
        low[seat] = value if value > 0 else None
    return high, low


def _best(seats: Sequence[int], values: Mapping[int, int | None]) -> tuple[int, ...]:
    best: int | None = None
    winners: list[int] = []
    for seat in seats:
        value = values[seat]
        if value is None:
            continue
        if best is None or value > best:
            best = value
            winners = [seat]
        elif value == best:
            winners.append(seat)
    return tuple(winners)


def award_pots(
    split: Split,
    pots: Sequence[tuple[int, Sequence[int]]],
    high: Mapping[int, int],
    low: Mapping[int, int | None],
    *,
    order: Sequence[int],
) -> list[PotResult]:
    """Award every pot among its eligible seats (RULES.md §5 "Awarding each pot").

    Args:
        split: the game type.
        pots: ``(amount, eligible seats)`` per pot, main pot first.
        high, low: hand values from :func:`hand_values`.
        order: the seats of the hand in seat order from the dealer's left (odd chips).

    Returns:
        One :class:`PotResult` per pot, awards summing to its amount.
    """
    out: list[PotResult] = []
    has_low = split.has_low
    for amount, eligible in pots:
        high_winners = _best(eligible, high)
        low_winners = _best(eligible, low) if has_low else ()
        awards = share_high_low(amount, high_winners, low_winners, order=order)
        scoop = None
        if has_low and len(high_winners) == 1:
            winner = high_winners[0]
            if not low_winners or low_winners == (winner,):
                scoop = winner
        out.append(
            PotResult(
                amount=amount,
                eligible=tuple(eligible),
                high_winners=high_winners,
                low_winners=low_winners,
                awards=awards,
                scoop=scoop,
            )
        )
    return out
