"""Issue 11's betting corrections beyond the scenario files (RULES.md §4).

- Short all-ins add up (TDA Rule 47) and the refusal names what was faced.
- In fixed limit a half-bet all-in counts toward the raise cap like any full bet.
- A reached cap stays reached however the round shrinks afterwards.
"""

from __future__ import annotations

from typing import Any

import pytest

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.rule_errors import ActionNotAllowedError, RaiseCapError
from anaconda_poker.core.state import HandState, Seat

FOLD, CALL, RAISE = ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE
CARDS = {
    0: "Qs Qh Qd Qc 2h 3h 4h",
    1: "Ks Kh Kd Kc 2d 3d 4d",
    2: "As Ah Ad Ac 2c 3c 4c",
    3: "Js Jh Jd Jc 2s 3s 4s",
}


def deal(stacks: dict[int, int], **options: Any) -> HandState:
    """Button 0; the seats of ``stacks`` play with the cards of :data:`CARDS`."""
    seats: list[Seat | None] = [None] * (max(stacks) + 1)
    for seat, stack in stacks.items():
        seats[seat] = Seat(name=f"p{seat}", stack=stack)
    dealt = {seat: parse_codes(CARDS[seat]) for seat in stacks}
    return HandState(TableConfig(**options), seats=seats, button=0, dealt=dealt)


def play(state: HandState, *actions: tuple[int, str]) -> HandState:
    for seat, text in actions:
        state.apply(seat, Action.parse(text))
    return state


def test_the_refusal_says_how_much_was_faced_and_what_a_full_raise_is() -> None:
    """No limit: bet 10, all-in to 14 (+4), call: seat 1 faces 4 < 10 and may not raise."""
    state = deal({1: 100, 2: 15, 0: 100}, betting="no_limit")
    play(state, (1, "bet 10"), (2, "raise to 14"), (0, "call"))
    refusal = r"4 chips in all, less than a full raise of 10"
    with pytest.raises(ActionNotAllowedError, match=refusal):
        state.apply(1, Action.raise_to(24))


def test_two_short_all_ins_that_add_up_reopen_no_limit() -> None:
    """Bet 10; all-in to 15 (+5) and all-in to 20 (+5): seat 1 faces 10 = a full raise."""
    state = deal({1: 100, 2: 16, 3: 100, 0: 21}, betting="no_limit")
    play(state, (1, "bet 10"), (2, "raise to 15"), (3, "call"), (0, "raise to 20"))
    legal = state.legal_actions(1)
    assert legal.kinds == {FOLD, CALL, RAISE} and legal.raise_range == (30, 99)
    play(state, (1, "call"))
    # seat 3 called 15 and faces only 5 more: not reopened
    assert state.legal_actions(3).kinds == {FOLD, CALL}


def test_a_half_bet_all_in_counts_toward_the_raise_cap() -> None:
    """Fixed limit 2/4, cap 4, four players: bet 2, all-in to 3 (half a bet: the second bet),
    raise to 5 (third), raise to 7 (fourth): the cap is reached with three players with chips,
    so seat 1 may only call or fold. Before issue 11 the all-in was no bet, and seat 1 could
    raise to 9."""
    state = deal({1: 100, 2: 4, 3: 100, 0: 100})
    play(state, (1, "bet 2"), (2, "raise to 3"), (3, "raise to 5"), (0, "raise to 7"))
    assert state.legal_actions(1).kinds == {FOLD, CALL}
    with pytest.raises(RaiseCapError, match="raise cap of 4"):
        state.apply(1, Action.raise_to(9))
    play(state, (1, "fold"))  # two players with chips now, but the cap stays
    assert state.legal_actions(3).kinds == {FOLD, CALL}


def test_cap_lift_can_be_turned_off() -> None:
    """``cap_lifted_heads_up=False``: a round that starts heads-up keeps the cap."""
    state = deal({1: 100, 0: 100}, cap_lifted_heads_up=False)
    play(state, (1, "bet 2"), (0, "raise to 4"), (1, "raise to 6"), (0, "raise to 8"))
    assert state.legal_actions(1).kinds == {FOLD, CALL}
