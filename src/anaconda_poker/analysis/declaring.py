"""Choosing a declaration (RULES.md §6, declare house rule) from what a seat may know.

Declarations come after the fifth card is turned, so every hand still in is face up: a seat
knows its own five cards and every opponent's five. Two rules of thumb, both pure and
deterministic (no randomness):

* :func:`strength_declaration` (the heuristic bot and the server's default on timeout):
  the direction the seat's cards win: ``both`` when they win both halves against every hand
  still in (outright under ``strict``, a tie is enough under ``ties_ok``); else the half
  they win (high first); else the half where fewer shown hands beat them (low only with a
  qualifying low).
* :func:`best_declaration` (the Monte Carlo bot): the declaration with the largest expected
  share of the pot, assuming every opponent declares by :func:`strength_declaration`
  (each choice is scored by the real awarding rules, :func:`~anaconda_poker.core.declare.
  award_declared_pots`).

>>> view = {"you": {"seat": 1, "arrangement": ["As", "2c", "3d", "4h", "5s"]},
...         "seats": [{"seat": 1, "folded": False, "revealed": ["As", "2c", "3d", "4h", "5s"]},
...                   {"seat": 0, "folded": False, "revealed": ["Ks", "Kd", "Qc", "Jh", "9s"]}]}
>>> from anaconda_poker.core.config import TableConfig
>>> strength_declaration(view, TableConfig(declare="declare")).value
'both'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import Swing, TableConfig
from anaconda_poker.core.declare import Declaration, award_declared_pots
from anaconda_poker.core.showdown import hand_values

__all__ = [
    "best_declaration",
    "declaration_chips",
    "declaration_shares",
    "strength_declaration",
]

_FIVE = 5
_UNIT = 1_000_000
"""A notional pot (chips) for scoring shares; large so odd chips barely matter."""


def _showdown(
    view: Mapping[str, Any], config: TableConfig
) -> tuple[int, list[int], dict[int, int], dict[int, int | None]]:
    """``(me, seats in order, high values, low values)`` of the seats whose five are known."""
    me = int(view["you"]["seat"])
    fives: dict[int, Sequence[int]] = {}
    order: list[int] = []
    for entry in view["seats"]:
        seat = int(entry["seat"])
        if entry.get("folded"):
            continue
        cards = view["you"].get("arrangement") if seat == me else entry.get("revealed")
        if cards and len(cards) == _FIVE:
            fives[seat] = parse_codes(cards)
            order.append(seat)
    high, low = hand_values(config.split, fives)
    return me, order, high, low


def _by_strength(
    me: int,
    seats: Sequence[int],
    high: Mapping[int, int],
    low: Mapping[int, int | None],
    swing: Swing,
) -> Declaration:
    others = [s for s in seats if s != me]
    my_low = low.get(me)
    beat_high = sum(1 for s in others if high[s] > high[me])
    tie_high = sum(1 for s in others if high[s] == high[me])
    if my_low is None:
        beat_low, tie_low = len(others) + 1, 0
    else:
        beat_low = sum(1 for s in others if (v := low.get(s)) is not None and v > my_low)
        tie_low = sum(1 for s in others if low.get(s) == my_low)
    wins_high = beat_high == 0 and (tie_high == 0 or swing is Swing.TIES_OK)
    wins_low = beat_low == 0 and (tie_low == 0 or swing is Swing.TIES_OK)
    if wins_high and wins_low:
        return Declaration.BOTH
    if beat_high == 0:
        return Declaration.HIGH
    if my_low is not None and (beat_low == 0 or beat_low < beat_high):
        return Declaration.LOW
    return Declaration.HIGH


def strength_declaration(view: Mapping[str, Any], config: TableConfig) -> Declaration:
    """The direction the seat's own cards win, by the rule in the module docstring.

    Args:
        view: the seat's view (``HandState.view(seat)``; ``you.arrangement`` set).
        config: the table's rules (split game and ``swing``).

    Returns:
        ``high``, ``low`` or ``both``; ``high`` when the seat's five are not known yet.
    """
    me, seats, high, low = _showdown(view, config)
    if me not in high:
        return Declaration.HIGH
    return _by_strength(me, seats, high, low, config.swing)


def declaration_shares(view: Mapping[str, Any], config: TableConfig) -> dict[Declaration, float]:
    """The seat's share of a pot (0..1) for each declaration, the opponents declaring by
    :func:`strength_declaration` (one pot contested by every hand still in)."""
    me, seats, high, low = _showdown(view, config)
    if me not in high:
        return dict.fromkeys(Declaration, 0.0)
    theirs = {s: _by_strength(s, seats, high, low, config.swing) for s in seats if s != me}
    shares: dict[Declaration, float] = {}
    for mine in Declaration:
        declared = {**theirs, me: mine}
        awarded = award_declared_pots(
            config.swing, [(_UNIT, seats)], high, low, declared, order=seats
        )
        shares[mine] = awarded.pots[0].awards.get(me, 0) / _UNIT
    return shares


def declaration_chips(view: Mapping[str, Any], config: TableConfig) -> dict[Declaration, int]:
    """The chips the seat is awarded for each declaration, the opponents declaring by
    :func:`strength_declaration`: the view's real pots (``pots``: amounts and eligible
    seats, side pots included; one pot of ``pot_total`` contested by every hand still in
    when the view lists none), awarded by the real rules (RULES.md §6 "Declare", §5; odd
    chips from the dealer's left).

    Args:
        view: the seat's view at its declaration (every hand still in face up).
        config: the table's rules (split game and ``swing``).

    Returns:
        ``{declaration: chips}``; all 0 when the seat's five are not known.
    """
    me, seats, high, low = _showdown(view, config)
    if me not in high:
        return dict.fromkeys(Declaration, 0)
    theirs = {s: _by_strength(s, seats, high, low, config.swing) for s in seats if s != me}
    listed = [
        (int(p["amount"]), [int(s) for s in p["eligible"] if int(s) in high])
        for p in view.get("pots") or ()
    ]
    pots = [(amount, eligible) for amount, eligible in listed if eligible] or [
        (int(view.get("pot_total") or 0), seats)
    ]
    button = int(view.get("button", -1))
    order = sorted(seats, key=lambda s: (s <= button, s))  # from the dealer's left
    chips: dict[Declaration, int] = {}
    for mine in Declaration:
        awarded = award_declared_pots(
            config.swing, pots, high, low, {**theirs, me: mine}, order=order
        )
        chips[mine] = sum(p.awards.get(me, 0) for p in awarded.pots)
    return chips


def best_declaration(view: Mapping[str, Any], config: TableConfig) -> Declaration:
    """The declaration with the largest :func:`declaration_shares` (ties: high, then low,
    then both: a swing only when it is worth strictly more)."""
    shares = declaration_shares(view, config)
    return max(Declaration, key=lambda d: (shares[d], -list(Declaration).index(d)))
