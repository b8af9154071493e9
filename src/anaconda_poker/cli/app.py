"""The ``anaconda-poker`` Typer app and its root options (``--version``). Each subcommand
module of this package registers itself on :data:`app`; :mod:`anaconda_poker.cli.main`
imports them all and runs the app."""

from __future__ import annotations

import typer

from anaconda_poker import __version__

app = typer.Typer(
    name="anaconda-poker",
    help="Play, study and run games of Anaconda (pass the trash) poker.",
    no_args_is_help=True,
    add_completion=False,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"anaconda-poker {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False,
        "--version",
        callback=_print_version,
        is_eager=True,
        help="Print the version and exit.",
    ),
) -> None:
    """Play, study and run games of Anaconda (pass the trash) poker."""


__all__ = ["app"]
