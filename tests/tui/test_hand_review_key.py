"""R on the end-of-hand dialog shows the review of the person's decisions in that hand
(issue 16 §3): the same review as the library gives for the saved hand, from the person's
view only, in the game's language; Esc goes back to the same dialog."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from anaconda_poker.analysis.review import review_hand
from anaconda_poker.i18n import translator
from anaconda_poker.i18n.review_text import chips_text, option_text, stage_text
from anaconda_poker.tui.review import REVIEW_TRIALS, ReviewScreen
from anaconda_poker.tui.review_render import symbol_cards
from anaconda_poker.tui.screens import ShowdownScreen

from .conftest import make_app, screen_text, settle, state_of, step


async def _finish_hand(app: object, pilot: object) -> None:
    for _ in range(80):
        if state_of(app).is_complete:  # type: ignore[arg-type]
            break
        await step(app, pilot)  # type: ignore[arg-type]
    await settle(app, pilot)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Your decisions in this hand", "Best by the model", "pass like a solid player")),
        (
            "it",
            ("Le tue decisioni in questa mano", "Meglio secondo il modello", "giocatore solido"),
        ),
    ],
)
async def test_r_reviews_the_hand_then_goes_back(
    tmp_path: Path, lang: str, words: tuple[str, ...]
) -> None:
    app = make_app(tmp_path, seed=11, lang=lang)
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(app, pilot)
        await _finish_hand(app, pilot)
        assert isinstance(app.screen, ShowdownScreen)
        assert "[R]" in screen_text(app) or " R " in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        for word in words:
            assert word in text, text
        # the rows are the library's review of the saved hand for seat 0, decision by decision
        saved = sorted((tmp_path / "hands").glob("*.json"))
        history = json.loads(saved[-1].read_text(encoding="utf-8"))
        expected = review_hand(history, 0, trials=REVIEW_TRIALS, seed=0)
        assert len(expected.decisions) > 5
        _ = translator(lang)
        rows = [
            line
            for line in text.splitlines()
            if any(
                re.search(rf"\b{re.escape(stage_text(d.to_dict(), _))}\s{{2,}}", line)
                for d in expected.decisions
            )
        ]
        assert len(rows) == len(expected.decisions), text
        for row, decision in zip(rows, expected.decisions, strict=True):
            d = decision.to_dict()
            # the cards as the table draws them ("pass 10♥ Q♣ K♣", never "Th Qc Kc")
            assert option_text(symbol_cards(d["chosen"]), _) in row
            if len(d["chosen"]["cards"]) > 1:
                assert " ".join(d["chosen"]["cards"]) not in row
            assert chips_text(d["loss"], _) in row
            assert (_("mistake") in row.replace(_("Mistakes"), "")) is d["mistake"]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ShowdownScreen)


async def test_r_does_nothing_before_the_end_of_the_hand(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("r")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)
