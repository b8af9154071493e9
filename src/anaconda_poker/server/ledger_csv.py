"""The table ledger as CSV (``GET /api/tables/{table_id}/ledger.csv``, docs/protocol.md §3).

One row per player line of :meth:`Table.ledger` — players seated now and players who left —
plus a totals row, so a host can settle a home game in a spreadsheet. Every amount is in
chips. Text cells that a spreadsheet would run as a formula (starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return) are prefixed with ``'`` (OWASP's advice against
CSV injection).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from typing import Any

COLUMNS = (
    "player",
    "seat",
    "bot",
    "status",
    "buy_in",
    "rebuys",
    "adjustment",
    "cash_out",
    "stack",
    "net",
    "hands",
)
"""The header row, in order."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text(value: object) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def ledger_rows(lines: Iterable[Mapping[str, Any]]) -> list[dict[str, object]]:
    """CSV rows (dicts keyed by :data:`COLUMNS`) of ledger lines, then a ``Total`` row.

    Args:
        lines: ledger lines as :meth:`Table.ledger` returns them (``name``, ``seat``,
            ``bot``, ``bought_in``, ``rebuys``, ``adjustments``, ``stack``, ``net``,
            ``hands``, ``left``, ``removed``).

    ``buy_in`` is the starting stack plus approved rebuys (chips); ``adjustment`` the host's
    stack adjustments (signed chips, ``server/host_controls.py``); ``cash_out`` is what a
    player who left took away (empty while seated); ``stack`` the chips held now (0 for a
    player who left); ``net`` = chips held or taken away − ``buy_in`` − ``adjustment``;
    ``status`` is ``seated``, ``left`` or ``removed`` (by the host). The total row sums
    every amount, so at a table with no hand running ``net`` totals 0 (chips conserved).
    """
    rows: list[dict[str, object]] = []
    totals = {"buy_in": 0, "rebuys": 0, "adjustment": 0, "cash_out": 0, "stack": 0, "net": 0}
    for line in lines:
        left = bool(line["left"])
        amounts = {
            "buy_in": int(line["bought_in"]),
            "rebuys": int(line["rebuys"]),
            "adjustment": int(line["adjustments"]),
            "cash_out": int(line["stack"]) if left else 0,
            "stack": 0 if left else int(line["stack"]),
            "net": int(line["net"]),
        }
        for key, value in amounts.items():
            totals[key] += value
        rows.append(
            {
                "player": _text(line["name"]),
                "seat": int(line["seat"]),
                "bot": _text(line["bot"]),
                "status": ("removed" if line["removed"] else "left") if left else "seated",
                **amounts,
                "cash_out": amounts["cash_out"] if left else "",
                "hands": int(line["hands"]),
            }
        )
    rows.append({"player": "Total", "seat": "", "bot": "", "status": "", **totals, "hands": ""})
    return rows


def ledger_csv(lines: Iterable[Mapping[str, Any]]) -> str:
    """The ledger as CSV text (RFC 4180: comma separated, CRLF line ends, a header row).

    Args:
        lines: ledger lines as :meth:`Table.ledger` returns them.
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(ledger_rows(lines))
    return out.getvalue()
