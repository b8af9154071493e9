"""The server's background loop (``server/periodic.py``): runs repeat, a failed run is
logged and the next one goes on, start is idempotent and stop ends the runs."""

from __future__ import annotations

import asyncio
import logging

import pytest

from anaconda_poker.server.periodic import Periodic

LOG = logging.getLogger("anaconda_poker.test.periodic")


async def test_runs_repeat_survive_a_failure_and_stop(caplog: pytest.LogCaptureFixture) -> None:
    runs = 0
    third = asyncio.Event()

    async def step() -> None:
        nonlocal runs
        runs += 1
        if runs == 3:
            third.set()
        if runs == 2:
            raise OSError("the database is gone")

    periodic = Periodic(step, 0.001, name="test", log=LOG, failure="the step failed")
    assert not periodic.running
    with caplog.at_level(logging.WARNING, logger=LOG.name):
        periodic.start()
        periodic.start()  # a second start adds no second loop
        await asyncio.wait_for(third.wait(), 5)
        await periodic.stop()
    assert not periodic.running
    failed = [r for r in caplog.records if r.getMessage() == "the step failed"]
    assert len(failed) == 1 and failed[0].levelno == logging.WARNING
    assert failed[0].exc_info is not None and "database is gone" in str(failed[0].exc_info[1])
    stopped_at = runs
    assert stopped_at >= 3
    await asyncio.sleep(0.05)
    assert runs == stopped_at  # nothing runs after stop
    await periodic.stop()  # stopping twice is harmless


async def test_a_run_in_progress_is_cancelled_by_stop() -> None:
    started = asyncio.Event()
    cancelled = False

    async def step() -> None:
        nonlocal cancelled
        started.set()
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            cancelled = True
            raise

    periodic = Periodic(step, 0.001, name="test", log=LOG, failure="unused")
    periodic.start()
    await asyncio.wait_for(started.wait(), 5)
    await asyncio.wait_for(periodic.stop(), 5)
    assert cancelled
