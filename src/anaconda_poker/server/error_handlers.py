"""Every REST error as ``{"error": {"code", "message"}}`` with a documented code
(``docs/protocol.md`` §8); never a stack trace, never an undocumented code.

- :class:`~anaconda_poker.server.errors.ClientError`: its own code and status (and a
  ``Retry-After`` header when it says so).
- A body that cannot be read: ``400 bad_encoding`` (not UTF-8), ``400 too_deep`` (nested
  deeper than the parser allows), ``400 bad_json`` (not JSON), ``415 unsupported_media_type``
  (a body sent as something other than ``application/json``); a JSON body that does not match
  the schema: ``400 bad_request`` naming the field.
- Routing errors: ``404 not_found``, ``405 method_not_allowed``; any other HTTP error status
  maps to ``bad_request`` (4xx) or ``internal`` (5xx).
- A stored hand history that cannot be read: ``422 hand_unreadable``.
- Anything else: logged with its stack trace, then ``503 storage_unavailable`` (with
  ``Retry-After``) when the database failed, else ``500 internal``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Mount

from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.failures import client_error_for, unreadable_hand
from anaconda_poker.server.protocol import NAME_RULE
from anaconda_poker.storage.event_store import CorruptRecordError

log = logging.getLogger("anaconda_poker.server")

HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    415: "unsupported_media_type",
}
"""Codes of the HTTP errors raised by routing and parsing (other 4xx: ``bad_request``)."""

JSON_RULE = "send the body as JSON (UTF-8) with Content-Type: application/json"


def error_body(code: str, message: str) -> dict[str, Any]:
    """``{"error": {"code": code, "message": message}}``."""
    return {"error": {"code": code, "message": message}}


def is_json_content_type(value: str | None) -> bool:
    """True for ``application/json`` or ``application/*+json`` (any parameters); a body
    without ``Content-Type`` is not read as JSON."""
    if not value:
        return False
    mime = value.split(";", 1)[0].strip().lower()
    if mime == "application/json":
        return True
    return mime.startswith("application/") and mime.endswith("+json")


def _respond(error: ClientError, headers: Mapping[str, str] | None = None) -> JSONResponse:
    headers = dict(headers or {})
    if error.retry_after is not None:
        headers["Retry-After"] = str(error.retry_after)
    return JSONResponse({"error": error.payload()}, status_code=error.status, headers=headers)


async def client_error(_request: Request, exc: Exception) -> JSONResponse:
    """A refusal with its own code and status."""
    assert isinstance(exc, ClientError)
    return _respond(exc)


async def corrupt_record(request: Request, exc: Exception) -> JSONResponse:
    """A damaged stored hand: ``422 hand_unreadable`` (logged)."""
    params = request.path_params
    hand = str(params.get("hand_no", "0"))
    error = unreadable_hand(str(params.get("table_id", "?")), int(hand) if hand.isdigit() else 0)
    log.error("%s %s: %s", request.method, request.url.path, exc)
    return _respond(error)


async def validation_error(request: Request, exc: Exception) -> JSONResponse:
    """A body or parameter that does not match the route: the first problem, named."""
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    first = errors[0] if errors else {}
    loc = tuple(first.get("loc", ()))
    if loc[:1] == ("body",) and not is_json_content_type(request.headers.get("content-type")):
        return _respond(ClientError("unsupported_media_type", JSON_RULE, status=415))
    if first.get("type") == "json_invalid":
        at = loc[1] if len(loc) > 1 else "?"
        message = f"the body is not valid JSON (error at character {at}); {JSON_RULE}"
        return _respond(ClientError("bad_json", message))
    where = ".".join(str(p) for p in loc if p != "body") or "body"
    if first.get("type") == "string_pattern_mismatch" and where.endswith("name"):
        message = f"{where}: {NAME_RULE}"
    elif first.get("type") == "string_unicode":  # what the database cannot store either
        message = f"{where}: must not contain unpaired surrogate characters (U+D800 to U+DFFF)"
    else:
        reason = str(first.get("msg", "invalid request")).removeprefix("Value error, ")
        message = f"{where}: {reason}"
    return _respond(ClientError("bad_request", message, field=where))


HTTP_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
"""The methods a 405's ``Allow`` header may list."""


def allowed_methods(request: Request) -> str | None:
    """Every method some route serves at the request's path, for a 405's ``Allow`` header
    (Starlette names only the first matching route's, e.g. ``GET`` of ``/api/tables`` and
    not its ``POST``); ``None`` when no route of the API serves the path (the static files
    name their own)."""
    found = [
        method
        for method in HTTP_METHODS
        if any(
            not isinstance(route, Mount)
            and route.matches({**request.scope, "method": method})[0] == Match.FULL
            for route in request.app.routes
        )
    ]
    return ", ".join(found) or None


async def http_error(request: Request, exc: Exception) -> JSONResponse:
    """Routing and body-parsing errors, each with a documented code and the headers the
    error carries. A method the path does not serve answers ``405`` with ``Allow`` (the
    methods it does serve, RFC 9110 §15.5.6) — also when the request fell through to the
    static files (which answered ``404``), e.g. ``GET /api/replay``."""
    assert isinstance(exc, StarletteHTTPException)
    status = exc.status_code
    headers = dict(exc.headers or {})
    allow = allowed_methods(request) if status in (404, 405) else None
    if allow is not None:
        headers["Allow"] = allow
        if status == 404:
            exc = StarletteHTTPException(405, "Method Not Allowed")
            status = 405
    cause = exc.__cause__
    if status == 400 and isinstance(cause, UnicodeDecodeError):
        error = ClientError("bad_encoding", f"the body is not valid UTF-8; {JSON_RULE}")
    elif status == 400 and isinstance(cause, RecursionError):
        error = ClientError(
            "too_deep", "the JSON body is nested too deeply; request bodies are flat objects"
        )
    elif status == 400 and cause is not None:
        error = ClientError("bad_json", f"the body cannot be read as JSON; {JSON_RULE}")
    else:
        code = HTTP_CODES.get(status, "internal" if status >= 500 else "bad_request")
        error = ClientError(code, str(exc.detail), status=status)
    return _respond(error, headers)


async def unexpected(request: Request, exc: Exception) -> JSONResponse:
    """The catch-all: log the failure with its stack trace; tell the client only its code."""
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return _respond(client_error_for(exc))  # 503 storage_unavailable or 500 internal


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers above on ``app``."""
    app.add_exception_handler(ClientError, client_error)
    app.add_exception_handler(CorruptRecordError, corrupt_record)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(Exception, unexpected)
