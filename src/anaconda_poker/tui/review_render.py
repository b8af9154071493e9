"""One hand's review as a Rich renderable, shared by ``anaconda-poker review`` and the
terminal game's review screen (the words: :mod:`anaconda_poker.i18n.review_text`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from anaconda_poker.analysis.review import HandReview
from anaconda_poker.core.cards import parse_code
from anaconda_poker.i18n import Translator
from anaconda_poker.i18n.review_text import (
    chips_text,
    header_text,
    noise_text,
    option_text,
    options_text,
    phase_label,
    pricing_text,
    stage_text,
)
from anaconda_poker.tui.cards import card_label


def symbol_cards(option: Mapping[str, Any]) -> dict[str, Any]:
    """``option`` (a review option's dict) with its cards as the terminal game draws them
    (``"10♥"`` for ``"Th"``), so the review reads like the table above it."""
    return {**option, "cards": [card_label(parse_code(c)) for c in option.get("cards") or ()]}


def review_renderable(
    review: HandReview, _: Translator, *, title: str | None = None, symbols: bool = False
) -> RenderableType:
    """The model, a row per decision (when, what was chosen, the model's best, the expected
    chips lost, "mistake" or "within sampling error"; a bet also gives the model's share of
    the pot it is priced on, a declaration every choice's chips), the losses by
    phase and the chips won in the hand. Cards are written ``Th`` (as ``replay`` and the
    hand history write them), or with ``symbols`` ``10♥`` as the terminal game draws them."""
    shown = symbol_cards if symbols else dict
    parts: list[RenderableType] = []
    if title is not None:
        parts.append(Text(title, style="bold"))
    parts.append(Text(header_text(review.description, review.trials, review.threshold, _)))
    if review.stake:
        parts.append(
            Text(
                _(
                    "Passes and arrangements are priced on the pot this hand reached ({chips}), "
                    "bets on the pot of the moment plus one called bet in each later round.",
                    chips=_.number(review.stake),
                ),
                style="dim",
            )
        )
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column(_("When"))
    table.add_column(_("You chose"))
    table.add_column(_("Best by the model"))
    table.add_column(_("Expected loss"), justify="right", no_wrap=True)
    table.add_column("")
    for decision in review.decisions:
        d = decision.to_dict()
        best = _("the same") if d["best"] == d["chosen"] else option_text(shown(d["best"]), _)
        if d["order"] is not None:
            order = " ".join(shown({"cards": d["order"]})["cards"])
            best += "\n" + _("reveal order {cards} (not priced)", cards=order)
        every = options_text(d, _)
        if every is not None:
            best += "\n" + every
        cell = Text(best)
        pricing = pricing_text(d, _)
        if pricing is not None:  # where a bet's chips come from (issue 16 §3 trial)
            cell.append("\n" + pricing, style="dim")
        noise = noise_text(d, _)
        mark: Text | str = ""
        if d["mistake"]:
            mark = Text(_("mistake"), style="bold red")
        elif noise is not None:
            mark = Text(noise, style="dim")
        table.add_row(
            stage_text(d, _),
            option_text(shown(d["chosen"]), _),
            cell,
            chips_text(d["loss"], _),
            mark,
        )
    parts.append(table)
    lines = []
    for phase, (loss, mistakes) in review.by_phase().items():
        name, chips = phase_label(phase.value, _), chips_text(loss, _)
        lines.append(
            _.ngettext(
                "{phase} {chips} ({count} mistake)",
                "{phase} {chips} ({count} mistakes)",
                mistakes,
                phase=name,
                chips=chips,
                count=mistakes,
            )
        )
    parts.append(Text(_("Expected loss by phase: {parts}", parts="; ".join(lines))))
    if review.net is not None:
        net = _.number(review.net, "+#,##0;-#,##0")
        parts.append(Text(_("Chips won in this hand: {net}", net=net)))
    return Group(*parts)
