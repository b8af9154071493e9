"""Opt-in memory reports of the server process: a diagnostic for memory that grows.

Set ``ANACONDA_POKER_TRACEMALLOC=FILE`` before ``anaconda-poker serve`` (or any process that
calls :func:`start_from_environment`) and every ``SECONDS`` seconds one block is appended to
``FILE``. Its first line says where the memory is (:func:`memory_line`: resident memory,
Python's allocated blocks and objects, SQLite's own allocations, the C heap in use and free),
its second the types of objects whose number grew most since the first report.
With ``FRAMES`` above 0, Python's :mod:`tracemalloc` also traces every allocation with
``FRAMES`` frames of stack; the first snapshot is taken after ``SECONDS`` (the warm-up) and
each block lists the allocation sites (``file:line``, then whole stacks) that grew most since
then, in bytes and blocks. ``ANACONDA_POKER_TRACEMALLOC_INTERVAL`` sets ``SECONDS`` (default
60), ``ANACONDA_POKER_TRACEMALLOC_FRAMES`` sets ``FRAMES`` (default 8; 0: the first line
only, which costs next to nothing). Tracing slows every allocation (the server needs about
twice the CPU) and takes memory of its own, so it is for diagnosis only
(``benchmarks/soak.py --tracemalloc``; ``docs/security.md``, "Memory over a long run").
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import gc
import os
import sys
import threading
import time
import tracemalloc
from collections import Counter
from pathlib import Path

ENVIRONMENT = "ANACONDA_POKER_TRACEMALLOC"
"""Names the file the reports are appended to; unset or empty: no reports."""

TOP_SITES = 25
"""Allocation sites (``file:line``) listed per report."""

TOP_STACKS = 6
"""Whole stacks listed per report (the biggest growers, with their callers)."""

TOP_TYPES = 12
"""Types of objects the cyclic collector tracks listed per report (those whose count grew
most since the first report)."""

_IGNORED = (
    tracemalloc.Filter(False, tracemalloc.__file__),
    tracemalloc.Filter(False, "<frozen importlib._bootstrap>"),
    tracemalloc.Filter(False, "<frozen importlib._bootstrap_external>"),
    tracemalloc.Filter(False, "<unknown>"),
)


class _MallInfo2(ctypes.Structure):
    """glibc's ``struct mallinfo2`` (glibc 2.33 and later), in bytes."""

    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd",
            "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost",
        )
    ]  # fmt: skip


def memory_line() -> str:
    """Where this process's memory is, on one line (sizes in MiB). Parts that cannot be read
    on this platform are left out:

    - ``RSS`` resident memory and its anonymous part (Linux ``/proc/self/status``);
    - ``Python`` blocks allocated by Python's allocators (``sys.getallocatedblocks``) and
      objects the cyclic collector tracks (containers: dicts, lists, instances); how often
      the collector has run on each generation (objects in reference cycles are freed only
      by a run over the generation they are in), and the objects ``gc.freeze`` set aside;
    - ``SQLite`` bytes SQLite has allocated itself (page caches, statements;
      ``sqlite3_memory_used``, which tracemalloc does not see), with its peak;
    - ``C heap`` bytes in use and free inside the C heap's arenas (glibc ``mallinfo2``);
      RSS counts free bytes too until the heap returns them to the system.
    """
    parts = []
    try:
        status = dict(
            line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines()
        )
        rss, anon = (int(status[k].split()[0]) / 1024 for k in ("VmRSS", "RssAnon"))
        parts.append(f"RSS {rss:.1f} MiB ({anon:.1f} anonymous)")
    except (OSError, KeyError, ValueError):
        pass
    parts.append(
        f"Python {sys.getallocatedblocks():,} blocks, {len(gc.get_objects()):,} tracked objects"
    )
    runs = "/".join(str(g["collections"]) for g in gc.get_stats())
    parts.append(f"collector runs {runs} (generations 0/1/2), {gc.get_freeze_count():,} frozen")
    try:
        sqlite = ctypes.CDLL(ctypes.util.find_library("sqlite3") or "libsqlite3.so.0")
        used, highwater = sqlite.sqlite3_memory_used, sqlite.sqlite3_memory_highwater
        used.restype = highwater.restype = ctypes.c_int64
        highwater.argtypes = [ctypes.c_int]
        parts.append(f"SQLite {used() / 2**20:.1f} MiB (peak {highwater(0) / 2**20:.1f})")
    except (OSError, AttributeError):
        pass
    try:
        mallinfo2 = ctypes.CDLL(None).mallinfo2
        mallinfo2.restype = _MallInfo2
        info = mallinfo2()
        parts.append(
            f"C heap {(info.uordblks + info.hblkhd) / 2**20:.1f} MiB in use, "
            f"{info.fordblks / 2**20:.1f} MiB free"
        )
    except (OSError, AttributeError):
        pass
    parts.append(f"{threading.active_count()} threads")
    return "; ".join(parts)


def _number(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    return float(value) if value else default


class MemoryReports(threading.Thread):
    """The daemon thread that appends a report to ``target`` every ``interval`` seconds.

    Args:
        target: the file reports are appended to.
        interval: seconds between reports (the first tracemalloc snapshot is the first one).
        tracing: list growing allocation sites too (tracemalloc must be tracing).
    """

    def __init__(self, target: Path, interval: float, *, tracing: bool) -> None:
        super().__init__(name="memory-report", daemon=True)
        self.target = target
        self.interval = interval
        self.tracing = tracing
        self._stop_event = threading.Event()
        self._full_started = 0.0
        self.full_runs: list[float] = []  # seconds of each full collection since the last report

    def _on_collection(self, phase: str, info: dict[str, int]) -> None:
        """``gc.callbacks`` hook: time the full (generation 2) collections."""
        if info["generation"] != 2:
            return
        if phase == "start":
            self._full_started = time.perf_counter()
        else:
            self.full_runs.append(time.perf_counter() - self._full_started)

    def start(self) -> None:
        """Start writing reports (and timing full collections)."""
        gc.callbacks.append(self._on_collection)
        super().start()

    def stop(self) -> None:
        """Write no more reports, and stop tracing if it was started for them."""
        self._stop_event.set()
        self.join()
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._on_collection)
        if self.tracing:
            tracemalloc.stop()

    def run(self) -> None:
        started = time.monotonic()
        first: tracemalloc.Snapshot | None = None
        first_types: Counter[str] | None = None
        while not self._stop_event.wait(self.interval):
            runs, self.full_runs = self.full_runs, []
            longest = f", longest {max(runs) * 1000:.0f} ms" if runs else ""
            block = (
                f"== {time.monotonic() - started:.0f} s: {memory_line()}; "
                f"{len(runs)} full collections since the last report{longest}\n"
            )
            types = Counter(type(o).__qualname__ for o in gc.get_objects())
            if first_types is None:
                first_types = types
            types.subtract(first_types)
            grown = ", ".join(f"{n:+,} {name}" for name, n in types.most_common(TOP_TYPES) if n)
            block += f"-- tracked objects that grew most by type: {grown or 'none'}\n"
            if self.tracing:
                now = tracemalloc.take_snapshot().filter_traces(_IGNORED)
                if first is None:
                    first = now
                block += growth_report(first, now)
            with self.target.open("a", encoding="utf-8") as out:
                out.write(block)


def start_from_environment() -> MemoryReports | None:
    """Start the reports when :data:`ENVIRONMENT` names a file (and tracing, unless
    ``ANACONDA_POKER_TRACEMALLOC_FRAMES`` is 0).

    Returns:
        The running report thread, or ``None`` when the variable is unset.

    Raises:
        ValueError: ``ANACONDA_POKER_TRACEMALLOC_INTERVAL`` is not a number above 0, or
            ``ANACONDA_POKER_TRACEMALLOC_FRAMES`` is not an integer from 0 up.
    """
    target = os.environ.get(ENVIRONMENT, "").strip()
    if not target:
        return None
    interval = _number(f"{ENVIRONMENT}_INTERVAL", 60.0)
    frames = _number(f"{ENVIRONMENT}_FRAMES", 8)
    if not interval > 0 or frames < 0 or frames != int(frames):
        raise ValueError(
            f"{ENVIRONMENT}_INTERVAL must be seconds > 0 and {ENVIRONMENT}_FRAMES an "
            f"integer >= 0, got {interval:g} and {frames:g}"
        )
    if frames:
        tracemalloc.start(int(frames))
    reports = MemoryReports(Path(target), interval, tracing=frames > 0)
    reports.start()
    return reports


def growth_report(first: tracemalloc.Snapshot, now: tracemalloc.Snapshot) -> str:
    """The allocation sites that grew most between two snapshots.

    Args:
        first: the baseline snapshot (after the warm-up).
        now: the current snapshot.

    Returns:
        Lines of text ending in a newline: the traced total, then ``+SIZE KiB +COUNT blocks
        file:line`` per site, then the biggest growing stacks, most recent call first.
    """
    current, peak = tracemalloc.get_traced_memory()
    total = sum(s.size for s in now.statistics("filename")) - sum(
        s.size for s in first.statistics("filename")
    )
    lines = [
        f"traced {current / 2**20:.1f} MiB (peak {peak / 2**20:.1f}), "
        f"{total / 2**20:+.2f} MiB since the first snapshot"
    ]
    for stat in now.compare_to(first, "lineno")[:TOP_SITES]:
        frame = stat.traceback[0]
        lines.append(
            f"{stat.size_diff / 1024:+10.1f} KiB {stat.count_diff:+8d} blocks "
            f"{frame.filename}:{frame.lineno}"
        )
    lines.append("-- biggest growing stacks (most recent call first):")
    for stat in now.compare_to(first, "traceback")[:TOP_STACKS]:
        lines.append(f"{stat.size_diff / 1024:+10.1f} KiB {stat.count_diff:+8d} blocks")
        lines.extend(f"      {f.filename}:{f.lineno}" for f in reversed(stat.traceback))
    return "\n".join(lines) + "\n"
