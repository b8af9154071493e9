"""Replayer frames of a finished hand for one seat: only what that seat may see (RULES.md §7)."""

from __future__ import annotations

import httpx
from server_helpers import LiveServer, cards_in, play_one_hand

_TABLES = 8
"""Tables tried for a hand in which seat 0 never sees some of the others' cards (the
server's deck is shuffled with ``secrets``: now and then a showdown shows seat 0 every card
the others were dealt, and such a hand cannot show a leak)."""


async def test_seat_frames_hold_only_the_seats_own_and_revealed_cards(
    live_server: LiveServer,
) -> None:
    hidden: set[str] = set()
    for seed in range(5, 5 + _TABLES):
        hidden = await _check_seat_frames(live_server, seed)
        if hidden:
            break
    assert hidden, f"in {_TABLES} hands seat 0 saw every card the others were dealt"


async def _check_seat_frames(live_server: LiveServer, seed: int) -> set[str]:
    """Play hand 1 of a new table, check seat 0's frames hold only what it may see, and
    return the others' dealt cards it never saw (the cards a leak would show)."""
    created, table_id = await play_one_hand(live_server, seed=seed)
    url = f"/api/tables/{table_id}/hands/1/frames"
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        mine = await http.get(url, headers={"Authorization": f"Bearer {created['token']}"})
        public = await http.get(url)
        late = (await http.post(f"/api/tables/{table_id}/seats", json={"name": "Late"})).json()
        later = await http.get(url, headers={"Authorization": f"Bearer {late['token']}"})
    assert mine.status_code == 200, mine.text
    assert public.status_code == 403 and public.json()["error"]["code"] == "not_dealt_in"
    assert later.status_code == 403
    store = live_server.lobby.store
    assert store is not None
    full = store.hand(table_id, 1).history
    frames = mine.json()["frames"]
    assert len(frames) == len(full["actions"]) + 1
    assert frames[0]["hands"] == {"0": full["dealt"]["0"]}
    # the seat may know: its dealt cards, the cards passed to it, and every revealed card
    allowed = set(full["dealt"]["0"]) | {
        c for cards in (full.get("result") or {}).get("revealed", {}).values() for c in cards
    }
    for frame in frames:
        for card in frame["view"]["you"]["hand"]:
            allowed.add(card)
        for step in frame["view"]["you"]["passes"]:
            allowed.update(step["received"])
    seen = cards_in(frames)
    assert seen <= allowed, sorted(seen - allowed)
    others = {c for seat, cards in full["dealt"].items() if seat != "0" for c in cards}
    hidden = others - allowed
    assert not (seen & hidden)
    return hidden


async def test_seat_frames_include_every_hand_when_the_table_reveals_the_deck(
    live_server: LiveServer,
) -> None:
    created, table_id = await play_one_hand(live_server, seed=5, reveal_deck_after_hand=True)
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        mine = await http.get(
            f"/api/tables/{table_id}/hands/1/frames",
            headers={"Authorization": f"Bearer {created['token']}"},
        )
    assert mine.status_code == 200
    store = live_server.lobby.store
    assert store is not None
    full = store.hand(table_id, 1).history
    assert mine.json()["frames"][0]["hands"] == full["dealt"]
