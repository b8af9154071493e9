"""The server keeps an idle HTTP connection open longer than the shipped proxies keep their
idle connections to it (``KEEP_ALIVE_SECONDS`` in ``cli/serve.py``). With uvicorn's 5 s the
server closed connections nginx still held for reuse, and a POST nginx sent on one as it
closed failed as a 502 (CI: "recv() failed (104: Connection reset by peer) while reading
response header from upstream", POST /api/advice)."""

from __future__ import annotations

import re
import socket
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from anaconda_poker.cli.serve import KEEP_ALIVE_SECONDS

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def seconds(text: str) -> int:
    value = re.fullmatch(r"(\d+)(s|m)?", text)
    assert value, text
    return int(value[1]) * (60 if value[2] == "m" else 1)


def test_every_shipped_proxy_closes_idle_connections_before_the_server() -> None:
    found = []
    for conf in sorted((DEPLOY / "nginx").glob("*.conf")):
        upstreams = re.findall(r"upstream \w+ \{(.*?)\}", conf.read_text(), flags=re.S)
        assert upstreams, conf
        for body in upstreams:
            if "keepalive " in body:  # pooled idle connections: they must time out first
                timeout = re.search(r"keepalive_timeout (\w+);", body)
                assert timeout, f"{conf.name}: an upstream pools connections without a timeout"
                found.append((conf.name, seconds(timeout[1])))
    caddy = re.search(r"keepalive (\w+)", (DEPLOY / "caddy" / "Caddyfile").read_text())
    assert caddy, "the Caddyfile does not set its upstream keepalive"
    found.append(("Caddyfile", seconds(caddy[1])))
    assert len(found) >= 4
    assert all(idle < KEEP_ALIVE_SECONDS for _, idle in found), (found, KEEP_ALIVE_SECONDS)


def test_an_idle_connection_still_serves_after_uvicorns_default(server: Any) -> None:
    """A request, 6 s of silence (uvicorn's default closes after 5), a second request on the
    same connection: the real ``serve`` process answers it."""
    where = urlsplit(server.url)
    request = (
        f"GET /api/health HTTP/1.1\r\nHost: {where.netloc}\r\nConnection: keep-alive\r\n\r\n"
    ).encode()
    with socket.create_connection((where.hostname, where.port), timeout=10) as sock:
        for attempt in range(2):
            if attempt:
                time.sleep(6)
            sock.sendall(request)
            answer = read_response(sock)
            assert answer.startswith(b"HTTP/1.1 200"), (attempt, answer[:200])


def read_response(sock: socket.socket) -> bytes:
    """One whole HTTP/1.1 response (its headers and ``Content-Length`` bytes of body): the
    headers and the body may come in separate reads, and a leftover body must not be read
    as the next answer. Empty if the server closed the connection."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = re.search(rb"(?i)content-length: *(\d+)", head)
    assert length, head
    while len(body) < int(length[1]):
        chunk = sock.recv(65536)
        assert chunk, "the connection closed inside a response"
        body += chunk
    return data
