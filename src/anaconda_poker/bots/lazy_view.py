"""A bot's view built key by key on first read: the arena's view of a seat
(:class:`LazyView`), the same values as ``state.view(seat)`` for a fraction of the work.

Public API: :class:`LazyView`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from anaconda_poker.core.state import HandState, LegalActions
from anaconda_poker.core.views import VIEW_KEYS, view_part


class LazyView(Mapping[str, Any]):
    """``state.view(seat)``, each key built on the bot's first read of it
    (:func:`~anaconda_poker.core.views.view_part`, the same values): a bot that decides
    from its legal actions alone (the random bot in fixed limit) costs no view, and one
    that reads its hand and the bet to call (the heuristic bot betting) builds neither the
    seats nor the log. Read-only; valid until the state changes (the arena applies the
    action only after ``act`` returns).

    Args:
        state: the hand.
        seat: the seat whose view this is (a seat playing in the hand).
        legal: ``state.legal_actions(seat)`` when the caller has it already (``you`` then
            does not work it out again); ``None`` to work it out on a read of ``you``.

    Raises:
        KeyError: on reading a key that is not one of
            :data:`~anaconda_poker.core.views.VIEW_KEYS`.
    """

    __slots__ = ("_legal", "_parts", "_seat", "_state")

    def __init__(self, state: HandState, seat: int, legal: LegalActions | None = None) -> None:
        self._state = state
        self._seat = seat
        self._legal = legal  # state.legal_actions(seat), when the arena has it already
        self._parts: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        parts = self._parts
        if key in parts:
            return parts[key]
        part = parts[key] = view_part(self._state, self._seat, key, self._legal)  # KeyError
        return part

    def __iter__(self) -> Iterator[str]:
        return iter(VIEW_KEYS)

    def __len__(self) -> int:
        return len(VIEW_KEYS)
