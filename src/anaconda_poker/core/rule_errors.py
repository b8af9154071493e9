"""Errors for actions that are well formed but not legal at this point of a hand.

Every class derives from :class:`IllegalActionError`, itself an
:class:`~anaconda_poker.core.errors.AnacondaError` (a ``ValueError``). A malformed action
record (unknown kind, duplicate card in one action, missing amount) is rejected earlier by
:class:`~anaconda_poker.core.actions.MalformedActionError`; the classes here mean "legal in
form, illegal now" (the python-chess split of invalid vs illegal moves, STYLE.md §2).

When :meth:`HandState.apply <anaconda_poker.core.state.HandState.apply>` raises one of these,
the hand state is exactly as it was before the call.
"""

from __future__ import annotations

from anaconda_poker.core.errors import AnacondaError


class IllegalActionError(AnacondaError):
    """An action that is not allowed now; the message says what was wrong and what is allowed.

    Attributes:
        seat: the seat that tried to act (``None`` when not known).
    """

    def __init__(self, message: str, *, seat: int | None = None) -> None:
        super().__init__(message)
        self.seat = seat


class HandCompleteError(IllegalActionError):
    """Any action after the hand has ended (RULES.md §2.7)."""


class NotYourTurnError(IllegalActionError):
    """The seat is not among the seats that must act now (RULES.md §4 order), or has already
    committed its pass or arrangement, or does not play in this hand."""


class FoldedError(NotYourTurnError):
    """The seat has folded and may not act for the rest of the hand (RULES.md §4)."""


class ActionNotAllowedError(IllegalActionError):
    """The kind of action is not allowed now: e.g. a check facing a bet, a bet during a pass,
    a raise when the raise cap is reached or betting is not reopened (RULES.md §4)."""


class AmountError(IllegalActionError):
    """A bet or raise amount outside the allowed "to" range (RULES.md §4: fixed amounts in
    fixed limit, at most the pot in pot limit, the minimum bet / minimum raise)."""


class RaiseCapError(AmountError, ActionNotAllowedError):
    """A raise in fixed limit after the raise cap is reached (RULES.md §4, ``raise_cap``)."""


class WrongCardCountError(IllegalActionError):
    """A pass of the wrong number of cards (RULES.md §3) or an arrangement of other than five
    cards (RULES.md §2.5)."""


class CardNotInHandError(IllegalActionError):
    """A passed or arranged card that is not among the seat's own passable cards (hidden
    cards of the 9-card variant included: they are never passed or arranged, RULES.md §6)."""
