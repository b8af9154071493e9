"""Reviewing a declaration (the declare house rule of split games, RULES.md §6).

After the final betting round every hand still in is face up, so the seat knows every five
that plays; what it cannot know is how the others declare (declarations are simultaneous).
The review assumes each opponent declares the way its cards win
(:func:`~anaconda_poker.analysis.declaring.strength_declaration`: the rule of the heuristic
bot and of the server on a timeout) and awards the real pots of the seat's view for each of
the seat's three choices by the real rules (:func:`~anaconda_poker.analysis.declaring.
declaration_chips`: declared halves, a failed swing wins nothing, a half nobody declared for
goes to the other half's winners, side pots and odd chips). No deal is sampled: a choice's
value is exact under that assumption (chips from this decision on; the pot is all in).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from anaconda_poker.analysis.declaring import declaration_chips
from anaconda_poker.analysis.review_types import DecisionReview, Option, ReviewPhase
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.declare import Declaration


def review_declaration(
    index: int, view: Mapping[str, Any], action: Action, config: TableConfig
) -> DecisionReview:
    """The value of each declaration against the one made (module docstring).

    Args:
        index: the action's index in the history.
        view: the seat's view just before it declared (``HandState.view(seat)``).
        action: the seat's declaration.
        config: the table's rules.

    Returns:
        A :class:`~anaconda_poker.analysis.review_types.DecisionReview` of phase
        ``declaring`` whose ``options`` are high, low and both with their chips and shares
        of the pot; ``best`` is the chosen one when nothing is worth more (``mistake`` is
        left ``False`` for the caller to set); ``exact`` is True.

    Raises:
        ValueError: if ``action`` is not a declaration.
    """
    if action.kind is not ActionKind.DECLARE or action.direction is None:
        raise ValueError(f"a declaration review needs a declare action, got {action.kind}")
    chips = declaration_chips(view, config)
    pot = sum(int(p["amount"]) for p in view.get("pots") or ()) or int(view.get("pot_total") or 0)
    options = tuple(
        Option(
            "declare",
            float(chips[d]),
            chips[d] / pot if pot else 0.0,
            declaration=d.value,
        )
        for d in Declaration
    )
    chosen = next(o for o in options if o.declaration == action.direction.value)
    best = max(options, key=lambda o: (o.value, o is chosen))
    return DecisionReview(
        index=index,
        phase=ReviewPhase.DECLARING,
        stage=0,
        chosen=chosen,
        best=best,
        loss=max(0.0, best.value - chosen.value),
        mistake=False,
        trials=0,
        exact=True,
        options=options,
    )
