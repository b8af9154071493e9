"""Log lines of a server node: plain text or one JSON object per line, with the node's name.

``anaconda-poker serve --log-format json --node NAME`` hands :func:`log_config` to uvicorn,
which applies it (``logging.config.dictConfig``) to its own loggers and the package's
(``anaconda_poker.*``). Every line names the node, so the logs of several nodes can be
merged and still told apart. A JSON line::

    {"time": "2026-12-02T05:40:01.123Z", "level": "WARNING", "logger": "anaconda_poker.server",
     "node": "poker-1", "message": "the event loop stalled for 310 ms"}

plus ``"exception"`` (the formatted traceback) when the record carries one.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

LOG_FORMATS = ("text", "json")
"""The values of ``--log-format``."""

TEXT_FORMAT = "%(asctime)s %(levelname)s [%(node)s] %(name)s: %(message)s"
"""The ``text`` line (``logging`` %-style)."""


class NodeFilter(logging.Filter):
    """Adds ``record.node`` (this node's name) to every record a handler emits.

    Args:
        node: the node's name (``--node``).
    """

    def __init__(self, node: str) -> None:
        super().__init__()
        self.node = node

    def filter(self, record: logging.LogRecord) -> bool:
        """Label ``record``; never drops it."""
        record.node = self.node
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per record: ``time`` (UTC, ISO 8601 with milliseconds), ``level``,
    ``logger``, ``node``, ``message`` and, with an exception, ``exception``."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as a single JSON line (newlines inside values are escaped)."""
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        line: dict[str, Any] = {
            "time": f"{stamp}.{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "node": getattr(record, "node", None),
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def log_config(*, level: str, node: str, log_format: str) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` dictionary for uvicorn's ``log_config``.

    Args:
        level: a level name (``warning``, ``info``, ``debug``...; any case).
        node: the name every line carries.
        log_format: ``text`` or ``json`` (:data:`LOG_FORMATS`).

    Raises:
        ValueError: ``log_format`` is not one of :data:`LOG_FORMATS`.
    """
    if log_format not in LOG_FORMATS:
        raise ValueError(f"log format must be one of {', '.join(LOG_FORMATS)}, got {log_format!r}")
    formatter: dict[str, Any] = (
        {"()": JsonFormatter} if log_format == "json" else {"format": TEXT_FORMAT}
    )
    handler = {
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
        "formatter": "node",
        "filters": ["node"],
    }
    logger = {"handlers": ["stderr"], "level": level.upper(), "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"node": {"()": NodeFilter, "node": node}},
        "formatters": {"node": formatter},
        "handlers": {"stderr": handler},
        "loggers": {
            "anaconda_poker": logger,
            "uvicorn": logger,
            "uvicorn.error": {"level": level.upper()},
            "uvicorn.access": logger,
        },
    }
