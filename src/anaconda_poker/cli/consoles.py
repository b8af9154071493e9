"""The console a command prints its results on (``review``, ``equity``).

On a terminal Rich wraps tables and long lines to the terminal's width. Written to a file
or a pipe, Rich assumes 80 columns and wraps cells there (newcomer trial: a review saved
with ``> review.txt`` had "Betting round 5" broken over two lines): off a terminal the
console is :data:`UNWRAPPED_WIDTH` wide, so every row keeps one line and ``grep`` finds it.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

UNWRAPPED_WIDTH = 10_000
"""Columns of the console when standard output is not a terminal (no line is that long)."""


def result_console(**options: Any) -> Console:
    """A console on standard output: the terminal's width on a terminal, else
    :data:`UNWRAPPED_WIDTH` columns (no wrapping). ``options`` go to :class:`Console`
    (``highlight``, ``soft_wrap``, ...)."""
    console = Console(**options)
    if not console.is_terminal:
        console = Console(width=UNWRAPPED_WIDTH, **options)
    return console
