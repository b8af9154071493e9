"""One hand of Anaconda as a deterministic state machine (RULES.md §2–§5).

>>> import random
>>> from anaconda_poker.core.config import TableConfig
>>> from anaconda_poker.core.actions import Action
>>> state = HandState(TableConfig(), seats=[Seat(name="Ana", stack=100),
...                   Seat(name="Bo", stack=100)], button=0, rng=random.Random(1))
>>> state.phase, state.betting_round, state.to_act
(<Phase.BETTING: 'betting'>, 1, (1,))
>>> state.apply(1, Action.bet(2)); state.apply(0, Action.call())
>>> state.phase, state.pass_index, state.to_act
(<Phase.PASSING: 'passing'>, 0, (1, 0))

Internals are plain ints and lists indexed by seat number; nothing is copied per action.
The antes and the deal happen in the constructor; every other automatic step (resolving
passes, revealing, skipping betting, the showdown, pots and awards) happens inside
:meth:`HandState.apply`, through the steps of its base class
:class:`anaconda_poker.core.progress.HandProgress`; the record and the questions it answers
(``to_act``, ``pot_total``, ``legal_actions``, ...) are
:class:`anaconda_poker.core.hand_record.HandRecord`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from anaconda_poker.core.actions import Action, ActionKind, MalformedActionError
from anaconda_poker.core.cards import ShuffleRNG
from anaconda_poker.core.config import MAX_SEATS
from anaconda_poker.core.config import TableConfig as TableConfig
from anaconda_poker.core.deal import deal_cards
from anaconda_poker.core.errors import InvalidConfigError
from anaconda_poker.core.hand_types import ARRANGE_COUNT, LegalActions, Phase, Seat, seat_number
from anaconda_poker.core.history_format import hand_history
from anaconda_poker.core.legality import check_action, require_action
from anaconda_poker.core.locations import card_locations
from anaconda_poker.core.progress import HandProgress
from anaconda_poker.core.rule_errors import (
    ActionNotAllowedError,
    AmountError,
    CardNotInHandError,
    HandCompleteError,
    NotYourTurnError,
    WrongCardCountError,
)
from anaconda_poker.core.schedule import schedule
from anaconda_poker.core.views import build_view

__all__ = ["ARRANGE_COUNT", "HandState", "LegalActions", "Phase", "Seat", "seat_number"]

_BETTING = Phase.BETTING

_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL


class HandState(HandProgress):
    """One hand of Anaconda from the antes to the awards (RULES.md §2).

    Args:
        config: the table's rules and stakes.
        seats: by seat number; ``None`` marks an empty seat (seat numbers are kept).
        button: the dealer's seat (an occupied seat).
        rng: shuffles a fresh deck (``secrets.SystemRandom()`` when neither ``rng``,
            ``deck`` nor ``dealt`` is given).
        deck: an explicit dealing order of the 52 card codes.
        dealt: ``{seat: card codes}`` as dealt (7, or 9 with the last two hidden).

    Raises:
        InvalidConfigError: too few or too many players for the deck, a bad button, a stack
            below 1 chip, or ``dealt`` for the wrong seats / wrong number of cards.
        InvalidCardError, DuplicateCardError: a card code out of range or dealt twice.

    The antes are posted and the cards dealt here; the state is then at betting round 1
    (or further, if betting is skipped because at most one player has chips).
    """

    __slots__ = ()

    def __init__(
        self,
        config: TableConfig,
        *,
        seats: Sequence[Seat | None],
        button: int,
        rng: ShuffleRNG | None = None,
        deck: Sequence[int] | None = None,
        dealt: Mapping[int, Sequence[int]] | None = None,
    ) -> None:
        n = len(seats)
        if n > MAX_SEATS:
            raise InvalidConfigError(f"a table has at most {MAX_SEATS} seats, got {n}")
        occupied = [i for i, s in enumerate(seats) if s is not None]
        config.check_players(len(occupied))
        stacks = [0] * n
        for i in occupied:
            seat = seats[i]
            assert seat is not None
            chips = seat_number(seat.stack)  # whole chips: the same test as a seat number
            if chips is None or chips < 1:
                raise InvalidConfigError(
                    f"seat {i} ({seat.name}) has stack {seat.stack!r}; a player in a hand "
                    "needs a whole number of chips, at least 1 (sit busted players out)"
                )
            stacks[i] = chips
        dealer = seat_number(button)
        if dealer is None or not 0 <= dealer < n or seats[dealer] is None:
            what = "an occupied seat" if dealer is not None else "a seat number (an integer)"
            raise InvalidConfigError(
                f"button {button!r} is not {what}; occupied seats are {occupied}"
            )
        self.config = config
        self.n_seats = n
        self.button = dealer
        self.names = [s.name if s is not None else None for s in seats]
        # seats dealt in, clockwise from the dealer's left
        first = occupied.index(dealer) + 1
        order = occupied[first:] + occupied[:first]
        self.order = tuple(order)
        pos = [-1] * n
        for i, s in enumerate(order):
            pos[s] = i
        self.pos = pos
        self.dealt_in = [s is not None for s in seats]
        self.start_stacks = stacks
        self.stack = list(self.start_stacks)
        self._starting_total = sum(self.start_stacks)
        self.bet = [0] * n
        self.committed = [0] * n
        self.live = list(self.dealt_in)
        self.pot = 0
        self.dead_money = 0
        self._uncalled = {}
        self._actions = []
        self.result = None
        self.phase = Phase.BETTING
        self.betting_round = 0
        self.pass_index = -1
        self.revealed_count = 0
        self.passes = [[] for _ in seats]
        self.pending = [None] * n
        self.arranged = [None] * n
        self.shown = [0] * n
        self.declared = [None] * n
        self._round = None
        self._actor = -1
        self._waiting = 0
        self._step = 0
        self._schedule = schedule(config)
        deal = deal_cards(config, n_seats=n, order=order, rng=rng, deck=deck, dealt=dealt)
        self.deck_order = deal.deck_order
        self._undealt = deal.undealt
        self.dealt = deal.dealt
        self.hands = deal.hands
        self.hidden = deal.hidden
        self._post_forced_bets()
        self._advance()

    # ------------------------------------------------------------------ decisions
    def can_apply(self, seat: int, action: Action) -> bool:
        """True when :meth:`apply` would accept ``action`` from ``seat`` now."""
        try:
            check_action(self, self._seat(seat), action)
        except (ActionNotAllowedError, AmountError, NotYourTurnError, HandCompleteError):
            return False
        except (WrongCardCountError, CardNotInHandError, MalformedActionError):
            return False
        return True

    # ------------------------------------------------------------------ applying actions
    def apply(self, seat: int, action: Action) -> None:
        """Apply one decision of ``seat`` (RULES.md §2–§4), then every automatic step
        that follows (resolving passes, reveals, skipped rounds, showdown and awards).

        Args:
            seat: the acting seat number.
            action: the decision; bet/raise amounts are "to" amounts in chips.

        Raises:
            HandCompleteError: the hand is over.
            FoldedError: the seat has folded.
            NotYourTurnError: the seat may not act now (or has already committed).
            ActionNotAllowedError: the kind is not allowed now (e.g. check facing a bet).
            RaiseCapError: a fixed-limit raise over the cap.
            AmountError: a bet/raise outside the allowed "to" range.
            WrongCardCountError: a pass or arrangement of the wrong number of cards.
            ActionNotAllowedError: also a declaration outside the declare step (§6).
            CardNotInHandError: a card the seat may not pass or arrange.
            MalformedActionError: ``action`` is not an :class:`Action`.

        On any error the state is exactly as before the call.
        """
        if type(seat) is not int:
            seat = self._seat(seat)
        if type(action) is not Action:
            require_action(action)
        phase = self.phase
        if phase is _BETTING and seat == self._actor:
            # the common legal cases first; anything else takes the full check below
            kind = action.kind
            rnd = self._round
            assert rnd is not None
            if kind is _CALL:
                if rnd.current_bet > self.bet[seat]:
                    rnd.call(seat)
                    self._after_bet(seat, action, self.stack[seat] == 0)
                    return
            elif kind is _CHECK and rnd.current_bet == self.bet[seat]:
                rnd.check(seat)
                self._after_bet(seat, action, False)
                return
        check_action(self, seat, action)
        if phase is _BETTING:
            self._apply_betting(seat, action)
        elif phase is Phase.PASSING:
            self._actions.append((seat, action, False))
            self.pending[seat] = action.cards
            self._waiting -= 1
            if not self._waiting:
                self._resolve_passes()
                self._advance()
        elif phase is Phase.DECLARING:
            self._actions.append((seat, action, False))
            self.declared[seat] = action.direction
            self._waiting -= 1
            if not self._waiting:
                self._advance()
        else:
            self._actions.append((seat, action, False))
            self.pending[seat] = action.cards
            self._waiting -= 1
            if not self._waiting:
                self._resolve_arrangements()
                self._advance()

    def _seat(self, seat: object) -> int:
        """``seat`` as a plain int; NotYourTurnError when it is not a seat number at all."""
        number = seat_number(seat)
        if number is None:
            raise NotYourTurnError(
                f"seat {seat!r} is not a seat number; players are {list(self.order)}",
                seat=None,
            )
        return number

    def _apply_betting(self, seat: int, action: Action) -> None:
        rnd = self._round
        assert rnd is not None
        kind = action.kind
        if kind is _CALL:
            rnd.call(seat)
        elif kind is _CHECK:
            rnd.check(seat)
        elif kind is _FOLD:
            rnd.fold(seat)
            self._actions.append((seat, action, False))
            if sum(self.live) == 1:
                self._close_round()
                self._finish_by_folds()
                return
            nxt = rnd.next_actor(seat)
            if nxt >= 0:
                self._actor = nxt
            else:
                self._close_round()
                self._advance()
            return
        else:
            to = action.to
            assert to is not None
            rnd.raise_to(seat, to)
        self._after_bet(seat, action, self.stack[seat] == 0 and kind is not _CHECK)

    def _after_bet(self, seat: int, action: Action, all_in: bool) -> None:
        """Log a betting action, then pass the turn or close the round."""
        self._actions.append((seat, action, all_in))
        rnd = self._round
        assert rnd is not None
        nxt = rnd.next_actor(seat)
        if nxt >= 0:
            self._actor = nxt
        else:
            self._close_round()
            self._advance()

    # ------------------------------------------------------------------ views & history
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know now (RULES.md §7), JSON-ready; ``None`` = spectator.

        Raises:
            NotYourTurnError: ``seat`` is not playing in this hand.
        """
        return build_view(self, seat)

    def history(self, *, include_deck: bool = True) -> dict[str, Any]:
        """The hand as a HAND_HISTORY.md v1 document, with ``result`` once complete.

        Args:
            include_deck: add ``deck`` (all 52 cards in dealing order) when the hand was
                dealt from a deck.
        """
        return hand_history(self, include_deck=include_deck)

    def card_locations(self) -> dict[str, dict[int, tuple[int, ...]] | tuple[int, ...]]:
        """Where every card is (for invariant checks; not a view: it shows everything).

        Returns:
            ``{"hand": {seat: cards}, "hidden": {seat: cards}, "in_flight": {seat: cards},
            "dead": cards, "deck": cards}``: cards held by seats still in the hand (the five
            arranged ones after arranging), their hidden cards, committed passes not yet
            resolved, dead cards (folded seats' cards and the two unused after arranging),
            and the undealt cards. Together they are the 52 cards, each once.
        """
        return card_locations(self)

    def __repr__(self) -> str:
        return (
            f"<HandState {self.phase.value} round={self.betting_round} "
            f"to_act={self.to_act} pot={self.pot_total}>"
        )
