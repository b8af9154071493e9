"""One hand driven by action indices: the engine's :class:`HandState` plus the arrangement
picks a seat has made so far (the only thing the encoding splits into several steps).

Every interface in :mod:`anaconda_poker.rl` plays hands through this class, so the rules
stay in the core (RULES.md §2–§6) and the interfaces only translate.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.state import ARRANGE_COUNT, HandState, Seat
from anaconda_poker.rl.encoding import Encoding, IllegalActionError, Mask, Vector

__all__ = ["DEFAULT_STACK", "LearningHand"]

DEFAULT_STACK = 500
"""Chips each seat starts a hand with unless told otherwise (as the arena)."""


class LearningHand:
    """A hand that accepts action indices of an :class:`Encoding`.

    Args:
        encoding: the table's encodings (its config and number of players).
        button: the dealer's seat, ``0..num_players-1``.
        stack: chips of every seat before the ante (``>= 1``).
        rng: shuffles the deck (ignored when ``dealt`` is given).
        dealt: ``{seat: card codes}`` as dealt (OpenSpiel deals with chance nodes).

    Raises:
        anaconda_poker.core.errors.InvalidConfigError: a bad button, stack or deal.
    """

    __slots__ = ("betting_log", "encoding", "picks", "state")

    def __init__(
        self,
        encoding: Encoding,
        *,
        button: int,
        stack: int = DEFAULT_STACK,
        rng: random.Random | None = None,
        dealt: Mapping[int, Sequence[int]] | None = None,
    ) -> None:
        self.encoding = encoding
        seats = [Seat(name=f"player_{i}", stack=stack) for i in range(encoding.num_players)]
        if dealt is None and rng is None:
            raise ValueError("a LearningHand needs rng (a seeded random.Random) or dealt cards")
        self.state = HandState(encoding.config, seats=seats, button=button, rng=rng, dealt=dealt)
        self.picks: list[tuple[int, ...]] = [() for _ in seats]
        self.betting_log: list[tuple[int, int, ActionKind, int]] = []
        """``(betting round 1..9, seat, kind, chips put in)`` of every betting action
        played through :meth:`step` (public information)."""

    @property
    def current_seat(self) -> int | None:
        """The seat whose decision comes next (``None`` once the hand is complete).

        While passing, arranging or declaring, seats still to commit choose one after the
        other clockwise from the dealer's left; nobody's choice is shown to the others and
        the engine applies them together once all are in (RULES.md §3)."""
        to_act = self.state.to_act
        return to_act[0] if to_act else None

    @property
    def is_complete(self) -> bool:
        """True once the hand is over."""
        return self.state.is_complete

    def mask(self, seat: int) -> Mask:
        """Legal-action mask of ``seat`` now (all zeros unless it is ``current_seat``)."""
        if seat != self.current_seat:
            return self.encoding.mask_size_zeros()
        return self.encoding.mask(self.state, seat, self.picks[seat])

    def observe(self, seat: int) -> Vector:
        """``seat``'s observation vector (RULES.md §7)."""
        return self.encoding.observe(self.state, seat, self.picks[seat])

    def step(self, index: int) -> None:
        """Play action ``index`` for :attr:`current_seat`.

        Raises:
            IllegalActionError: not legal now (the hand is unchanged), or the hand is over.
        """
        seat = self.current_seat
        if seat is None:
            raise IllegalActionError(f"action {index!r}: the hand is complete")
        decoded = self.encoding.decode(self.state, seat, index, self.picks[seat])
        if isinstance(decoded, Action):
            state = self.state
            if decoded.kind.is_betting:
                before = state.committed[seat] + state.bet[seat]
                rnd = state.betting_round
                state.apply(seat, decoded)
                put = state.committed[seat] + state.bet[seat] - before
                self.betting_log.append((rnd, seat, decoded.kind, max(put, 0)))
            else:
                state.apply(seat, decoded)
            return
        picks = (*self.picks[seat], decoded)
        if len(picks) < ARRANGE_COUNT:
            self.picks[seat] = picks
            return
        hand = sorted(self.state.hands[seat])
        self.state.apply(seat, Action.arrange(hand[i] for i in picks))
        self.picks[seat] = ()

    def net(self) -> list[int]:
        """Chips won (+) or lost (−) by each seat in this hand; zeros until it is complete."""
        result = self.state.result
        if result is None:
            return [0] * self.encoding.num_players
        return [result.net.get(s, 0) for s in range(self.encoding.num_players)]
