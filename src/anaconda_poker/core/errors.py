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
    """A table configuration (house rules, stakes, seats) is impossible or inconsistent."""
