"""Showdown: award each pot to the best high hand and the best qualifying low (RULES.md §5).

Hand values come from :mod:`anaconda_poker.core.evaluation`; this module only applies the
awarding rules: halves with the odd chip to high, no qualifying low means high takes the
whole pot, ties share, odd chips of a shared half in seat order from the dealer's left, and
the same seats winning both halves share the pot as one (:func:`~anaconda_poker.core.pots.
share_high_low`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from anaconda_poker.core.config import DeclareMode, Split, TableConfig
from anaconda_poker.core.declare import Declaration, award_declared_pots
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


def pots_to_one(pots: Sequence[tuple[int, Sequence[int]]], winner: int) -> list[PotResult]:
    """Every pot to ``winner``, the last player in the hand after the others folded; nothing
    is shown (RULES.md §5).

    Args:
        pots: ``(amount in chips, eligible seats)`` per pot, main pot first
            (:func:`anaconda_poker.core.pots.build_pots`).
        winner: the seat still in the hand.
    """
    return [
        PotResult(
            amount=amount,
            eligible=tuple(eligible),
            high_winners=(winner,),
            low_winners=(),
            awards={winner: amount},
        )
        for amount, eligible in pots
    ]


@dataclass(frozen=True, slots=True)
class Settlement:
    """The awards of a showdown.

    Attributes:
        pots: each pot's winners and awards (chips), main pot first.
        high: each shown hand's high value.
        low: each shown hand's qualifying low value, ``None`` when it has none.
        declared: each declaration under the declare rule (RULES.md §6), else empty.
        failed_swings: seats that declared both ways and did not win both (§6).
    """

    pots: list[PotResult]
    high: dict[int, int]
    low: dict[int, int | None]
    declared: dict[int, Declaration] = field(default_factory=dict)
    failed_swings: tuple[int, ...] = ()


def settle_showdown(
    config: TableConfig,
    pots: Sequence[tuple[int, Sequence[int]]],
    fives: Mapping[int, tuple[int, ...]],
    declared: Mapping[int, Declaration],
    *,
    order: Sequence[int],
) -> Settlement:
    """Value the five cards each player still in the hand shows and award every pot:
    cards speak (RULES.md §5), or by the declarations under the declare rule (§6).

    Args:
        config: the table's split, declare mode and swing rule.
        pots: ``(amount in chips, eligible seats)`` per pot, main pot first.
        fives: seat → its arranged five cards, for every seat still in the hand.
        declared: seat → its declaration (every seat of ``fives`` under the declare rule).
        order: seats clockwise from the dealer's left (odd chips go in this order).
    """
    high, low = hand_values(config.split, fives)
    if config.declare is DeclareMode.DECLARE:
        awarded = award_declared_pots(config.swing, pots, high, low, declared, order=order)
        return Settlement(
            awarded.pots, high, low, dict(declared), failed_swings=awarded.failed_swings
        )
    return Settlement(award_pots(config.split, pots, high, low, order=order), high, low)
