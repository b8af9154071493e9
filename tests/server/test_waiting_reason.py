"""A table that cannot deal says why to everyone (issue 12 §3): TableInfo ``waiting_reason``
is ``not_enough_players`` while fewer than two seats would be dealt in, for spectators as
much as for the host, who alone used to learn it by pressing "Deal next hand"."""

from __future__ import annotations

from server_helpers import FakeConnection
from test_table import make_table


async def test_every_viewer_learns_why_the_table_does_not_deal() -> None:
    table, _ = make_table(humans=1, bots=("calling-station",), auto_start=False)
    host, watcher = FakeConnection(0), FakeConnection(None)
    table.start()
    try:
        await table.request("join", host)
        await table.request("join", watcher)
        assert table.public_info()["waiting_reason"] is None  # two could be dealt in
        # the bot has no chips left: one player with chips, nothing can be dealt
        table.model.occupied(1).stack = 0
        table.broadcast_table()
        for conn in (host, watcher):
            info = conn.of_type("table")[-1]["table"]
            assert info["waiting_reason"] == "not_enough_players"
            assert info["next_hand_at"] is None
        table.model.occupied(1).stack = 100
        assert table.public_info()["waiting_reason"] is None
        await table.request("next_hand", host)
        assert table.in_hand
        assert table.public_info()["waiting_reason"] is None  # a hand runs
    finally:
        await table.stop()
