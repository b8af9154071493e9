"""The end-of-hand dialog's key bar shows every key it accepts at 80×24 (README: "The
end-of-hand dialog accepts only the keys its key bar shows"). A helper went broke in
Portuguese at 80×24: the bar "Enter  Recomprar 12   G  Mudar o jogo   S  Resumo da sessão
R  Revisão   Q  Sair" is 83 cells in a 76-cell dialog, kept to one line, so "Q  Sair" was cut
off while Q still quit."""

from __future__ import annotations

from pathlib import Path

import pytest

from anaconda_poker.core.config import Split
from anaconda_poker.i18n import LANGUAGES, translator
from anaconda_poker.tui.screens import ShowdownScreen

from .conftest import make_app, screen_text, settle
from .test_going_broke import _all_in_hand


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(80, 24), (80, 40)])
async def test_the_broke_dialog_shows_every_key_it_takes(
    tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    _ = translator(lang)
    app = make_app(tmp_path, lang=lang, seed=1, bots=1, stack=5, split=Split.HIGH_ONLY)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await _all_in_hand(app, pilot)
        assert isinstance(app.screen, ShowdownScreen)
        assert app.session.human.stack == 0
        bar = app.screen.query_one(".keys")
        rows = screen_text(app).splitlines()[bar.region.y : bar.region.bottom]
        shown = "\n".join(row[bar.region.x : bar.region.right] for row in rows)
        for key, label in [
            (_("Enter"), _("Rebuy {amount}", amount=5)),
            ("G", _("Change game")),
            ("S", _("Session summary")),
            ("R", _("Review")),
            ("Q", _("Quit")),
        ]:
            assert f"{key}  {label}" in shown, (key, label, shown)
