"""``anaconda-poker verify``: check the provable-fairness fields of hand histories.

Example::

    anaconda-poker verify q3Xk9a-hand-12.json

Two kinds of history verify (``docs/protocol.md`` §6, ``core.fairness`` for versions 1 and
2, ``core.fairness_v3`` for version 3, where every player's seed shuffled the committed deck):

- a **full** history (tables with ``reveal_deck_after_hand``, with ``deck`` and
  ``deck_salt``): recompute the deck commitment (version 1 or 2) and compare it with
  ``deck_commitment``; re-deal the deck and compare with ``dealt``; replay the actions through
  the engine and compare with ``result``;
- a seat's **own** history (versions 2 and 3, the default at every table: ``deck_leaves`` and
  ``deck_openings``): each of the seat's opened cards hashes to its leaf, the 52 leaves hash
  to the commitment, the opened positions are exactly the seat's positions in the deal order
  (RULES.md §2.2), and the opened cards are the seat's ``dealt`` cards. This proves the
  seat's own cards were fixed before the deal; other seats' cards stay secret (RULES.md §7).

Version 3 hands (player seeds) add the ``seeds`` check: the dealt deck (full) or the opened
server-deck positions (own) are exactly where the listed ``player_seeds`` put the cards
(HAND_HISTORY.md "Fairness version 3"). ``--my-seed HEX`` adds the ``my_seed`` check: the
history lists that seed for your seat, so your seed was one of those that shuffled the deck.

A history saved **without any commitment** (the terminal game before it committed its
decks, or another older file) cannot prove the deck was fixed before the deal; for it the
command says so in a plain sentence and checks what can be checked: the recorded deck deals
the recorded cards, and the actions replay to the stored result.

For each file a table of the checks and one line saying what was proven. Exit status 0 when
every check of every file passes, 2 when a file is missing or cannot be read as JSON, 1
otherwise (a failed check, malformed fairness fields, or no commitment), like ``replay``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from anaconda_poker.cli.app import app
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.fairness import (
    deal_from_deck,
)
from anaconda_poker.core.fairness_v3 import verify_any
from anaconda_poker.core.fairness_verify import Verification
from anaconda_poker.core.history import replay as replay_history

NO_COMMITMENT = (
    "no deck commitment: this hand was saved without one (by the terminal game before it "
    "committed its decks, or by an older version), so nothing proves the deck was fixed "
    "before the deal"
)
"""What ``verify`` says about a history without any commitment."""


def _uncommitted(history: dict[str, Any]) -> bool:
    """True for a history with no commitment fields at all (nothing to verify against)."""
    fields = ("deck_commitment", "deck_salt", "deck_leaves", "deck_openings")
    return not any(name in history for name in fields)


def _verify_uncommitted(history: dict[str, Any], *, replay: bool) -> Verification:
    """What can be checked without a commitment: the recorded deck deals the recorded cards
    (RULES.md §2.2 dealing order) and the actions replay to the stored result. Never ``ok``:
    fairness is not proven.

    Raises:
        ValueError / AnacondaError: if the deck, the deal or the actions are malformed.
    """
    checks: list[tuple[str, bool, str]] = [("commitment", False, NO_COMMITMENT)]
    can: list[str] = []
    if "deck" in history:
        dealt = {int(seat): parse_codes(list(cards)) for seat, cards in history["dealt"].items()}
        cards_each = int((history.get("config") or {}).get("cards_dealt", 7))
        redealt = deal_from_deck(
            parse_codes(list(history["deck"])),
            seats=list(dealt),
            button=int(history["button"]),
            cards_each=cards_each,
        )
        same = all(redealt[seat] == dealt[seat] for seat in dealt)
        checks.append(
            (
                "deal",
                same,
                "the recorded deck deals the recorded cards in dealing order"
                if same
                else "the recorded cards are not a deal of the recorded deck",
            )
        )
        can.append("the recorded deck deals the recorded cards: " + ("yes" if same else "NO"))
    if replay:
        try:
            result = replay_history(history).result
        except AnacondaError as exc:
            same, detail = False, f"the actions do not replay: {exc}"
        else:
            stored = history.get("result")
            same = result is not None and json.loads(json.dumps(result.to_dict())) == stored
            detail = (
                "replaying the actions reproduces the stored result"
                if same
                else "the replayed result differs from the stored result"
            )
        checks.append(("replay", same, detail))
        can.append("the actions replay to the stored result: " + ("yes" if same else "NO"))
    summary = NO_COMMITMENT + ("; what can be checked: " + "; ".join(can) if can else "")
    return Verification(ok=False, checks=tuple(checks), scope="none", summary=summary)


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
    unreadable = False
    outcomes: list[tuple[Path, Verification | None]] = []
    for path in files:
        try:
            history = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(history, dict):
                raise ValueError("a hand history must be a JSON object")
        except (OSError, ValueError) as exc:  # missing, unreadable or not JSON: exit 2
            table.add_row(str(path), "read", "[red]no[/red]", str(exc))
            outcomes.append((path, None))
            unreadable = True
            continue
        try:
            if _uncommitted(history):
                result = _verify_uncommitted(history, replay=not no_replay)
            else:
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
    if unreadable:
        raise typer.Exit(2)
    if not all_ok:
        raise typer.Exit(1)
