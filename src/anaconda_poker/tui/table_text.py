"""The texts of the terminal table, built from the engine's view of the person's seat
(RULES.md §7): the phase in the top bar, the pot box, the prompt, the preview of the chosen
five, the passes made and the legend of the card marks.

Pure functions of the view, the hand's state and the person's choices: no widgets, so the
table (:mod:`anaconda_poker.tui.view`) only places what these return. Amounts are chips.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.config import Betting, Direction, Split
from anaconda_poker.core.state import HandState, LegalActions, Phase
from anaconda_poker.i18n import (
    Translator,
    betting_label,
    describe_high,
    describe_low,
    direction_label,
)
from anaconda_poker.tui.cards import card_row, plain_cards
from anaconda_poker.tui.declare import declare_prompt
from anaconda_poker.tui.summary import pot_name

__all__ = [
    "aggressive_range",
    "chosen_amount",
    "five_preview",
    "marks_legend",
    "pass_receiver",
    "passes_text",
    "phase_title",
    "pot_text",
    "prompt_text",
]


def pass_receiver(state: HandState, seat: int, direction: Direction) -> int:
    """The seat that receives ``seat``'s pass: its neighbour in ``direction`` among the
    players still in the hand (RULES.md §3, the engine's ring ``HandState.order``)."""
    ring = [s for s in state.order if state.live[s]]
    step = 1 if direction is Direction.LEFT else -1
    return ring[(ring.index(seat) + step) % len(ring)]


def aggressive_range(legal: LegalActions) -> tuple[ActionKind, int, int] | None:
    """The bet or raise ``legal`` allows as ``(kind, lowest "to" amount, highest)`` in
    chips, ``None`` when neither is allowed."""
    if ActionKind.BET in legal.kinds and legal.bet_range:
        return ActionKind.BET, legal.bet_range[0], legal.bet_range[1]
    if ActionKind.RAISE in legal.kinds and legal.raise_range:
        return ActionKind.RAISE, legal.raise_range[0], legal.raise_range[1]
    return None


def chosen_amount(amount: int | None, low: int, high: int) -> int:
    """The amount the person chose with +/− (``None``: none yet, the lowest), kept within
    ``low``–``high`` chips."""
    return min(max(amount if amount is not None else low, low), high)


def phase_title(t: Translator, view: dict[str, Any], state: HandState) -> str:
    """Where the hand is, for the top bar: "Betting round 2 of 4", "Pass 1: 3 cards to the
    left", "Arranging", "Declaring", "Hand over" (everyone else folded) or "Showdown"."""
    _ = t
    cfg = state.config
    phase = view["phase"]
    if phase == Phase.BETTING.value:
        return _(
            "Betting round {number} of {total}",
            number=view["betting_round"],
            total=cfg.betting_rounds,
        )
    if phase == Phase.PASSING.value:
        count = view["pass_count"]
        direction = direction_label(cfg.pass_directions[view["pass_index"]], _)
        return _.ngettext(
            "Pass {number}: {count} card {direction}",
            "Pass {number}: {count} cards {direction}",
            count,
            number=view["pass_index"] + 1,
            count=count,
            direction=direction,
        )
    if phase == Phase.ARRANGING.value:
        return _("Arranging")
    if phase == Phase.DECLARING.value:
        return _("Declaring")
    if state.result is not None and not state.result.showdown:
        return _("Hand over")  # everyone else folded: nothing was shown
    return _("Showdown")


def pot_text(t: Translator, view: dict[str, Any], state: HandState, *, me: int) -> Text:
    """The pot box: the pot total, each pot when there are side pots, the current bet,
    whose turn it is (or how many players are ready in a simultaneous step) and the stakes.
    ``me`` is the person's seat."""
    _ = t
    text = Text()
    text.append(_("Pot {amount}", amount=view["pot_total"]) + "\n", style="bold #f2d27a")
    pots = view["pots"]
    if len(pots) > 1:
        for index, pot in enumerate(pots):
            text.append(f"{pot_name(index, _)}: {_.number(pot['amount'])}\n", style="#e9d9a6")
    if view["current_bet"]:
        text.append(_("Current bet {amount}", amount=view["current_bet"]) + "\n")
    if view["phase"] == Phase.BETTING.value:
        actor = view["to_act"][0] if view["to_act"] else None
        if actor is not None:
            whose = (
                _("Your turn.")
                if actor == me
                else _("{player} to act", player=state.names[actor] or "")
            )
            text.append("▶ " + whose, style="bold #ffd75f")
    elif view["phase"] in (Phase.PASSING.value, Phase.ARRANGING.value, Phase.DECLARING.value):
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
    return text


def marks_legend(t: Translator, *, received: bool, turned: bool) -> str:
    """What the marks under the cards mean, for the marks on show."""
    parts = []
    if received:
        parts.append("• " + t("received in the last pass"))
    if turned:
        parts.append("▲ " + t("turned face up"))
    return " · ".join(parts)


def passes_text(t: Translator, records: Sequence[dict[str, Any]], *, compact: bool) -> Text:
    """What you passed and received: a line per pass, or on a short screen (``compact``)
    every pass in two lists (pass 1 · pass 2 · pass 3)."""
    _ = t
    if not records:
        return Text()
    if compact:
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


def five_preview(t: Translator, five: Sequence[int], split: Split) -> Text:
    """The chosen five in reveal order with their high (and, when ``split`` has a low,
    low) description."""
    _ = t
    text = Text("→ ", style="bold #ffd75f")
    text.append_text(card_row(five))
    text.append("  " + _("High: {hand}", hand=describe_high(five, _)), style="#ffffff")
    if split.has_low:
        low = describe_low(five, _, qualifier=split.low_qualifier)
        text.append("  " + (_("Low: {hand}", hand=low) if low else _("no low")), style="#a6e3a1")
    return text


def prompt_text(
    t: Translator,
    view: dict[str, Any],
    state: HandState,
    *,
    me: int,
    selection: Sequence[int],
    amount: int | None,
    split: Split,
    compact: bool,
) -> Text:
    """The prompt line: what the person (seat ``me``) may do now or whom the hand waits
    for. ``selection`` is the cards chosen so far (pass or arrangement), ``amount`` the
    bet or raise chosen with +/− (``None``: none yet), ``compact`` a short screen."""
    _ = t
    phase = view["phase"]
    legal = state.legal_actions(me)
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
        return _betting_prompt(t, legal, amount)
    if phase == Phase.DECLARING.value:
        return declare_prompt(_, view, state.config.swing, compact=compact)
    if phase == Phase.PASSING.value:
        count = legal.pass_count
        direction = state.config.pass_directions[max(state.pass_index, 0)]
        where = direction_label(direction, _)
        receiver = state.names[pass_receiver(state, me, direction)] or ""
        return Text(
            _.ngettext(
                "Choose {count} card to pass {direction}, to {player} (keys 1–7), then "
                "Enter. Selected: {selected} of {count}.",
                "Choose {count} cards to pass {direction}, to {player} (keys 1–7), then "
                "Enter. Selected: {selected} of {count}.",
                count,
                count=count,
                direction=where,
                player=receiver,
                selected=len(selection),
            )
        )
    text = Text(
        _(
            "Choose five cards in reveal order, then Enter. Selected: {selected} of 5.",
            selected=len(selection),
        )
        if compact  # the key bar names H, L and O
        else _(
            "Choose your five cards in the order you will reveal them (first chosen is "
            "turned first), then Enter. H best high, L best low, O best for both. "
            "Selected: {selected} of 5.",
            selected=len(selection),
        )
        if split.has_low
        else _(
            "Choose your five cards in the order you will reveal them (first chosen is "
            "turned first), then Enter. H suggests the best high. Selected: {selected} of 5.",
            selected=len(selection),
        )
    )
    if len(selection) == 5:
        text.append("\n")
        text.append_text(five_preview(t, selection, split))
    return text


def _betting_prompt(t: Translator, legal: LegalActions, amount: int | None) -> Text:
    """The prompt on the person's turn to bet: the call (or check), the bet or raise range
    and the amount chosen with +/−."""
    _ = t
    parts = [_("Your turn.")]
    if ActionKind.CALL in legal.kinds:
        parts.append(_("To call: {amount}", amount=legal.call_amount))
    else:
        parts.append(_("Nothing to call: you may check."))
    aggressive = aggressive_range(legal)
    if aggressive is not None:
        kind, low, high = aggressive
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
            parts.append(_("chosen: {amount} (+/−)", amount=chosen_amount(amount, low, high)))
    return Text("  ".join(parts))
