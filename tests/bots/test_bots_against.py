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


def _git(*args: str, repo: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True)


def _has_commit(rev: str) -> bool:
    return _git("cat-file", "-e", f"{rev}^{{commit}}").returncode == 0


def _src_as_committed() -> bool:
    status = _git("status", "--porcelain", "--", "src")
    return status.returncode == 0 and not status.stdout.strip()


@pytest.mark.skipif(not _src_as_committed(), reason="needs src/ as committed (a git checkout)")
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


@pytest.mark.skipif(not _src_as_committed(), reason="needs src/ as committed (a git checkout)")
def test_a_package_in_the_current_folder_does_not_stand_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Started from ``src/`` (which holds ``anaconda_poker``), the child still imports the
    extracted code: ``play`` checks the package the child reports."""
    script = _script()
    source = script.extract_source("HEAD", tmp_path)
    monkeypatch.chdir(ROOT / "src")
    run = script.play(source, "then", "montecarlo", "high_only", hands=1, seed=3, samples=10)
    assert run.hands == 1 and run.cpu > 0


_IN_GIT = _git("rev-parse", "--git-dir").returncode == 0


@pytest.mark.skipif(not _IN_GIT, reason="not a git checkout")
def test_an_unknown_commit_is_refused() -> None:
    script = _script()
    with pytest.raises(script.RevisionError, match="'no-such-rev' is not a commit of"):
        script.compare("no-such-rev", hands=1, splits=["high_only"])
    with pytest.raises(script.RevisionError, match="is not a commit of"):
        script.resolve("--output=/tmp/x")  # a revision, never an option


@pytest.mark.skipif(not _IN_GIT, reason="not a git checkout")
def test_the_command_names_a_commit_it_cannot_read() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bots_against.py"), "--against", "nope"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert done.returncode == 1
    assert "bots_against: 'nope' is not a commit of" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_shallow_clone_is_told_how_to_get_the_history(tmp_path: Path) -> None:
    script = _script()
    head = _git("rev-parse", "HEAD").stdout.strip()
    if not head or not _has_commit(script.ISSUE_15):
        pytest.skip("a checkout without history")
    clone = tmp_path / "shallow"
    cloned = subprocess.run(
        ["git", "clone", "-q", "--depth", "1", f"file://{ROOT}", str(clone)], capture_output=True
    )
    assert cloned.returncode == 0, cloned.stderr
    with pytest.raises(script.RevisionError, match=r"is not a commit of .*git fetch --unshallow"):
        script.resolve(script.ISSUE_15, clone)


@pytest.mark.skipif(not _has_commit(_script().ISSUE_15), reason="a clone without history")
def test_the_code_of_issue_15_still_runs(tmp_path: Path) -> None:
    """The default ``--against`` commit extracts and plays with today's dependencies."""
    script = _script()
    source = script.extract_source(script.ISSUE_15, tmp_path)
    assert (source / "anaconda_poker" / "bots" / "montecarlo.py").is_file()
    issue_16 = source / "anaconda_poker" / "analysis" / "pass_model.py"
    assert not issue_16.exists()  # the pass-aware model came later
    run = script.play(source, "then", "montecarlo", "high_only", hands=2, seed=3, samples=20)
    assert run.hands == 2 and run.cpu > 0
