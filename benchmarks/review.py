"""Hand review speed: seconds per hand reviewed (``analysis/review.py``), by deals per
decision, against the baseline of rebuilding the seat's decisions alone (the engine replay
and the views every review starts from), in the same run.

Run: ``.venv/bin/python benchmarks/review.py [--hands 20] [--trials 1000,2000]``

Both opponent models are timed: ``random`` (the equity calculator's) and ``passing`` (the
default: each deal replays the passes the seat saw). The hands are played by four heuristic
bots (seed 1, high-low eight-or-better and high only
in turn, fixed limit); seat 0 of each is reviewed, with seed 0. Times are CPU time of this
process (``time.process_time``, fair on a shared machine) and wall time.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from anaconda_poker.analysis.review import (
    PassingOpponents,
    RandomOpponents,
    decision_points,
    review_hand,
)
from anaconda_poker.bots import create_bot
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import HandState, Seat


def play_hands(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` hands of four heuristic bots, high-low and high only in turn."""
    out = []
    for k in range(count):
        config = TableConfig(split="high_low_8" if k % 2 == 0 else "high_only")
        rng = random.Random(seed * 1_000 + k)
        state = HandState(
            config, seats=[Seat(name=f"P{s}", stack=200) for s in range(4)], button=k % 4, rng=rng
        )
        bots = {
            s: create_bot("heuristic", config=config, rng=random.Random(k * 7 + s))
            for s in range(4)
        }
        while not state.is_complete:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
        out.append(state.history())
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--trials", default="1000,2000")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    hands = play_hands(args.hands, args.seed)
    decisions = sum(len(decision_points(h, 0)) for h in hands)
    rows: list[tuple[str, float, float]] = []
    cpu, wall = time.process_time(), time.perf_counter()
    for history in hands:
        decision_points(history, 0)
    rows.append(
        ("decisions rebuilt only (baseline)", time.process_time() - cpu, time.perf_counter() - wall)
    )
    for model in (RandomOpponents(), PassingOpponents()):
        for trials in (int(t) for t in args.trials.split(",")):
            cpu, wall = time.process_time(), time.perf_counter()
            for history in hands:
                review_hand(history, 0, trials=trials, seed=0, model=model)
            name = f"review ({model.key} model), {trials:,} deals per decision"
            rows.append((name, time.process_time() - cpu, time.perf_counter() - wall))
    table = Table(
        title=f"{len(hands)} hands, {decisions / len(hands):.1f} decisions of seat 0 per hand"
    )
    table.add_column("work")
    table.add_column("CPU s / hand", justify="right")
    table.add_column("wall s / hand", justify="right")
    table.add_column("× baseline (CPU)", justify="right")
    base = rows[0][1]
    for name, c, w in rows:
        table.add_row(name, f"{c / len(hands):.3f}", f"{w / len(hands):.3f}", f"{c / base:,.0f}x")
    Console().print(table)


if __name__ == "__main__":
    main()
