"""The exception family of the rules core.

Every error the core raises derives from :class:`AnacondaError`, itself a ``ValueError``.
"Malformed" input (a token that is not a card, a duplicate card, an impossible table
configuration) is separated from "not legal now" (an action that is well formed but not
allowed at this point of the hand), as python-chess separates ``InvalidMoveError`` from
``IllegalMoveError``.
"""

from __future__ import annotations


class AnacondaError(ValueError):
    """Base class of every error raised by :mod:`anaconda_poker.core`."""


class InvalidCardError(AnacondaError):
    """A card token is malformed (unknown rank or suit) or a card code is out of range."""


class DuplicateCardError(InvalidCardError):
    """The same card appears twice where every card must be distinct."""


class InvalidConfigError(AnacondaError):
    """A table configuration (house rules, stakes, seats) is impossible or inconsistent.

    Args:
        message: what is wrong and what is allowed.
        option: the option to blame (``"ante"``, ``"pass_counts"``, ``"seats"``) when it is
            one option, else ``None``.
    """

    def __init__(self, message: str, *, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class OptionOutOfRangeError(InvalidConfigError):
    """A table option outside the bounds the engine and RULES.md allow (``core.config``).

    The message reads ``"<option> must be <allowed>, got <value>"``; a long value is cut.

    Args:
        option: the option's name, e.g. ``"ante"``.
        allowed: the allowed values in words, e.g. ``"0 to 1000000000 chips"``.
        value: what was given.
        shown: how to show the value in the message (default: its ``repr``).
    """

    def __init__(
        self, option: str, allowed: str, value: object, *, shown: str | None = None
    ) -> None:
        if shown is None:
            try:
                shown = repr(value)
            except ValueError:  # an int beyond Python's digit limit for str()
                shown = "a number too long to show"
        if len(shown) > 40:
            shown = f"{shown[:37]}..."
        super().__init__(f"{option} must be {allowed}, got {shown}", option=option)
        self.allowed = allowed
        self.value = value
