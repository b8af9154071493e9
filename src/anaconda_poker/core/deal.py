"""The deal of one hand (RULES.md §2.2): which cards each seat holds and which stay undealt.
Pure: the shuffle's randomness comes in as ``rng``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from anaconda_poker.core.cards import Deck, ShuffleRNG, card_str
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.errors import DuplicateCardError, InvalidCardError, InvalidConfigError
from anaconda_poker.core.hand_types import seat_number

__all__ = ["Deal", "deal_cards"]


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one hand as dealt; lists are indexed by seat number (empty seats ``()``).

    Attributes:
        deck_order: the 52 card codes in dealing order, ``None`` when dealt from ``dealt``.
        undealt: the cards nobody was dealt.
        dealt: each seat's dealt cards in the order received.
        hands: each seat's cards in hand (the dealt cards but the hidden ones).
        hidden: each seat's hidden cards (the last two of the 9-card deal, else none).
    """

    deck_order: tuple[int, ...] | None
    undealt: list[int]
    dealt: list[tuple[int, ...]]
    hands: list[list[int]]
    hidden: list[list[int]]


def deal_cards(
    config: TableConfig,
    *,
    n_seats: int,
    order: Sequence[int],
    rng: ShuffleRNG | None,
    deck: Sequence[int] | None,
    dealt: Mapping[int, Sequence[int]] | None,
) -> Deal:
    """Deal ``config.cards_dealt`` cards to each seat of ``order`` (RULES.md §2.2): one at a
    time clockwise from the dealer's left, from ``deck`` (52 card codes in dealing order),
    from a fresh deck shuffled by ``rng`` (``secrets.SystemRandom()`` when ``None``), or as
    given in ``dealt`` (``{seat: card codes}``; seat keys may be digit strings, as in JSON).

    Args:
        config: the table's rules (cards dealt, hidden cards).
        n_seats: seats at the table (the lists of the result have this length).
        order: the seats dealt in, clockwise from the dealer's left.

    Raises:
        InvalidConfigError: ``dealt`` names other seats than ``order`` or the wrong number
            of cards.
        InvalidCardError, DuplicateCardError: a card code out of range or dealt twice.
    """
    per = config.cards_dealt
    n = n_seats
    cards_by_seat: list[list[int]] = [[] for _ in range(n)]
    if dealt is not None:
        wanted = sorted(order)
        by_seat: dict[int, Sequence[int]] = {}
        for key, cards in dealt.items():
            s = seat_number(key)
            if s is None and isinstance(key, str) and key.strip().isdigit():
                s = int(key)
            if s is None:
                raise InvalidConfigError(
                    f"dealt has a key {key!r} that is not a seat number; seats are {wanted}"
                )
            if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
                raise InvalidConfigError(
                    f"seat {s} must be dealt a list of card codes 0..51, got {cards!r}"
                )
            by_seat[s] = cards
        given = sorted(by_seat)
        if given != wanted:
            raise InvalidConfigError(
                f"dealt cards are given for seats {given}; the seats in the hand are {wanted}"
            )
        seen: set[int] = set()
        for s, cards in by_seat.items():
            codes = list(cards)
            if len(codes) != per:
                raise InvalidConfigError(
                    f"seat {s} was dealt {len(codes)} cards; this table deals {per}"
                )
            for c in codes:
                if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
                    raise InvalidCardError(
                        f"seat {s} was dealt {c!r}: dealt cards must be card codes 0..51 "
                        "(cards.parse_codes turns text such as 'As Kd' into codes)"
                    )
                if c in seen:
                    raise DuplicateCardError(f"{card_str(c)} is dealt twice")
                seen.add(c)
            cards_by_seat[s] = codes
        deck_order: tuple[int, ...] | None = None
        undealt = [c for c in range(52) if c not in seen]
    else:
        source = Deck(order=deck) if deck is not None else Deck(rng=rng)
        full = source.order
        deck_order = full
        m = len(order)
        # one card at a time clockwise from the dealer's left: the k-th seat of the
        # order gets cards k, k+m, k+2m, ... of the deck
        for k, s in enumerate(order):
            cards_by_seat[s] = list(full[k : m * per : m])
        undealt = list(full[m * per :])
    keep = per - config.hidden_cards
    return Deal(
        deck_order=deck_order,
        undealt=undealt,
        dealt=[tuple(c) for c in cards_by_seat],
        hands=[c[:keep] for c in cards_by_seat],
        hidden=[c[keep:] for c in cards_by_seat],
    )
