"""The automatic steps of one hand between the players' decisions (RULES.md §2–§6).

:class:`HandProgress` runs, over the record declared by
:class:`~anaconda_poker.core.hand_record.HandRecord` (stacks, bets, pots, cards, phase),
everything that happens without a decision: posting the antes, opening and closing
betting rounds (returning an uncalled bet), revealing cards, starting and resolving the
simultaneous passing, arranging and declaring steps, skipping betting when at most one
player has chips, the showdown and the awards. It follows the step list of
:func:`anaconda_poker.core.schedule.schedule`.

It is the base of :class:`anaconda_poker.core.state.HandState`, which deals, validates and
applies the decisions; nothing else constructs it. Internals are plain ints and lists
indexed by seat number, chips everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping

from anaconda_poker.core.betting import BettingRound
from anaconda_poker.core.config import Betting, Direction, FirstToAct, ForcedBet
from anaconda_poker.core.declare import Declaration
from anaconda_poker.core.evaluation import showing_value
from anaconda_poker.core.hand_record import HandRecord
from anaconda_poker.core.hand_types import Phase
from anaconda_poker.core.pots import build_pots, uncalled_excess
from anaconda_poker.core.result import HandResult, PotResult
from anaconda_poker.core.schedule import (
    STEP_ARRANGE,
    STEP_BET,
    STEP_DECLARE,
    STEP_PASS,
    STEP_REVEAL,
)
from anaconda_poker.core.showdown import pots_to_one, settle_showdown

__all__ = ["HandProgress"]


class HandProgress(HandRecord):
    """The automatic steps over a hand's record (RULES.md §2–§6).

    Subclasses fill every attribute of :class:`~anaconda_poker.core.hand_record.HandRecord`
    before calling :meth:`_post_forced_bets` and then :meth:`_advance`; amounts are chips.
    """

    __slots__ = ()

    # ------------------------------------------------------------------ setup
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
            if step == STEP_BET:
                self.betting_round += 1
                with_chips = 0
                for s in self.order:
                    if live[s] and stack[s] > 0:
                        with_chips += 1
                if with_chips >= 2:
                    self._start_round(roll=arg == 1)
                    return
            elif step == STEP_REVEAL:
                self.revealed_count = arg
                shown = self.shown
                for s in self.order:
                    if live[s]:
                        shown[s] = arg
            elif step == STEP_PASS:
                self.phase = Phase.PASSING
                self.pass_index = arg
                self._begin_simultaneous()
                return
            elif step == STEP_ARRANGE:
                self.phase = Phase.ARRANGING
                self._begin_simultaneous()
                return
            elif step == STEP_DECLARE:
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
        self._finish(pots_to_one(pots, winner), showdown=False, high={}, low={})

    def _showdown(self) -> None:
        """Compare the revealed hands and award every pot (RULES.md §5, §6)."""
        fives = {s: a for s in self.order if self.live[s] and (a := self.arranged[s]) is not None}
        pots = build_pots(self.committed, self.live, dead=self.dead_money)
        declared = {s: d for s in fives if (d := self.declared[s]) is not None}
        settled = settle_showdown(self.config, pots, fives, declared, order=self.order)
        self._finish(
            settled.pots,
            showdown=True,
            high=settled.high,
            low=settled.low,
            declared=settled.declared,
            failed_swings=settled.failed_swings,
        )

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
