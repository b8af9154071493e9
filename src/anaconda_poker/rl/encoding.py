"""Fixed-size encodings of one hand for learning agents: a discrete action space with a
legal-action mask, and a NumPy observation of one seat's view (RULES.md §7).

Both interfaces (:mod:`anaconda_poker.rl.aec` for PettingZoo and Gymnasium,
:mod:`anaconda_poker.rl.spiel` for OpenSpiel) share these encodings.

**Cards by slot.** A seat's playable cards (hidden cards excluded, RULES.md §6) are numbered
``0..H-1`` in increasing card code (``H`` = 7): slot 0 is the seat's lowest card code.
Card codes are ``rank * 4 + suit`` (``core/cards.py``).

**Actions** (``num_actions`` = 9 + P + H + 3, 54 with the default rules), in index order:

===================  ====================================================================
``0``                fold
``1``                check, or call
``2``                bet or raise to the minimum legal amount (in fixed limit the one size)
``3..7``             bet or raise by ``f`` × (pot after calling), ``f`` in
                     :data:`POT_FRACTIONS` (0.5, 0.75, 1, 1.5, 2); legal only strictly
                     between the minimum and the maximum, so no two indices mean the same
``8``                bet or raise to the maximum (all in in no limit, the pot in pot limit)
``9 .. 9+P-1``       pass the ``k``-th choice of ``N`` slots (``itertools.combinations``
                     order of ``range(H)``; ``N`` = this pass's count; ``P`` = the largest
                     ``C(H, N)`` of the table's passes, 35 for ``3, 2, 1``)
``9+P .. 9+P+H-1``   arranging: put the card of slot ``i`` next on the stack. Five picks in a
                     row make one arrangement (first pick is revealed first); the two cards
                     never picked are dead. The space stays ``H`` instead of 2,520.
last three           declare ``high``, ``low``, ``both`` (RULES.md §6)
===================  ====================================================================

**Observation** (``float32`` in ``[0, 1]``, length :meth:`Encoding.observation_size`;
``N`` seats, relative order: block 0 is the observing seat, block ``r`` the seat ``r``
places to its left; chips are divided by the chips at the table):

- ``H × 52`` the card of each slot; ``52`` own hidden cards;
- ``5 × 52`` own stack: the committed arrangement, or the picks so far;
- ``P_n × 2 × 52`` per pass: cards passed, cards received (``P_n`` passes);
- ``52`` own pending pass (committed, not yet resolved);
- ``N × 52`` each seat's revealed cards;
- ``N × 8`` each seat: stack, bet this round, chips in the pots from antes and earlier
  rounds (each chips/total), folded, all in, has committed its simultaneous choice, is
  the button, is to act;
- ``5`` phase (betting, passing, arranging, declaring, complete); ``R`` betting round
  (``R`` = 9 by default); ``P_n`` pass index; ``3`` own declaration;
- ``5`` pot with this round's bets, current bet, call amount (chips/total), revealed
  count/5, pass count/H.

Nothing else is read: no other seat's cards, pending pass, arrangement or declaration
(RULES.md §7); ``tests/rl`` checks this by changing only hidden information.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import numpy.typing as npt

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.declare import Declaration
from anaconda_poker.core.state import ARRANGE_COUNT, HandState, LegalActions, Phase

__all__ = ["POT_FRACTIONS", "Encoding", "IllegalActionError"]

POT_FRACTIONS: tuple[float, ...] = (0.5, 0.75, 1.0, 1.5, 2.0)
"""Bet and raise sizes between the minimum and the maximum, as fractions of the pot after
calling (the pot-limit convention, as ``bots.choices.pot_fraction_to``)."""

FOLD = 0
CHECK_CALL = 1
BET_MIN = 2
_FRACTION_BASE = 3
BET_MAX = _FRACTION_BASE + len(POT_FRACTIONS)
PASS_BASE = BET_MAX + 1
_DECLARATIONS = (Declaration.HIGH, Declaration.LOW, Declaration.BOTH)
_PHASES = (Phase.BETTING, Phase.PASSING, Phase.ARRANGING, Phase.DECLARING, Phase.COMPLETE)
_SEAT_FEATURES = 8
_DECK = 52

Mask = npt.NDArray[np.int8]
Vector = npt.NDArray[np.float32]


class IllegalActionError(ValueError):
    """An action index that is not legal for the seat now; the hand is unchanged."""


class Encoding:
    """The action and observation encodings for one table (see the module docstring).

    Args:
        config: the table's rules.
        num_players: seats at the table (2..``config.max_players()``).

    Attributes:
        hand_size: playable cards per seat (hidden cards excluded): 7.
        pass_slots: action indices for passing: the largest ``C(hand_size, N)``.
        pick_base: first arranging index (slot 0).
        declare_base: first declaring index (``high``).
        num_actions: size of the discrete action space.

    Raises:
        anaconda_poker.core.errors.InvalidConfigError: too few or too many players.
    """

    __slots__ = (
        "_observation_size",
        "config",
        "declare_base",
        "hand_size",
        "num_actions",
        "num_players",
        "pass_slots",
        "pick_base",
    )

    def __init__(self, config: TableConfig, num_players: int) -> None:
        config.check_players(num_players)
        self.config = config
        self.num_players = num_players
        self.hand_size = config.cards_dealt - config.hidden_cards
        self.pass_slots = max(math.comb(self.hand_size, n) for n in config.pass_counts)
        self.pick_base = PASS_BASE + self.pass_slots
        self.declare_base = self.pick_base + self.hand_size
        self.num_actions = self.declare_base + len(_DECLARATIONS)
        passes = len(config.pass_counts)
        self._observation_size = (
            (self.hand_size + 1 + ARRANGE_COUNT + 2 * passes + 1 + num_players) * _DECK
            + num_players * _SEAT_FEATURES
            + len(_PHASES)
            + config.betting_rounds
            + passes
            + len(_DECLARATIONS)
            + 5
        )

    def __deepcopy__(self, memo: dict[int, object]) -> Encoding:
        """Encodings never change: copies of a hand (OpenSpiel clones) share this one."""
        return self

    def __repr__(self) -> str:
        return f"Encoding(num_players={self.num_players}, config={self.config!r})"

    def observation_size(self) -> int:
        """Length of the observation vector."""
        return self._observation_size

    def mask_size_zeros(self) -> Mask:
        """An all-zero mask (a seat that may not act now)."""
        return np.zeros(self.num_actions, dtype=np.int8)

    # ------------------------------------------------------------------ actions
    def _bet_targets(
        self, state: HandState, seat: int, legal: LegalActions | None = None
    ) -> dict[int, int]:
        """Legal betting indices above check/call → the "to" amount, chips (``legal``:
        the seat's legal actions now, when the caller has them)."""
        if legal is None:
            legal = state.legal_actions(seat)
        bounds = legal.bet_range or legal.raise_range
        if bounds is None:
            return {}
        low, high = bounds
        targets = {BET_MIN: low}
        base = max(state.current_bet, state.bet[seat])
        pot = state.pot_total + legal.call_amount
        for k, fraction in enumerate(POT_FRACTIONS):
            to = base + max(round(fraction * pot), 1)
            if low < to < high:
                targets[_FRACTION_BASE + k] = to
        if high > low:
            targets[BET_MAX] = high
        return targets

    def mask(self, state: HandState, seat: int, picks: tuple[int, ...] = ()) -> Mask:
        """The legal-action mask of ``seat`` now (``int8``, 1 = legal; all zeros when the
        seat may not act). ``picks``: the slots already picked for the arrangement."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        legal = state.legal_actions(seat)
        kinds = legal.kinds
        if not kinds:
            return out
        if ActionKind.PASS in kinds:
            out[PASS_BASE : PASS_BASE + math.comb(len(legal.cards), legal.pass_count)] = 1
        elif ActionKind.ARRANGE in kinds:
            base = self.pick_base
            out[base : base + len(legal.cards)] = 1
            for slot in picks:
                out[base + slot] = 0
        elif ActionKind.DECLARE in kinds:
            out[self.declare_base : self.declare_base + len(_DECLARATIONS)] = 1
        else:
            out[FOLD] = 1
            out[CHECK_CALL] = 1
            for index in self._bet_targets(state, seat, legal):
                out[index] = 1
        return out

    def decode(
        self, state: HandState, seat: int, index: int, picks: tuple[int, ...] = ()
    ) -> Action | int:
        """The meaning of action ``index`` for ``seat`` now: an engine :class:`Action`, or
        the slot (``int``) picked next while arranging.

        Raises:
            IllegalActionError: ``index`` is out of range or not legal now (the mask is 0).
        """
        mask = self.mask(state, seat, picks)
        if not 0 <= index < self.num_actions or not mask[index]:
            legal = np.flatnonzero(mask).tolist()
            raise IllegalActionError(
                f"action {index!r} is not legal for seat {seat} now; legal actions are {legal}"
            )
        hand = sorted(state.hands[seat])
        if index == FOLD:
            return Action.fold()
        if index == CHECK_CALL:
            kinds = state.legal_actions(seat).kinds
            return Action.check() if ActionKind.CHECK in kinds else Action.call()
        if index <= BET_MAX:
            to = self._bet_targets(state, seat)[index]
            kinds = state.legal_actions(seat).kinds
            return Action.bet(to) if ActionKind.BET in kinds else Action.raise_to(to)
        if index < self.pick_base:
            count = state.config.pass_counts[state.pass_index]
            combo = _combinations(len(hand), count)[index - PASS_BASE]
            return Action.pass_cards(hand[i] for i in combo)
        if index < self.declare_base:
            return index - self.pick_base
        return Action.declare(_DECLARATIONS[index - self.declare_base])

    def describe(self, index: int) -> str:
        """Short English name of an action index, e.g. ``"pot x0.75"`` or ``"pass #4"``."""
        if not 0 <= index < self.num_actions:
            raise IllegalActionError(f"action {index!r} is outside 0..{self.num_actions - 1}")
        if index == FOLD:
            return "fold"
        if index == CHECK_CALL:
            return "check/call"
        if index == BET_MIN:
            return "bet/raise min"
        if index == BET_MAX:
            return "bet/raise max"
        if index < BET_MAX:
            return f"pot x{POT_FRACTIONS[index - _FRACTION_BASE]:g}"
        if index < self.pick_base:
            return f"pass #{index - PASS_BASE}"
        if index < self.declare_base:
            return f"pick slot {index - self.pick_base}"
        return f"declare {_DECLARATIONS[index - self.declare_base].value}"

    # ------------------------------------------------------------------ observation
    def observe(self, state: HandState, seat: int, picks: tuple[int, ...] = ()) -> Vector:
        """``seat``'s observation (see the module docstring); reads only what RULES.md §7
        lets the seat know. ``picks``: slots picked so far for an arrangement in progress."""
        n = self.num_players
        out = np.zeros(self._observation_size, dtype=np.float32)
        total = float(state.starting_total)
        hand = sorted(state.hands[seat])
        at = 0
        for slot, card in enumerate(hand):
            out[at + slot * _DECK + card] = 1.0
        at += self.hand_size * _DECK
        for card in state.hidden[seat]:
            out[at + card] = 1.0
        at += _DECK
        stack_cards = state.arranged[seat]
        if stack_cards is None:
            pending = state.pending[seat]
            if state.phase is Phase.ARRANGING and pending is not None:
                stack_cards = pending
            else:
                stack_cards = tuple(hand[i] for i in picks)
        for k, card in enumerate(stack_cards):
            out[at + k * _DECK + card] = 1.0
        at += ARRANGE_COUNT * _DECK
        for k, (given, got) in enumerate(state.passes[seat]):
            for card in given:
                out[at + 2 * k * _DECK + card] = 1.0
            for card in got:
                out[at + (2 * k + 1) * _DECK + card] = 1.0
        at += 2 * len(self.config.pass_counts) * _DECK
        pending = state.pending[seat]
        if state.phase is Phase.PASSING and pending is not None:
            for card in pending:
                out[at + card] = 1.0
        at += _DECK
        seats = [(seat + r) % n for r in range(n)]
        for r, s in enumerate(seats):
            for card in state.revealed(s):
                out[at + r * _DECK + card] = 1.0
        at += n * _DECK
        phase = state.phase
        simultaneous = phase is Phase.PASSING or phase is Phase.ARRANGING
        actor = state.to_act[0] if phase is Phase.BETTING else -1
        for s in seats:
            live = state.live[s]
            committed = state.committed[s] + (state.dead_money if s == state.button else 0)
            has_committed = live and (
                (simultaneous and state.pending[s] is not None)
                or (phase is Phase.DECLARING and state.declared[s] is not None)
            )
            out[at : at + _SEAT_FEATURES] = (
                state.stack[s] / total,
                state.bet[s] / total,
                committed / total,
                not live,
                live and state.stack[s] == 0,
                has_committed,
                s == state.button,
                s == actor,
            )
            at += _SEAT_FEATURES
        out[at + _PHASES.index(phase)] = 1.0
        at += len(_PHASES)
        if state.betting_round:
            out[at + state.betting_round - 1] = 1.0
        at += self.config.betting_rounds
        if phase is Phase.PASSING:
            out[at + state.pass_index] = 1.0
        at += len(self.config.pass_counts)
        declared = state.declared[seat]
        if declared is not None:
            out[at + _DECLARATIONS.index(declared)] = 1.0
        at += len(_DECLARATIONS)
        call = state.legal_actions(seat).call_amount if seat == actor else 0
        pass_count = self.config.pass_counts[state.pass_index] if phase is Phase.PASSING else 0
        out[at : at + 5] = (
            state.pot_total / total,
            state.current_bet / total,
            call / total,
            state.revealed_count / ARRANGE_COUNT,
            pass_count / self.hand_size,
        )
        return out


_COMBOS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def _combinations(size: int, count: int) -> tuple[tuple[int, ...], ...]:
    key = (size, count)
    found = _COMBOS.get(key)
    if found is None:
        found = _COMBOS[key] = tuple(itertools.combinations(range(size), count))
    return found
