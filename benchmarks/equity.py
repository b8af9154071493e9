"""Equity speed: Anaconda showdown trials per second on one core, beside eval7's hold'em loops.

Run: ``.venv/bin/python benchmarks/equity.py [--trials 2000000] [--repeat 3]``

Rows (best of ``--repeat`` runs each):

- ours, the issue's question: ``As 2s 3d 4c 5h Kd Kc`` against 4 random opponents, high-low
  eight-or-better, before arranging: one trial deals 28 unseen cards, values the 4
  opponents' best high *and* best low of seven (the asking seat's own hand is fixed and
  valued once) and scores the 5-way showdown;
- ours, high only, same hand and field (one value per hand instead of two);
- ours, after arranging: a fixed five against 4 opponents who have shown two cards each
  (each opponent's best five containing its two shown cards: 10 five-card subsets per
  opponent per trial);
- ours, the first question against the pass-aware model
  (:mod:`anaconda_poker.analysis.pass_model`): each trial replays three rounds of passing
  (3, 2, 1 cards) by the heuristic bot's policy for the 4 opponents (every pass choice of
  every opponent scored, 35 + 21 + 7 subsets) before the showdown; the seat's own passes
  are unknown and sampled;
- eval7's C Monte Carlo loop ``py_hand_vs_range_monte_carlo``: heads-up hold'em, one hand
  against a random hand, a random board (2 seven-card high evaluations per trial);
- eval7's ``evaluate`` in a Python loop: 5-player hold'em showdowns from a shuffled deck
  (5 evaluations per trial), the shape of our question written the obvious way.

A "trial" is one complete showdown. NumPy's element-wise work here runs on one thread; the
whole benchmark runs in one process. The target is >= 1,000,000 Anaconda trials per second.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import eval7
from rich.console import Console
from rich.table import Table

from anaconda_poker.analysis.equity import OpponentInfo, SeatKnowledge, equity
from anaconda_poker.analysis.pass_model import PassHistory, PassingOpponents, PassRound
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import Split

HAND = "As 2s 3d 4c 5h Kd Kc"


def ours(
    knowledge: SeatKnowledge,
    split: Split,
    trials: int,
    opponents: PassingOpponents | None = None,
) -> Callable[[], int]:
    def run() -> int:
        equity(knowledge, split=split, trials=trials, rng=1, exact_limit=0, opponents=opponents)
        return trials

    return run


def eval7_c_loop(trials: int) -> Callable[[], int]:
    hand = [eval7.Card("As"), eval7.Card("Kd")]
    villain = eval7.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")

    def run() -> int:
        eval7.py_hand_vs_range_monte_carlo(hand, villain, [], trials)
        return trials

    return run


def eval7_python_loop(trials: int) -> Callable[[], int]:
    deck = eval7.Deck()
    rng = random.Random(1)
    cards = list(deck.cards)
    evaluate = eval7.evaluate

    def run() -> int:
        wins = 0.0
        for _ in range(trials):
            dealt = rng.sample(cards, 15)
            board = dealt[10:]
            values = [evaluate([dealt[2 * p], dealt[2 * p + 1], *board]) for p in range(5)]
            top = max(values)
            if values[0] == top:
                wins += 1 / values.count(top)
        return trials

    return run


def best_rate(run: Callable[[], int], repeat: int) -> float:
    best = 0.0
    for _ in range(repeat):
        started = time.perf_counter()
        done = run()
        best = max(best, done / (time.perf_counter() - started))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=2_000_000, help="trials per timed run")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per row (best kept)")
    args = parser.parse_args()
    trials, repeat = args.trials, args.repeat
    hand = tuple(parse_codes(HAND))
    field = tuple(OpponentInfo(seat=s) for s in range(1, 5))
    before = SeatKnowledge(hand=hand, opponents=field)
    shown = ["Qh Qd", "9c 9d", "Js 7h", "6d 2c"]
    after = SeatKnowledge(
        hand=tuple(parse_codes("As 2s 3d 4c 5h")),
        out_of_play=tuple(parse_codes("Kd Kc")),
        opponents=tuple(
            OpponentInfo(seat=s + 1, revealed=tuple(parse_codes(c))) for s, c in enumerate(shown)
        ),
    )
    seats = tuple(range(5))
    passed = PassHistory(
        seat=0,
        seats=seats,
        hand=hand,
        rounds=tuple(PassRound(count, seats, 1) for count in (3, 2, 1)),
    )
    passing = PassingOpponents(passed, Split.HIGH_LOW_8)
    ours(before, Split.HIGH_LOW_8, 10_000)()  # build the evaluator's tables first
    ours(before, Split.HIGH_LOW_8, 1_000, passing)()  # and the pass policy's
    rows = [
        (
            "ours: Anaconda hi-lo 8, 5 players, before arranging",
            "4 × (high+low of 7)",
            ours(before, Split.HIGH_LOW_8, trials),
            trials,
        ),
        (
            "ours: Anaconda high only, 5 players, before arranging",
            "4 × high of 7",
            ours(before, Split.HIGH_ONLY, trials),
            trials,
        ),
        (
            "ours: Anaconda hi-lo 8, 5 players, 2 cards shown each",
            "4 × 10 fives (high+low)",
            ours(after, Split.HIGH_LOW_8, trials // 4),
            trials // 4,
        ),
        (
            "ours: the same, opponents who passed 3 times (passing model)",
            "3 replayed passes of 4 + (high+low of 7)",
            ours(before, Split.HIGH_LOW_8, trials // 20, passing),
            trials // 20,
        ),
        ("eval7: C loop, hold'em heads-up", "2 × high of 7", eval7_c_loop(trials), trials),
        (
            "eval7: evaluate() in a Python loop, hold'em 5 players",
            "5 × high of 7",
            eval7_python_loop(trials // 40),
            trials // 40,
        ),
    ]
    table = Table(title="Showdown trials per second, one process, one core")
    table.add_column("Engine and question")
    table.add_column("Work per trial")
    table.add_column("Trials per run", justify="right")
    table.add_column("Trials / s", justify="right")
    for name, work, run, count in rows:
        rate = best_rate(run, repeat)
        table.add_row(name, work, f"{count:,}", f"{rate:,.0f}")
    Console().print(table)


if __name__ == "__main__":
    main()
