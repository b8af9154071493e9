"""Illegal actions: each raises its specific exception and leaves the hand exactly as it was."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from anaconda_poker.core.actions import Action, MalformedActionError
from anaconda_poker.core.cards import parse_code, parse_codes
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.rule_errors import (
    ActionNotAllowedError,
    AmountError,
    CardNotInHandError,
    FoldedError,
    HandCompleteError,
    IllegalActionError,
    NotYourTurnError,
    RaiseCapError,
    WrongCardCountError,
)
from anaconda_poker.core.state import HandState, Phase, Seat

# Three players, button 0: order 1, 2, 0. Seat 2 holds the 9-card variant's hidden cards
# only when the config deals 9.
DEALT7 = {
    0: parse_codes("2c 3c 4c 5c 6c 7c 8c"),
    1: parse_codes("2d 3d 4d 5d 6d 7d 8d"),
    2: parse_codes("2h 3h 4h 5h 6h 7h 8h"),
}
DEALT9 = {
    0: parse_codes("2c 3c 4c 5c 6c 7c 8c 9c Tc"),
    1: parse_codes("2d 3d 4d 5d 6d 7d 8d 9d Td"),
    2: parse_codes("2h 3h 4h 5h 6h 7h 8h 9h Th"),
}


def new_hand(**options: Any) -> HandState:
    config = TableConfig(**options)
    dealt = DEALT9 if config.cards_dealt == 9 else DEALT7
    seats = [Seat(name=n, stack=100) for n in ("Ana", "Bo", "Cy")]
    return HandState(config, seats=seats, button=0, dealt=dealt)


def play(state: HandState, *actions: tuple[int, str]) -> HandState:
    for seat, text in actions:
        state.apply(seat, Action.parse(text))
    return state


def to_passing(**options: Any) -> HandState:
    return play(new_hand(**options), (1, "check"), (2, "check"), (0, "check"))


def to_arranging(**options: Any) -> HandState:
    state = to_passing(**options)
    counts = state.config.pass_counts
    for index, count in enumerate(counts):
        for seat in (1, 2, 0):
            cards = state.legal_actions(seat).cards[:count]
            state.apply(seat, Action.pass_cards(cards))
        if index < len(counts):
            play(state, (1, "check"), (2, "check"), (0, "check"))
    assert state.phase is Phase.ARRANGING
    return state


def finished() -> HandState:
    return play(new_hand(), (1, "bet 2"), (2, "fold"), (0, "fold"))


def snapshot(state: HandState) -> str:
    """Everything observable about a hand, to prove a rejected action changed nothing."""
    data = {
        "history": state.history(),
        "views": [state.view(s) for s in state.players] + [state.view(None)],
        "legal": [state.legal_actions(s).to_dict() for s in state.players],
        "cards": {k: str(v) for k, v in state.card_locations().items()},
        "to_act": state.to_act,
        "chips": state.chip_total(),
    }
    return json.dumps(data, sort_keys=True, default=str)


Case = tuple[str, Callable[[], HandState], int, Callable[[], Action], type[AnacondaError]]

CASES: list[Case] = [
    ("out of turn", new_hand, 2, Action.check, NotYourTurnError),
    ("not playing", new_hand, 5, Action.check, NotYourTurnError),
    (
        "check facing a bet",
        lambda: play(new_hand(), (1, "bet 2")),
        2,
        Action.check,
        ActionNotAllowedError,
    ),
    ("call with nothing to call", new_hand, 1, Action.call, ActionNotAllowedError),
    ("raise with no bet", new_hand, 1, lambda: Action.raise_to(4), ActionNotAllowedError),
    (
        "bet facing a bet",
        lambda: play(new_hand(), (1, "bet 2")),
        2,
        lambda: Action.bet(4),
        ActionNotAllowedError,
    ),
    (
        "pass during betting",
        new_hand,
        1,
        lambda: Action.pass_cards(DEALT7[1][:3]),
        ActionNotAllowedError,
    ),
    ("fixed-limit bet of the wrong size", new_hand, 1, lambda: Action.bet(3), AmountError),
    (
        "no-limit bet below the minimum",
        lambda: new_hand(betting="no_limit", small_bet=4),
        1,
        lambda: Action.bet(3),
        AmountError,
    ),
    (
        "no-limit bet above the stack",
        lambda: new_hand(betting="no_limit"),
        1,
        lambda: Action.bet(100),
        AmountError,
    ),
    (
        "pot-limit bet above the pot",
        lambda: new_hand(betting="pot_limit"),
        1,
        lambda: Action.bet(4),
        AmountError,
    ),
    (
        "no-limit raise below the minimum raise",
        lambda: play(new_hand(betting="no_limit"), (1, "bet 10")),
        2,
        lambda: Action.raise_to(19),
        AmountError,
    ),
    (
        "raise over the cap",
        lambda: play(new_hand(), (1, "bet 2"), (2, "raise 4"), (0, "raise 6"), (1, "raise 8")),
        2,
        lambda: Action.raise_to(10),
        RaiseCapError,
    ),
    (
        "raise over a cap of 1",
        lambda: play(new_hand(raise_cap=1), (1, "bet 2")),
        2,
        lambda: Action.raise_to(4),
        RaiseCapError,
    ),
    ("acting after folding", lambda: play(new_hand(), (1, "fold")), 1, Action.check, FoldedError),
    (
        "passing after folding",
        lambda: play(new_hand(), (1, "fold"), (2, "check"), (0, "check")),
        1,
        lambda: Action.pass_cards(DEALT7[1][:3]),
        FoldedError,
    ),
    (
        "wrong number of cards passed",
        to_passing,
        1,
        lambda: Action.pass_cards(DEALT7[1][:2]),
        WrongCardCountError,
    ),
    (
        "card not in hand",
        to_passing,
        1,
        lambda: Action.pass_cards([*DEALT7[1][:2], parse_code("As")]),
        CardNotInHandError,
    ),
    (
        "another seat's card",
        to_passing,
        1,
        lambda: Action.pass_cards([*DEALT7[1][:2], parse_code("2c")]),
        CardNotInHandError,
    ),
    (
        "hidden card passed",
        lambda: to_passing(cards_dealt=9),
        1,
        lambda: Action.pass_cards(parse_codes("2d 3d Td")),
        CardNotInHandError,
    ),
    (
        "duplicate card",
        to_passing,
        1,
        lambda: Action.pass_cards([parse_code(c) for c in ("2d", "2d", "3d")]),
        MalformedActionError,
    ),
    (
        "passing twice",
        lambda: play(to_passing(), (1, "pass 2d 3d 4d")),
        1,
        lambda: Action.pass_cards(parse_codes("5d 6d 7d")),
        NotYourTurnError,
    ),
    ("betting while passing", to_passing, 1, Action.check, ActionNotAllowedError),
    (
        "arranging four cards",
        to_arranging,
        1,
        lambda: Action.arrange(to_arranging().legal_actions(1).cards[:4]),
        WrongCardCountError,
    ),
    (
        "arranging six cards",
        to_arranging,
        1,
        lambda: Action.arrange(to_arranging().legal_actions(1).cards[:6]),
        WrongCardCountError,
    ),
    (
        "arranging a hidden card",
        lambda: to_arranging(cards_dealt=9),
        1,
        lambda: Action.arrange([parse_code("Td"), *to_arranging(cards_dealt=9).hands[1][:4]]),
        CardNotInHandError,
    ),
    (
        "passing while arranging",
        to_arranging,
        1,
        lambda: Action.pass_cards(to_arranging().legal_actions(1).cards[:1]),
        ActionNotAllowedError,
    ),
    ("acting after the hand ended", finished, 1, Action.check, HandCompleteError),
    ("folding after the hand ended", finished, 0, Action.fold, HandCompleteError),
]


@pytest.mark.parametrize(
    ("setup", "seat", "make_action", "error"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_illegal_action_raises_and_changes_nothing(
    setup: Callable[[], HandState],
    seat: int,
    make_action: Callable[[], Action],
    error: type[AnacondaError],
) -> None:
    state = setup()
    before = snapshot(state)
    with pytest.raises(error) as info:
        state.apply(seat, make_action())
    assert str(info.value)  # a message saying what was wrong
    assert isinstance(info.value, AnacondaError) and isinstance(info.value, ValueError)
    assert snapshot(state) == before
    if isinstance(info.value, IllegalActionError):
        assert info.value.seat == seat


@pytest.mark.parametrize(
    ("setup", "seat", "make_action", "error"),
    [case[1:] for case in CASES if case[4] is not MalformedActionError],
    ids=[case[0] for case in CASES if case[4] is not MalformedActionError],
)
def test_can_apply_agrees_with_apply(
    setup: Callable[[], HandState],
    seat: int,
    make_action: Callable[[], Action],
    error: type[AnacondaError],
) -> None:
    state = setup()
    action = make_action()
    assert not state.can_apply(seat, action)
    legal = state.legal_actions(seat)
    if action.kind in legal.kinds and action.to is not None:
        ranges = [r for r in (legal.bet_range, legal.raise_range) if r is not None]
        assert all(not low <= action.to <= high for low, high in ranges)


def test_messages_name_the_limit() -> None:
    state = play(new_hand(betting="no_limit"), (1, "bet 10"))
    with pytest.raises(AmountError, match=r"raise to 19 is below the minimum raise to 20"):
        state.apply(2, Action.raise_to(19))
    with pytest.raises(CardNotInHandError, match=r"As"):
        to_passing().apply(1, Action.pass_cards(parse_codes("2d 3d As")))
    with pytest.raises(NotYourTurnError, match=r"seat 1's turn"):
        new_hand().apply(0, Action.check())
    with pytest.raises(WrongCardCountError, match=r"exactly 3 cards, got 2"):
        to_passing().apply(1, Action.pass_cards(parse_codes("2d 3d")))


def test_random_illegal_amounts_never_change_state() -> None:
    """Every bet/raise amount outside the legal range is refused without side effects."""
    rng = random.Random(11)
    for betting in ("fixed_limit", "pot_limit", "no_limit"):
        state = play(new_hand(betting=betting), (1, "bet 2"))
        legal = state.legal_actions(2)
        assert legal.raise_range is not None
        low, high = legal.raise_range
        before = snapshot(state)
        for to in {1, low - 1, high + 1, high + rng.randint(2, 50)}:
            if to <= 0 or low <= to <= high:
                continue
            with pytest.raises(AmountError):
                state.apply(2, Action.raise_to(to))
            assert snapshot(state) == before
