"""Helpers of the engine's rules tests: hands from explicit deals, actions as text, running
a hand out with known fives, the pots of a result and everything a caller can observe."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import HandState, Phase, Seat

CHECK = ActionKind.CHECK

# Seat 1 holds a 7-5-4-3-2 low, seats 0 and 2 no low at all (pairs and high cards).
NO_LOW_SIDE = {
    1: "7c 5d 4h 3s 2c Jd Jh",
    2: "Ks Kd Kh Qs Qh 8c 8d",
    0: "As Ad Qc Jc 9s Tc Td",
}


def deal(
    cards: Mapping[int, str], stacks: Mapping[int, int], *, button: int, **options: Any
) -> HandState:
    """A hand from explicit cards: ``{seat: "As Kd ..."}`` and ``{seat: stack}``."""
    size = max(cards) + 1
    seats: list[Seat | None] = [None] * size
    for seat, stack in stacks.items():
        seats[seat] = Seat(name=f"p{seat}", stack=stack)
    dealt = {seat: parse_codes(text) for seat, text in cards.items()}
    return HandState(TableConfig(**options), seats=seats, button=button, dealt=dealt)


def one_pass(**options: Any) -> dict[str, Any]:
    """House rules for hand-worked hands: a single pass of one card to the left."""
    return {"pass_counts": (1,), "pass_directions": ("left",), **options}


def play(state: HandState, *actions: tuple[int, str]) -> HandState:
    for seat, text in actions:
        state.apply(seat, Action.parse(text))
    return state


def keep_first_five(state: HandState, cards: Mapping[int, str]) -> dict[int, list[int]]:
    return {seat: parse_codes(text)[:5] for seat, text in cards.items() if state.dealt_in[seat]}


def run_out(state: HandState, keep: Mapping[int, Sequence[int]]) -> HandState:
    """Finish the hand: pass cards outside ``keep``, arrange ``keep``, check or call."""
    while not state.is_complete:
        if state.phase is Phase.PASSING:
            for seat in state.to_act:
                legal = state.legal_actions(seat)
                junk = [c for c in legal.cards if c not in keep[seat]]
                state.apply(seat, Action.pass_cards(junk[: legal.pass_count]))
        elif state.phase is Phase.ARRANGING:
            for seat in state.to_act:
                state.apply(seat, Action.arrange(keep[seat]))
        else:
            seat = state.to_act[0]
            kinds = state.legal_actions(seat).kinds
            state.apply(seat, Action.check() if CHECK in kinds else Action.call())
    return state


def pots(state: HandState) -> list[tuple[int, list[int], list[int], list[int], dict[int, int]]]:
    """(amount, eligible, high winners, low winners, awards) of every pot, main pot first."""
    assert state.result is not None
    return [
        (
            p.amount,
            sorted(p.eligible),
            sorted(p.high_winners),
            sorted(p.low_winners),
            dict(p.awards),
        )
        for p in state.result.pots
    ]


def observable(state: HandState) -> str:
    """Everything a caller can see, to prove a rejected call changed nothing."""
    views = {str(s): state.view(s) for s in state.players}
    return json.dumps(
        {"history": state.history(), "views": views, "spectator": state.view(None)},
        sort_keys=True,
    )
