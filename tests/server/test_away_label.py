"""The plays the server makes for an away seat are labelled as such, not as a timeout
(issue 12's trial night): the first default play of a seat that dropped is a real timeout
(its clock ran out); the ones after it, made at once because the seat is away, carry
``"away": true`` in the event log and are listed in ``state``'s and the history's
``away_played`` (the web log says "(away)" for them, ``tests/web/test_logtext.py``)."""

from __future__ import annotations

import asyncio
import random

from server_helpers import FakeConnection
from test_table import make_table, play_human

from anaconda_poker.core.hand_types import Phase


async def test_plays_for_an_away_seat_are_marked_away_and_the_timeout_is_not() -> None:
    table, writer = make_table(
        humans=2, bots=(), action_timer=0.2, time_bank=600.0, auto_start=False
    )
    host, friend = FakeConnection(0), FakeConnection(1)
    table.start()
    try:
        await table.request("join", host)
        await table.request("join", friend)
        await table.request("next_hand", host)

        def friend_must_pass() -> bool:
            hand = table.hand
            return hand is not None and hand.phase is Phase.PASSING and 1 in hand.to_act

        hosting = asyncio.create_task(
            play_human(table, host, random.Random(2), until=lambda: table.stats.hands_finished >= 1)
        )
        await play_human(table, friend, random.Random(1), until=friend_must_pass)
        await table.request("leave", friend)  # the friend's page closes at the pass
        await asyncio.wait_for(hosting, timeout=60)
        history = table.model.full_history("t")
    finally:
        await table.stop()

    actions = [e.payload for e in writer.events() if e.kind == "action"]
    friend_actions = [a for a in actions if a["seat"] == 1]
    first = next(i for i, a in enumerate(friend_actions) if a.get("timeout"))
    assert "away" not in friend_actions[first]  # its clock ran out: a real timeout
    later = friend_actions[first + 1 :]
    assert later and all(a.get("timeout") and a.get("away") for a in later)
    assert not any(a.get("away") for a in actions if a["seat"] == 0)
    # the history lists them by index into its actions, a subset of timed_out
    away_indices = [i for i, a in enumerate(actions) if a.get("away")]
    timed_indices = [i for i, a in enumerate(actions) if a.get("timeout")]
    assert history["away_played"] == away_indices
    assert history["timed_out"] == timed_indices
    # and the state messages told the host while the hand ran
    states = [m for m in host.of_type("state") if m["hand_no"] == 1]
    assert any(m["away_played"] for m in states)
    assert all(set(m["away_played"]) <= set(m["timed_out"]) for m in states)
    assert states[-1]["away_played"] == away_indices
