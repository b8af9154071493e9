"""Action records: constructors, validation, JSON and text round trips."""

from __future__ import annotations

from typing import Any

import pytest

from anaconda_poker.core.actions import Action, ActionKind, MalformedActionError
from anaconda_poker.core.cards import Card, parse_codes

ROUND_TRIP = [
    Action.fold(),
    Action.check(),
    Action.call(),
    Action.bet(4),
    Action.raise_to(12),
    Action.pass_cards(parse_codes("As Kd 2c")),
    Action.arrange(parse_codes("As 2s 3d 4c 5h")),
]


@pytest.mark.parametrize("action", ROUND_TRIP, ids=str)
def test_round_trips(action: Action) -> None:
    assert Action.from_dict(action.to_dict()) == action
    assert Action.parse(str(action)) == action
    assert hash(action) == hash(Action.from_dict(action.to_dict()))


def test_text_forms() -> None:
    assert str(Action.raise_to(8)) == "raise to 8"
    assert Action.parse("raise 8") == Action.raise_to(8)
    assert Action.parse("  BET 3 ") == Action.bet(3)
    assert Action.pass_cards([Card.parse("As"), 0]).cards == (51, 0)
    assert Action.raise_to(8).to_dict() == {"action": "raise", "to": 8}
    assert ActionKind.PASS.is_betting is False and ActionKind.CALL.is_betting


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: Action("dance"), "unknown action"),  # type: ignore[arg-type]
        (lambda: Action(ActionKind.BET), "positive integer"),
        (lambda: Action.bet(0), "positive integer"),
        (lambda: Action(ActionKind.BET, to=True), "positive integer"),
        (lambda: Action(ActionKind.CALL, to=3), "takes no amount"),
        (lambda: Action(ActionKind.PASS), "needs cards"),
        (lambda: Action.pass_cards([52]), "not a card code"),
        (lambda: Action.pass_cards([-1, 3]), "not a card code"),
        (lambda: Action.pass_cards([True]), "not a card code"),  # type: ignore[list-item]
        (lambda: Action.pass_cards([5, 5]), "duplicate card"),
        (lambda: Action(ActionKind.FOLD, cards=(1,)), "takes no cards"),
        (lambda: Action.parse(""), "empty action"),
        (lambda: Action.parse("raise to x"), "cannot read"),
        (lambda: Action.parse("pass Zz"), "pass Zz"),
        (lambda: Action.from_dict({"to": 3}), "needs an 'action'"),
        (lambda: Action.from_dict({"action": "pass", "cards": ["As", "as"]}), "duplicate"),
    ],
)
def test_malformed(make: Any, match: str) -> None:
    with pytest.raises(MalformedActionError, match=match):
        make()
