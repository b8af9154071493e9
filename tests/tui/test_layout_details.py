"""Layout and details (issue 13 item 12): equal seat boxes at 80×24, a notice below the
minimum size, no bot's name for the person, help and key bar agree on the card keys, the
summary's "Biggest win" column."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from anaconda_poker.cli.main import app as cli
from anaconda_poker.core.state import Phase
from anaconda_poker.tui.app import AnacondaApp
from anaconda_poker.tui.screens import HelpScreen, SummaryScreen
from anaconda_poker.tui.settings import GameSettings

from .conftest import make_app, play_to, region_text, screen_text, settle, step

runner = CliRunner()


@pytest.mark.parametrize("bots", [3, 5, 6])
async def test_seat_boxes_have_one_width_at_80_by_24(tmp_path: Path, bots: int) -> None:
    app = make_app(tmp_path, seed=11, bots=bots)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        widths = {app.query_one(f"#seat-{seat}").region.width for seat in range(1, bots + 1)}
        assert len(widths) == 1, widths


async def test_a_terminal_below_80_by_24_is_told_so(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(app, pilot)
        notice = "The terminal is too small (70×20): the table needs at least 80×24."
        assert notice in region_text(app, "#topbar")
        await pilot.resize_terminal(80, 24)
        await settle(app, pilot)
        assert "too small" not in region_text(app, "#topbar")
        assert "Hand 1" in region_text(app, "#topbar")


@pytest.mark.parametrize("lang", ["en", "it", "es", "pt", "nl", "de"])
@pytest.mark.parametrize("size", [(40, 12), (60, 18)])
async def test_the_too_small_notice_shows_the_needed_size_whole(
    tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    # At 60×18 in Portuguese the bar read "O terminal é pequeno demais (60×18): a mesa
    # precisa de": the size the table needs was cut off.
    app = make_app(tmp_path, lang=lang, seed=11)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        bar = region_text(app, "#topbar").strip()
        assert bar.endswith(("80×24", "80×24.")), bar
        assert f"{size[0]}×{size[1]}" in bar, bar


@pytest.mark.parametrize("name", ["Ada", "bruno", " Chiara "])
def test_a_bot_name_is_refused_for_the_person(name: str) -> None:
    with pytest.raises(ValueError, match="is the name of a bot at this table"):
        GameSettings(name=name).validate()
    result = runner.invoke(cli, ["play", "--name", name, "--no-save"])
    assert result.exit_code == 2
    assert "choose another name" in " ".join(result.output.replace("│", " ").split())


def test_a_bot_name_not_at_the_table_is_fine() -> None:
    GameSettings(name="Femke", bots=3).validate()  # Femke sits in only with six bots


async def test_help_and_key_bar_name_the_same_card_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=11)
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(app, pilot)
        await play_to(app, pilot, Phase.PASSING)
        bar = re.search(r"(\d–\d)\s+Select", region_text(app, "#keys"))
        assert bar is not None
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert f"{bar.group(1)}  " in screen_text(app)
        assert "1–9" not in screen_text(app)


async def test_the_summary_shows_each_players_biggest_win(tmp_path: Path) -> None:
    app: AnacondaApp = make_app(tmp_path, seed=11, bots=2)
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(app, pilot)
        for _ in range(3):  # three hands
            for _ in range(60):
                if app.session.state is not None and app.session.state.is_complete:
                    break
                await step(app, pilot)
            await pilot.press("enter")
            await settle(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        assert "Biggest win" in text and "Biggest pot" not in text
        for player in app.session.players:
            won = [r.state.result.awards.get(player.seat, 0) for r in app.session.records]
            assert player.biggest_win == max(won)
            row = next(line for line in text.splitlines() if f" {player.name} " in line)
            cells = [c.strip() for c in row.replace("║", "│").split("│") if c.strip()]
            assert cells[-1] == str(max(won)), row  # the last column


@pytest.mark.parametrize("lang", ["pt", "de", "nl"])
async def test_help_descriptions_wrap_under_their_own_column(tmp_path: Path, lang: str) -> None:
    """At 80 columns a long description wraps: its second line starts under the
    description, not back under the keys ("║ as suas fichas")."""
    app = make_app(tmp_path, lang=lang, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        lines = [row for row in screen_text(app).splitlines() if row.startswith("║")]
        first = next(i for i, row in enumerate(lines) if re.match(r"║\s+A\s{3,}\S", row))
        column = re.match(r"║\s+A\s+", lines[first]).end()  # type: ignore[union-attr]
        continuation = lines[first + 1]
        assert continuation[:column].strip("║ ") == "", (lines[first], continuation)
        assert continuation[column : column + 1].strip(), continuation  # text in that column


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
async def test_shrinking_and_restoring_the_terminal_redraws_the_top_bar_for_the_new_size(
    tmp_path: Path, lang: str
) -> None:
    # Seen by a helper (German, 80×24 shrunk to 60×20 mid-hand): the notice said
    # "Das Terminal ist zu klein (80×24): der Tisch braucht", the old size and cut off, and
    # back at 80×24 the bar stayed in its 58-column form without "Hand 1": the bar was
    # drawn for the size before the resize.
    app = make_app(tmp_path, lang=lang, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        before = region_text(app, "#topbar")
        await pilot.resize_terminal(60, 20)
        await settle(app, pilot)
        bar = region_text(app, "#topbar").strip()
        assert "60×20" in bar, bar
        assert bar.endswith(("80×24", "80×24.")), bar
        await pilot.resize_terminal(80, 24)
        await settle(app, pilot)
        assert region_text(app, "#topbar") == before
