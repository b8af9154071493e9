"""The dealer's seat box names the dealer in full, in every language (newcomer trial, issue
12 §4): at 80×24 in Portuguese the box read "Chiara (dá as cart…", three 25-cell boxes being
too narrow for the translation. The seat boxes are sized to the longest title a seat can
show (its name and the translated label), fewer of them side by side when needed, still of
one width; only when even that cannot fit, the name gives way and the label stays whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from anaconda_poker.i18n import translator
from anaconda_poker.tui.app import AnacondaApp
from anaconda_poker.tui.seatgrid import seat_columns

from .conftest import make_app, region_text, settle

SEED_CHIARA_DEALS = {3: 11, 6: 19}
"""Seeds whose first hand gives the button to Chiara (seat 3), the longest bot name."""


def top_border(app: AnacondaApp, selector: str) -> str:
    return region_text(app, selector).splitlines()[0]


@pytest.mark.parametrize("lang", ["en", "it", "es", "pt", "nl", "de"])
async def test_the_dealers_box_shows_the_whole_label_at_80_by_24(tmp_path: Path, lang: str) -> None:
    label = translator(lang)("{player} (dealer)", player="Chiara")
    app = make_app(tmp_path, lang=lang, seed=SEED_CHIARA_DEALS[3])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert app.session.state is not None and app.session.state.button == 3
        title = top_border(app, "#seat-3")
        assert label in title, (label, title)
        assert "…" not in title
        widths = {app.query_one(f"#seat-{seat}").region.width for seat in (1, 2, 3)}
        assert len(widths) == 1, widths  # one width for every box, as before
        for seat in (1, 2):  # every other box has room for the label when the button comes
            width = app.query_one(f"#seat-{seat}").region.width
            assert width - 6 >= len(label), (seat, width)


async def test_six_bots_in_portuguese_keep_the_label_whole(tmp_path: Path) -> None:
    """Two rows of three boxes must stay (24 rows): the name gives way, never the label."""
    app = make_app(tmp_path, lang="pt", bots=6, seed=SEED_CHIARA_DEALS[6])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert app.session.state is not None and app.session.state.button == 3
        title = top_border(app, "#seat-3")
        assert "(dá as cartas)" in title, title
        assert "Chi… (dá as cartas)" in title, title
        await pilot.resize_terminal(100, 30)  # room again: the whole name comes back
        await settle(app, pilot)
        assert "Chiara (dá as cartas)" in top_border(app, "#seat-3")


def test_seat_columns_are_as_many_as_fit_the_longest_title() -> None:
    # three boxes of 25 cells at 80 columns: titles of 19 cells fit
    assert seat_columns(80, ["x" * 19] * 3) == (3, 25)
    # a 21-cell title needs 27 cells: two columns of 38 (two rows for three or four seats)
    assert seat_columns(80, ["x" * 21] * 3) == (2, 38)
    assert seat_columns(80, ["x" * 21] * 4) == (2, 38)
    # five or six seats would take three rows: three columns, the title gives way
    assert seat_columns(80, ["x" * 21] * 6) == (3, 25)
    # a wide terminal keeps three columns
    assert seat_columns(100, ["x" * 21] * 6) == (3, 32)
