"""Arena hands as rows of a columnar file (Parquet, via pyarrow): one row per seat of every
hand, so pandas, Polars or DuckDB answer questions with one ``GROUP BY``.

Columns (:data:`COLUMNS`, in this order):

========================  ==========================================================
``hand``                  hand number in the run: ``block * seats + rotation``
``block``, ``rotation``   the arena's block and the hand within it (``bots.arena``)
``seat``, ``bot``         seat number and the bot that played it
``button``                the dealer's seat
``start_class``           the best high hand in the seat's seven playable dealt cards
                          (``one_pair``, ``flush``…, RULES.md §5): its starting hand class
``dealt``                 the seat's dealt cards in dealing order (hidden cards last)
``kept``                  the five it arranged, in reveal order (empty if it folded first)
``folded``, ``showdown``  folded; still in the hand at a showdown
``won``, ``scooped``      won chips from at least one pot; scooped a pot
``net``                   chips won (+) or lost (−) in the hand
``config``                the table's rules as JSON (``TableConfig.to_dict``)
``history``               the whole hand as HAND_HISTORY.md JSON (config, deal, every
                          action, result), the format ``anaconda-poker replay``
                          reads
========================  ==========================================================

Rows of a hand are written together; hands come in the order blocks finish (sort by
``hand`` for the run's order). The rows depend only on the arena's seed, not on the
number of workers or on Ray.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from anaconda_poker.core.cards import card_str
from anaconda_poker.core.evaluation import high_category, high_value

if TYPE_CHECKING:
    from anaconda_poker.core.state import HandState

__all__ = ["COLUMNS", "HistoryWriter", "hand_rows"]

COLUMNS = (
    "hand",
    "block",
    "rotation",
    "seat",
    "bot",
    "button",
    "start_class",
    "dealt",
    "kept",
    "folded",
    "showdown",
    "won",
    "scooped",
    "net",
    "config",
    "history",
)

Row = dict[str, Any]


def hand_rows(state: HandState, *, bots: list[str], block: int, rotation: int) -> list[Row]:
    """The rows of one completed arena hand (see the module docstring).

    Args:
        state: the completed hand.
        bots: the bot name of each seat.
        block, rotation: where the hand is in the arena run.

    Raises:
        ValueError: the hand is not complete.
    """
    result = state.result
    if result is None:
        raise ValueError("hand_rows needs a completed hand")
    history = state.history()
    text = json.dumps(history, separators=(",", ":"))
    config = json.dumps(history["config"], separators=(",", ":"))
    n = len(bots)
    hand = block * n + rotation
    playable = state.config.cards_dealt - state.config.hidden_cards
    scoops = set(result.scoops)
    rows = []
    for s in range(n):
        dealt = history["dealt"][str(s)]
        codes = list(state.dealt[s][:playable])
        arranged = state.arranged[s]
        rows.append(
            {
                "hand": hand,
                "block": block,
                "rotation": rotation,
                "seat": s,
                "bot": bots[s],
                "button": state.button,
                "start_class": high_category(high_value(codes)).name.lower(),
                "dealt": list(dealt),
                "kept": [card_str(c) for c in arranged] if arranged else [],
                "folded": not state.live[s],
                "showdown": bool(result.showdown and state.live[s]),
                "won": result.awards.get(s, 0) > 0,
                "scooped": s in scoops,
                "net": int(result.net.get(s, 0)),
                "config": config,
                "history": text,
            }
        )
    return rows


class HistoryWriter:
    """Appends arena rows to a Parquet file (zstd-compressed; the ``config`` and
    ``history`` columns are dictionary-encoded, so a hand's text is stored once).

    Args:
        path: the file to (over)write.

    Raises:
        ImportError: pyarrow is not installed (``pip install 'anaconda-poker[ray]'``).
        OSError: the file cannot be created.

    Use as a context manager; :meth:`write` takes any number of rows.
    """

    def __init__(self, path: Path | str) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        self._pa = pa
        strings = pa.list_(pa.string())
        self.schema = pa.schema(
            [
                ("hand", pa.int64()),
                ("block", pa.int64()),
                ("rotation", pa.int32()),
                ("seat", pa.int32()),
                ("bot", pa.string()),
                ("button", pa.int32()),
                ("start_class", pa.string()),
                ("dealt", strings),
                ("kept", strings),
                ("folded", pa.bool_()),
                ("showdown", pa.bool_()),
                ("won", pa.bool_()),
                ("scooped", pa.bool_()),
                ("net", pa.int64()),
                ("config", pa.string()),
                ("history", pa.string()),
            ]
        )
        self._writer = pq.ParquetWriter(str(path), self.schema, compression="zstd")
        self.rows = 0

    def write(self, rows: list[Row]) -> None:
        """Append ``rows`` (dicts with the :data:`COLUMNS`) as one row group."""
        if not rows:
            return
        table = self._pa.Table.from_pylist(rows, schema=self.schema)
        self._writer.write_table(table)
        self.rows += len(rows)

    def close(self) -> None:
        """Finish the file (its footer); the file is unreadable until then."""
        self._writer.close()

    def __enter__(self) -> HistoryWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
