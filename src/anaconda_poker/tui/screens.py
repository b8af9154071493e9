"""Screens shown over the table: the end of a hand, the choice of game, help, the summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from anaconda_poker.core.config import Split
from anaconda_poker.i18n import SPLIT_LABELS, Translator
from anaconda_poker.tui.commands import command_examples
from anaconda_poker.tui.widgets import ActionButton, key_bar

SHORT_SCREEN = 34
"""Screens with fewer rows drop the buttons of a dialog (the key line does the same)."""


def _fit_scroll(
    screen: Screen[Any],
    scroll_id: str,
    *,
    rows_used: int,
    short_used: int,
    rows: int | None = None,
) -> None:
    """Give a dialog's scrolling part what the terminal has left, so the dialog's keys stay
    on screen.

    Args:
        screen: the dialog.
        scroll_id: the selector of its scrolling part.
        rows_used: rows of everything else (margins, border, padding, buttons, key line).
        short_used: the same on a short terminal, where the dialog has no buttons and
            less padding (class ``short``).
        rows: the terminal's rows (a resize event's size); ``None``: the screen's size.
    """
    if rows is None:
        rows = screen.size.height
    short = rows < SHORT_SCREEN
    screen.set_class(short, "short")
    used = short_used if short else rows_used
    screen.query_one(scroll_id).styles.max_height = max(3, rows - used)


class ShowdownScreen(ModalScreen[str]):
    """The end of a hand: pots, winners, hands; then continue, change the game or quit.

    ``notes`` are sentences shown below the summary, outside its scroll (a history that
    could not be saved, going broke). ``next_label`` renames Enter's choice ("Rebuy 400")
    and adds S for the session summary (dismissed with ``"summary"``). ``can_review`` adds R,
    the review of the person's decisions in this hand (dismissed with ``"review"``).

    Dismissed with ``"next"``, ``"game"``, ``"summary"``, ``"review"`` or ``"quit"``.
    """

    # The app focuses nothing by itself (AUTO_FOCUS None: the table's keys are its own), so
    # without this a dialog taller than the terminal ignored PgUp/PgDn, arrows, Home/End.
    AUTO_FOCUS = "#showdown-scroll"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n,space", "choose('next')", show=False),
        Binding("g", "choose('game')", show=False),
        Binding("s", "choose('summary')", show=False),
        Binding("r", "choose('review')", show=False),
        Binding("q,escape", "choose('quit')", show=False),
    ]

    def __init__(
        self,
        summary: RenderableType,
        t: Translator,
        *,
        can_continue: bool,
        notes: Sequence[str] = (),
        next_label: str | None = None,
        can_review: bool = False,
    ) -> None:
        super().__init__()
        self._can_review = can_review
        self._summary = summary
        self._t = t
        self._can_continue = can_continue
        self._notes = list(notes)
        self._next_label = next_label

    def compose(self) -> ComposeResult:
        """The summary and the three choices."""
        _ = self._t
        with Vertical(id="showdown-box"):
            with VerticalScroll(id="showdown-scroll"):
                yield Static(self._summary, id="showdown-summary")
            if self._notes:
                yield Static(
                    Text("\n".join(self._notes), style="bold #ffd75f"), id="showdown-notes"
                )
            with Horizontal(classes="choices"):
                if self._can_continue:
                    yield ActionButton(self._next(), id="next", variant="success")
                    yield ActionButton(_("Change game"), id="game", variant="primary")
                else:
                    yield ActionButton(_("Session summary"), id="next", variant="success")
                if self._next_label is not None:
                    yield ActionButton(_("Session summary"), id="summary")
                if self._can_review:
                    yield ActionButton(_("Review"), id="review")
                yield ActionButton(_("Quit"), id="quit", variant="error")
            yield Static(key_bar(self._key_pairs()), classes="keys", id="showdown-keys")

    def _key_pairs(self) -> list[tuple[str, str]]:
        """(key, label) of every key the dialog takes, in the order of its buttons."""
        _ = self._t
        pairs = [(_("Enter"), self._next() if self._can_continue else _("Session summary"))]
        if self._can_continue:
            pairs.append(("G", _("Change game")))
        if self._next_label is not None:
            pairs.append(("S", _("Session summary")))
        if self._can_review:
            pairs.append(("R", _("Review")))
        pairs.append(("Q", _("Quit")))
        return pairs

    def _next(self) -> str:
        return self._next_label if self._next_label is not None else self._t("Next hand")

    def on_resize(self, event: events.Resize) -> None:
        """Keep the choices on screen: the summary scrolls when the terminal is short, and
        the key bar wraps to the dialog's width (one line cut off "Q  Quit" at 80 columns
        in five languages once "Rebuy 400" and "Session summary" joined it)."""
        columns, rows = event.size
        short = rows < SHORT_SCREEN
        # The box (anaconda.tcss): the whole width less border and padding (1 + 1 a side) on
        # a short terminal, else 90% of it up to 110 less border and padding (1 + 2).
        box = columns if short else min(columns * 9 // 10, 110)
        keys = key_bar(self._key_pairs(), max(20, box - (4 if short else 6)))
        self.query_one("#showdown-keys", Static).update(keys)
        extra = keys.plain.count("\n")
        width = max(20, columns - 8)
        notes = sum(1 + len(note) // width for note in self._notes)  # wrapped lines
        _fit_scroll(
            self,
            "#showdown-scroll",
            rows_used=12 + notes + extra,
            short_used=4 + notes + extra,
            rows=rows,
        )

    def action_choose(self, choice: str) -> None:
        """Close the screen with a choice."""
        if choice == "game" and not self._can_continue:
            return
        if choice == "summary" and self._next_label is None:
            return  # S is not on the key bar: a stray "s" (e.g. typed "/raise") does nothing
        if choice == "review" and not self._can_review:
            return
        self.dismiss(choice)

    def on_button_pressed(self, event: ActionButton.Pressed) -> None:
        """Buttons do what their keys do."""
        if event.button.id:
            self.action_choose(event.button.id)


class GameChoiceScreen(ModalScreen[Split | None]):
    """Dealer's choice: pick the game type of the next hands (RULES.md §5).

    Dismissed with the chosen :class:`Split`, or ``None`` (Escape) to keep the current one.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    def __init__(self, t: Translator, current: Split) -> None:
        super().__init__()
        self._t = t
        self._current = current

    def compose(self) -> ComposeResult:
        """A list of the game types."""
        _ = self._t
        with Vertical(id="choice-box"):
            yield Static(Text(_("Dealer's choice: the game for the next hand"), style="bold"))
            options = [
                Option(("● " if split is self._current else "  ") + _(label), id=split.value)
                for split, label in SPLIT_LABELS.items()
            ]
            yield OptionList(*options, id="choice-list")
            yield Static(
                key_bar([("↑↓", _("Choose")), (_("Enter"), _("Play")), ("Esc", _("Back"))])
            )

    def on_mount(self) -> None:
        """Focus the list on the current game."""
        options = self.query_one(OptionList)
        options.focus()
        options.highlighted = list(SPLIT_LABELS).index(self._current)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Close with the chosen game."""
        self.dismiss(Split(event.option.id or self._current.value))

    def action_cancel(self) -> None:
        """Keep the current game."""
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """Keys and typed commands."""

    # The app focuses nothing by itself (AUTO_FOCUS None: the table's keys are its own), so
    # without this a dialog taller than the terminal ignored PgUp/PgDn, arrows, Home/End.
    AUTO_FOCUS = "#help-scroll"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,enter", "close", show=False)
    ]

    def __init__(self, t: Translator) -> None:
        super().__init__()
        self._t = t

    def compose(self) -> ComposeResult:
        """The help text."""
        _ = self._t
        rows = [
            ("F", _("Fold")),
            ("C / K", _("Check or call")),
            ("B / R", _("Bet or raise (the amount shown)")),
            ("+ / −", _("Change the amount of a bet or raise")),
            ("A", _("The largest bet or raise allowed: all-in when it is your whole stack")),
            ("1–7", _("Select or deselect a card (click works too)")),
            (_("Enter"), _("Pass the selected cards / keep the five selected, in order")),
            ("H / L / O", _("Suggested five: best high / best low / best for both")),
            (
                "H / L / S",
                _("At a declare table, after the last betting round: declare high / low / swing"),
            ),
            ("X", _("Clear the selection")),
            ("•", _("Under a card: received in the last pass")),
            ("▲", _("Under a card: turned face up")),
            ("/", _("Type a command")),
            ("PgUp/PgDn", _("Scroll the table log")),
            ("Q", _("Quit (with a session summary)")),
        ]
        # Two columns, so a description that wraps on a narrow terminal stays under its
        # own column instead of starting again below the keys.
        keys = Table.grid(padding=(0, 1))
        keys.add_column(style="bold #f2d27a", no_wrap=True, min_width=11)
        keys.add_column(overflow="fold")
        for key, label in rows:
            keys.add_row("  " + key, label)
        commands = Text()
        commands.append("\n" + _("Typed commands") + "\n", style="bold #ffd75f")
        for line in command_examples(_):
            commands.append(f"  {line}\n")
        if _.language != "en":
            english = "fold, call, raise 8, pass 1 2 3, high, help, quit"
            commands.append(
                "  " + _("The English words work too: {commands}", commands=english) + "\n",
                style="dim",
            )
        text = Group(Text(_("Keys"), style="bold #ffd75f"), keys, commands)
        with Vertical(id="help-box"):
            with VerticalScroll(id="help-scroll"):
                yield Static(text)
            yield Static(key_bar([("Esc", _("Back to the table"))]))

    def on_resize(self, event: events.Resize) -> None:
        """Keep the way back on screen: the help scrolls when the terminal is short."""
        _fit_scroll(self, "#help-scroll", rows_used=8, short_used=4)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class SummaryScreen(Screen[bool]):
    """The session summary. Q leaves the program (dismissed with ``True``). With
    ``can_return``, Enter and Escape go back to the table (dismissed with ``False``): Enter is
    the habit key of "Next hand", so it must not end the session; without it they leave too."""

    # The app focuses nothing by itself (AUTO_FOCUS None: the table's keys are its own), so
    # without this a dialog taller than the terminal ignored PgUp/PgDn, arrows, Home/End.
    AUTO_FOCUS = "#summary-scroll"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "leave", show=False),
        Binding("enter,escape", "back", show=False),
    ]

    def __init__(
        self,
        table: RenderableType,
        t: Translator,
        *,
        footer: str = "",
        can_return: bool = False,
    ) -> None:
        super().__init__()
        self._table = table
        self._t = t
        self._footer = footer
        self._can_return = can_return

    def compose(self) -> ComposeResult:
        """The table and how to leave."""
        _ = self._t
        with Vertical(id="summary-box"):
            with VerticalScroll(id="summary-scroll"):
                yield Static(self._table, id="summary-table")
                if self._footer:
                    yield Static(Text(self._footer, style="dim"))
            if self._can_return:
                pairs = [("Q", _("Leave the table")), (_("Enter") + "/Esc", _("Back to the table"))]
            else:
                pairs = [(_("Enter") + "/Q", _("Leave the table"))]
            yield Static(key_bar(pairs))

    def on_resize(self, event: events.Resize) -> None:
        """Keep the way out on screen: the table scrolls when the terminal is short."""
        _fit_scroll(self, "#summary-scroll", rows_used=7, short_used=4)

    def action_leave(self) -> None:
        """Leave the program."""
        self.dismiss(True)

    def action_back(self) -> None:
        """Back to the table when that is possible, else leave."""
        self.dismiss(not self._can_return)
