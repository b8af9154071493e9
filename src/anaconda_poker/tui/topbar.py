"""The top bar's one line: hand number, what happens now and the game, fitted to the width.

At 80 columns the whole line does not fit in every language (Dutch "Hand 3 · Doorgeefronde 1:
3 kaarten naar rechts · Hoog-laag verdeling, laag zonder kwalificatie" needs 94 cells), and
a Static cuts it mid-word ("High-Low-Split,"). :func:`fit_topbar` drops whole parts instead,
the least needed first: wider separators, then the hand number (the log's hand header says
it), then the game (the log's hand header and the end-of-hand dialog name it). The phase is
always shown in full.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

WIDE = "  ·  "
NARROW = " · "


def fit_topbar(hand: str, phase: str, game: str, width: int) -> Text:
    """The top bar's text in at most ``width`` cells (when the phase alone fits).

    Args:
        hand: "Hand 3", translated.
        phase: what happens now ("Pass 1: 3 cards to the left"), translated.
        game: the game type ("High-low split, eight or better"), translated.
        width: cells available (the bar's width less its padding).

    Returns:
        The styled line: the first of these that fits: everything with wide separators,
        everything with narrow ones, phase and game, hand and phase, the phase alone.
    """
    candidates: list[tuple[str | None, str | None, str]] = [
        (hand, game, WIDE),
        (hand, game, NARROW),
        (None, game, NARROW),
        (hand, None, NARROW),
        (None, None, NARROW),
    ]
    for with_hand, with_game, separator in candidates:
        parts = [p for p in ("♠ ", with_hand, phase, with_game) if p]
        length = cell_len(parts[0]) + cell_len(separator.join(parts[1:]))
        if length <= width or (with_hand is None and with_game is None):
            return _styled(with_hand, phase, with_game, separator)
    raise AssertionError("unreachable: the last candidate is always taken")  # pragma: no cover


def _styled(hand: str | None, phase: str, game: str | None, separator: str) -> Text:
    text = Text()
    text.append("♠ ", style="bold #ffffff")
    if hand is not None:
        text.append(hand, style="bold #ffffff")
        text.append(separator)
    text.append(phase, style="bold #ffd75f")
    if game is not None:
        text.append(separator + game, style="#f2d27a")
    return text
