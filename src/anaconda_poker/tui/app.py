"""The terminal table: one person against bots, built with Textual.

The app draws only what the person may know: it renders the engine's view of the person's
seat (RULES.md §7) and sends every decision to the engine, which checks it; a refused
decision is explained in the person's language together with what is allowed, and the game
goes on.

Keys: F fold, C check/call, B/R bet/raise, +/− amount, A all-in, 1–9 select cards, Enter
pass or keep the selection, H/L/O suggested five (best high, best low, best for both), X
clear, / type a command, ? help, Q quit. While declaring (RULES.md §6): H high, L low, S (or
O) swing.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from anaconda_poker.tui.keys import SUIT_LETTERS, KeyActions
from anaconda_poker.tui.settings import BOT_NAMES, MAX_BOTS, GameSettings
from anaconda_poker.tui.view import COMPACT_HEIGHT, MAX_CARDS

__all__ = [
    "BOT_NAMES",
    "COMPACT_HEIGHT",
    "MAX_BOTS",
    "MAX_CARDS",
    "SUIT_LETTERS",
    "AnacondaApp",
    "GameSettings",
]


class AnacondaApp(KeyActions):
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
        Binding("s", "declare('both')", show=False),
        Binding("slash,colon", "focus_command", show=False),
        Binding("escape", "blur_command", show=False),
        Binding("question_mark", "help", show=False),
        Binding("pageup", "scroll_log(-1)", show=False),
        Binding("pagedown", "scroll_log(1)", show=False),
        Binding("q", "quit_session", show=False),
        # Ctrl+C ends the session like Q everywhere, over dialogs too (Textual's default
        # only tells to press Ctrl+Q, which would leave without the summary).
        Binding("ctrl+c", "help_quit", show=False, priority=True),
    ]
