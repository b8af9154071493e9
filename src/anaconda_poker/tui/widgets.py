"""The widgets of the table: opponents' seats, your cards, the pot and the key bar."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.message import Message
from textual.widgets import Button, Static

from anaconda_poker.i18n import Translator
from anaconda_poker.tui.cards import card_back, card_face, card_row, slim_backs


def dealer_title(name: str, dealer: bool, t: Translator) -> str:
    """A seat's title: the name, and "(dealer)" (translated) on the button's seat."""
    return t("{player} (dealer)", player=name) if dealer else name


class SeatPanel(Static):
    """One opponent's seat: name (and dealer button), stack, bet, status, cards.

    Updated with :meth:`show` from the person's view of the hand (RULES.md §7: an opponent
    shows only public facts: face-down card counts, revealed cards, chips, actions).
    """

    DEFAULT_CSS = ""

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
        """
        self.border_title = dealer_title(name, button, t)
        self.border_subtitle = level or ""
        self.set_class(to_act, "to-act")
        self.set_class(seat is None or bool(seat and seat["folded"]), "folded")
        if seat is None:
            self.update(Text(t("Sitting out (no chips)"), style="dim"))
            return
        lines: list[RenderableType] = []
        chips = Text()
        chips.append(t("Stack {amount}", amount=seat["stack"]), style="bold #f2d27a")
        if seat["bet"]:
            chips.append("   ")
            chips.append(t("Bet {amount}", amount=seat["bet"]), style="bold #7fd1ff")
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
        lines.append(status)
        revealed = list(seat["revealed"])[:revealed_shown]
        hidden_down = seat["card_count"] + (len(seat["revealed"]) - len(revealed))
        if not seat["folded"]:
            cards = len(revealed) + hidden_down
            room = self.content_size.width
            if room and cards * 5 - 1 > room:  # narrow panel: cards side by side, backs slim
                lines.append(card_row(revealed, backs=0, gap="") + slim_backs(hidden_down))
            else:
                lines.append(card_row(revealed, backs=hidden_down))
        text = Text("\n").join(
            [line if isinstance(line, Text) else Text(str(line)) for line in lines]
        )
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


def key_bar(pairs: list[tuple[str, str]]) -> Text:
    """The key help line: ``[F] Fold  [C] Call …`` from (key, label) pairs."""
    text = Text()
    for key, label in pairs:
        text.append(f" {key} ", style="bold #1b2a22 on #d7c27a")
        text.append(f" {label}  ", style="#d8e6dc")
    return text


__all__ = ["ActionButton", "CardWidget", "SeatPanel", "card_back", "dealer_title", "key_bar"]
