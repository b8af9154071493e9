"""A reviewer's checks of leaving the table: a seat freed by ``leave_seat`` and taken by
someone else must not give the newcomer the earlier occupant's cards (RULES.md §7)."""

from __future__ import annotations

import httpx
import pytest
from server_helpers import LiveServer, cards_in, play_one_hand, ws_client

from anaconda_poker.server.table import Table


@pytest.mark.parametrize("reveal", [False, True])
async def test_a_newcomer_in_a_freed_seat_cannot_read_the_leavers_hands(
    live_server: LiveServer, reveal: bool
) -> None:
    created, table_id = await play_one_hand(live_server, reveal_deck_after_hand=reveal)
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        url = f"/api/tables/{table_id}/hands/1"
        auth = {"Authorization": f"Bearer {created['token']}"}
        own = (await http.get(url, headers=auth)).json()
        assert own["viewer_seat"] == 0 and own["dealt"]["0"]  # the player's own cards
        public = (await http.get(url)).json()
        host = await ws_client(live_server, {"token": created["token"]})
        await host.until(lambda f: f["type"] == "state")
        await host.send({"type": "leave_seat"})
        await host.until(lambda f: f["type"] == "seat_left")
        await host.close()
        # someone else sits down in the freed seat, even under the same name
        taken = await http.post(f"/api/tables/{table_id}/seats", json={"name": "Host", "seat": 0})
        assert taken.status_code == 201 and taken.json()["seat"] == 0
        newcomer = {"Authorization": f"Bearer {taken.json()['token']}"}
        seen = (await http.get(url, headers=newcomer)).json()
        frames = await http.get(f"{url}/frames", headers=newcomer)
    assert seen["viewer_seat"] is None and seen["redacted"] is True
    assert "dealt" not in seen and "deck" not in seen and "deck_openings" not in seen
    assert cards_in(seen) == cards_in(public)  # only what a spectator saw
    assert frames.status_code == 403 and frames.json()["error"]["code"] == "not_dealt_in"
    # after a restart (the model rebuilt from the stored events) the same holds
    live_table = live_server.lobby.table(table_id)
    rebuilt = Table(table_id, live_table.settings, writer=None)
    assert live_server.lobby.store is not None
    rebuilt.replay(live_server.lobby.store.events(table_id))
    assert rebuilt.history_seat(0, 1) is None and rebuilt.history_seat(0, 2) == 0
