"""Poker terms and game labels as message ids, and their translations.

The ids are English; every catalogue translates them with the terms the rule pages in
``shared/seeds/`` use in that language (Italian *piatto*, *rilancio*, *giro di puntate*;
Spanish *bote*, *subir*, *ronda de apuestas*; Portuguese *pote*, *aumentar*; Dutch *pot*,
*verhogen*, *inzetronde*; German *Pot*, *Erhöhen*, *Setzrunde*, *Hand* (never *Runde*), ...).

>>> from anaconda_poker.core.config import Split
>>> split_label(Split.HIGH_LOW_8, "de")
'High-Low-Split, Acht-oder-besser'
>>> action_line("nl", player="Ana", kind=ActionKind.RAISE, amount=8)
'Ana verhoogt naar 8'
"""

from __future__ import annotations

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.config import Betting, Direction, Split
from anaconda_poker.core.declare import Declaration
from anaconda_poker.i18n.catalog import N_, Translator, translator

ACTION_LABELS: dict[ActionKind, str] = {
    ActionKind.FOLD: N_("Fold"),
    ActionKind.CHECK: N_("Check"),
    ActionKind.CALL: N_("Call"),
    ActionKind.BET: N_("Bet"),
    ActionKind.RAISE: N_("Raise"),
    ActionKind.PASS: N_("Pass"),
    ActionKind.ARRANGE: N_("Arrange"),
    ActionKind.DECLARE: N_("Declare"),
}
"""Message ids of the action names (buttons, menus)."""

SPLIT_LABELS: dict[Split, str] = {
    Split.HIGH_ONLY: N_("High only"),
    Split.HIGH_LOW_8: N_("High-low split, eight or better"),
    Split.HIGH_LOW_ANY: N_("High-low split, low without qualifier"),
}
"""Message ids of the game types (RULES.md §5, house rule ``split``)."""

BETTING_LABELS: dict[Betting, str] = {
    Betting.FIXED_LIMIT: N_("Fixed limit"),
    Betting.POT_LIMIT: N_("Pot limit"),
    Betting.NO_LIMIT: N_("No limit"),
}
"""Message ids of the betting structures (RULES.md §4)."""

DIRECTION_LABELS: dict[Direction, str] = {
    Direction.LEFT: N_("to the left"),
    Direction.RIGHT: N_("to the right"),
}
"""Message ids of the pass directions (RULES.md §3)."""

DECLARATION_LABELS: dict[Declaration, str] = {
    Declaration.HIGH: N_("High"),
    Declaration.LOW: N_("Low"),
    Declaration.BOTH: N_("Swing (both ways)"),
}
"""Message ids of the declarations (RULES.md §6, declare house rule)."""

GLOSSARY: tuple[str, ...] = (
    N_("ante"),
    N_("dealer"),
    N_("betting round"),
    N_("pot"),
    N_("main pot"),
    N_("side pot"),
    N_("all-in"),
    N_("uncalled bet"),
    N_("showdown"),
    N_("high"),
    N_("low"),
    N_("scoop"),
    N_("eight or better"),
    N_("qualifier"),
    N_("hand history"),
    N_("hidden cards"),
    N_("declare"),
    N_("swing"),
)
"""Message ids of the standard poker terms (TEAM.md), for glossaries and the web client."""


def _t(lang: str | Translator) -> Translator:
    return lang if isinstance(lang, Translator) else translator(lang)


def action_label(kind: ActionKind, lang: str | Translator) -> str:
    """The translated name of an action kind (``"Rilancia"`` for a raise in Italian).

    Raises:
        UnsupportedLanguageError: if ``lang`` is an unsupported code.
    """
    return _t(lang)(ACTION_LABELS[ActionKind(kind)])


def split_label(split: Split | str, lang: str | Translator) -> str:
    """The translated name of a game type.

    Raises:
        ValueError: if ``split`` is not a game type.
        UnsupportedLanguageError: if ``lang`` is an unsupported code.
    """
    return _t(lang)(SPLIT_LABELS[Split(split)])


def betting_label(betting: Betting | str, lang: str | Translator) -> str:
    """The translated name of a betting structure.

    Raises:
        ValueError: if ``betting`` is not a betting structure.
        UnsupportedLanguageError: if ``lang`` is an unsupported code.
    """
    return _t(lang)(BETTING_LABELS[Betting(betting)])


def direction_label(direction: Direction | str, lang: str | Translator) -> str:
    """The translated pass direction (``"a sinistra"``).

    Raises:
        ValueError: if ``direction`` is not ``left`` or ``right``.
        UnsupportedLanguageError: if ``lang`` is an unsupported code.
    """
    return _t(lang)(DIRECTION_LABELS[Direction(direction)])


def declaration_label(declaration: Declaration | str, lang: str | Translator) -> str:
    """The translated declaration (``"Swing (beide kanten)"``), RULES.md §6.

    Raises:
        ValueError: if ``declaration`` is not ``high``, ``low`` or ``both``.
        UnsupportedLanguageError: if ``lang`` is an unsupported code.
    """
    return _t(lang)(DECLARATION_LABELS[Declaration(declaration)])


def action_line(
    lang: str | Translator,
    *,
    player: str,
    kind: ActionKind | str,
    amount: int | None = None,
    count: int = 0,
    all_in: bool = False,
    you: bool = False,
) -> str:
    """One line of the public action log: ``"Ana raises to 8"``, ``"Bo passes 3 cards"``.

    Args:
        lang: a language code or a :class:`Translator`.
        player: the player's display name (unused when ``you``).
        kind: the action.
        amount: chips: the call amount added for ``call``, the ``to`` total for
            ``bet``/``raise``; ignored otherwise.
        count: number of cards for ``pass``.
        all_in: the action put the player all-in (appended to the line).
        you: the line is about the reader, in the second person (``"You raise to 8"``).

    Raises:
        ValueError: if ``kind`` is not an action kind.
        UnsupportedLanguageError: if ``lang`` is an unsupported code.
    """
    _ = _t(lang)
    kind = ActionKind(kind)
    line = (
        _your_line(_, kind, amount, count) if you else _their_line(_, player, kind, amount, count)
    )
    if all_in:
        line = _("{action} (all-in)", action=line)
    return line


def _their_line(
    _: Translator, player: str, kind: ActionKind, amount: int | None, count: int
) -> str:
    if kind is ActionKind.FOLD:
        return _("{player} folds", player=player)
    if kind is ActionKind.CHECK:
        return _("{player} checks", player=player)
    if kind is ActionKind.CALL:
        if amount:
            return _("{player} calls {amount}", player=player, amount=amount)
        return _("{player} calls", player=player)
    if kind is ActionKind.BET:
        return _("{player} bets {amount}", player=player, amount=amount or 0)
    if kind is ActionKind.RAISE:
        return _("{player} raises to {amount}", player=player, amount=amount or 0)
    if kind is ActionKind.PASS:
        return _.ngettext(
            "{player} passes {count} card",
            "{player} passes {count} cards",
            count,
            player=player,
            count=count,
        )
    if kind is ActionKind.DECLARE:
        return _("{player} has declared", player=player)
    return _("{player} arranges five cards", player=player)


def _your_line(_: Translator, kind: ActionKind, amount: int | None, count: int) -> str:
    if kind is ActionKind.FOLD:
        return _("You fold")
    if kind is ActionKind.CHECK:
        return _("You check")
    if kind is ActionKind.CALL:
        return _("You call {amount}", amount=amount) if amount else _("You call")
    if kind is ActionKind.BET:
        return _("You bet {amount}", amount=amount or 0)
    if kind is ActionKind.RAISE:
        return _("You raise to {amount}", amount=amount or 0)
    if kind is ActionKind.PASS:
        return _.ngettext("You pass {count} card", "You pass {count} cards", count, count=count)
    if kind is ActionKind.DECLARE:
        return _("You have declared")
    return _("You arrange your five cards")
