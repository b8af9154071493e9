"""The server announces its build in ``welcome`` (a page left open across an upgrade compares
it to the one it loaded with and offers a reload: ``tests/web/test_build_notice.py``); the
build changes with the web client's files, not only with the version number."""

from __future__ import annotations

from pathlib import Path

from server_helpers import create_table, local_settings, running_server, ws_client

from anaconda_poker import __version__
from anaconda_poker.server.build import build_id


async def test_welcome_names_the_servers_build(db_url: str, tmp_path: Path) -> None:
    async with running_server(local_settings(db_url, tmp_path)) as live:
        created = await create_table(live, seats=2, auto_start=False)
        client = await ws_client(live, {"token": created["token"]})
        welcome = await client.until(lambda f: f["type"] == "welcome")
        await client.close()
    assert welcome["build"] == build_id()
    assert welcome["build"].startswith(f"{__version__}+")


def test_the_build_changes_with_the_client_files(tmp_path: Path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    for folder, code in ((old, "let a = 1;"), (new, "let a = 2;")):
        (folder / "js").mkdir(parents=True)
        (folder / "js" / "table.js").write_text(code, encoding="utf-8")
    assert build_id(old) != build_id(new)
    assert build_id(old).split("+")[0] == build_id(new).split("+")[0] == __version__
