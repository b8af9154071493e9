"""What a table's clients are sent, built from the table model: JSON text of frames."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def dumps(message: Mapping[str, Any]) -> str:
    """A frame's compact JSON text."""
    return json.dumps(message, separators=(",", ":"))


__all__ = ["dumps"]
