"""The ``anaconda-poker`` command: the Typer app of :mod:`anaconda_poker.cli.app` with every
subcommand module of this package imported, so each has registered itself on it."""

from __future__ import annotations

from anaconda_poker.cli import db as _db
from anaconda_poker.cli import equity as _equity
from anaconda_poker.cli import play as _play
from anaconda_poker.cli import replay as _replay
from anaconda_poker.cli import review as _review
from anaconda_poker.cli import serve as _serve
from anaconda_poker.cli import simulate as _simulate
from anaconda_poker.cli import verify as _verify
from anaconda_poker.cli.app import app

__all__ = ["app", "main"]

_SUBCOMMANDS = (_db, _equity, _play, _replay, _review, _serve, _simulate, _verify)
"""The modules that register the subcommands on :data:`app` when imported."""


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    # under `python -m` this file is a second copy of the module, but the subcommands
    # registered themselves on the one app of cli/app.py, which both copies run
    main()
