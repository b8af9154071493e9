"""Schema migrations (``storage/migrate.py``) on SQLite and on a real PostgreSQL: an empty
database upgrades to the head, one written before migrations existed is recognised and
stamped without losing a row, the head agrees with ``schema.py`` (Alembic's autogenerate finds
no difference, as ``alembic check`` would), and databases that are not ours, or from a newer
version, are refused without being changed."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, func, inspect, select, text
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))

from migration_fixtures import snapshot, write_pre_alembic_database

from anaconda_poker.cli.main import app
from anaconda_poker.storage.database import open_database
from anaconda_poker.storage.migrate import (
    BASELINE_REVISION,
    MigrationError,
    current_revision,
    head_revision,
    upgrade_database,
)
from anaconda_poker.storage.schema import hand_histories, metadata, poker_tables, table_events


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'poker.sqlite3'}"
    fresh: str = request.getfixturevalue("fresh_postgres_url")
    return fresh


@pytest.fixture
def engine(url: str) -> Iterator[Engine]:
    engine = open_database(url, create=False)
    yield engine
    engine.dispose()


def schema_differences(engine: Engine) -> list[object]:
    with engine.connect() as conn:
        return list(compare_metadata(MigrationContext.configure(conn), metadata))


def _difference_names(differences: list[object]) -> list[str]:
    """``"add_table NAME"`` / ``"add_column TABLE.COLUMN"`` of Alembic's differences (an index
    of an added table is part of the table)."""
    names: list[str] = []
    for diff in differences:
        if isinstance(diff, list):  # column changes come grouped
            names += _difference_names(diff)
        elif diff[0] == "add_table":  # type: ignore[index]
            names.append(f"add_table {diff[1].name}")  # type: ignore[index]
        elif diff[0] == "add_column":  # type: ignore[index]
            names.append(f"add_column {diff[2]}.{diff[3].name}")  # type: ignore[index]
        elif diff[0] == "add_index" and diff[1].table.name == "table_leases":  # type: ignore[index]
            continue
        else:
            names.append(repr(diff))
    return names


def revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return current_revision(conn)


def counts(engine: Engine) -> dict[str, int]:
    with engine.connect() as conn:
        return {
            t.name: conn.execute(select(func.count()).select_from(t)).scalar_one()
            for t in (poker_tables, table_events, hand_histories)
        }


def test_an_empty_database_upgrades_to_the_head_and_matches_the_models(engine: Engine) -> None:
    assert revision(engine) is None
    result = upgrade_database(engine)
    assert (result.before, result.after, result.stamped) == (None, head_revision(), False)
    assert revision(engine) == head_revision()
    assert set(inspect(engine).get_table_names()) == {*metadata.tables, "alembic_version"}
    assert schema_differences(engine) == []  # `alembic check`: models and head agree
    again = upgrade_database(engine)  # every server start runs it: a no-op at the head
    assert (again.before, again.after, again.stamped) == (head_revision(), head_revision(), False)


def test_a_database_from_before_migrations_is_stamped_and_keeps_every_row(
    engine: Engine,
) -> None:
    data = write_pre_alembic_database(engine)
    expected = {name: len(rows) for name, rows in data["rows"].items()}
    assert expected["table_events"] > 10 and expected["hand_histories"] == 1
    # the baseline is exactly the old schema: it lacks only what the later revisions add
    assert sorted(_difference_names(schema_differences(engine))) == [
        "add_column table_events.epoch",
        "add_table lobby_lines",
        "add_table table_leases",
    ]
    result = upgrade_database(engine)
    assert (result.before, result.stamped) == (BASELINE_REVISION, True)
    assert result.after == revision(engine) == head_revision()
    assert counts(engine) == expected
    with engine.connect() as conn:
        payloads = conn.execute(
            select(table_events.c.seq, table_events.c.payload).order_by(table_events.c.seq)
        ).all()
    assert [tuple(p) for p in payloads] == [
        (row["seq"], row["payload"]) for row in data["rows"]["table_events"]
    ]
    assert schema_differences(engine) == []


def test_open_database_upgrades_a_database_from_before_migrations(url: str) -> None:
    old = open_database(url, create=False)
    write_pre_alembic_database(old)
    old.dispose()
    upgraded = open_database(url)  # what every server start does
    try:
        assert revision(upgraded) == head_revision()
        assert counts(upgraded)["table_events"] == len(snapshot()["rows"]["table_events"])
    finally:
        upgraded.dispose()


def test_a_database_with_only_some_of_our_tables_is_refused_unchanged(engine: Engine) -> None:
    poker_tables.create(engine)
    with pytest.raises(MigrationError, match=r"only some .*poker_tables.*expected also"):
        upgrade_database(engine)
    assert set(inspect(engine).get_table_names()) == {"poker_tables"}


def test_a_database_from_a_newer_version_is_refused_unchanged(engine: Engine) -> None:
    upgrade_database(engine)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999_future'"))
    with pytest.raises(MigrationError, match=r"'9999_future'.*newer version"):
        upgrade_database(engine)
    assert revision(engine) == "9999_future"


@pytest.mark.postgres
def test_nodes_starting_together_upgrade_one_after_the_other(fresh_postgres_url: str) -> None:
    engines = [open_database(fresh_postgres_url, create=False) for _ in range(3)]
    results: list[object] = []
    errors: list[BaseException] = []

    def run(engine: Engine) -> None:
        try:
            results.append(upgrade_database(engine))
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(e,)) for e in engines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert errors == []
    befores = sorted(str(r.before) for r in results)  # type: ignore[attr-defined]
    head = head_revision()
    assert befores == [head, head, "None"]  # exactly one created it
    assert schema_differences(engines[0]) == []
    for engine in engines:
        engine.dispose()


def test_the_db_command_upgrades_and_reports(url: str) -> None:
    old = open_database(url, create=False)
    write_pre_alembic_database(old)
    old.dispose()
    runner = CliRunner()
    first = runner.invoke(app, ["db", "current", "--database", url])
    assert first.exit_code == 0, first.output
    assert "database: (none" in first.output
    result = runner.invoke(app, ["db", "upgrade", "--database", url])
    assert result.exit_code == 0, result.output
    assert f"stamped {BASELINE_REVISION}" in result.output
    second = runner.invoke(app, ["db", "upgrade", "--database", url])
    assert second.exit_code == 0 and "nothing to do" in second.output
    current = runner.invoke(app, ["db", "current", "--database", url])
    assert f"database: {head_revision()}" in current.output


def test_the_db_command_refuses_a_sqlite_file_a_server_holds(tmp_path: Path) -> None:
    from anaconda_poker.storage.lock import lock_database

    url = f"sqlite:///{tmp_path / 'held.sqlite3'}"
    lock = lock_database(url)
    try:
        import subprocess

        done = subprocess.run(
            [sys.executable, "-m", "anaconda_poker", "db", "upgrade", "--database", url],
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        lock.release()
    assert done.returncode == 3, done.stderr
    assert "cannot upgrade" in done.stderr
    assert not (tmp_path / "held.sqlite3").exists() or revision_of(url) is None


def revision_of(url: str) -> str | None:
    engine = open_database(url, create=False)
    try:
        return revision(engine)
    finally:
        engine.dispose()
