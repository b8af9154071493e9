"""Decision time of each named bot level (``anaconda_poker.bots.levels``), and which level
may fill seats at a web table (the strongest whose median decision stays within 50 ms).

Run: ``.venv/bin/python benchmarks/levels.py [--hands 40] [--split high_low_8]``

Each level plays seat 0 of a four-seat table against three ``casual`` (heuristic) bots over
the same blocks of rotated deals (``--seed``), as one object for the whole run (it observes
every result, as at a table). Times are CPU time of this process per decision
(``time.process_time``, the fair measure on a shared machine); the ``strong`` level (today's
montecarlo at the server's 400 samples) is the baseline column of the same run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from anaconda_poker.bots.arena import ArenaSpec, play_hand
from anaconda_poker.bots.levels import STRENGTHS, resolve_level
from anaconda_poker.bots.protocol import View, observe_result
from anaconda_poker.bots.registry import create_bot
from anaconda_poker.core.actions import Action
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.state import LegalActions

BUDGET_MS = 50.0
"""The web table's budget for the median decision of its default level (issue 16 §2)."""


class Timed:
    """A bot whose every decision's CPU time is kept (milliseconds)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.ms: list[float] = []

    def act(self, view: View, legal: LegalActions) -> Action:
        started = time.process_time()
        action: Action = self.bot.act(view, legal)
        self.ms.append(1000 * (time.process_time() - started))
        return action

    def observe_result(self, view: View) -> None:
        observe_result(self.bot, view)


def measure(level: str, config: TableConfig, hands: int, seed: int) -> list[float]:
    """Per-decision CPU milliseconds of ``level`` in seat 0 over ``hands`` hands."""
    name, options = resolve_level(level)
    spec = ArenaSpec(
        config=config, seats=(name, "heuristic", "heuristic", "heuristic"), hands=hands, seed=seed
    )
    timed = Timed(create_bot(name, config=config, rng=random.Random(seed), **options))
    others = [create_bot("heuristic", config=config, rng=random.Random(i)) for i in range(3)]
    players = [timed, *others]
    for hand in range(hands):
        play_hand(spec, hand // 4, hand % 4, players=players)
    return timed.ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--split", type=Split, default=Split.HIGH_LOW_8)
    args = parser.parse_args()
    config = TableConfig(split=args.split)
    table = Table(title=f"Decision time per level ({args.hands} hands, {args.split.value}, CPU)")
    for column in ("level", "bot", "samples", "decisions", "median ms", "p90 ms", "vs strong"):
        table.add_column(column, justify="left" if column in ("level", "bot") else "right")
    medians: dict[str, float] = {}
    rows = []
    for level in STRENGTHS:
        ms = measure(level, config, args.hands, args.seed)
        medians[level] = statistics.median(ms)
        rows.append((level, ms))
    for level, ms in rows:
        name, options = resolve_level(level)
        p90 = statistics.quantiles(ms, n=10)[-1]
        ratio = medians[level] / medians["strong"] if medians["strong"] else float("nan")
        table.add_row(
            level,
            name,
            str(options.get("samples", "-")),
            str(len(ms)),
            f"{medians[level]:.2f}",
            f"{p90:.2f}",
            f"{ratio:.2f}x",
        )
    Console().print(table)
    fast = [level for level in STRENGTHS if medians[level] <= BUDGET_MS]
    Console().print(
        f"strongest level within {BUDGET_MS:.0f} ms median: {fast[-1] if fast else '-'}"
    )


if __name__ == "__main__":
    main()
