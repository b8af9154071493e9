"""Hand histories (HAND_HISTORY.md v1): replaying them (the writing is in
:mod:`anaconda_poker.core.history_format`, whose names this module re-exports).

>>> import random
>>> from anaconda_poker.core.config import TableConfig
>>> from anaconda_poker.core.state import HandState, Seat
>>> state = HandState(TableConfig(), seats=[Seat(name="A", stack=50), Seat(name="B", stack=50)],
...                   button=1, rng=random.Random(3))
>>> doc = state.history()
>>> replay(doc).history() == doc
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from anaconda_poker.core.actions import Action, MalformedActionError
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import MAX_SEATS, TableConfig
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.history_format import FORMAT, VERSION, action_record, hand_history
from anaconda_poker.core.rule_errors import IllegalActionError
from anaconda_poker.core.state import HandState, Seat


class ReplayError(AnacondaError):
    """A hand history cannot be replayed: a malformed document, or an action that is not
    legal at its point of the hand (HAND_HISTORY.md "Errors").

    Attributes:
        index: the index of the offending action in ``actions`` (``None`` for errors in the
            config, seats, button or deal).
        seat: the seat of that action, when known.
        action: the attempted action as text, when known.
        state: the hand as replayed up to (not including) the offending action, when the
            deal itself was valid.
    """

    def __init__(
        self,
        message: str,
        *,
        index: int | None = None,
        seat: int | None = None,
        action: str | None = None,
        state: HandState | None = None,
    ) -> None:
        super().__init__(message)
        self.index = index
        self.seat = seat
        self.action = action
        self.state = state


def _is_list(value: object) -> bool:
    """A JSON array (a sequence that is not text)."""
    return isinstance(value, Sequence) and not isinstance(value, str | bytes)


def _field(history: Mapping[str, Any], name: str) -> Any:
    if name not in history:
        raise ReplayError(f"the hand history has no {name!r} field")
    return history[name]


def start_from_history(history: Mapping[str, Any]) -> HandState:
    """The hand of ``history`` right after the antes and the deal (no actions applied).

    Raises:
        ReplayError: on a wrong format/version or a bad config, seats, button or deal.
    """
    if not isinstance(history, Mapping):
        raise ReplayError(f"a hand history must be a JSON object, got {type(history).__name__}")
    if history.get("format", FORMAT) != FORMAT:
        raise ReplayError(f"format must be {FORMAT!r}, got {history.get('format')!r}")
    if history.get("version", VERSION) != VERSION:
        raise ReplayError(
            f"hand history version {history.get('version')!r} is not supported (only {VERSION})"
        )
    try:
        raw_config = history.get("config") or {}
        if not isinstance(raw_config, Mapping):
            raise ReplayError(
                f"config must be an object of table options (RULES.md §6), got {raw_config!r}"
            )
        config = TableConfig.from_dict(raw_config)
        raw_seats = _field(history, "seats")
        if not _is_list(raw_seats) or not raw_seats:
            raise ReplayError(
                f"seats must be a non-empty list of {{seat, name, stack}}, got {raw_seats!r}"
            )
        by_number: dict[int, Seat] = {}
        for entry in raw_seats:
            if not isinstance(entry, Mapping) or "seat" not in entry or "stack" not in entry:
                raise ReplayError(f"a seat needs 'seat' and 'stack' fields, got {entry!r}")
            number = entry["seat"]
            if type(number) is not int or not 0 <= number < MAX_SEATS:
                raise ReplayError(f"seat number {number!r} is not a seat number 0..{MAX_SEATS - 1}")
            if number in by_number:
                raise ReplayError(f"seat {number} is listed twice")
            by_number[number] = Seat(
                name=str(entry.get("name", f"seat {number}")), stack=entry["stack"]
            )
        seats: list[Seat | None] = [None] * (max(by_number) + 1)
        for number, seat in by_number.items():
            seats[number] = seat
        raw_dealt = _field(history, "dealt")
        if not isinstance(raw_dealt, Mapping):
            raise ReplayError("dealt must be an object {seat: [cards]}")
        dealt: dict[int, list[int]] = {}
        for key, cards in raw_dealt.items():
            try:
                number = int(key)
            except ValueError:
                raise ReplayError(f"dealt has a bad seat key {key!r}") from None
            if not _is_list(cards):
                raise ReplayError(f"dealt[{key!r}] must be a list of cards, got {cards!r}")
            dealt[number] = parse_codes(cards)
        button = _field(history, "button")
        deck = history.get("deck")
        if deck is not None:
            if not _is_list(deck):
                raise ReplayError(f"deck must be a list of the 52 cards, got {deck!r}")
            try:
                order = parse_codes(deck)
            except AnacondaError as exc:
                raise ReplayError(f"deck: {exc}") from exc
            state = HandState(config, seats=seats, button=button, deck=order)
            got = {s: list(state.dealt[s]) for s in state.order}
            if got != dealt:
                raise ReplayError("the 'deck' order does not deal the cards listed in 'dealt'")
            return state
        return HandState(config, seats=seats, button=button, dealt=dealt)
    except ReplayError:
        raise
    except (AnacondaError, TypeError) as exc:
        raise ReplayError(f"the hand history cannot start: {exc}") from exc


def replay(history: Mapping[str, Any]) -> HandState:
    """Rebuild a hand from a HAND_HISTORY.md document, action by action.

    Args:
        history: the parsed JSON document (its ``result`` is ignored).

    Returns:
        The hand after the last action (complete or not). ``replay(s.history()).history()
        == s.history()`` for every hand ``s``.

    Raises:
        ReplayError: a malformed document, or an action that is malformed or not legal at
            its point; the error names the action's index, the seat, what was attempted and
            what was allowed, and carries the state just before that action.
    """
    state = start_from_history(history)
    actions = history.get("actions") or []
    if not _is_list(actions):
        raise ReplayError(f"actions must be a list of action objects, got {actions!r}")
    for index, record in enumerate(actions):
        if not isinstance(record, Mapping):
            raise ReplayError(
                f"action {index} must be an object {{seat, action, to/cards}}, got {record!r}",
                index=index,
                state=state,
            )
        seat = record.get("seat")
        try:
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise MalformedActionError(f"an action needs an integer 'seat', got {seat!r}")
            action = Action.from_dict(record)
        except MalformedActionError as exc:
            raise ReplayError(
                f"action {index} (seat {seat}) is malformed: {exc}",
                index=index,
                seat=seat if isinstance(seat, int) else None,
                state=state,
            ) from exc
        try:
            state.apply(seat, action)
        except IllegalActionError as exc:
            allowed = state.legal_actions(seat).describe()
            to_act = list(state.to_act)
            raise ReplayError(
                f"action {index}: seat {seat} cannot {action}: {exc} "
                f"[seats to act: {to_act}; seat {seat} may: {allowed}]",
                index=index,
                seat=seat,
                action=str(action),
                state=state,
            ) from exc
    return state


__all__ = [
    "FORMAT",
    "VERSION",
    "ReplayError",
    "action_record",
    "hand_history",
    "replay",
    "start_from_history",
]
