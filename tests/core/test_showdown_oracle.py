"""Every showdown of random hands against an independent oracle (RULES.md §4–§5): side
pots by contribution level, treys for high hands, a direct ace-to-five low, odd chips from
the dealer's left."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from treys import Card as TreysCard
from treys import Evaluator

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import card_str
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import HandState, Seat

FOLD = ActionKind.FOLD
BET = ActionKind.BET
RAISE = ActionKind.RAISE


_TREYS = Evaluator()


def oracle_high(cards: Sequence[int]) -> int:
    """Larger is better (treys ranks 1 = royal flush)."""
    return -int(_TREYS.evaluate([], [TreysCard.new(card_str(c)) for c in cards]))


_LOW_PATTERNS = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)]


def oracle_low(cards: Sequence[int], qualifier: int | None) -> tuple[int, ...] | None:
    """Ace-to-five low as a tuple, larger is better; ``None`` = no qualifying low."""
    ranks = [1 if c // 4 == 12 else c // 4 + 2 for c in cards]
    counts = Counter(ranks)
    if qualifier is not None and (len(counts) < 5 or max(ranks) > qualifier):
        return None
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    pattern = tuple(n for _, n in groups)
    return (-_LOW_PATTERNS.index(pattern), *(-r for r, _ in groups))


def oracle_awards(state: HandState) -> dict[int, int]:
    """Who should get what at this showdown, from scratch (RULES.md §4 side pots, §5)."""
    result = state.result
    assert result is not None
    order = list(state.players)
    awarded = result.awards
    # chips each seat put in = what it lost before the awards (uncalled bets already back)
    put_in = {s: state.start_stacks[s] - (state.stack[s] - awarded.get(s, 0)) for s in order}
    dead = 0
    if state.config.forced_bet == "dealer_ante":
        dead = min(state.config.ante * len(order), state.start_stacks[state.button])
        put_in[state.button] -= dead
    live = [s for s in order if state.live[s]]
    fives = {s: state.arranged[s] for s in live}
    high = {s: oracle_high(fives[s]) for s in live}  # type: ignore[arg-type]
    split = state.config.split.value
    qualifier = 8 if split == "high_low_8" else None
    low = {s: oracle_low(fives[s], qualifier) for s in live} if split != "high_only" else {}  # type: ignore[arg-type]
    out: Counter[int] = Counter()

    def give(amount: int, winners: list[int]) -> None:
        base, odd = divmod(amount, len(winners))
        for k, s in enumerate(sorted(winners, key=order.index)):
            out[s] += base + (k < odd)

    previous = 0
    levels = sorted({put_in[s] for s in live})
    for i, level in enumerate(levels):
        amount = sum(max(0, min(c, level) - previous) for c in put_in.values())
        amount += dead if i == 0 else 0
        if i == len(levels) - 1:
            amount += sum(max(0, c - level) for c in put_in.values())
        previous = level
        eligible = [s for s in live if put_in[s] >= level]
        best = max(high[s] for s in eligible)
        high_winners = [s for s in eligible if high[s] == best]
        lows = [s for s in eligible if low.get(s) is not None]
        low_winners: list[int] = []
        if lows:
            best_low = max(low[s] for s in lows)  # type: ignore[type-var]
            low_winners = [s for s in lows if low[s] == best_low]
        if low_winners and sorted(low_winners) != sorted(high_winners):
            give(amount - amount // 2, high_winners)
            give(amount // 2, low_winners)
        else:  # no low, or the same seats win both ways: one pot (RULES.md §5, issue 11)
            give(amount, high_winners)
    return {s: c for s, c in out.items() if c}


def _low_rank(card: int) -> int:
    return 1 if card // 4 == 12 else card // 4 + 2


def _policy(state: HandState, seat: int, rng: random.Random) -> Action:
    """Random betting; keep low cards (many qualifying lows, ties and split pots)."""
    legal = state.legal_actions(seat)
    if ActionKind.PASS in legal.kinds:
        return Action.pass_cards(sorted(legal.cards, key=_low_rank)[-legal.pass_count :])
    if ActionKind.ARRANGE in legal.kinds:
        cards = sorted(legal.cards, key=lambda c: (_low_rank(c), rng.random()))
        distinct = list({_low_rank(c): c for c in reversed(cards)}.values())[::-1]
        chosen = (distinct + [c for c in cards if c not in distinct])[:5]
        return Action.arrange(chosen if rng.random() < 0.8 else rng.sample(cards, 5))
    kinds = sorted(legal.kinds)
    kind = rng.choices(kinds, [0.3 if k is FOLD else 1.0 for k in kinds])[0]
    if kind is BET and legal.bet_range is not None:
        return Action.bet(rng.randint(*legal.bet_range))
    if kind is RAISE and legal.raise_range is not None:
        return Action.raise_to(rng.randint(*legal.raise_range))
    return Action(kind)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_every_showdown_matches_an_independent_oracle(seed: int) -> None:
    """RULES.md §4–§5 end to end: short random stacks (many all-in levels), a deck that
    puts the small cards first (many ties for low and for straights), every house rule."""
    rng = random.Random(seed)
    options: dict[str, Any] = {
        "split": rng.choice(["high_only", "high_low_8", "high_low_any"]),
        "betting": rng.choice(["fixed_limit", "pot_limit", "no_limit"]),
        "ante": rng.randint(0, 3),
        "forced_bet": rng.choice(["ante", "dealer_ante"]),
        "raise_cap": rng.choice([None, 2, 4]),
        "cards_dealt": rng.choice([7, 9]),
    }
    config = TableConfig(**options)
    players = rng.randint(2, config.max_players())
    size = players + rng.randint(0, 2)
    occupied = sorted(rng.sample(range(size), players))
    seats: list[Seat | None] = [None] * size
    for s in occupied:
        seats[s] = Seat(name=f"p{s}", stack=rng.randint(1, 25))
    small = [c for c in range(52) if _low_rank(c) <= 6]
    rest = [c for c in range(52) if _low_rank(c) > 6]
    rng.shuffle(small)
    rng.shuffle(rest)
    deck = small + rest if rng.random() < 0.7 else rng.sample(range(52), 52)
    state = HandState(config, seats=seats, button=rng.choice(occupied), deck=deck)
    while not state.is_complete:
        seat = rng.choice(state.to_act)
        state.apply(seat, _policy(state, seat, rng))
    result = state.result
    assert result is not None and sum(result.net.values()) == 0
    if result.showdown:
        got = {s: c for s, c in result.awards.items() if c}
        assert got == oracle_awards(state)
