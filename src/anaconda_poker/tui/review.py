"""The review of the person's decisions in the hand just played (R on the end-of-hand
dialog): every pass, arrangement and bet, the opponent model's best choice and the expected
chips lost (``analysis/review.py``; the same table as ``anaconda-poker review``).

The hand's history is the full one the game keeps, but the review rebuilds each decision
from the person's own view of the hand (RULES.md §7), never from the bots' cards. It runs in
a worker thread with a progress line, so the table stays responsive; Esc, Enter, R or Q go
back to the end-of-hand dialog.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import Static

from anaconda_poker.analysis.review import ReviewError, review_hand
from anaconda_poker.i18n import Translator
from anaconda_poker.tui.review_render import review_renderable
from anaconda_poker.tui.widgets import key_bar

REVIEW_TRIALS = 1_000
"""Deals per decision in the terminal game (about a second per hand on the development
machine; ``anaconda-poker review --trials`` for more)."""


class ReviewScreen(ModalScreen[None]):
    """The person's decisions in one finished hand, priced by the model.

    Args:
        history: the hand's history (HAND_HISTORY.md; the game's own, with every card).
        seat: the person's seat.
        t: the translator.
        trials: deals per decision; seed: the review's seed (same seed, same review).
    """

    # The app focuses nothing by itself (AUTO_FOCUS None: the table's keys are its own), so
    # without this the review, often taller than the terminal, ignored PgUp/PgDn, arrows, Home/End.
    AUTO_FOCUS = "#review-scroll"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,r,q", "close", show=False),
    ]

    def __init__(
        self,
        history: Mapping[str, Any],
        seat: int,
        t: Translator,
        *,
        trials: int = REVIEW_TRIALS,
        seed: int = 0,
    ) -> None:
        super().__init__()
        self._history = history
        self._seat = seat
        self._t = t
        self._trials = trials
        self._seed = seed

    def compose(self) -> ComposeResult:
        """A progress line that becomes the review, and the way back."""
        _ = self._t
        with Vertical(id="review-box"):
            yield Static(Text(_("Your decisions in this hand"), style="bold #ffd75f"))
            with VerticalScroll(id="review-scroll"):
                yield Static(Text(_("Reviewing your decisions…")), id="review-body")
            yield Static(key_bar([("Esc", _("Back"))]), classes="keys")

    def on_mount(self) -> None:
        """Start the review in a worker thread."""
        self.run_worker(self._review(), exclusive=True)

    def on_resize(self, event: events.Resize) -> None:
        """The review scrolls; the way back stays on screen."""
        self.query_one("#review-scroll").styles.max_height = max(3, self.size.height - 9)

    async def _review(self) -> None:
        _ = self._t

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(
                self._show, Text(_("Reviewing decision {done} of {total}…", done=done, total=total))
            )

        try:
            review = await asyncio.to_thread(
                review_hand,
                self._history,
                self._seat,
                trials=self._trials,
                seed=self._seed,
                progress=progress,
            )
        except ReviewError as exc:
            self._show(Text(_("This hand cannot be reviewed: {error}", error=str(exc))))
            return
        self._show(review_renderable(review, _, symbols=True))

    def _show(self, body: Any) -> None:
        with contextlib.suppress(NoMatches):  # the screen was closed meanwhile
            self.query_one("#review-body", Static).update(body)

    def action_close(self) -> None:
        """Back to the end-of-hand dialog."""
        self.dismiss(None)
