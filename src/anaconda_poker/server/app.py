"""The application factory: FastAPI app with the lobby API, the websocket and the web client.

``create_app(settings)`` builds a fresh app; every dependency (database URL, allowed origins,
static folder, limits) comes from :class:`ServerSettings`, so tests build their own apps.
The protocol is documented in ``docs/protocol.md``.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import RedirectResponse
from fastapi.staticfiles import StaticFiles

from anaconda_poker.server.settings import ServerSettings


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """Build the server application.

    Args:
        settings: the server's configuration; ``None`` uses the defaults of
            :class:`ServerSettings` (embedded SQLite file under ``./data/``).

    Returns:
        A FastAPI (ASGI) application; serve it with uvicorn.
    """
    settings = settings or ServerSettings()
    app = FastAPI(title="anaconda-poker", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.settings = settings

    @app.get("/api/health")
    async def health() -> dict[str, str]:
        """Liveness probe: ``{"status": "ok"}``."""
        return {"status": "ok"}

    @app.get("/t/{table_id}")
    async def invite(table_id: str) -> RedirectResponse:
        """Invite link: redirect to the web client with the table preselected."""
        return RedirectResponse(url=f"/?table={table_id}", status_code=307)

    _mount_static(app, settings.static_dir)
    return app


def _mount_static(app: FastAPI, directory: Path) -> None:
    """Serve the web client (``index.html`` at ``/``); mounted last so the API wins."""
    app.mount("/", StaticFiles(directory=directory, html=True, check_dir=False), name="static")
