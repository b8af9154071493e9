"""Turning the ``cards`` argument of the scalar API into validated numbers, fast.

Each card (an ``int`` code 0..51 or a :class:`~anaconda_poker.core.cards.Card`) maps to
one packed Python integer; the sum over a hand holds, in separate bit fields:

* bits 0..24: the rank-key sum (:mod:`.rank_keys`);
* bits 25..40: four 4-bit suit counters, each started at 3, so bit 3 of a counter is set
  exactly when that suit holds 5 or more cards (a flush);
* bits 41..92: one bit per card at ``13 * suit + rank``: the 13-bit rank mask of every
  suit, and a duplicate check (``n`` distinct cards sum to ``n`` set bits, a repeated card
  carries into fewer).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from anaconda_poker.core.cards import Card, card_str
from anaconda_poker.core.errors import DuplicateCardError, InvalidCardError
from anaconda_poker.core.evaluation.rank_keys import KEY_BITS, RANK_KEYS

COUNTER_SHIFT: Final = KEY_BITS
CARD_SHIFT: Final = COUNTER_SHIFT + 16
KEY_MASK: Final = (1 << KEY_BITS) - 1
START: Final = 0x3333 << COUNTER_SHIFT
FLUSH_BITS: Final = 0x8888 << COUNTER_SHIFT
FLUSH_SHIFT: Final = {
    (0x8 << (4 * suit + COUNTER_SHIFT)): CARD_SHIFT + 13 * suit for suit in range(4)
}
"""Flush bit of a suit's counter → right shift that brings that suit's rank mask to bit 0."""


def _packed(code: int) -> int:
    rank, suit = code >> 2, code & 3
    return (
        RANK_KEYS[rank] + (1 << (COUNTER_SHIFT + 4 * suit)) + (1 << (CARD_SHIFT + 13 * suit + rank))
    )


PACKED: Final[dict[object, int]] = {code: _packed(code) for code in range(52)}
"""Packed number of each card code. :class:`Card` objects are not keys (hashing a dataclass
is slow): the scalar functions convert them with :func:`codes_of` first."""


def codes_of(cards: Iterable[int | Card], *, sizes: range) -> list[int]:
    """Validated int codes of ``cards``.

    Raises:
        InvalidCardError: a card is neither an int 0..51 nor a Card, or the number of cards
            is not in ``sizes``.
        DuplicateCardError: a card appears twice.
    """
    codes: list[int] = []
    for card in cards:
        if isinstance(card, Card):
            codes.append(card.code)
            continue
        try:
            valid = card in PACKED
        except TypeError:
            valid = False
        if not valid:
            raise InvalidCardError(f"not a card: {card!r} (cards are int codes 0..51 or Card)")
        codes.append(int(card))
    check_count(len(codes), sizes)
    seen: set[int] = set()
    for code in codes:
        if code in seen:
            raise DuplicateCardError(f"duplicate card {card_str(code)} in one hand")
        seen.add(code)
    return codes


def check_count(count: int, sizes: range) -> None:
    """Raise :class:`InvalidCardError` unless ``count`` is in ``sizes``."""
    if count not in sizes:
        raise InvalidCardError(
            f"{count} cards given: this evaluation takes {sizes.start} to {sizes.stop - 1}"
        )
