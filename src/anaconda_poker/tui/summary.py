"""Rich renderables for the end of a hand and the end of a session (also used by replay).

Everything shown comes from the engine's :class:`~anaconda_poker.core.result.HandResult`
(pots, winners, awards, uncalled bets, nets); hand descriptions come from the translation
layer (:func:`anaconda_poker.i18n.describe_high` / ``describe_low``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from anaconda_poker.core.state import HandState
from anaconda_poker.i18n import Translator, describe_high, describe_low, split_label
from anaconda_poker.tui.cards import card_row
from anaconda_poker.tui.declare import declaration_lines
from anaconda_poker.tui.players import LEVEL_LABELS
from anaconda_poker.tui.session import Player


def _name(state: HandState, seat: int) -> str:
    return state.names[seat] or f"#{seat}"


def pot_name(index: int, t: Translator) -> str:
    """``"Main pot"`` for the first pot, ``"Side pot N"`` for the others (translated)."""
    return t("Main pot") if index == 0 else t("Side pot {number}", number=index)


def hand_descriptions(state: HandState, seat: int, t: Translator) -> tuple[str, str | None]:
    """The high and low descriptions of a seat's five shown cards at showdown.

    Returns:
        ``(high, low)``; ``low`` is ``None`` in high-only games and when the hand has no
        qualifying low.

    Raises:
        ValueError: if the seat did not show five cards.
    """
    result = state.result
    cards = result.revealed.get(seat, ()) if result is not None else ()
    if len(cards) != 5:
        raise ValueError(f"seat {seat} did not show five cards")
    split = state.config.split
    high = describe_high(cards, t)
    low = describe_low(cards, t, qualifier=split.low_qualifier) if split.has_low else None
    return high, low


def _signed(value: int, t: Translator) -> Text:
    if value > 0:
        return Text("+" + t.number(value), style="bold green")
    if value < 0:
        return Text("−" + t.number(-value), style="bold red")
    return Text("0", style="dim")


def pot_lines(state: HandState, t: Translator, *, you: int | None = None) -> list[Text]:
    """One block of lines per pot: its amount, the high and low winners with their hands,
    scoops and the chips each winner takes; then uncalled bets returned. Lines about the
    seat ``you`` (the reader) are in the second person.

    Raises:
        ValueError: if the hand is not complete.
    """
    result = state.result
    if result is None:
        raise ValueError("the hand is not complete")
    split = state.config.split
    lines: list[Text] = []
    for index, pot in enumerate(result.pots):
        header = Text(f"{pot_name(index, t)}: {t.number(pot.amount)}", style="bold #f2d27a")
        lines.append(header)
        if not result.showdown:
            winner = pot.high_winners[0]
            lines.append(
                Text(
                    "  "
                    + t(
                        "{player} wins {amount}: everyone else folded",
                        player=_name(state, winner),
                        amount=pot.amount,
                    )
                )
            )
            continue
        if pot.high_winners:
            high_names = t.join([_name(state, s) for s in pot.high_winners])
            high_hand, _ = hand_descriptions(state, pot.high_winners[0], t)
            lines.append(
                Text("  " + t("High: {players}, {hand}", players=high_names, hand=high_hand))
            )
        else:  # declare (RULES.md §6): no high declarer won, the low takes the whole pot
            lines.append(Text("  " + t("High: no declarer won it, the low takes the whole pot")))
        if split.has_low:
            if pot.low_winners:
                low_names = t.join([_name(state, s) for s in pot.low_winners])
                _, low_hand = hand_descriptions(state, pot.low_winners[0], t)
                lines.append(
                    Text("  " + t("Low: {players}, {hand}", players=low_names, hand=low_hand or ""))
                )
            elif result.declarations:
                lines.append(
                    Text("  " + t("Low: no declarer won it, the high takes the whole pot"))
                )
            else:
                lines.append(
                    Text("  " + t("Low: no qualifying low, the high hand takes the whole pot"))
                )
        if pot.scoop is not None:
            scoop = (
                t("You scoop the pot!")
                if pot.scoop == you
                else t("{player} scoops the pot!", player=_name(state, pot.scoop))
            )
            lines.append(Text("  " + scoop, style="bold #ffd75f"))
        for seat, chips in sorted(pot.awards.items()):
            won = (
                t("You win {amount}", amount=chips)
                if seat == you
                else t("{player} wins {amount}", player=_name(state, seat), amount=chips)
            )
            lines.append(Text("  " + won, style="green"))
    for seat, chips in sorted(result.uncalled.items()):
        lines.append(
            Text(
                t(
                    "Uncalled bet of {amount} returned to {player}",
                    amount=chips,
                    player=_name(state, seat),
                ),
                style="dim",
            )
        )
    return lines


def hands_table(state: HandState, t: Translator) -> Table:
    """A table of every player of the hand: shown cards, high and low hand, net chips.

    Raises:
        ValueError: if the hand is not complete.
    """
    result = state.result
    if result is None:
        raise ValueError("the hand is not complete")
    split = state.config.split
    table = Table(box=None, header_style="bold #cfe8d5", pad_edge=False, padding=(0, 1))
    table.add_column(t("Player"))
    table.add_column(t("Cards"), no_wrap=True)
    table.add_column(t("High"))
    if split.has_low:
        table.add_column(t("Low"))
    table.add_column(t("Net"), justify="right")
    for seat in state.order:
        cards = result.revealed.get(seat, ())
        folded = not state.live[seat]
        if len(cards) == 5 and result.showdown and not folded:
            high, low = hand_descriptions(state, seat, t)
            low_text = low if low is not None else t("no low")
        else:
            high = t("folded") if folded else t("not shown")
            low_text = ""
        row: list[RenderableType] = [
            Text(_name(state, seat), style="bold"),
            card_row(cards) if cards else Text("—", style="dim"),
            Text(high),
        ]
        if split.has_low:
            row.append(Text(low_text))
        row.append(_signed(result.net.get(seat, 0), t))
        table.add_row(*row)
    return table


def showdown_renderable(
    state: HandState, t: Translator, *, hand_number: int, you: int | None = None
) -> Group:
    """The whole end-of-hand summary: title, pots, then the players' table (``you``: the
    reader's seat, whose lines are in the second person).

    Raises:
        ValueError: if the hand is not complete.
    """
    result = state.result
    if result is None:
        raise ValueError("the hand is not complete")
    title = t("Showdown") if result.showdown else t("Hand over")
    heading = Text(
        f"{title} · "
        + t("Hand {number}", number=hand_number)
        + f" · {split_label(state.config.split, t)}",
        style="bold #ffffff",
    )
    names = {seat: _name(state, seat) for seat in state.order}
    declared = declaration_lines(result, names, t, you=you)
    return Group(
        heading,
        Text(""),
        *pot_lines(state, t, you=you),
        *([Text(""), *declared] if declared else []),
        Text(""),
        hands_table(state, t),
    )


NARROW_SUMMARY = 100
"""Below this width (cells) the session summary names a shared buy-in and bot level once,
under the table, instead of in two columns."""


def _fit_words(table: Table, longest_name: int = 16) -> None:
    """Give each column of ``table`` the width of its longest word (header or cell; the
    first column at most ``longest_name`` cells), so that Rich wraps between words instead
    of cutting words short ("Gewonne…") when the table is squeezed; an expanding table
    shares what is left among the columns."""
    for index, column in enumerate(table.columns):
        texts = [str(column.header), *(str(cell) for cell in column.cells)]
        longest = max((cell_len(word) for text in texts for word in text.split()), default=1)
        column.width = min(longest, longest_name) if index == 0 else longest


def session_table(
    players: Sequence[Player], t: Translator, *, hands: int, width: int | None = None
) -> Table:
    """The session summary: each player's buy-in (with the number of rebuys), final stack,
    net, hands won, scoops and biggest win (most chips won in one hand), richest first.

    Args:
        players: everyone at the table.
        t: translator.
        hands: finished hands.
        width: cells available; below :data:`NARROW_SUMMARY`, a buy-in and a bot level
            that every player shares are named once in the caption. ``None``: wide.
    """

    def level(player: Player) -> str:
        return t("you") if player.human else t(LEVEL_LABELS.get(player.level or "", "-"))

    bots = [p for p in players if not p.human]
    narrow = width is not None and width < NARROW_SUMMARY
    shared = narrow and len({p.buy_in for p in players}) == 1 and len({level(p) for p in bots}) <= 1
    # Narrow and not shared (a rebuy, mixed bot levels): the level goes under the name and
    # the rebuys under the buy-in, so that eight columns' words are not cut at 80 cells.
    stacked = narrow and not shared
    table = Table(
        title=t.ngettext(
            "Session summary: {count} hand", "Session summary: {count} hands", hands, count=hands
        ),
        caption=(
            f"{t('Buy-in')} {t.number(players[0].buy_in)}"
            + (f" · {level(bots[0])}" if bots else "")
            if shared and players
            else None
        ),
        expand=True,
        header_style="bold #cfe8d5",
        title_style="bold #ffffff",
        caption_style="#cfe8d5",
    )
    table.add_column(t("Player"))
    if not shared:
        if not stacked:
            table.add_column(t("Bot level"))
        table.add_column(t("Buy-in"), justify="right")
    table.add_column(t("Stack"), justify="right")
    table.add_column(t("Net"), justify="right")
    table.add_column(t("Hands won"), justify="right")
    table.add_column(t("Scoops"), justify="right")
    table.add_column(t("Biggest win"), justify="right")
    for player in sorted(players, key=lambda p: (-p.stack, p.seat)):
        name = Text(player.name, style="bold" if player.human else "")
        if stacked and not player.human:
            name.append("\n" + level(player), style="dim")
        cells: list[RenderableType] = [name]
        if not shared:
            buy_in = t.number(player.buy_in)
            if player.rebuys:
                buy_in += ("\n" if stacked else " ") + t.ngettext(
                    "({count} rebuy)", "({count} rebuys)", player.rebuys, count=player.rebuys
                )
            cells += [buy_in] if stacked else [level(player), buy_in]
        cells += [
            t.number(player.stack),
            _signed(player.net, t),
            t.number(player.hands_won),
            t.number(player.scoops),
            t.number(player.biggest_win),
        ]
        table.add_row(*cells)
    if narrow:
        _fit_words(table)
    return table
