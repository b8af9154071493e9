"""``anaconda-poker verify``: check the provable-fairness fields of hand histories.

Example::

    anaconda-poker verify q3Xk9a-hand-12.json

For each file: recompute the SHA-256 deck commitment from ``deck`` and ``deck_salt`` and
compare it with ``deck_commitment``; re-deal the deck and compare with ``dealt``; replay
the actions through the engine and compare with ``result``. Exit status 0 when every check
of every file passes, 1 otherwise.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from anaconda_poker.cli.main import app
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.fairness import verify_history


@app.command()
def verify(
    files: list[Path] = typer.Argument(..., help="Hand history JSON files (full histories)."),  # noqa: B008
    no_replay: bool = typer.Option(False, "--no-replay", help="Skip replaying the actions."),
) -> None:
    """Verify the deck commitment, the deal and the result of hand histories."""
    console = Console()
    table = Table(title="Hand history verification")
    table.add_column("file")
    table.add_column("check")
    table.add_column("ok")
    table.add_column("detail")
    all_ok = True
    for path in files:
        try:
            history = json.loads(path.read_text(encoding="utf-8"))
            result = verify_history(history, replay=not no_replay)
        except (OSError, ValueError, AnacondaError) as exc:
            table.add_row(str(path), "read", "[red]no[/red]", str(exc))
            all_ok = False
            continue
        for name, ok, detail in result.checks:
            table.add_row(str(path), name, "[green]yes[/green]" if ok else "[red]no[/red]", detail)
        all_ok = all_ok and result.ok
    console.print(table)
    if not all_ok:
        raise typer.Exit(1)
