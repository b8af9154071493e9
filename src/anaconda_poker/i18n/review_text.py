"""The words of a hand review (``analysis/review.py``), shared by the CLI and the terminal
game; the web client has the same message ids in ``web/static/js/review.js``.

Functions take a decision as the JSON-ready dict of
:meth:`anaconda_poker.analysis.review.DecisionReview.to_dict` (cards as text, chips as
numbers), so this module needs nothing from the analysis package.

>>> from anaconda_poker.i18n import translator
>>> option_text({"kind": "raise", "to": 8, "cards": []}, translator("it"))
'rilancia a 8'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from anaconda_poker.i18n.catalog import N_, Translator

PHASE_LABELS: dict[str, str] = {
    "passing": N_("Passing"),
    "arranging": N_("Arrangement"),
    "betting": N_("Betting"),
    "declaring": N_("Declaration"),
}
"""Message ids of the review's phases."""

MODEL_SENTENCES: tuple[str, ...] = (
    N_("against random opponents (their unseen cards dealt at random)"),
    N_("against opponents who pass like a solid player and bet by strength"),
    N_(
        "against opponents who pass like a solid player and bet by strength; your own "
        "passes against random opponents"
    ),
)
"""Message ids of the opponent models a review states (the model's ``description``)."""


def option_text(option: Mapping[str, Any], _: Translator) -> str:
    """One option in words: ``"pass 4s 5c Ah"``, ``"keep 2c 3d 4h 5s 7c"``, ``"fold"``,
    ``"raise to 8"`` (chips), ``"declare low"``."""
    kind = option["kind"]
    cards = " ".join(option.get("cards") or ())
    if kind == "pass":
        return _("pass {cards}", cards=cards)
    if kind == "arrange":
        return _("keep {cards}", cards=cards)
    if kind == "fold":
        return _("fold")
    if kind == "check":
        return _("check")
    if kind == "call":
        return _("call")
    if kind == "bet":
        return _("bet {amount}", amount=option.get("to") or 0)
    if kind == "declare":
        direction = option.get("declaration")
        if direction == "high":
            return _("declare high")
        if direction == "low":
            return _("declare low")
        return _("declare both (swing)")
    return _("raise to {amount}", amount=option.get("to") or 0)


def stage_text(decision: Mapping[str, Any], _: Translator) -> str:
    """Where the decision was: ``"Pass 2"``, ``"Arrangement"``, ``"Betting round 5"``."""
    phase = decision["phase"]
    if phase == "passing":
        return _("Pass {number}", number=decision["stage"])
    if phase == "arranging":
        return _("Arrangement")
    if phase == "declaring":
        return _("Declaration")
    return _("Betting round {number}", number=decision["stage"])


def options_text(decision: Mapping[str, Any], _: Translator) -> str | None:
    """Every option the review valued, with its chips and share of the pot, or ``None``
    when the review compared only the chosen and the best (passes, arrangements, bets):
    ``"declare high: 58.0 chips (100.0%); declare low: 29.0 chips (50.0%); ..."``."""
    options = decision.get("options") or ()
    if not options:
        return None
    return "; ".join(
        _(
            "{option}: {chips} ({share} of the pot)",
            option=option_text(o, _),
            chips=chips_text(o["value"], _),
            share=_.percent(o["share"]),
        )
        for o in options
    )


def header_text(description: str, trials: int, threshold: float, _: Translator) -> str:
    """The review's first line: the model, the deals, and the rule that makes a mistake
    (more than the threshold, and more than twice the loss's sampling error where one is
    estimated: ``analysis.review_types.NOISE_FACTOR``)."""
    return _(
        "Model: {model}. {trials} deals per decision; a mistake loses more than {chips} "
        "and more than twice its sampling error.",
        model=model_sentence(description, _),
        trials=_.number(trials),
        chips=chips_text(threshold, _),
    )


def noise_text(decision: Mapping[str, Any], _: Translator) -> str | None:
    """The mark of a loss above the threshold that is not a mistake because the sampling
    cannot tell it from zero: ``"within sampling error (±3.6)"`` (the band is
    ``noise_band``, chips), else ``None``."""
    if not decision.get("within_noise"):
        return None
    band = _.number(round(float(decision.get("noise_band") or 0.0), 1), "#,##0.0")
    return _("within sampling error (±{chips})", chips=band)


def pricing_text(decision: Mapping[str, Any], _: Translator) -> str | None:
    """Where a bet's prices come from: the model's share of the pot, the pot and the chips
    to call, and the share before reading the opponents' bets when they moved it:
    ``"model's share 2.0% of a pot of 76 chips, 8 to call; 18.4% before reading the
    opponents' bets"``; ``None`` for other decisions."""
    if decision.get("phase") != "betting" or decision.get("share") is None:
        return None
    text = _(
        "model's share {share} of a pot of {pot} chips, {call} to call",
        share=_.percent(float(decision["share"])),
        pot=_.number(decision["pot"]),
        call=_.number(decision.get("to_call") or 0),
    )
    unread = decision.get("share_unread")
    if unread is not None:
        text += "; " + _(
            "{share} before reading the opponents' bets", share=_.percent(float(unread))
        )
    return text


def chips_text(chips: float, _: Translator) -> str:
    """Expected chips with one decimal: ``"7.6 chips"``."""
    return _("{amount} chips", amount=_.number(round(chips, 1), "#,##0.0"))


def phase_label(phase: str, _: Translator) -> str:
    """The translated phase name (``"Passaggio"``)."""
    return _(PHASE_LABELS[phase])


def model_sentence(description: str, _: Translator) -> str:
    """The model's sentence, translated: ``"against random opponents (...)"``."""
    return _(description)
