"""Dealer's choice at a declare table (RULES.md §5, §6): split hands are declared, a
high-only hand is played by the cards (there is one half: nothing to declare for)."""

from __future__ import annotations

import random

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import DeclareMode, Split, TableConfig
from anaconda_poker.core.session import Session
from anaconda_poker.core.state import HandState, Phase, Seat


def _check_down(hand: HandState) -> list[Phase]:
    """Play the hand with checks, the first cards and ``high`` declarations; the phases met."""
    phases: list[Phase] = []
    while not hand.is_complete:
        phases.append(hand.phase)
        seat = hand.to_act[0]
        legal = hand.legal_actions(seat)
        if ActionKind.PASS in legal.kinds:
            action = Action.pass_cards(legal.cards[: legal.pass_count])
        elif ActionKind.ARRANGE in legal.kinds:
            action = Action.arrange(legal.cards[: legal.arrange_count])
        elif ActionKind.DECLARE in legal.kinds:
            action = Action.declare("high")
        else:
            action = Action.check()
        hand.apply(seat, action)
    return phases


def test_dealers_choice_of_high_only_at_a_declare_table_is_played_by_the_cards() -> None:
    config = TableConfig(split=Split.HIGH_LOW_8, declare=DeclareMode.DECLARE, swing="ties_ok")
    session = Session(
        config,
        [Seat(name=n, stack=50) for n in ("Ana", "Bo", "Cy")],
        rng=random.Random(4),
        dealers_choice=True,
    )
    hand = session.start_hand(split="high_only")
    assert (hand.config.split, hand.config.declare) == (Split.HIGH_ONLY, DeclareMode.CARDS_SPEAK)
    assert hand.config.swing.value == "ties_ok"  # the table's other rules stay
    assert Phase.DECLARING not in _check_down(hand)
    assert hand.result is not None and not hand.result.declarations
    session.finish_hand()

    hand = session.start_hand(split="high_low_any")
    assert hand.config.declare is DeclareMode.DECLARE
    assert Phase.DECLARING in _check_down(hand)
    assert hand.result is not None
    assert set(hand.result.declarations.values()) == {"high"}
    assert sum(hand.stack) == 150  # chips conserved
