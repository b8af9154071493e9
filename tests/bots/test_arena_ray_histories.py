"""The arena on Ray (a local two-CPU instance) and the Parquet hand histories: the same
statistics and rows as in processes, rows that replay to the chips they record, and the
README's one-line query."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest
import ray
from typer.testing import CliRunner

from anaconda_poker.bots.arena import ArenaResult, ArenaSpec, run_arena
from anaconda_poker.bots.arena_ray import run_arena_ray
from anaconda_poker.bots.histories import COLUMNS, HistoryWriter, Row
from anaconda_poker.cli.main import app
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.history import replay

SEATS = ("heuristic", "random", "calling-station")
README = Path(__file__).resolve().parents[2] / "README.md"


def _spec(hands: int = 9) -> ArenaSpec:
    # one-block sessions: several tasks, so progress moves as they finish
    return ArenaSpec(
        config=TableConfig(), seats=SEATS, hands=hands, seed=7, stack=100, session_blocks=1
    )


def _numbers(result: ArenaResult) -> list[tuple[object, ...]]:
    return [
        (b.name, b.seat_hands, b.chips.mean, b.chips.se, b.pots_won, b.scoops, b.showdowns)
        for b in result.bots
    ]


def _sorted(rows: list[Row]) -> list[Row]:
    return sorted(rows, key=lambda r: (r["hand"], r["seat"]))


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray instance with two CPUs for this module's tests."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.timeout(300)
@pytest.mark.xdist_group("ray")
def test_ray_gives_the_results_and_rows_of_processes(local_ray: None) -> None:
    spec = _spec(11)  # three full blocks and a partial one
    local_rows: list[Row] = []
    local = run_arena(spec, workers=1, histories=local_rows.extend)
    ray_rows: list[Row] = []
    done: list[int] = []
    remote = run_arena_ray(spec, progress=done.append, histories=ray_rows.extend)
    assert _numbers(remote) == _numbers(local)
    assert remote.workers == 2
    assert sum(done) == 11 and len(done) >= 2
    assert _sorted(ray_rows) == _sorted(local_rows)
    assert ray.is_initialized()  # a Ray it did not start is left running


@pytest.mark.timeout(300)
@pytest.mark.xdist_group("ray")
def test_simulate_ray_command(local_ray: None, tmp_path: Path) -> None:
    out, parquet = tmp_path / "r.json", tmp_path / "h.parquet"
    args = ["simulate", "--hands", "6", "--seats", ",".join(SEATS), "--seed", "7"]
    args += [
        "--stack",
        "100",
        "--session-blocks",
        "1",
        "--out",
        str(out),
        "--histories",
        str(parquet),
    ]
    result = CliRunner().invoke(app, [*args, "--ray", "local"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    local = run_arena(_spec(6), workers=1).to_dict()
    for got, want in zip(data["bots"], local["bots"], strict=True):
        got.pop("hands_per_second")
        want.pop("hands_per_second")
        assert got == want
    assert pq.read_table(parquet).num_rows == 6 * 3


def test_parquet_rows_replay_to_their_chips(tmp_path: Path) -> None:
    spec = _spec(9)
    path = tmp_path / "hands.parquet"
    with HistoryWriter(path) as writer:
        result = run_arena(spec, workers=1, histories=writer.write)
    table = pq.read_table(path)
    assert table.column_names == list(COLUMNS)
    rows = _sorted(table.to_pylist())
    assert len(rows) == 9 * 3
    assert [r["hand"] for r in rows[::3]] == list(range(9))
    for first in range(0, len(rows), 3):
        hand = rows[first : first + 3]
        assert sum(r["net"] for r in hand) == 0
        state = replay(json.loads(hand[0]["history"]))
        assert state.result is not None
        for r in hand:
            assert r["net"] == state.result.net.get(r["seat"], 0)
            assert r["dealt"] == json.loads(r["history"])["dealt"][str(r["seat"])]
            assert r["folded"] == (not state.live[r["seat"]])
            assert len(r["kept"]) in (0, 5)
            assert json.loads(r["config"]) == spec.config.to_dict()
    for stats in result.bots:
        mine = [r["net"] for r in rows if r["bot"] == stats.name]
        assert len(mine) == stats.seat_hands
        assert sum(mine) / len(mine) == pytest.approx(stats.chips.mean)


def test_parquet_rows_do_not_depend_on_workers(tmp_path: Path) -> None:
    spec = _spec(6)
    one: list[Row] = []
    two: list[Row] = []
    run_arena(spec, workers=1, histories=one.extend)
    run_arena(spec, workers=2, histories=two.extend)
    assert _sorted(one) == _sorted(two)


def test_readme_query_runs(tmp_path: Path) -> None:
    """The README's DuckDB one-liner, on a file written by simulate --histories."""
    text = README.read_text(encoding="utf-8")
    query = re.search(r'duckdb -c "(SELECT[^"]+)"', text)
    assert query is not None
    path = tmp_path / "hands.parquet"
    result = CliRunner().invoke(
        app, ["simulate", "--hands", "6", "--seats", "random,random", "--histories", str(path)]
    )
    assert result.exit_code == 0, result.output
    sql = query.group(1).replace("'hands.parquet'", f"'{path}'")
    rows = duckdb.sql(sql).fetchall()
    assert sum(r[1] for r in rows) == 12  # hands per class add up to every seat's hand


def test_simulate_rejects_workers_with_ray_and_a_folder_for_histories(tmp_path: Path) -> None:
    both = CliRunner().invoke(app, ["simulate", "--hands", "2", "--ray", "local", "--workers", "2"])
    assert both.exit_code == 2
    assert "--ray" in both.output
    folder = CliRunner().invoke(app, ["simulate", "--hands", "2", "--histories", str(tmp_path)])
    assert folder.exit_code == 2
    assert "--histories takes a file name" in folder.output
