"""``anaconda-poker review HISTORY.json --seat N``: where a seat lost chips in its hands.

Examples::

    anaconda-poker review hand.json --seat 0
    anaconda-poker review ~/.local/share/anaconda-poker/hands --seat 0 --seed 1
    anaconda-poker review a.json b.json --seat 2 --trials 5000 --threshold 4 --json

Every pass, arrangement and bet of the seat is priced by the opponent model of
:mod:`anaconda_poker.analysis.review` from what the seat saw at that moment (never another
seat's unseen cards, even in a terminal save that holds them; a seat's own download is
replayed with stand-in cards for what it never saw). A folder stands for the hand
histories (``*.json``) in it, in name order, so a terminal session's folder gives a session
summary; so does a JSON file holding a list of histories.

Exit status 2 when a file is missing or is not JSON (like ``replay`` and ``verify``), 1 when a
history cannot be reviewed for that seat (not dealt in, a public download, a history that
does not replay); options out of range are usage errors (2).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn
from rich.table import Table

from anaconda_poker.analysis.review import (
    DEFAULT_MODEL,
    DEFAULT_TRIALS,
    MAX_TRIALS,
    HandReview,
    RandomOpponents,
    ReviewError,
    review_hand,
    review_session,
)
from anaconda_poker.cli.app import app
from anaconda_poker.cli.consoles import result_console
from anaconda_poker.cli.equity import Opponents
from anaconda_poker.cli.files import read_error_text, read_json
from anaconda_poker.cli.wording import choice_option
from anaconda_poker.i18n import (
    LANGUAGES,
    Translator,
    language_from_environment,
    require_language,
    translator,
)
from anaconda_poker.i18n.review_text import chips_text, phase_label
from anaconda_poker.tui.review_render import review_renderable


class _Unreadable(Exception):
    """A file that cannot be read or is not JSON (exit status 2)."""


def _load(paths: list[Path], _: Translator) -> list[tuple[str, Any]]:
    """``(label, history)`` for every hand the paths name (module docstring)."""
    out: list[tuple[str, Any]] = []
    for path in paths:
        files = sorted(path.glob("*.json")) if path.is_dir() else [path]
        if path.is_dir() and not files:
            raise _Unreadable(_("{folder} holds no hand histories (*.json)", folder=str(path)))
        for file in files:
            try:
                document = read_json(file)
            except (OSError, ValueError) as exc:
                raise _Unreadable(read_error_text(file, exc, _)) from None
            if isinstance(document, list):
                if not document:
                    raise _Unreadable(
                        _("{file} holds an empty list: no hand history to review", file=str(file))
                    )
                out.extend((f"{file}[{i}]", h) for i, h in enumerate(document))
            else:
                out.append((str(file), document))
    return out


def print_review(console: Console, label: str, review: HandReview, _: Translator) -> None:
    """Print one hand's review: a line per decision, then the losses by phase."""
    title = _("Review of {file}, seat {seat}", file=label, seat=review.seat)
    console.print(review_renderable(review, _, title=title))


@app.command("review")
def review_command(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="Hand histories (HAND_HISTORY.md) that show your cards: terminal saves, your "
            "own downloads from the server, or folders of them (a session)."
        ),
    ],
    seat: Annotated[int, typer.Option("--seat", min=0, max=8, help="The seat to review.")],
    trials: Annotated[
        int,
        typer.Option(
            "--trials", min=1, max=MAX_TRIALS, help="Deals per decision (more is slower)."
        ),
    ] = DEFAULT_TRIALS,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed of the deals (same seed, same review).")
    ] = 0,
    threshold: Annotated[
        float | None,
        typer.Option(
            "--threshold",
            min=0.0,
            help="Chips of expected loss from which a decision is a mistake (default: the "
            "table's small bet).",
        ),
    ] = None,
    opponents: Annotated[
        Opponents,
        choice_option(
            Opponents,
            "--opponents",
            "passing: opponents who pass like a solid player (default; your own passes are "
            "priced against random opponents); random: random opponents for everything.",
        ),
    ] = Opponents.PASSING,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help=f"Language: {', '.join(LANGUAGES)} (default: from $LANG)."),
    ] = None,
) -> None:
    """Review a seat's decisions: what it chose, the model's best choice, the chips lost.

    Exit status 2 for a missing or unreadable file, 1 for a history that cannot be reviewed
    for this seat."""
    if lang is not None:
        try:
            lang = require_language(lang)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--lang") from None
    _ = translator(lang or language_from_environment())
    err = Console(stderr=True, highlight=False)
    out = result_console(highlight=False, soft_wrap=not as_json)
    try:
        hands = _load(files, _)
    except _Unreadable as exc:
        err.print(str(exc), markup=False)
        raise typer.Exit(code=2) from None
    reviews: list[HandReview] = []
    started = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as bar:
        for label, history in hands:
            task = bar.add_task(label, total=None)

            def advance(done: int, total: int, task: TaskID = task) -> None:
                bar.update(task, completed=done, total=total)

            try:
                review = review_hand(
                    history,
                    seat,
                    trials=trials,
                    seed=seed,
                    threshold=threshold,
                    progress=advance,
                    model=RandomOpponents() if opponents is Opponents.RANDOM else DEFAULT_MODEL,
                )
            except ReviewError as exc:
                err.print(
                    _("Cannot review {file}: {error}", file=label, error=str(exc)), markup=False
                )
                raise typer.Exit(code=1) from None
            bar.remove_task(task)
            reviews.append(review)
    elapsed = time.perf_counter() - started
    session = review_session(reviews)
    if as_json:
        document = {
            "hands": [
                {"file": label, **r.to_dict()}
                for (label, _h), r in zip(hands, reviews, strict=True)
            ],
            "summary": session.to_dict(),
            "seconds": round(elapsed, 3),
        }
        typer.echo(json.dumps(document, indent=2, ensure_ascii=False))
        return
    for (label, _h), review in zip(hands, reviews, strict=True):
        print_review(out, label, review, _)
        out.print()
    if len(reviews) > 1:
        _print_session(out, session, _)
    err.print(
        _.ngettext(
            "Reviewed {hands} hand in {seconds} s.",
            "Reviewed {hands} hands in {seconds} s.",
            len(reviews),
            hands=len(reviews),
            seconds=_.number(round(elapsed, 1), "#,##0.0"),
        ),
        markup=False,
    )


def _print_session(console: Console, session: Any, _: Translator) -> None:
    table = Table(
        title=_.ngettext(
            "Session: {hands} hand",
            "Session: {hands} hands",
            len(session.hands),
            hands=len(session.hands),
        ),
        box=None,
        header_style="bold",
    )
    table.add_column(_("Phase"))
    table.add_column(_("Expected loss"), justify="right")
    table.add_column(_("Mistakes"), justify="right")
    for phase, (loss, mistakes) in session.by_phase().items():
        table.add_row(phase_label(phase.value, _), chips_text(loss, _), str(mistakes))
    table.add_row(
        _("Total"),
        chips_text(session.loss, _),
        str(sum(m for _l, m in session.by_phase().values())),
    )
    console.print(table)
    net = _.number(session.net, "+#,##0;-#,##0")
    console.print(_("Chips won in these hands: {net}", net=net), markup=False)
