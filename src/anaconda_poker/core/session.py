"""A session: consecutive hands at one table (RULES.md §1 button movement, §5 dealer's choice).

>>> import random
>>> from anaconda_poker.core.config import TableConfig
>>> session = Session(TableConfig(), [Seat(name="Ana", stack=50), Seat(name="Bo", stack=50)],
...                   button=0, rng=random.Random(2))
>>> hand = session.start_hand()
>>> hand.button
0
>>> from anaconda_poker.core.actions import Action
>>> hand.apply(1, Action.fold())
>>> session.finish_hand().net
{1: -1, 0: 1}
>>> session.start_hand().button
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from anaconda_poker.core.cards import ShuffleRNG
from anaconda_poker.core.config import MAX_SEATS, Split, TableConfig
from anaconda_poker.core.declare import hand_config
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.result import HandResult
from anaconda_poker.core.state import HandState, Seat, seat_number


class SessionError(AnacondaError):
    """A session operation that is not possible now (e.g. a join during a hand, a taken
    seat, too few players with chips, dealer's choice on a table without it)."""


def _too_many_players(config: TableConfig, wanted: int) -> SessionError:
    """The refusal of seating ``wanted`` players where one deck deals to fewer (RULES.md §1)."""
    most = config.max_players()
    return SessionError(
        f"this table deals {config.cards_dealt} cards to each player: one deck is enough "
        f"for at most {most} players (RULES.md §1), so {wanted} cannot sit at it"
    )


class Session:
    """Consecutive hands at one table.

    Args:
        config: the table's rules and stakes (the split may change per hand with dealer's
            choice).
        seats: the players by seat number; ``None`` for an empty seat. The table has
            ``max(len(seats), table_size)`` seats.
        button: the first hand's dealer (an occupied seat with chips; if not, the next one
            clockwise).
        rng: shuffles every hand's deck (``None`` = cryptographically secure).
        dealers_choice: allow the dealer to choose the split game per hand (RULES.md §5).
        table_size: number of seats (for players joining later), at most ``MAX_SEATS``.

    Raises:
        SessionError: a table larger than ``MAX_SEATS``, more seated players than one deck
            can deal to (RULES.md §1: 7 with 7 cards, 5 with 9; the same error as
            :meth:`join`), or a bad button.

    Busted players (stack 0) keep their seat but sit out; the button moves one seat
    clockwise, among the seats dealt into the next hand, after every hand (RULES.md §1).
    """

    def __init__(
        self,
        config: TableConfig,
        seats: Sequence[Seat | None],
        *,
        button: int = 0,
        rng: ShuffleRNG | None = None,
        dealers_choice: bool = False,
        table_size: int | None = None,
    ) -> None:
        size = max(len(seats), table_size or 0)
        if size > MAX_SEATS:
            raise SessionError(f"a table has at most {MAX_SEATS} seats, got {size}")
        if not 0 <= button < size:
            raise SessionError(f"button {button} is not a seat of this {size}-seat table")
        seated = sum(1 for s in seats if s is not None)
        if seated > config.max_players():
            raise _too_many_players(config, seated)
        self.config = config
        self.seats: list[Seat | None] = list(seats) + [None] * (size - len(seats))
        self.rng = rng
        self.dealers_choice = dealers_choice
        self.hand: HandState | None = None
        self.histories: list[dict[str, Any]] = []
        self._last_button: int | None = None
        self._first_button = button

    # ------------------------------------------------------------------ seating
    @property
    def active_seats(self) -> list[int]:
        """Seats that will be dealt into the next hand (occupied, stack >= 1)."""
        return [i for i, s in enumerate(self.seats) if s is not None and s.stack > 0]

    @property
    def sitting_out(self) -> list[int]:
        """Occupied seats with no chips (busted players sit out)."""
        return [i for i, s in enumerate(self.seats) if s is not None and s.stack <= 0]

    def _between_hands(self, what: str) -> None:
        if self.hand is not None:
            raise SessionError(f"cannot {what} during a hand; finish the hand first")

    def _seat_index(self, seat: object) -> int:
        number = seat_number(seat)
        if number is None or not 0 <= number < len(self.seats):
            raise SessionError(f"seat {seat!r} does not exist; seats are 0..{len(self.seats) - 1}")
        return number

    @staticmethod
    def _check_chips(chips: object, what: str) -> int:
        number = seat_number(chips)  # whole numbers only: not bool, not float
        if number is None or number < 1:
            raise SessionError(
                f"{what} must be a whole number of chips (at least 1 chip); got {chips!r}"
            )
        return number

    def join(self, seat: int, *, name: str, stack: int) -> None:
        """Seat a new player between hands.

        Raises:
            SessionError: a hand is in progress, the seat is taken or out of range, the
                stack is not a whole number of chips >= 1, or the table already seats as
                many players as one deck can deal to (RULES.md §1: 7 with 7 cards, 5 with 9).
        """
        self._between_hands("join")
        index = self._seat_index(seat)
        if self.seats[index] is not None:
            raise SessionError(f"seat {index} is taken; empty seats are {self.empty_seats}")
        chips = self._check_chips(stack, "a joining player's stack")
        seated = len(self.seats) - len(self.empty_seats)
        if seated >= self.config.max_players():
            raise _too_many_players(self.config, seated + 1)
        self.seats[index] = Seat(name=name, stack=chips)

    def leave(self, seat: int) -> Seat:
        """Remove a player between hands; returns their seat (name and chips).

        Raises:
            SessionError: a hand is in progress or the seat is empty.
        """
        self._between_hands("leave")
        index = self._seat_index(seat)
        player = self.seats[index]
        if player is None:
            raise SessionError(f"seat {index} is empty")
        self.seats[index] = None
        return player

    def add_chips(self, seat: int, chips: int) -> None:
        """Add chips to a player's stack between hands (a rebuy).

        Raises:
            SessionError: a hand is in progress, the seat is empty, or ``chips`` is not a
                whole number of chips >= 1.
        """
        self._between_hands("add chips")
        index = self._seat_index(seat)
        player = self.seats[index]
        if player is None:
            raise SessionError(f"cannot add chips to seat {index}: it is empty")
        amount = self._check_chips(chips, "chips added")
        self.seats[index] = Seat(name=player.name, stack=player.stack + amount)

    @property
    def empty_seats(self) -> list[int]:
        """Seat numbers nobody sits in."""
        return [i for i, s in enumerate(self.seats) if s is None]

    # ------------------------------------------------------------------ hands
    def next_button(self) -> int:
        """The dealer of the next hand: the first hand's button (or the next active seat
        clockwise), then one active seat clockwise from the last dealer (RULES.md §1).

        Raises:
            SessionError: fewer than two players have chips.
        """
        active = self.active_seats
        if len(active) < 2:
            raise SessionError(
                f"a hand needs at least 2 players with chips; seats with chips: {active}"
            )
        size = len(self.seats)
        last = self._last_button
        start = self._first_button if last is None else (last + 1) % size
        for k in range(size):
            seat = (start + k) % size
            if seat in active:
                return seat
        raise AssertionError("unreachable: active seats exist")  # pragma: no cover

    def start_hand(
        self, *, split: Split | str | None = None, deck: Sequence[int] | None = None
    ) -> HandState:
        """Deal the next hand (antes posted, cards dealt).

        Args:
            split: with dealer's choice, the game type the dealer picks for this hand.
            deck: the 52 card codes to deal from, in dealing order (a deck derived by the
                caller, e.g. fairness version 3); ``None`` shuffles with the session's rng.

        Returns:
            The new hand; play it through :meth:`HandState.apply`, then call
            :meth:`finish_hand`.

        Raises:
            SessionError: a hand is in progress, fewer than two players have chips, or a
                split was chosen on a table without dealer's choice or is not a game type.
        """
        self._between_hands("start a hand")
        config = self.config
        if split is not None:
            if not self.dealers_choice:
                raise SessionError("this table does not play dealer's choice")
            try:
                chosen = Split(split)
            except ValueError:
                allowed = ", ".join(m.value for m in Split)
                raise SessionError(
                    f"the dealer may choose one of {allowed}; got {split!r}"
                ) from None
            config = hand_config(config, chosen)  # a high-only hand is not declared (§6)
        button = self.next_button()
        seats: list[Seat | None] = [
            s if s is not None and s.stack > 0 else None for s in self.seats
        ]
        if deck is None:
            self.hand = HandState(config, seats=seats, button=button, rng=self.rng)
        else:
            self.hand = HandState(config, seats=seats, button=button, deck=deck)
        return self.hand

    def finish_hand(self) -> HandResult:
        """Settle the complete hand: stacks updated, history kept, button moved.

        Raises:
            SessionError: no hand, or the hand is not complete.
        """
        hand = self.hand
        if hand is None or hand.result is None:
            raise SessionError("there is no complete hand to finish")
        for seat in hand.players:
            player = self.seats[seat]
            assert player is not None
            self.seats[seat] = Seat(name=player.name, stack=hand.stack[seat])
        self.histories.append(hand.history())
        self._last_button = hand.button
        self.hand = None
        return hand.result

    @property
    def hands_played(self) -> int:
        """Hands finished in this session."""
        return len(self.histories)

    def total_chips(self) -> int:
        """Chips at the table (stacks; plus the hand in progress), for conservation checks."""
        if self.hand is not None:
            outside = sum(
                s.stack
                for i, s in enumerate(self.seats)
                if s is not None and i not in self.hand.players
            )
            return outside + self.hand.chip_total()
        return sum(s.stack for s in self.seats if s is not None)
