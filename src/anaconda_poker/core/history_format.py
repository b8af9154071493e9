"""Writing a hand as a HAND_HISTORY.md v1 document (JSON-ready): rules, seats, button,
deal, every action and, once complete, the result. Replaying one is
:mod:`anaconda_poker.core.history`, which re-exports these names.
"""

from __future__ import annotations

from typing import Any

from anaconda_poker.core.actions import Action
from anaconda_poker.core.cards import card_str
from anaconda_poker.core.hand_record import HandRecord

__all__ = ["FORMAT", "VERSION", "action_record", "hand_history"]

FORMAT = "anaconda-hand-history"
"""The ``format`` field of every hand history."""
VERSION = 1
"""The format version this module reads and writes."""


def action_record(seat: int, action: Action, all_in: bool) -> dict[str, Any]:
    """One HAND_HISTORY.md action object: ``{"seat", "action", "to"/"cards", "all_in"}``."""
    record: dict[str, Any] = {"seat": seat}
    record.update(action.to_dict())
    if all_in:
        record["all_in"] = True
    return record


def hand_history(state: HandRecord, *, include_deck: bool = True) -> dict[str, Any]:
    """The hand as a HAND_HISTORY.md v1 document (JSON-ready).

    Args:
        state: the hand, complete or not.
        include_deck: add ``deck`` (all 52 codes in dealing order, as text) when the hand
            was dealt from a deck.

    Returns:
        ``format``, ``version``, ``config``, ``seats``, ``button``, ``dealt``, ``actions``,
        optionally ``deck``, and ``result`` once the hand is complete.
    """
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "config": state.config.to_dict(),
        "seats": [
            {"seat": s, "name": state.names[s], "stack": state.start_stacks[s]}
            for s in sorted(state.order)
        ],
        "button": state.button,
        "dealt": {str(s): [card_str(c) for c in state.dealt[s]] for s in sorted(state.order)},
        "actions": [action_record(s, a, all_in) for s, a, all_in in state.action_log],
    }
    if include_deck and state.deck_order is not None:
        doc["deck"] = [card_str(c) for c in state.deck_order]
    if state.result is not None:
        doc["result"] = state.result.to_dict()
    return doc
