"""The flow of hands in the terminal game: deal, let the bots act, log what happens, end
the hand with its summary, and end the session."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.widgets import RichLog, Static

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import Split
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.state import Phase
from anaconda_poker.i18n import action_label, action_line, split_label
from anaconda_poker.tui.cards import plain_cards
from anaconda_poker.tui.declare import declaration_lines
from anaconda_poker.tui.messages import explain
from anaconda_poker.tui.review import ReviewScreen
from anaconda_poker.tui.screens import GameChoiceScreen, ShowdownScreen, SummaryScreen
from anaconda_poker.tui.session import ActionEvent, HandRecord
from anaconda_poker.tui.summary import session_table, showdown_renderable
from anaconda_poker.tui.view import TableView


class HandFlow(TableView):
    """Hands one after another: the bots act in a worker, the person's decisions go to
    the engine, and the end of each hand and of the session are shown."""

    def on_mount(self) -> None:
        """Deal the first hand."""
        self.query_one("#potbox", Static).border_title = self.t("Pot")
        self.query_one("#log", RichLog).border_title = self.t("Table log")
        self._start_hand()

    def _start_hand(self, split: Split | None = None) -> None:
        state = self.session.start_hand(split)
        _ = self.t
        self.selection = []
        self.amount = None
        previous = self.session.records[-1] if self.session.records else None
        self.message = ""
        # A history that could not be saved stays said in the message line.
        self.notice = (
            self._save_warning(previous)
            if previous is not None and previous.save_error is not None
            else ""
        )
        self._last = {}
        self._seen_round = 0
        self._seen_passes = 0
        self._seen_revealed = 0
        self._received = set()
        self._shown_cards = {seat: 0 for seat in state.order}
        dealer = state.names[state.button] or ""
        self._write_log(
            Text(
                "━━ "
                + _("Hand {number}", number=self.session.hand_number)
                + f" · {split_label(state.config.split, _)} · "
                + _("Dealer: {player}", player=dealer)
                + " ━━",
                style="bold #f2d27a",
            )
        )
        self._write_log(Text(_("Everyone antes {amount}.", amount=state.config.ante), style="dim"))
        self._note_progress()
        self._refresh()
        self._run_driver()

    def _run_driver(self, event: ActionEvent | None = None) -> None:
        self.run_worker(self._drive(event), exclusive=True, group="drive")

    async def _drive(self, event: ActionEvent | None = None) -> None:
        """Log ``event``, then let the bots act until the person must decide or the hand
        ends; pause :attr:`delay` seconds before each bot's betting decision."""
        self._busy = True
        acted = False
        try:
            if event is not None:
                await self._after_event(event)
            state = self.session.state
            assert state is not None
            while not state.is_complete:
                seat = self.session.pending_bot()
                if seat is None:
                    break
                self._refresh()
                if self.delay and state.phase is Phase.BETTING:
                    await asyncio.sleep(self.delay)
                # Bots may think for a while (Monte Carlo): decide in a thread, so the
                # table keeps redrawing; nothing else changes the hand meanwhile.
                action = await asyncio.to_thread(self.session.decide_bot, seat)
                await self._after_event(self.session.apply_bot(seat, action))
                acted = True
        finally:
            self._busy = False
        if acted or self.message == self._wait_message():
            # The turn has moved on: a message about the moment before (please wait, a
            # refused key) no longer applies. Notices (a history not saved) stay.
            self.message = ""
        if state.is_complete:
            self._end_hand()
        else:
            self._refresh()

    async def _after_event(self, event: ActionEvent) -> None:
        state = self.session.state
        assert state is not None
        name = state.names[event.seat] or ""
        kind = event.action.kind
        mine = event.seat == self.session.human_seat
        line = action_line(
            self.t,
            player=name,
            kind=kind,
            amount=event.amount or None,
            count=len(event.action.cards),
            all_in=event.all_in,
            you=mine,
        )
        if kind is not ActionKind.ARRANGE or mine:
            self._write_log(Text(line, style=self._event_style(event)))
        if kind.is_betting:
            self._last[event.seat] = self._seat_label(event)
        await self._note_progress_animated()
        self._refresh()

    def _seat_label(self, event: ActionEvent) -> str:
        """What a seat's border says about its last bet: the log's words without the name
        ("Raises to 8", "Aposta 4"), not the buttons' ("Raise", "Apostar")."""
        marker = "\x00"
        kind = event.action.kind
        line = action_line(
            self.t,
            player=marker,
            kind=kind,
            amount=event.amount or None,
            count=0,
            all_in=event.all_in,
            you=False,
        )
        if line.startswith(marker):
            words = line[len(marker) :].strip()
            return words[:1].upper() + words[1:]
        label = action_label(kind, self.t)  # a language that names the player later
        if kind is ActionKind.RAISE and event.action.to:
            label = self.t("Raise to {amount}", amount=event.action.to)  # a total
        elif event.amount:
            label += f" {self.t.number(event.amount)}"
        return label + (" · " + self.t("All-in") if event.all_in else "")

    def _event_style(self, event: ActionEvent) -> str:
        if event.seat == self.session.human_seat:
            return "bold #ffffff"
        if event.action.kind in (ActionKind.BET, ActionKind.RAISE):
            return "#ffcf70"
        if event.action.kind is ActionKind.FOLD:
            return "#9aa5a0"
        return "#d8e6dc"

    def _note_progress(self) -> None:
        """Log what changed since the last look: passes resolved, a new betting round."""
        state = self.session.state
        assert state is not None
        _ = self.t
        me = self.session.human_seat
        passes = state.passes[me]
        while self._seen_passes < len(passes):
            given, got = passes[self._seen_passes]
            self._seen_passes += 1
            self._received = set(got)
            self._write_log(
                Text(
                    _(
                        "Pass {number}: you passed {passed} and received {received}",
                        number=self._seen_passes,
                        passed=plain_cards(given),
                        received=plain_cards(got),
                    ),
                    style="#a6e3a1",
                )
            )
        if state.phase in (Phase.PASSING, Phase.ARRANGING, Phase.DECLARING):
            self._last = {}
        if state.betting_round != self._seen_round and state.phase is Phase.BETTING:
            self._seen_round = state.betting_round
            self._last = {}
            self._write_log(
                Text(
                    "── "
                    + _(
                        "Betting round {number} of {total}",
                        number=state.betting_round,
                        total=state.config.betting_rounds,
                    )
                    + " ──",
                    style="#7fd1ff",
                )
            )

    async def _note_progress_animated(self) -> None:
        state = self.session.state
        assert state is not None
        _ = self.t
        while self._seen_revealed < state.revealed_count:
            self._seen_revealed += 1
            number = self._seen_revealed
            self._write_log(Text(_("Card {number} of 5 is turned", number=number), style="#f2d27a"))
            shown: list[str] = []
            for seat in state.order:
                cards = state.revealed(seat)
                if len(cards) >= number and state.live[seat]:
                    self._shown_cards[seat] = number
                    shown.append(f"{state.names[seat]} {plain_cards(cards[number - 1 : number])}")
                    self._refresh()
                    if self.delay:
                        await asyncio.sleep(self.delay / 2)
            if shown:
                self._write_log(Text("   " + " · ".join(shown)))
        for seat in state.order:
            self._shown_cards[seat] = len(state.revealed(seat))
        self._note_progress()

    def _end_hand(self) -> None:
        state = self.session.state
        assert state is not None and state.result is not None
        record = self.session.finish_hand()
        _ = self.t
        for seat, chips in sorted(state.result.awards.items()):
            won = (
                _("You win {amount}", amount=chips)
                if seat == self.session.human_seat
                else _("{player} wins {amount}", player=state.names[seat] or "", amount=chips)
            )
            self._write_log(Text(won, style="bold #a6e3a1"))
        if record.path is not None:
            self._write_log(
                Text(_("Hand history saved: {path}", path=str(record.path)), style="dim")
            )
        if record.save_error is not None:
            self._write_log(Text(self._save_warning(record), style="bold #ff8f6b"))
        names = {seat: state.names[seat] or "" for seat in state.order}
        for line in declaration_lines(state.result, names, _, you=self.session.human_seat):
            self._write_log(line)
        for seat in record.busted:
            self._write_log(Text(_("{player} is out of chips.", player=state.names[seat] or "")))
        for change in self._bot_changes(record):
            self._write_log(Text(change, style="bold #f2d27a"))
        self._refresh()
        self._show_showdown()

    def _bot_changes(self, record: HandRecord) -> list[str]:
        """What became of the bots that went broke in the hand: bought in again or left."""
        _ = self.t
        lines = [
            _(
                "{player} buys {amount} chips.",
                player=self.session.players[seat].name,
                amount=self.session.starting_stack,
            )
            for seat in record.rebought
        ]
        lines += [
            _("{player} leaves the table.", player=self.session.players[seat].name)
            for seat in record.left
        ]
        return lines

    def _save_warning(self, record: HandRecord) -> str:
        return self.t(
            "The hand history could not be saved ({error}); the game goes on.",
            error=record.save_error or "",
        )

    def _show_showdown(self) -> None:
        """The end-of-hand dialog of the last finished hand: pots, hands, what next; when
        the person is out of chips (or has won them all) it says so and offers a rebuy (or
        new bots)."""
        _ = self.t
        record = self.session.records[-1]
        summary = showdown_renderable(
            record.state, self.t, hand_number=record.number, you=self.session.human_seat
        )
        notes = self._bot_changes(record)
        if record.save_error is not None:
            notes.append(self._save_warning(record))
        offer = self.session.refill_offer()
        chips = self.session.starting_stack
        next_label: str | None = None
        if offer == "rebuy":
            notes.insert(
                0,
                _("You are out of chips.")
                + " "
                + _(
                    "Enter buys {amount} chips again (the summary counts rebuys); S shows the "
                    "session summary.",
                    amount=chips,
                ),
            )
            next_label = _("Rebuy {amount}", amount=chips)
        elif offer == "new_bots":
            notes.insert(
                0,
                _("You won every chip at the table!")
                + " "
                + _(
                    "Enter seats the bots again with {amount} chips each; S shows the "
                    "session summary.",
                    amount=chips,
                ),
            )
            next_label = _("New bots")
        elif self.session.is_over():  # out of chips in a session without rebuys
            notes.insert(0, _("You are out of chips.") + " " + _("This session has no rebuys."))
        can_continue = offer is not None or not self.session.is_over()
        dealt_in = self.session.human_seat in record.state.players
        self.push_screen(
            ShowdownScreen(
                summary,
                self.t,
                can_continue=can_continue,
                notes=notes,
                next_label=next_label,
                can_review=dealt_in,
            ),
            self._after_showdown,
        )

    def _after_showdown(self, choice: str | None) -> None:
        if choice == "review":  # the review, then the same end-of-hand dialog again
            record = self.session.records[-1]
            screen = ReviewScreen(record.state.history(), self.session.human_seat, self.t)
            self.push_screen(screen, lambda _none: self._show_showdown())
            return
        if choice in ("quit", "summary") or (
            self.session.is_over() and self.session.refill_offer() is None
        ):
            self._show_summary()
            return
        _ = self.t
        for seat in self.session.refill():
            player = self.session.players[seat]
            self._write_log(
                Text(
                    _("{player} buys {amount} chips.", player=player.name, amount=player.stack),
                    style="bold #f2d27a",
                )
            )
        if choice == "game":
            self.push_screen(GameChoiceScreen(self.t, self.session.split), self._start_hand)
        else:
            self._start_hand()

    def _show_summary(self) -> None:
        self.finished = True
        _ = self.t
        hands = len(self.session.records)
        state = self.session.state
        unfinished = state is not None and not state.is_complete
        notes: list[str] = []
        if unfinished:
            notes.append(_("The unfinished hand is not counted."))
        offer = self.session.refill_offer()
        if offer == "new_bots":
            notes.insert(0, _("You won: every chip at the table is yours."))
        elif self.session.human.stack <= 0:
            notes.insert(0, _("You are out of chips."))
        if self.session.history_dir is not None and hands:
            notes.append(
                _(
                    "Hand histories: {path} (replay with: anaconda-poker replay FILE)",
                    path=str(self.session.history_dir),
                )
            )
        table = session_table(self.session.players, _, hands=hands, width=self.size.width)
        # Back to the table is always possible (a hand to finish, the next hand to deal,
        # or a rebuy); only Enter or Q leaves.
        can_return = True
        screen = SummaryScreen(table, _, footer="\n".join(notes), can_return=can_return)
        self.push_screen(screen, self._leave)

    def _leave(self, leave: bool | None = True) -> None:
        if leave is False:
            self.finished = False
            state = self.session.state
            if state is not None and state.is_complete and len(self.screen_stack) == 1:
                self._show_showdown()  # back to the end of the hand: next, change or quit
            return
        self.exit(self.session.players)

    def _act(self, action: Action) -> None:
        self._confirming = None  # another decision: no question is pending
        if self.finished or self.session.state is None:
            return
        if self._busy:
            self._say(self._wait_message())
            return
        try:
            event = self.session.apply_human(action)
        except AnacondaError as exc:
            self._say(explain(self.t, exc, self._legal(), self.session.state))
            return
        self.selection = []
        self.amount = None
        self._say("")
        self._run_driver(event)

    def _wait_message(self) -> str:
        return self.t("Please wait: the other players are acting.")

    def _my_turn(self, phase: Phase) -> bool:
        state = self.session.state
        return (
            state is not None
            and state.phase is phase
            and self.session.human_seat in state.to_act
            and not self._busy
        )
