"""Best showing hand: who acts first in betting rounds 5–9 (RULES.md §4,
``reveal_first_to_act = best_showing``, "as in stud")."""

from __future__ import annotations

from collections.abc import Iterable

from anaconda_poker.core.cards import Card
from anaconda_poker.core.evaluation.cardinput import codes_of
from anaconda_poker.core.evaluation.high import high_value
from anaconda_poker.core.evaluation.scores import showing_score
from anaconda_poker.core.evaluation.tables import get_tables

SHOWING_SIZES = range(1, 6)


def showing_value(cards: Iterable[int | Card]) -> int:
    """Strength of 1 to 5 face-up cards for deciding who acts first (RULES.md §4).

    With fewer than five cards only pairs, two pair, three and four of a kind count (no
    straights or flushes), then the high cards, as in stud. Values compare across
    different numbers of cards (a missing kicker ranks below any card, so A-K-Q beats A-K);
    with five cards the order is exactly that of :func:`high_value`.

    Args:
        cards: 1 to 5 distinct cards (int codes or Card objects).

    Returns:
        A positive int; larger is a better showing hand, equal hands are equal. The
        numbers are not dense: compare them, do not interpret them.

    Raises:
        InvalidCardError: a card is not a card or there are not 1 to 5 cards.
        DuplicateCardError: a card appears twice.
    """
    codes = codes_of(cards, sizes=SHOWING_SIZES)
    if len(codes) == 5:
        return int(get_tables().high_scores[high_value(codes)])
    return showing_score([code >> 2 for code in codes])
