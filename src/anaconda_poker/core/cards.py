"""Cards, card codes, parsing and the deck.

A card is identified by an integer code ``4 * rank_index + suit_index`` where ranks
``2..A`` map to ``0..12`` and suits ``c, d, h, s`` map to ``0..3`` (so ``2c`` = 0 and
``As`` = 51). Batch APIs elsewhere take NumPy arrays of these codes.

Text notation follows RULES.md ("Notation"): rank then suit, ranks ``23456789TJQKA``
(``10`` is accepted for ``T`` on input), suits ``cdhs``, any case on input.

>>> Card.parse("As").code
51
>>> str(Card.parse("10h"))
'Th'
>>> [str(c) for c in parse_cards("As kd 10h")]
['As', 'Kd', 'Th']
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from anaconda_poker.core.errors import DuplicateCardError, InvalidCardError

RANKS = "23456789TJQKA"
"""Rank characters in increasing order; the index is the rank index (2 → 0, A → 12)."""
SUITS = "cdhs"
"""Suit characters; the index is the suit index (clubs 0, diamonds 1, hearts 2, spades 3)."""

RANK_NAMES = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
"""English rank names by rank index, singular (used by hand descriptions)."""

_RANK_INDEX = {ch: i for i, ch in enumerate(RANKS)}
_RANK_INDEX["1"] = 8  # only reached through "10"
_SUIT_INDEX = {ch: i for i, ch in enumerate(SUITS)}
CARD_TEXT: tuple[str, ...] = tuple(RANKS[code >> 2] + SUITS[code & 3] for code in range(52))
"""The text of each card code (``CARD_TEXT[51] == "As"``): :func:`card_str` without its
range check, for loops over codes already known to be cards (views build about 100,000
card texts in a 150-hand arena run)."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card, stored as its integer code ``0..51``.

    Cards order by code, i.e. by rank then suit. Construct from text with
    :meth:`Card.parse` or from a code with ``Card(code)``.

    Raises:
        InvalidCardError: if ``code`` is not an int in ``0..51``.
    """

    code: int

    def __post_init__(self) -> None:
        if not isinstance(self.code, int) or isinstance(self.code, bool):
            raise InvalidCardError(f"card code must be an int 0..51, got {self.code!r}")
        if not 0 <= self.code < 52:
            raise InvalidCardError(f"card code {self.code} is out of range 0..51")

    @property
    def rank(self) -> int:
        """Rank index ``0..12`` (2 → 0, ace → 12)."""
        return self.code >> 2

    @property
    def suit(self) -> int:
        """Suit index ``0..3`` (clubs, diamonds, hearts, spades)."""
        return self.code & 3

    @classmethod
    def from_rank_suit(cls, rank: int, suit: int) -> Card:
        """Build a card from a rank index ``0..12`` and a suit index ``0..3``.

        Raises:
            InvalidCardError: if either index is out of range.
        """
        if not (0 <= rank < 13 and 0 <= suit < 4):
            raise InvalidCardError(f"rank {rank} / suit {suit} out of range 0..12 / 0..3")
        return cls(4 * rank + suit)

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one card such as ``"As"``, ``"td"``, ``"10h"`` (any case).

        Raises:
            InvalidCardError: naming the token, if the rank or the suit is unknown.
        """
        return cls(parse_code(token))

    def __str__(self) -> str:
        return RANKS[self.code >> 2] + SUITS[self.code & 3]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def parse_code(token: str) -> int:
    """Parse one card token into its integer code ``0..51``.

    Accepts ``T`` or ``10`` for tens and any case (``"as"``, ``"AS"``, ``"10H"``).

    Raises:
        InvalidCardError: naming the token and what is allowed.
    """
    if not isinstance(token, str):
        raise InvalidCardError(f"card token must be a string, got {token!r}")
    text = token.strip()
    rank_text, suit_text = text[:-1], text[-1:].lower()
    rank_key = rank_text.upper()
    if rank_key == "10":
        rank_key = "T"
    if len(rank_key) != 1 or rank_key not in RANKS:
        raise InvalidCardError(
            f"unknown rank in card {token!r}: ranks are {' '.join(RANKS)} (or 10 for T)"
        )
    if suit_text not in _SUIT_INDEX:
        raise InvalidCardError(f"unknown suit in card {token!r}: suits are c d h s")
    return 4 * _RANK_INDEX[rank_key] + _SUIT_INDEX[suit_text]


def card_str(code: int) -> str:
    """The two-character text of a card code, e.g. ``51 → "As"``.

    Raises:
        InvalidCardError: if ``code`` is not in ``0..51``.
    """
    if not 0 <= code < 52:
        raise InvalidCardError(f"card code {code} is out of range 0..51")
    return CARD_TEXT[code]


def parse_codes(text: str | Iterable[str]) -> list[int]:
    """Parse several distinct cards into integer codes.

    Args:
        text: a string of tokens separated by spaces or commas (``"As Kd 10h"``), or an
            iterable of single tokens.

    Returns:
        The card codes in input order.

    Raises:
        InvalidCardError: naming the first bad token.
        DuplicateCardError: naming the first repeated card.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    codes: list[int] = []
    seen: set[int] = set()
    for token in tokens:
        code = parse_code(token)
        if code in seen:
            raise DuplicateCardError(f"duplicate card {card_str(code)} (token {token!r})")
        seen.add(code)
        codes.append(code)
    return codes


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse several distinct cards, e.g. ``parse_cards("As Kd 10h")``.

    Raises:
        InvalidCardError: naming the first bad token.
        DuplicateCardError: naming the first repeated card.
    """
    return [Card(code) for code in parse_codes(text)]


def format_cards(codes: Iterable[int | Card]) -> str:
    """Space-separated text of cards or codes, e.g. ``"As Kd Th"``."""
    return " ".join(str(c) if isinstance(c, Card) else card_str(c) for c in codes)


class ShuffleRNG(Protocol):
    """What a deck needs from a random generator: ``random.Random`` and
    ``secrets.SystemRandom`` both satisfy it."""

    def shuffle(self, x: list[int]) -> None: ...


FULL_DECK: tuple[int, ...] = tuple(range(52))
"""All 52 card codes in increasing order."""


class Deck:
    """A 52-card deck shuffled by an injected RNG.

    Args:
        rng: any object with ``shuffle(list)``; defaults to ``secrets.SystemRandom()``
            (cryptographically secure, RULES.md §1). Pass ``random.Random(seed)`` for
            reproducible tests and simulations. The module-level ``random`` is never used.
        order: an explicit dealing order (52 distinct codes) instead of shuffling.

    Raises:
        InvalidCardError / DuplicateCardError: if ``order`` is not a permutation of 0..51.

    >>> d = Deck(rng=random.Random(7)); len(d.deal(7)), len(d)
    (7, 45)
    """

    __slots__ = ("_cards", "_position")

    def __init__(self, *, rng: ShuffleRNG | None = None, order: Sequence[int] | None = None):
        if order is not None:
            cards = [int(c) for c in order]
            if sorted(cards) != list(FULL_DECK):
                bad = [c for c in cards if not 0 <= c < 52]
                if bad:
                    raise InvalidCardError(f"card code {bad[0]} is out of range 0..51")
                raise DuplicateCardError("a deck order must hold each of the 52 cards once")
        else:
            cards = list(FULL_DECK)
            (rng if rng is not None else secrets.SystemRandom()).shuffle(cards)
        self._cards = cards
        self._position = 0

    @property
    def order(self) -> tuple[int, ...]:
        """The full dealing order (52 codes), including cards already dealt."""
        return tuple(self._cards)

    def deal(self, count: int) -> list[int]:
        """Deal ``count`` card codes from the top.

        Raises:
            ValueError: if fewer than ``count`` cards remain or ``count`` is negative.
        """
        if count < 0 or count > len(self):
            raise ValueError(f"cannot deal {count} cards: {len(self)} remain")
        cards = self._cards[self._position : self._position + count]
        self._position += count
        return cards

    def remaining(self) -> list[int]:
        """Codes not yet dealt, in dealing order."""
        return self._cards[self._position :]

    def __len__(self) -> int:
        return 52 - self._position


def seeded_rng(seed: int) -> random.Random:
    """A reproducible RNG for tests, simulations and replays (never for real games)."""
    return random.Random(seed)
