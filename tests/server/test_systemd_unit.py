"""The shipped systemd unit's command line is one ``anaconda-poker serve`` accepts
(``deploy/systemd/anaconda-poker.service``, docs/deploy.md §1.4): run with the unit's own
options (only the port and the database changed for the test), the server answers for the
public URL's host name, refuses other host names, and believes ``X-Forwarded-For`` from the
local proxy only."""

from __future__ import annotations

import asyncio
import shlex
import subprocess
import sys
from pathlib import Path

import httpx

UNIT = Path(__file__).resolve().parents[2] / "deploy" / "systemd" / "anaconda-poker.service"
PUBLIC = "https://poker.example.org"


def unit_serve_options() -> list[str]:
    """The options after ``serve`` on the unit's ``ExecStart`` (continuation lines joined,
    the environment file's public URL filled in)."""
    text = UNIT.read_text(encoding="utf-8").replace("\\\n", " ")
    line = next(x for x in text.splitlines() if x.startswith("ExecStart="))
    words = shlex.split(line.removeprefix("ExecStart="))
    assert words[0].endswith("/anaconda-poker") and words[1] == "serve", words
    return [w.replace("${ANACONDA_POKER_PUBLIC_URL}", PUBLIC) for w in words[2:]]


async def test_the_units_command_line_starts_a_server_that_checks_hosts(tmp_path: Path) -> None:
    options = unit_serve_options()
    assert options[options.index("--port") + 1] == "8000"
    # a friends' server lists no bots-only "Lobby" table of its own
    assert "--no-default-lobby" in options
    options[options.index("--port") + 1] = "0"
    command = [
        sys.executable, "-c", "from anaconda_poker.cli.main import main; main()", "serve",
        *options, "--database", f"sqlite:///{tmp_path / 'unit.sqlite3'}",
        "--create-rate", "0.001,1",
    ]  # fmt: skip
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        url = ""
        for _ in range(600):
            text = log.read_text()
            found = [x for x in text.splitlines() if x.startswith("listening on ")]
            if found:
                url = found[0].removeprefix("listening on ").strip().rstrip("/")
                # the friends' address comes first: the public URL, not the internal one
                serving = [x for x in text.splitlines() if "serving at" in x]
                assert serving == [f"anaconda-poker is serving at {PUBLIC}/"], text
                break
            assert proc.poll() is None, log.read_text()
            await asyncio.sleep(0.1)
        assert url.startswith("http://127.0.0.1:"), log.read_text()
        async with httpx.AsyncClient(base_url=url) as http:
            public = await http.get("/api/health", headers={"Host": "poker.example.org"})
            assert public.status_code == 200
            other = await http.get("/api/health", headers={"Host": "attacker.example"})
            assert other.status_code == 400 and other.json()["error"]["code"] == "bad_host"
            # behind the proxy (127.0.0.1, as nginx connects) each client has its own budget
            body = {"name": "T", "host_name": "Ann"}
            for client, status in [
                ("203.0.113.1", 201),
                ("203.0.113.2", 201),
                ("203.0.113.1", 429),
            ]:
                answer = await http.post(
                    "/api/tables",
                    json=body,
                    headers={"Host": "poker.example.org", "X-Forwarded-For": client},
                )
                assert answer.status_code == status, (client, answer.text)
    finally:
        proc.terminate()
        proc.wait(10)
