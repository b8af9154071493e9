"""Every error code the server can send is documented in docs/protocol.md §8.

The codes are read from the server's source (every string literal given as the code of a
``ClientError``, a web route's ``_error``, the middleware's ``_reject`` or ``error_body``),
plus the mapped codes (HTTP statuses, engine error classes), so a new code added anywhere
without its line in the table fails here. The fuzz tests check the other direction: every
code they receive is in the same table.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from anaconda_poker.server.error_handlers import HTTP_CODES
from anaconda_poker.server.errors import ENGINE_ERROR_CODES

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "src" / "anaconda_poker" / "server"
ERROR_MAKERS = {"ClientError", "_error", "_reject", "error_body"}
"""Callables whose first string-literal argument (among the first three) is an error code."""


def documented_codes() -> set[str]:
    """The backticked codes in the first column of docs/protocol.md's "Error codes" table."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = text.split("## 8. Error codes", 1)[1].split("\n## ", 1)[0]
    codes: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            first_column = line.split("|")[1]
            codes |= set(re.findall(r"`([a-z_]+)`", first_column))
        if line.startswith("| `illegal_action`"):  # the engine codes are listed in its text
            codes |= set(re.findall(r"`([a-z_]+)`", line))
    return codes


def codes_in_source() -> dict[str, str]:
    """``{code: "file:line"}`` of every literal error code in src/anaconda_poker/server."""
    found: dict[str, str] = {}
    for path in sorted(SERVER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in ERROR_MAKERS:
                continue
            for arg in node.args[:3]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    if re.fullmatch(r"[a-z_]+", arg.value):
                        found.setdefault(arg.value, f"{path.name}:{node.lineno}")
                    break
    return found


def all_server_codes() -> set[str]:
    codes = set(codes_in_source())
    codes |= set(HTTP_CODES.values()) | {"bad_request", "internal", "illegal_action"}
    codes |= {code for _, code in ENGINE_ERROR_CODES}
    return codes


def test_the_source_scan_finds_the_known_codes() -> None:
    """The scan itself works: codes from each kind of call site are found."""
    found = codes_in_source()
    for code in ("stale_turn", "origin_forbidden", "unknown_language", "bad_message", "leaving"):
        assert code in found, code
    assert len(found) >= 30


def test_every_server_error_code_is_documented() -> None:
    missing = {c: codes_in_source().get(c, "mapped") for c in all_server_codes()}
    for code in documented_codes():
        missing.pop(code, None)
    assert not missing, f"error codes sent but not in docs/protocol.md §8: {missing}"
