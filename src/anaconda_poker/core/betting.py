"""One betting round: whose turn it is, what may be bet, and moving chips (RULES.md §4).

A :class:`BettingRound` works on the hand's own per-seat lists (``stack``, ``bet``, ``live``),
mutating them in place: no copies per action. Amounts are chips; bet and raise amounts are
"to" amounts, the seat's total in this round after the action (HAND_HISTORY.md).

How RULES.md §4 is applied, and the project's choices where it is silent:

- A bet or raise needs someone to bet against: when every other seat still in the hand is
  all-in, the only choices are call (possibly all-in for less) and fold.
- The heads-up lift of the fixed-limit raise cap (RULES.md §4) applies when the round
  starts with at most two seats still in the hand that have chips, or comes down to two
  (by a fold or an all-in) while fewer bets than the cap have been made. Once the cap is
  reached without the lift, it stays for the rest of the round, whoever folds after it.
- The minimum raise (pot and no limit) is the largest full bet or raise made so far in the
  round, at least the small bet. An all-in for less than that is allowed but does not by
  itself reopen the betting to seats that have already acted.
- Short all-ins add up (TDA Rule 47, RULES.md §4): a seat that has already acted may raise
  again when the total it now faces above its own bet is at least a full raise (the minimum
  raise in pot and no limit, the bet in fixed limit). The minimum raise stays the last full
  bet or raise. (This reverses the engine's first choice, where short all-ins never added up.)
- In fixed limit an all-in of at least half a bet counts as a full bet or raise: it reopens
  the betting and counts toward the raise cap; less than half does neither. The next raise is
  one bet above it.
- Only full bets and raises count toward the fixed-limit raise cap.
- In pot limit the minimum bet is the small bet even when the pot is smaller.
"""

from __future__ import annotations

from collections.abc import Sequence

from anaconda_poker.core.config import Betting


class BettingRound:
    """State of one betting round over the hand's per-seat lists.

    Args:
        structure: the betting structure (RULES.md §4).
        bet_size: the fixed-limit bet of this round (small or big bet), chips.
        small_bet: the minimum bet in pot and no limit, chips.
        raise_cap: most full bets per round in fixed limit, ``None`` = no cap.
        cap_lift: lift the cap heads-up: when the round starts with at most two seats with
            chips, or comes down to two before the cap is reached.
        pot: chips already in the pots before this round (antes and earlier rounds).
        order: the seats dealt in, clockwise from the dealer's left.
        stack, bet, live: the hand's lists by seat (mutated in place).
    """

    __slots__ = (
        "bet",
        "bet_size",
        "bets_made",
        "can_raise",
        "cap_lift",
        "current_bet",
        "fixed",
        "heads_up",
        "live",
        "min_raise",
        "needs",
        "order",
        "pos",
        "pot",
        "pot_limit",
        "raise_cap",
        "small_bet",
        "stack",
    )

    def __init__(
        self,
        *,
        structure: Betting,
        bet_size: int,
        small_bet: int,
        raise_cap: int | None,
        cap_lift: bool,
        pot: int,
        order: Sequence[int],
        pos: Sequence[int],
        stack: list[int],
        bet: list[int],
        live: list[bool],
    ) -> None:
        self.fixed = structure is Betting.FIXED_LIMIT
        self.pot_limit = structure is Betting.POT_LIMIT
        self.bet_size = bet_size
        self.small_bet = small_bet
        self.raise_cap = raise_cap if self.fixed else None
        self.cap_lift = cap_lift
        self.pot = pot
        self.order = order
        self.pos = pos
        self.stack = stack
        self.bet = bet
        self.live = live
        self.current_bet = 0
        self.min_raise = bet_size if self.fixed else small_bet
        self.bets_made = 0
        needs = [alive and chips > 0 for alive, chips in zip(live, stack, strict=True)]
        self.needs = needs
        self.can_raise = list(needs)
        # the cap is lifted for the rest of the round (seats never come back)
        self.heads_up = cap_lift and sum(needs) <= 2

    # -- questions ----------------------------------------------------------------------
    def with_chips(self) -> int:
        """Seats still in the hand with chips behind."""
        stack = self.stack
        return sum(1 for s, alive in enumerate(self.live) if alive and stack[s] > 0)

    def call_amount(self, seat: int) -> int:
        """Chips ``seat`` must add to call (less than the bet when that is all-in)."""
        owed = self.current_bet - self.bet[seat]
        chips = self.stack[seat]
        return owed if owed < chips else chips

    def cap_reached(self) -> bool:
        """True when fixed limit's raise cap forbids another raise now (RULES.md §4).

        The cap is lifted only when the round started heads-up or came down to two seats
        with chips before the cap was reached; a reached cap stays reached.
        """
        cap = self.raise_cap
        if cap is None or self.bets_made < cap:
            return False
        return not self.heads_up

    def _seat_left(self) -> None:
        """A seat folded or went all-in: lift the cap when two seats with chips remain and
        the cap is not reached yet (RULES.md §4)."""
        if self.heads_up or not self.cap_lift:
            return
        cap = self.raise_cap
        if cap is not None and self.bets_made >= cap:
            return
        if self.with_chips() <= 2:
            self.heads_up = True

    def no_raise_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not bet or raise now, or ``None`` when it may."""
        all_in = self.bet[seat] + self.stack[seat]
        if all_in <= self.current_bet:
            return "it has no chips beyond a call"
        stack = self.stack
        live = self.live
        for s in range(len(live)):  # a loop, not any() over a generator: asked per action
            if s != seat and live[s] and stack[s] > 0:
                break
        else:
            return "every other player still in the hand is all-in"
        if not self.can_raise[seat]:
            facing = self.current_bet - self.bet[seat]
            full = self.bet_size if self.fixed else self.min_raise
            if facing < full:
                return (
                    "the betting was not reopened: since its last action only all-ins for "
                    f"less than a full raise were made, {facing} chips in all, less than a "
                    f"full raise of {full}"
                )
        if self.cap_reached():
            return f"the raise cap of {self.raise_cap} bets is reached"
        return None

    def aggressive_range(self, seat: int) -> tuple[int, int] | None:
        """The ("to" min, "to" max) of a bet (no bet yet) or raise for ``seat``, or ``None``.

        Fixed limit: exactly one bet more (or all-in for less). Pot limit: at most the pot
        after the call. No limit: up to the whole stack. Minimum: the small bet for a bet,
        the current bet plus the minimum raise for a raise; an all-in below the minimum is
        the only amount then allowed.
        """
        if self.no_raise_reason(seat) is not None:
            return None
        all_in = self.bet[seat] + self.stack[seat]
        current = self.current_bet
        if self.fixed:
            target = current + self.bet_size
            target = target if target < all_in else all_in
            return target, target
        low = current + self.min_raise if current else self.small_bet
        if self.pot_limit:
            high = current + self.pot + sum(self.bet) + (current - self.bet[seat])
            if high < low:
                high = low
        else:
            high = all_in
        if high > all_in:
            high = all_in
        if low > high:
            low = high
        return low, high

    def next_actor(self, seat: int) -> int:
        """The next seat clockwise after ``seat`` that must act, or ``-1`` (round over).

        A seat left alone with chips (every other seat still in the hand is all-in) that
        faces no bet has nothing to decide: the round is over (RULES.md §2, betting rounds
        with at most one player with chips are skipped).
        """
        order = self.order
        needs = self.needs
        m = len(order)
        i = self.pos[seat]
        for k in range(1, m + 1):
            s = order[(i + k) % m]
            if needs[s]:
                if self.bet[s] == self.current_bet and self.with_chips() <= 1:
                    return -1
                return s
        return -1

    # -- actions (validated by the caller) ----------------------------------------------
    def check(self, seat: int) -> None:
        """Record a check by ``seat``."""
        self.needs[seat] = False
        self.can_raise[seat] = False

    def call(self, seat: int) -> None:
        """Move ``seat``'s call (or all-in for less) into its bet."""
        amount = self.call_amount(seat)
        self.stack[seat] -= amount
        self.bet[seat] += amount
        self.needs[seat] = False
        self.can_raise[seat] = False
        if not self.stack[seat]:
            self._seat_left()

    def fold(self, seat: int) -> None:
        """Fold ``seat`` (clears its ``live`` flag)."""
        self.live[seat] = False
        self.needs[seat] = False
        self.can_raise[seat] = False
        self._seat_left()

    def raise_to(self, seat: int, to: int) -> None:
        """Bet or raise ``seat`` to a total of ``to`` chips this round (a legal amount)."""
        increment = to - self.current_bet
        stack = self.stack
        live = self.live
        needs = self.needs
        if self.fixed:
            # an all-in of at least half a bet counts as a full bet or raise (RULES.md §4)
            full = 2 * increment >= self.bet_size
        else:
            full = increment >= self.min_raise
            if full:
                self.min_raise = increment
        if full:
            self.bets_made += 1
        can_raise = self.can_raise
        for s in self.order:
            if live[s] and stack[s] > 0:
                needs[s] = True
                if full:
                    can_raise[s] = True
        stack[seat] -= to - self.bet[seat]
        self.bet[seat] = to
        self.current_bet = to
        needs[seat] = False
        can_raise[seat] = False
        if not stack[seat]:
            self._seat_left()
