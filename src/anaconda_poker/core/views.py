"""Per-seat and spectator views of a hand: exactly what RULES.md §7 allows, JSON-ready.

A seat sees its own cards (hidden cards included), its own pass choices and what it
received, its own pending pass or arrangement, every public action, every revealed card,
pot and stack sizes. It never sees another seat's unrevealed cards, pending choices,
arrangement, dead cards or the deck. A spectator sees only public information.

Views are built on demand (never kept up to date per action).
"""

from __future__ import annotations

from typing import Any

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.cards import CARD_TEXT
from anaconda_poker.core.hand_record import HandRecord
from anaconda_poker.core.hand_types import LegalActions, Phase, seat_number
from anaconda_poker.core.pots import build_pots
from anaconda_poker.core.rule_errors import NotYourTurnError

_KIND_TEXT = {kind: kind.value for kind in ActionKind}
"""Each action kind's text: a dict lookup instead of ``kind.value`` (an enum property read)
per log entry."""


def _cards(codes: Any) -> list[str]:
    # the state's cards are codes 0..51: the table, without card_str's range check per card
    text = CARD_TEXT
    return [text[c] for c in codes]


def public_log(state: HandRecord) -> list[dict[str, Any]]:
    """The public action log: betting actions in full; passes, arrangements and declarations
    only as "seat N committed" (their cards and directions are private until resolved,
    RULES.md §3, §6, §7; the result then shows every declaration)."""
    log: list[dict[str, Any]] = []
    kind_text = _KIND_TEXT
    for seat, action, all_in in state.action_log:
        entry: dict[str, Any] = {"seat": seat, "action": kind_text[action.kind]}
        if action.to is not None:
            entry["to"] = action.to
        if all_in:
            entry["all_in"] = True
        log.append(entry)
    return log


def build_view(state: HandRecord, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None`` = spectator) as a JSON-ready dict (RULES.md §7).

    Keys: ``phase``, ``betting_round``, ``pass_index`` (``None`` unless passing),
    ``pass_count``, ``revealed_count``, ``button``, ``to_act``, ``current_bet``, ``pot``
    (chips in the pots), ``pot_total`` (pots plus this round's bets), ``pots`` (main and side
    pots so far: amount, eligible), ``seats`` (public per-seat facts: ``seat``, ``name``,
    ``stack``, ``bet`` this round, ``committed`` this hand, ``folded``, ``all_in``,
    ``revealed`` cards, ``card_count`` face-down cards, ``hidden_count``, ``has_committed``),
    ``log`` (public actions), ``result`` (when complete) and ``you`` (``None`` for a
    spectator; else ``seat``, ``hand``, ``hidden``, ``passes`` [{``passed``,
    ``received``}], ``pending_pass``, ``arrangement``, ``declaration`` (the seat's own
    declaration, ``None`` until it declares; RULES.md §6), ``dead``, ``legal``).
    Other seats' declarations are never in a view before every seat has declared; the result
    then lists them all (``result.declarations``).

    ``committed`` counts the dealer's ``dealer_ante`` too (RULES.md §2.1): it is in the pot.

    Raises:
        NotYourTurnError: ``seat`` is not playing in this hand (or is not a seat number:
            ``True``, ``1.0`` and ``"1"`` are not seats; NumPy integers are).
    """
    if seat is not None:
        number = seat_number(seat)
        if number is None or not 0 <= number < state.n_seats or not state.dealt_in[number]:
            raise NotYourTurnError(
                f"seat {seat!r} is not playing in this hand; players are {list(state.order)}",
                seat=number,
            )
        seat = number
    return {key: view_part(state, seat, key) for key in VIEW_KEYS}


VIEW_KEYS = (
    "phase",
    "betting_round",
    "pass_index",
    "pass_count",
    "revealed_count",
    "button",
    "to_act",
    "current_bet",
    "pot",
    "pot_total",
    "pots",
    "seats",
    "log",
    "result",
    "you",
)
"""The keys of a view, in the order :func:`build_view` writes them."""


def view_part(
    state: HandRecord, seat: int | None, key: str, legal: LegalActions | None = None
) -> Any:
    """One key of :func:`build_view`'s view, built alone: the same value, for a reader that
    needs a few keys (a bot deciding from its hand and the bet to call need not build the
    seats, pots and log). ``seat`` must be a seat playing in the hand (as :func:`build_view`
    checks) or ``None``. ``legal``: ``state.legal_actions(seat)`` when the caller has it
    already (the arena asks it before every decision), so ``you`` does not work it out again.

    Raises:
        KeyError: ``key`` is not one of :data:`VIEW_KEYS`.
    """
    phase = state.phase
    if key == "phase":
        return phase.value
    if key == "betting_round":
        return state.betting_round
    if key == "pass_index":
        return state.pass_index if phase is Phase.PASSING else None
    if key == "pass_count":
        return state.config.pass_counts[state.pass_index] if phase is Phase.PASSING else 0
    if key == "revealed_count":
        return state.revealed_count
    if key == "button":
        return state.button
    if key == "to_act":
        return list(state.to_act)
    if key == "current_bet":
        return state.current_bet
    if key == "pot":
        return state.pot
    if key == "pot_total":
        return state.pot_total
    if key == "pots":
        if phase is not Phase.COMPLETE and any(state.live):
            return [
                {"amount": amount, "eligible": eligible}
                for amount, eligible in build_pots(
                    state.committed, state.live, dead=state.dead_money
                )
            ]
        return []
    if key == "seats":
        return _seats(state)
    if key == "log":
        return public_log(state)
    if key == "result":
        return state.result.to_dict() if state.result is not None else None
    if key == "you":
        return None if seat is None else _you(state, seat, legal)
    raise KeyError(key)


def _seats(state: HandRecord) -> list[dict[str, Any]]:
    """The public per-seat facts of the view's ``seats``."""
    phase = state.phase
    simultaneous = phase is Phase.PASSING or phase is Phase.ARRANGING
    declaring = phase is Phase.DECLARING
    seats: list[dict[str, Any]] = []
    button = state.button
    for s in state.order:
        arranged = state.arranged[s]
        shown = state.shown[s]
        if arranged is not None and state.live[s]:
            face_down = len(arranged) - shown
        elif state.live[s]:
            face_down = len(state.hands[s])
        else:
            face_down = 0
        seats.append(
            {
                "seat": s,
                "name": state.names[s],
                "stack": state.stack[s],
                "bet": state.bet[s],
                "committed": state.committed[s]
                + state.bet[s]
                + (state.dead_money if s == button else 0),
                "folded": not state.live[s],
                "all_in": state.live[s] and state.stack[s] == 0,
                "revealed": _cards(state.revealed(s)),
                "card_count": face_down,
                "hidden_count": len(state.hidden[s]) if state.live[s] else 0,
                "has_committed": state.live[s]
                and (
                    (simultaneous and state.pending[s] is not None)
                    or (declaring and state.declared[s] is not None)
                ),
            }
        )
    return seats


def _you(state: HandRecord, seat: int, legal: LegalActions | None = None) -> dict[str, Any]:
    """The seat's own part of the view (``you``); ``legal`` as in :func:`view_part`."""
    phase = state.phase
    pending = state.pending[seat]
    arranged = state.arranged[seat]
    in_passing = phase is Phase.PASSING
    arrangement = arranged if arranged is not None else (None if in_passing else pending)
    dead: list[int] = []
    if arranged is not None:
        dead = [c for c in state.hands[seat] if c not in arranged]
    return {
        "seat": seat,
        "hand": _cards(state.hands[seat]),
        "hidden": _cards(state.hidden[seat]),
        "passes": [
            {"passed": _cards(given), "received": _cards(got)} for given, got in state.passes[seat]
        ],
        "pending_pass": _cards(pending) if in_passing and pending is not None else None,
        "arrangement": _cards(arrangement) if arrangement is not None else None,
        "declaration": declared.value if (declared := state.declared[seat]) else None,
        "dead": _cards(dead),
        "legal": (legal if legal is not None else state.legal_actions(seat)).to_dict(),
    }
