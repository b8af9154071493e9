"""The server's table options take the big bet default of RULES.md §4 (issue 11)."""

from __future__ import annotations

import pytest
from server_helpers import LiveServer, create_table


@pytest.mark.parametrize(
    ("config", "stakes"),
    [
        ({"small_bet": 5}, (5, 10)),  # before: refused, the default big bet was always 4
        ({"small_bet": 1}, (1, 2)),  # before: played 1/4
        ({"small_bet": 5, "big_bet": 20}, (5, 20)),  # an explicit big bet is kept
    ],
)
async def test_big_bet_defaults_to_twice_the_small_bet(
    live_server: LiveServer, config: dict[str, int], stakes: tuple[int, int]
) -> None:
    created = await create_table(live_server, config=config)
    info = created["table"]["config"]
    assert (info["small_bet"], info["big_bet"]) == stakes
    table = live_server.lobby.table(created["table"]["table_id"])
    assert (table.settings.config.small_bet, table.settings.config.big_bet) == stakes
