"""Bot speed against an earlier commit: the strength-bar arena on old and today's code.

Run: ``.venv/bin/python benchmarks/bots_against.py [--against REV] [--hands 1000]`` (about
five minutes at 1,000 hands on the 2-core VM; ``--against HEAD`` plays today's code in
both halves, so its spread is the noise of the measurement).

The default ``--against`` is ``9169a62``, the commit before the first speed commit of issue
15 §3: its bots and analysis code are those of when the issue was filed (the arena had
gained §2's Ray and Parquet paths since).

``benchmarks/bots.py`` compares paths of *today's* code in one process; the goal of issue
15 §3 ("bots 3× faster at the same strength") is about the bot as it was when the issue
was filed. This script extracts ``src/`` of ``--against`` from git (``git archive``, into
a temporary folder; nothing in the checkout changes) and plays the strength-bar arena
(``BOT,heuristic,random,random``, fixed limit, ante 1, bets 2/4, 500-chip stacks, 200
samples, seed 1) in child processes, two at a time (one per core of the 2-core VM, so
that both halves share the machine's load alike):

* **then**: ``montecarlo`` on the code of ``--against`` (a commit; a clone with its
  history is needed);
* **now, random opponents**: ``montecarlo-random``, today's montecarlo bot on the model
  the bot of then used (opponents dealt random unseen cards);
* **now, default**: ``montecarlo``, today's default bot (opponents dealt by the pass-aware
  model, issue 16).

Each child warms up (evaluator tables, the pass model's tables) on four hands of another
seed before its clock starts. The table shows hands per CPU second (``time.process_time``)
of the bot's own decisions (``MonteCarloBot.act``, wrapped in the child: the strength
bar's ``hands/s (bot)`` column, which the arena measures in wall time) and of the whole
arena, their ratio to the *then* row of the same game, and chips per hand with the arena's
95% interval (the same decks for every row, though each bot's interval is its own, not
that of a difference). The children run with ``python -P``, so a folder holding an
``anaconda_poker`` package where the script is started cannot stand in for either code
(each child reports the package it imported, and the parent checks it).
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

ISSUE_15 = "9169a62ec076a000509456f3da9a1e03159880d1"
"""The commit before the first speed commit of issue 15 §3 (the bot the goal speaks of)."""
FEW_HANDS = 200
"""Below this many hands a run's ratios and chips are mostly noise (the table says so)."""
ROOT = Path(__file__).resolve().parent.parent
SHORT = 9
"""Hex digits of the commits the table's title names."""
SPLITS = ("high_low_8", "high_only")

CHILD = """
import json, sys, time
import anaconda_poker
from anaconda_poker.bots.arena import ArenaSpec, run_arena
from anaconda_poker.bots.montecarlo import MonteCarloBot
from anaconda_poker.core.config import Split, TableConfig

decisions = [0.0]  # CPU seconds in montecarlo's act (its subclasses included)
act = MonteCarloBot.act


def timed(self, view, legal):
    start = time.process_time()
    try:
        return act(self, view, legal)
    finally:
        decisions[0] += time.process_time() - start


MonteCarloBot.act = timed
bot, split, hands, seed, samples = sys.argv[1], Split(sys.argv[2]), *map(int, sys.argv[3:6])


def spec(count, deck_seed):
    return ArenaSpec(
        config=TableConfig(split=split),
        seats=(bot, "heuristic", "random", "random"),
        hands=count,
        seed=deck_seed,
        bot_options={bot: {"samples": samples}},
    )


run_arena(spec(4, seed + 1000))  # tables built and modules loaded before the clock
decisions[0] = 0.0
start = time.process_time()
result = run_arena(spec(hands, seed))
cpu = time.process_time() - start
me = next(b for b in result.bots if b.name == bot)
print(json.dumps({"cpu": cpu, "bot": hands / decisions[0], "chips": me.chips.mean,
                  "half_width": me.chips.half_width, "package": anaconda_poker.__file__}))
"""


@dataclass(frozen=True)
class Run:
    """One arena run of one bot on one code.

    Attributes:
        code: ``"then"`` or ``"now"``.
        bot: the bot's registry name.
        split: the game (a :class:`~anaconda_poker.core.config.Split` value).
        hands: hands played.
        cpu: the child's CPU seconds for the arena (warm-up excluded).
        bot_rate: hands per CPU second of the bot's own decisions (its ``act``).
        chips: the bot's chips per hand; ``half_width`` its 95% interval's half width.
    """

    code: str
    bot: str
    split: str
    hands: int
    cpu: float
    bot_rate: float
    chips: float
    half_width: float

    @property
    def arena_rate(self) -> float:
        """Hands per CPU second of the whole arena (every bot and the engine)."""
        return self.hands / self.cpu


class RevisionError(Exception):
    """The earlier code cannot be read from git (the message says why and what to do)."""


def _git(repo: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True)


def resolve(rev: str, repo: Path = ROOT) -> str:
    """The full hash of commit ``rev`` in ``repo`` (any git revision naming a commit; read
    as a revision, never as an option).

    Raises:
        RevisionError: ``repo`` is not a git checkout, or ``rev`` names no commit of it
            (in a shallow clone the message names ``git fetch --unshallow``).
    """
    if _git(repo, "rev-parse", "--git-dir").returncode != 0:
        raise RevisionError(
            f"{repo} is not a git checkout: the earlier code is read from git, clone the "
            "repository to compare against it"
        )
    found = _git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}")
    if found.returncode == 0:
        return found.stdout.decode().strip()
    shallow = _git(repo, "rev-parse", "--is-shallow-repository").stdout.decode().strip()
    if shallow == "true":
        raise RevisionError(
            f"{rev!r} is not a commit of {repo}; this clone is shallow, so it may be in the "
            "missing history: `git fetch --unshallow` brings it"
        )
    raise RevisionError(f"{rev!r} is not a commit of {repo} (give a hash, branch or tag)")


def now_label(repo: Path = ROOT) -> str:
    """This checkout's short commit, with ``+changes`` when ``src/`` differs from it
    (untracked files included); ``"this checkout"`` outside git."""
    head = _git(repo, "rev-parse", f"--short={SHORT}", "HEAD")
    if head.returncode != 0:
        return "this checkout"
    dirty = _git(repo, "status", "--porcelain", "--", "src").stdout.strip()
    return head.stdout.decode().strip() + ("+changes" if dirty else "")


def extract_source(rev: str, into: Path, repo: Path = ROOT) -> Path:
    """``src/`` of commit ``rev`` written under ``into`` (``git archive``); returns the
    folder to put on ``PYTHONPATH``.

    Raises:
        RevisionError: as :func:`resolve`.
    """
    commit = resolve(rev, repo)
    archive = _git(repo, "archive", "--format=tar", commit, "src")
    if archive.returncode != 0:
        raise RevisionError(f"git cannot archive src/ of {commit}: {archive.stderr.decode()}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def play(source: Path, code: str, bot: str, split: str, hands: int, seed: int, samples: int) -> Run:
    """Play the strength-bar arena with ``bot`` on the code under ``source`` in a child
    process (``python -P``: the current folder is not searched for the package).

    Raises:
        RuntimeError: the child failed (the message ends with the last line of its error:
            code older than ``bots/arena.py`` cannot play the arena), or it imported
            ``anaconda_poker`` from somewhere other than ``source``.
    """
    env = {**os.environ, "PYTHONPATH": str(source)}
    args = [bot, split, str(hands), str(seed), str(samples)]
    done = subprocess.run(
        [sys.executable, "-P", "-c", CHILD, *args], env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or ["(no error output)"]
        hint = ""
        if "No module named 'anaconda_poker" in lines[-1]:
            hint = " (a commit before the arena, bots/arena.py, cannot play it: choose a later one)"
        raise RuntimeError(f"the {code} code could not play {bot} in {split}: {lines[-1]}{hint}")
    out = json.loads(done.stdout.strip().splitlines()[-1])
    package = Path(out["package"]).resolve()
    if not package.is_relative_to(source.resolve()):
        raise RuntimeError(f"the {code} run imported {package}, not the code under {source}")
    return Run(code, bot, split, hands, out["cpu"], out["bot"], out["chips"], out["half_width"])


def compare(
    rev: str,
    *,
    hands: int,
    seed: int = 1,
    samples: int = 200,
    splits: Sequence[str] = SPLITS,
    jobs: int = 2,
    advance: Callable[[], None] | None = None,
) -> list[Run]:
    """Every run of the module docstring, ``jobs`` at a time, in the order then, now with
    random opponents, now default per game.

    Raises:
        RevisionError: as :func:`resolve`.
        RuntimeError: as :func:`play`.
    """
    with tempfile.TemporaryDirectory(prefix="bots-against-") as tmp:
        then = extract_source(rev, Path(tmp))
        now = ROOT / "src"
        plan = [
            (source, code, bot, split)
            for split in dict.fromkeys(splits)
            for source, code, bot in (
                (then, "then", "montecarlo"),
                (now, "now", "montecarlo-random"),
                (now, "now", "montecarlo"),
            )
        ]

        def one(job: tuple[Path, str, str, str]) -> Run:
            run = play(*job, hands=hands, seed=seed, samples=samples)
            if advance is not None:
                advance()
            return run

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(one, plan))


def _positive(text: str) -> int:
    """An argparse type: a whole number ``>= 1``."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number >= 1, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number >= 1, got {value}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="'then' is montecarlo on the code of --against, read from git (a clone with "
        "its history is needed); 'now' is this checkout's montecarlo-random and montecarlo.",
    )
    parser.add_argument(
        "--against",
        default=ISSUE_15,
        help=f"the earlier commit: hash, branch or tag (default: {ISSUE_15[:SHORT]}, "
        "before issue 15 §3's speed work)",
    )
    parser.add_argument("--hands", type=_positive, default=1000, help="hands per run (1000)")
    parser.add_argument("--seed", type=int, default=1, help="seeds every deck and bot (1)")
    parser.add_argument(
        "--samples", type=_positive, default=200, help="montecarlo's deals per decision (200)"
    )
    parser.add_argument(
        "--split", choices=SPLITS, action="append", help="a game, repeatable (default: both)"
    )
    parser.add_argument("--jobs", type=_positive, default=2, help="runs at a time (2)")
    args = parser.parse_args()
    splits = list(dict.fromkeys(args.split or SPLITS))
    console = Console()
    try:
        then = resolve(args.against)
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task("arena runs", total=3 * len(splits))
            runs = compare(
                then,
                hands=args.hands,
                seed=args.seed,
                samples=args.samples,
                splits=splits,
                jobs=args.jobs,
                advance=lambda: progress.advance(task),
            )
    except (RevisionError, RuntimeError) as error:
        sys.exit(f"bots_against: {error}")
    except KeyboardInterrupt:
        print("bots_against: interrupted", file=sys.stderr)
        sys.exit(130)
    table = Table(
        title=f"Strength-bar arena, then ({then[:SHORT]}) and now ({now_label()}): "
        f"{args.hands} hand{'s' if args.hands > 1 else ''}, seed {args.seed}, "
        f"{args.samples} samples"
    )
    for column in ("game", "code", "bot"):
        table.add_column(column, justify="right", no_wrap=True)
    for column in (
        "hands/s bot CPU",
        "× then",
        "hands/s arena CPU",
        "× then",
        "chips/hand (95%)",
    ):
        table.add_column(column, justify="right")
    for split in splits:
        rows = [r for r in runs if r.split == split]
        base = rows[0]
        for run in rows:
            table.add_row(
                split,
                run.code,
                run.bot,
                f"{run.bot_rate:.1f}",
                f"{run.bot_rate / base.bot_rate:.2f}×",
                f"{run.arena_rate:.1f}",
                f"{run.arena_rate / base.arena_rate:.2f}×",
                f"{run.chips:+.2f} ± {run.half_width:.2f}"
                if math.isfinite(run.half_width)
                else f"{run.chips:+.2f} (one block: no interval)",
            )
    console.print(table)
    if args.hands < FEW_HANDS:
        console.print(
            f"Fewer than {FEW_HANDS} hands: the ratios and chips above are mostly noise "
            "(README, 'Bot speed')."
        )


if __name__ == "__main__":
    main()
