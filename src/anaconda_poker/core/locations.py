"""Where every card of a hand is, for invariant checks (cards conserved: RULES.md §2). Not a
view: it shows everything, so nothing a player or spectator receives is built from it.
"""

from __future__ import annotations

from anaconda_poker.core.hand_record import HandRecord
from anaconda_poker.core.hand_types import Phase

__all__ = ["card_locations"]


def card_locations(state: HandRecord) -> dict[str, dict[int, tuple[int, ...]] | tuple[int, ...]]:
    """Where every card of ``state`` is now.

    Returns:
        ``{"hand": {seat: cards}, "hidden": {seat: cards}, "in_flight": {seat: cards},
        "dead": cards, "deck": cards}``: cards held by seats still in the hand (the five
        arranged ones after arranging), their hidden cards, committed passes not yet
        resolved, dead cards (folded seats' cards and the two unused after arranging),
        and the undealt cards. Together they are the 52 cards, each once.
    """

    hand: dict[int, tuple[int, ...]] = {}
    hidden: dict[int, tuple[int, ...]] = {}
    flight: dict[int, tuple[int, ...]] = {}
    dead: list[int] = []
    for s in state.order:
        cards = state.hands[s]
        if not state.live[s]:
            dead.extend(cards)
            dead.extend(state.hidden[s])
            continue
        hidden[s] = tuple(state.hidden[s])
        arranged = state.arranged[s]
        pending = state.pending[s] if state.phase is Phase.PASSING else None
        if arranged is not None:
            hand[s] = arranged
            dead.extend(c for c in cards if c not in arranged)
        elif pending is not None:
            flight[s] = pending
            hand[s] = tuple(c for c in cards if c not in pending)
        else:
            hand[s] = tuple(cards)
    return {
        "hand": hand,
        "hidden": hidden,
        "in_flight": flight,
        "dead": tuple(dead),
        "deck": tuple(state.undealt),
    }
