"""What one seat knows that matters for showdown equity (RULES.md §7): its cards, the
cards it knows are out of play or with some opponent, and per opponent the cards passed to it
and the cards it revealed. The input of the equity calculator
(:func:`anaconda_poker.analysis.equity.equity`) and of the dealing, opponent and advice
models, kept in a module of their own so that none of them imports another's importer.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from anaconda_poker.core.cards import card_str
from anaconda_poker.core.errors import AnacondaError, DuplicateCardError, InvalidCardError

__all__ = ["FIVE", "PLAYABLE_CARDS", "InvalidSituationError", "OpponentInfo", "SeatKnowledge"]

_CODES = frozenset(range(52))
"""Every card code."""
PLAYABLE_CARDS = 7
"""Cards a player holds for play (the 9-card deal's two hidden cards never play)."""
FIVE = 5


class InvalidSituationError(AnacondaError):
    """The described situation is impossible: wrong card counts, a card in two places,
    more cards needed than the deck holds, a bad seat number."""


@dataclass(frozen=True, kw_only=True, slots=True)
class OpponentInfo:
    """What the asking seat knows about one opponent.

    Attributes:
        seat: the opponent's seat number (any int except the asking seat's; used in messages
            and to attach passed cards).
        known: card codes ``0..51`` known to be among the opponent's seven playable cards but
            not revealed (the cards the asking seat passed to it).
        revealed: card codes turned face up by the opponent, in reveal order (at most 5).
        folded: True when the opponent is out of the hand: its known and revealed cards are
            out of play, it takes no share.
    """

    seat: int
    known: tuple[int, ...] = ()
    revealed: tuple[int, ...] = ()
    folded: bool = False

    @property
    def unknown(self) -> int:
        """Random cards to deal this opponent in one trial (0 if folded or fully shown)."""
        if self.folded or len(self.revealed) >= FIVE:
            return 0
        return PLAYABLE_CARDS - len(self.known) - len(self.revealed)


@dataclass(frozen=True, kw_only=True, slots=True)
class SeatKnowledge:
    """Everything one seat knows that matters for showdown equity (RULES.md §7).

    Attributes:
        hand: the seat's playable cards: seven codes before arranging, or the five arranged
            codes afterwards.
        out_of_play: codes the seat knows are out of play and belong to nobody's hand: its own
            hidden cards (9-card deal) and its two dead cards after arranging.
        elsewhere: codes the seat knows are in some opponent's hand without knowing whose
            (cards it passed that the receiver may have passed on). Each sampled deal puts
            them among the opponents' unknown cards (folded and fully shown hands included),
            uniformly, and deals the pool into the other places.
        opponents: one entry per other seat dealt into the hand (folded ones included, so
            their known cards leave the pool).

    Raises:
        InvalidSituationError: wrong hand size, an opponent with too many cards.
        InvalidCardError: a code outside ``0..51``.
        DuplicateCardError: the same card in two places (message names the card).
    """

    hand: tuple[int, ...]
    out_of_play: tuple[int, ...] = ()
    elsewhere: tuple[int, ...] = ()
    opponents: tuple[OpponentInfo, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(int(c) for c in self.hand))
        object.__setattr__(self, "out_of_play", tuple(int(c) for c in self.out_of_play))
        object.__setattr__(self, "elsewhere", tuple(int(c) for c in self.elsewhere))
        object.__setattr__(self, "opponents", tuple(self.opponents))
        if len(self.hand) not in (FIVE, PLAYABLE_CARDS):
            raise InvalidSituationError(
                f"a hand has 7 cards (before arranging) or 5 (arranged), got {len(self.hand)}"
            )
        # the common case at once: every code a plain int in 0..51 and none twice (then no
        # claim below can fail); else each card is claimed in turn for the precise error
        cards = [*self.hand, *self.out_of_play, *self.elsewhere]
        for opp in self.opponents:
            cards += opp.known
            cards += opp.revealed
        clean = (
            len(set(cards)) == len(cards)
            and _CODES.issuperset(cards)
            and all(type(c) is int for c in cards)
        )
        owner: dict[int, str] = {}

        def claim(cards: Iterable[int], where: str) -> None:
            if clean:
                return
            for c in cards:
                if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
                    raise InvalidCardError(f"card code {c!r} ({where}) is out of range 0..51")
                if c in owner:
                    raise DuplicateCardError(f"{card_str(c)} cannot be both {owner[c]} and {where}")
                owner[c] = where

        claim(self.hand, "in your hand")
        claim(self.out_of_play, "out of play")
        claim(self.elsewhere, "with an unknown opponent")
        seats: set[int] = set()
        for opp in self.opponents:
            if opp.seat in seats:
                raise InvalidSituationError(f"seat {opp.seat} is listed twice")
            seats.add(opp.seat)
            if len(opp.revealed) > FIVE:
                raise InvalidSituationError(
                    f"seat {opp.seat} shows {len(opp.revealed)} cards; at most 5 are revealed"
                )
            if len(opp.known) + len(opp.revealed) > PLAYABLE_CARDS:
                raise InvalidSituationError(
                    f"seat {opp.seat} would hold {len(opp.known) + len(opp.revealed)} known "
                    f"cards; a player holds {PLAYABLE_CARDS}"
                )
            claim(opp.known, f"passed to seat {opp.seat}")
            claim(opp.revealed, f"revealed by seat {opp.seat}")
        holes = self.holes()
        unseen = len(self.pool()) + len(self.elsewhere)
        if holes > unseen:
            raise InvalidSituationError(
                f"the opponents hold {holes} unknown cards but only {unseen} are unseen"
            )
        if len(self.elsewhere) > holes:
            raise InvalidSituationError(
                f"{len(self.elsewhere)} passed cards are with the opponents, but they hold "
                f"only {holes} unknown cards"
            )

    @property
    def active(self) -> tuple[OpponentInfo, ...]:
        """Opponents still in the hand."""
        return tuple(o for o in self.opponents if not o.folded)

    def seen(self) -> frozenset[int]:
        """Every card code whose location this seat knows."""
        out = set(self.hand) | set(self.out_of_play) | set(self.elsewhere)
        for o in self.opponents:
            out.update(o.known)
            out.update(o.revealed)
        return frozenset(out)

    def pool(self) -> tuple[int, ...]:
        """Unseen card codes, ascending: the cards random opponents are dealt from."""
        return tuple(sorted(_CODES.difference(self.seen())))

    def needed(self) -> int:
        """Unknown cards dealt to the active opponents in one trial."""
        return sum(o.unknown for o in self.active)

    def holes(self) -> int:
        """Unknown cards in all opponents' hands, folded and fully shown ones included:
        each holds seven playable cards minus its known and revealed ones (RULES.md §2, §6;
        its dead cards are among them, hidden cards are not)."""
        return sum(max(0, PLAYABLE_CARDS - len(o.known) - len(o.revealed)) for o in self.opponents)

    def spare(self) -> int:
        """Unseen cards in nobody's playable hand (the undealt stub and others' hidden
        cards): room for extra cards dealt in a look-ahead."""
        return len(self.pool()) + len(self.elsewhere) - self.holes()

    def assignments(self) -> int:
        """Number of distinct assignments of unseen cards to the opponents (the exact
        enumeration size): the product of binomials over active opponents."""
        remaining = len(self.pool())
        total = 1
        for o in self.active:
            total *= math.comb(remaining, o.unknown)
            remaining -= o.unknown
        return total
