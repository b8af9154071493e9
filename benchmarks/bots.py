"""Bot speed: the README's strength-bar arena on one core, fast paths against the code they
replaced, in the same run.

Run: ``.venv/bin/python benchmarks/bots.py [--hands 200] [--split high_low_8]``

The arena is the README's strength bar (``montecarlo,heuristic,random,random``, fixed
limit, ante 1, bets 2/4, 500-chip stacks, montecarlo with 200 samples, ``--seed 1``),
played in this one process. Three montecarlo bots play the same blocks with the same seeds:

* **reference**: ``MonteCarloBot(reference=True)``, the equity code before the fast paths
  (:mod:`anaconda_poker.analysis.reference`: one outcome per choice, percentiles by binary
  search, every reveal order worked out), on the batch evaluator's reference paths
  (``_evaluate(light=False)``: column-wise for small batches, also in place of the
  analysis code's ``small_values``, one pass per seven-card subset for 8 and 9 cards) for
  every bot, and one draw per step of the deal sampler (``sample_deals_reference``); it
  deals opponents random unseen cards;
* **fast, random opponents**: ``MonteCarloBot(opponents="random")``, the same model on the
  fast paths, so it must play exactly the reference's hands;
* **default bot (passing opponents)**: the bot as the arena and the README's strength bar
  run it, its opponents dealt by the pass-aware model (``analysis/pass_model.py``) with its
  default pass policy (``montecarlo``, fitted to the bot's own passes);
* **heuristic pass policy**: the same with ``pass_policy="heuristic"`` (the default
  before the fitted policy), to compare the two policies' speed in one run.

The table cache serves both (it is measured in its own row below). Blocks alternate
between the two, so load from other processes on a shared machine hits both alike. Times
are CPU time of this process (``time.process_time``, the fair measure when other engineers
share the cores) and wall time beside it. The tables also show montecarlo's median
decision time (CPU) and chips per hand of each bot: the fast bot on random opponents makes
the reference's decisions, so its chips per hand must equal the reference's exactly (the
script checks every hand's result: "same hands").

Goal of issue 15 §3: >= 120 hands/s on one core, median montecarlo decision <= 10 ms, at
the same strength as the bot of the issue: ``benchmarks/bots_against.py`` measures today's
bots against that code (README, "Bot speed").
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from anaconda_poker import tablecache
from anaconda_poker.analysis import dealing as dealing_module
from anaconda_poker.analysis import values as values_module
from anaconda_poker.analysis.potential import fitted_weights, potential_table
from anaconda_poker.analysis.reference import sample_deals_reference
from anaconda_poker.bots.arena import ArenaSpec, play_hand
from anaconda_poker.bots.montecarlo import MonteCarloBot
from anaconda_poker.bots.protocol import View
from anaconda_poker.core.actions import Action
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.evaluation import batch
from anaconda_poker.core.evaluation.low import qualifier_offset
from anaconda_poker.core.evaluation.tables import build_tables, get_tables
from anaconda_poker.core.state import LegalActions

SEATS = ("montecarlo", "heuristic", "random", "random")
EVALUATE = batch._evaluate
SAMPLE_DEALS = dealing_module.sample_deals
SMALL_VALUES = values_module.small_values


def _reference_small_values(
    codes: np.ndarray, *, want_low: bool, offset: int
) -> tuple[np.ndarray, np.ndarray | None]:
    """:func:`~anaconda_poker.core.evaluation.batch.small_values` on the column-wise path."""
    high, low = EVALUATE(
        codes, want_high=True, want_low=want_low, offset=offset, check_duplicates=False, light=False
    )
    if not want_low:
        return high.astype(np.int64), None
    return high.astype(np.int64), np.where(low == 0, -1, low).astype(np.int64)


class Run:
    """One side of the comparison: its hands' results and its times."""

    def __init__(self, name: str, spec: ArenaSpec) -> None:
        self.name = name
        self.spec = spec
        self.cpu = 0.0
        self.wall = 0.0
        self.hands = 0
        self.decisions: list[float] = []
        self.net: dict[str, float] = {}
        self.results: list[Any] = []

    def play_block(self, block: int) -> None:
        original = MonteCarloBot.act
        decisions = self.decisions

        def timed(bot: MonteCarloBot, view: View, legal: LegalActions) -> Action:
            started = time.process_time()
            action = original(bot, view, legal)
            decisions.append(time.process_time() - started)
            return action

        MonteCarloBot.act = timed  # type: ignore[method-assign]
        if self.spec.bot_options["montecarlo"].get("reference"):
            batch._evaluate = functools.partial(EVALUATE, light=False)  # type: ignore[assignment]
            dealing_module.sample_deals = sample_deals_reference
            values_module.small_values = _reference_small_values
        try:
            cpu, wall = time.process_time(), time.perf_counter()
            states = [play_hand(self.spec, block, r) for r in range(self.spec.block_hands(block))]
            self.cpu += time.process_time() - cpu
            self.wall += time.perf_counter() - wall
        finally:
            MonteCarloBot.act = original  # type: ignore[method-assign]
            batch._evaluate = EVALUATE
            dealing_module.sample_deals = SAMPLE_DEALS
            values_module.small_values = SMALL_VALUES
        n = len(self.spec.seats)
        for rotation, state in enumerate(states):
            result = state.result
            assert result is not None
            self.results.append(dict(result.net))
            for seat in range(n):
                name = self.spec.seats[(seat + rotation) % n]
                self.net[name] = self.net.get(name, 0.0) + result.net.get(seat, 0)
            self.hands += 1


def arena(split: Split, hands: int, seed: int) -> tuple[Run, Run, Run, Run]:
    def spec(**options: Any) -> ArenaSpec:
        return ArenaSpec(
            config=TableConfig(split=split),
            seats=SEATS,
            hands=hands,
            seed=seed,
            bot_options={"montecarlo": {"samples": 200, **options}},
        )

    reference = Run("reference", spec(reference=True))
    fast = Run("fast, random opponents", spec(opponents="random"))
    default = Run("default bot (passing opponents)", spec())
    heuristic = Run("passing opponents, heuristic pass policy", spec(pass_policy="heuristic"))
    runs = (reference, fast, default, heuristic)
    for block in range(reference.spec.blocks):
        for run in runs[block % 4 :] + runs[: block % 4]:
            run.play_block(block)
    return reference, fast, default, heuristic


def cpu_per_call(call: Callable[[], object], repeat: int) -> float:
    call()
    started = time.process_time()
    for _ in range(repeat):
        call()
    return (time.process_time() - started) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per side and game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--split", choices=[s.value for s in Split], action="append", help="default: both"
    )
    args = parser.parse_args()
    splits = [Split(s) for s in args.split] if args.split else [Split.HIGH_LOW_8, Split.HIGH_ONLY]
    console = Console(width=150)
    get_tables()
    potential_table()  # the pass-aware model's tables, built once per process like get_tables
    for split in Split:
        for count in TableConfig().pass_counts:
            potential_table(fitted_weights(split, count))

    table = Table(title=f"Strength-bar arena, one process ({args.hands} hands, seed {args.seed})")
    for column in ("game", "path", "hands/s CPU", "hands/s wall", "median mc decision, CPU"):
        table.add_column(column, justify="right")
    for name in dict.fromkeys(SEATS):
        table.add_column(f"{name} chips/hand", justify="right")
    table.add_column("same hands")
    for split in splits:
        with console.status(f"playing {split.value}…"):
            reference, fast, default, heuristic = arena(split, args.hands, args.seed)
        same = "yes" if reference.results == fast.results else "NO"
        for run in (reference, fast, default, heuristic):
            chips = [
                f"{run.net[name] / (run.hands * SEATS.count(name)):+.2f}"
                for name in dict.fromkeys(SEATS)
            ]
            table.add_row(
                split.value,
                run.name,
                f"{run.hands / run.cpu:.1f}",
                f"{run.hands / run.wall:.1f}",
                f"{statistics.median(run.decisions) * 1e3:.2f} ms",
                *chips,
                "—" if run in (default, heuristic) else same,
            )
    console.print(table)

    parts = Table(title="Parts (CPU time per call)")
    for column in ("what", "before", "after", "speed-up"):
        parts.add_column(column, justify="right")
    rng = np.random.default_rng(2024)
    offset = qualifier_offset(8)
    for rows, width in ((400, 7), (400, 9), (8_192, 7)):
        codes = np.argsort(rng.random((rows, 52)), axis=1)[:, :width].astype(np.uint8)
        kwargs = {"want_high": True, "want_low": True, "offset": offset, "check_duplicates": False}
        before = cpu_per_call(lambda c=codes, k=kwargs: EVALUATE(c, light=False, **k), 200)
        after = cpu_per_call(lambda c=codes, k=kwargs: EVALUATE(c, **k), 200)
        parts.add_row(
            f"high_low_values, {rows:,} rows of {width}"
            + (" (both paths column-wise: the noise)" if rows > batch.SMALL_ROWS else ""),
            f"{before / rows * 1e9:.0f} ns/hand",
            f"{after / rows * 1e9:.0f} ns/hand",
            f"{before / after:.2f}×",
        )
    path = tablecache.cache_path()
    build = cpu_per_call(build_tables, 3)
    if path is not None:
        tablecache.load_tables()  # make sure the file exists
        read = cpu_per_call(lambda: tablecache.read_tables(path), 20)
        parts.add_row(
            "evaluator tables: build / read the cache file",
            f"{build * 1e3:.0f} ms",
            f"{read * 1e3:.1f} ms",
            f"{build / read:.0f}×",
        )
    console.print(parts)


if __name__ == "__main__":
    main()
