"""A table's timers as plain data: who must decide by when, when the next hand is dealt and
how long the dealer may choose the game.

:class:`TableClock` reads the table model and keeps what is not the table's state but the
actor's (``server/table.py``): a decision per seat to act (a bot's human-like pause, a
person's action timer and time bank, ``server/absence.py``), the armed automatic deal and the
dealer's-choice deadline. It runs no task and reads no clock: every time is an argument, in
the event loop's seconds (``now``), and the actor arms one wake-up at :meth:`earliest`.
Whether a seat has a live socket is asked of ``connected`` (``server/presence.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from anaconda_poker.server.absence import decision_due, is_away
from anaconda_poker.server.table_model import TableModel

CHOOSE_GAME_SECONDS = 20.0
"""How long the dealer may take to choose the game when the table has no action timer."""

Connected = Callable[[int], bool]
"""Whether a seat has a live socket now."""

Times = Callable[[], tuple[float, float]]
"""The present as (loop seconds, Unix seconds)."""


@dataclass(slots=True)
class Decision:
    """One seat's pending decision: its turn id, when it began and when the server acts
    (loop seconds; ``inf`` when never, a person without a timer)."""

    turn: str
    started: float
    due: float


class TableClock:
    """The timers of one table (see the module docstring).

    Args:
        model: the table model it reads (never changes).
        rng: draws the bots' pauses (0.5 to 1.5 times ``bot_pause``).
    """

    def __init__(self, model: TableModel, rng: random.Random) -> None:
        self.model = model
        self.rng = rng
        self.decisions: dict[int, Decision] = {}
        self.next_hand_at: float | None = None  # the armed automatic deal, loop seconds
        self.choosing: tuple[int, float] | None = None  # (dealer seat, loop deadline)

    # ================================================================== decisions
    def seat_away(self, seat: int, connected: Connected) -> bool:
        """The seat is away (``server/absence.py``): no socket and a timeout already."""
        record = self.model.occupied(seat)
        return is_away(
            human=record.bot is None,
            connected=connected(seat),
            timeouts=record.missed,
            sitting_out=record.sitting_out,
        )

    def human_due(self, seat: int, started: float, now: float, connected: Connected) -> float:
        """When the server acts for a person's decision begun at ``started`` (the timer, the
        bank only while connected, at once when away)."""
        return decision_due(
            started=started,
            now=now,
            timer=self.model.settings.action_timer,
            bank=self.model.occupied(seat).time_bank,
            connected=connected(seat),
            away=self.seat_away(seat, connected),
        )

    def refresh(self, now: float, connected: Connected) -> None:
        """Start a decision (timer or bot pause) for every seat newly to act; drop those of
        seats no longer to act."""
        model = self.model
        hand = model.hand
        decisions = self.decisions
        if not model.in_hand or hand is None:
            decisions.clear()
            return
        to_act = set(hand.to_act)
        for seat in list(decisions):
            if seat not in to_act or decisions[seat].turn != model.turn_of(seat):
                del decisions[seat]
        for seat in to_act:
            if seat in decisions:
                continue
            record = model.occupied(seat)
            turn = model.turn_of(seat) or ""
            if record.bot is not None:
                pause = model.settings.bot_pause
                delay = pause * self.rng.uniform(0.5, 1.5) if pause > 0 else 0.0
                decisions[seat] = Decision(turn, now, now + delay)
            elif record.leaving:  # left the table: the default action, at once
                decisions[seat] = Decision(turn, now, now)
            else:
                decisions[seat] = Decision(turn, now, self.human_due(seat, now, now, connected))

    def rearm_people(self, now: float, connected: Connected) -> None:
        """A socket came or went: a person's pending decision loses (or gets back) its time
        bank, or ends at once when the seat is away (``server/absence.py``)."""
        for seat, decision in list(self.decisions.items()):
            record = self.model.seats[seat]
            if record is None or record.bot is not None or record.leaving:
                continue
            due = self.human_due(seat, decision.started, now, connected)
            self.decisions[seat] = Decision(decision.turn, decision.started, due)

    def due_seat(self, now: float) -> int | None:
        """The seat whose decision is due first at ``now`` (the server acts for it), or
        ``None``; decisions of seats not to act (never expected) are dropped."""
        hand = self.model.hand
        if not self.model.in_hand or hand is None:
            return None
        for seat, decision in sorted(self.decisions.items(), key=lambda kv: kv[1].due):
            if decision.due > now:
                return None
            if seat in hand.to_act:
                return seat
            del self.decisions[seat]  # never act for a seat out of turn
        return None

    def timer_frame(self, times: Times) -> dict[str, Any] | None:
        """The ``timer`` of a ``state`` frame (``docs/protocol.md`` §4): the people to act,
        their deadline as Unix seconds and their banks; ``None`` without one.

        Args:
            times: gives the present, read only when there is a timer to show.
        """
        model = self.model
        hand = model.hand
        timer = model.settings.action_timer
        if timer is None or model.paused or not model.in_hand or hand is None:
            return None
        humans = [s for s in hand.to_act if (r := model.seats[s]) is not None and r.bot is None]
        if not humans:
            return None
        now, wall = times()
        decisions = self.decisions
        started = max(decisions[s].started if s in decisions else now for s in humans)
        return {
            "to_act": humans,
            "deadline": round(wall + (started + timer - now), 3),
            "bank": {str(s): round(model.occupied(s).time_bank, 3) for s in humans},
        }

    # ================================================================== dealing
    def can_auto_deal(self, watched: bool) -> bool:
        """True when the next hand may be dealt automatically: ``auto_start``, not paused,
        two players with chips, and someone to play for: a human seat dealt in, or (unless
        ``wait_for_humans``) a client watching (``watched``). Bots never play on alone for
        nobody, which would fill the database with hands no one sees."""
        model = self.model
        eligible = model.eligible_seats()
        if model.paused or not model.settings.auto_start or len(eligible) < 2:
            return False
        if any(model.occupied(s).bot is None for s in eligible):
            return True
        return not model.settings.wait_for_humans and watched

    @property
    def dealing(self) -> bool:
        """A deal is under way: a hand runs, the dealer chooses or seeds are asked for."""
        model = self.model
        return model.in_hand or self.choosing is not None or model.seed_round is not None

    def schedule_next_hand(self, now: float, watched: bool) -> None:
        """Arm the automatic deal of the next hand when the table can play one (after
        ``between_hands`` seconds, at once before the first hand); disarm it when not."""
        if self.dealing:
            return
        if not self.can_auto_deal(watched):
            self.next_hand_at = None
        elif self.next_hand_at is None:
            delay = self.model.settings.between_hands if self.model.hand_no else 0.0
            self.next_hand_at = now + delay

    def next_hand_wall(self, times: Times) -> float | None:
        """When the next hand is dealt automatically, as Unix seconds (like the action
        timer's deadline), or ``None`` when no deal is armed (a hand is running, the table is
        paused or waits for the host or for players). ``times`` gives the present, read only
        when a deal is armed."""
        model = self.model
        if self.next_hand_at is None or model.in_hand or model.paused:
            return None
        now, wall = times()
        return round(wall + max(0.0, self.next_hand_at - now), 3)

    def choose(self, dealer: int, now: float) -> float:
        """Ask ``dealer`` to choose the game; return the loop deadline (the action timer, or
        :data:`CHOOSE_GAME_SECONDS` without one)."""
        limit = self.model.settings.action_timer or CHOOSE_GAME_SECONDS
        self.choosing = (dealer, now + limit)
        return now + limit

    def restart(self, now: float, connected: Connected, watched: bool) -> None:
        """After a pause or an idle spell: deadlines, bot pauses, the dealer's choice and the
        showdown countdown start again from now, in full."""
        self.decisions.clear()
        self.refresh(now, connected)
        if self.choosing is not None:
            self.choose(self.choosing[0], now)
        self.next_hand_at = None
        self.schedule_next_hand(now, watched)

    def earliest(self, seeding_due: float | None) -> float | None:
        """The earliest due time (a decision, the next deal, the dealer's choice, the seed
        round's ``seeding_due``), or ``None`` when nothing is due ever."""
        due = [d.due for d in self.decisions.values()]
        if self.next_hand_at is not None:
            due.append(self.next_hand_at)
        if self.choosing is not None:
            due.append(self.choosing[1])
        if seeding_due is not None:
            due.append(seeding_due)
        when = min(due, default=float("inf"))
        return None if when == float("inf") else when


__all__ = ["CHOOSE_GAME_SECONDS", "Connected", "Decision", "TableClock", "Times"]
