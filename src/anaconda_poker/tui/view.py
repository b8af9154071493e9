"""Drawing the terminal table: seats, pot, log, the person's cards, prompt and key bar.

The table shows only what the person may know: it renders the engine's view of the
person's seat (RULES.md §7).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, RichLog, Static

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.cards import parse_code
from anaconda_poker.core.state import LegalActions, Phase
from anaconda_poker.i18n import Translator, split_label, translator
from anaconda_poker.tui.cards import plain_cards
from anaconda_poker.tui.commands import command_word
from anaconda_poker.tui.declare import declare_keys
from anaconda_poker.tui.messages import allowed_text, too_small_notice
from anaconda_poker.tui.players import LEVEL_LABELS
from anaconda_poker.tui.seatgrid import seat_columns
from anaconda_poker.tui.session import Player
from anaconda_poker.tui.settings import GameSettings
from anaconda_poker.tui.table_text import (
    aggressive_range,
    chosen_amount,
    marks_legend,
    passes_text,
    phase_title,
    pot_text,
    prompt_text,
)
from anaconda_poker.tui.topbar import fit_topbar
from anaconda_poker.tui.widgets import ActionButton, CardWidget, SeatPanel, dealer_title, key_bar

MAX_CARDS = 9
"""Card widgets in the person's row (seven cards in play; keys 1–9)."""

MIN_SIZE = (80, 24)
"""The smallest terminal (columns, rows) the table is laid out for; below it the top bar
says so."""

COMPACT_HEIGHT = 34
"""Terminals with fewer rows get the compact table (no buttons, shorter texts); the table
fits 80 × 24 with up to six bots."""


class TableView(App[list[Player]]):
    """The table's widgets and how they are drawn from the hand's state.

    Args:
        settings: the session's settings.

    Raises:
        ValueError / InvalidConfigError: for bad settings (see :meth:`GameSettings.validate`).
    """

    def __init__(self, settings: GameSettings) -> None:
        super().__init__()
        self.settings = settings
        self.t: Translator = translator(settings.lang)
        self.session = settings.build_session()
        self.delay = settings.delay
        self.selection: list[int] = []
        self.amount: int | None = None
        self.message = ""
        self.notice = ""  # stays in the message line for the whole hand
        self._too_small = False
        self._confirming: tuple[str, int, int] | None = None  # a key pressed once: asked
        self.finished = False
        self._busy = False
        self._shown_cards: dict[int, int] = {}
        self._last: dict[int, str] = {}
        self._seen_round = 0
        self._seen_passes = 0
        self._seen_revealed = 0
        self._received: set[int] = set()
        self._compact = False
        self._width = 0  # the terminal's size as of the last resize (0: none yet)
        self._height = 0

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
                yield ActionButton(_("High"), id="declare-high", variant="primary")
                yield ActionButton(_("Low"), id="declare-low", variant="primary")
                yield ActionButton(_("Swing (both ways)"), id="declare-both", variant="warning")
                yield ActionButton(_("Clear"), id="clear")
        with Vertical(id="bottom"):
            yield Input(
                placeholder=_(
                    "Type a command ({help} for the list) and press Enter",
                    help=command_word(_, "help"),
                ),
                id="command",
            )
            yield Static(id="keys")

    def on_resize(self, event: events.Resize) -> None:
        """On short terminals hide the buttons (their keys stay in the key bar) and draw
        the seats, the passes and the prompts in fewer lines."""
        self._compact = event.size.height < COMPACT_HEIGHT
        self._width = event.size.width
        self._height = event.size.height
        self._too_small = event.size.width < MIN_SIZE[0] or event.size.height < MIN_SIZE[1]
        # Equal seat boxes, wide enough for the dealer label in every box (tui/seatgrid.py)
        titles = [dealer_title(p.name, True, self.t) for p in self.session.players if not p.human]
        columns, column = seat_columns(event.size.width, titles)
        grid = self.query_one("#opponents").styles
        grid.grid_size_columns, grid.grid_columns = columns, " ".join([str(column)] * columns)
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
            panel.display = player.seated  # a bot that left the table leaves no empty box
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
        where = phase_title(_, view, state)
        width, height = self._terminal_size()
        if self._too_small:
            self.query_one("#topbar", Static).update(
                Text(too_small_notice(_, width, height, MIN_SIZE), style="bold #ffffff on #8b1e1e")
            )
            return
        hand = _("Hand {number}", number=self.session.hand_number)
        room = width - 2  # the bar's padding
        text = fit_topbar(hand, where, split_label(cfg.split, _), room)
        self.query_one("#topbar", Static).update(text)

    def _draw_pot(self, view: dict[str, Any]) -> None:
        state = self.session.state
        assert state is not None
        text = pot_text(self.t, view, state, me=self.session.human_seat)
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
        panel.border_subtitle = marks_legend(
            _,
            received=any(c in self._received for c in cards) and not arranged,
            turned=arranged and shown > 0,
        )
        passes = passes_text(_, you["passes"], compact=self._compact)
        self.query_one("#passes", Static).update(passes)
        self.query_one("#passes", Static).display = bool(passes)
        self.query_one("#prompt", Static).update(self._prompt(view))
        self._show_message()

    def _legal(self) -> LegalActions:
        state = self.session.state
        assert state is not None
        return state.legal_actions(self.session.human_seat)

    def _aggressive(self, legal: LegalActions) -> tuple[ActionKind, int, int] | None:
        return aggressive_range(legal)

    def _chosen_amount(self, low: int, high: int) -> int:
        return chosen_amount(self.amount, low, high)

    def _prompt(self, view: dict[str, Any]) -> Text:
        state = self.session.state
        assert state is not None
        return prompt_text(
            self.t,
            view,
            state,
            me=self.session.human_seat,
            selection=self.selection,
            amount=self.amount,
            split=self.session.split,
            compact=self._compact,
        )

    def _draw_controls(self, view: dict[str, Any]) -> None:
        _ = self.t
        me = self.session.human_seat
        phase = view["phase"]
        mine = me in view["to_act"] and phase != Phase.COMPLETE.value
        legal = self._legal()
        betting = mine and phase == Phase.BETTING.value
        choosing = mine and phase in (Phase.PASSING.value, Phase.ARRANGING.value)
        arranging = mine and phase == Phase.ARRANGING.value
        declaring = mine and phase == Phase.DECLARING.value and ActionKind.DECLARE in legal.kinds

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
            all_in.label = self._top_label(high)
        confirm = button("confirm")
        confirm.display = choosing
        confirm_label = _("Keep these five") if arranging else _("Pass")
        confirm.label = confirm_label
        button("clear").display = choosing
        for ident in ("high", "low", "both"):
            button(ident).display = arranging
            button(f"declare-{ident}").display = declaring
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
                    keys += [("+/−", _("Amount")), ("A", self._top_label(aggressive[2]))]
        elif choosing:
            keys += [("1–7", _("Select")), (enter, confirm_label), ("X", _("Clear"))]
            if arranging and split.has_low:
                keys.append(("H/L/O", _("Suggestions")))
            elif arranging:
                keys.append(("H", _("Best high")))
        elif declaring:
            keys += declare_keys(_)
        keys += [("/", _("Command")), ("?", _("Help")), ("Q", _("Quit"))]
        self.query_one("#keys", Static).update(key_bar(keys, self._keys_width()))

    def _top_label(self, high: int) -> str:
        """What A does, truthfully: "All-in" when the largest bet or raise is the whole
        stack, else "Max 12" (fixed and pot limit cap it below the stack)."""
        state = self.session.state
        assert state is not None
        me = self.session.human_seat
        if high >= state.stack[me] + state.bet[me]:
            return self.t("All-in")
        return self.t("Max {amount}", amount=high)

    def _terminal_size(self) -> tuple[int, int]:
        """The terminal's (columns, rows) as of the last resize: while :meth:`on_resize`
        runs, ``self.size`` still gives the size before it (a bar drawn from that was cut
        off after shrinking and stayed short after growing back)."""
        if self._width and self._height:
            return self._width, self._height
        return self.size.width, self.size.height

    def _keys_width(self) -> int:
        """Cells for the key bar: the terminal's width (as of the last resize) less the
        bar's padding."""
        return max(20, self._terminal_size()[0] - 2)

    def _say(self, message: str) -> None:
        self.message = message
        self._show_message()

    def _show_message(self) -> None:
        """The message line, taking no room while there is nothing to say."""
        line = self.query_one("#message", Static)
        text = Text(self.notice, style="bold #ff8f6b")
        if self.notice and self.message:
            text.append("\n")
        text.append(self.message)
        line.update(text)
        line.display = bool(self.message or self.notice)

    def _allowed_text(self, legal: LegalActions) -> str:
        return allowed_text(self.t, legal)
