"""The per-machine cache file of the evaluator's tables: same tables, validated by hashes,
rebuilt when stale or damaged, never in the way."""

from __future__ import annotations

import zipfile
from pathlib import Path

import numpy as np
import pytest

from anaconda_poker import tablecache
from anaconda_poker.core.evaluation import tables as core_tables
from anaconda_poker.core.evaluation.tables import ARRAY_NAMES, Tables, build_tables


@pytest.fixture(scope="module")
def built() -> Tables:
    return build_tables()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(tablecache.ENVIRONMENT, str(tmp_path / "cache"))
    return tmp_path / "cache"


def same_tables(a: Tables, b: Tables) -> bool:
    arrays = (*ARRAY_NAMES, "high_table")
    return (
        all(np.array_equal(getattr(a, n), getattr(b, n)) for n in arrays)
        and all(getattr(a, n).dtype == getattr(b, n).dtype for n in arrays)
        and a.flush_list == b.flush_list
        and bytes(a.rank_view) == bytes(b.rank_view)
        and bytes(a.displacement_view) == bytes(b.displacement_view)
        and bytes(a.high_view) == bytes(b.high_view)
    )


def test_the_package_supplies_the_tables_from_the_cache() -> None:
    assert core_tables._provider is tablecache.load_tables


def test_first_load_builds_and_writes_then_reads_the_same_tables(
    cache: Path, built: Tables
) -> None:
    first = tablecache.load_tables()
    path = tablecache.cache_path()
    assert path is not None and path.parent == cache and path.exists()
    assert same_tables(first, built)
    again = tablecache.read_tables(path)
    assert same_tables(again, built)
    assert not again.rank_table.flags.writeable
    keys = np.array([built.rank_keys[[12, 12, 11, 11, 0]].sum()], dtype=np.int64)
    assert again.entries(keys).tolist() == built.entries(keys).tolist()


def test_a_damaged_file_is_refused_and_replaced(cache: Path, built: Tables) -> None:
    tablecache.load_tables()
    path = tablecache.cache_path()
    assert path is not None
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 8] = bytes(8)
    path.write_bytes(bytes(data))
    with pytest.raises((ValueError, zipfile.BadZipFile)):
        tablecache.read_tables(path)
    assert same_tables(tablecache.load_tables(), built)
    assert same_tables(tablecache.read_tables(path), built)  # rewritten whole


def test_changed_arrays_fail_the_content_hash(cache: Path, built: Tables) -> None:
    path = tablecache.cache_path()
    assert path is not None
    tablecache.write_tables(path, built)
    with np.load(path) as stored:
        fields = {name: stored[name] for name in stored.files}
    flush = fields["flush_table"].copy()
    flush[0] = 1
    fields["flush_table"] = flush
    np.savez(path, **fields)  # a valid archive with one wrong value
    with pytest.raises(ValueError, match="content hash"):
        tablecache.read_tables(path)


def test_tables_of_other_sources_are_refused(cache: Path, built: Tables) -> None:
    path = tablecache.cache_path()
    assert path is not None
    tablecache.write_tables(path, built)
    with np.load(path) as stored:
        fields = {name: stored[name] for name in stored.files}
    fields["source_hash"] = np.array("0" * 64)
    np.savez(path, **fields)
    with pytest.raises(ValueError, match="other sources"):
        tablecache.read_tables(path)
    assert path.name == f"tables-{tablecache.source_hash()[:16]}.npz"


def test_off_builds_in_memory_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, built: Tables
) -> None:
    monkeypatch.setenv(tablecache.ENVIRONMENT, "off")
    assert tablecache.cache_path() is None
    assert same_tables(tablecache.load_tables(), built)
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_place_still_gives_the_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, built: Tables
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv(tablecache.ENVIRONMENT, str(blocker / "cache"))
    assert same_tables(tablecache.load_tables(), built)
