"""``anaconda-poker verify``: check the provable-fairness fields of hand histories.

Example::

    anaconda-poker verify q3Xk9a-hand-12.json

Two kinds of history verify (``docs/protocol.md`` §6, ``core.fairness`` for versions 1 and
2, ``core.fairness_v3`` for version 3, where every player's seed shuffled the committed deck):

- a **full** history (tables with ``reveal_deck_after_hand``, with ``deck`` and
  ``deck_salt``): recompute the deck commitment (version 1 or 2) and compare it with
  ``deck_commitment``; re-deal the deck and compare with ``dealt``; replay the actions through
  the engine and compare with ``result``;
- a seat's **own** history (version 2, the default at every table: ``deck_leaves`` and
  ``deck_openings``): each of the seat's opened cards hashes to its leaf, the 52 leaves hash
  to the commitment, the opened positions are exactly the seat's positions in the deal order
  (RULES.md §2.2), and the opened cards are the seat's ``dealt`` cards. This proves the
  seat's own cards were fixed before the deal; other seats' cards stay secret (RULES.md §7).

Version 3 hands (player seeds) add the ``seeds`` check: the dealt deck (full) or the opened
server-deck positions (own) are exactly where the listed ``player_seeds`` put the cards
(HAND_HISTORY.md "Fairness version 3"). ``--my-seed HEX`` adds the ``my_seed`` check: the
history lists that seed for your seat, so your seed was one of those that shuffled the deck.

For each file a table of the checks and one line saying what was proven. Exit status 0 when
every check of every file passes, 1 otherwise (also for a file that cannot be read or has no
fairness fields to check).
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from anaconda_poker.cli.main import app
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.fairness import Verification
from anaconda_poker.core.fairness_v3 import verify_any


@app.command()
def verify(
    files: list[Path] = typer.Argument(  # noqa: B008
        ..., help="Hand history JSON files (full histories, or a seat's own download)."
    ),
    no_replay: bool = typer.Option(False, "--no-replay", help="Skip replaying the actions."),
    my_seed: str | None = typer.Option(
        None,
        "--my-seed",
        help="The seed your client sent for this hand (hex; the web client shows it under "
        "Fairness): check that the history lists it for your seat (fairness version 3).",
    ),
) -> None:
    """Verify the deck commitment, the deal and the result of hand histories."""
    console = Console()
    table = Table(title="Hand history verification")
    table.add_column("file")
    table.add_column("check")
    table.add_column("ok")
    table.add_column("detail")
    all_ok = True
    outcomes: list[tuple[Path, Verification | None]] = []
    for path in files:
        try:
            history = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(history, dict):
                raise ValueError("a hand history must be a JSON object")
            result = verify_any(history, replay=not no_replay, my_seed=my_seed)
        except (OSError, ValueError, AnacondaError) as exc:
            table.add_row(str(path), "read", "[red]no[/red]", str(exc))
            outcomes.append((path, None))
            all_ok = False
            continue
        for name, ok, detail in result.checks:
            table.add_row(str(path), name, "[green]yes[/green]" if ok else "[red]no[/red]", detail)
        outcomes.append((path, result))
        all_ok = all_ok and result.ok
    console.print(table)
    for path, outcome in outcomes:
        if outcome is None:
            console.print(f"[red]✗[/red] {path}: could not be checked", highlight=False)
        elif outcome.ok:
            console.print(f"[green]✓[/green] {path}: {outcome.summary}", highlight=False)
        else:
            console.print(f"[red]✗[/red] {path}: {outcome.summary}", highlight=False)
    if not all_ok:
        raise typer.Exit(1)
