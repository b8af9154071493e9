"""Fixtures for the browser tests: a real `anaconda-poker serve` and Debian's Chromium.

The server runs as a subprocess on a free port with a fresh SQLite file; Chromium is driven
by Playwright for Python (never Playwright's own browser download). Every page records its
console errors and uncaught exceptions, and the test fails if there is any.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

# the browser tests share helpers (test_e2e, test_web_review, nginx_proxy): importlib mode
sys.path.insert(0, str(Path(__file__).parent))

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "artifacts" / "screenshots"
SERVE_TIMEOUT = 60.0
"""Seconds to wait for the server to print its URL."""


def _serve_command() -> list[str]:
    exe = Path(sys.executable).with_name("anaconda-poker")
    if exe.exists():
        return [str(exe), "serve"]
    return [sys.executable, "-m", "anaconda_poker.cli.main", "serve"]


@dataclass
class Server:
    """A running server: its base URL and process."""

    url: str
    process: subprocess.Popen[str]
    log: list[str] = field(default_factory=list)


@contextlib.contextmanager
def serve_process(workdir: Path, *extra: str) -> Iterator[Server]:
    """`anaconda-poker serve` on 127.0.0.1 with a free port and a fresh SQLite file in
    ``workdir``, plus the ``extra`` command-line options; stopped when the block ends."""
    db = workdir / "web-e2e.sqlite3"
    cmd = [
        *_serve_command(),
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--database",
        f"sqlite:///{db}",
        "--no-default-lobby",
        "--between-hands",
        "1.5",
        *extra,
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=workdir,
    )
    assert proc.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + SERVE_TIMEOUT
    url = None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            if proc.poll() is not None:
                break
            continue
        lines.append(line)
        match = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
        if match:
            url = match.group(1)
            break
    if url is None:
        proc.kill()
        pytest.fail("the server did not start:\n" + "".join(lines))
    server = Server(url=url, process=proc, log=lines)

    def drain() -> None:  # keep reading so a chatty server never blocks on a full pipe
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)

    threading.Thread(target=drain, daemon=True).start()
    try:
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`anaconda-poker serve` on 127.0.0.1 with a free port and a temporary SQLite database."""
    with serve_process(tmp_path_factory.mktemp("serve")) as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium through Playwright."""
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@dataclass
class PageProbe:
    """A page plus everything it reported: console errors, page errors, websocket frames."""

    page: Any
    errors: list[str] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)


PHONE = {"width": 375, "height": 667}
DESKTOP = {"width": 1360, "height": 900}


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[..., PageProbe]]:
    """Factory: a fresh browser context (its own localStorage) and page, with error probes.

    At teardown the test fails if any page logged a console error or threw.
    """
    probes: list[PageProbe] = []
    contexts: list[Any] = []

    def make(
        *,
        viewport: dict[str, int] | None = None,
        locale: str = "en-US",
        mobile: bool = False,
        ignore_https_errors: bool = False,
    ) -> PageProbe:
        context = browser.new_context(
            viewport=viewport or DESKTOP,
            locale=locale,
            is_mobile=mobile,
            has_touch=mobile,
            device_scale_factor=1,
            ignore_https_errors=ignore_https_errors,
        )
        context.set_default_timeout(30_000)
        contexts.append(context)
        page = context.new_page()
        probe = PageProbe(page=page)
        page.on(
            "console",
            lambda msg: (
                probe.errors.append(f"console {msg.type}: {msg.text}")
                if msg.type == "error"
                else None
            ),
        )
        page.on("pageerror", lambda exc: probe.errors.append(f"pageerror: {exc}"))

        def on_ws(ws: Any) -> None:
            ws.on("framereceived", lambda payload: probe.frames.append(str(payload)))

        page.on("websocket", on_ws)
        probes.append(probe)
        return probe

    yield make
    for context in contexts:
        context.close()
    errors = [e for p in probes for e in p.errors]
    assert not errors, "browser console errors:\n" + "\n".join(errors)


@pytest.fixture
def module_page(server: Any, open_page: Any) -> Any:
    """A page of ours (the English rules page) for tests that import the client's ES
    modules with ``await import('/js/...')``: same origin, no table."""
    page = open_page().page
    page.goto(server.url + "/rules/en.html")
    return page


@pytest.fixture
def shot() -> Callable[..., Path]:
    """Save a screenshot under artifacts/screenshots/ (gitignored): ``shot(page, "name")``."""

    def take(page: Any, name: str, *, full_page: bool = False) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take
