"""The bot protocol: one method for every decision of a seat.

A bot is given exactly what its seat may know (RULES.md §7): the dict of
``HandState.view(seat)`` and the seat's :class:`~anaconda_poker.core.state.LegalActions`.
It never sees the full state. It returns one :class:`~anaconda_poker.core.actions.Action`:
a betting action, a pass or an arrangement, legal for ``legal``.

Bots draw randomness only from the ``random.Random`` given at construction, so a bot built
with the same seed makes the same decisions from the same views.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from anaconda_poker.core.actions import Action
from anaconda_poker.core.state import LegalActions

View = Mapping[str, Any]
"""A seat's view as returned by ``HandState.view(seat)`` (JSON-ready dict)."""


@runtime_checkable
class Bot(Protocol):
    """Anything that decides for one seat.

    Attributes:
        name: the bot's kind, e.g. ``"montecarlo"`` (used in arena tables).
    """

    name: str

    def act(self, view: View, legal: LegalActions) -> Action:
        """Choose the seat's next action.

        Args:
            view: the seat's own view (``view["you"]`` is set).
            legal: what the seat may do now; ``legal.kinds`` is not empty.

        Returns:
            An action accepted by ``HandState.apply`` for this seat now.
        """
        ...
