"""The ``anaconda-poker`` command: one Typer app; each subcommand lives in its own module
of this package and registers itself here."""

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


def main() -> None:
    """Console-script entry point."""
    app()


from anaconda_poker.cli import db as _db  # noqa: E402, F401
from anaconda_poker.cli import equity as _equity  # noqa: E402, F401
from anaconda_poker.cli import play as _play  # noqa: E402, F401
from anaconda_poker.cli import replay as _replay  # noqa: E402, F401
from anaconda_poker.cli import review as _review  # noqa: E402, F401
from anaconda_poker.cli import serve as _serve  # noqa: E402, F401
from anaconda_poker.cli import simulate as _simulate  # noqa: E402, F401
from anaconda_poker.cli import verify as _verify  # noqa: E402, F401

if __name__ == "__main__":
    # Run through the imported module so subcommands registered on its `app` are found
    # (under `python -m`, this file is `__main__`, a second copy of the module).
    from anaconda_poker.cli.main import main as _imported_main

    _imported_main()
