"""The arena on a Ray cluster: every chunk of blocks is one Ray task
(install with ``pip install 'anaconda-poker[ray]'``).

Blocks are deterministic (:mod:`anaconda_poker.bots.arena`: every deck and bot is seeded
from the run's seed and the block), so a run gives the same statistics (timings aside) and
the same hand rows as ``run_arena`` with any number of processes.

The cluster's nodes need the same version of anaconda-poker installed (Ray ships the
function, not the package). A local run (no address) starts Ray on this machine and stops
it at the end; a run on a cluster connects and disconnects.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from anaconda_poker.bots.arena import ArenaResult, ArenaSpec, ChunkCollector, chunks, play_chunk
from anaconda_poker.bots.histories import Row

__all__ = ["run_arena_ray"]


def run_arena_ray(
    spec: ArenaSpec,
    *,
    address: str | None = None,
    num_cpus: int | None = None,
    progress: Callable[[int], None] | None = None,
    histories: Callable[[list[Row]], None] | None = None,
) -> ArenaResult:
    """Play ``spec.hands`` hands as Ray tasks and summarise each bot's results.

    Args:
        spec: what to play.
        address: a running cluster (``"auto"``, ``"host:6379"``, ``"ray://host:10001"``);
            ``None`` starts a local Ray instance.
        num_cpus: CPUs of the local instance (``None`` = every core); only without
            ``address``.
        progress: called with the number of hands just finished, as tasks complete.
        histories: called with the rows of the hands just finished (see ``run_arena``).

    Returns:
        An :class:`ArenaResult` whose ``workers`` is the cluster's CPU count.

    Raises:
        ImportError: Ray is not installed.
        ValueError: ``num_cpus`` given with an ``address``, or below 1.
        ConnectionError: no cluster answers at ``address`` (Ray's own error otherwise).
        ArenaError: a bot returned an illegal action (re-raised from the task).
    """
    import ray as ray_module

    ray: Any = ray_module  # partly typed; its remote() typing rejects defaulted arguments
    if address is not None and num_cpus is not None:
        raise ValueError("num_cpus is for a local Ray instance; a cluster has its own CPUs")
    if num_cpus is not None and num_cpus < 1:
        raise ValueError(f"num_cpus must be at least 1, got {num_cpus}")
    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "configure_logging": False,
        }
        if address is None:
            options["num_cpus"] = num_cpus
        ray.init(address=address, **options)
    try:
        started = time.perf_counter()
        workers = int(ray.cluster_resources().get("CPU", 1))
        task = ray.remote(play_chunk)
        record = histories is not None
        pending = [task.remote(spec, blocks, record) for blocks in chunks(spec, workers)]
        collector = ChunkCollector(spec, progress=progress, histories=histories)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                collector.add(_unwrap(ray, ref))
        return collector.result(seconds=time.perf_counter() - started, workers=workers)
    finally:
        if started_here:
            ray.shutdown()


def _unwrap(ray: Any, ref: Any) -> Any:
    """The task's value; a failed task's own exception (e.g. ArenaError) is raised as is."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = exc.as_instanceof_cause()
        raise cause from None
