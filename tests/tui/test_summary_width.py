"""The session summary fits 80 columns in every language after a rebuy (issue 13 follow-up):
at 80 columns the words of the headers, bot levels and rebuy counts were cut ("Varrid…",
"heurís…", "16 (1 recomp…"; on exit in German "Gewonne…", "heuristi…")."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from anaconda_poker.cli.main import app as cli
from anaconda_poker.i18n import translator
from anaconda_poker.tui.app import AnacondaApp
from anaconda_poker.tui.players import LEVEL_LABELS
from anaconda_poker.tui.screens import SummaryScreen
from anaconda_poker.tui.session import Player
from anaconda_poker.tui.summary import session_table

from .conftest import make_app, screen_text, settle

LANGUAGES = ["en", "it", "es", "pt", "nl", "de"]
HEADERS = ["Player", "Buy-in", "Stack", "Net", "Hands won", "Scoops", "Biggest win"]


def _players(lang: str) -> list[Player]:
    """The person after one rebuy, and three bots of three levels."""
    t = translator(lang)
    return [
        Player(0, t("You"), 0, human=True, buy_in=800, hands_won=3, scoops=1, rebuys=1),
        Player(1, "Ada", 1500, level="heuristic", buy_in=400, hands_won=5, biggest_win=900),
        Player(2, "Bruno", 300, level="calling-station", buy_in=400, hands_won=1),
        Player(3, "Chiara", 400, level="montecarlo", buy_in=400),
    ]


def _words(lang: str) -> list[str]:
    """Every word the summary must show whole: headers, bot levels, the rebuy count."""
    t = translator(lang)
    texts = [t(h) for h in HEADERS]
    texts += [t(LEVEL_LABELS[level]) for level in ("heuristic", "calling-station", "montecarlo")]
    texts.append(t.ngettext("({count} rebuy)", "({count} rebuys)", 1, count=1))
    return [word for text in texts for word in text.split()]


def _cells(text: str) -> set[str]:
    """The words inside the table's cells."""
    for border in "│┃":
        text = text.replace(border, " ")
    return set(text.split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_summary_fits_80_columns_with_no_word_cut(lang: str) -> None:
    console = Console(width=200, record=True)
    console.print(session_table(_players(lang), translator(lang), hands=12, width=80), width=80)
    text = console.export_text()
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80, text
    assert "…" not in text, text
    shown = _cells(text)
    for word in _words(lang):
        assert word in shown, (word, text)
    for number in ("1.500" if lang in ("it", "es", "pt", "nl", "de") else "1,500", "800"):
        assert number in shown, text


async def test_the_summary_after_a_rebuy_fits_80_by_24_in_portuguese(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="pt", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        me, *bots = app.session.players
        me.buy_in, me.rebuys = 2 * me.buy_in, 1  # as a rebuy leaves them
        for bot, level in zip(bots, ("heuristic", "calling-station", "montecarlo"), strict=True):
            bot.level = level
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        assert "…" not in text, text
        shown = _cells(text)
        for word in _words("pt"):
            assert word in shown, (word, text)


def test_the_summary_printed_on_leaving_fits_80_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def run(self: AnacondaApp) -> list[Player]:  # the person pressed Q at once
        me, *bots = self.session.players
        me.buy_in, me.rebuys = 2 * me.buy_in, 1
        bots[0].level = "heuristic"
        return self.session.players

    monkeypatch.setattr(AnacondaApp, "run", run)
    result = CliRunner().invoke(
        cli, ["play", "--lang", "de", "--no-save"], env={"COLUMNS": "80", "LINES": "24"}
    )
    assert result.exit_code == 0, result.output
    assert "…" not in result.output, result.output
    shown = _cells(result.output)
    for word in ("Gewonnene", "Hände", "heuristischer", "Bot", "(1", "Rebuy)"):
        assert word in shown, (word, result.output)
