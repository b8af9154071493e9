"""``GET /metrics``: the Prometheus scrape endpoint (``server/metrics.py``).

Served only to direct connections: operators scrape it on the node's own (internal) address.
A request that came through a proxy (it carries ``X-Forwarded-For``, ``X-Real-IP`` or
``Forwarded``) is answered ``404 not_found`` as if the path did not exist, so a proxy config
that forgets to deny ``/metrics`` still does not publish it; the shipped nginx and Caddy
configs deny it themselves too (``docs/deploy.md``, "Metrics and logs").
"""

from __future__ import annotations

from fastapi import FastAPI, Request, Response

from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.metrics import CONTENT_TYPE, metrics_of

PROXY_HEADERS = ("x-forwarded-for", "x-real-ip", "forwarded")
"""Headers that mark a request as relayed by a proxy."""


def install_metrics_route(app: FastAPI) -> None:
    """Add ``GET /metrics`` to ``app`` (kept out of the OpenAPI document)."""

    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:
        """Every metric in the Prometheus text format.

        Raises:
            ClientError: ``not_found`` (404) through a proxy, or when metrics are off.
        """
        found = metrics_of(request.app.state)
        if found is None or any(h in request.headers for h in PROXY_HEADERS):
            raise ClientError("not_found", "no such path: /metrics", status=404)
        return Response(found.render(), media_type=CONTENT_TYPE)
