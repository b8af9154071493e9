"""Messages that say more (issue 13 item 10): the card not in your hand, the raise cap,
who receives your pass, what the marks under the cards mean."""

from __future__ import annotations

import re
from pathlib import Path

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import card_str, parse_code
from anaconda_poker.core.state import HandState, Phase
from anaconda_poker.tui.cards import plain_cards
from anaconda_poker.tui.screens import HelpScreen

from .conftest import make_app, play_to, region_text, screen_text, settle, state_of

SIZE = (130, 44)


class _Raiser:
    """Raises (or bets) whenever it may; passes its first cards, arranges its first five."""

    def choose(self, state: HandState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if legal.raise_range:
            return Action.raise_to(legal.raise_range[0])
        if legal.bet_range:
            return Action.bet(legal.bet_range[0])
        if ActionKind.PASS in legal.kinds:
            return Action.pass_cards(legal.cards[: legal.pass_count])
        if ActionKind.ARRANGE in legal.kinds:
            return Action.arrange(legal.cards[:5])
        return Action.call() if ActionKind.CALL in legal.kinds else Action.check()


async def test_a_typed_card_that_is_not_yours_is_named(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await play_to(app, pilot, Phase.PASSING)
        hand = [parse_code(c) for c in state_of(app).view(0)["you"]["hand"]]
        stranger = next(c for c in range(52) if c not in hand)
        mine = sorted(hand, reverse=True)
        name = plain_cards([stranger])
        await pilot.press("slash", *f"pass {card_str(stranger)} 1 2", "enter")
        await settle(app, pilot)
        assert app.message == f"{name} is not in your hand. Your cards: {plain_cards(mine)}"
        assert state_of(app).passes[0] == []


async def test_the_raise_cap_is_named_with_the_bets_it_allows(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11, bots=2)
    app.session.policies = {1: _Raiser(), 2: _Raiser()}
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        for _ in range(30):
            assert state.phase is Phase.BETTING and 0 in state.to_act
            legal = state.legal_actions(0)
            if legal.raise_range is None and ActionKind.CALL in legal.kinds:
                break  # facing the capped bet
            # Check when first to act, so that a bot makes the fourth bet.
            await pilot.press("c" if ActionKind.CHECK in legal.kinds else "r")
            await settle(app, pilot)
        assert state.config.raise_cap == 4
        await pilot.press("r")
        await pilot.pause()
        assert app.message.startswith(
            "The raise cap is reached: 4 bets a round (a bet and 3 raises). Allowed: fold, call"
        ), app.message


async def test_the_pass_prompt_names_who_receives_the_cards(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await play_to(app, pilot, Phase.PASSING)
        prompt = " ".join(region_text(app, "#prompt").split())
        found = re.search(r"to pass to the (left|right), to (\w+) \(keys", prompt)
        assert found, prompt
        receiver = app.session.names().index(found.group(2))
        await pilot.press("1", "2", "3", "enter")
        await settle(app, pilot)
        state = state_of(app)
        passed = state.passes[0][0][0]
        assert state.passes[receiver][0][1] == passed  # the named player got them


async def test_the_marks_under_the_cards_are_explained(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await play_to(app, pilot, Phase.PASSING)
        await pilot.press("1", "2", "3", "enter")
        await settle(app, pilot)
        assert "•" in region_text(app, "#hand-row")
        assert "• received in the last pass" in screen_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "Under a card: received in the last pass" in text
        assert "Under a card: turned face up" in text
