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
:meth:`HandState.apply`.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from anaconda_poker.core.actions import Action, ActionKind, MalformedActionError
from anaconda_poker.core.betting import BettingRound
from anaconda_poker.core.cards import Deck, ShuffleRNG, card_str, format_cards
from anaconda_poker.core.config import (
    MAX_SEATS,
    Betting,
    DeclareMode,
    Direction,
    FirstToAct,
    ForcedBet,
)
from anaconda_poker.core.config import TableConfig as TableConfig
from anaconda_poker.core.declare import Declaration, award_declared_pots
from anaconda_poker.core.errors import DuplicateCardError, InvalidCardError, InvalidConfigError
from anaconda_poker.core.evaluation import showing_value
from anaconda_poker.core.pots import build_pots, uncalled_excess
from anaconda_poker.core.result import HandResult, PotResult
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
from anaconda_poker.core.showdown import award_pots, hand_values

__all__ = ["ARRANGE_COUNT", "HandState", "LegalActions", "Phase", "Seat", "seat_number"]

ARRANGE_COUNT = 5
"""Cards each player keeps and reveals (RULES.md §2.5)."""

_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_PASS = ActionKind.PASS
_ARRANGE = ActionKind.ARRANGE
_DECLARE = ActionKind.DECLARE
_DECLARATIONS = tuple(d.value for d in Declaration)

# schedule steps
_STEP_BET = 0
_STEP_PASS = 1
_STEP_ARRANGE = 2
_STEP_REVEAL = 3
_STEP_SHOWDOWN = 4
_STEP_DECLARE = 5


class Phase(StrEnum):
    """What the hand is waiting for."""

    BETTING = "betting"
    """One seat must act in a betting round (RULES.md §4)."""
    PASSING = "passing"
    """Every seat still in the hand that has not committed its pass (RULES.md §3)."""
    ARRANGING = "arranging"
    """Every seat still in the hand that has not committed its arrangement (RULES.md §2.5)."""
    DECLARING = "declaring"
    """Every seat still in the hand that has not declared high, low or both (RULES.md §6)."""
    COMPLETE = "complete"
    """The hand is over; :attr:`HandState.result` is set."""


_BETTING = Phase.BETTING


def seat_number(seat: object) -> int | None:
    """``seat`` as a plain ``int``, or ``None`` when it is not an integer.

    NumPy integers (and anything with ``__index__``) are seat numbers; ``bool`` is not
    (``True == 1`` would otherwise act for seat 1), nor are floats or strings.
    """
    if type(seat) is int:
        return seat
    if isinstance(seat, bool):
        return None
    try:
        return operator.index(seat)  # type: ignore[arg-type]
    except TypeError:
        return None


def _chips(value: object) -> int | None:
    """``value`` as a whole number of chips (the same test as a seat number), else ``None``."""
    return seat_number(value)


@dataclass(frozen=True, slots=True, kw_only=True)
class Seat:
    """A player sitting down for one hand.

    Attributes:
        name: display name.
        stack: chips before the ante, ``>= 1``.
    """

    name: str
    stack: int


_NO_KINDS: frozenset[ActionKind] = frozenset()


@dataclass(frozen=True, slots=True, kw_only=True)
class LegalActions:
    """What one seat may do now (STYLE.md §4: ranges, not every amount).

    Attributes:
        seat: the seat asked about.
        kinds: the allowed action kinds; empty when the seat may not act now.
        call_amount: chips to add to call (less than the bet when the call is all-in).
        bet_range: ("to" min, "to" max) of a bet, or ``None``.
        raise_range: ("to" min, "to" max) of a raise, or ``None``; the max may be all-in.
        pass_count: cards to pass now (0 unless passing).
        cards: the cards that may be passed or arranged (never hidden cards).
        arrange_count: cards to arrange now (5 while arranging, else 0).
        declarations: what may be declared now (``("high", "low", "both")`` while
            declaring, else empty; RULES.md §6).
    """

    seat: int
    kinds: frozenset[ActionKind] = _NO_KINDS
    call_amount: int = 0
    bet_range: tuple[int, int] | None = None
    raise_range: tuple[int, int] | None = None
    pass_count: int = 0
    cards: tuple[int, ...] = ()
    arrange_count: int = 0
    declarations: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (kinds sorted, cards as text)."""
        return {
            "seat": self.seat,
            "kinds": sorted(k.value for k in self.kinds),
            "call_amount": self.call_amount,
            "bet_range": list(self.bet_range) if self.bet_range else None,
            "raise_range": list(self.raise_range) if self.raise_range else None,
            "pass_count": self.pass_count,
            "cards": [card_str(c) for c in self.cards],
            "arrange_count": self.arrange_count,
            "declarations": list(self.declarations),
        }

    def describe(self) -> str:
        """Short text of what is allowed, e.g. ``"fold, call 2, raise to 4"``."""
        parts: list[str] = []
        for kind in (_FOLD, _CHECK, _CALL, _BET, _RAISE, _PASS, _ARRANGE, _DECLARE):
            if kind not in self.kinds:
                continue
            if kind is _CALL:
                parts.append(f"call {self.call_amount}")
            elif kind is _BET and self.bet_range:
                parts.append(_range_text("bet", self.bet_range))
            elif kind is _RAISE and self.raise_range:
                parts.append(_range_text("raise to", self.raise_range))
            elif kind is _PASS:
                parts.append(f"pass {self.pass_count} of {format_cards(self.cards)}")
            elif kind is _ARRANGE:
                parts.append(f"arrange {self.arrange_count} of {format_cards(self.cards)}")
            elif kind is _DECLARE:
                parts.append("declare " + " or ".join(self.declarations))
            else:
                parts.append(kind.value)
        return ", ".join(parts) if parts else "nothing"


def _range_text(word: str, bounds: tuple[int, int]) -> str:
    low, high = bounds
    return f"{word} {low}" if low == high else f"{word} {low}..{high}"


class HandState:
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

    __slots__ = (
        "_actions",
        "_actor",
        "_round",
        "_schedule",
        "_starting_total",
        "_step",
        "_uncalled",
        "_undealt",
        "_waiting",
        "arranged",
        "bet",
        "betting_round",
        "button",
        "committed",
        "config",
        "dead_money",
        "dealt",
        "dealt_in",
        "deck_order",
        "declared",
        "hands",
        "hidden",
        "live",
        "n_seats",
        "names",
        "order",
        "pass_index",
        "passes",
        "pending",
        "phase",
        "pos",
        "pot",
        "result",
        "revealed_count",
        "shown",
        "stack",
        "start_stacks",
    )

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
            chips = _chips(seat.stack)
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
        self.names: list[str | None] = [s.name if s is not None else None for s in seats]
        # seats dealt in, clockwise from the dealer's left
        first = occupied.index(dealer) + 1
        order = occupied[first:] + occupied[:first]
        self.order: tuple[int, ...] = tuple(order)
        pos = [-1] * n
        for i, s in enumerate(order):
            pos[s] = i
        self.pos: list[int] = pos
        self.dealt_in: list[bool] = [s is not None for s in seats]
        self.start_stacks: list[int] = stacks
        self.stack: list[int] = list(self.start_stacks)
        self._starting_total = sum(self.start_stacks)
        self.bet: list[int] = [0] * n
        self.committed: list[int] = [0] * n
        self.live: list[bool] = list(self.dealt_in)
        self.pot = 0
        self.dead_money = 0
        self._uncalled: dict[int, int] = {}
        self._actions: list[tuple[int, Action, bool]] = []
        self.result: HandResult | None = None
        self.phase = Phase.BETTING
        self.betting_round = 0
        self.pass_index = -1
        self.revealed_count = 0
        self.passes: list[list[tuple[tuple[int, ...], tuple[int, ...]]]] = [[] for _ in seats]
        self.pending: list[tuple[int, ...] | None] = [None] * n
        self.arranged: list[tuple[int, ...] | None] = [None] * n
        self.shown: list[int] = [0] * n
        self.declared: list[Declaration | None] = [None] * n
        self._round: BettingRound | None = None
        self._actor = -1
        self._waiting = 0
        self._step = 0
        self._schedule = _schedule(config)
        self._deal(rng=rng, deck=deck, dealt=dealt)
        self._post_forced_bets()
        self._advance()

    # ------------------------------------------------------------------ setup
    def _deal(
        self,
        *,
        rng: ShuffleRNG | None,
        deck: Sequence[int] | None,
        dealt: Mapping[int, Sequence[int]] | None,
    ) -> None:
        per = self.config.cards_dealt
        n = self.n_seats
        order = self.order
        cards_by_seat: list[list[int]] = [[] for _ in range(n)]
        if dealt is not None:
            wanted = sorted(order)
            by_seat: dict[int, Sequence[int]] = {}
            for key, cards in dealt.items():
                s = seat_number(key)
                if s is None and isinstance(key, str) and key.strip().isdigit():
                    s = int(key)
                if s is None:
                    raise InvalidConfigError(
                        f"dealt has a key {key!r} that is not a seat number; seats are {wanted}"
                    )
                if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
                    raise InvalidConfigError(
                        f"seat {s} must be dealt a list of card codes 0..51, got {cards!r}"
                    )
                by_seat[s] = cards
            given = sorted(by_seat)
            if given != wanted:
                raise InvalidConfigError(
                    f"dealt cards are given for seats {given}; the seats in the hand are {wanted}"
                )
            seen: set[int] = set()
            for s, cards in by_seat.items():
                codes = list(cards)
                if len(codes) != per:
                    raise InvalidConfigError(
                        f"seat {s} was dealt {len(codes)} cards; this table deals {per}"
                    )
                for c in codes:
                    if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
                        raise InvalidCardError(
                            f"seat {s} was dealt {c!r}: dealt cards must be card codes 0..51 "
                            "(cards.parse_codes turns text such as 'As Kd' into codes)"
                        )
                    if c in seen:
                        raise DuplicateCardError(f"{card_str(c)} is dealt twice")
                    seen.add(c)
                cards_by_seat[s] = codes
            self.deck_order: tuple[int, ...] | None = None
            self._undealt = [c for c in range(52) if c not in seen]
        else:
            source = Deck(order=deck) if deck is not None else Deck(rng=rng)
            full = source.order
            self.deck_order = full
            m = len(order)
            # one card at a time clockwise from the dealer's left: the k-th seat of the
            # order gets cards k, k+m, k+2m, ... of the deck
            for k, s in enumerate(order):
                cards_by_seat[s] = list(full[k : m * per : m])
            self._undealt = list(full[m * per :])
        self.dealt: list[tuple[int, ...]] = [tuple(c) for c in cards_by_seat]
        hidden = self.config.hidden_cards
        keep = per - hidden
        self.hands: list[list[int]] = [c[:keep] for c in cards_by_seat]
        self.hidden: list[list[int]] = [c[keep:] for c in cards_by_seat]

    def _post_forced_bets(self) -> None:
        ante = self.config.ante
        stack = self.stack
        if self.config.forced_bet is ForcedBet.DEALER_ANTE:
            b = self.button
            amount = min(ante * len(self.order), stack[b])
            stack[b] -= amount
            self.dead_money = amount
            self.pot += amount
        else:
            for s in self.order:
                amount = min(ante, stack[s])
                stack[s] -= amount
                self.committed[s] += amount
                self.pot += amount

    # ------------------------------------------------------------------ public questions
    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now: one in a betting round, every seat still in the hand
        that has not committed while passing/arranging (clockwise from the dealer's left),
        ``()`` when the hand is complete."""
        phase = self.phase
        if phase is Phase.BETTING:
            return (self._actor,)
        if phase is Phase.COMPLETE:
            return ()
        live = self.live
        pending: Sequence[object] = self.declared if phase is Phase.DECLARING else self.pending
        return tuple(s for s in self.order if live[s] and pending[s] is None)

    @property
    def is_complete(self) -> bool:
        """True once the hand is over."""
        return self.phase is Phase.COMPLETE

    @property
    def starting_total(self) -> int:
        """Sum of the stacks before the hand, chips."""
        return self._starting_total

    def chip_total(self) -> int:
        """Sum of every stack, every bet of the current round and the pots, chips.

        Equals :attr:`starting_total` at every moment (RULES.md §1).
        """
        return sum(self.stack) + sum(self.bet) + self.pot

    @property
    def pot_total(self) -> int:
        """Chips in the pots plus the bets of the current round."""
        return self.pot + sum(self.bet)

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """Every accepted action in order as ``(seat, action)``."""
        return tuple((s, a) for s, a, _ in self._actions)

    @property
    def action_count(self) -> int:
        """Number of accepted actions."""
        return len(self._actions)

    @property
    def current_bet(self) -> int:
        """The largest bet of the current betting round (0 outside betting), chips."""
        rnd = self._round  # None outside betting rounds
        return rnd.current_bet if rnd is not None else 0

    @property
    def players(self) -> tuple[int, ...]:
        """The seats dealt in, clockwise from the dealer's left."""
        return self.order

    def is_all_in(self, seat: int) -> bool:
        """True when ``seat`` is still in the hand with no chips behind."""
        return self.live[seat] and self.stack[seat] == 0

    def revealed(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` has turned face up so far, in order (public)."""
        arranged = self.arranged[seat]
        return arranged[: self.shown[seat]] if arranged else ()

    def legal_actions(self, seat: int) -> LegalActions:
        """What ``seat`` may do now (RULES.md §3–§4); empty ``kinds`` if it may not act.

        Args:
            seat: a seat number.
        """
        phase = self.phase
        if type(seat) is not int:
            number = seat_number(seat)
            if number is None:
                return LegalActions(seat=seat)
            seat = number
        if phase is Phase.COMPLETE or not 0 <= seat < self.n_seats or not self.live[seat]:
            return LegalActions(seat=seat)
        if phase is Phase.BETTING:
            if seat != self._actor:
                return LegalActions(seat=seat)
            rnd = self._round
            assert rnd is not None
            kinds = {_FOLD}
            call = rnd.call_amount(seat)
            current = rnd.current_bet
            if current > self.bet[seat]:
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
                call_amount=call if current > self.bet[seat] else 0,
                bet_range=bet_range,
                raise_range=raise_range,
            )
        if phase is Phase.DECLARING:
            if self.declared[seat] is not None:
                return LegalActions(seat=seat)
            return LegalActions(seat=seat, kinds=frozenset((_DECLARE,)), declarations=_DECLARATIONS)
        if self.pending[seat] is not None:
            return LegalActions(seat=seat)
        if phase is Phase.PASSING:
            return LegalActions(
                seat=seat,
                kinds=frozenset((_PASS,)),
                pass_count=self.config.pass_counts[self.pass_index],
                cards=tuple(self.hands[seat]),
            )
        return LegalActions(
            seat=seat,
            kinds=frozenset((_ARRANGE,)),
            cards=tuple(self.hands[seat]),
            arrange_count=ARRANGE_COUNT,
        )

    def can_apply(self, seat: int, action: Action) -> bool:
        """True when :meth:`apply` would accept ``action`` from ``seat`` now."""
        try:
            self._check(self._seat(seat), action)
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
            _require_action(action)
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
        self._check(seat, action)
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

    def _check(self, seat: int, action: Action) -> None:
        """Raise the specific error if ``action`` by ``seat`` is not legal now."""
        _require_action(action)
        phase = self.phase
        if phase is Phase.COMPLETE:
            raise HandCompleteError(f"the hand is over; seat {seat} cannot {action}", seat=seat)
        if not isinstance(seat, int) or not 0 <= seat < self.n_seats or not self.dealt_in[seat]:
            raise NotYourTurnError(
                f"seat {seat!r} is not playing in this hand; players are {list(self.order)}",
                seat=seat,
            )
        if not self.live[seat]:
            raise FoldedError(
                f"seat {seat} has folded and cannot act for the rest of the hand", seat=seat
            )
        kind = action.kind
        if phase is Phase.BETTING:
            if seat != self._actor:
                raise NotYourTurnError(
                    f"it is seat {self._actor}'s turn to act, not seat {seat}'s", seat=seat
                )
            rnd = self._round
            assert rnd is not None
            current = rnd.current_bet
            if kind is _CALL:
                if current <= self.bet[seat]:
                    raise ActionNotAllowedError(
                        f"seat {seat} cannot call: there is no bet to call; "
                        f"allowed: {self.legal_actions(seat).describe()}",
                        seat=seat,
                    )
            elif kind is _CHECK:
                if current > self.bet[seat]:
                    raise ActionNotAllowedError(
                        f"seat {seat} cannot check facing a bet of {current}; "
                        f"allowed: {self.legal_actions(seat).describe()}",
                        seat=seat,
                    )
            elif kind is _BET or kind is _RAISE:
                self._check_amount(seat, action, rnd)
            elif kind is not _FOLD:
                raise ActionNotAllowedError(
                    f"seat {seat} cannot {kind.value} during betting round "
                    f"{self.betting_round}; allowed: {self.legal_actions(seat).describe()}",
                    seat=seat,
                )
            return
        if phase is Phase.DECLARING:
            self._check_declaration(seat, action)
            return
        if kind is _DECLARE:
            raise ActionNotAllowedError(
                f"seat {seat} cannot declare now: declarations come after the final betting "
                f"round (RULES.md §6); allowed: {self.legal_actions(seat).describe()}",
                seat=seat,
            )
        # passing or arranging: simultaneous decisions
        passing = phase is Phase.PASSING
        wanted = _PASS if passing else _ARRANGE
        if kind is not wanted:
            what = (
                f"pass {self.config.pass_counts[self.pass_index]} cards"
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
                f"seat {seat} cannot {kind.value} now: every player still in the hand must "
                f"{what}{why}",
                seat=seat,
            )
        if self.pending[seat] is not None:
            raise NotYourTurnError(
                f"seat {seat} has already committed its {wanted.value}; waiting for seats "
                f"{list(self.to_act)}",
                seat=seat,
            )
        count = self.config.pass_counts[self.pass_index] if passing else ARRANGE_COUNT
        cards = action.cards
        if len(cards) != count:
            raise WrongCardCountError(
                f"seat {seat} must {wanted.value} exactly {count} cards, got {len(cards)} "
                f"({format_cards(cards)})",
                seat=seat,
            )
        hand = self.hands[seat]
        for c in cards:
            if c not in hand:
                if c in self.hidden[seat]:
                    why = "it is a hidden card, which is never passed or arranged"
                else:
                    why = f"it is not in seat {seat}'s hand"
                raise CardNotInHandError(
                    f"seat {seat} cannot {wanted.value} {card_str(c)}: {why}; its cards are "
                    f"{format_cards(hand)}",
                    seat=seat,
                )

    def _check_declaration(self, seat: int, action: Action) -> None:
        """Raise unless ``action`` is the first declaration of ``seat`` (RULES.md §6)."""
        if action.kind is not _DECLARE:
            raise ActionNotAllowedError(
                f"seat {seat} cannot {action.kind.value} now: every player still in the hand "
                "must declare high, low or both (declarations are simultaneous, so nobody folds "
                "or bets now)",
                seat=seat,
            )
        if self.declared[seat] is not None:
            raise NotYourTurnError(
                f"seat {seat} has already declared; waiting for seats {list(self.to_act)}",
                seat=seat,
            )

    def _check_amount(self, seat: int, action: Action, rnd: BettingRound) -> None:
        kind = action.kind
        current = rnd.current_bet
        if kind is _BET and current:
            raise ActionNotAllowedError(
                f"seat {seat} cannot bet: there is already a bet of {current} (raise instead); "
                f"allowed: {self.legal_actions(seat).describe()}",
                seat=seat,
            )
        if kind is _RAISE and not current:
            raise ActionNotAllowedError(
                f"seat {seat} cannot raise: there is no bet yet (bet instead); "
                f"allowed: {self.legal_actions(seat).describe()}",
                seat=seat,
            )
        reason = rnd.no_raise_reason(seat)
        if reason is not None:
            cls = RaiseCapError if "raise cap" in reason else ActionNotAllowedError
            raise cls(
                f"seat {seat} cannot {kind.value}: {reason}; "
                f"allowed: {self.legal_actions(seat).describe()}",
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
                f"(allowed {_range_text(word, bounds)})",
                seat=seat,
            )
        if to > high:
            limit = "all-in" if high == self.bet[seat] + self.stack[seat] else "maximum"
            raise AmountError(
                f"seat {seat}: {word} {to} is above the {limit} {word} {high} "
                f"(allowed {_range_text(word, bounds)})",
                seat=seat,
            )

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

    # ------------------------------------------------------------------ automatic steps
    def _close_round(self) -> None:
        """End a betting round: return the uncalled bet, move the bets into the pot."""
        bet = self.bet
        seat, excess = uncalled_excess(bet)
        if excess:
            bet[seat] -= excess
            self.stack[seat] += excess
            self._uncalled[seat] = self._uncalled.get(seat, 0) + excess
        committed = self.committed
        total = 0
        for s in self.order:
            b = bet[s]
            if b:
                committed[s] += b
                total += b
                bet[s] = 0
        self.pot += total
        self._round = None
        self._actor = -1

    def _advance(self) -> None:
        """Run the automatic steps until some seat must decide or the hand ends."""
        schedule = self._schedule
        live = self.live
        stack = self.stack
        while True:
            step, arg = schedule[self._step]
            self._step += 1
            if step == _STEP_BET:
                self.betting_round += 1
                with_chips = 0
                for s in self.order:
                    if live[s] and stack[s] > 0:
                        with_chips += 1
                if with_chips >= 2:
                    self._start_round(roll=arg == 1)
                    return
            elif step == _STEP_REVEAL:
                self.revealed_count = arg
                shown = self.shown
                for s in self.order:
                    if live[s]:
                        shown[s] = arg
            elif step == _STEP_PASS:
                self.phase = Phase.PASSING
                self.pass_index = arg
                self._begin_simultaneous()
                return
            elif step == _STEP_ARRANGE:
                self.phase = Phase.ARRANGING
                self._begin_simultaneous()
                return
            elif step == _STEP_DECLARE:
                self.phase = Phase.DECLARING
                self._begin_simultaneous()
                return
            else:
                self._showdown()
                return

    def _begin_simultaneous(self) -> None:
        live = self.live
        pending = self.pending
        waiting = 0
        for s in self.order:
            pending[s] = None
            if live[s]:
                waiting += 1
        self._waiting = waiting

    def _start_round(self, *, roll: bool) -> None:
        cfg = self.config
        fixed_big = roll and cfg.betting is Betting.FIXED_LIMIT
        rnd = BettingRound(
            structure=cfg.betting,
            bet_size=cfg.big_bet if fixed_big else cfg.small_bet,
            small_bet=cfg.small_bet,
            raise_cap=cfg.raise_cap,
            cap_lift=cfg.cap_lifted_heads_up,
            pot=self.pot,
            order=self.order,
            pos=self.pos,
            stack=self.stack,
            bet=self.bet,
            live=self.live,
        )
        self._round = rnd
        self.phase = Phase.BETTING
        needs = rnd.needs
        if roll and cfg.reveal_first_to_act is FirstToAct.BEST_SHOWING:
            best_value = -1
            first = -1
            for s in self.order:
                if needs[s]:
                    arranged = self.arranged[s]
                    assert arranged is not None
                    value = showing_value(arranged[: self.shown[s]])
                    if value > best_value:
                        best_value = value
                        first = s
            self._actor = first
        else:
            self._actor = next(s for s in self.order if needs[s])

    def _resolve_passes(self) -> None:
        """Apply every committed pass at once (RULES.md §3)."""
        direction = self.config.pass_directions[self.pass_index]
        ring = [s for s in self.order if self.live[s]]
        m = len(ring)
        step = 1 if direction is Direction.LEFT else -1
        received: dict[int, tuple[int, ...]] = {}
        for i, s in enumerate(ring):
            cards = self.pending[s]
            assert cards is not None
            received[ring[(i + step) % m]] = cards
        hands = self.hands
        for s in ring:
            given = self.pending[s]
            assert given is not None
            got = received[s]
            hand = hands[s]
            hands[s] = [c for c in hand if c not in given] + list(got)
            self.passes[s].append((given, got))
            self.pending[s] = None

    def _resolve_arrangements(self) -> None:
        """Fix every committed arrangement at once (RULES.md §2.5)."""
        for s in self.order:
            if self.live[s]:
                self.arranged[s] = self.pending[s]
                self.pending[s] = None

    def _finish_by_folds(self) -> None:
        """Everyone but one folded: the last player wins every pot, showing nothing."""
        winner = next(s for s in self.order if self.live[s])
        pots = build_pots(self.committed, self.live, dead=self.dead_money)
        results = [
            PotResult(
                amount=amount,
                eligible=tuple(eligible),
                high_winners=(winner,),
                low_winners=(),
                awards={winner: amount},
            )
            for amount, eligible in pots
        ]
        self._finish(results, showdown=False, high={}, low={})

    def _showdown(self) -> None:
        """Compare the revealed hands and award every pot (RULES.md §5)."""
        fives: dict[int, tuple[int, ...]] = {}
        for s in self.order:
            if self.live[s]:
                arranged = self.arranged[s]
                assert arranged is not None
                fives[s] = arranged
        split = self.config.split
        high, low = hand_values(split, fives)
        pots = build_pots(self.committed, self.live, dead=self.dead_money)
        if self.config.declare is DeclareMode.DECLARE:
            declared: dict[int, Declaration] = {}
            for s in fives:
                declaration = self.declared[s]
                assert declaration is not None
                declared[s] = declaration
            awarded = award_declared_pots(
                self.config.swing, pots, high, low, declared, order=self.order
            )
            self._finish(
                awarded.pots,
                showdown=True,
                high=high,
                low=low,
                declared=declared,
                failed_swings=awarded.failed_swings,
            )
            return
        results = award_pots(split, pots, high, low, order=self.order)
        self._finish(results, showdown=True, high=high, low=low)

    def _finish(
        self,
        pots: list[PotResult],
        *,
        showdown: bool,
        high: dict[int, int],
        low: dict[int, int | None],
        declared: Mapping[int, Declaration] | None = None,
        failed_swings: tuple[int, ...] = (),
    ) -> None:
        stack = self.stack
        for pot in pots:
            for seat, chips in pot.awards.items():
                stack[seat] += chips
        self.pot = 0
        self.phase = Phase.COMPLETE
        self._actor = -1
        self.result = HandResult(
            pots=tuple(pots),
            uncalled=dict(self._uncalled),
            net={s: stack[s] - self.start_stacks[s] for s in self.order},
            revealed={s: self.revealed(s) for s in self.order if self.shown[s]},
            showdown=showdown,
            high_values=high,
            low_values=low,
            declarations=dict(declared) if declared else {},
            failed_swings=failed_swings,
        )

    # ------------------------------------------------------------------ views & history
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know now (RULES.md §7), JSON-ready; ``None`` = spectator.

        Raises:
            NotYourTurnError: ``seat`` is not playing in this hand.
        """
        from anaconda_poker.core.views import build_view

        return build_view(self, seat)

    def history(self, *, include_deck: bool = True) -> dict[str, Any]:
        """The hand as a HAND_HISTORY.md v1 document, with ``result`` once complete.

        Args:
            include_deck: add ``deck`` (all 52 cards in dealing order) when the hand was
                dealt from a deck.
        """
        from anaconda_poker.core.history import hand_history

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
        hand: dict[int, tuple[int, ...]] = {}
        hidden: dict[int, tuple[int, ...]] = {}
        flight: dict[int, tuple[int, ...]] = {}
        dead: list[int] = []
        for s in self.order:
            cards = self.hands[s]
            if not self.live[s]:
                dead.extend(cards)
                dead.extend(self.hidden[s])
                continue
            hidden[s] = tuple(self.hidden[s])
            arranged = self.arranged[s]
            pending = self.pending[s] if self.phase is Phase.PASSING else None
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
            "deck": tuple(self._undealt),
        }

    def __repr__(self) -> str:
        return (
            f"<HandState {self.phase.value} round={self.betting_round} "
            f"to_act={self.to_act} pot={self.pot_total}>"
        )


def _require_action(action: object) -> None:
    if not isinstance(action, Action):
        raise MalformedActionError(
            f"an action must be an Action (Action.check(), Action.bet(4), "
            f"Action.parse('raise to 8'), ...), got {action!r}"
        )


def _schedule(config: TableConfig) -> tuple[tuple[int, int], ...]:
    """The automatic/decision steps of a hand in order (RULES.md §2).

    ``(_STEP_BET, 0)`` is a pre-roll betting round, ``(_STEP_BET, 1)`` a roll round.
    """
    steps: list[tuple[int, int]] = [(_STEP_BET, 0)]
    for i in range(len(config.pass_counts)):
        steps.append((_STEP_PASS, i))
        steps.append((_STEP_BET, 0))
    steps.append((_STEP_ARRANGE, 0))
    for k in range(1, ARRANGE_COUNT + 1):
        steps.append((_STEP_REVEAL, k))
        if k <= config.roll_betting_rounds:
            steps.append((_STEP_BET, 1))
    if config.declare is DeclareMode.DECLARE:
        steps.append((_STEP_DECLARE, 0))
    steps.append((_STEP_SHOWDOWN, 0))
    return tuple(steps)
