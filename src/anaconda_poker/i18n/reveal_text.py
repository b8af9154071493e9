"""The words of the reveal-order advice (:mod:`anaconda_poker.analysis.reveal`): one line per
card saying why it is turned up at that point, shared by ``equity --advise arrange``, the
terminal game and the web's arrangement advice (which sends the lines already translated).

Takes reason codes (strings), so this module needs nothing from the analysis package.

>>> from anaconda_poker.i18n import translator
>>> reveal_line("Kd", ("pair", "suit"), translator("en"))
'Kd now: keeps back a pair and suited cards'
"""

from __future__ import annotations

from collections.abc import Sequence

from anaconda_poker.i18n.catalog import Translator

_HIDDEN = ("pair", "suit", "connector")
"""Reasons that name what the card keeps back."""


def reveal_line(card: str, reasons: Sequence[str], _: Translator) -> str:
    """Why ``card`` (as text, ``"Kd"``) is revealed at its step, in the translator's language.

    Args:
        card: the card as text.
        reasons: reason codes of :class:`~anaconda_poker.analysis.reveal.RevealStep`.
        _: the translator.

    Raises:
        ValueError: an unknown reason code (the known ones: ``REASONS`` of
            :mod:`anaconda_poker.analysis.reveal`).
    """
    hidden = [r for r in reasons if r in _HIDDEN]
    if hidden:
        parts = {
            "pair": _("a pair"),
            "suit": _("suited cards"),
            "connector": _("connected cards"),
        }
        return _(
            "{card} now: keeps back {hidden}", card=card, hidden=_.join([parts[r] for r in hidden])
        )
    reason = reasons[0] if reasons else ""
    if reason == "high":
        return _("{card} now: the weakest-looking card left; the strong ones show last", card=card)
    if reason == "looks_low":
        return _("{card} now: a low card first, so the board may look like a low", card=card)
    if reason == "low":
        return _("{card} now: the highest low card left; your low shows last", card=card)
    if reason == "last":
        return _("{card} last: the whole hand shows only now", card=card)
    if reason == "equal":
        return _("{card} now: any card left would show as much", card=card)
    raise ValueError(f"unknown reveal reason {reason!r}")
