"""What a seat may do now, and the specific error when it tries something else
(RULES.md §2–§6). Pure functions over a hand's read-only state: the state machine
(:mod:`anaconda_poker.core.state`) calls them before applying a decision, so a refused
decision leaves the hand exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from anaconda_poker.core.actions import Action, ActionKind, MalformedActionError
from anaconda_poker.core.betting import BettingRound
from anaconda_poker.core.cards import card_str, format_cards
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.declare import Declaration
from anaconda_poker.core.hand_types import (
    ARRANGE_COUNT,
    LegalActions,
    Phase,
    range_text,
    seat_number,
)
from anaconda_poker.core.rule_errors import (
    ActionNotAllowedError,
    AmountError,
    CardNotInHandError,
    FoldedError,
    HandCompleteError,
    NotYourTurnError,
    RaiseCapError,
    WrongCardCountError,
)

__all__ = ["HandLike", "check_action", "legal_actions", "require_action"]

_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_PASS = ActionKind.PASS
_ARRANGE = ActionKind.ARRANGE
_DECLARE = ActionKind.DECLARE
_DECLARATIONS = tuple(d.value for d in Declaration)


class HandLike(Protocol):
    """What the checks read of a hand (:class:`anaconda_poker.core.state.HandState`)."""

    @property
    def config(self) -> TableConfig: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def n_seats(self) -> int: ...
    @property
    def betting_round(self) -> int: ...
    @property
    def pass_index(self) -> int: ...
    @property
    def actor(self) -> int: ...
    @property
    def open_round(self) -> BettingRound | None: ...
    @property
    def order(self) -> tuple[int, ...]: ...
    @property
    def to_act(self) -> tuple[int, ...]: ...
    @property
    def live(self) -> Sequence[bool]: ...
    @property
    def dealt_in(self) -> Sequence[bool]: ...
    @property
    def bet(self) -> Sequence[int]: ...
    @property
    def stack(self) -> Sequence[int]: ...
    @property
    def hands(self) -> Sequence[Sequence[int]]: ...
    @property
    def hidden(self) -> Sequence[Sequence[int]]: ...
    @property
    def pending(self) -> Sequence[tuple[int, ...] | None]: ...
    @property
    def declared(self) -> Sequence[Declaration | None]: ...


def require_action(action: object) -> None:
    """Raise :class:`MalformedActionError` unless ``action`` is an :class:`Action`."""
    if not isinstance(action, Action):
        raise MalformedActionError(
            f"an action must be an Action (Action.check(), Action.bet(4), "
            f"Action.parse('raise to 8'), ...), got {action!r}"
        )


def legal_actions(state: HandLike, seat: int) -> LegalActions:
    """What ``seat`` may do now (RULES.md §3–§4); empty ``kinds`` if it may not act.

    Args:
        state: the hand.
        seat: a seat number; anything else (``True``, ``"1"``) may do nothing.

    Returns:
        The allowed kinds and their ranges (chips); empty ``kinds`` if ``seat`` may not act.
    """
    phase = state.phase
    if type(seat) is not int:
        number = seat_number(seat)
        if number is None:
            return LegalActions(seat=seat)
        seat = number
    if phase is Phase.COMPLETE or not 0 <= seat < state.n_seats or not state.live[seat]:
        return LegalActions(seat=seat)
    if phase is Phase.BETTING:
        if seat != state.actor:
            return LegalActions(seat=seat)
        rnd = state.open_round
        assert rnd is not None
        kinds = {_FOLD}
        call = rnd.call_amount(seat)
        current = rnd.current_bet
        if current > state.bet[seat]:
            kinds.add(_CALL)
        else:
            kinds.add(_CHECK)
        bounds = rnd.aggressive_range(seat)
        bet_range = raise_range = None
        if bounds is not None:
            if current:
                kinds.add(_RAISE)
                raise_range = bounds
            else:
                kinds.add(_BET)
                bet_range = bounds
        return LegalActions(
            seat=seat,
            kinds=frozenset(kinds),
            call_amount=call if current > state.bet[seat] else 0,
            bet_range=bet_range,
            raise_range=raise_range,
        )
    if phase is Phase.DECLARING:
        if state.declared[seat] is not None:
            return LegalActions(seat=seat)
        return LegalActions(seat=seat, kinds=frozenset((_DECLARE,)), declarations=_DECLARATIONS)
    if state.pending[seat] is not None:
        return LegalActions(seat=seat)
    if phase is Phase.PASSING:
        return LegalActions(
            seat=seat,
            kinds=frozenset((_PASS,)),
            pass_count=state.config.pass_counts[state.pass_index],
            cards=tuple(state.hands[seat]),
        )
    return LegalActions(
        seat=seat,
        kinds=frozenset((_ARRANGE,)),
        cards=tuple(state.hands[seat]),
        arrange_count=ARRANGE_COUNT,
    )


def check_action(state: HandLike, seat: int, action: Action) -> None:
    """Raise the specific error if ``action`` by ``seat`` is not legal now (RULES.md §2–§6).

    Raises:
        MalformedActionError: ``action`` is not an :class:`Action`.
        HandCompleteError: the hand is over.
        NotYourTurnError: the seat is not in the hand, not to act, or already committed.
        FoldedError: the seat has folded.
        ActionNotAllowedError: the kind is not allowed now (the message lists what is).
        RaiseCapError: a fixed-limit raise over the cap.
        AmountError: a bet or raise outside the allowed "to" range (chips).
        WrongCardCountError: a pass or arrangement of the wrong number of cards.
        CardNotInHandError: a card the seat may not pass or arrange.
    """
    require_action(action)
    phase = state.phase
    if phase is Phase.COMPLETE:
        raise HandCompleteError(f"the hand is over; seat {seat} cannot {action}", seat=seat)
    if not isinstance(seat, int) or not 0 <= seat < state.n_seats or not state.dealt_in[seat]:
        raise NotYourTurnError(
            f"seat {seat!r} is not playing in this hand; players are {list(state.order)}",
            seat=seat,
        )
    if not state.live[seat]:
        raise FoldedError(
            f"seat {seat} has folded and cannot act for the rest of the hand", seat=seat
        )
    kind = action.kind
    if phase is Phase.BETTING:
        if seat != state.actor:
            raise NotYourTurnError(
                f"it is seat {state.actor}'s turn to act, not seat {seat}'s", seat=seat
            )
        rnd = state.open_round
        assert rnd is not None
        current = rnd.current_bet
        if kind is _CALL:
            if current <= state.bet[seat]:
                raise ActionNotAllowedError(
                    f"seat {seat} cannot call: there is no bet to call; "
                    f"allowed: {legal_actions(state, seat).describe()}",
                    seat=seat,
                )
        elif kind is _CHECK:
            if current > state.bet[seat]:
                raise ActionNotAllowedError(
                    f"seat {seat} cannot check facing a bet of {current}; "
                    f"allowed: {legal_actions(state, seat).describe()}",
                    seat=seat,
                )
        elif kind is _BET or kind is _RAISE:
            _check_amount(state, seat, action, rnd)
        elif kind is not _FOLD:
            raise ActionNotAllowedError(
                f"seat {seat} cannot {kind.value} during betting round "
                f"{state.betting_round}; allowed: {legal_actions(state, seat).describe()}",
                seat=seat,
            )
        return
    if phase is Phase.DECLARING:
        _check_declaration(state, seat, action)
        return
    if kind is _DECLARE:
        raise ActionNotAllowedError(
            f"seat {seat} cannot declare now: declarations come after the final betting "
            f"round (RULES.md §6); allowed: {legal_actions(state, seat).describe()}",
            seat=seat,
        )
    # passing or arranging: simultaneous decisions
    passing = phase is Phase.PASSING
    wanted = _PASS if passing else _ARRANGE
    if kind is not wanted:
        what = (
            f"pass {state.config.pass_counts[state.pass_index]} cards"
            if passing
            else f"arrange {ARRANGE_COUNT} cards"
        )
        why = ""
        if kind is _FOLD:
            why = (
                f" (passes and arrangements are simultaneous, so nobody folds in the "
                f"middle of one: seat {seat} may fold at its turn in the next betting round)"
            )
        raise ActionNotAllowedError(
            f"seat {seat} cannot {kind.value} now: every player still in the hand must {what}{why}",
            seat=seat,
        )
    if state.pending[seat] is not None:
        raise NotYourTurnError(
            f"seat {seat} has already committed its {wanted.value}; waiting for seats "
            f"{list(state.to_act)}",
            seat=seat,
        )
    count = state.config.pass_counts[state.pass_index] if passing else ARRANGE_COUNT
    cards = action.cards
    if len(cards) != count:
        raise WrongCardCountError(
            f"seat {seat} must {wanted.value} exactly {count} cards, got {len(cards)} "
            f"({format_cards(cards)})",
            seat=seat,
        )
    hand = state.hands[seat]
    for c in cards:
        if c not in hand:
            if c in state.hidden[seat]:
                why = "it is a hidden card, which is never passed or arranged"
            else:
                why = f"it is not in seat {seat}'s hand"
            raise CardNotInHandError(
                f"seat {seat} cannot {wanted.value} {card_str(c)}: {why}; its cards are "
                f"{format_cards(hand)}",
                seat=seat,
            )


def _check_declaration(state: HandLike, seat: int, action: Action) -> None:
    """Raise unless ``action`` is the first declaration of ``seat`` (RULES.md §6)."""
    if action.kind is not _DECLARE:
        raise ActionNotAllowedError(
            f"seat {seat} cannot {action.kind.value} now: every player still in the hand "
            "must declare high, low or both (declarations are simultaneous, so nobody folds "
            "or bets now)",
            seat=seat,
        )
    if state.declared[seat] is not None:
        raise NotYourTurnError(
            f"seat {seat} has already declared; waiting for seats {list(state.to_act)}",
            seat=seat,
        )


def _check_amount(state: HandLike, seat: int, action: Action, rnd: BettingRound) -> None:
    kind = action.kind
    current = rnd.current_bet
    if kind is _BET and current:
        raise ActionNotAllowedError(
            f"seat {seat} cannot bet: there is already a bet of {current} (raise instead); "
            f"allowed: {legal_actions(state, seat).describe()}",
            seat=seat,
        )
    if kind is _RAISE and not current:
        raise ActionNotAllowedError(
            f"seat {seat} cannot raise: there is no bet yet (bet instead); "
            f"allowed: {legal_actions(state, seat).describe()}",
            seat=seat,
        )
    reason = rnd.no_raise_reason(seat)
    if reason is not None:
        cls = RaiseCapError if "raise cap" in reason else ActionNotAllowedError
        raise cls(
            f"seat {seat} cannot {kind.value}: {reason}; "
            f"allowed: {legal_actions(state, seat).describe()}",
            seat=seat,
        )
    bounds = rnd.aggressive_range(seat)
    assert bounds is not None
    low, high = bounds
    to = action.to
    assert to is not None
    word = "bet" if kind is _BET else "raise to"
    if to < low:
        raise AmountError(
            f"seat {seat}: {word} {to} is below the minimum {word} {low} "
            f"(allowed {range_text(word, bounds)})",
            seat=seat,
        )
    if to > high:
        limit = "all-in" if high == state.bet[seat] + state.stack[seat] else "maximum"
        raise AmountError(
            f"seat {seat}: {word} {to} is above the {limit} {word} {high} "
            f"(allowed {range_text(word, bounds)})",
            seat=seat,
        )
