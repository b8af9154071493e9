"""Hand-worked heads-up hands for the review tests: a fixed deal and a policy per seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import HandState, LegalActions, Seat

Policy = Callable[[HandState, int, LegalActions], Action]


def play(config: TableConfig, dealt: dict[int, str], policies: dict[int, Policy]) -> dict[str, Any]:
    """Play a heads-up hand from a fixed deal with a policy per seat; its history."""
    state = HandState(
        config,
        seats=[Seat(name=f"P{s}", stack=200) for s in sorted(dealt)],
        button=1,
        dealt={s: parse_codes(c) for s, c in dealt.items()},
    )
    while not state.is_complete:
        seat = state.to_act[0]
        state.apply(seat, policies[seat](state, seat, state.legal_actions(seat)))
    return state.history()


def calling_station(state: HandState, seat: int, legal: LegalActions) -> Action:
    """Checks or calls; passes its first cards; arranges its first five."""
    if ActionKind.PASS in legal.kinds:
        return Action.pass_cards(legal.cards[: legal.pass_count])
    if ActionKind.ARRANGE in legal.kinds:
        return Action.arrange(legal.cards[:5])
    return Action.check() if ActionKind.CHECK in legal.kinds else Action.call()


def keeper(keep: str, *, bet: bool, fold_round: int | None = None) -> Policy:
    """Passes cards not in ``keep`` (the newest first), arranges ``keep`` first; bets or
    raises when ``bet`` (else checks or calls), folds to a bet in ``fold_round``."""
    kept = set(parse_codes(keep))

    def policy(state: HandState, seat: int, legal: LegalActions) -> Action:
        if ActionKind.PASS in legal.kinds:
            junk = [c for c in reversed(legal.cards) if c not in kept]
            return Action.pass_cards(junk[: legal.pass_count])
        if ActionKind.ARRANGE in legal.kinds:
            rest = [c for c in legal.cards if c not in kept]
            return Action.arrange(([c for c in legal.cards if c in kept] + rest)[:5])
        facing = ActionKind.CALL in legal.kinds
        if fold_round == state.betting_round and facing and ActionKind.FOLD in legal.kinds:
            return Action.fold()
        if bet and ActionKind.BET in legal.kinds and legal.bet_range:
            return Action.bet(legal.bet_range[0])
        if bet and ActionKind.RAISE in legal.kinds and legal.raise_range:
            return Action.raise_to(legal.raise_range[0])
        return Action.check() if ActionKind.CHECK in legal.kinds else Action.call()

    return policy


def bettor(state: HandState, seat: int, legal: LegalActions) -> Action:
    """Bets when it can, else checks or calls; passes and arranges its first cards."""
    if ActionKind.BET in legal.kinds and legal.bet_range:
        return Action.bet(legal.bet_range[0])
    return calling_station(state, seat, legal)


QUADS = {0: "Ac Ad Ah As Kc 2d 3h", 1: "4c 5d 6h 7s 9c Td Jh"}
"""Seat 0 holds four aces: the nuts in all but the rarest deals of high only."""
