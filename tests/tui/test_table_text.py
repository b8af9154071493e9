"""The terminal table's texts as pure functions (``tui/table_text.py``), on real hands."""

from __future__ import annotations

import random

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import HandState, LegalActions, Phase, Seat
from anaconda_poker.i18n import translator
from anaconda_poker.tui.table_text import (
    aggressive_range,
    chosen_amount,
    pass_receiver,
    phase_title,
    prompt_text,
)

EN = translator("en")


def _hand(seed: int, players: int = 4) -> HandState:
    seats = [Seat(name=f"P{i}", stack=200) for i in range(players)]
    return HandState(TableConfig(), seats=seats, button=0, rng=random.Random(seed))


def _to_passing(state: HandState, *, fold_first: bool) -> int | None:
    """Play round 1 (the first actor folds when ``fold_first``, everyone else checks or
    calls) until the first pass; the folded seat, if any."""
    folded = None
    while state.phase is Phase.BETTING:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if fold_first and folded is None:
            state.apply(seat, Action.fold())
            folded = seat
        elif ActionKind.CHECK in legal.kinds:
            state.apply(seat, Action.check())
        else:
            state.apply(seat, Action.call())
    assert state.phase is Phase.PASSING
    return folded


def test_pass_receiver_names_the_seat_the_engine_gives_the_cards_to() -> None:
    for seed in range(6):
        state = _hand(seed)
        folded = _to_passing(state, fold_first=seed % 2 == 0)
        direction = state.config.pass_directions[state.pass_index]
        given: dict[int, tuple[int, ...]] = {}
        for seat in state.to_act:
            cards = tuple(state.hands[seat][: state.legal_actions(seat).pass_count])
            given[seat] = cards
        predicted = {seat: pass_receiver(state, seat, direction) for seat in given}
        assert folded not in predicted.values()
        for seat, cards in given.items():
            state.apply(seat, Action.pass_cards(cards))
        # the oracle: what each receiver got, as the engine resolved the passes
        for seat, receiver in predicted.items():
            assert state.passes[receiver][0][1] == given[seat], (seed, seat, receiver)


def test_aggressive_range_and_the_chosen_amount() -> None:
    bet = LegalActions(seat=0, kinds=frozenset({ActionKind.BET}), bet_range=(2, 9))
    raise_ = LegalActions(seat=0, kinds=frozenset({ActionKind.RAISE}), raise_range=(4, 12))
    assert aggressive_range(bet) == (ActionKind.BET, 2, 9)
    assert aggressive_range(raise_) == (ActionKind.RAISE, 4, 12)
    assert aggressive_range(LegalActions(seat=0, kinds=frozenset({ActionKind.CALL}))) is None
    assert [chosen_amount(a, 4, 12) for a in (None, 1, 4, 7, 12, 99)] == [4, 4, 4, 7, 12, 12]


def _prompt(state: HandState, seat: int) -> str:
    """Seat ``seat``'s prompt line as plain text, nothing selected or chosen yet."""
    return prompt_text(
        EN,
        state.view(seat),
        state,
        me=seat,
        selection=[],
        amount=None,
        split=state.config.split,
        compact=False,
    ).plain


def test_betting_prompt_and_title_follow_the_state() -> None:
    state = _hand(3)
    me = state.to_act[0]
    view = state.view(me)
    assert phase_title(EN, view, state) == f"Betting round 1 of {state.config.betting_rounds}"
    legal = state.legal_actions(me)
    kind, low, high = aggressive_range(legal) or (None, 0, 0)
    text = _prompt(state, me)
    assert text.startswith("Your turn.")
    if ActionKind.CALL in legal.kinds:
        assert f"To call: {legal.call_amount}" in text
    else:
        assert "Nothing to call: you may check." in text
    assert kind is ActionKind.BET  # antes are not bets: the first actor may open
    if low == high:  # fixed limit: one amount, nothing to choose
        assert f"Bet {low}" in text and "chosen" not in text
    else:
        assert f"Bet {low} to {high}" in text and f"chosen: {low}" in text
    waiting = next(s for s in state.order if s != me)
    assert _prompt(state, waiting) == f"Waiting for P{me}…"
