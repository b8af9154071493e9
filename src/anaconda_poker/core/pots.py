"""Main and side pots, uncalled bets and splitting a pot among winners (RULES.md §4, §5).

Pure functions over plain lists indexed by seat number; amounts are chips (ints).

>>> build_pots([10, 30, 30, 5], [True, True, True, False], dead=0)
[(35, [0, 1, 2]), (40, [1, 2])]
>>> share(7, [3, 1], order=[1, 2, 3, 0])
{3: 3, 1: 4}
"""

from __future__ import annotations

from collections.abc import Sequence


def uncalled_excess(bets: Sequence[int]) -> tuple[int, int]:
    """The uncalled part of the largest bet of a betting round (RULES.md §4).

    Args:
        bets: chips each seat put in during the round (folded seats included), by seat.

    Returns:
        ``(seat, chips)``: the seat with the single largest bet and how much of it nobody
        matched (its bet minus the second-largest bet); ``(-1, 0)`` when the largest bet is
        matched (or there are no bets).
    """
    top = -1
    top_amount = 0
    second = 0
    for seat, amount in enumerate(bets):
        if amount > top_amount:
            second = top_amount
            top_amount = amount
            top = seat
        elif amount > second:
            second = amount
    if top < 0 or top_amount == second:
        return -1, 0
    return top, top_amount - second


def build_pots(
    committed: Sequence[int], live: Sequence[bool], *, dead: int
) -> list[tuple[int, list[int]]]:
    """Split the chips put in by each seat into a main pot and side pots (RULES.md §4).

    Pots are built by contribution level: for each distinct total contributed by a seat still
    in the hand (ascending), the pot holds what every seat (folded ones included) put in up to
    that level beyond the previous one, and is contested by the live seats that reached it.

    Args:
        committed: chips each seat put in during the hand (antes and bets, uncalled bets
            already returned), indexed by seat; ``0`` for seats not in the hand.
        live: ``True`` for seats still in the hand (not folded), by seat.
        dead: chips that belong to everyone, added to the main pot (the ``dealer_ante``
            money, RULES.md §2.1).

    Returns:
        ``[(amount, eligible_seats), ...]``, main pot first; pots of 0 chips are left out.
        Chips put in by folded seats above the highest live level go to the last pot, so the
        amounts always sum to ``sum(committed) + dead``.

    Raises:
        ValueError: if no seat is live.
    """
    levels = sorted({c for c, alive in zip(committed, live, strict=True) if alive})
    if not levels:
        raise ValueError("cannot build pots: no seat is still in the hand")
    pots: list[tuple[int, list[int]]] = []
    previous = 0
    carry = dead
    for level in levels:
        amount = carry
        carry = 0
        for c in committed:
            if c > previous:
                amount += (c if c < level else level) - previous
        eligible = [s for s, c in enumerate(committed) if live[s] and c >= level]
        if amount:
            pots.append((amount, eligible))
        previous = level
    leftover = sum(c - previous for c in committed if c > previous)
    if leftover:
        if pots:
            amount, eligible = pots[-1]
            pots[-1] = (amount + leftover, eligible)
        else:  # pragma: no cover - only folded money above every live level and no pot
            pots.append((leftover, [s for s, alive in enumerate(live) if alive]))
    return pots


def share(amount: int, winners: Sequence[int], *, order: Sequence[int]) -> dict[int, int]:
    """Share ``amount`` chips equally among tied ``winners`` (RULES.md §5).

    Odd chips go one at a time to the winners in ``order`` (seat order starting at the
    dealer's left).

    Args:
        amount: chips to share, ``>= 0``.
        winners: the tied seats (at least one).
        order: every seat of the hand in seat order from the dealer's left.

    Returns:
        ``{seat: chips}`` for every winner (a winner may get 0 when amount < len(winners)).
    """
    base, odd = divmod(amount, len(winners))
    out = dict.fromkeys(winners, base)
    if odd:
        for seat in order:
            if seat in out:
                out[seat] += 1
                odd -= 1
                if not odd:
                    break
    return out


def split_high_low(amount: int) -> tuple[int, int]:
    """Halve a pot for high-low: ``(high_half, low_half)``, odd chip to high (RULES.md §5)."""
    low = amount // 2
    return amount - low, low


def share_high_low(
    amount: int,
    high_winners: Sequence[int],
    low_winners: Sequence[int],
    *,
    order: Sequence[int],
) -> dict[int, int]:
    """Award one pot of a high-low game to its high and low winners (RULES.md §5).

    The pot is halved (odd chip to high) and each half shared among its winners, except:
    with no low winner the high winners share the whole pot, and when exactly the same
    seats win both halves they share it as one pot (66 tied both ways by two seats: 33
    each, not 34/32).

    Args:
        amount: chips in the pot, ``>= 0``.
        high_winners: the seats that win the high half (at least one, unless
            ``low_winners`` has one).
        low_winners: the seats that win the low half; empty when no low qualifies.
        order: every seat of the hand in seat order from the dealer's left (odd chips).

    Returns:
        ``{seat: chips}`` for every winner, summing to ``amount``.

    >>> share_high_low(66, [1, 2], [2, 1], order=[1, 2])
    {1: 33, 2: 33}
    >>> share_high_low(66, [1, 2], [2], order=[1, 2])
    {1: 17, 2: 49}
    """
    if not low_winners or not high_winners or set(high_winners) == set(low_winners):
        return share(amount, high_winners or low_winners, order=order)
    high_half, low_half = split_high_low(amount)
    awards = share(high_half, high_winners, order=order)
    for seat, chips in share(low_half, low_winners, order=order).items():
        awards[seat] = awards.get(seat, 0) + chips
    return awards
