"""Host names and client addresses (issue 17 item 5, ``server/http_security.py``).

The DNS-rebinding attack of the issue against a real server: a page on another site whose
name points at the server sends ``Host`` and ``Origin`` both naming that site. Nothing may
come of it: no table, no token, no websocket. Then the options of ``anaconda-poker serve``
(a real process) and the client address the rate limits count behind a proxy.
"""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from server_helpers import create_table, running_server, seeded_policies
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from anaconda_poker.server.http_security import (
    AllowedHosts,
    allowed_hosts_for,
    client_address,
    host_name,
    parse_networks,
    public_origin,
    public_url_host,
)
from anaconda_poker.server.settings import ServerSettings

EVIL = "rebind.attacker.example"


def settings_for(tmp_path: Path, **changes: object) -> ServerSettings:
    static = tmp_path / "static"
    static.mkdir(parents=True, exist_ok=True)
    (static / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    options: dict[str, object] = {
        "database_url": f"sqlite:///{tmp_path / 'game.sqlite3'}",
        "static_dir": static,
        "create_default_lobby": False,
        "between_hands": 0.0,
        "policy_factory": seeded_policies(),
        **changes,
    }
    return ServerSettings(**options)  # type: ignore[arg-type]


# ------------------------------------------------------------------ host names
@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("localhost", "localhost"),
        ("LocalHost:8000", "localhost"),
        ("poker.example.org.", "poker.example.org"),
        ("127.0.0.1:8000", "127.0.0.1"),
        ("[::1]:8000", "::1"),
        ("[::1]", "::1"),
        ("", None),
        ("a b", None),
        ("evil.example@127.0.0.1", None),
        ("127.0.0.1:80x", None),
        ("[::1", None),
        ("[::1]x", None),
        (None, None),
    ],
)
def test_host_header_names(header: str | None, name: str | None) -> None:
    assert host_name(header) == name


def test_default_names_are_loopback_the_bind_address_and_the_public_url() -> None:
    hosts = allowed_hosts_for(
        "192.168.1.20", public_url="https://Poker.Example.org/", extra=["tail.net:8000"]
    )
    for good in (
        "localhost:8000",
        "127.0.0.1",
        "[::1]:8000",
        "192.168.1.20:8000",
        "poker.example.org",
        "tail.net",
    ):
        assert hosts.allows(good), good
    for bad in (f"{EVIL}:8000", "192.168.1.21:8000", "10.0.0.1", None, "", "localhost.evil"):
        assert not hosts.allows(bad), bad


def test_a_wildcard_bind_answers_any_address_but_no_other_name() -> None:
    hosts = allowed_hosts_for("0.0.0.0")
    assert hosts.allows("192.168.1.20:8000") and hosts.allows("[fe80::1]:8000")
    assert hosts.allows("localhost:8000")
    assert not hosts.allows(f"{EVIL}:8000")


def test_star_turns_the_check_off_and_bad_names_are_refused() -> None:
    assert allowed_hosts_for("127.0.0.1", extra=["*"]).allows(EVIL)
    assert AllowedHosts.of(["*"]).allows(None)
    with pytest.raises(ValueError, match="not a host name"):
        AllowedHosts.of(["poker.example.org/path"])
    with pytest.raises(ValueError, match="http:// or https:// URL"):
        public_url_host("poker.example.org")
    assert public_url_host("https://poker.example.org:8443/x") == "poker.example.org"
    assert public_origin("https://Poker.Example.org:443/x") == "https://poker.example.org"
    assert public_origin("http://poker.example.org:8080") == "http://poker.example.org:8080"
    assert public_origin("https://[2001:db8::1]/") == "https://[2001:db8::1]"
    with pytest.raises(ValueError, match="invalid port"):
        public_origin("https://poker.example.org:99999")


# ------------------------------------------------------------------ client addresses
def test_forwarded_for_counts_only_behind_a_trusted_proxy() -> None:
    proxy = parse_networks(["127.0.0.1, 10.0.0.0/8"])
    # not from the proxy: the header is the client's own words
    assert client_address("203.0.113.9", ["1.2.3.4"], proxy) == "203.0.113.9"
    # from the proxy: the right-most address that is not a proxy
    assert client_address("127.0.0.1", ["1.2.3.4, 203.0.113.9"], proxy) == "203.0.113.9"
    assert client_address("127.0.0.1", ["203.0.113.9, 10.1.2.3"], proxy) == "203.0.113.9"
    assert client_address("127.0.0.1", ["1.2.3.4", "203.0.113.9"], proxy) == "203.0.113.9"
    assert client_address("127.0.0.1", ["10.0.0.2, 127.0.0.1"], proxy) == "10.0.0.2"
    assert client_address("127.0.0.1", [], proxy) == "127.0.0.1"
    assert client_address("127.0.0.1", ["1.2.3.4"], ()) == "127.0.0.1"  # nobody trusted
    assert client_address("198.51.100.1", ["1.2.3.4"], parse_networks(["*"])) == "1.2.3.4"
    with pytest.raises(ValueError, match="not an IP address or network"):
        parse_networks(["proxy.local"])


addresses = st.ip_addresses(v=4).map(str)


@given(forged=st.lists(addresses | st.just("unknown"), max_size=5), real=addresses)
def test_a_client_cannot_choose_its_address_by_writing_forwarded_for(
    forged: list[str], real: str
) -> None:
    """Whatever a client puts in X-Forwarded-For, a trusted proxy appends the address it
    saw, and that address is what counts (unless it is itself a trusted proxy)."""
    assume(real != "127.0.0.1")
    proxy = parse_networks(["127.0.0.1"])
    assert client_address("127.0.0.1", [", ".join([*forged, real])], proxy) == real


# ------------------------------------------------------------------ the attack, live
async def test_dns_rebinding_creates_nothing_and_opens_no_websocket(tmp_path: Path) -> None:
    async with running_server(settings_for(tmp_path)) as live:
        port = int(live.http.rsplit(":", 1)[1])
        foreign = {"Host": f"{EVIL}:{port}", "Origin": f"http://{EVIL}:{port}"}
        body = {"name": "Stolen", "host_name": "Mallory", "listed": True}
        async with httpx.AsyncClient(base_url=live.http) as http:
            created = await http.post("/api/tables", json=body, headers=foreign)
            assert created.status_code == 400, created.text
            assert created.json()["error"]["code"] == "bad_host"
            assert "token" not in created.text
            assert live.lobby.tables == {}
            for path in ("/", "/api/tables", "/api/health"):
                answer = await http.get(path, headers=foreign)
                assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_host"
            # the same request under the server's own name is served
            own = {"Origin": live.http}
            assert (await http.post("/api/tables", json=body, headers=own)).status_code == 201
        table = await create_table(live)
        server_log = _Records()
        logging.getLogger("uvicorn.error").addHandler(server_log)
        try:
            for _ in range(3):
                with pytest.raises(InvalidStatus) as refused:
                    async with connect(
                        f"ws://{EVIL}:{port}/ws",
                        host="127.0.0.1",
                        port=port,
                        origin=foreign["Origin"],  # type: ignore[arg-type]
                    ):
                        pass
                # closed before it is accepted: uvicorn answers 403
                assert refused.value.response.status_code == 403
            async with httpx.AsyncClient(base_url=live.http) as http:
                assert (await http.get("/api/health")).status_code == 200  # the server is fine
        finally:
            logging.getLogger("uvicorn.error").removeHandler(server_log)
        # a refused handshake is routine, not a server error: no ERROR line per attempt
        assert [r.getMessage() for r in server_log.records if r.levelno >= logging.ERROR] == []
        # nothing joined the table
        assert all(not t.connections for t in live.lobby.tables.values())
        assert table["token"]


class _Records(logging.Handler):
    """Keeps every record logged to the logger it is added to (uvicorn's loggers do not
    propagate to the root logger, so pytest's caplog does not see them)."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


async def test_forwarded_for_from_a_trusted_proxy_gives_each_client_its_own_budget(
    tmp_path: Path,
) -> None:
    settings = settings_for(
        tmp_path,
        create_rate_limit=(0.001, 1.0),  # one creation per address, then 429
        forwarded_allow_ips=parse_networks(["127.0.0.1"]),
    )
    body = {"name": "T", "host_name": "Ann", "action_timer": None}
    async with running_server(settings) as live, httpx.AsyncClient(base_url=live.http) as http:

        async def create(forwarded: str) -> int:
            response = await http.post(
                "/api/tables", json=body, headers={"X-Forwarded-For": forwarded}
            )
            return response.status_code

        assert await create("203.0.113.1") == 201
        assert await create("203.0.113.2") == 201
        # a client cannot get a fresh budget by writing its own X-Forwarded-For in front
        assert await create("198.51.100.7, 203.0.113.1") == 429
        assert await create("203.0.113.2") == 429

    untrusted = settings_for(tmp_path / "u", create_rate_limit=(0.001, 1.0))
    async with running_server(untrusted) as live, httpx.AsyncClient(base_url=live.http) as http:
        first = await http.post("/api/tables", json=body, headers={"X-Forwarded-For": "1.1.1.1"})
        other = await http.post("/api/tables", json=body, headers={"X-Forwarded-For": "2.2.2.2"})
        assert (first.status_code, other.status_code) == (201, 429)  # the peer counts


# ------------------------------------------------------------------ the command line
async def test_serve_answers_its_names_and_refuses_others(tmp_path: Path) -> None:
    command = [
        sys.executable, "-c", "from anaconda_poker.cli.main import main; main()", "serve",
        "--host", "127.0.0.1", "--port", "0", "--database", f"sqlite:///{tmp_path / 'g.db'}",
        "--no-default-lobby", "--static-dir", str(tmp_path),
        "--allowed-host", "poker.lan", "--public-url", "https://play.example.org",
    ]  # fmt: skip
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        url = ""
        for _ in range(600):
            text = log.read_text()
            lines = [x for x in text.splitlines() if x.startswith("listening on ")]
            if lines:
                url = lines[0].removeprefix("listening on ").strip().rstrip("/")
                assert "anaconda-poker is serving at https://play.example.org/\n" in text
                break
            assert proc.poll() is None, log.read_text()
            await asyncio.sleep(0.1)
        assert url, log.read_text()
        port = url.rsplit(":", 1)[1]
        async with httpx.AsyncClient(base_url=url) as http:
            for name, status in [
                (f"127.0.0.1:{port}", 200),
                (f"localhost:{port}", 200),
                (f"poker.lan:{port}", 200),
                ("play.example.org", 200),
                (f"{EVIL}:{port}", 400),
            ]:
                answer = await http.get("/api/health", headers={"Host": name})
                assert answer.status_code == status, (name, answer.text)
            # the public URL's origin may write even when the proxy rewrites Host
            created = await http.post(
                "/api/tables",
                json={"name": "T", "host_name": "Ann"},
                headers={"Origin": "https://play.example.org"},
            )
            assert created.status_code == 201, created.text
    finally:
        proc.terminate()
        proc.wait(10)

    bad = subprocess.run(
        [*command[:4], "--allowed-host", "a/b", "--database", "sqlite:///x.db"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert bad.returncode == 2 and "not a host name" in bad.stderr
