"""What the person's keys, clicks and typed commands do at the terminal table."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Input

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import parse_code
from anaconda_poker.core.errors import AnacondaError, InvalidCardError
from anaconda_poker.core.state import Phase
from anaconda_poker.tui.commands import Command, CommandError, parse_command
from anaconda_poker.tui.flow import HandFlow
from anaconda_poker.tui.messages import explain
from anaconda_poker.tui.screens import HelpScreen
from anaconda_poker.tui.suggest import suggestions
from anaconda_poker.tui.widgets import ActionButton, CardWidget

SUIT_LETTERS = str.maketrans("♣♦♥♠♧♢♡♤", "cdhscdhs")
"""Suit symbols (as the table draws them) → the suit letters of card names."""


class KeyActions(HandFlow):
    """The person's input: single keys, buttons, card clicks and the command line."""

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

    def action_declare(self, direction: str) -> None:
        """Declare high, low or both (H, L, S; RULES.md §6)."""
        if not self._my_turn(Phase.DECLARING):
            self._say(self.t("You declare after the last betting round, at a declare table."))
            return
        self._act(Action.declare(direction))

    def action_suggest(self, kind: str) -> None:
        """Select the evaluator's suggested five in a good reveal order (H, L, O); while
        declaring, H, L and O declare high, low and both."""
        if self._my_turn(Phase.DECLARING):
            self.action_declare(kind)
            return
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
        elif ident is not None and ident.startswith("declare-"):
            self.action_declare(ident.removeprefix("declare-"))

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
            elif verb == "declare":
                if command.direction is None:
                    self._say(
                        self.t("Declare what? Type: declare high, declare low or declare both.")
                    )
                else:
                    self.action_declare(command.direction)
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
            self._say(explain(self.t, exc, self._legal(), self.session.state))
