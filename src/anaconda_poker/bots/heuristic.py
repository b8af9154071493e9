"""The ``heuristic`` bot: rules of thumb, no simulation.

Hand potential is a score on a 0..10 scale computed from a set of cards (4 to 7):

* high: four of a kind 9, full house 8, flush 7.5 (four to a flush 4), straight 7 (four in a
  five-rank window 3.5), three of a kind 6, two pair 4.5, one pair 2.5, plus small rank
  terms; the best feature counts fully, the second best a little (it can combine);
* low (split games): five different ranks of eight or lower (ace low) is a made low:
  6 for an eight-low up to 7.5 for a wheel; four such ranks is a draw (3.5 and up); fewer
  count little. The eight-or-better test applies in ``high_low_8``; ``high_low_any`` uses
  the same scale without disqualifying higher lows;
* split games value the direction the hand is going (the larger score) plus a bonus for the
  other direction, so hands going both ways are kept together.

Decisions:

* **Pass**: the cards whose removal leaves the highest potential (they don't fit the
  hand's direction); eight-or-better draws therefore stay.
* **Arrange**: the five with the best made-hand score, stacked by
  :func:`~anaconda_poker.analysis.advice.reveal_order` to disguise it.
* **Declare** (declare house rule, RULES.md §6): the direction its face-up five win against
  the other shown hands (:func:`~anaconda_poker.analysis.declaring.strength_declaration`).
* **Bet**: thresholds on the score: raise (or bet about two thirds of the pot in pot- and
  no-limit) when strong, call or check when fair, check or fold otherwise. Before the
  arrangement the thresholds are lower in early rounds (more cards will be exchanged).
  Raising stops once the round's bet reaches four big bets (``raise_cap_bets``), so two
  bots cannot raise each other forever when the cap is lifted.

Deterministic: the bot uses no randomness (the ``rng`` argument is accepted for the common
constructor and unused).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import numpy as np

from anaconda_poker.analysis.advice import reveal_order
from anaconda_poker.analysis.dealing import PLAYABLE_CARDS
from anaconda_poker.analysis.declaring import strength_declaration
from anaconda_poker.analysis.potential import best_fives, best_passes
from anaconda_poker.bots.choices import aggress, check_or_fold, hand_codes, passive, pot_fraction_to
from anaconda_poker.bots.protocol import View
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import Betting, Split, TableConfig
from anaconda_poker.core.state import LegalActions

_ACE = 12
_LOW_TOP = 8  # eight-or-better
_FIVE = 5


def high_potential(cards: Sequence[int]) -> float:
    """High-hand score 0..10 of a set of 4..9 card codes (module docstring).

    Made five-card hands score: quads 9, full house 8, flush 7.5, straight 7, trips 6,
    two pair 4.5, pair 2.5, high card below 1; four-card flush and straight draws 4 and 3.5.
    """
    ranks = [c >> 2 for c in cards]
    counts: dict[int, int] = {}
    suits = [0, 0, 0, 0]
    for c in cards:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
        suits[c & 3] += 1
    groups = sorted([(n, r) for r, n in counts.items()], reverse=True)  # by count, then rank
    top_count, top_rank = groups[0]
    second_count = groups[1][0] if len(groups) > 1 else 0
    features: list[float] = []
    if top_count >= 4:
        features.append(9.0 + top_rank / 26)
    elif top_count == 3 and second_count >= 2:
        features.append(8.0 + top_rank / 26)
    elif top_count == 3:
        features.append(6.0 + top_rank / 26)
    elif top_count == 2 and second_count == 2:
        features.append(4.5 + top_rank / 26)
    elif top_count == 2:
        features.append(2.5 + top_rank / 13)
    else:
        features.append(max(ranks) / 13)
    suit_count = max(suits)
    if suit_count >= _FIVE:
        features.append(7.5)
    elif suit_count == 4:
        features.append(4.0)
    elif suit_count == 3:
        features.append(1.5)
    # ranks as bits 1..13, the ace also at bit 0 (it plays low in straights): the most
    # ranks in any five-rank window is the most set bits among five consecutive bits
    mask = 0
    for r in ranks:
        mask |= 2 << r
    if mask >> (_ACE + 1) & 1:
        mask |= 1
    window = max((mask >> lo & 0x1F).bit_count() for lo in range(10))
    if window >= _FIVE:
        features.append(7.0)
    elif window == 4:
        features.append(3.5)
    elif window == 3:
        features.append(1.2)
    features.sort(reverse=True)
    second = features[1] if len(features) > 1 else 0.0
    return features[0] + 0.15 * second + sum(ranks) / 400


def low_potential(cards: Sequence[int], split: Split) -> float:
    """Low-hand score 0..10 (0 in ``high_only``): made lows 6 (eight-low) to 7.5 (wheel),
    four low ranks 3.5..5, three 1.5..2.5 (module docstring)."""
    if not split.has_low:
        return 0.0
    # ace-to-five ranks: ace 1, two 2, ..., king 13
    lows = sorted({1 if c >> 2 == _ACE else (c >> 2) + 2 for c in cards})
    if split.low_qualifier is not None:
        lows = [r for r in lows if r <= _LOW_TOP]
    n = len(lows)
    if n >= _FIVE:
        fifth = lows[4]
        return 6.0 + max(0.0, (_LOW_TOP - fifth) / 2)
    if n == 4:
        return 3.5 + max(0.0, (_LOW_TOP - lows[3]) / 3)
    if n == 3:
        return 1.5 + max(0.0, (_LOW_TOP - lows[2]) / 5)
    return 0.3 * n


def potential(cards: Sequence[int], split: Split) -> float:
    """The hand's score in the direction it is going, plus a bonus for going both ways."""
    high = high_potential(cards)
    low = low_potential(cards, split)
    return max(high, low) + 0.35 * min(high, low)


def best_pass(hand: Sequence[int], count: int, split: Split) -> tuple[int, ...]:
    """The ``count`` cards whose removal keeps the highest :func:`potential` (ties: pass the
    lower card codes)."""

    def key(passed: tuple[int, ...]) -> tuple[float, tuple[int, ...]]:
        kept = [c for c in hand if c not in passed]
        return potential(kept, split), tuple(-c for c in passed)

    return max(combinations(sorted(hand), count), key=key)


def best_five(hand: Sequence[int], split: Split) -> tuple[int, ...]:
    """The five with the best :func:`potential` (made hands), in
    :func:`~anaconda_poker.analysis.advice.reveal_order`."""
    five = max(combinations(sorted(hand), _FIVE), key=lambda f: (potential(f, split), f))
    return reveal_order(five, split)


def heuristic_cards(legal: LegalActions, split: Split) -> Action:
    """The heuristic pass or arrangement for a seat that must pass or arrange: the choice
    of :func:`best_pass` or :func:`best_five`, made for a seven-card hand by their
    vectorised forms (:func:`~anaconda_poker.analysis.potential.best_passes`,
    :func:`~anaconda_poker.analysis.potential.best_fives`, tested equal to them): about
    0.08 ms instead of 0.7 ms for a pass and 0.1 instead of 1.6 ms for an arrangement."""
    cards = legal.cards
    if len(cards) != PLAYABLE_CARDS:
        if ActionKind.PASS in legal.kinds:
            return Action.pass_cards(best_pass(cards, legal.pass_count, split))
        return Action.arrange(best_five(cards, split))
    hand = np.asarray([cards], dtype=np.uint8)
    if ActionKind.PASS in legal.kinds:
        passed = best_passes(hand, legal.pass_count, split)[0]
        return Action.pass_cards(tuple(int(c) for c in passed))
    five = tuple(int(c) for c in best_fives(hand, split)[0])
    return Action.arrange(reveal_order(five, split))


class HeuristicBot:
    """Rules of thumb (module docstring).

    Args:
        config: the table's rules (split, betting structure, big bet).
        rng: accepted for the common constructor; unused (the bot is deterministic).
        raise_cap_bets: the bot stops raising once the round's bet reaches this many big
            bets (default 4; the terminal game's newcomer-friendly table uses less).

    Raises:
        ValueError: if ``raise_cap_bets`` is below 1.
    """

    name = "heuristic"

    RAISE_AT = 7.8
    """Score from which a made five raises."""
    CALL_AT = 6.0
    """Score from which a made five calls a bet."""

    def __init__(self, *, config: TableConfig, rng: random.Random, raise_cap_bets: int = 4) -> None:
        if raise_cap_bets < 1:
            raise ValueError(f"raise_cap_bets must be at least 1 big bet, got {raise_cap_bets}")
        self.config = config
        self.rng = rng
        self.raise_cap_bets = raise_cap_bets

    def act(self, view: View, legal: LegalActions) -> Action:
        """Pass, arrange or bet by the rules of the module docstring."""
        split = self.config.split
        if legal.kinds & {ActionKind.PASS, ActionKind.ARRANGE}:
            return heuristic_cards(legal, split)
        if ActionKind.DECLARE in legal.kinds:
            return Action.declare(strength_declaration(view, self.config))
        you = view["you"]
        arranged = you.get("arrangement")
        if arranged:
            score = potential(hand_codes({"you": {"hand": arranged}}), split)
            raise_at, call_at = self.RAISE_AT, self.CALL_AT
        else:
            score = potential(hand_codes(view), split)
            round_no = int(view["betting_round"])
            # more cards to exchange early: lower thresholds
            raise_at = self.RAISE_AT - 0.4 * (4 - round_no)
            call_at = self.CALL_AT - 1.0 * (4 - round_no)
        cap = self.raise_cap_bets * self.config.big_bet
        if score >= raise_at and int(view["current_bet"]) < cap:
            if self.config.betting is Betting.FIXED_LIMIT:
                return aggress(legal, 0)
            return aggress(legal, pot_fraction_to(view, legal, 2 / 3))
        if score >= call_at:
            return passive(legal)
        return check_or_fold(legal)
