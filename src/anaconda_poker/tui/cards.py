"""Drawing cards as styled text: faces with rank and suit symbol, backs, selections.

Every card is four cells wide (``" A♠ "``, ``"10♥ "``) so rows of cards line up.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from anaconda_poker.core.cards import RANKS, parse_code

SUIT_SYMBOLS = "♣♦♥♠"
"""Suit symbols by suit index (clubs, diamonds, hearts, spades)."""

_FACE = "#fbfaf5"
_RED = f"bold #c0152f on {_FACE}"
_BLACK = f"bold #16161d on {_FACE}"
_BACK = "#5f7fc0 on #1d3f7a"
_SELECTED_RED = "bold #c0152f on #ffe27a"
_SELECTED_BLACK = "bold #16161d on #ffe27a"


def rank_text(code: int) -> str:
    """The rank as shown on a card face: ``"A"``, ``"K"``, ..., ``"10"``, ..., ``"2"``."""
    rank = RANKS[code >> 2]
    return "10" if rank == "T" else rank


def card_label(code: int) -> str:
    """Rank and suit symbol without styling, e.g. ``"A♠"``, ``"10♥"``."""
    return rank_text(code) + SUIT_SYMBOLS[code & 3]


def card_face(code: int | str, *, selected: bool = False) -> Text:
    """One face-up card, four cells wide, red for hearts/diamonds, dark for clubs/spades.

    Args:
        code: a card code ``0..51`` or its text (``"As"``).
        selected: draw it highlighted (chosen for a pass or an arrangement).

    Raises:
        InvalidCardError: if ``code`` is not a card.
    """
    value = parse_code(code) if isinstance(code, str) else code
    red = (value & 3) in (1, 2)
    styles = (_SELECTED_RED, _SELECTED_BLACK) if selected else (_RED, _BLACK)
    style = styles[0] if red else styles[1]
    return Text(f"{card_label(value):>3} ", style=style)


def card_back() -> Text:
    """One face-down card, four cells wide."""
    return Text("░░░░", style=_BACK)


def slim_backs(count: int) -> Text:
    """``count`` face-down cards drawn two cells wide each (for narrow seats)."""
    return Text("▐█" * count, style="#3a5fa8") if count else Text("")


def card_row(codes: Iterable[int | str], *, backs: int = 0, gap: str = " ") -> Text:
    """Face-up cards followed by ``backs`` face-down cards, separated by ``gap``.

    Raises:
        InvalidCardError: if a code is not a card.
    """
    parts = [card_face(c) for c in codes] + [card_back() for _ in range(backs)]
    return Text(gap).join(parts)


def plain_cards(codes: Iterable[int | str]) -> str:
    """Cards as plain text with suit symbols, e.g. ``"A♠ K♦ 10♥"`` (for logs).

    Raises:
        InvalidCardError: if a code is not a card.
    """
    return " ".join(card_label(parse_code(c) if isinstance(c, str) else c) for c in codes)
