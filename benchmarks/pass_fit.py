"""How montecarlo players pass, and the fast pass policy fitted to it.

The pass-aware opponent model (:mod:`anaconda_poker.analysis.pass_model`) replays the
opponents' passes with a fast policy: a table of hand potentials
(:mod:`anaconda_poker.analysis.potential`), the cards whose removal keeps the most potential
are passed. The ``heuristic`` policy uses the heuristic bot's feature values; the
``fitted`` policy uses :data:`~anaconda_poker.analysis.potential.FITTED` feature values,
chosen here so that its passes agree as often as possible with the montecarlo bot's own
passes on the same hands.

Run:

* ``.venv/bin/python benchmarks/pass_fit.py collect --tables 300 --games high_only
  --out passes.npz [--workers 2]``: montecarlo bots (200 samples, the calibration
  benchmark's setting) pass and check/call to the arrangement at 4-seat tables seeded
  ``passfit:SEED`` (not the calibration benchmark's tables); every pass decision (the
  7-card hand, the count, the cards passed) is saved.
* ``.venv/bin/python benchmarks/pass_fit.py fit passes.npz [--games high_only,high_low_8]``:
  per game and pass size, a coordinate search over the feature values from the
  heuristic's, maximising the share of the first two thirds of the decisions on which the
  policy passes exactly the montecarlo bot's cards; prints the agreement on those and on
  the held-out last third, and the values as the ``FITTED`` literal.
* ``.venv/bin/python benchmarks/pass_fit.py check passes.npz``: per game and pass size, the
  agreement of the heuristic's and the fitted values (``fitted_weights``: the heuristic's
  in split games) with the montecarlo passes. Agreement is not calibration: the
  calibration benchmark (``benchmarks/calibration.py``) judges the policy.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from anaconda_poker.analysis.potential import HEURISTIC, PassWeights, best_passes, fitted_weights
from anaconda_poker.bots.check_call import check_call_steps
from anaconda_poker.bots.registry import create_bot
from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.cards import Deck, parse_code
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.state import HandState, Seat

Decision = tuple[int, int, tuple[int, ...], tuple[int, ...]]
"""(pass index, count, the 7-card hand, the cards passed)."""


def play_table(split: Split, table: int, seed: int, samples: int, seats: int) -> list[Decision]:
    """One montecarlo table to the arrangement: every pass decision."""
    config = TableConfig(split=split)
    rng = random.Random(f"passfit:{seed}:{split}:{table}")
    bots = [
        create_bot("montecarlo", config=config, rng=random.Random(rng.random()), samples=samples)
        for _ in range(seats)
    ]
    state = HandState(
        config,
        seats=[Seat(name=f"p{s}", stack=10_000) for s in range(seats)],
        button=seats - 1,
        deck=Deck(rng=random.Random(rng.random())).order,
    )
    out: list[Decision] = []
    for step in check_call_steps(state, bots, stop_at=ActionKind.ARRANGE):
        view = step.view
        if view is not None:  # a pass: the hand before it, the count, the cards passed
            hand = tuple(parse_code(c) for c in view["you"]["hand"])
            count = step.legal.pass_count
            out.append((int(view["pass_index"]), count, hand, tuple(step.action.cards)))
    return out


def _job(args: tuple[str, list[int], int, int, int]) -> tuple[str, list[Decision]]:
    game, tables, seed, samples, seats = args
    return game, [d for t in tables for d in play_table(Split(game), t, seed, samples, seats)]


def collect(args: argparse.Namespace) -> None:
    """Plays the tables in blocks of 20 and saves all decisions so far after each block
    (the fit can start on a partial file)."""
    started = time.perf_counter()
    jobs = []
    games = args.games.split(",")
    for block in range(0, args.tables, 20):
        for game in games:
            tables = list(range(block, min(block + 20, args.tables)))
            jobs.append((game, tables, args.seed, args.samples, args.seats))
    data: dict[str, list[Any]] = {"game": [], "index": [], "count": [], "hand": [], "passed": []}
    with ProcessPoolExecutor(args.workers) as pool:
        for game, decisions in pool.map(_job, jobs):
            for index, count, hand, passed in decisions:
                data["game"].append(game)
                data["index"].append(index)
                data["count"].append(count)
                data["hand"].append(hand)
                data["passed"].append(tuple(passed) + (255,) * (7 - len(passed)))
            np.savez(args.out, **{k: np.asarray(v) for k, v in data.items()})
            print(
                f"{len(data['hand'])} pass decisions, "
                f"{time.perf_counter() - started:.0f} s -> {args.out}",
                flush=True,
            )


def load(path: str) -> dict[str, np.ndarray]:
    with np.load(path) as f:
        return {k: f[k] for k in f.files}


def split_rows(data: dict[str, np.ndarray], game: str, count: int) -> tuple[np.ndarray, ...]:
    """The decisions of ``game`` passing ``count`` cards: fitting rows (the first two
    thirds, in the order played) and held-out rows (the last third)."""
    rows = np.flatnonzero((data["game"] == game) & (data["count"] == count))
    cut = len(rows) * 2 // 3
    return rows[:cut], rows[cut:]


def hits(
    data: dict[str, np.ndarray], rows: np.ndarray, count: int, game: str, w: PassWeights
) -> int:
    """Decisions among ``rows`` on which the policy passes exactly the montecarlo bot's cards."""
    if not len(rows):
        return 0
    hands = data["hand"][rows].astype(np.uint8)
    wanted = np.sort(data["passed"][rows][:, :count], axis=1)
    got = best_passes(hands, count, Split(game), weights=w)
    return int((np.sort(got, axis=1) == wanted).all(axis=1).sum())


STEPS = {
    "pair": 1.0,
    "two_pair": 1.0,
    "trips": 1.0,
    "full_house": 1.0,
    "quads": 1.0,
    "flush3": 1.0,
    "flush4": 1.0,
    "flush5": 1.0,
    "straight3": 1.0,
    "straight4": 1.0,
    "straight5": 1.0,
    "second": 0.1,
    "low_scale": 0.2,
}
"""The first step of each feature value's search (halved twice)."""


def fit_one(
    data: dict[str, np.ndarray], rows: np.ndarray, count: int, games: list[str], sweeps: int
) -> PassWeights:
    """Coordinate search from the heuristic's values: each value in turn moves by its
    step (up or down) while the fitting rows' agreement strictly grows; then the steps
    halve (three step sizes)."""
    best = HEURISTIC

    def score(w: PassWeights) -> int:
        return sum(hits(data, rows[g], count, g, w) for g in games)

    best_hits = score(best)
    for scale in (1.0, 0.5, 0.25):
        for _ in range(sweeps):
            improved = False
            for name, step in STEPS.items():
                if name == "low_scale" and "high_low_8" not in games:
                    continue
                for move in (-step * scale, step * scale):
                    while True:
                        value = round(getattr(best, name) + move, 4)
                        trial = dataclasses.replace(best, **{name: value})
                        h = score(trial)
                        if h <= best_hits:
                            break
                        best, best_hits, improved = trial, h, True
            if not improved:
                break
    return best


def fit(args: argparse.Namespace) -> None:
    """Fits each game and pass size on its own and prints the values as the
    ``FITTED`` literal of :mod:`anaconda_poker.analysis.potential`."""
    data = load(args.data)
    literal = []
    for game in args.games.split(","):
        literal.append(f"    Split.{game.upper()}: {{")
        for count in sorted({int(c) for c in data["count"]}, reverse=True):
            train, test = split_rows(data, game, count)
            w = fit_one(data, {game: train}, count, [game], args.sweeps)
            for name, rows in (("fitting", train), ("held out", test)):
                before = hits(data, rows, count, game, HEURISTIC) / len(rows)
                after = hits(data, rows, count, game, w) / len(rows)
                print(
                    f"{game}, pass of {count}, {name} ({len(rows)} decisions): "
                    f"heuristic {before:.3f}, fitted {after:.3f}",
                    flush=True,
                )
            changed = {
                f.name: getattr(w, f.name)
                for f in dataclasses.fields(w)
                if getattr(w, f.name) != getattr(HEURISTIC, f.name)
            }
            inner = ", ".join(f"{k}={v!r}" for k, v in changed.items())
            literal.append(f"        {count}: PassWeights({inner}),")
        literal.append("    },")
    print("\n".join(literal))


def check(args: argparse.Namespace) -> None:
    """Agreement of the heuristic and the fitted values with the montecarlo passes."""
    data = load(args.data)
    for game in [str(g) for g in np.unique(data["game"])]:
        for count in sorted({int(c) for c in data["count"]}, reverse=True):
            rows = np.flatnonzero((data["game"] == game) & (data["count"] == count))
            held = split_rows(data, game, count)[1]
            cells = []
            for name, w in (
                ("heuristic", HEURISTIC),
                ("fitted", fitted_weights(Split(game), count)),
            ):
                cells.append(
                    f"{name} {hits(data, rows, count, game, w) / len(rows):.3f} "
                    f"(held out {hits(data, held, count, game, w) / len(held):.3f})"
                )
            print(f"{game}, pass of {count} ({len(rows)} decisions): " + ", ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--tables", type=int, default=300)
    c.add_argument("--games", default="high_only")
    c.add_argument("--seats", type=int, default=4)
    c.add_argument("--samples", type=int, default=200)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--workers", type=int, default=1)
    c.add_argument("--out", default="passes.npz")
    f = sub.add_parser("fit")
    f.add_argument("data")
    f.add_argument("--games", default="high_only,high_low_8")
    f.add_argument("--sweeps", type=int, default=4)
    k = sub.add_parser("check")
    k.add_argument("data")
    args = parser.parse_args()
    {"collect": collect, "fit": fit, "check": check}[args.command](args)


if __name__ == "__main__":
    main()
