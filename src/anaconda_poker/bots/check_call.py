"""Hands played to study the passes and arrangements only: the bots choose every pass and
arrangement, and every betting decision is replaced by check-or-call, so every seat stays
in the hand (the question is how the hands are built, not how the betting goes).

Benchmarks (``benchmarks/calibration.py``, ``benchmarks/pass_fit.py``) and tests that need
hands at or after the passes drive a :class:`~anaconda_poker.core.state.HandState` with
:func:`check_call_steps` (one step at a time, to look at the state between them) or
:func:`play_check_call` (all at once).

Public API: :class:`Step`, :func:`check_or_call`, :func:`check_call_steps`,
:func:`play_check_call`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from anaconda_poker.bots.protocol import Bot, View
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.state import HandState, LegalActions

BOT_KINDS: Final = frozenset({ActionKind.PASS, ActionKind.ARRANGE})
"""The decisions left to the bots; every other one is a check, or else a call."""


@dataclass(frozen=True, slots=True)
class Step:
    """One decision applied by :func:`check_call_steps`.

    Attributes:
        seat: the seat that acted (a seat number of the state).
        legal: what the seat could do.
        view: the view its bot was given (``HandState.view(seat)`` before the action) when
            the bot chose (a pass or an arrangement); ``None`` for a check or a call.
        action: the action applied.
    """

    seat: int
    legal: LegalActions
    view: View | None
    action: Action


def check_or_call(legal: LegalActions) -> Action:
    """A check when ``legal`` allows one, else a call (:meth:`Action.call` carries no
    amount: the state calls the bet to call)."""
    return Action.check() if ActionKind.CHECK in legal.kinds else Action.call()


def check_call_steps(
    state: HandState, bots: Sequence[Bot], *, stop_at: ActionKind | None = None
) -> Iterator[Step]:
    """Play ``state`` on, one decision per step: the seat to act (``state.to_act[0]``) asks
    its bot when it may pass or arrange (:data:`BOT_KINDS`), else it checks or calls
    (:func:`check_or_call`). Each step is yielded after :meth:`HandState.apply`, so the
    state the caller sees is already changed; a caller may stop reading at any step.

    Args:
        state: the hand, changed in place.
        bots: the bot of each seat, indexed by seat number.
        stop_at: stop, before it acts, at the first seat that may take this kind of action
            (e.g. :attr:`ActionKind.ARRANGE`: the hand as the first seat to arrange sees
            it); ``None``: play until the hand is complete.

    Yields:
        One :class:`Step` per decision applied, in order; none once the hand is complete.

    Raises:
        IndexError: ``bots`` has no bot for the seat to act.
        anaconda_poker.core.errors.AnacondaError: the errors of :meth:`HandState.apply`
            when a bot chooses an action the state refuses (the state is unchanged), or
            when a seat must decide something other than a pass, an arrangement, a check
            or a call (e.g. a declaration, RULES.md §6).
    """
    while not state.is_complete:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if stop_at is not None and stop_at in legal.kinds:
            return
        view: View | None = None
        if legal.kinds & BOT_KINDS:
            view = state.view(seat)
            action = bots[seat].act(view, legal)
        else:
            action = check_or_call(legal)
        state.apply(seat, action)
        yield Step(seat, legal, view, action)


def play_check_call(
    state: HandState, bots: Sequence[Bot], *, stop_at: ActionKind | None = None
) -> list[Step]:
    """Every step of :func:`check_call_steps` (same arguments and errors), played at once:
    ``state`` ends complete, or at the first seat that may take a ``stop_at`` action."""
    return list(check_call_steps(state, bots, stop_at=stop_at))
