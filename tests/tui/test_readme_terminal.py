"""The README shows the way to the terminal game (issue 13 item 15)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_quick_start_names_make_play_and_the_makefile_has_it() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert "make play" in quick_start
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "\nplay:" in makefile and "anaconda-poker play" in makefile
