"""Ranking a seat's passes against opponents who pass with purpose.

:func:`passing_pass_choices` is :func:`~anaconda_poker.analysis.advice.pass_choices` on the
pass-aware model (:mod:`anaconda_poker.analysis.pass_model`): each sampled deal replays the
passes made so far, then plays **this** pass (RULES.md §3) for every seat in the hand at
once: each opponent passes by the model's policy from its hand, the seat receives what the
seat passing to it chose (not random cards), and the receiver gets the seat's candidate
cards. Every candidate is scored on the same deals (common random numbers) by the showdown
share of the hands right after this pass: the seat's new seven by its best high and best
low, each opponent by the five its policy keeps (the receiver's depends on the candidate).
Later passes are not simulated.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from anaconda_poker.analysis.advice import Choice, pass_options
from anaconda_poker.analysis.dealing import CardArray, as_generator
from anaconda_poker.analysis.equity import InvalidSituationError, SeatKnowledge
from anaconda_poker.analysis.pass_model import PassingOpponents
from anaconda_poker.analysis.potential import best_fives, best_passes
from anaconda_poker.analysis.shares import Accumulator, FieldBest, outcome
from anaconda_poker.analysis.situation import PLAYABLE_CARDS
from anaconda_poker.analysis.values import hand_values

_CHUNK = 2_048
"""Deals per batch: every candidate's hands of a batch are valued in one call."""


def passing_pass_choices(
    knowledge: SeatKnowledge,
    model: PassingOpponents,
    *,
    count: int,
    receiver: int,
    trials: int = 4_000,
    rng: np.random.Generator | int | None = None,
    candidates: Sequence[Sequence[int]] | None = None,
) -> list[Choice]:
    """Rank the ways to pass ``count`` cards against the passing model, best first.

    Args:
        knowledge: the seat's knowledge before this pass; ``hand`` must hold 7 cards.
        model: the passing model of the same seat (its history: the passes before this one).
        count: cards to pass (1..6).
        receiver: the opponent who receives them (still in the hand); the direction of the
            pass follows from it.
        trials: deals, the same for every candidate.
        rng: NumPy generator or int seed.
        candidates: the card sets to compare; default every ``count``-subset of the hand.

    Returns:
        One :class:`~anaconda_poker.analysis.advice.Choice` per candidate, best share first
        (ties by card codes), ``cards`` ascending.

    Raises:
        InvalidSituationError: a hand not of 7 cards, a bad count, receiver or candidate.
    """
    hand = tuple(knowledge.hand)
    if len(hand) != PLAYABLE_CARDS:
        raise InvalidSituationError(f"passing needs the 7-card hand, got {len(hand)} cards")
    if not 1 <= count < PLAYABLE_CARDS:
        raise InvalidSituationError(f"pass count must be 1..6, got {count}")
    me = model.history.seat
    live = sorted([me, *(o.seat for o in knowledge.active)])
    if receiver not in live or receiver == me:
        raise InvalidSituationError(f"seat {receiver} is not an opponent still in the hand")
    options = pass_options(hand, count, candidates)
    ring = len(live)
    step = 1 if live[(live.index(me) + 1) % ring] == receiver else -1
    seats = model.history.seats
    col = {s: seats.index(s) for s in live}
    gen = as_generator(rng)
    split = model.split
    accs = [Accumulator() for _ in options]
    opts = np.asarray(options, dtype=np.uint8)  # [C, count]
    kept_mine = np.asarray(
        [[c for c in hand if c not in option] for option in options], dtype=np.uint8
    )  # [C, 7 - count]
    left = trials
    while left > 0:
        n = min(left, _CHUNK)
        left -= n
        hands = model.sample_hands(knowledge, n, gen)
        others = [s for s in live if s != me]
        passes = {s: _policy(model, hands[:, col[s]], count, gen) for s in others}
        after: dict[int, CardArray] = {}
        for s in others:
            giver = live[(live.index(s) - step) % ring]
            if giver == me:
                continue  # the receiver: its seven depends on the candidate
            kept = _without(hands[:, col[s]], passes[s], PLAYABLE_CARDS - count)
            after[s] = np.concatenate([kept, passes[giver]], axis=1)
        upstream = live[(live.index(me) - step) % ring]
        got = passes[upstream]  # [n, count]
        field_h, field_l = _values(model, list(after.values()), n)
        recv_kept = _without(hands[:, col[receiver]], passes[receiver], PLAYABLE_CARDS - count)
        m = len(options)
        recv = np.empty((m, n, PLAYABLE_CARDS), dtype=np.uint8)
        recv[:, :, : PLAYABLE_CARDS - count] = recv_kept[None]
        recv[:, :, PLAYABLE_CARDS - count :] = opts[:, None, :]
        rh, rl = _values(model, [recv.reshape(m * n, PLAYABLE_CARDS)], m * n)
        mine = np.empty((m, n, PLAYABLE_CARDS), dtype=np.uint8)
        mine[:, :, : PLAYABLE_CARDS - count] = kept_mine[:, None, :]
        mine[:, :, PLAYABLE_CARDS - count :] = got[None]
        mh, ml = hand_values(mine.reshape(m * n, PLAYABLE_CARDS), split)
        field = FieldBest.of(field_h, field_l)
        faced = field.with_opponent(rh[:, 0].reshape(m, n), rl[:, 0].reshape(m, n))
        Accumulator.add_each(accs, outcome(mh.reshape(m, n), ml.reshape(m, n), faced, split))
    chosen = [
        Choice(option, acc.result(exact=False, opponents=len(knowledge.active)))
        for option, acc in zip(options, accs, strict=True)
    ]
    chosen.sort(key=lambda c: (-c.result.share, c.cards))
    return chosen


def _policy(
    model: PassingOpponents, hands: CardArray, count: int, rng: np.random.Generator
) -> CardArray:
    """The model's pass policy for each row (no card is protected before the arrangement)."""
    weights = model.pass_weights(count)
    if weights is not None:
        return best_passes(hands, count, model.split, weights=weights)
    order = np.argsort(rng.random(hands.shape), axis=1)[:, :count]
    picked: CardArray = np.take_along_axis(hands, order, axis=1)
    return picked


def _without(hands: CardArray, gone: CardArray, keep: int) -> CardArray:
    """Each row of ``hands`` without the cards of the same row of ``gone``: uint8[n, keep]."""
    out = (hands[:, :, None] == gone[:, None, :]).any(axis=2)
    order = np.argsort(out, axis=1, kind="stable")[:, :keep]
    kept: CardArray = np.take_along_axis(hands, order, axis=1)
    return kept


def _values(
    model: PassingOpponents, sevens: list[CardArray], n: int
) -> tuple[np.ndarray, np.ndarray]:
    """High and low of the five each seven's owner plays (the policy's five, or the best
    of seven when the model does not arrange by policy): int64[n, len(sevens)]."""
    if not sevens:
        empty = np.zeros((n, 0), dtype=np.int64)
        return empty, empty.copy()
    block = np.concatenate(sevens)
    if model.arrange and model.policy != "random":
        block = best_fives(block, model.split)
    h, lo = hand_values(block, model.split)
    k = len(sevens)
    return h.reshape(k, n).T, lo.reshape(k, n).T
