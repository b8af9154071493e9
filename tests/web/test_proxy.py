"""The deployment of docs/deploy.md, for real: Debian's nginx with the shipped site config
(TLS with a throwaway certificate) in front of `anaconda-poker serve`, and Debian's Chromium
playing through it over https and wss.

What it shows: websockets pass the proxy (and a reload reconnects the seat with its cards),
plain http is redirected to https, static files are gzipped with the cache headers the
config promises, API answers are never cached, HSTS is on every answer, and the metrics
are not published.
"""

from __future__ import annotations

import ssl
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from nginx_proxy import Proxy, nginx_binary, running_nginx
from test_e2e import create_table_in_lobby, hand_and_version, page_facts, play_until_hand_done

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]
MY_CARDS = "#my-hand [data-card]"


@pytest.fixture(scope="module")
def proxy(server: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxy]:
    """nginx with deploy/nginx/anaconda-poker.conf in front of the session's server."""
    if nginx_binary() is None:
        pytest.skip("Debian's nginx is not installed (make test installs it)")
    port = int(server.url.rsplit(":", 1)[1])
    with running_nginx(port, tmp_path_factory.mktemp("nginx")) as running:
        yield running


def test_plain_http_is_redirected_to_https(proxy: Proxy) -> None:
    response = httpx.get(proxy.http + "/t/abc?x=1", follow_redirects=False)
    assert response.status_code == 301
    assert response.headers["location"] == "https://127.0.0.1/t/abc?x=1"


def test_static_files_are_compressed_and_revalidated(proxy: Proxy) -> None:
    trust = ssl.create_default_context(cafile=str(proxy.ca_file))
    with httpx.Client(base_url=proxy.https, verify=trust) as client:
        script = client.get("/js/main.js", headers={"Accept-Encoding": "gzip"})
        assert script.status_code == 200
        assert script.headers["content-encoding"] == "gzip"
        assert script.headers["cache-control"] == "no-cache"
        assert "max-age=31536000" in script.headers["strict-transport-security"]
        assert "import" in script.text  # decoded by httpx: the real module
        # revalidation: the ETag the server sent gives 304 without a body
        again = client.get("/js/main.js", headers={"If-None-Match": script.headers["etag"]})
        assert again.status_code == 304
        health = client.get("/api/health")
        assert health.status_code == 200
        assert health.headers["cache-control"] == "no-store"
        assert "max-age=31536000" in health.headers["strict-transport-security"]


def test_metrics_are_not_published_through_the_proxy(server: Any, proxy: Proxy) -> None:
    assert httpx.get(server.url + "/metrics").status_code == 200  # the node's own address
    trust = ssl.create_default_context(cafile=str(proxy.ca_file))
    with httpx.Client(base_url=proxy.https, verify=trust) as client:
        for path in ("/metrics", "/metrics?x=1", "/%6Detrics", "/metrics/"):
            response = client.get(path)
            assert "anaconda_poker" not in response.text, path
            assert response.status_code == 404, path
            # answered by nginx itself (the server's own refusal is JSON): the config denies it
            assert "application/json" not in response.headers["content-type"], path


def test_browser_plays_over_https_and_wss_and_survives_a_reload(
    proxy: Proxy, open_page: Any
) -> None:
    probe = open_page(ignore_https_errors=True)
    page = probe.page
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    table_id = create_table_in_lobby(page, proxy.https, name="Through nginx", host="Ana")
    assert page.url.startswith(proxy.https)
    # the seat shows before the socket opens: wait for "Connected", which only an open socket
    # sets (the websocket event comes before it, so `sockets` is filled by then)
    page.wait_for_selector(".conn.ok")
    assert sockets and all(url.startswith("wss://127.0.0.1:") for url in sockets), sockets

    reloaded: dict[str, Any] = {}

    def on_phase(p: Any, phase: str) -> None:
        if phase == "passing" and not reloaded:
            # the page may show the pass with ours already made (act_once saw the pass
            # begin before this callback did), and the bots' passes complete it during the
            # reload: the cards are compared for one state version, read with them in one
            # step, reloading again if the state moved on meanwhile (as 2320d881 does)
            for _ in range(10):
                version, before = hand_and_version(p)
                p.reload()
                p.wait_for_selector(".table-page[data-seat='0']")
                p.wait_for_function(f"() => document.querySelectorAll('{MY_CARDS}').length")
                version_after, after = hand_and_version(p)
                if version_after == version:
                    reloaded.update(
                        before=sorted(before), after=sorted(after), sockets=len(sockets)
                    )
                    return
            raise AssertionError("the state moved on during every one of 10 reloads")

    hand = play_until_hand_done([page], on_phase=on_phase)
    assert reloaded, "the hand never reached the first pass"
    # the same seat, the same seven cards, over a second wss connection
    assert len(reloaded["before"]) == 7 and reloaded["after"] == reloaded["before"]
    assert reloaded["sockets"] >= 2
    assert page_facts(page)["phase"] == "complete" and int(hand) >= 1
    assert table_id in page.url
