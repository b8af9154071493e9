"""What the message line says: what is allowed now, and why a decision was refused."""

from __future__ import annotations

from rich.cells import cell_len

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.rule_errors import (
    ActionNotAllowedError,
    AmountError,
    CardNotInHandError,
    FoldedError,
    HandCompleteError,
    NotYourTurnError,
    RaiseCapError,
    WrongCardCountError,
)
from anaconda_poker.core.state import HandState, LegalActions, Phase
from anaconda_poker.i18n import Translator, action_label


def too_small_notice(_: Translator, width: int, height: int, minimum: tuple[int, int]) -> str:
    """The top bar's notice on a terminal smaller than ``minimum`` (columns, rows): the
    whole sentence when it fits the one-line bar (``width`` less its 2 cells of padding),
    else a short form that fits 40 columns in every language, so the size the table needs
    is never cut off.
    """
    sizes = {"width": width, "height": height, "min_width": minimum[0], "min_height": minimum[1]}
    notice = _(
        "The terminal is too small ({width}×{height}): the table needs at "
        "least {min_width}×{min_height}.",
        **sizes,
    )
    if cell_len(notice) <= width - 2:
        return notice
    return _("Too small: {width}×{height}, needs {min_width}×{min_height}", **sizes)


def allowed_text(_: Translator, legal: LegalActions) -> str:
    """What the person may do now, in words: "fold, call 4, raise to 8–12".

    Args:
        _: the translator of the game's language.
        legal: the engine's legal actions of the person's seat.
    """
    parts: list[str] = []
    for kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL):
        if kind in legal.kinds:
            if kind is ActionKind.CALL:
                parts.append(_("call {amount}", amount=legal.call_amount))
            else:
                parts.append(action_label(kind, _).lower())
    if ActionKind.BET in legal.kinds and legal.bet_range:
        low, high = legal.bet_range
        parts.append(
            _("bet {amount}", amount=low)
            if low == high
            else _("bet {low} to {high}", low=low, high=high)
        )
    if ActionKind.RAISE in legal.kinds and legal.raise_range:
        low, high = legal.raise_range
        parts.append(
            _("raise to {amount}", amount=low)
            if low == high
            else _("raise to {low}–{high}", low=low, high=high)
        )
    if ActionKind.PASS in legal.kinds:
        parts.append(
            _.ngettext(
                "pass exactly {count} card",
                "pass exactly {count} cards",
                legal.pass_count,
                count=legal.pass_count,
            )
        )
    if ActionKind.ARRANGE in legal.kinds:
        parts.append(_("keep five cards in reveal order"))
    if ActionKind.DECLARE in legal.kinds:
        parts.append(_("declare high, low or both (H, L, S)"))
    return ", ".join(parts) if parts else _("nothing: it is not your turn")


def explain(
    _: Translator, error: AnacondaError, legal: LegalActions, state: HandState | None
) -> str:
    """Why the engine refused a decision, and what is allowed instead.

    Args:
        _: the translator of the game's language.
        error: the engine's specific error (core.rule_errors).
        legal: the person's legal actions now.
        state: the hand, ``None`` before the first deal.
    """
    allowed = allowed_text(_, legal)
    if isinstance(error, HandCompleteError):
        return _("The hand is over.")
    if isinstance(error, FoldedError):
        return _("You have folded in this hand.")
    if isinstance(error, NotYourTurnError):
        if state is not None and state.phase is Phase.BETTING and state.to_act:
            return _(
                "It is not your turn: waiting for {player}.",
                player=state.names[state.to_act[0]] or "",
            )
        return _("It is not your turn.")
    if isinstance(error, WrongCardCountError):
        return _("Wrong number of cards. Allowed: {allowed}", allowed=allowed)
    if isinstance(error, CardNotInHandError):
        return _("That card is not in your hand. Allowed: {allowed}", allowed=allowed)
    if isinstance(error, RaiseCapError) and state is not None:
        cap = state.config.raise_cap or 0
        return _.ngettext(
            "The raise cap is reached: {count} bet a round (a bet and {raises} raises). "
            "Allowed: {allowed}",
            "The raise cap is reached: {count} bets a round (a bet and {raises} raises). "
            "Allowed: {allowed}",
            cap,
            count=cap,
            raises=cap - 1,
            allowed=allowed,
        )
    if isinstance(error, AmountError):
        return _("That amount is not allowed. Allowed: {allowed}", allowed=allowed)
    if isinstance(error, ActionNotAllowedError):
        return _("Not allowed now. Allowed: {allowed}", allowed=allowed)
    return _("Not allowed now. Allowed: {allowed}", allowed=allowed)
