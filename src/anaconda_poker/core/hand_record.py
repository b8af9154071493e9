"""One hand's record and the questions it answers (RULES.md §1–§7): stacks, bets, pots,
cards, phase and the action log, read by the views, the hand history, the card audit and the
legality checks.

:class:`HandRecord` declares the record and answers questions about it (who acts, the pot,
the legal actions, the revealed cards); it changes nothing.
:class:`~anaconda_poker.core.progress.HandProgress` adds the automatic steps and
:class:`~anaconda_poker.core.state.HandState` the deal and the decisions. Modules that only
read a hand (``views``, ``locations``, ``history_format``) take a ``HandRecord`` and so
import neither of those: the core's imports have no cycle.
"""

from __future__ import annotations

from collections.abc import Sequence

from anaconda_poker.core.actions import Action
from anaconda_poker.core.betting import BettingRound
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.declare import Declaration
from anaconda_poker.core.hand_types import LegalActions, Phase
from anaconda_poker.core.legality import legal_actions
from anaconda_poker.core.result import HandResult

__all__ = ["HandRecord"]


class HandRecord:
    """A hand's record and the questions it answers (see the module docstring).

    Every list is indexed by seat number (``n_seats`` long; empty seats hold 0, ``False``
    or ``None``); amounts are chips. Built only through
    :class:`~anaconda_poker.core.state.HandState`, which fills every attribute.
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

    config: TableConfig
    n_seats: int
    button: int
    names: list[str | None]
    order: tuple[int, ...]
    """The seats dealt in, clockwise from the dealer's left."""
    pos: list[int]
    """Each seat's index in :attr:`order` (``-1`` for a seat not dealt in)."""
    dealt_in: list[bool]
    start_stacks: list[int]
    stack: list[int]
    bet: list[int]
    """Each seat's bet in the current betting round, chips."""
    committed: list[int]
    """Each seat's chips moved into the pots (antes and closed rounds)."""
    live: list[bool]
    """Still in the hand (dealt in and not folded)."""
    pot: int
    dead_money: int
    result: HandResult | None
    phase: Phase
    betting_round: int
    pass_index: int
    revealed_count: int
    passes: list[list[tuple[tuple[int, ...], tuple[int, ...]]]]
    """Each seat's resolved passes in order as ``(given, received)``."""
    pending: list[tuple[int, ...] | None]
    """Cards committed in the current pass or arrangement, not yet resolved."""
    arranged: list[tuple[int, ...] | None]
    shown: list[int]
    declared: list[Declaration | None]
    deck_order: tuple[int, ...] | None
    dealt: list[tuple[int, ...]]
    hands: list[list[int]]
    hidden: list[list[int]]
    _starting_total: int
    _uncalled: dict[int, int]
    _actions: list[tuple[int, Action, bool]]
    _round: BettingRound | None
    _actor: int
    _waiting: int
    _step: int
    _schedule: tuple[tuple[int, int], ...]
    _undealt: list[int]

    def revealed(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` has turned face up so far, in order (public)."""
        arranged = self.arranged[seat]
        return arranged[: self.shown[seat]] if arranged else ()

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
    def action_log(self) -> tuple[tuple[int, Action, bool], ...]:
        """Every accepted action in order as ``(seat, action, all_in)``: ``all_in`` marks a
        betting action that put the seat's last chip in."""
        return tuple(self._actions)

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

    def legal_actions(self, seat: int) -> LegalActions:
        """What ``seat`` may do now (RULES.md §3–§4); empty ``kinds`` if it may not act
        (:func:`anaconda_poker.core.legality.legal_actions`)."""
        return legal_actions(self, seat)

    @property
    def undealt(self) -> tuple[int, ...]:
        """The cards nobody was dealt (not a view: for audits such as card_locations)."""
        return tuple(self._undealt)

    @property
    def actor(self) -> int:
        """The seat to act in the current betting round, ``-1`` outside betting rounds."""
        return self._actor

    @property
    def open_round(self) -> BettingRound | None:
        """The betting round in progress (``None`` outside betting rounds)."""
        return self._round
