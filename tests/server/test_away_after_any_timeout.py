"""A seat whose connection drops in the middle of a pass is away after that pass times out
(issue 12 §3, ``server/absence.py``): every later decision of the hand is taken at once by
default, and everyone is told it plays by default. Before, only betting timeouts counted,
so a drop during passing held the table for the pass timer and then a whole betting timer."""

from __future__ import annotations

from server_helpers import FakeConnection
from test_table import friend_leaves_at_the_pass, make_table

from anaconda_poker.server.table_clock import Decision


async def test_a_seat_gone_during_the_pass_is_away_after_the_pass_times_out() -> None:
    table, writer = make_table(
        humans=2, bots=(), action_timer=0.2, time_bank=600.0, auto_start=False
    )
    decisions: list[Decision] = []  # each decision begun for seat 1 once it left, as set
    gone = False
    refresh = table.clock.refresh

    def recording_refresh(now: float, connected: object) -> None:
        before = table.clock.decisions.get(1)
        refresh(now, connected)  # type: ignore[arg-type]
        after = table.clock.decisions.get(1)
        if gone and after is not None and after is not before:
            decisions.append(after)

    table.clock.refresh = recording_refresh  # type: ignore[method-assign]
    host, friend = FakeConnection(0), FakeConnection(1)
    table.start()
    try:
        # the friend plays the first betting round, then closes the phone at the pass
        def left() -> None:
            nonlocal gone
            gone = True

        await friend_leaves_at_the_pass(table, host, friend, on_leave=left)
    finally:
        await table.stop()

    actions = [e.payload for e in writer.events() if e.kind == "action" and e.payload["seat"] == 1]
    first_timeout = next(i for i, a in enumerate(actions) if a.get("timeout"))
    assert actions[first_timeout]["action"]["action"] == "pass"
    assert not any(a.get("timeout") for a in actions[:first_timeout])  # it played until then
    later = actions[first_timeout + 1 :]
    assert later and all(a.get("timeout") for a in later)
    # every decision of the seat after its timed-out pass was due the moment it began:
    # nobody waits for a player who is not there
    assert len(decisions) == len(later)
    assert all(d.due == d.started for d in decisions)
    # and everyone was told the seat plays by default while the hand ran
    shown = [f["table"]["seats"][1] for f in host.of_type("table")]
    assert any(s["away"] and not s["connected"] for s in shown)
