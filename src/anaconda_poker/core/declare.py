"""The declare house rule (RULES.md §6): declarations and awarding pots by declaration.

With ``declare = declare`` every player still in the hand after the final betting round
secretly and simultaneously declares ``high``, ``low`` or ``both`` ("swing"); the
declarations are shown together and each half of each pot is contested only by its
declarers. This module holds the pure awarding rules; :mod:`anaconda_poker.core.state` runs
the simultaneous decision exactly like a pass.

Decisions where RULES.md §6 is silent (the project's reading, documented in docs/RULES.md):

- A swing is judged in every pot the declarer is eligible for, against every other declarer
  of that pot (other swing declarers included). Failing in any pot means the declarer wins
  nothing in the hand ("wins nothing"), and every pot is then awarded as if that seat had not
  been in the showdown. All swings are judged at once, so the result does not depend on seat
  order.
- A low declarer without a qualifying low (``high_low_8``) cannot win the low half.
- If no remaining declarer wins either half of a pot (for instance every remaining seat
  declared low without a qualifying low), or every eligible seat of a pot failed a swing, that
  pot is awarded by the cards (RULES.md §5) among those seats: chips are never left unawarded.
- When exactly the same seats win both halves, the pot is shared among them as one pot
  (RULES.md §5).
- With dealer's choice, a high-only hand at a declare table is played by the cards: a pot
  with one half has nothing to declare for (:func:`hand_config`).

>>> high = {0: 10, 1: 5, 2: 7}
>>> low = {0: None, 1: 9, 2: 8}
>>> pots = award_declared_pots(
...     Swing.STRICT, [(30, [0, 1, 2])], high, low,
...     {0: Declaration.HIGH, 1: Declaration.LOW, 2: Declaration.BOTH}, order=[0, 1, 2])
>>> dict(pots.pots[0].awards), pots.failed_swings
({0: 15, 1: 15}, (2,))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from anaconda_poker.core.config import DeclareMode, Split, Swing, TableConfig
from anaconda_poker.core.errors import InvalidConfigError
from anaconda_poker.core.pots import share, split_high_low
from anaconda_poker.core.result import PotResult

__all__ = [
    "Declaration",
    "DeclaredAwards",
    "award_declared_pots",
    "check_swing",
    "hand_config",
    "parse_declaration",
]


class Declaration(StrEnum):
    """What a player declares for (RULES.md §6): the high half, the low half, or both."""

    HIGH = "high"
    LOW = "low"
    BOTH = "both"
    """A "swing": must win both halves (see :class:`~anaconda_poker.core.config.Swing`)."""

    @property
    def wants_high(self) -> bool:
        """True for ``high`` and ``both``."""
        return self is not Declaration.LOW

    @property
    def wants_low(self) -> bool:
        """True for ``low`` and ``both``."""
        return self is not Declaration.HIGH


_ALIASES = {"swing": Declaration.BOTH, "hi": Declaration.HIGH, "lo": Declaration.LOW}


def parse_declaration(text: object) -> Declaration:
    """``high``, ``low`` or ``both`` (``swing`` is accepted for ``both``), case-insensitive.

    Raises:
        ValueError: naming the text and the allowed declarations.
    """
    if isinstance(text, Declaration):
        return text
    if isinstance(text, str):
        word = text.strip().lower()
        if word in _ALIASES:
            return _ALIASES[word]
        try:
            return Declaration(word)
        except ValueError:
            pass
    raise ValueError(f"cannot declare {text!r}; a declaration is high, low or both (swing)")


def hand_config(table: TableConfig, split: Split | str) -> TableConfig:
    """The rules of one hand dealt with ``split`` at a table configured as ``table``
    (dealer's choice, RULES.md §5): the table's house rules with the hand's game type. A
    declare table (RULES.md §6) keeps declaring for every split hand; a high-only hand there
    is played by the cards (``cards_speak``), since declaring is for split games.

    Args:
        table: the table's house rules.
        split: the hand's game type (a :class:`Split` or its value, e.g. ``"high_only"``).

    Returns:
        ``table`` with ``split`` replaced (and ``declare = cards_speak`` for high only).

    Raises:
        ValueError: ``split`` names no :class:`Split`.

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


def check_swing(table: TableConfig) -> None:
    """Check that a new table's ``swing`` means something (RULES.md §6): the swing rule only
    judges ``both`` declarations, so ``ties_ok`` is refused unless the table declares.

    Not part of :class:`TableConfig` itself: :func:`hand_config` turns a declare table's
    high-only hand into a cards-speak one that keeps the table's swing, and tables stored
    before this check must still replay.

    Raises:
        InvalidConfigError: ``swing = ties_ok`` with ``declare = cards_speak`` (``option``
            is ``"swing"``).

    >>> check_swing(TableConfig(declare="declare", swing="ties_ok"))
    >>> check_swing(TableConfig(swing="ties_ok"))
    Traceback (most recent call last):
    ...
    anaconda_poker.core.errors.InvalidConfigError: swing: swing ties_ok needs declare ...
    """
    if table.swing is Swing.TIES_OK and table.declare is DeclareMode.CARDS_SPEAK:
        raise InvalidConfigError(
            "swing: swing ties_ok needs declare (declare: declare, RULES.md §6); when the "
            "cards speak nobody declares, so there is no swing",
            option="swing",
        )


class DeclaredAwards:
    """The pots as awarded by declaration, and whose swing failed.

    Attributes:
        pots: one :class:`PotResult` per pot, main pot first; awards sum to each amount.
        failed_swings: the ``both`` declarers who did not win both halves, ascending.
    """

    __slots__ = ("failed_swings", "pots")

    def __init__(self, pots: list[PotResult], failed_swings: tuple[int, ...]) -> None:
        self.pots = pots
        self.failed_swings = failed_swings


def _best(seats: Sequence[int], values: Mapping[int, int | None]) -> tuple[int, ...]:
    best: int | None = None
    winners: list[int] = []
    for seat in seats:
        value = values.get(seat)
        if value is None:
            continue
        if best is None or value > best:
            best = value
            winners = [seat]
        elif value == best:
            winners.append(seat)
    return tuple(winners)


def _halves(
    seats: Sequence[int],
    high: Mapping[int, int],
    low: Mapping[int, int | None],
    declared: Mapping[int, Declaration] | None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Winners of the high and the low half among ``seats`` (``declared=None``: cards speak)."""
    if declared is None:
        return _best(seats, high), _best(seats, low)
    highs = [s for s in seats if declared[s].wants_high]
    lows = [s for s in seats if declared[s].wants_low]
    return _best(highs, high), _best(lows, low)


def _swing_won(
    seat: int, high_winners: Sequence[int], low_winners: Sequence[int], swing: Swing
) -> bool:
    if swing is Swing.STRICT:
        return tuple(high_winners) == (seat,) and tuple(low_winners) == (seat,)
    return seat in high_winners and seat in low_winners


def _award(
    amount: int,
    high_winners: tuple[int, ...],
    low_winners: tuple[int, ...],
    order: Sequence[int],
) -> dict[int, int]:
    if high_winners and low_winners and set(high_winners) != set(low_winners):
        high_half, low_half = split_high_low(amount)
        awards = share(high_half, high_winners, order=order)
        for seat, chips in share(low_half, low_winners, order=order).items():
            awards[seat] = awards.get(seat, 0) + chips
        return awards
    return share(amount, high_winners or low_winners, order=order)


def award_declared_pots(
    swing: Swing,
    pots: Sequence[tuple[int, Sequence[int]]],
    high: Mapping[int, int],
    low: Mapping[int, int | None],
    declared: Mapping[int, Declaration],
    *,
    order: Sequence[int],
) -> DeclaredAwards:
    """Award every pot by declaration (RULES.md §6 "Declare", §5 for halves and odd chips).

    Args:
        swing: ``strict`` (a swing must win both halves alone) or ``ties_ok``.
        pots: ``(amount, eligible seats)`` per pot, main pot first (chips).
        high: high value per seat at showdown (larger is better).
        low: low value per seat (larger is better), ``None`` without a qualifying low.
        declared: the declaration of every seat at showdown.
        order: the seats of the hand in seat order from the dealer's left (odd chips).

    Returns:
        The awarded pots (``high_winners``/``low_winners`` are the declared winners of each
        half; a half nobody won is empty and the other half's winners took the pot) and the
        seats whose swing failed.

    Raises:
        KeyError: a seat eligible for a pot has no high value or no declaration.
    """
    failed: set[int] = set()
    for _amount, eligible in pots:
        for seat in eligible:
            if declared[seat] is not Declaration.BOTH:
                continue
            high_winners, low_winners = _halves(eligible, high, low, declared)
            if not _swing_won(seat, high_winners, low_winners, swing):
                failed.add(seat)
    out: list[PotResult] = []
    for amount, eligible in pots:
        seats = [s for s in eligible if s not in failed] or list(eligible)
        high_winners, low_winners = _halves(seats, high, low, declared)
        if not high_winners and not low_winners:
            # nobody declared won a half: the cards decide among these seats (see above)
            high_winners, low_winners = _halves(seats, high, low, None)
        awards = _award(amount, high_winners, low_winners, order)
        scoop = next(iter(awards)) if len(awards) == 1 else None
        out.append(
            PotResult(
                amount=amount,
                eligible=tuple(eligible),
                high_winners=high_winners,
                low_winners=low_winners,
                awards=awards,
                scoop=scoop,
            )
        )
    return DeclaredAwards(out, tuple(sorted(failed)))
