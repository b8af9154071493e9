"""The terminal table: one person against bots, built with Textual.

The app draws only what the person may know: it renders the engine's view of the person's
seat (RULES.md §7) and sends every decision to the engine, which checks it; a refused
decision is explained in the person's language together with what is allowed, and the game
goes on.

Keys: F fold, C check/call, B/R bet/raise, +/− amount, A all-in, 1–9 select cards, Enter
pass or keep the selection, H/L/O suggested five (best high, best low, best for both), X
clear, / type a command, ? help, Q quit.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, RichLog, Static

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import parse_code
from anaconda_poker.core.config import BIG_BET_DEFAULT, Betting, Split, TableConfig
from anaconda_poker.core.errors import AnacondaError, InvalidCardError
from anaconda_poker.core.rule_errors import (
    ActionNotAllowedError,
    AmountError,
    CardNotInHandError,
    FoldedError,
    HandCompleteError,
    NotYourTurnError,
    WrongCardCountError,
)
from anaconda_poker.core.state import LegalActions, Phase
from anaconda_poker.i18n import (
    Translator,
    action_label,
    action_line,
    betting_label,
    describe_high,
    describe_low,
    direction_label,
    split_label,
    translator,
)
from anaconda_poker.tui.cards import card_row, plain_cards
from anaconda_poker.tui.commands import Command, CommandError, parse_command
from anaconda_poker.tui.players import LEVEL_LABELS, LEVELS, make_policy
from anaconda_poker.tui.screens import GameChoiceScreen, HelpScreen, ShowdownScreen, SummaryScreen
from anaconda_poker.tui.session import ActionEvent, Player, TableSession
from anaconda_poker.tui.suggest import suggestions
from anaconda_poker.tui.summary import pot_name, session_table, showdown_renderable
from anaconda_poker.tui.widgets import ActionButton, CardWidget, SeatPanel, dealer_title, key_bar

SUIT_LETTERS = str.maketrans("♣♦♥♠♧♢♡♤", "cdhscdhs")
"""Suit symbols (as the table draws them) → the suit letters of card names."""

BOT_NAMES: tuple[str, ...] = ("Ada", "Bruno", "Chiara", "Dirk", "Elena", "Femke")
"""Names of the bots, in seat order after the person."""

MAX_BOTS = len(BOT_NAMES)
"""Most bots at the table (seven players: 7 × 7 cards fit in one deck)."""

MAX_CARDS = 9
"""Card widgets in the person's row (seven cards in play; keys 1–9)."""

COMPACT_HEIGHT = 34
"""Terminals with fewer rows get the compact table (no buttons, shorter texts); the table
fits 80 × 24 with up to six bots."""


@dataclass(frozen=True, kw_only=True)
class GameSettings:
    """Everything that defines a terminal session.

    Attributes:
        bots: opponents, 1..6.
        level: bot level (one of :data:`~anaconda_poker.tui.players.LEVELS`).
        split: the game type of the first hand (RULES.md §5); changeable between hands.
        betting: betting structure (RULES.md §4).
        lang: language of the interface (en, it, es, pt, nl, de).
        seed: seeds the deals, the first button and the bots; ``None`` = unpredictable.
        delay: seconds between bot actions and between revealed cards; 0 for tests.
        stack: every player's starting chips.
        ante, small_bet, big_bet: stakes in chips (RULES.md §2, §4); ``big_bet=None`` is
            twice the small bet.
        name: the person's name (default: "You", translated).
        history_dir: folder for hand histories; ``None`` = do not save.
    """

    bots: int = 3
    level: str = "heuristic"
    split: Split = Split.HIGH_LOW_8
    betting: Betting = Betting.FIXED_LIMIT
    lang: str = "en"
    seed: int | None = None
    delay: float = 0.6
    stack: int = 200
    ante: int = 1
    small_bet: int = 2
    big_bet: int | None = None
    name: str | None = None
    history_dir: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def validate(self) -> None:
        """Check the settings.

        Raises:
            ValueError: naming the bad setting and what is allowed.
            InvalidConfigError: for impossible stakes.
        """
        if not 1 <= self.bots <= MAX_BOTS:
            raise ValueError(f"--bots must be 1..{MAX_BOTS}, got {self.bots}")
        if self.level not in LEVELS:
            raise ValueError(f"--level must be one of {', '.join(LEVELS)}, got {self.level!r}")
        if self.delay < 0:
            raise ValueError(f"--delay must be >= 0 seconds, got {self.delay}")
        self.table_config()

    def table_config(self) -> TableConfig:
        """The table's rules and stakes.

        Raises:
            InvalidConfigError: for impossible stakes.
        """
        return TableConfig(
            split=self.split,
            betting=self.betting,
            ante=self.ante,
            small_bet=self.small_bet,
            big_bet=BIG_BET_DEFAULT if self.big_bet is None else self.big_bet,
        )

    def build_session(self) -> TableSession:
        """A new session with these settings (the person in seat 0, bots after).

        Raises:
            ValueError / InvalidConfigError: see :meth:`validate`.
        """
        self.validate()
        t = translator(self.lang)
        master = random.Random(self.seed) if self.seed is not None else random.SystemRandom()
        names = [self.name or t("You"), *BOT_NAMES[: self.bots]]
        policies = {
            seat: make_policy(self.level, random.Random(master.getrandbits(64)))
            for seat in range(1, self.bots + 1)
        }
        deal_rng = random.Random(master.getrandbits(64))
        return TableSession(
            config=self.table_config(),
            names=names,
            human_seat=0,
            policies=policies,
            levels={seat: self.level for seat in policies},
            stack=self.stack,
            rng=deal_rng,
            history_dir=self.history_dir,
        )


class AnacondaApp(App[list[Player]]):
    """Anaconda against bots in the terminal.

    Args:
        settings: the session's settings.

    The app's return value (``app.return_value`` after ``run``) is the list of players with
    their final stacks and statistics.

    Raises:
        ValueError / InvalidConfigError: for bad settings (see :meth:`GameSettings.validate`).
    """

    CSS_PATH = "anaconda.tcss"
    TITLE = "Anaconda"
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "fold", show=False),
        Binding("c,k", "check_call", show=False),
        Binding("b,r", "bet_raise", show=False),
        Binding("a", "all_in", show=False),
        Binding("plus,equals_sign", "amount(1)", show=False),
        Binding("minus", "amount(-1)", show=False),
        *[Binding(str(i), f"toggle_card({i})", show=False) for i in range(1, MAX_CARDS + 1)],
        Binding("enter", "confirm", show=False),
        Binding("x", "clear", show=False),
        Binding("h", "suggest('high')", show=False),
        Binding("l", "suggest('low')", show=False),
        Binding("o", "suggest('both')", show=False),
        Binding("slash,colon", "focus_command", show=False),
        Binding("escape", "blur_command", show=False),
        Binding("question_mark", "help", show=False),
        Binding("q", "quit_session", show=False),
    ]

    def __init__(self, settings: GameSettings) -> None:
        super().__init__()
        self.settings = settings
        self.t: Translator = translator(settings.lang)
        self.session = settings.build_session()
        self.delay = settings.delay
        self.selection: list[int] = []
        self.amount: int | None = None
        self.message = ""
        self.finished = False
        self._busy = False
        self._shown_cards: dict[int, int] = {}
        self._last: dict[int, str] = {}
        self._seen_round = 0
        self._seen_passes = 0
        self._seen_revealed = 0
        self._received: set[int] = set()
        self._compact = False
        self._width = 0

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        """The table: top bar, opponents, pot and log, your seat, command line, keys."""
        _ = self.t
        yield Static(id="topbar")
        with Vertical(id="opponents"):
            for player in self.session.players:
                if not player.human:
                    yield SeatPanel(id=f"seat-{player.seat}")
        with Horizontal(id="middle"):
            yield Static(id="potbox")
            yield RichLog(id="log", wrap=True, markup=False, max_lines=500, min_width=20)
        with Vertical(id="me"):
            yield Static(id="me-info")
            with Horizontal(id="hand-row"):
                for index in range(MAX_CARDS):
                    yield CardWidget(index, id=f"card-{index}")
                yield Static(id="hidden-cards")
            yield Static(id="passes")
            yield Static(id="prompt")
            yield Static(id="message")
            with Horizontal(id="buttons"):
                yield ActionButton(_("Fold"), id="fold", variant="error")
                yield ActionButton(_("Check"), id="checkcall", variant="primary")
                yield ActionButton(_("Raise"), id="betraise", variant="warning")
                yield ActionButton(_("All-in"), id="allin", variant="warning")
                yield ActionButton(_("Pass"), id="confirm", variant="success")
                yield ActionButton(_("Best high"), id="high")
                yield ActionButton(_("Best low"), id="low")
                yield ActionButton(_("Best for both"), id="both")
                yield ActionButton(_("Clear"), id="clear")
        with Vertical(id="bottom"):
            yield Input(
                placeholder=_("Type a command (help for the list) and press Enter"), id="command"
            )
            yield Static(id="keys")

    def on_resize(self, event: events.Resize) -> None:
        """On short terminals hide the buttons (their keys stay in the key bar) and draw
        the seats, the passes and the prompts in fewer lines."""
        self._compact = event.size.height < COMPACT_HEIGHT
        self._width = event.size.width
        self.screen_stack[0].set_class(self._compact, "compact")
        self._refresh()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The key bar follows the keyboard: into the command line and back."""
        self._refresh()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """See :meth:`on_descendant_focus`."""
        self._refresh()

    def _typing(self) -> bool:
        """True while the command line has the keyboard (single keys type letters)."""
        return isinstance(self.focused, Input)

    def on_mount(self) -> None:
        """Deal the first hand."""
        self.query_one("#potbox", Static).border_title = self.t("Pot")
        self.query_one("#log", RichLog).border_title = self.t("Table log")
        self._start_hand()

    # ------------------------------------------------------------------ hand flow
    def _start_hand(self, split: Split | None = None) -> None:
        state = self.session.start_hand(split)
        _ = self.t
        self.selection = []
        self.amount = None
        self.message = ""
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
        finally:
            self._busy = False
        if self.message == self._wait_message():
            self.message = ""  # the others are done: no more waiting
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
            label = action_label(kind, self.t)
            if kind is ActionKind.RAISE and event.action.to:
                label = self.t("Raise to {amount}", amount=event.action.to)  # a total
            elif event.amount:
                label += f" {self.t.number(event.amount)}"
            if event.all_in:
                label += " · " + self.t("All-in")
            self._last[event.seat] = label
        await self._note_progress_animated()
        self._refresh()

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
        if state.phase in (Phase.PASSING, Phase.ARRANGING):
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
        for seat in record.busted:
            self._write_log(Text(_("{player} is out of chips.", player=state.names[seat] or "")))
        self._refresh()
        self._show_showdown()

    def _show_showdown(self) -> None:
        """The end-of-hand dialog of the last finished hand: pots, hands, what next."""
        record = self.session.records[-1]
        summary = showdown_renderable(
            record.state, self.t, hand_number=record.number, you=self.session.human_seat
        )
        self.push_screen(
            ShowdownScreen(summary, self.t, can_continue=not self.session.is_over()),
            self._after_showdown,
        )

    def _after_showdown(self, choice: str | None) -> None:
        if choice == "quit" or self.session.is_over():
            self._show_summary()
        elif choice == "game":
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
        if self.session.history_dir is not None and hands:
            notes.append(
                _(
                    "Hand histories: {path} (replay with: anaconda-poker replay FILE)",
                    path=str(self.session.history_dir),
                )
            )
        table = session_table(self.session.players, _, hands=hands, width=self.size.width)
        # Back to the table is possible while the game can go on (a hand to finish, or the
        # next hand to deal); only Enter or Q leaves.
        can_return = unfinished or not self.session.is_over()
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

    # ------------------------------------------------------------------ drawing
    def _write_log(self, line: Text) -> None:
        self.query_one("#log", RichLog).write(line)

    def _view(self) -> dict[str, Any]:
        state = self.session.state
        assert state is not None
        return state.view(self.session.human_seat)

    def _hand_cards(self, view: dict[str, Any]) -> list[int]:
        """The person's cards as drawn: arranged five in order, else sorted high to low."""
        you = view["you"]
        if you["arrangement"] is not None and view["phase"] != Phase.ARRANGING.value:
            return [parse_code(c) for c in you["arrangement"]]
        return sorted((parse_code(c) for c in you["hand"]), reverse=True)

    def _refresh(self) -> None:
        state = self.session.state
        if state is None:
            return
        view = self._view()
        _ = self.t
        self._draw_topbar(view)
        seats = {s["seat"]: s for s in view["seats"]}
        to_act = set(view["to_act"])
        for player in self.session.players:
            if player.human:
                continue
            panel = self.query_one(f"#seat-{player.seat}", SeatPanel)
            panel.show(
                seats.get(player.seat),
                name=player.name,
                stack=player.stack,
                level=_(LEVEL_LABELS.get(player.level or "", player.level or "-")),
                button=view["button"] == player.seat,
                to_act=player.seat in to_act and view["phase"] == Phase.BETTING.value,
                revealed_shown=self._shown_cards.get(player.seat, 0),
                last=self._last.get(player.seat, ""),
                t=_,
                compact=self._compact,
            )
        self._draw_pot(view)
        self._draw_me(view, seats)
        self._draw_controls(view)

    def _draw_topbar(self, view: dict[str, Any]) -> None:
        state = self.session.state
        assert state is not None
        _ = self.t
        cfg = state.config
        phase = view["phase"]
        if phase == Phase.BETTING.value:
            where = _(
                "Betting round {number} of {total}",
                number=view["betting_round"],
                total=cfg.betting_rounds,
            )
        elif phase == Phase.PASSING.value:
            count = view["pass_count"]
            direction = direction_label(cfg.pass_directions[view["pass_index"]], _)
            where = _.ngettext(
                "Pass {number}: {count} card {direction}",
                "Pass {number}: {count} cards {direction}",
                count,
                number=view["pass_index"] + 1,
                count=count,
                direction=direction,
            )
        elif phase == Phase.ARRANGING.value:
            where = _("Arranging")
        elif state.result is not None and not state.result.showdown:
            where = _("Hand over")  # everyone else folded: nothing was shown
        else:
            where = _("Showdown")
        text = Text()
        text.append("♠ ", style="bold #ffffff")
        text.append(_("Hand {number}", number=self.session.hand_number), style="bold #ffffff")
        text.append("  ·  ")
        text.append(where, style="bold #ffd75f")
        text.append("  ·  " + split_label(cfg.split, _), style="#f2d27a")
        self.query_one("#topbar", Static).update(text)

    def _draw_pot(self, view: dict[str, Any]) -> None:
        _ = self.t
        text = Text()
        text.append(_("Pot {amount}", amount=view["pot_total"]) + "\n", style="bold #f2d27a")
        pots = view["pots"]
        if len(pots) > 1:
            for index, pot in enumerate(pots):
                text.append(f"{pot_name(index, _)}: {_.number(pot['amount'])}\n", style="#e9d9a6")
        if view["current_bet"]:
            text.append(_("Current bet {amount}", amount=view["current_bet"]) + "\n")
        state = self.session.state
        assert state is not None
        if view["phase"] == Phase.BETTING.value:
            actor = view["to_act"][0] if view["to_act"] else None
            if actor is not None:
                whose = (
                    _("Your turn.")
                    if actor == self.session.human_seat
                    else _("{player} to act", player=state.names[actor] or "")
                )
                text.append("▶ " + whose, style="bold #ffd75f")
        elif view["phase"] in (Phase.PASSING.value, Phase.ARRANGING.value):
            ready = sum(1 for s in view["seats"] if s["has_committed"])
            live = sum(1 for s in view["seats"] if not s["folded"])
            text.append(_("Ready: {ready} of {players}", ready=ready, players=live))
        cfg = state.config
        stakes = (
            f"{betting_label(cfg.betting, _)} {_.number(cfg.small_bet)}/{_.number(cfg.big_bet)}"
            if cfg.betting is Betting.FIXED_LIMIT
            else betting_label(cfg.betting, _)
        )
        text.append("\n\n" + stakes + " · " + _("Ante {amount}", amount=cfg.ante), style="#9fc2ad")
        self.query_one("#potbox", Static).update(text)

    def _draw_me(self, view: dict[str, Any], seats: dict[int, dict[str, Any]]) -> None:
        _ = self.t
        me = self.session.human_seat
        you = view["you"]
        seat = seats[me]
        panel = self.query_one("#me", Vertical)
        name = self.session.human.name
        panel.border_title = dealer_title(name, view["button"] == me, _)
        panel.set_class(me in view["to_act"] and view["phase"] != Phase.COMPLETE.value, "to-act")
        info = Text()
        info.append(_("Stack {amount}", amount=seat["stack"]), style="bold #f2d27a")
        info.append("   ")
        info.append(_("Round bet {amount}", amount=seat["bet"]), style="#7fd1ff")
        info.append("   ")
        info.append(_("In the pot {amount}", amount=seat["committed"]), style="#cfe8d5")
        if seat["folded"]:
            info.append("   " + _("Folded"), style="italic #ffb3a7")
        elif seat["all_in"]:
            info.append("   " + _("All-in"), style="bold #ff8f6b")
        self.query_one("#me-info", Static).update(info)
        cards = self._hand_cards(view)
        arranged = you["arrangement"] is not None and view["phase"] != Phase.ARRANGING.value
        shown = len(seat["revealed"])
        for index in range(MAX_CARDS):
            widget = self.query_one(f"#card-{index}", CardWidget)
            if index >= len(cards) or (seat["folded"] and view["phase"] == Phase.COMPLETE.value):
                widget.show(None)
                continue
            code = cards[index]
            if arranged:
                mark = ("▲" if index < shown else "") + str(index + 1)
                widget.show(code, mark=mark, selected=False)
            elif code in self.selection:
                order = self.selection.index(code) + 1
                mark = f"✓{order}" if view["phase"] == Phase.ARRANGING.value else "✓"
                widget.show(code, mark=mark, selected=True)
            else:
                mark = f"{index + 1}•" if code in self._received else ""
                widget.show(code, mark=mark)
        extra = Text()
        if you["hidden"]:
            extra.append(_("Hidden cards") + ": " + plain_cards(you["hidden"]) + "\n")
        if arranged and you["dead"]:
            extra.append(_("Out of play") + ": " + plain_cards(you["dead"]), style="dim")
        self.query_one("#hidden-cards", Static).update(extra)
        passes = self._passes_text(you["passes"])
        self.query_one("#passes", Static).update(passes)
        self.query_one("#passes", Static).display = bool(passes)
        self.query_one("#prompt", Static).update(self._prompt(view))
        self._show_message()

    def _passes_text(self, records: Sequence[dict[str, Any]]) -> Text:
        """What you passed and received: a line per pass, or on a short screen every pass
        in two lists (pass 1 · pass 2 · pass 3)."""
        _ = self.t
        if not records:
            return Text()
        if self._compact:
            passed = " · ".join(plain_cards(r["passed"]) for r in records)
            received = " · ".join(plain_cards(r["received"]) for r in records)
            return Text(
                _("Passed: {cards}", cards=passed) + "   " + _("Received: {cards}", cards=received)
            )
        return Text("\n").join(
            Text(
                _(
                    "Pass {number}: passed {passed} · received {received}",
                    number=number,
                    passed=plain_cards(record["passed"]),
                    received=plain_cards(record["received"]),
                )
            )
            for number, record in enumerate(records, start=1)
        )

    def _legal(self) -> LegalActions:
        state = self.session.state
        assert state is not None
        return state.legal_actions(self.session.human_seat)

    def _aggressive(self, legal: LegalActions) -> tuple[ActionKind, int, int] | None:
        if ActionKind.BET in legal.kinds and legal.bet_range:
            return ActionKind.BET, legal.bet_range[0], legal.bet_range[1]
        if ActionKind.RAISE in legal.kinds and legal.raise_range:
            return ActionKind.RAISE, legal.raise_range[0], legal.raise_range[1]
        return None

    def _chosen_amount(self, low: int, high: int) -> int:
        return min(max(self.amount if self.amount is not None else low, low), high)

    def _prompt(self, view: dict[str, Any]) -> Text:
        _ = self.t
        state = self.session.state
        assert state is not None
        me = self.session.human_seat
        phase = view["phase"]
        legal = self._legal()
        if phase == Phase.COMPLETE.value:
            return Text(_("The hand is over."))
        if not state.live[me]:
            return Text(_("You folded. Watching the rest of the hand…"), style="italic")
        if me not in view["to_act"]:
            if phase == Phase.BETTING.value and view["to_act"]:
                actor = state.names[view["to_act"][0]] or ""
                return Text(_("Waiting for {player}…", player=actor), style="italic")
            return Text(_("Waiting for the other players…"), style="italic")
        if phase == Phase.BETTING.value:
            parts = [_("Your turn.")]
            if ActionKind.CALL in legal.kinds:
                parts.append(_("To call: {amount}", amount=legal.call_amount))
            else:
                parts.append(_("Nothing to call: you may check."))
            aggressive = self._aggressive(legal)
            if aggressive is not None:
                kind, low, high = aggressive
                amount = self._chosen_amount(low, high)
                if kind is ActionKind.BET:
                    parts.append(
                        _("Bet {low} to {high}", low=low, high=high)
                        if low != high
                        else _("Bet {amount}", amount=low)
                    )
                else:
                    parts.append(
                        _("Raise to {low}–{high}", low=low, high=high)
                        if low != high
                        else _("Raise to {amount}", amount=low)
                    )
                if low != high:
                    parts.append(_("chosen: {amount} (+/−)", amount=amount))
            return Text("  ".join(parts))
        if phase == Phase.PASSING.value:
            count = legal.pass_count
            direction = direction_label(state.config.pass_directions[max(state.pass_index, 0)], _)
            return Text(
                _.ngettext(
                    "Choose {count} card to pass {direction} (keys 1–7), then Enter. "
                    "Selected: {selected} of {count}.",
                    "Choose {count} cards to pass {direction} (keys 1–7), then Enter. "
                    "Selected: {selected} of {count}.",
                    count,
                    count=count,
                    direction=direction,
                    selected=len(self.selection),
                )
            )
        text = Text(
            _(
                "Choose five cards in reveal order, then Enter. Selected: {selected} of 5.",
                selected=len(self.selection),
            )
            if self._compact  # the key bar names H, L and O
            else _(
                "Choose your five cards in the order you will reveal them (first chosen is "
                "turned first), then Enter. H best high, L best low, O best for both. "
                "Selected: {selected} of 5.",
                selected=len(self.selection),
            )
        )
        if len(self.selection) == 5:
            text.append("\n")
            text.append_text(self._five_preview(self.selection))
        return text

    def _five_preview(self, five: Sequence[int]) -> Text:
        """The chosen five in reveal order with their high (and low) description."""
        _ = self.t
        split = self.session.split
        text = Text("→ ", style="bold #ffd75f")
        text.append_text(card_row(five))
        text.append("  " + _("High: {hand}", hand=describe_high(five, _)), style="#ffffff")
        if split.has_low:
            low = describe_low(five, _, qualifier=split.low_qualifier)
            text.append(
                "  " + (_("Low: {hand}", hand=low) if low else _("no low")), style="#a6e3a1"
            )
        return text

    def _draw_controls(self, view: dict[str, Any]) -> None:
        _ = self.t
        me = self.session.human_seat
        phase = view["phase"]
        mine = me in view["to_act"] and phase != Phase.COMPLETE.value
        legal = self._legal()
        betting = mine and phase == Phase.BETTING.value
        choosing = mine and phase in (Phase.PASSING.value, Phase.ARRANGING.value)
        arranging = mine and phase == Phase.ARRANGING.value

        def button(ident: str) -> ActionButton:
            return self.query_one(f"#{ident}", ActionButton)

        button("fold").display = betting
        check_call = button("checkcall")
        check_call.display = betting
        check_label = (
            _("Call {amount}", amount=legal.call_amount)
            if ActionKind.CALL in legal.kinds
            else _("Check")
        )
        check_call.label = check_label
        aggressive = self._aggressive(legal) if betting else None
        bet_raise = button("betraise")
        bet_raise.display = aggressive is not None
        all_in = button("allin")
        all_in.display = aggressive is not None and aggressive[1] != aggressive[2]
        bet_label = ""
        if aggressive is not None:
            kind, low, high = aggressive
            amount = self._chosen_amount(low, high)
            bet_label = (
                _("Bet {amount}", amount=amount)
                if kind is ActionKind.BET
                else _("Raise to {amount}", amount=amount)
            )
            bet_raise.label = bet_label
        confirm = button("confirm")
        confirm.display = choosing
        confirm_label = _("Keep these five") if arranging else _("Pass")
        confirm.label = confirm_label
        button("clear").display = choosing
        for ident in ("high", "low", "both"):
            button(ident).display = arranging
        split = self.session.split
        if arranging and not split.has_low:
            button("low").display = False
            button("both").display = False
        keys: list[tuple[str, str]] = []
        enter = _("Enter")
        if self._typing():
            keys = [(enter, _("Run the command")), ("Esc", _("Back to the table"))]
            self.query_one("#keys", Static).update(key_bar(keys, self._keys_width()))
            return
        if betting:
            keys += [("F", _("Fold")), ("C", check_label)]
            if aggressive is not None:
                keys.append(("R", bet_label))
                if aggressive[1] != aggressive[2]:
                    keys += [("+/−", _("Amount")), ("A", _("All-in"))]
        elif choosing:
            keys += [("1–7", _("Select")), (enter, confirm_label), ("X", _("Clear"))]
            if arranging:
                keys.append(("H/L/O", _("Suggestions")))
        keys += [("/", _("Command")), ("?", _("Help")), ("Q", _("Quit"))]
        self.query_one("#keys", Static).update(key_bar(keys, self._keys_width()))

    def _keys_width(self) -> int:
        """Cells for the key bar: the terminal's width (as of the last resize) less the
        bar's padding."""
        return max(20, (self._width or self.size.width) - 2)

    # ------------------------------------------------------------------ the person's input
    def _say(self, message: str) -> None:
        self.message = message
        self._show_message()

    def _show_message(self) -> None:
        """The message line, taking no room while there is nothing to say."""
        line = self.query_one("#message", Static)
        line.update(Text(self.message))
        line.display = bool(self.message)

    def _allowed_text(self, legal: LegalActions) -> str:
        _ = self.t
        parts: list[str] = []
        for kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL):
            if kind in legal.kinds:
                if kind is ActionKind.CALL:
                    parts.append(_("call {amount}", amount=legal.call_amount))
                else:
                    parts.append(action_label(kind, _).lower())
        if ActionKind.BET in legal.kinds and legal.bet_range:
            low, high = legal.bet_range
            parts.append(
                _("bet {amount}", amount=low)
                if low == high
                else _("bet {low} to {high}", low=low, high=high)
            )
        if ActionKind.RAISE in legal.kinds and legal.raise_range:
            low, high = legal.raise_range
            parts.append(
                _("raise to {amount}", amount=low)
                if low == high
                else _("raise to {low}–{high}", low=low, high=high)
            )
        if ActionKind.PASS in legal.kinds:
            parts.append(
                _.ngettext(
                    "pass exactly {count} card",
                    "pass exactly {count} cards",
                    legal.pass_count,
                    count=legal.pass_count,
                )
            )
        if ActionKind.ARRANGE in legal.kinds:
            parts.append(_("keep five cards in reveal order"))
        return ", ".join(parts) if parts else _("nothing: it is not your turn")

    def _explain(self, error: AnacondaError) -> str:
        _ = self.t
        legal = self._legal()
        allowed = self._allowed_text(legal)
        state = self.session.state
        if isinstance(error, HandCompleteError):
            return _("The hand is over.")
        if isinstance(error, FoldedError):
            return _("You have folded in this hand.")
        if isinstance(error, NotYourTurnError):
            if state is not None and state.phase is Phase.BETTING and state.to_act:
                return _(
                    "It is not your turn: waiting for {player}.",
                    player=state.names[state.to_act[0]] or "",
                )
            return _("It is not your turn.")
        if isinstance(error, WrongCardCountError):
            return _("Wrong number of cards. Allowed: {allowed}", allowed=allowed)
        if isinstance(error, CardNotInHandError):
            return _("That card is not in your hand. Allowed: {allowed}", allowed=allowed)
        if isinstance(error, AmountError):
            return _("That amount is not allowed. Allowed: {allowed}", allowed=allowed)
        if isinstance(error, ActionNotAllowedError):
            return _("Not allowed now. Allowed: {allowed}", allowed=allowed)
        return _("Not allowed now. Allowed: {allowed}", allowed=allowed)

    def _act(self, action: Action) -> None:
        if self.finished or self.session.state is None:
            return
        if self._busy:
            self._say(self._wait_message())
            return
        try:
            event = self.session.apply_human(action)
        except AnacondaError as exc:
            self._say(self._explain(exc))
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

    def action_fold(self) -> None:
        """Fold (F)."""
        self._act(Action.fold())

    def action_check_call(self) -> None:
        """Check, or call when facing a bet (C, K)."""
        legal = self._legal()
        self._act(Action.call() if ActionKind.CALL in legal.kinds else Action.check())

    def action_bet_raise(self, amount: int | None = None) -> None:
        """Bet or raise to the chosen amount (B, R)."""
        legal = self._legal()
        aggressive = self._aggressive(legal)
        if aggressive is None:
            self._say(
                self.t(
                    "You cannot bet or raise now. Allowed: {allowed}",
                    allowed=self._allowed_text(legal),
                )
            )
            return
        kind, low, high = aggressive
        to = amount if amount is not None else self._chosen_amount(low, high)
        self._act(Action.bet(to) if kind is ActionKind.BET else Action.raise_to(to))

    def action_all_in(self) -> None:
        """Bet or raise the most allowed (A)."""
        aggressive = self._aggressive(self._legal())
        if aggressive is None:
            self.action_bet_raise()
            return
        self.action_bet_raise(aggressive[2])

    def action_amount(self, steps: int) -> None:
        """Change the bet/raise amount by ``steps`` small bets (+, −)."""
        aggressive = self._aggressive(self._legal())
        if aggressive is None:
            return
        _kind, low, high = aggressive
        step = self.session.config.small_bet
        self.amount = min(max(self._chosen_amount(low, high) + steps * step, low), high)
        self._refresh()

    def _card_limit(self) -> int:
        legal = self._legal()
        if ActionKind.PASS in legal.kinds:
            return legal.pass_count
        if ActionKind.ARRANGE in legal.kinds:
            return legal.arrange_count
        return 0

    def _toggle(self, code: int) -> None:
        limit = self._card_limit()
        if code in self.selection:
            self.selection.remove(code)
            self.message = ""
        elif len(self.selection) >= limit:
            self.message = self.t.ngettext(
                "You have already chosen {count} card: deselect one first (X clears).",
                "You have already chosen {count} cards: deselect one first (X clears).",
                limit,
                count=limit,
            )
        else:
            self.selection.append(code)
            self.message = ""
        self._refresh()

    def action_toggle_card(self, position: int) -> None:
        """Select or deselect the card at ``position`` (1-based, keys 1–9)."""
        if not (self._my_turn(Phase.PASSING) or self._my_turn(Phase.ARRANGING)):
            self._say(self.t("Cards are chosen only when passing or arranging."))
            return
        cards = self._hand_cards(self._view())
        if not 1 <= position <= len(cards):
            self._say(self.t("Card positions go from 1 to {count}.", count=len(cards)))
            return
        self._toggle(cards[position - 1])

    def on_card_widget_clicked(self, event: CardWidget.Clicked) -> None:
        """A click on a card selects it like its number key."""
        self.action_toggle_card(event.index + 1)

    def action_clear(self) -> None:
        """Clear the selection (X)."""
        self.selection = []
        self.message = ""
        self._refresh()

    def action_confirm(self) -> None:
        """Pass the selected cards, or keep the selected five in order (Enter)."""
        if self._my_turn(Phase.PASSING):
            self._act(Action.pass_cards(self.selection)) if self.selection else self._say(
                self.t(
                    "Select the cards to pass first. Allowed: {allowed}",
                    allowed=self._allowed_text(self._legal()),
                )
            )
        elif self._my_turn(Phase.ARRANGING):
            self._act(Action.arrange(self.selection)) if self.selection else self._say(
                self.t("Select five cards first, or press H, L or O for a suggestion.")
            )
        elif self._my_turn(Phase.BETTING):
            self._say(
                self.t("Choose an action: {allowed}", allowed=self._allowed_text(self._legal()))
            )

    def action_suggest(self, kind: str) -> None:
        """Select the evaluator's suggested five in a good reveal order (H, L, O)."""
        if not self._my_turn(Phase.ARRANGING):
            self._say(self.t("Suggestions are for arranging your five cards."))
            return
        options = suggestions(self._legal().cards, self.session.split)
        chosen = options.get(kind)
        if chosen is None:
            self._say(self.t("No qualifying low can be made from these cards."))
            return
        self.selection = list(chosen)
        self.message = ""
        self._refresh()

    def action_focus_command(self) -> None:
        """Put the cursor in the command line (/)."""
        self.query_one("#command", Input).focus()

    def action_blur_command(self) -> None:
        """Leave the command line, dropping what was typed (Escape)."""
        self.query_one("#command", Input).value = ""
        self.set_focus(None)

    def action_help(self) -> None:
        """Show keys and commands (?)."""
        self.push_screen(HelpScreen(self.t))

    def action_quit_session(self) -> None:
        """End the session with a summary (Q)."""
        if not self.finished:
            self._show_summary()

    def on_button_pressed(self, event: ActionButton.Pressed) -> None:
        """Buttons do what their keys do."""
        ident = event.button.id
        if ident == "fold":
            self.action_fold()
        elif ident == "checkcall":
            self.action_check_call()
        elif ident == "betraise":
            self.action_bet_raise()
        elif ident == "allin":
            self.action_all_in()
        elif ident == "confirm":
            self.action_confirm()
        elif ident == "clear":
            self.action_clear()
        elif ident in ("high", "low", "both"):
            self.action_suggest(ident)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Run a typed command, then give the keyboard back to the table.

        A leading ``/`` (the key that opens the command line, typed again) is ignored. A
        command that is not understood keeps the command line, so it can be typed again.
        """
        event.input.value = ""
        text = event.value.strip().lstrip("/:").strip()
        if not text:
            self.set_focus(None)
            return
        try:
            command = parse_command(text, self.t)
        except CommandError as exc:
            self._say(str(exc))
            return
        self.set_focus(None)
        self._write_log(Text("> " + text, style="dim"))
        self._run_command(command)

    def _resolve_cards(self, tokens: Sequence[str]) -> list[int]:
        cards = self._hand_cards(self._view())
        codes: list[int] = []
        for typed in tokens:
            token = typed.translate(SUIT_LETTERS)  # K♦ as drawn on the table = Kd
            if token.isdigit():
                position = int(token)
                if not 1 <= position <= len(cards):
                    raise CommandError(
                        self.t("Card positions go from 1 to {count}.", count=len(cards))
                    )
                codes.append(cards[position - 1])
            else:
                try:
                    codes.append(parse_code(token))
                except InvalidCardError:
                    raise CommandError(
                        self.t(
                            "{token} is not a card: write cards like As, Kd, 10h or give "
                            "their positions 1 to {count}.",
                            token=typed,
                            count=len(cards),
                        )
                    ) from None
        if len(set(codes)) != len(codes):
            raise CommandError(self.t("Each card may be chosen only once."))
        return codes

    def _run_command(self, command: Command) -> None:
        verb = command.verb
        try:
            if verb == "fold":
                self.action_fold()
            elif verb == "check":
                self._act(Action.check())
            elif verb == "call":
                self.action_check_call()  # like the C key: nothing to call is a check
            elif verb in ("bet", "raise"):
                self.action_bet_raise(command.amount)
            elif verb == "allin":
                self.action_all_in()
            elif verb in ("pass", "arrange"):
                if not command.cards:
                    self.action_confirm()
                    return
                codes = self._resolve_cards(command.cards)
                self._act(Action.pass_cards(codes) if verb == "pass" else Action.arrange(codes))
            elif verb == "select":
                for code in self._resolve_cards(command.cards):
                    self._toggle(code)
            elif verb in ("high", "low", "both"):
                self.action_suggest(verb)
            elif verb == "clear":
                self.action_clear()
            elif verb == "confirm":
                self.action_confirm()
            elif verb == "help":
                self.action_help()
            elif verb == "quit":
                self.action_quit_session()
            else:
                self._say(self.t("That command is used after a hand, on the summary screen."))
        except CommandError as exc:
            self._say(str(exc))
        except AnacondaError as exc:
            self._say(self._explain(exc))
