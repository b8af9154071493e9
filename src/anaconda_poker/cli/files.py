"""Reading a hand history file for a command (``review``, ``replay``): one wording for
the errors.

Newcomer trial: a history cut short by a full disk was reported as "Cannot read h.json:
Expecting ',' delimiter: line 40 column 5 (char 812)", the JSON parser's words alone.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from anaconda_poker.i18n import Translator


def read_json(file: Path) -> Any:
    """The JSON document in ``file`` (UTF-8).

    Raises:
        OSError: the file cannot be read; ValueError: it is not UTF-8 or not JSON
            (``json.JSONDecodeError``).
    """
    return json.loads(file.read_text(encoding="utf-8"))


def read_error_text(file: Path | str, exc: Exception, _: Translator) -> str:
    """The translated message for ``exc`` from :func:`read_json`: a file that is not
    valid JSON says so first ("not valid JSON (cut short?)") and gives the parser's detail
    after; other errors (missing file, not UTF-8) give the system's words."""
    if isinstance(exc, json.JSONDecodeError):
        return _(
            "Cannot read {file}: not valid JSON (cut short?). Detail: {error}",
            file=str(file),
            error=str(exc),
        )
    return _("Cannot read {file}: {error}", file=str(file), error=str(exc))
