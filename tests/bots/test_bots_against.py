"""benchmarks/bots_against.py: the strength-bar arena on an earlier commit and on this
checkout, in child processes."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "bots_against", ROOT / "benchmarks" / "bots_against.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _has_commit(rev: str) -> bool:
    found = subprocess.run(
        ["git", "-C", str(ROOT), "cat-file", "-e", f"{rev}^{{commit}}"], capture_output=True
    )
    return found.returncode == 0


def _unchanged_since_head() -> bool:
    diff = subprocess.run(["git", "-C", str(ROOT), "diff", "--quiet", "HEAD", "--", "src"])
    return diff.returncode == 0


@pytest.mark.skipif(
    not _has_commit("HEAD") or not _unchanged_since_head(), reason="needs src/ as committed"
)
def test_same_code_in_both_halves_plays_the_same_hands() -> None:
    """Against HEAD (two blocks of four hands), "then" is this checkout's montecarlo
    extracted from git: with the same seeds it must win exactly what "now"'s montecarlo
    wins."""
    script = _script()
    ticks: list[int] = []
    runs = script.compare("HEAD", hands=8, splits=["high_low_8"], advance=lambda: ticks.append(1))
    assert [(r.code, r.bot) for r in runs] == [
        ("then", "montecarlo"),
        ("now", "montecarlo-random"),
        ("now", "montecarlo"),
    ]
    assert len(ticks) == 3
    then, _, default = runs
    assert then.chips == default.chips and then.half_width == default.half_width
    assert all(r.hands == 8 and r.cpu > 0 and r.bot_rate > 0 for r in runs)


def test_an_unknown_commit_is_refused_by_git() -> None:
    script = _script()
    with pytest.raises(subprocess.CalledProcessError):
        script.compare("no-such-rev-xyz", hands=1, splits=["high_only"])


@pytest.mark.skipif(not _has_commit(_script().ISSUE_15), reason="a clone without history")
def test_the_code_of_issue_15_still_runs(tmp_path: Path) -> None:
    """The default ``--against`` commit extracts and plays with today's dependencies."""
    script = _script()
    source = script.extract_source(script.ISSUE_15, tmp_path)
    assert (source / "anaconda_poker" / "bots" / "montecarlo.py").is_file()
    assert not (
        source / "anaconda_poker" / "analysis" / "pass_model.py"
    ).exists()  # issue 16 came later
    run = script.play(source, "then", "montecarlo", "high_only", hands=2, seed=3, samples=20)
    assert run.hands == 2 and run.cpu > 0


def test_the_command_names_a_commit_it_cannot_read() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bots_against.py"), "--against", "no-such-rev"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert done.returncode == 1
    assert "cannot read src/ of 'no-such-rev' from git" in done.stderr
