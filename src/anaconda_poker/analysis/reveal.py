"""The reveal order of an arranged five, and why each card comes where it does.

After arranging, a player's five cards are turned face up one at a time over the roll
rounds (RULES.md §2.6), and everyone bets on what they see. A good order gives the hand away
as late as possible. :func:`reveal_plan` stacks five cards greedily: each next card is the
one whose addition leaves the board that reveals least (:func:`board_cost`), judged in this
order (the first difference decides):

1. **made hands**: pairs, two pair, trips showing (the board's rank counts, largest first):
   a card that pairs the board waits;
2. **draws**: the larger of the most cards of one suit showing (a flush in the making) and
   the most distinct ranks showing inside one five-rank window (ace high and low: a
   straight in the making), then the number of touching ranks (an open-ended draw), then
   the suit count and the window count alone;
3. **high cards**: the board's :func:`~anaconda_poker.core.evaluation.showing_value` (as
   stud ranks a board): the weakest-looking board first.

A hand that plays only for low in a split game (five different ranks eight or lower, no
straight or flush) instead shows its highest low card first and its lowest last, so the low
comes into view last (RULES.md §5). Ties go to the lower card code; deterministic.

Each step carries its **reasons** (:data:`REASONS`): what showing any card held back
instead would have revealed more of, compared card by card at the first rule where they
differ: ``"pair"``, ``"suit"``, ``"connector"``; when only the high-card rule decided,
``"high"`` (in a split game, for a low card of a hand that plays high that leaves a board
of different low ranks: ``"looks_low"``, it represents a low; :func:`looks_like_a_low`);
``"low"`` for the low-only order, ``"last"`` for the fifth card, and
``"equal"`` when every card held back would have shown exactly as much. Callers word the
reasons (:mod:`anaconda_poker.i18n.reveal_text`).

>>> from anaconda_poker.core.cards import format_cards, parse_codes
>>> from anaconda_poker.core.config import Split
>>> plan = reveal_plan(parse_codes("5c 6d 7h 8s 9c"), Split.HIGH_ONLY)
>>> format_cards(step.card for step in plan)
'5c 7h 9c 6d 8s'
>>> [step.reasons for step in plan]
[('high',), ('suit', 'connector'), ('connector',), ('high',), ('last',)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from anaconda_poker.analysis.dealing import FIVE, InvalidSituationError
from anaconda_poker.core.cards import RANKS
from anaconda_poker.core.config import Split
from anaconda_poker.core.evaluation import showing_value

REASONS: Final = ("pair", "suit", "connector", "high", "looks_low", "low", "last", "equal")
"""Reason codes of :class:`RevealStep` (module docstring)."""

_LOW_LIMIT: Final = 8
"""Highest ace-to-five rank of a hand that counts as "going low" for stacking."""
Cost = tuple[tuple[int, ...], int, int, int, int, int]
"""A board's :func:`board_cost`."""


@dataclass(frozen=True, slots=True)
class RevealStep:
    """One card of a reveal order.

    Attributes:
        card: the card code turned face up at this step.
        reasons: why this card now: codes of :data:`REASONS`, in that tuple's order
            (module docstring).
    """

    card: int
    reasons: tuple[str, ...]


def reveal_plan(five: Sequence[int], split: Split) -> tuple[RevealStep, ...]:
    """The five cards in reveal order, each with its reason (module docstring).

    Args:
        five: five distinct card codes ``0..51``.
        split: game type (a low-only hand is stacked for its low in split games).

    Returns:
        Five :class:`RevealStep`, first revealed first.

    Raises:
        InvalidSituationError: if ``five`` is not five distinct cards.
    """
    cards = [int(c) for c in five]
    if len(cards) != FIVE or len(set(cards)) != FIVE:
        raise InvalidSituationError(f"reveal order needs five distinct cards, got {cards}")
    if split.has_low and plays_for_low_only(cards):
        order = sorted(cards, key=lambda c: (-low_rank(c), c))
        return tuple(
            RevealStep(c, ("last",) if i == FIVE - 1 else ("low",)) for i, c in enumerate(order)
        )
    steps: list[RevealStep] = []
    shown: list[int] = []
    left = sorted(cards)
    while left:
        costs = {c: board_cost([*shown, c]) for c in left}
        pick = min(left, key=lambda c: (costs[c], c))
        reasons = ("last",) if len(left) == 1 else _reasons(costs, pick)
        if reasons == ("high",) and split.has_low and looks_like_a_low([*shown, pick]):
            reasons = ("looks_low",)
        steps.append(RevealStep(pick, reasons))
        shown.append(pick)
        left.remove(pick)
    return tuple(steps)


def board_cost(board: Sequence[int]) -> Cost:
    """How much 1 to 5 face-up cards reveal (module docstring, rules 1 to 3); compare the
    tuples, smaller reveals less. The cost depends on the set of cards alone, so it is
    kept per sorted board (the 65,536 latest): a plan asks for 15 boards, most of one or
    two cards, which recur from hand to hand.

    Returns:
        ``(made, draw, touching, suited, window, showing)``: ``made`` the rank counts,
        largest first (``(2, 1)``: a pair and a single); ``suited`` the largest suit count;
        ``window`` the most distinct ranks within five consecutive ranks and ``touching``
        the pairs of consecutive ranks showing (ace high and low); ``draw`` the larger of
        ``suited`` and ``window``; ``showing`` the stud value of the board.
    """
    return _board_cost(tuple(sorted(board)))


@lru_cache(maxsize=1 << 16)
def _board_cost(board: tuple[int, ...]) -> Cost:
    """:func:`board_cost` of a sorted board."""
    ranks = [c >> 2 for c in board]
    made = tuple(sorted(Counter(ranks).values(), reverse=True))
    suited = max(Counter(c & 3 for c in board).values())
    # rank 0 is a two, 12 an ace; the ace also plays below the two (-1)
    present = set(ranks) | ({-1} if len(RANKS) - 1 in ranks else set())
    window = max(sum(1 for r in present if lo <= r < lo + FIVE) for lo in range(-1, 9))
    touching = sum(1 for r in present if r + 1 in present)
    return made, max(suited, window), touching, suited, window, showing_value(board)


def _reasons(costs: dict[int, Cost], pick: int) -> tuple[str, ...]:
    """What the cards held back would have revealed more of than ``pick``, each compared
    with it at the first component where they differ (module docstring)."""
    mine = costs[pick]
    found: set[str] = set()
    for card, other in costs.items():
        if card == pick or other == mine:
            continue
        i = next(k for k in range(len(mine)) if other[k] != mine[k])
        if i == 0:
            found.add("pair")
        elif i == 1:
            found.add("suit" if other[3] == other[1] else "connector")
        elif i in (2, 4):
            found.add("connector")
        elif i == 3:
            found.add("suit")
        else:
            found.add("high")
    if found - {"high"}:
        found.discard("high")
    if not found:
        return ("equal",)
    return tuple(r for r in REASONS if r in found)


def looks_like_a_low(board: Sequence[int]) -> bool:
    """Whether face-up cards may still be a low: different ranks, all eight or lower
    (RULES.md §5). A pair or a high card showing rules the low out, so a card that leaves
    such a board is not said to represent a low."""
    ranks = [low_rank(c) for c in board]
    return len(set(ranks)) == len(ranks) and max(ranks) <= _LOW_LIMIT


def low_rank(code: int) -> int:
    """Ace-to-five rank of a card: ace 1, two 2, ..., king 13."""
    rank = code >> 2
    return 1 if rank == len(RANKS) - 1 else rank + 2


def plays_for_low_only(cards: Sequence[int]) -> bool:
    """Five different ranks, all eight or lower (ace low), and neither straight nor flush."""
    lows = sorted(low_rank(c) for c in cards)
    if len(set(lows)) != FIVE or lows[-1] > _LOW_LIMIT:
        return False
    flush = len({c & 3 for c in cards}) == 1
    straight = lows[-1] - lows[0] == FIVE - 1
    return not (flush or straight)
