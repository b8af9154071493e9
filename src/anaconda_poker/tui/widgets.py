"""The widgets of the table: opponents' seats, your cards, the pot and the key bar."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.markup import escape
from textual.message import Message
from textual.widgets import Button, Static

from anaconda_poker.i18n import Translator
from anaconda_poker.tui.cards import card_back, card_face, card_row, slim_backs
from anaconda_poker.tui.seatgrid import TITLE_FRAME


def dealer_title(name: str, dealer: bool, t: Translator, room: int | None = None) -> str:
    """A seat's border title: the name, and "(dealer)" (translated) on the button's seat.

    Border titles are Textual markup, so square brackets in a name are escaped: a person
    may call themselves ``"[/b]Zoe"`` and see exactly that.

    Args:
        room: cells the title may take (``None``: no limit). When the name and the label do
            not fit, the name is shortened with "…" and the label stays whole (Textual would
            cut the end of the title, the label: "Chiara (dá as cart…"); the seat boxes are
            sized so that this happens only on the narrowest terminals
            (``tui/seatgrid.py``).
    """
    if not dealer:
        return escape(name)
    title = t("{player} (dealer)", player=name)
    over = cell_len(title) - room if room is not None else 0
    if over > 0 and len(name) > 1:
        keep = max(1, len(name) - over - 1)
        title = t("{player} (dealer)", player=name[:keep].rstrip() + "…")
    return escape(title)


class SeatPanel(Static):
    """One opponent's seat: name (and dealer button), stack, bet, status, cards.

    Updated with :meth:`show` from the person's view of the hand (RULES.md §7: an opponent
    shows only public facts: face-down card counts, revealed cards, chips, actions).

    On a short screen (``compact``) the panel is one line lower: the status and last action
    move into the bottom border, where the bot level is shown otherwise.
    """

    DEFAULT_CSS = ""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: dict[str, Any] | None = None

    def on_resize(self, event: events.Resize) -> None:
        """Draw again at the new width (narrow panels draw face-down cards slimmer)."""
        if self._shown is not None:
            self.show(**self._shown)

    def show(
        self,
        seat: Mapping[str, Any] | None,
        *,
        name: str,
        stack: int,
        level: str | None,
        button: bool,
        to_act: bool,
        revealed_shown: int,
        last: str,
        t: Translator,
        compact: bool = False,
    ) -> None:
        """Redraw the panel.

        Args:
            seat: the seat's entry of the view's ``seats`` list, or ``None`` when the
                player sits out (no chips).
            name: display name.
            stack: chips (used when sitting out).
            level: bot level, shown as the panel's subtitle.
            button: the seat has the dealer button.
            to_act: the seat must act now.
            revealed_shown: how many of the seat's revealed cards to draw (the roll is
                animated card by card).
            last: the seat's last action in this betting round, already translated.
            t: translator.
            compact: a short screen: status and last action go into the bottom border.
        """
        self._shown = {
            "seat": seat,
            "name": name,
            "stack": stack,
            "level": level,
            "button": button,
            "to_act": to_act,
            "revealed_shown": revealed_shown,
            "last": last,
            "t": t,
            "compact": compact,
        }
        outer = self.outer_size.width
        title_room = outer - TITLE_FRAME if outer else None
        self.border_title = dealer_title(name, button, t, title_room)
        self.border_subtitle = escape(level or "")
        self.set_class(to_act, "to-act")
        self.set_class(seat is None or bool(seat and seat["folded"]), "folded")
        if seat is None:
            self.update(Text(t("Sitting out (no chips)"), style="dim"))
            return
        lines: list[RenderableType] = []
        room = self.content_size.width
        stack_text = t("Stack {amount}", amount=seat["stack"])
        bet_text = t("Round bet {amount}", amount=seat["bet"]) if seat["bet"] else ""
        if room and bet_text and len(stack_text) + 2 + len(bet_text) > room:
            stack_text = t.number(seat["stack"])  # narrow panel: the amounts matter most
        chips = Text(stack_text, style="bold #f2d27a")
        if bet_text:
            chips.append("  ")
            chips.append(bet_text, style="bold #7fd1ff")
        lines.append(chips)
        status = Text()
        if seat["folded"]:
            status.append(t("Folded"), style="italic #9aa5a0")
        elif seat["all_in"]:
            status.append(t("All-in"), style="bold #ff8f6b")
        elif seat["has_committed"]:
            status.append("✓ " + t("Ready"), style="#a6e3a1")
        elif to_act:
            status.append("▶ " + t("Thinking…"), style="bold #ffd75f")
        if last and not seat["folded"]:
            if status:
                status.append(" · ", style="dim")
            status.append(last, style="#e6e6e6")
        if compact:
            self.border_subtitle = escape(status.plain or level or "")
        else:
            lines.append(status)
        revealed = list(seat["revealed"])[:revealed_shown]
        hidden_down = seat["card_count"] + (len(seat["revealed"]) - len(revealed))
        if not seat["folded"]:
            cards = len(revealed) + hidden_down
            if room and cards * 5 - 1 > room:  # narrow panel: cards side by side, backs slim
                lines.append(card_row(revealed, backs=0, gap="") + slim_backs(hidden_down))
            else:
                lines.append(card_row(revealed, backs=hidden_down))
        text = Text("\n").join(
            [line if isinstance(line, Text) else Text(str(line)) for line in lines]
        )
        text.no_wrap = True  # one line each: a wrapped line would push the cards out
        text.overflow = "ellipsis"
        self.update(text)


class CardWidget(Static):
    """One of your cards: its face, and under it its key (1–9) or its place in the
    arrangement. Clicking it selects or deselects it."""

    class Clicked(Message):
        """Posted when the card is clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.index = index

    def show(self, code: int | None, *, mark: str = "", selected: bool = False) -> None:
        """Draw the card (``None`` hides the widget)."""
        self.display = code is not None
        if code is None:
            return
        label = mark or str(self.index + 1)
        face = card_face(code, selected=selected)
        under = Text(f"{label:^4}", style="bold #ffd75f" if selected else "#9fb3a8")
        self.update(Text("\n").join([face, under]))
        self.set_class(selected, "selected")

    def on_click(self) -> None:
        """Select or deselect this card."""
        self.post_message(self.Clicked(self.index))


class ActionButton(Button, can_focus=False):
    """A button that never takes the keyboard focus (keys stay with the table)."""


def key_bar(pairs: list[tuple[str, str]], width: int | None = None) -> Text:
    """The key help line: ``[F] Fold  [C] Call …`` from (key, label) pairs.

    Args:
        pairs: (key, what it does), both already translated.
        width: cells available; when the pairs do not fit on one line they continue on the
            next, never splitting a key from its label. ``None``: one line.
    """
    text = Text()
    used = 0
    for key, label in pairs:
        size = len(key) + len(label) + 5
        if width is not None and used and used + size - 2 > width:
            text.append("\n")
            used = 0
        text.append(f" {key} ", style="bold #1b2a22 on #d7c27a")
        text.append(f" {label}  ", style="#d8e6dc")
        used += size
    text.rstrip()
    return text


__all__ = ["ActionButton", "CardWidget", "SeatPanel", "card_back", "dealer_title", "key_bar"]
