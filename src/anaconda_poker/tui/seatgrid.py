"""How many opponents' seat boxes stand side by side, and how wide they are.

Every box has the same width (a fraction split of an odd width made the last box a cell
wider), and that width is chosen for the longest title a box can show: a seat's name with the
translated dealer label ("Chiara (dá as cartas)" in Portuguese, 21 cells, which three 25-cell
boxes at 80 columns cut to "Chiara (dá as cart…"). Three columns when the titles fit, else
fewer as long as the boxes take at most :data:`MAX_ROWS` rows (the table fits 80 × 24 with
two rows of boxes); when nothing fits, three columns, and
:func:`~anaconda_poker.tui.widgets.dealer_title` shortens the name, never the label.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

COLUMNS = 3
"""Seat boxes side by side when their titles fit."""

MAX_ROWS = 2
"""Rows of seat boxes the table has room for at 80 × 24 (six bots: two rows of three)."""

TITLE_FRAME = 6
"""Cells of a box's top border around its title: "╭─ " and " ─╮"."""

PADDING = 2
"""Cells of the grid's padding, left and right (``#opponents`` in ``anaconda.tcss``)."""

GUTTER = 1
"""Cells between two boxes (the grid's gutter)."""

MIN_COLUMN = 16
"""The narrowest box drawn, cells."""


def seat_columns(width: int, titles: Sequence[str]) -> tuple[int, int]:
    """The opponents' grid for a terminal ``width`` cells wide: ``(columns, column width)``.

    Args:
        width: the terminal's width, cells.
        titles: the longest title of each seat box (its name with the dealer label), plain
            text; one per box.

    Returns:
        The number of boxes side by side (3, 2 or 1) and the width of each, in cells.
    """
    need = max((cell_len(title) for title in titles), default=0) + TITLE_FRAME
    seats = len(titles)
    for columns in range(COLUMNS, 0, -1):
        column = max(MIN_COLUMN, (width - PADDING - GUTTER * (columns - 1)) // columns)
        rows = -(-seats // columns)
        if column >= need and (columns == COLUMNS or rows <= MAX_ROWS):
            return columns, column
    return COLUMNS, max(MIN_COLUMN, (width - PADDING - GUTTER * (COLUMNS - 1)) // COLUMNS)


__all__ = ["COLUMNS", "GUTTER", "MAX_ROWS", "MIN_COLUMN", "PADDING", "TITLE_FRAME", "seat_columns"]
