"""The OpenAPI document of the REST API, served at ``GET /api/openapi.json``.

FastAPI derives the paths, parameters and request bodies from the routes; this module makes
the rest accurate (``docs/protocol.md`` §3 and §8 are the prose version):

- every error response is declared with its status and the body
  ``{"error": {"code", "message"}}`` (:class:`ErrorResponse`), the codes it may carry named in
  its description; FastAPI's ``422`` validation response, which this server never sends
  (it answers ``400 bad_request``), is removed;
- the success responses get their shapes (:data:`SUCCESS_MODELS`), and the ledger download
  its ``text/csv`` media type.

The schemathesis test (``tests/server/test_openapi_fuzz.py``) calls every operation with
generated requests and fails on any status, header or body this document does not declare,
so the tables below cannot drift from the routes unnoticed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel

OPENAPI_URL = "/api/openapi.json"
"""Where the document is served (no interactive docs pages are served)."""


class ErrorDetail(BaseModel):
    """A refusal: a stable machine ``code`` (docs/protocol.md §8) and an English message;
    ``field`` names the request field to blame when there is one (``config.ante``)."""

    code: str
    message: str
    field: str | None = None


class ErrorResponse(BaseModel):
    """The body of every REST error."""

    error: ErrorDetail


class Health(BaseModel):
    """``GET /api/health``."""

    status: str
    version: str


class TableList(BaseModel):
    """``GET /api/tables``: table summaries, newest first."""

    tables: list[dict[str, Any]]


class CreatedTable(BaseModel):
    """``POST /api/tables``: the new table's TableInfo and the host's seat and token."""

    table: dict[str, Any]
    seat: int
    token: str
    invite_url: str


class SeatTaken(BaseModel):
    """``POST /api/tables/{table_id}/seats``."""

    table_id: str
    seat: int
    token: str


class LedgerLine(BaseModel):
    """One player of the ledger (chips; ``adjustments``: the host's stack adjustments,
    signed; ``removed``: the host removed the player)."""

    name: str
    seat: int
    bot: str | None
    bought_in: int
    rebuys: int
    adjustments: int
    stack: int
    net: int
    hands: int
    left: bool
    removed: bool


class Ledger(BaseModel):
    """``GET /api/tables/{table_id}/ledger``."""

    ledger: list[LedgerLine]


class HandList(BaseModel):
    """``GET /api/tables/{table_id}/hands``: summaries, newest first."""

    hands: list[dict[str, Any]]


class Frames(BaseModel):
    """The replayer's frames (``POST /api/replay``, ``GET .../frames``)."""

    frames: list[dict[str, Any]]


class HandReview(BaseModel):
    """``GET .../review``: the requesting seat's hand review (``analysis/review.py``)."""

    review: dict[str, Any]
    viewer_seat: int


class Advice(BaseModel):
    """``POST /api/advice``: five cards each (in reveal order) or ``None``."""

    high: list[str] | None
    low: list[str] | None
    both: list[str] | None
    equity: dict[str, Any] | None


SUCCESS_MODELS: dict[tuple[str, str], type[BaseModel]] = {
    ("get", "/api/health"): Health,
    ("get", "/api/tables"): TableList,
    ("post", "/api/tables"): CreatedTable,
    ("post", "/api/tables/{table_id}/seats"): SeatTaken,
    ("get", "/api/tables/{table_id}/ledger"): Ledger,
    ("get", "/api/tables/{table_id}/hands"): HandList,
    ("get", "/api/tables/{table_id}/hands/{hand_no}/frames"): Frames,
    ("get", "/api/tables/{table_id}/hands/{hand_no}/review"): HandReview,
    ("post", "/api/replay"): Frames,
    ("post", "/api/advice"): Advice,
}
"""Success bodies whose shape is declared beyond "a JSON object"."""

_BODY = {400: ("bad_request", "bad_json", "bad_encoding", "too_deep"), 413: ("too_large",)}
_BODY_415 = {415: ("unsupported_media_type",)}
_WRITE = {403: ("origin_forbidden",), **_BODY, **_BODY_415}
_CREATING = {429: ("rate_limited",), 503: ("storage_unavailable",)}
_TABLE = {404: ("table_not_found",), 409: ("table_failed",)}
_STORED_HAND = {
    400: ("bad_request",),  # hand_no is not an integer
    401: ("bad_token",),
    422: ("hand_unreadable",),
    503: ("storage_unavailable",),
}

ERRORS: dict[tuple[str, str], Mapping[int, tuple[str, ...]]] = {
    ("get", "/api/health"): {},
    ("get", "/api/options"): {},
    ("get", "/api/stats"): {},
    ("get", "/api/tables"): {},
    ("post", "/api/tables"): {
        **_WRITE,
        **_CREATING,
        400: (*_BODY[400], "invalid_config"),
    },
    ("get", "/api/tables/{table_id}"): _TABLE,
    ("post", "/api/tables/{table_id}/seats"): {
        **_WRITE,
        **_CREATING,
        **_TABLE,
        403: ("origin_forbidden", "approval_required"),
        409: ("seat_taken", "table_full", "name_taken", "table_failed"),
    },
    ("get", "/api/tables/{table_id}/ledger"): _TABLE,
    ("get", "/api/tables/{table_id}/ledger.csv"): _TABLE,
    ("get", "/api/tables/{table_id}/hands"): {**_TABLE, 503: ("storage_unavailable",)},
    ("get", "/api/tables/{table_id}/hands/{hand_no}"): {
        **_STORED_HAND,
        **_TABLE,
        400: ("bad_request",),  # hand_no or download is not an integer
        404: ("table_not_found", "hand_not_found"),
    },
    ("get", "/api/tables/{table_id}/hands/{hand_no}/frames"): {
        **_STORED_HAND,
        **_TABLE,
        403: ("not_dealt_in",),
        404: ("table_not_found", "hand_not_found"),
    },
    ("get", "/api/tables/{table_id}/hands/{hand_no}/review"): {
        **_STORED_HAND,
        **_TABLE,
        403: ("not_dealt_in",),
        404: ("table_not_found", "hand_not_found"),
    },
    ("get", "/api/i18n/{lang}"): {404: ("unknown_language",)},
    ("post", "/api/replay"): {
        **_WRITE,
        400: (*_BODY[400], "not_replayable", "replay_error"),
    },
    ("post", "/api/advice"): {
        **_WRITE,
        401: ("bad_token",),
        409: ("no_hand", "table_failed"),
        503: ("unavailable",),
    },
}
"""The error statuses of each operation and the codes each may carry (docs/protocol.md §8);
every operation may also answer those of :data:`EVERY_OPERATION`."""

EVERY_OPERATION: dict[int, tuple[str, ...]] = {
    400: ("bad_host",),  # a Host the server is not served under (server/http_security.py)
    500: ("internal",),  # the catch-all, logged
}


def errors_of(key: tuple[str, str]) -> dict[int, tuple[str, ...]]:
    """``{status: codes}`` an operation may answer: its own and :data:`EVERY_OPERATION`'s.

    Raises:
        KeyError: the operation has no line in :data:`ERRORS`.
    """
    merged = {status: tuple(codes) for status, codes in ERRORS[key].items()}
    for status, codes in EVERY_OPERATION.items():
        merged[status] = (*merged.get(status, ()), *codes)
    return merged


def _error_response(codes: tuple[str, ...]) -> dict[str, Any]:
    return {
        "description": "Refused: " + ", ".join(f"`{c}`" for c in codes),
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}},
    }


def build_openapi(app: FastAPI) -> dict[str, Any]:
    """The OpenAPI 3.1 document of ``app``'s REST routes, with the corrections above.

    Raises:
        KeyError: a REST operation has no line in :data:`ERRORS` (every operation must
            declare its errors; a test builds the document).
    """
    document = get_openapi(
        title="anaconda-poker",
        version=app.version,
        description="The lobby REST API of the game server (docs/protocol.md).",
        routes=app.routes,
    )
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):
        schemas.pop(name, None)
    models: list[type[BaseModel]] = [ErrorResponse, *SUCCESS_MODELS.values()]
    for model in models:
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(schema.pop("$defs", {}))
        schemas[model.__name__] = schema
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            key = (method, path)
            responses = operation["responses"]
            responses.pop("422", None)
            success = next(s for s in responses if s.startswith("2"))
            if key in SUCCESS_MODELS:
                ref = {"$ref": f"#/components/schemas/{SUCCESS_MODELS[key].__name__}"}
                responses[success]["content"] = {"application/json": {"schema": ref}}
            if path.endswith("/ledger.csv"):
                responses[success]["content"] = {"text/csv": {"schema": {"type": "string"}}}
            for status, codes in sorted(errors_of(key).items()):
                responses[str(status)] = _error_response(codes)
    return document


def install_openapi(app: FastAPI) -> Callable[[], dict[str, Any]]:
    """Make ``app.openapi()`` return :func:`build_openapi`'s document (built once)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = build_openapi(app)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    return openapi
