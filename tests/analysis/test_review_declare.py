"""Declaration review (analysis/review_declare.py, RULES.md §6): hand-worked declarations
valued exactly, side pots and swing rules included, and at tables of heuristic bots (who
declare the way their cards win, as the review assumes) the chosen declaration's value is
the chips the seat was really awarded."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.console import Console

from anaconda_poker.analysis.review import ReviewPhase, review_hand
from anaconda_poker.analysis.review_declare import review_declaration
from anaconda_poker.bots import create_bot
from anaconda_poker.core.actions import Action
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.state import HandState, Seat
from anaconda_poker.i18n import translator
from anaconda_poker.i18n.review_text import options_text
from anaconda_poker.tui.review_render import review_renderable

DECLARE = TableConfig(split=Split.HIGH_LOW_8, declare="declare")


def _view(mine: str, others: dict[int, str], pots: list[tuple[int, list[int]]]) -> dict[str, Any]:
    """Seat 0's view at its declaration: every five face up, the pots as listed."""
    seats = [{"seat": 0, "folded": False, "revealed": mine.split()}]
    seats += [{"seat": s, "folded": False, "revealed": c.split()} for s, c in others.items()]
    return {
        "you": {"seat": 0, "arrangement": mine.split()},
        "seats": seats,
        "pots": [{"amount": a, "eligible": e} for a, e in pots],
        "pot_total": sum(a for a, _ in pots),
        "button": max(others),
    }


def _values(view: dict[str, Any], config: TableConfig, made: str) -> dict[str, float]:
    review = review_declaration(7, view, Action.declare(made), config)
    assert review.phase is ReviewPhase.DECLARING and review.exact and review.index == 7
    assert review.chosen.declaration == made
    assert review.loss == review.best.value - review.chosen.value >= 0
    return {str(o.declaration): o.value for o in review.options}


def test_the_wheel_declaring_low_gives_away_half_the_pot() -> None:
    """A-2-3-4-5 against kings: the kings declare high (their cards win nothing else); high
    takes the whole pot (nobody declared low: the high winner takes it), a swing wins both
    halves, low only the low half: 50 of 100 chips lost."""
    view = _view("As 2c 3d 4h 5s", {1: "Ks Kd Qc Jh 9s"}, [(100, [0, 1])])
    assert _values(view, DECLARE, "low") == {"high": 100, "low": 50, "both": 100}
    review = review_declaration(7, view, Action.declare("low"), DECLARE)
    assert review.best.declaration == "high" and review.loss == 50
    assert review.chosen.share == 0.5 and review.best.share == 1.0


def test_a_swing_with_a_tied_low_depends_on_the_swing_rule() -> None:
    """A wheel-less A-2-3-4-6 flush against the same low ranks unsuited (which declares
    low: it ties low and loses high). High wins the high half (50); low ties the low half
    and, nobody having declared high, shares the whole pot (50); a swing fails under
    'strict' (0) and takes the high half and half the low half under 'ties_ok' (75)."""
    view = _view("2h 3h 4h 6h Ah", {1: "Ac 2d 3s 4c 6d"}, [(100, [0, 1])])
    assert _values(view, DECLARE, "both") == {"high": 50, "low": 50, "both": 0}
    ties_ok = TableConfig(split=Split.HIGH_LOW_8, declare="declare", swing="ties_ok")
    assert _values(view, ties_ok, "both") == {"high": 50, "low": 50, "both": 75}


def test_side_pots_are_awarded_one_by_one() -> None:
    """Three hands, seat 1 all in for the main pot only. The flush (seat 2) declares high,
    the 8-7-6-4-2 low (seat 1) declares low. The wheel declaring low takes the low half of
    the main pot (45) and of the side pot (20): 65; declaring high it wins nothing (the
    flush wins high, seat 1 the main pot's low half, and the side pot's low half, with no
    low declarer, goes to the flush); a swing fails against the flush."""
    view = _view(
        "As 2c 3d 4h 5s",
        {1: "8d 7d 6s 4c 2d", 2: "6c 7c 9c Jc Kc"},
        [(90, [0, 1, 2]), (40, [0, 2])],
    )
    assert _values(view, DECLARE, "high") == {"high": 0, "low": 65, "both": 0}
    review = review_declaration(3, view, Action.declare("high"), DECLARE)
    assert review.loss == 65 and review.best.declaration == "low"
    assert review.best.share == pytest.approx(65 / 130)


def test_the_options_are_worded_in_every_language() -> None:
    view = _view("As 2c 3d 4h 5s", {1: "Ks Kd Qc Jh 9s"}, [(100, [0, 1])])
    decision = review_declaration(7, view, Action.declare("low"), DECLARE).to_dict()
    assert options_text(decision, translator("en")) == (
        "declare high: 100.0 chips (100.0% of the pot); declare low: 50.0 chips (50.0% of "
        "the pot); declare both (swing): 100.0 chips (100.0% of the pot)"
    )
    italian = options_text(decision, translator("it"))
    assert (
        italian is not None and italian.startswith("dichiara alto: 100,0 ") and "piatto" in italian
    )


def test_at_heuristic_tables_the_chosen_declaration_is_worth_what_it_won() -> None:
    """Oracle: heuristic bots declare the way their cards win, exactly the review's model,
    so the value of the declaration a seat made is the chips the result awarded it."""
    checked = 0
    for seed in range(40):
        bots = [create_bot("heuristic", config=DECLARE, rng=random.Random(s)) for s in range(3)]
        state = HandState(
            DECLARE,
            seats=[Seat(name=f"p{s}", stack=60 + 30 * s) for s in range(3)],
            button=2,
            rng=random.Random(seed),
        )
        while not state.is_complete:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
        history = state.history()
        result = history["result"]
        if not result.get("declarations") or "0" not in result["declarations"]:
            continue
        review = review_hand(history, 0, trials=50, seed=1)
        declared = [d for d in review.decisions if d.phase is ReviewPhase.DECLARING]
        assert len(declared) == 1
        won = sum(int(p["awards"].get("0", 0)) for p in result["pots"])
        assert declared[0].chosen.value == won
        assert declared[0].chosen.declaration == result["declarations"]["0"]
        assert {o.declaration for o in declared[0].options} == {"high", "low", "both"}
        assert review.by_phase()[ReviewPhase.DECLARING][0] == declared[0].loss
        assert "declaring" in review.to_dict()["by_phase"]
        console = Console(width=200, record=True)
        console.print(review_renderable(review, translator("en")))
        text = console.export_text()
        assert "Declaration" in text and "declare both (swing):" in text
        checked += 1
    assert checked >= 5
