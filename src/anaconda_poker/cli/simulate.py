"""``anaconda-poker simulate``: bots play each other; a table of chips per hand per bot.

Example::

    anaconda-poker simulate --hands 2000 --seats montecarlo,heuristic,random,random \\
        --seed 1 --split high_low_8 --workers 2 --out results.json
    anaconda-poker simulate --hands 100000 --ray auto --histories hands.parquet

Seats rotate over blocks of identical deals (:mod:`anaconda_poker.bots.arena`), so position
and the luck of the deal cancel out; chips per hand come with 95% confidence intervals.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from anaconda_poker.analysis.statistics import Estimate
from anaconda_poker.bots.arena import (
    DEFAULT_SESSION_BLOCKS,
    ArenaResult,
    ArenaSpec,
    run_arena,
)
from anaconda_poker.bots.histories import Row
from anaconda_poker.bots.registry import ARENA_BOTS
from anaconda_poker.cli.app import app
from anaconda_poker.cli.wording import choice_option, option_words
from anaconda_poker.core.config import (
    BIG_BET_DEFAULT,
    Betting,
    DeclareMode,
    Direction,
    Split,
    Swing,
    TableConfig,
)
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.i18n import Translator, language_from_environment, translator


def _cells(result: ArenaResult, _: Translator) -> list[dict[str, str]]:
    """Each bot's numbers as printed in the language of ``_``, best chips per hand first:
    chips per hand as the mean ± the half-width of its 95% interval (no half-width with one
    block; the JSON has both ends), hands, shares in percent, hands per second."""
    signed = "+#,##0.00;-#,##0.00"
    rows = []
    for b in result.bots:
        chips = _.number(b.chips.mean, signed)
        if not math.isnan(b.chips.half_width):
            chips += f" ± {_.number(b.chips.half_width, '#,##0.00')}"
        rows.append(
            {
                "bot": b.name,
                "hands": _.number(b.seat_hands),
                "chips": chips,
                "pots": _.percent(b.pots_won),
                "scoops": _.percent(b.scoops),
                "showdowns": _.percent(b.showdowns),
                "rate": _.number(round(b.hands_per_second)),
            }
        )
    return rows


def result_table(result: ArenaResult) -> Table:
    """The per-bot table printed after a run (best chips per hand first).

    Args:
        result: a finished arena run (:func:`~anaconda_poker.bots.arena.run_arena`).

    Returns:
        a rich table: bot, hands, chips per hand ± the 95% half-width (chips), pots won,
        scoops and showdowns (percent of the bot's hands), hands per second of the bot's own
        decisions; title and caption in the environment's language.
    """
    _ = translator(language_from_environment())
    spec = result.spec
    table = Table(
        title=_(
            "{hands} hands, {split}, {betting}, seats {seats}",
            hands=spec.hands,
            split=spec.config.split.value,
            betting=spec.config.betting.value,
            seats=",".join(spec.seats),
        ),
        caption=_.ngettext(
            "{rate} hands/s with {workers} worker; seed {seed}; 95% CI over {blocks} blocks",
            "{rate} hands/s with {workers} workers; seed {seed}; 95% CI over {blocks} blocks",
            result.workers,
            rate=_.number(result.hands_per_second, "#,##0.0"),
            workers=result.workers,
            seed=str(spec.seed),
            blocks=spec.blocks,
        ),
        # no vertical rules; numbers never wrap (headers may, onto a second line); a terminal
        # too narrow for the table gets one line per bot instead (print_results)
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    rows = _cells(result, _)
    headers = {
        "bot": _("Bot"),
        "hands": _("Hands"),
        "chips": _("Chips/hand ± 95% CI"),
        "pots": _("Pots won"),
        "scoops": _("Scoops"),
        "showdowns": _("Showdowns"),
        "rate": _("Hands/s (bot)"),
    }
    for key, header in headers.items():
        # every column at least as wide as its widest value: numbers never wrap, a header
        # longer than its numbers wraps onto a second line instead
        widest = max(len(row[key]) for row in rows)
        table.add_column(header, justify="left" if key == "bot" else "right", min_width=widest)
    for row in rows:
        table.add_row(*(Text(row[key], no_wrap=True) for key in headers))
    return table


def result_lines(result: ArenaResult) -> list[str]:
    """The same results as :func:`result_table`, one translated line per bot (for terminals
    too narrow for the table).

    Args:
        result: a finished arena run.
    """
    _ = translator(language_from_environment())
    return [
        _(
            "{bot}: {chips} chips/hand (95% CI) over {hands} hands; pots won {pots}, "
            "scoops {scoops}, showdowns {showdowns}; {rate} hands/s",
            **row,
        )
        for row in _cells(result, _)
    ]


def _rendered(table: Table, width: int) -> list[str]:
    """``table`` as a console of ``width`` columns prints it (cropped there), line by line."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(table)
    return [line.rstrip() for line in capture.get().splitlines()]


def print_results(result: ArenaResult, console: Console) -> None:
    """Print the results: the table when it fits ``console`` (each row on one line, headers
    possibly wrapped, no line reaching the edge where rich would crop it), else the title, one
    line per bot (:func:`result_lines`) and the caption.

    Args:
        result: a finished arena run.
        console: where to print; its ``width`` (columns) decides the layout.
    """
    table = result_table(result)
    width = console.width
    natural = max(len(line) for line in _rendered(table, 1000))
    if natural <= width or all(len(line) < width for line in _rendered(table, width)):
        console.print(table)
        return
    assert table.title is not None and table.caption is not None
    console.print(table.title)
    for line in result_lines(result):
        console.print(line, highlight=False)
    console.print(table.caption)


def paired_line(result: ArenaResult, paired: Estimate) -> str:
    """The duplicate difference of a ``--duplicate`` run in one line: chips per hand of the
    first bot minus the second, its 95% interval and the deals it rests on."""
    _ = translator(language_from_environment())
    first, second = result.spec.seats[:2]
    return _(
        "Duplicate: {first} − {second} = {mean:+.2f} chips/hand, 95% interval "
        "[{low:+.2f}, {high:+.2f}], over {deals} deals each played both ways",
        first=first,
        second=second,
        mean=paired.mean,
        low=paired.low,
        high=paired.high,
        deals=paired.blocks,
    )


def _check_writable(out: Path, option: str = "--out") -> None:
    """Stop before a long run whose results could not be saved.

    Args:
        out: the file to write.
        option: the option that named it (``--out`` or ``--histories``), for the message.

    Raises:
        typer.BadParameter: ``out`` is a directory, its folder does not exist, or either
            is not writable.
    """
    _ = translator(language_from_environment())
    folder = out.parent if str(out.parent) else Path(".")
    if out.is_dir():
        message = _(
            "{path} is a directory; {option} takes a file name", path=str(out), option=option
        )
    elif not folder.is_dir():
        message = _("folder {path} does not exist", path=str(folder))
    elif not os.access(out if out.exists() else folder, os.W_OK):
        message = _("{path} is not writable", path=str(out if out.exists() else folder))
    else:
        return
    raise typer.BadParameter(message, param_hint=f"'{option}'")


LOCAL_RAY = "local"
"""``--ray local``: start Ray on this machine (Typer has no option with an optional value,
so a bare ``--ray`` cannot mean it)."""


def _run(
    spec: ArenaSpec,
    workers: int,
    ray_address: str | None,
    histories: Callable[[list[Row]], None] | None,
) -> ArenaResult:
    """Play the run with a progress bar on stderr: in processes, or as Ray tasks.

    Raises:
        typer.Exit: no Ray cluster answers at ``ray_address`` (message printed).
    """
    _ = translator(language_from_environment())
    console = Console(stderr=True)
    with Progress(
        TextColumn(_("Playing")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("hands", total=spec.hands)

        def advance(n: int) -> None:
            progress.advance(task, n)

        if ray_address is None:
            return run_arena(spec, workers=workers, progress=advance, histories=histories)
        from anaconda_poker.bots.arena_ray import run_arena_ray

        address = None if ray_address == LOCAL_RAY else ray_address
        try:
            return run_arena_ray(spec, address=address, progress=advance, histories=histories)
        except ConnectionError as exc:
            message = _(
                "Cannot reach the Ray cluster at {address}: {error}",
                address=ray_address,
                error=str(exc),
            )
            console.print(message)
            raise typer.Exit(1) from None


def _directions(text: str) -> tuple[Direction, ...]:
    """``"left,right,left"`` → the pass directions (RULES.md §3).

    Raises:
        typer.BadParameter: naming the word that is not a direction and the allowed ones.
    """
    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    allowed = {d.value for d in Direction}
    for word in words:
        if word not in allowed:
            raise typer.BadParameter(
                f"{word!r} is not a pass direction; write {' or '.join(sorted(allowed))} for "
                "each pass, separated by commas (e.g. left,right,left)",
                param_hint="'--pass-directions'",
            )
    return tuple(Direction(w) for w in words)


@app.command("simulate")
def simulate_command(
    hands: Annotated[int, typer.Option("--hands", min=1, help="Hands to play.")] = 1000,
    seats: Annotated[
        str,
        typer.Option(
            "--seats", help=f"Comma-separated bot per seat; bots: {', '.join(ARENA_BOTS)}."
        ),
    ] = "montecarlo,heuristic,random,random",
    seed: Annotated[int, typer.Option("--seed", help="Seeds every deck and bot.")] = 0,
    split: Annotated[
        Split,
        choice_option(Split, "--split", "Game type."),
    ] = Split.HIGH_LOW_8,
    betting: Annotated[
        Betting,
        choice_option(Betting, "--betting", "Betting structure."),
    ] = Betting.FIXED_LIMIT,
    cards_dealt: Annotated[
        int, typer.Option("--cards-dealt", help="7, or 9 (two hidden cards).")
    ] = 7,
    pass_directions: Annotated[
        str, typer.Option("--pass-directions", help="Direction of each pass.")
    ] = "left,left,left",
    ante: Annotated[int, typer.Option("--ante", min=0, help="Ante, chips.")] = 1,
    small_bet: Annotated[int, typer.Option("--small-bet", min=1, help="Small bet, chips.")] = 2,
    big_bet: Annotated[
        int | None,
        typer.Option("--big-bet", min=1, help="Big bet, chips (default: twice the small bet)."),
    ] = None,
    declare: Annotated[
        bool,
        typer.Option(
            "--declare",
            help="Split pots by declaration (RULES.md §6; split games only): the bots "
            "declare high, low or both before the showdown.",
        ),
    ] = False,
    swing: Annotated[
        Swing,
        choice_option(Swing, "--swing", "With --declare: strict or ties_ok (RULES.md §6)."),
    ] = Swing.STRICT,
    stack: Annotated[int, typer.Option("--stack", min=1, help="Chips per player each hand.")] = 500,
    samples: Annotated[
        int, typer.Option("--samples", min=1, help="Montecarlo bot: deals sampled per decision.")
    ] = 200,
    session_blocks: Annotated[
        int,
        typer.Option(
            "--session-blocks",
            min=1,
            help="Blocks of rotated deals per session: each bot is one object for a "
            "session and is told every hand's result, so it may learn its opponents.",
        ),
    ] = DEFAULT_SESSION_BLOCKS,
    both_orders: Annotated[
        bool,
        typer.Option(
            "--both-orders",
            help="Odd blocks seat the bots in the reverse order around the table, so no bot "
            "always passes to the same other bot (fair comparisons at more than two seats).",
        ),
    ] = False,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Duplicate comparison of the first two bots of --seats: every deal is "
            "played again with the two exchanged, and their difference in chips per hand is "
            "estimated per deal (hands: a multiple of twice the seats).",
        ),
    ] = False,
    workers: Annotated[
        int, typer.Option("--workers", min=0, help="Processes; 0 = every core.")
    ] = 1,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write the results as JSON here.")
    ] = None,
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray",
            metavar="ADDRESS",
            help="Run the blocks as Ray tasks: 'local' starts Ray on this machine; else the "
            "cluster at ADDRESS (auto, host:6379, ray://host:10001).",
        ),
    ] = None,
    histories: Annotated[
        Path | None,
        typer.Option(
            "--histories",
            help="Write every hand (config, deal, actions, result; one row per seat) to "
            "this Parquet file.",
        ),
    ] = None,
) -> None:
    """Play bots against each other and print chips per hand with 95% confidence intervals."""
    _ = translator(language_from_environment())
    if Swing(swing) is Swing.TIES_OK and not declare:
        raise typer.BadParameter(
            "--swing ties_ok needs --declare (RULES.md §6): when the cards speak nobody "
            "declares, so there is no swing; add --declare to split pots by declaration",
            param_hint="'--swing'",
        )
    try:
        config = TableConfig(
            split=split,
            betting=betting,
            cards_dealt=cards_dealt,
            pass_directions=_directions(pass_directions),
            ante=ante,
            small_bet=small_bet,
            big_bet=BIG_BET_DEFAULT if big_bet is None else big_bet,
            declare=DeclareMode.DECLARE if declare else DeclareMode.CARDS_SPEAK,
            swing=swing,
        )
        spec = ArenaSpec(
            config=config,
            seats=tuple(s.strip() for s in seats.split(",") if s.strip()),
            hands=hands,
            seed=seed,
            stack=stack,
            bot_options={
                name: {"samples": samples}
                for name in (
                    "montecarlo",
                    "adaptive",
                    "montecarlo-random",
                    "montecarlo-heuristic-passes",
                )
            },
            session_blocks=session_blocks,
            both_orders=both_orders,
            duplicate=duplicate,
        )
    except (AnacondaError, ValueError) as exc:
        raise typer.BadParameter(option_words(str(exc))) from None
    if ray_address is not None and workers != 1:
        raise typer.BadParameter(
            _("--workers and --ray do not go together: Ray uses the cluster's CPUs"),
            param_hint="'--workers'",
        )
    if out is not None:
        _check_writable(out)
    if histories is not None:
        _check_writable(histories, "--histories")
    for option, module, given in (
        ("--ray", "ray", ray_address is not None),
        ("--histories", "pyarrow", histories is not None),
    ):
        if given and importlib.util.find_spec(module) is None:
            raise typer.BadParameter(
                _("{module} is not installed: pip install 'anaconda-poker[ray]'", module=module),
                param_hint=f"'{option}'",
            )
    with contextlib.ExitStack() as files:
        record = None
        if histories is not None:
            from anaconda_poker.bots.histories import HistoryWriter

            record = files.enter_context(HistoryWriter(histories)).write
        result = _run(spec, workers, ray_address, record)
    print_results(result, Console())
    if result.paired is not None:
        Console().print(paired_line(result, result.paired), highlight=False)
    if out is not None:
        try:
            out.write_text(
                json.dumps(result.to_dict(), indent=2, allow_nan=False) + "\n", encoding="utf-8"
            )
        except OSError as exc:
            Console(stderr=True).print(
                _("Cannot write {path}: {error}", path=str(out), error=str(exc))
            )
            raise typer.Exit(1) from None
        Console(stderr=True).print(_("Results written to {path}", path=str(out)))
    if histories is not None:
        Console(stderr=True).print(_("Hand histories written to {path}", path=str(histories)))
