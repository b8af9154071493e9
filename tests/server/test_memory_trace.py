"""The opt-in allocation tracing of the server (``server/memory_trace.py``): the report names
the line that allocated what grew, and nothing is traced unless asked."""

from __future__ import annotations

import re
import time
import tracemalloc
from pathlib import Path

import pytest

from anaconda_poker.server import memory_trace
from anaconda_poker.server.memory_trace import growth_report, memory_line, start_from_environment


def _grow(kept: list[bytearray]) -> int:
    """Allocate 300 blocks of 4 KiB on one line and return that line's number."""
    kept.extend(bytearray(4096) for _ in range(300))
    return _grow.__code__.co_firstlineno + 2


def test_the_biggest_growing_site_is_the_line_that_allocated() -> None:
    tracemalloc.start(4)
    try:
        kept: list[bytearray] = []
        first = tracemalloc.take_snapshot()
        line = _grow(kept)
        now = tracemalloc.take_snapshot()
        report = growth_report(first, now)
    finally:
        tracemalloc.stop()
    header, top = report.splitlines()[:2]
    assert header.startswith("traced ")
    found = re.fullmatch(r"\s*\+([\d.]+) KiB\s+\+(\d+) blocks (.+):(\d+)", top)
    assert found is not None, top
    assert float(found[1]) >= 300 * 4096 / 1024
    assert int(found[2]) >= 300
    assert (Path(found[3]), int(found[4])) == (Path(__file__), line)
    assert "-- biggest growing stacks" in report


def test_nothing_is_traced_without_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(memory_trace.ENVIRONMENT, raising=False)
    assert start_from_environment() is None
    assert not tracemalloc.is_tracing()


@pytest.mark.parametrize(
    ("interval", "frames"), [("0", "8"), ("-1", "8"), ("5", "-1"), ("5", "1.5")]
)
def test_bad_settings_are_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, interval: str, frames: str
) -> None:
    monkeypatch.setenv(memory_trace.ENVIRONMENT, str(tmp_path / "trace.txt"))
    monkeypatch.setenv(f"{memory_trace.ENVIRONMENT}_INTERVAL", interval)
    monkeypatch.setenv(f"{memory_trace.ENVIRONMENT}_FRAMES", frames)
    with pytest.raises(ValueError, match="_INTERVAL must be seconds > 0"):
        start_from_environment()
    assert not tracemalloc.is_tracing()


def _wait_for_reports(target: Path, count: int) -> str:
    for _ in range(200):
        if target.exists() and target.read_text().count("== ") >= count:
            break
        time.sleep(0.05)
    return target.read_text()


def test_reports_list_growing_sites_until_stopped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "trace.txt"
    monkeypatch.setenv(memory_trace.ENVIRONMENT, str(target))
    monkeypatch.setenv(f"{memory_trace.ENVIRONMENT}_INTERVAL", "0.05")
    monkeypatch.setenv(f"{memory_trace.ENVIRONMENT}_FRAMES", "1")
    reports = start_from_environment()
    assert reports is not None
    try:
        assert tracemalloc.is_tracing()
        text = _wait_for_reports(target, 2)
    finally:
        reports.stop()
    assert not reports.is_alive() and not tracemalloc.is_tracing()
    assert text.count("== ") >= 2
    assert text.count("-- biggest growing stacks") == text.count("== ")
    written = target.read_text()
    time.sleep(0.2)
    assert target.read_text() == written  # nothing after stop()


def test_the_memory_line_counts_what_python_allocates() -> None:
    before = memory_line()
    kept = [object() for _ in range(100_000)]  # untracked by gc: blocks only
    after = memory_line()
    blocks = [
        int(line.split("Python ")[1].split(" blocks")[0].replace(",", ""))
        for line in (before, after)
    ]
    assert blocks[1] - blocks[0] >= len(kept)
    assert "RSS " in after and "MiB" in after and "threads" in after


def test_without_frames_only_the_memory_line_is_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "memory.txt"
    monkeypatch.setenv(memory_trace.ENVIRONMENT, str(target))
    monkeypatch.setenv(f"{memory_trace.ENVIRONMENT}_INTERVAL", "0.05")
    monkeypatch.setenv(f"{memory_trace.ENVIRONMENT}_FRAMES", "0")
    reports = start_from_environment()
    assert reports is not None
    try:
        assert not tracemalloc.is_tracing()
        lines = _wait_for_reports(target, 2).splitlines()
    finally:
        reports.stop()
    assert len(lines) >= 4
    headers, types = lines[::2], lines[1::2]
    assert all(re.match(r"== \d+ s: RSS .* full collections since", h) for h in headers), lines
    assert all(line.startswith("-- tracked objects that grew") for line in types), lines
