"""The host's pause against the end of the between-hands countdown (newcomer trial, issue 12
§3): the two are ordered by the table actor's inbox, and each order has exactly one outcome.

- The pause first: no hand starts; the countdown starts again in full at ``resume``.
- The countdown first, and the deal waits for the players' seeds (the seed window): the pause
  still wins. The seed round is cancelled (``seeding_cancelled`` with ``"reason":
  "paused"``), no hand starts, a seed sent late is refused, and after ``resume`` and a full
  countdown the hand is dealt from a fresh commitment.
- The countdown first, and the hand is dealt at once (nobody to ask for a seed): the hand has
  started, and the pause stops it mid-hand (no decision is taken until ``resume``).

The race is made deterministic by queueing the actor's own timer tick (``Table._reschedule``
with the countdown due now) and the host's ``pause`` in the inbox in a chosen order; the
actor then runs them one after the other. In process, no sockets (``FakeConnection``).
"""

from __future__ import annotations

import asyncio
import random

import pytest
from server_helpers import FakeConnection, seeded_policies
from test_table import RecordingWriter, make_table, play_human

from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.table import Table

BETWEEN_HANDS = 30.0
"""Seconds of the countdown: long enough never to run out by itself during a test."""


async def after_the_first_hand(
    seed_window: float,
) -> tuple[Table, FakeConnection, RecordingWriter]:
    """A host (seat 0) and a bot, the first hand played to its end (seeds not asked), the
    countdown to the second armed; from now on the deal asks connected humans for seeds for
    ``seed_window`` seconds."""
    table, writer = make_table(
        humans=1, bots=("calling-station",), between_hands=BETWEEN_HANDS, auto_start=True
    )
    host = FakeConnection(0)
    table.start()
    await table.request("join", host)
    await play_human(table, host, random.Random(3), until=lambda: table.hand_no == 1)
    await play_human(table, host, random.Random(4), until=lambda: not table.in_hand)
    await table.request("sync", host)  # the actor is idle between the hands now
    assert table.clock.next_hand_at is not None
    table.seeding.window = seed_window
    return table, host, writer


def countdown_runs_out(table: Table) -> None:
    """The countdown is due now: the actor's timer tick goes into the inbox at once."""
    table.clock.next_hand_at = asyncio.get_running_loop().time()
    table._reschedule()


def left_on_the_countdown(table: Table) -> float:
    at = table.clock.next_hand_at
    assert at is not None
    return at - asyncio.get_running_loop().time()


async def test_a_pause_queued_before_the_countdown_tick_deals_nothing() -> None:
    table, host, _ = await after_the_first_hand(seed_window=5.0)
    try:
        table.tell("pause", host)
        countdown_runs_out(table)  # queued behind the pause
        await table.request("sync", host)  # both handled
        assert table.status == "paused"
        assert table.hand_no == 1 and not table.in_hand and table.model.seed_round is None
        assert not host.of_type("seed_request") and not host.of_type("hand_started")
        assert table.public_info()["next_hand_at"] is None
        await table.request("resume", host)
        assert BETWEEN_HANDS - 1 < left_on_the_countdown(table) <= BETWEEN_HANDS
        assert table.hand_no == 1 and not table.in_hand
    finally:
        await table.stop()


async def test_a_pause_in_the_seed_window_cancels_the_deal() -> None:
    table, host, writer = await after_the_first_hand(seed_window=5.0)
    try:
        countdown_runs_out(table)
        await table.request("sync", host)  # the tick opened the seed round of hand 2
        (asked,) = host.of_type("seed_request")
        assert asked["hand_no"] == 2 and table.model.seed_round is not None
        await table.request("pause", host)
        # the pause won: no round, no hand, nothing dealt while paused
        assert table.status == "paused"
        assert table.model.seed_round is None and not table.in_hand and table.hand_no == 1
        events = [(e.kind, e.payload) for e in writer.events()]
        assert events[-2:] == [
            ("seeding_cancelled", {"hand_no": 2, "reason": "paused"}),
            ("paused", {"value": True}),
        ]
        with pytest.raises(ClientError) as err:  # the browser's seed, arriving late
            await table.request("seed", host, hand_no=2, seed="ab" * 32)
        assert err.value.code == "no_seed_request"
        assert not host.of_type("hand_started")
        # resume: the countdown starts again in full; at its end, a fresh round for hand 2
        await table.request("resume", host)
        assert BETWEEN_HANDS - 1 < left_on_the_countdown(table) <= BETWEEN_HANDS
        assert table.model.seed_round is None and not table.in_hand
        countdown_runs_out(table)
        await table.request("sync", host)
        again = host.of_type("seed_request")[-1]
        assert again["hand_no"] == 2 and again["commitment"] != asked["commitment"]
        await table.request("seed", host, hand_no=2, seed="cd" * 32)
        await table.request("sync", host)  # the last seed closes the round: the deal
        (started,) = host.of_type("hand_started")
        assert started["hand_no"] == 2 and started["commitment"] == again["commitment"]
        assert table.in_hand and table.hand_no == 2
    finally:
        await table.stop()
    # the log replays to the same table: the cancelled round, then hand 2
    rebuilt = Table("tbl", table.settings, writer=None, policy_factory=seeded_policies(9))
    rebuilt.replay(writer.events())
    assert rebuilt.hand_no == 2 and rebuilt.hand is not None and table.hand is not None
    assert rebuilt.hand.history() == table.hand.history()


async def test_a_pause_after_a_deal_without_seeds_stops_the_hand_it_started() -> None:
    table, host, _ = await after_the_first_hand(seed_window=0.0)
    try:
        countdown_runs_out(table)
        table.tell("pause", host)  # queued behind the tick, which deals at once
        await table.request("sync", host)
        assert table.in_hand and table.hand_no == 2 and table.status == "paused"
        assert [f["hand_no"] for f in host.of_type("hand_started")] == [2]
        hand = table.hand
        assert hand is not None
        await asyncio.sleep(0.05)  # the bot (no pause) would have acted by now
        await table.request("sync", host)
        assert hand.action_count == 0 and table.status == "paused"
        assert host.frames[-1]["type"] == "state" and host.frames[-1]["hand_no"] == 2
    finally:
        await table.stop()
