"""The top bar never cuts a word at 80 columns: it drops whole parts (issue 13 item 12).

At 80 × 24 the line "Hand 1 · Pass 1: 3 cards to the left · High-low split, low without
qualifier" was cut mid-word in every language ("High-Low-Split," in German, "Divisão
alta-baixa, oito" in Portuguese)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len

from anaconda_poker.core.config import Split
from anaconda_poker.core.state import Phase
from anaconda_poker.i18n import LANGUAGES, split_label, translator
from anaconda_poker.tui.topbar import fit_topbar

from .conftest import make_app, play_to, region_text, settle


def test_everything_fits_a_wide_bar() -> None:
    text = fit_topbar("Hand 3", "Betting round 2 of 9", "High only", 80)
    assert text.plain == "♠ Hand 3  ·  Betting round 2 of 9  ·  High only"


@pytest.mark.parametrize(
    ("width", "plain"),
    [
        (51, "♠ Hand 12 · Pass 1: 3 cards to the left · Game name"),
        (50, "♠ Pass 1: 3 cards to the left · Game name"),
        (41, "♠ Pass 1: 3 cards to the left · Game name"),
        (40, "♠ Hand 12 · Pass 1: 3 cards to the left"),
        (39, "♠ Hand 12 · Pass 1: 3 cards to the left"),
        (38, "♠ Pass 1: 3 cards to the left"),
        (10, "♠ Pass 1: 3 cards to the left"),  # the phase is never dropped
    ],
)
def test_parts_are_dropped_whole_least_needed_first(width: int, plain: str) -> None:
    text = fit_topbar("Hand 12", "Pass 1: 3 cards to the left", "Game name", width)
    assert text.plain == plain
    assert cell_len(text.plain) <= width or width < 29


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_bar_at_80_columns_shows_whole_parts(tmp_path: Path, lang: str) -> None:
    app = make_app(tmp_path, lang=lang, seed=3, split=Split.HIGH_LOW_ANY)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await play_to(app, pilot, Phase.PASSING)
        t = translator(lang)
        phase = t.ngettext(
            "Pass {number}: {count} card {direction}",
            "Pass {number}: {count} cards {direction}",
            3,
            number=1,
            count=3,
            direction=t("to the left"),
        )
        bar = " ".join(region_text(app, "#topbar").split())
        game = split_label(Split.HIGH_LOW_ANY, t)
        assert phase in bar, bar
        # It ends with a whole part: the game's full name, or the phase.
        assert bar.endswith(game) or bar.endswith(phase), bar
