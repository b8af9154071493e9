"""The decisions a seat made in a finished hand, rebuilt exactly as the seat saw them
(RULES.md §7): the hand is replayed through the engine and, just before each of the seat's
actions, only ``HandState.view(seat)`` and ``legal_actions(seat)`` are read. The pricing of
those decisions is :mod:`anaconda_poker.analysis.review`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from anaconda_poker.analysis.equity import SeatKnowledge
from anaconda_poker.analysis.knowledge import knowledge_from_view, neighbour
from anaconda_poker.analysis.own_download import StandInError, stand_in_history
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.history import ReplayError, start_from_history
from anaconda_poker.core.state import HandState, LegalActions

__all__ = ["DecisionPoint", "ReviewError", "decision_points"]


class ReviewError(AnacondaError):
    """A history cannot be reviewed for this seat: the seat was not dealt in, the history
    does not show the seat's cards (a public or another seat's download), or it does not
    replay. The message says which and what is accepted."""


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """One decision of the reviewed seat, exactly as the seat saw it.

    Attributes:
        index: the action's index in the history's ``actions``.
        view: ``HandState.view(seat)`` just before the action (RULES.md §7).
        legal: what the seat could do then.
        action: what it did.
        knowledge: the equity question of that view
            (:func:`~anaconda_poker.analysis.knowledge.knowledge_from_view`).
        receiver: for a pass, the seat receiving it; else ``None``.
        later_passes: for a pass, cards still to be received in later passes.
    """

    index: int
    view: dict[str, Any]
    legal: LegalActions
    action: Action
    knowledge: SeatKnowledge
    receiver: int | None = None
    later_passes: int = 0


# -- rebuilding what the seat saw ---------------------------------------------------------


def _check_shows_seat(history: Mapping[str, Any], seat: int) -> None:
    """Refuse histories that do not hold ``seat``'s own cards and choices."""
    if not isinstance(history, Mapping):
        raise ReviewError("a hand history is a JSON object (HAND_HISTORY.md)")
    seats = history.get("seats")
    if not isinstance(seats, list) or not seats:
        raise ReviewError(
            "this is not a hand history: it has no list of seats (HAND_HISTORY.md: seats, "
            "dealt, actions)"
        )
    numbers = {e.get("seat") for e in seats if isinstance(e, Mapping)}
    if seat not in numbers:
        listed = ", ".join(str(n) for n in sorted(n for n in numbers if isinstance(n, int)))
        raise ReviewError(f"seat {seat} is not in this hand (its seats: {listed or 'none'})")
    dealt = history.get("dealt")
    if not isinstance(dealt, Mapping) or str(seat) not in dealt:
        if history.get("redacted") and history.get("viewer_seat") is None:
            raise ReviewError(
                "this is the public history of the hand: it shows nobody's cards; review a "
                "terminal save or your own download of the hand"
            )
        raise ReviewError(
            f"this history does not show seat {seat}'s cards (it is seat "
            f"{history.get('viewer_seat')}'s download, or seat {seat} was not dealt in)"
        )


def _playable(history: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    """``history`` itself, or for a seat's own download a stand-in hand that gives the seat
    exactly the views it had (:mod:`anaconda_poker.analysis.own_download`)."""
    dealt = history["dealt"]
    if any(k != str(seat) for k in dealt):
        return history
    try:
        return stand_in_history(history, seat)
    except StandInError as exc:
        raise ReviewError(f"seat {seat}'s own download cannot be reviewed: {exc}") from exc


def decision_points(history: Mapping[str, Any], seat: int) -> list[DecisionPoint]:
    """Every pass, arrangement and betting decision of ``seat``, as the seat saw it.

    The hand is replayed through the engine; for each of the seat's actions the point holds
    ``state.view(seat)`` and ``state.legal_actions(seat)`` taken just before it, and the
    equity question built from that view alone (declarations included).

    Args:
        history: a HAND_HISTORY.md document holding ``seat``'s cards: every seat's (a
            terminal save, a full download) or the seat's own download with its
            ``received`` cards, replayed with stand-in cards for what the seat never saw.
        seat: the seat to review.

    Returns:
        The decision points in the order the seat made them.

    Raises:
        ReviewError: the seat is not in the hand, the history does not hold its cards (a
            public history, another seat's download), it does not replay (the message
            names the action), or it holds a result its actions stop short of.
    """
    _check_shows_seat(history, seat)
    history = _playable(history, seat)
    try:
        state = start_from_history(history)
    except ReplayError as exc:
        raise ReviewError(f"the hand history does not replay: {exc}") from exc
    actions = history.get("actions") or []
    if not isinstance(actions, list):
        raise ReviewError("actions must be a list of action objects (HAND_HISTORY.md)")
    config = state.config
    points: list[DecisionPoint] = []
    for index, record in enumerate(actions):
        if not isinstance(record, Mapping):
            raise ReviewError(f"action {index} is not an action object: {record!r}")
        try:
            actor = record["seat"]
            action = Action.from_dict(record)
            if actor == seat:
                points.append(_point(state, config, seat, index, action))
            state.apply(actor, action)
        except (AnacondaError, KeyError, TypeError, ValueError) as exc:
            raise ReviewError(f"action {index} of the history does not replay: {exc}") from exc
    if history.get("result") is not None and not state.is_complete:
        # a damaged file (actions cut short) would be reviewed in part, priced on the pot
        # and the chips of a result its actions never reach
        raise ReviewError(
            f"the hand history holds a result, but its {len(actions)} actions stop before "
            f"the hand ends (seats to act: {', '.join(map(str, state.to_act))}): the file "
            "is damaged or cut short"
        )
    return points


def _point(
    state: HandState, config: TableConfig, seat: int, index: int, action: Action
) -> DecisionPoint:
    view = state.view(seat)
    legal = state.legal_actions(seat)
    knowledge = knowledge_from_view(view, config)
    receiver = None
    later = 0
    if action.kind is ActionKind.PASS:
        live = [int(s["seat"]) for s in view["seats"] if not s["folded"]]
        pass_index = int(view["pass_index"])
        direction = config.pass_directions[pass_index % len(config.pass_directions)]
        receiver = neighbour(live, seat, direction)
        later = sum(config.pass_counts[pass_index + 1 :])
    return DecisionPoint(index, view, legal, action, knowledge, receiver, later)
