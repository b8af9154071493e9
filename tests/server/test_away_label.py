"""The plays the server makes for an away seat are labelled as such, not as a timeout
(issue 12's trial night): the first default play of a seat that dropped is a real timeout
(its clock ran out); the ones after it, made at once because the seat is away, carry
``"away": true`` in the event log and are listed in ``state``'s and the history's
``away_played`` (the web log says "(away)" for them, ``tests/web/test_logtext.py``)."""

from __future__ import annotations

from server_helpers import FakeConnection
from test_table import friend_leaves_at_the_pass, make_table


async def test_plays_for_an_away_seat_are_marked_away_and_the_timeout_is_not() -> None:
    table, writer = make_table(
        humans=2, bots=(), action_timer=0.2, time_bank=600.0, auto_start=False
    )
    host, friend = FakeConnection(0), FakeConnection(1)
    table.start()
    try:
        await friend_leaves_at_the_pass(table, host, friend)  # its page closes at the pass
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
