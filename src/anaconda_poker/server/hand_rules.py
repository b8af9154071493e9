"""The rules of one hand at a table: the table's house rules with the hand's game type.

With dealer's choice (``docs/protocol.md`` §4.2) each hand may have its own ``split``. A
table that plays the declare house rule (RULES.md §6, ``declare = declare``) keeps it for
every split hand; a high-only hand there is played by the cards (``cards_speak``), because
a pot with one half has nothing to declare for. The engine refuses ``declare`` without a
split game, so this is the one place that decides it for the server.
"""

from __future__ import annotations

from anaconda_poker.core.config import DeclareMode, Split, TableConfig

__all__ = ["hand_config"]


def hand_config(table: TableConfig, split: Split | str) -> TableConfig:
    """The configuration of a hand dealt with ``split`` at a table configured as ``table``.

    Args:
        table: the table's house rules (``TableSettings.config``).
        split: the hand's game type (a :class:`Split` or its value, e.g. ``"high_only"``).

    Returns:
        ``table`` with ``split`` replaced; ``declare`` becomes ``cards_speak`` when the hand is
        high-only (RULES.md §6: declaring is for split games).

    Raises:
        InvalidConfigError: ``split`` is not a game type (from :meth:`TableConfig.replace`).
        ValueError: ``split`` is a string that names no :class:`Split`.

    >>> table = TableConfig(declare="declare")
    >>> hand_config(table, "high_low_any").declare.value
    'declare'
    >>> hand_config(table, "high_only").declare.value
    'cards_speak'
    """
    game = Split(split)
    if game.has_low or table.declare is DeclareMode.CARDS_SPEAK:
        return table.replace(split=game)
    return table.replace(split=game, declare=DeclareMode.CARDS_SPEAK)
