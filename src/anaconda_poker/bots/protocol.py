"""The bot protocol: one method for every decision of a seat.

A bot is given exactly what its seat may know (RULES.md §7): the dict of
``HandState.view(seat)`` and the seat's :class:`~anaconda_poker.core.state.LegalActions`.
It never sees the full state. It returns one :class:`~anaconda_poker.core.actions.Action`:
a betting action, a pass or an arrangement, legal for ``legal``.

Bots draw randomness only from the ``random.Random`` given at construction, so a bot built
with the same seed makes the same decisions from the same views.

**Session memory** (optional): a bot may also define ``observe_result(view)``
(:class:`ResultObserver`). Hosts keep one bot object per player for a whole session (the
arena for a session of blocks, the server for a bot seat, the terminal game for its bots)
and, when a hand ends, hand each bot the final view of its own seat (``HandState.view(seat)``
of the complete hand): the public log, the result (nets, pots, the cards shown at the
showdown) and its own cards; never another seat's unrevealed cards (RULES.md §7). Players
are told apart across hands by their seat ``name`` in the view (seats move between hands).
:func:`observe_result` delivers it to bots that want it and skips the others.
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


@runtime_checkable
class ResultObserver(Protocol):
    """A bot that remembers the session: it is told how every hand it played ended."""

    def observe_result(self, view: View) -> None:
        """Take note of a finished hand.

        Args:
            view: the seat's view of the complete hand (``view["phase"] == "complete"``,
                ``view["result"]`` set, ``view["you"]`` the seat's own cards): what the
                seat may know and nothing more (RULES.md §7).
        """
        ...


def observes_results(bot: object) -> bool:
    """Whether ``bot`` takes note of finished hands (:class:`ResultObserver`): a host
    builds a seat's final view only for such a bot (:func:`observe_result` leaves the
    others alone)."""
    return getattr(bot, "observe_result", None) is not None


def observe_result(bot: object, view: View) -> None:
    """Give ``bot`` the final ``view`` of its seat if it observes results
    (:class:`ResultObserver`); bots without ``observe_result`` are left alone.

    Raises:
        ValueError: if ``view`` is not of a complete hand (hosts call this only once a
            hand is over).
    """
    method = getattr(bot, "observe_result", None)
    if method is None:
        return
    if view.get("result") is None:
        raise ValueError(f"observe_result needs the view of a complete hand, got {view['phase']!r}")
    method(view)
