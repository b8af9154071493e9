"""What the person's keys, clicks and typed commands do at the terminal table."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Input, RichLog

from anaconda_poker.analysis.reveal import reveal_plan
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import parse_code
from anaconda_poker.core.errors import AnacondaError, InvalidCardError
from anaconda_poker.core.state import Phase
from anaconda_poker.i18n.reveal_text import reveal_line
from anaconda_poker.tui.cards import plain_cards
from anaconda_poker.tui.commands import Command, CommandError, parse_command
from anaconda_poker.tui.flow import HandFlow
from anaconda_poker.tui.messages import explain
from anaconda_poker.tui.screens import HelpScreen
from anaconda_poker.tui.suggest import suggestions
from anaconda_poker.tui.widgets import ActionButton, CardWidget

ALL_IN_CONFIRM_BETS = 10
"""``A`` asks once more before putting in more than this many big bets."""

SUIT_LETTERS = str.maketrans("♣♦♥♠♧♢♡♤", "cdhscdhs")
"""Suit symbols (as the table draws them) → the suit letters of card names."""


class KeyActions(HandFlow):
    """The person's input: single keys, buttons, card clicks and the command line."""

    def _confirmed(self, what: str, question: str) -> bool:
        """True when the same key was pressed twice in a row at the same point of the hand
        (the first press only asks ``question``)."""
        state = self.session.state
        point = (what, self.session.hand_number, state.action_count if state else -1)
        if self._confirming == point:
            self._confirming = None
            return True
        self._confirming = point
        self._say(question)
        return False

    def action_fold(self) -> None:
        """Fold (F); when checking is free, F asks once before folding."""
        legal = self._legal()
        if (
            ActionKind.CHECK in legal.kinds
            and self._my_turn(Phase.BETTING)
            and not self._confirmed(
                "fold", self.t("Checking is free: press F again to fold anyway, or C to check.")
            )
        ):
            return
        self._act(Action.fold())

    def action_check_call(self) -> None:
        """Check, or call when facing a bet (C, K)."""
        legal = self._legal()
        self._act(Action.call() if ActionKind.CALL in legal.kinds else Action.check())

    def action_bet_raise(self, amount: int | None = None) -> None:
        """Bet or raise to the chosen amount (B, R)."""
        legal = self._legal()
        aggressive = self._aggressive(legal)
        state = self.session.state
        if aggressive is None and state is not None and self._my_turn(Phase.BETTING):
            cfg = self.session.config
            current = int(self._view()["current_bet"])
            probe = Action.raise_to(current + cfg.big_bet) if current else Action.bet(cfg.small_bet)
            if not state.can_apply(self.session.human_seat, probe):
                self._act(probe)  # refused, unchanged: the engine's reason is explained
                return
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
        """Bet or raise the most allowed (A): all-in in no limit, the largest bet in fixed
        and pot limit. Putting in more than :data:`ALL_IN_CONFIRM_BETS` big bets asks once
        before."""
        aggressive = self._aggressive(self._legal())
        if aggressive is None:
            self.action_bet_raise()
            return
        high = aggressive[2]
        state = self.session.state
        assert state is not None
        me = self.session.human_seat
        adds = high - state.bet[me]
        if adds > ALL_IN_CONFIRM_BETS * self.session.config.big_bet and not self._confirmed(
            "allin",
            self.t(
                "That puts {amount} chips in: press A again to confirm.",
                amount=adds,
            ),
        ):
            return
        self.action_bet_raise(high)

    def action_amount(self, steps: int) -> None:
        """Change the bet/raise amount by ``steps`` small bets (+, −)."""
        aggressive = self._aggressive(self._legal())
        if aggressive is None:
            return
        _kind, low, high = aggressive
        if self._confirming is not None:
            # The question asked (F when checking is free, A for many chips) is void: A asks
            # again for the new amount, F asks again. Its "press … again" must go with it.
            self._confirming = None
            self.message = ""
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
        elif self._my_turn(Phase.BETTING) or self._my_turn(Phase.DECLARING):
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
        """Select the evaluator's suggested five in a good reveal order (H, L, O); in a
        high-only game only H suggests (RULES.md §5: there is no low half). While
        declaring, H, L and O declare high, low and both."""
        if self._my_turn(Phase.DECLARING):
            self.action_declare(kind)
            return
        if not self._my_turn(Phase.ARRANGING):
            self._say(self.t("Suggestions are for arranging your five cards."))
            return
        split = self.session.split
        if kind != "high" and not split.has_low:
            self._say(self.t("This game is high only: H suggests the best high five."))
            return
        options = suggestions(self._legal().cards, split)
        chosen = options.get(kind)
        if chosen is None:
            self._say(self.t("No qualifying low can be made from these cards."))
            return
        self.selection = list(chosen)
        self.message = ""
        # why each card is turned when it is (analysis/reveal.py): in the table log, which
        # scrolls, so the hand still fits an 80 by 24 terminal
        self._write_log(Text(self.t("Reveal order, and why:"), style="bold"))
        for i, step in enumerate(reveal_plan(chosen, split), start=1):
            self._write_log(
                Text(f"{i}. {reveal_line(plain_cards([step.card]), step.reasons, self.t)}")
            )
        self._refresh()

    def action_focus_command(self) -> None:
        """Put the cursor in the command line (/)."""
        self.query_one("#command", Input).focus()

    def action_blur_command(self) -> None:
        """Leave the command line, dropping what was typed (Escape)."""
        self.query_one("#command", Input).value = ""
        self.set_focus(None)

    def action_scroll_log(self, pages: int) -> None:
        """Scroll the table log by a page up (PageUp, ``pages=-1``) or down (PageDown)."""
        log = self.query_one("#log", RichLog)
        if pages < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_help(self) -> None:
        """Show keys and commands (?)."""
        self.push_screen(HelpScreen(self.t))

    def action_quit_session(self) -> None:
        """End the session with a summary (Q)."""
        if not self.finished:
            self._show_summary()

    async def action_quit(self) -> None:
        """Ctrl+Q ends the session like Q: the session summary first (Textual's default
        leaves at once, without it); on the summary it leaves."""
        self._end_like_q()

    def action_help_quit(self) -> None:
        """Ctrl+C ends the session like Q (Textual's default only says to press Ctrl+Q)."""
        self._end_like_q()

    def _end_like_q(self) -> None:
        if self.finished:
            self.exit(self.session.players)
        else:
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

        A leading ``/`` (the key that opens the command line, typed again) is ignored. After
        any Enter (a command run, refused by the rules or not understood) the keys belong to
        the table again; the message line says what was wrong, and ``/`` opens the line
        again.
        """
        event.input.value = ""
        self.set_focus(None)
        text = event.value.strip().lstrip("/:").strip()
        if not text:
            return
        try:
            command = parse_command(text, self.t)
        except CommandError as exc:
            self._say(str(exc))
            return
        self.message = ""
        self._run_command(command)
        if not self.message:
            # Accepted: echo it. What it caused is logged by the worker, after this line;
            # a refused command is explained in the message line only.
            self._write_log(Text("> " + text, style="dim"))

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
                    code = parse_code(token)
                except InvalidCardError:
                    raise CommandError(
                        self.t(
                            "{token} is not a card: write cards like As, Kd, 10h or give "
                            "their positions 1 to {count}.",
                            token=typed,
                            count=len(cards),
                        )
                    ) from None
                if code not in cards:
                    raise CommandError(
                        self.t(
                            "{card} is not in your hand. Your cards: {cards}",
                            card=plain_cards([code]),
                            cards=plain_cards(cards),
                        )
                    )
                codes.append(code)
        if len(set(codes)) != len(codes):
            raise CommandError(self.t("Each card may be chosen only once."))
        return codes

    def _run_command(self, command: Command) -> None:
        verb = command.verb
        try:
            if verb == "fold":
                self._act(Action.fold())  # typed: deliberate, no question
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
                if command.direction is not None:
                    self.action_declare(command.direction)
                elif not self._my_turn(Phase.DECLARING):  # say when, not what to type
                    self._say(
                        self.t("You declare after the last betting round, at a declare table.")
                    )
                else:
                    self._say(
                        self.t("Declare what? Type: declare high, declare low or declare both.")
                    )
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
