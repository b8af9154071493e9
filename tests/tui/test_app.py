"""The real terminal program driven by Textual's pilot through complete hands: betting by
keys and by typed commands, passing exactly N cards, arranging five in order, the roll and
the showdown summary, in English and in Italian."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from textual.widgets import RichLog

from anaconda_poker.core.cards import parse_code
from anaconda_poker.core.config import Betting, Split
from anaconda_poker.core.history import replay
from anaconda_poker.core.state import Phase
from anaconda_poker.i18n import describe_high, translator
from anaconda_poker.tui.screens import ShowdownScreen, SummaryScreen
from anaconda_poker.tui.suggest import suggestions

from .conftest import make_app, screen_text, settle, state_of

SIZE = (130, 44)


def _sorted_hand(app: object) -> list[int]:
    state = state_of(app)  # type: ignore[arg-type]
    view = state.view(0)
    return sorted((parse_code(c) for c in view["you"]["hand"]), reverse=True)


async def test_complete_hand_in_english(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="en", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        text = screen_text(app)
        assert "Betting round 1 of 9" in text
        assert "Hand 1" in text

        # Betting round 1: bet by key.
        while state.phase is Phase.BETTING:
            legal = state.legal_actions(0)
            await pilot.press("r" if legal.bet_range or legal.raise_range else "c")
            await settle(app, pilot)
        assert state.phase is Phase.PASSING

        # Pass 1: Enter with nothing selected is refused and says what is allowed.
        await pilot.press("enter")
        await pilot.pause()
        assert "pass exactly 3 cards" in app.message
        assert "pass exactly 3 cards" in screen_text(app)
        hand = _sorted_hand(app)
        await pilot.press("1", "2", "3", "4")  # the fourth is refused
        await pilot.pause()
        assert "already chosen 3 cards" in app.message
        assert app.selection == hand[:3]
        await pilot.press("enter")
        await settle(app, pilot)
        assert set(state.passes[0][0][0]) == set(hand[:3])
        assert "you passed" in screen_text(app)

        # Betting round 2, then pass 2 by typed command.
        while state.phase is Phase.BETTING:
            await pilot.press("c")
            await settle(app, pilot)
        hand = _sorted_hand(app)
        await pilot.press("slash")
        await pilot.press(*"pass 2 5", "enter")
        await settle(app, pilot)
        assert set(state.passes[0][1][0]) == {hand[1], hand[4]}
        app.set_focus(None)

        # Betting round 3, then pass 3 by clicking a card.
        while state.phase is Phase.BETTING:
            await pilot.press("c")
            await settle(app, pilot)
        hand = _sorted_hand(app)
        assert await pilot.click("#card-6")
        await pilot.press("enter")
        await settle(app, pilot)
        assert state.passes[0][2][0] == (hand[6],)

        while state.phase is Phase.BETTING:
            await pilot.press("c")
            await settle(app, pilot)

        # Arrange: five chosen in a custom order, revealed in that order.
        assert state.phase is Phase.ARRANGING
        hand = _sorted_hand(app)
        await pilot.press("5", "3", "1", "2", "4")
        await pilot.pause()
        chosen = [hand[4], hand[2], hand[0], hand[1], hand[3]]
        assert app.selection == chosen
        assert describe_high(chosen, "en") in screen_text(app)
        await pilot.press("enter")
        await settle(app, pilot)
        assert state.arranged[0] == tuple(chosen)

        # The roll: check/call to the end.
        for _ in range(60):
            if state.is_complete:
                break
            await pilot.press("c")
            await settle(app, pilot)
        assert state.is_complete
        assert isinstance(app.screen, ShowdownScreen)
        text = screen_text(app)
        result = state.result
        assert result is not None
        assert "Showdown" in text
        for index, pot in enumerate(result.pots):
            name = "Main pot" if index == 0 else f"Side pot {index}"
            assert f"{name}: {pot.amount}" in text
            for seat, chips in pot.awards.items():
                line = "You win" if seat == 0 else f"{state.names[seat]} wins"
                assert f"{line} {chips}" in text
        for seat, five in result.revealed.items():
            if state.live[seat]:
                assert describe_high(five, "en") in text
        assert sum(result.net.values()) == 0

        # The hand history was saved and replays to the same result.
        saved = sorted((tmp_path / "hands").glob("*.json"))
        assert len(saved) == 1
        history = json.loads(saved[0].read_text(encoding="utf-8"))
        assert replay(history).result.to_dict() == result.to_dict()

        # Next hand: the button moves.
        button = state.button
        await pilot.press("n")
        await settle(app, pilot)
        assert app.session.hand_number == 2
        assert state_of(app).button != button
        assert "Hand 2" in screen_text(app)

        # Quit: session summary, then leave.
        await pilot.press("q")
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        assert "Session summary: 1 hand" in text
        stacks = {p.name: p.stack for p in app.session.players}
        assert sum(stacks.values()) == 4 * 400
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value is not None
    assert [p.stack for p in app.return_value] == list(stacks.values())


async def test_complete_hand_in_italian_with_suggestions_and_dealers_choice(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, lang="it", seed=5, bots=2)
    it = translator("it")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        text = screen_text(app)
        assert "Giro di puntate 1 di 9" in text
        assert "Spartizione alto-basso, otto o meglio" in text
        assert "Abbandona" in text  # the fold button
        assert "Tu" in text  # the person's seat

        # A typed command that does not exist says what is accepted, in Italian.
        await pilot.press("slash", *"salta", "enter")
        await pilot.pause()
        assert app.message.startswith('Comando sconosciuto "salta". Comandi: abbandona')
        # Italian action names work as commands.
        await pilot.press(*"chiama", "enter")
        await settle(app, pilot)
        app.set_focus(None)
        while state.phase is Phase.BETTING:
            await pilot.press("c")
            await settle(app, pilot)

        for count in (3, 2, 1):
            assert state.phase is Phase.PASSING
            assert f"Scegli {count} cart" in screen_text(app)
            await pilot.press(*[str(i) for i in range(1, count + 1)], "enter")
            await settle(app, pilot)
            assert len(state.passes[0]) == 4 - count
            while state.phase is Phase.BETTING:
                await pilot.press("c")
                await settle(app, pilot)

        assert state.phase is Phase.ARRANGING
        assert "Tieni queste cinque" in screen_text(app)
        await pilot.press("o")  # best for both
        await pilot.pause()
        expected = suggestions(state.legal_actions(0).cards, Split.HIGH_LOW_8)["both"]
        assert tuple(app.selection) == expected
        # the table log says why each card is turned when it is, in Italian
        logged = "\n".join(line.text for line in app.query_one("#log", RichLog).lines)
        assert "Ordine di scoperta, e perché:" in logged
        assert "per ultima: solo ora si vede tutta la mano" in logged.splitlines()[-1]
        await pilot.press("enter")
        await settle(app, pilot)
        assert state.arranged[0] == expected

        for _ in range(60):
            if state.is_complete:
                break
            await pilot.press("c")
            await settle(app, pilot)
        assert isinstance(app.screen, ShowdownScreen)
        text = screen_text(app)
        result = state.result
        assert result is not None
        assert "Showdown · Mano 1" in text
        assert f"Piatto principale: {result.pots[0].amount}" in text
        for seat, chips in result.awards.items():
            line = "Vinci" if seat == 0 else f"{state.names[seat]} vince"
            assert f"{line} {chips}" in text
        for five in result.revealed.values():
            assert describe_high(five, it) in text
        if not result.pots[0].low_winners:
            assert "nessun basso qualificato" in text

        # Dealer's choice: change the game to high only for the next hand.
        await pilot.press("g")
        await pilot.pause()
        assert "Scelta del mazziere" in screen_text(app)
        await pilot.press("up", "enter")
        await settle(app, pilot)
        assert state_of(app).config.split is Split.HIGH_ONLY
        assert "Solo alto" in screen_text(app)


async def test_folding_then_watching_the_bots_finish(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="en", seed=3, bots=3)
    app.delay = 0.001  # the paused path: a pause before each bot bet and each turned card
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        await pilot.press("f", "f")  # F asks once when checking is free
        await settle(app, pilot)
        assert not state.live[0]
        assert state.is_complete  # calling stations play the rest without waiting
        assert isinstance(app.screen, ShowdownScreen)
        assert state.result is not None
        assert state.result.net[0] == -1  # the ante


def _sensible_key(app: object, rng: random.Random) -> str:
    state = state_of(app)  # type: ignore[arg-type]
    selected = len(app.selection)  # type: ignore[attr-defined]
    if state.phase is Phase.PASSING:
        count = state.legal_actions(0).pass_count
        return "enter" if selected == count else str(rng.randint(1, 7))
    if state.phase is Phase.ARRANGING:
        return "enter" if selected == 5 else "o"
    return "c"


async def test_bad_input_never_crashes_the_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="de", seed=8, bots=2)
    rng = random.Random(99)
    keys = [*"fkbraxz0123456789hlo", "escape", "question_mark", "plus", "minus", "enter"]
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(app, pilot)
        for _ in range(100):
            if isinstance(app.screen, ShowdownScreen):
                await pilot.press("n")  # play on: the next hand
            elif app.screen is not app.screen_stack[0]:
                await pilot.press("escape")  # close help
            elif rng.random() < 0.5:
                await pilot.press(rng.choice(keys))  # anything, mostly not allowed now
            else:
                await pilot.press(_sensible_key(app, rng))
            await app.workers.wait_for_complete()
        # Whatever was pressed, the hand is consistent and the program still runs.
        state = state_of(app)
        assert state.chip_total() == state.starting_total
        assert app.is_running
        assert app.session.records  # at least one hand was played to the end


async def test_quitting_mid_hand_can_go_back_to_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="nl", seed=4, bots=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        assert "Sessieoverzicht: 0 handen" in text
        assert "De onafgemaakte hand telt niet mee." in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SummaryScreen)
        state = state_of(app)
        actions = state.action_count
        await pilot.press("c")
        await settle(app, pilot)
        assert state.action_count > actions  # the game goes on
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value is not None


async def test_no_limit_amounts_by_keys_and_by_command(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="en", seed=6, bots=2, betting=Betting.NO_LIMIT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        legal = state.legal_actions(0)
        bounds = legal.bet_range or legal.raise_range
        assert bounds is not None
        low, high = bounds
        assert high > low + 4
        text = screen_text(app)
        assert (f"Bet {low} to {high}" if legal.bet_range else f"Raise to {low}–{high}") in text

        # A typed amount above the range is refused, naming the allowed range.
        before = state.action_count
        await pilot.press("slash", *f"raise {high + 50}", "enter")
        await pilot.pause()
        assert "That amount is not allowed. Allowed:" in app.message
        assert f"{low} to {high}" in app.message or f"{low}–{high}" in app.message
        assert state.action_count == before
        await pilot.press("escape")

        # Keys: two small bets over the minimum.
        await pilot.press("plus", "plus", "minus", "plus")
        await pilot.pause()
        assert f"chosen: {low + 4}" in screen_text(app)
        await pilot.press("r")
        await settle(app, pilot)
        _seat, action = state.actions[before]
        assert action.to == low + 4


async def test_winning_every_chip_offers_new_bots_or_the_summary(tmp_path: Path) -> None:
    # seed 5: the person wins the all-in hand (with the fairness version 3 deal)
    app = make_app(tmp_path, lang="pt", seed=5, bots=1, stack=5, split=Split.HIGH_ONLY)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        state = state_of(app)
        for _ in range(80):
            if state.is_complete:
                break
            if state.phase is Phase.BETTING:
                await pilot.press("a" if state.legal_actions(0).kinds else "c")
            elif state.phase is Phase.PASSING:
                count = state.legal_actions(0).pass_count
                await pilot.press(*[str(i) for i in range(1, count + 1)], "enter")
            else:
                await pilot.press("h", "enter")
            await settle(app, pilot)
        assert state.is_complete and state.result is not None
        stacks = sorted(p.stack for p in app.session.players)
        if stacks != [0, 10]:  # a tied showdown splits the pot: nobody is out
            pytest.skip("the showdown was tied")
        assert app.session.is_over()
        text = screen_text(app)
        assert "Você ganhou todas as fichas da mesa!" in text and "Novos bots" in text
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert "Resumo da sessão: 1 mão" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value is not None
