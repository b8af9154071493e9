"""The web review of one's own finished hand (``GET .../hands/{n}/review``): only a seat
dealt into the hand gets it, it reviews that seat alone, and it holds no card the seat
could not know (RULES.md §7)."""

from __future__ import annotations

import httpx
from server_helpers import LiveServer, cards_in, play_one_hand

from anaconda_poker.analysis.review import review_hand
from anaconda_poker.server.review_route import REVIEW_SEED, REVIEW_TRIALS


async def test_own_review_and_who_may_ask(live_server: LiveServer) -> None:
    created, table_id = await play_one_hand(live_server, seed=5)
    url = f"/api/tables/{table_id}/hands/1/review"
    mine_auth = {"Authorization": f"Bearer {created['token']}"}
    async with httpx.AsyncClient(base_url=live_server.http, timeout=60) as http:
        mine = await http.get(url, headers=mine_auth)
        again = await http.get(url, headers=mine_auth)  # from the cache, the same answer
        public = await http.get(url)
        late = (await http.post(f"/api/tables/{table_id}/seats", json={"name": "Late"})).json()
        later = await http.get(url, headers={"Authorization": f"Bearer {late['token']}"})
        forged = await http.get(url, headers={"Authorization": "Bearer not-a-token"})
        missing = await http.get(f"/api/tables/{table_id}/hands/99/review", headers=mine_auth)
        nowhere = await http.get("/api/tables/nope/hands/1/review", headers=mine_auth)
    assert mine.status_code == 200, mine.text
    assert again.json() == mine.json()
    assert public.status_code == 403 and public.json()["error"]["code"] == "not_dealt_in"
    assert later.status_code == 403 and later.json()["error"]["code"] == "not_dealt_in"
    assert forged.status_code == 401 and forged.json()["error"]["code"] == "bad_token"
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "hand_not_found"
    assert nowhere.status_code == 404 and nowhere.json()["error"]["code"] == "table_not_found"

    body = mine.json()
    assert body["viewer_seat"] == 0
    store = live_server.lobby.store
    assert store is not None
    full = store.hand(table_id, 1).history
    # the same review the library gives for seat 0, one decision per action of seat 0
    expected = review_hand(full, 0, trials=REVIEW_TRIALS, seed=REVIEW_SEED).to_dict()
    assert body["review"] == expected
    own = [i for i, a in enumerate(full["actions"]) if a["seat"] == 0 and a["action"] != "declare"]
    assert [d["index"] for d in body["review"]["decisions"]] == own
    assert body["review"]["description"].startswith("against")
    # no card seat 0 could not know: its own, what it received, what was revealed
    allowed = set(full["dealt"]["0"]) | {
        c for cards in (full.get("result") or {}).get("revealed", {}).values() for c in cards
    }
    frames = await _frames(live_server, table_id, created["token"])
    for frame in frames:
        allowed.update(frame["view"]["you"]["hand"])
        for step in frame["view"]["you"]["passes"]:
            allowed.update(step["received"])
    seen = cards_in(body)
    assert seen <= allowed, sorted(seen - allowed)


async def _frames(live: LiveServer, table_id: str, token: str) -> list[dict[str, object]]:
    async with httpx.AsyncClient(base_url=live.http) as http:
        got = await http.get(
            f"/api/tables/{table_id}/hands/1/frames", headers={"Authorization": f"Bearer {token}"}
        )
    frames: list[dict[str, object]] = got.json()["frames"]
    return frames
