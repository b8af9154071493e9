"""Debian's nginx in front of a test server, configured from the shipped
``deploy/nginx/anaconda-poker.conf`` (only addresses, ports and certificate paths change).

The certificate is a throwaway one from a test authority made by ``trustme``; nginx runs in
the foreground (``daemon off``) with every path inside a temporary folder and listens only
on loopback ports.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import trustme

REPO = Path(__file__).resolve().parents[2]
SITE_CONFIG = REPO / "deploy" / "nginx" / "anaconda-poker.conf"
NODES_SITE_CONFIG = REPO / "deploy" / "nginx" / "anaconda-poker-nodes.conf"
NGINX_CANDIDATES = ("/usr/sbin/nginx", "/usr/bin/nginx")
START_TIMEOUT = 15.0
"""Seconds to wait for nginx to accept connections."""


@dataclass(frozen=True)
class Proxy:
    """A running nginx: its https and http base URLs and the CA file that trusts it."""

    https: str
    http: str
    ca_file: Path
    error_log: Path


def nginx_binary() -> str | None:
    """The nginx executable, or None when Debian's nginx is not installed."""
    for candidate in NGINX_CANDIDATES:
        if Path(candidate).exists():
            return candidate
    return shutil.which("nginx")


def free_port() -> int:
    """A TCP port that was free on 127.0.0.1 a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def render_site(upstream_port: int, http_port: int, https_port: int, cert: Path, key: Path) -> str:
    """The shipped site config with loopback listeners, the test upstream and certificate.

    Raises:
        AssertionError: when a line the test rewrites is no longer in the shipped file (the
            test must follow the config, never silently test something else).
    """
    text = SITE_CONFIG.read_text()
    replacements = {
        "server 127.0.0.1:8000;": f"server 127.0.0.1:{upstream_port};",
        "    listen 80;\n": f"    listen 127.0.0.1:{http_port};\n",
        "    listen [::]:80;\n": "",
        "    listen 443 ssl http2;\n": f"    listen 127.0.0.1:{https_port} ssl http2;\n",
        "    listen [::]:443 ssl http2;\n": "",
        "/etc/letsencrypt/live/poker.example.org/fullchain.pem": str(cert),
        "/etc/letsencrypt/live/poker.example.org/privkey.pem": str(key),
        "root /var/www/html;": f"root {cert.parent};",
    }
    for old, new in replacements.items():
        assert old in text, f"deploy/nginx/anaconda-poker.conf no longer has {old!r}"
        text = text.replace(old, new)
    return text


@contextlib.contextmanager
def running_nginx(upstream_port: int, workdir: Path) -> Iterator[Proxy]:
    """nginx in the foreground in front of ``127.0.0.1:upstream_port``; stopped afterwards."""
    binary = nginx_binary()
    assert binary is not None, "nginx is not installed"
    authority = trustme.CA()
    cert = authority.issue_cert("127.0.0.1", "localhost")
    cert_file, key_file, ca_file = workdir / "cert.pem", workdir / "key.pem", workdir / "ca.pem"
    cert.cert_chain_pems[0].write_to_path(str(cert_file))
    for extra in cert.cert_chain_pems[1:]:
        extra.write_to_path(str(cert_file), append=True)
    cert.private_key_pem.write_to_path(str(key_file))
    authority.cert_pem.write_to_path(str(ca_file))
    http_port, https_port = free_port(), free_port()
    site = workdir / "site.conf"
    site.write_text(render_site(upstream_port, http_port, https_port, cert_file, key_file))
    error_log = workdir / "error.log"
    for sub in ("client", "proxy", "fastcgi", "uwsgi", "scgi"):
        (workdir / sub).mkdir(exist_ok=True)
    main = workdir / "nginx.conf"
    main.write_text(
        f"""daemon off;
{"user root;" if os.geteuid() == 0 else ""}
worker_processes 1;
pid {workdir / "nginx.pid"};
error_log {error_log} warn;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    access_log {workdir / "access.log"};
    client_body_temp_path {workdir / "client"};
    proxy_temp_path {workdir / "proxy"};
    fastcgi_temp_path {workdir / "fastcgi"};
    uwsgi_temp_path {workdir / "uwsgi"};
    scgi_temp_path {workdir / "scgi"};
    include {site};
}}
"""
    )
    proc = subprocess.Popen(
        [binary, "-c", str(main), "-p", str(workdir), "-e", str(error_log)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if proc.poll() is not None:
                detail = proc.stderr.read() if proc.stderr else ""
                log = error_log.read_text() if error_log.exists() else ""
                raise AssertionError(f"nginx exited: {detail}\n{log}")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", https_port), timeout=0.5),
            ):
                break
            assert time.monotonic() < deadline, "nginx did not start listening"
            time.sleep(0.05)
        yield Proxy(
            https=f"https://127.0.0.1:{https_port}",
            http=f"http://127.0.0.1:{http_port}",
            ca_file=ca_file,
            error_log=error_log,
        )
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextlib.contextmanager
def running_nginx_nodes(
    ports: list[int], workdir: Path, *, worker_connections: int = 1024
) -> Iterator[tuple[str, Path]]:
    """nginx with the shipped ``deploy/nginx/anaconda-poker-nodes.conf`` in front of the
    nodes listening on ``ports`` (at most three: the file lists three); yields ``(https base
    URL, CA file)``. Also used by ``benchmarks/server_load.py --nodes``.

    Args:
        worker_connections: nginx's ``worker_connections`` (one worker process). Each
            proxied websocket holds two: the client's and the node's (docs/deploy.md §3).
    """
    binary = nginx_binary()
    assert binary is not None, "nginx is not installed"
    authority = trustme.CA()
    cert = authority.issue_cert("127.0.0.1", "localhost")
    cert_file, key_file, ca_file = workdir / "cert.pem", workdir / "key.pem", workdir / "ca.pem"
    cert.cert_chain_pems[0].write_to_path(str(cert_file))
    cert.private_key_pem.write_to_path(str(key_file))
    authority.cert_pem.write_to_path(str(ca_file))
    http_port, https_port = free_port(), free_port()
    site = NODES_SITE_CONFIG.read_text()
    replacements = {
        "    listen 80;\n": f"    listen 127.0.0.1:{http_port};\n",
        "    listen [::]:80;\n": "",
        "    listen 443 ssl http2;\n": f"    listen 127.0.0.1:{https_port} ssl http2;\n",
        "    listen [::]:443 ssl http2;\n": "",
        "/etc/letsencrypt/live/poker.example.org/fullchain.pem": str(cert_file),
        "/etc/letsencrypt/live/poker.example.org/privkey.pem": str(key_file),
        "root /var/www/html;": f"root {workdir};",
    }
    for i, port in enumerate(ports):
        replacements[f"server 127.0.0.1:{8001 + i} "] = f"server 127.0.0.1:{port} "
    for old, new in replacements.items():
        assert old in site, f"{NODES_SITE_CONFIG.name} no longer has {old!r}"
        site = site.replace(old, new)
    (workdir / "site.conf").write_text(site)
    for sub in ("client", "proxy", "fastcgi", "uwsgi", "scgi"):
        (workdir / sub).mkdir(exist_ok=True)
    main = workdir / "nginx.conf"
    main.write_text(
        f"""daemon off;
{"user root;" if os.geteuid() == 0 else ""}
worker_processes 1;
pid {workdir / "nginx.pid"};
error_log {workdir / "error.log"} warn;
worker_rlimit_nofile {2 * worker_connections + 64};
events {{ worker_connections {worker_connections}; }}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path {workdir / "client"};
    proxy_temp_path {workdir / "proxy"};
    fastcgi_temp_path {workdir / "fastcgi"};
    uwsgi_temp_path {workdir / "uwsgi"};
    scgi_temp_path {workdir / "scgi"};
    include {workdir / "site.conf"};
}}
"""
    )
    proc = subprocess.Popen(
        [binary, "-c", str(main), "-p", str(workdir), "-e", str(workdir / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 15
        while True:
            assert proc.poll() is None, (workdir / "error.log").read_text()
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", https_port), timeout=0.5).close()
                break
            assert time.monotonic() < deadline
            time.sleep(0.05)
        yield f"https://127.0.0.1:{https_port}", ca_file
    finally:
        proc.terminate()
        proc.wait(10)
