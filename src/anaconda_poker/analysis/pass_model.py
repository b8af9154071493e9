"""A pass-aware opponent model: opponents' hands as they look after purposeful passing.

The random-opponent model (:mod:`anaconda_poker.analysis.equity`) deals the opponents
uniformly random unseen cards. After three rounds of passing that is far from the truth:
every player kept what fits its hand and passed the rest, so real hands are much stronger
than random sevens, and a seat's equity against random opponents is badly overstated
(``benchmarks/calibration.py`` measures it).

**The model.** Each sampled deal replays how the hands were built:

1. **The deal.** Every seat dealt in gets seven cards: the asking seat its own starting
   hand (its cards now with its passes undone), the others random unseen cards, except that
   the cards the seat received in a pass start in the passer's hand, and an opponent's
   revealed cards start in its own hand (when the seat never held them).
2. **The passes so far** (RULES.md §3), in order, among the seats then in the hand: the
   asking seat passes what it really passed; the seat that passed to it passes exactly the
   cards it really received; every other opponent passes by the **pass policy** (below:
   by default ``montecarlo``, the cards whose removal keeps the most hand potential,
   :func:`~anaconda_poker.analysis.potential.best_passes`, scored with weights fitted to
   the montecarlo bot's passes) — never passing a card it must still hold (a card it will
   pass to the seat later, a card it revealed).
3. **Consistency.** A card the seat knows an opponent holds (a revealed card, a card the
   seat passed that cannot have moved) that the replay moved elsewhere is swapped back
   for a random other card of that opponent's.

The sampled opponents then arrange: one that has shown nothing plays the five the
heuristic bot keeps (:meth:`PassingOpponents.arranged_values`: one five for both halves,
where the random model credits a seven with its best high and its best low even if no five
plays both); one that has shown cards plays its best five containing them. The
betting-range weights, consistency and careless-arranger options of
:func:`~anaconda_poker.analysis.equity.equity` apply on top.
Passes not made yet are not simulated (the seat's hand is valued as it is now).

**Assumptions** (documented approximations): every opponent passes like the policy (a
population of strong players); the passer's hand is not conditioned on having chosen the
cards the seat received (they are forced, not chosen); cards placed at the deal to satisfy
what the seat saw could in reality have arrived by an earlier pass. When the seat's own
passes are unknown (the ``equity`` command without ``--passed``/``--received``), it is
taken to have passed random unseen cards and to have received random cards of its hand.

Policies (:data:`POLICIES`):

* ``montecarlo`` (default): the montecarlo bot's passing, imitated. The bot itself passes by
  simulated equity with a look-ahead to later passes, far too slow to replay in each of
  thousands of deals per question; the policy passes by the heuristic's potential with
  feature values fitted, per pass size, to the bot's own passes in high only
  (:data:`~anaconda_poker.analysis.potential.FITTED`; ``benchmarks/pass_fit.py`` fits and
  checks them). It passes exactly the bot's cards on 57-63% of held-out decisions where
  the heuristic's values do on 51-59%; like the bot it keeps flush draws where the
  heuristic keeps a second pair, and its replays hold as many flushes as montecarlo
  players' hands (31% of best high fives, against 25% for the heuristic). In split games
  it passes like the heuristic (a high-low fit made the replayed hands too weak: see
  :data:`~anaconda_poker.analysis.potential.FITTED`). The same lookup tables as the
  heuristic's, other values: no slower. ``benchmarks/calibration.py`` measures it against
  montecarlo and heuristic populations (README, "Calibration").
* ``heuristic``: the heuristic bot's passing (also the ``calling-station`` bot's), the
  default before; ``montecarlo-heuristic-passes`` in the arena is the montecarlo bot on it.
* ``random``: passes random cards (close to the random model).

Public API: :func:`pass_history` (what the seat saw of the passes, from its view),
:class:`PassingOpponents` (the model; give it as ``opponents=`` to
:func:`~anaconda_poker.analysis.equity.equity` or
:func:`~anaconda_poker.analysis.advice.arrange_choices`, or to
:func:`~anaconda_poker.analysis.pass_advice.passing_pass_choices` to rank passes) and
:func:`passing_opponents` (both from a view in one call); :class:`PassHistory` and
:class:`PassRound` (what :func:`pass_history` returns). The replay itself (steps 1 to 3)
is :class:`~anaconda_poker.analysis.pass_replay.Replay`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from anaconda_poker.analysis.dealing import CardArray, DealSource, IntArray, as_generator
from anaconda_poker.analysis.equity import InvalidSituationError, OpponentInfo, SeatKnowledge
from anaconda_poker.analysis.knowledge import live_at_passes
from anaconda_poker.analysis.pass_replay import PassHistory as PassHistory
from anaconda_poker.analysis.pass_replay import PassRound as PassRound
from anaconda_poker.analysis.pass_replay import Replay, deal_columns, repeat_rows
from anaconda_poker.analysis.potential import HEURISTIC, PassWeights, best_fives, fitted_weights
from anaconda_poker.analysis.values import hand_values
from anaconda_poker.core.cards import parse_code
from anaconda_poker.core.config import Direction, Split, TableConfig

POLICIES: Final = ("montecarlo", "heuristic", "random")
"""Pass policies the model can replay (module docstring); the first is the default."""
DEFAULT_POLICY: Final = POLICIES[0]
CHUNK: Final = 8_192
"""Replays per batch of :meth:`PassingOpponents.deal_batches`."""


def pass_history(view: Mapping[str, Any], config: TableConfig) -> PassHistory:
    """The passes the seat of ``view`` made and saw (RULES.md §7: its own passes, the public
    log for who was in the hand at each pass).

    Raises:
        ValueError: if the view is a spectator's.
    """
    you = view.get("you")
    if not you:
        raise ValueError("a spectator's view has no seat to ask about")
    seats = tuple(sorted(int(s["seat"]) for s in view["seats"]))
    lives = live_at_passes(view)
    rounds = []
    for i, record in enumerate(list(you.get("passes") or ())[: len(lives)]):
        direction = config.pass_directions[i % len(config.pass_directions)]
        passed = tuple(parse_code(c) for c in record["passed"])
        rounds.append(
            PassRound(
                count=len(passed),
                live=tuple(lives[i]),
                step=1 if direction is Direction.LEFT else -1,
                passed=passed,
                received=tuple(parse_code(c) for c in record["received"]),
            )
        )
    return PassHistory(
        seat=int(you["seat"]),
        seats=seats,
        hand=tuple(parse_code(c) for c in you["hand"]),
        rounds=tuple(rounds),
    )


@dataclass(frozen=True, slots=True)
class PassingOpponents(DealSource):
    """Opponents whose hands were built by passing (module docstring).

    Attributes:
        history: the passes so far, as the asking seat saw them.
        split: the game (the pass policy plays for it).
        policy: ``"montecarlo"`` (default), ``"heuristic"`` or ``"random"``
            (:data:`POLICIES`, module docstring).
        arrange: opponents that have shown nothing play the five the policy arranges
            (:meth:`arranged_values`); ``False``: their best high and best low of seven.

    Raises:
        ValueError: for an unknown policy.
    """

    history: PassHistory
    split: Split
    policy: str = DEFAULT_POLICY
    arrange: bool = True

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise ValueError(f"unknown pass policy {self.policy!r}; policies: {POLICIES}")

    def pass_weights(self, count: int) -> PassWeights | None:
        """The potential weights the policy passes ``count`` cards by
        (:func:`~anaconda_poker.analysis.potential.best_passes`); ``None`` for random passes."""
        if self.policy == "heuristic":
            return HEURISTIC
        if self.policy == "montecarlo":
            return fitted_weights(self.split, count)
        return None

    @property
    def label(self) -> str:
        """Plain words for the model, for output (English; callers translate)."""
        done = len(self.history.rounds)
        return f"opponents who passed like the {self.policy} bot ({done} passes replayed)"

    def deal_batches(
        self,
        knowledge: SeatKnowledge,
        *,
        extra: int,
        trials: int,
        exact_limit: int,
        rng: np.random.Generator | int | None,
        needs: Sequence[int] | None = None,
    ) -> tuple[bool, Iterable[CardArray]]:
        """Deals in the layout of :func:`~anaconda_poker.analysis.equity.deal_batches`:
        each active opponent's unknown cards in turn (uint8[b, knowledge.needed()]), from
        :meth:`sample_hands`. Never exact (``exact_limit`` is ignored).

        Raises:
            InvalidSituationError: when ``extra`` or ``needs`` is asked for (the pass
                advice's layout, not supported by this model), or the history does not
                fit the knowledge.
        """
        if extra or needs is not None:
            raise InvalidSituationError("the passing model deals the opponents' hands only")
        gen = as_generator(rng)
        seats = self.history.seats
        missing = [o.seat for o in knowledge.opponents if o.seat not in seats]
        if missing:
            raise InvalidSituationError(f"seats {missing} are not in the pass history")

        def batches() -> Iterable[CardArray]:
            left = trials
            while left > 0:
                b = min(left, CHUNK)
                left -= b
                yield deal_columns(self.sample_hands(knowledge, b, gen), knowledge, seats)

        return False, batches()

    def arranged_values(
        self,
        opponents: Sequence[OpponentInfo],
        deals: CardArray,
        split: Split,
        highs: IntArray,
        lows: IntArray,
    ) -> tuple[IntArray, IntArray]:
        """Opponents that have shown nothing play the five the policy arranges
        (:func:`~anaconda_poker.analysis.potential.best_fives`: one five for both halves,
        where their best high and best low of seven might need two); opponents with shown
        cards keep their best five containing them; with ``arrange=False`` or the random
        policy every opponent keeps its best fives (``highs``/``lows`` unchanged).

        Args:
            opponents, deals, split: as :func:`~anaconda_poker.analysis.opponents.
                opponent_values`.
            highs, lows: that function's values, int64[n, len(opponents)].
        """
        if not self.arrange or self.policy == "random":
            return highs, lows
        n = deals.shape[0]
        offsets = np.cumsum([0] + [o.unknown for o in opponents]).tolist()
        plain = [i for i, o in enumerate(opponents) if not o.revealed and o.unknown]
        if not plain:
            return highs, lows
        sevens = np.concatenate(
            [
                np.concatenate(
                    [repeat_rows(opponents[i].known, n), deals[:, offsets[i] : offsets[i + 1]]],
                    axis=1,
                )
                for i in plain
            ]
        )
        h, lo = hand_values(best_fives(sevens, split), split)
        highs, lows = highs.copy(), lows.copy()
        for j, i in enumerate(plain):
            highs[:, i] = h[j * n : (j + 1) * n]
            lows[:, i] = lo[j * n : (j + 1) * n]
        return highs, lows

    def sample_hands(
        self, knowledge: SeatKnowledge, trials: int, rng: np.random.Generator
    ) -> CardArray:
        """Every seat's seven playable cards after the passes so far, in ``trials`` replays.

        Returns:
            uint8[trials, len(history.seats), 7]: seat ``history.seats[j]`` in column
            ``j``; the asking seat's row is its own hand; each opponent holds its known and
            revealed cards of ``knowledge``.
        """
        return Replay(self, knowledge, trials, rng).run()


def passing_opponents(
    view: Mapping[str, Any], config: TableConfig, *, policy: str = DEFAULT_POLICY
) -> PassingOpponents:
    """The passing model of the seat of ``view`` (:func:`pass_history` of the view).

    Raises:
        ValueError: a spectator's view, or an unknown policy.
    """
    return PassingOpponents(pass_history(view, config), config.split, policy)
