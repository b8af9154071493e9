"""The table actor in process (no sockets): event replay, timers, host controls, rebuys,
dealer's choice, chat and the ledger. Frames are captured by in-process connections."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from server_helpers import FakeConnection, choose_from_legal, seeded_policies

from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.hand_types import Phase
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.table import Table, TableSettings
from anaconda_poker.storage.event_store import NewEvent, StoredEvent, WriteBatch


class RecordingWriter:
    """Stands in for the database writer: keeps every batch (commits instantly)."""

    def __init__(self) -> None:
        self.batches: list[WriteBatch] = []

    async def commit(self, batch: WriteBatch) -> None:
        self.batches.append(batch)

    def events(self) -> list[StoredEvent]:
        out = []
        for batch in self.batches:
            for i, ev in enumerate(batch.events):
                out.append(
                    StoredEvent(
                        batch.first_seq + i, ev.kind, json.loads(json.dumps(ev.payload)), ev.at
                    )
                )
        return out


def make_table(
    *,
    humans: int = 1,
    bots: tuple[str, ...] = ("calling-station",),
    policy: Callable[[str], Any] | None = None,
    **overrides: Any,
) -> tuple[Table, RecordingWriter]:
    seats = humans + len(bots)
    options: dict[str, Any] = {
        "name": "T",
        "max_seats": seats,
        "config": TableConfig(),
        "starting_stack": 100,
        "action_timer": None,
        "time_bank": 0.0,
        "bot_pause": 0.0,
        "auto_start": True,
        "host_seat": 0,
        "between_hands": 0.0,
    }
    options.update(overrides)
    writer = RecordingWriter()
    table = Table(
        "tbl", TableSettings(**options), writer=writer, policy_factory=policy or seeded_policies(3)
    )  # type: ignore[arg-type]
    for seat in range(seats):
        bot = bots[seat - humans] if seat >= humans else None
        table.apply_event(
            "seat_taken",
            {
                "seat": seat,
                "name": f"P{seat}",
                "token_hash": None if bot else f"h{seat}",
                "bot": bot,
                "stack": 100,
            },
        )
    # record the seats as events too, so that a replay starts from the same log
    writer.batches.append(
        WriteBatch(
            "tbl",
            1,
            [
                NewEvent(
                    "seat_taken",
                    {
                        "seat": s.seat,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "bot": s.bot,
                        "stack": s.stack,
                    },
                    0.0,
                )
                for s in table.seats
                if s is not None
            ],
        )
    )
    table.seq = seats
    return table, writer


async def wait_for(predicate: Callable[[], bool], timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        if loop.time() > end:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.005)


async def play_human(
    table: Table,
    conn: FakeConnection,
    rng: random.Random,
    *,
    until: Callable[[], bool],
    passive: bool = True,
) -> None:
    """Act for ``conn``'s seat from its own state frames until ``until()`` holds."""
    seen = 0
    while not until():
        await asyncio.sleep(0.001)
        frames = conn.frames[seen:]
        seen = len(conn.frames)
        latest = next((f for f in reversed(frames) if f["type"] == "state"), None)
        if latest is None or latest["turn"] is None or latest["view"] is None:
            continue
        if conn.seat not in latest["view"]["to_act"]:
            continue
        action = choose_from_legal(latest["view"]["you"]["legal"], rng, passive=passive)
        with contextlib.suppress(ClientError):
            await table.request("action", conn, turn=latest["turn"], action=action)


async def friend_leaves_at_the_pass(
    table: Table,
    host: FakeConnection,
    friend: FakeConnection,
    on_leave: Callable[[], None] = lambda: None,
) -> None:
    """Two humans join and the host deals; the friend plays the first betting round, then
    leaves (its page closes) when it must pass. Returns when the hand has finished, the host
    playing throughout; ``on_leave`` runs right after the friend leaves."""

    def friend_must_pass() -> bool:
        hand = table.hand
        return hand is not None and hand.phase is Phase.PASSING and 1 in hand.to_act

    await table.request("join", host)
    await table.request("join", friend)
    await table.request("next_hand", host)
    hosting = asyncio.create_task(
        play_human(table, host, random.Random(2), until=lambda: table.stats.hands_finished >= 1)
    )
    await play_human(table, friend, random.Random(1), until=friend_must_pass)
    await table.request("leave", friend)
    on_leave()
    await asyncio.wait_for(hosting, timeout=60)


async def test_replaying_the_log_rebuilds_the_same_table() -> None:
    table, writer = make_table(humans=1, bots=("calling-station", "random", "heuristic"))
    human = FakeConnection(0)
    table.start()
    try:
        await table.request("join", human)
        hand = lambda: table.hand  # noqa: E731
        # stop in the middle of the 4th hand
        await play_human(
            table,
            human,
            random.Random(5),
            until=lambda: table.hand_no == 4 and (h := hand()) is not None and h.action_count >= 3,
        )
    finally:
        await table.stop()
    rebuilt = Table("tbl", table.settings, writer=None, policy_factory=seeded_policies(9))
    rebuilt.replay(writer.events())
    assert rebuilt.seq == table.seq
    assert rebuilt.hand_no == table.hand_no == 4

    def facts(t: Table) -> list[tuple[object, ...]]:
        return [
            (r.name, r.stack, r.bought_in, r.rebuys, r.hands, r.sitting_out, r.time_bank)
            for r in t.seats
            if r
        ]

    assert facts(rebuilt) == facts(table)
    assert table.hand is not None and rebuilt.hand is not None
    for seat in (None, *table.hand.players):
        assert rebuilt.hand.view(seat) == table.hand.view(seat)
    assert rebuilt.hand.history() == table.hand.history()
    assert rebuilt.chip_total() == table.chip_total() == table.bought_in_total()
    assert rebuilt.acts == table.acts


async def test_chips_are_conserved_across_hands_and_rebuys() -> None:
    table, _ = make_table(humans=0, bots=("random", "random", "calling-station"), host_seat=None)
    table.start()
    try:
        assert not table.can_auto_deal()  # bots alone, nobody watching: no hand is dealt
        await asyncio.sleep(0.05)
        assert table.hand_no == 0
        await table.request("join", FakeConnection(None))  # a spectator: the bots play
        await wait_for(lambda: table.stats.hands_finished >= 20, timeout=30)
    finally:
        await table.stop()
    assert table.chip_total() == table.bought_in_total()
    assert table.bought_in_total() >= 300


async def test_timeouts_take_default_actions_use_the_bank_and_sit_the_seat_out() -> None:
    table, writer = make_table(
        humans=1, bots=("calling-station",), action_timer=0.05, time_bank=0.05, auto_start=False
    )
    host = FakeConnection(0)
    table.start()
    try:
        await table.request("join", host)
        await table.request("next_hand", host)
        await wait_for(lambda: table.stats.hands_finished >= 1, timeout=20)
    finally:
        await table.stop()
    actions = [e.payload for e in writer.events() if e.kind == "action" and e.payload["seat"] == 0]
    assert actions and all(a.get("timeout") for a in actions)
    kinds = [a["action"]["action"] for a in actions]
    assert set(kinds) <= {"check", "fold", "pass", "arrange"}
    first_with_bank = next(a for a in actions if "bank" in a)
    assert first_with_bank["bank"] == 0.0  # the whole bank was spent on the first timeout
    sat_out = [e.payload for e in writer.events() if e.kind == "sitting_out"]
    assert sat_out == [{"seat": 0, "value": True, "reason": "timeouts"}]
    assert table.seats[0] is not None and table.seats[0].sitting_out
    # the state frames announced absolute deadlines while seat 0 had to act
    timers = [f["timer"] for f in host.of_type("state") if f["timer"]]
    assert timers and all(t["to_act"] == [0] for t in timers)


async def test_default_pass_and_arrangement_are_the_heuristic_bots() -> None:
    from anaconda_poker.bots.heuristic import best_five, best_pass
    from anaconda_poker.core.cards import parse_codes

    table, _ = make_table(humans=2, bots=(), action_timer=0.02, time_bank=0.0, auto_start=False)
    host = FakeConnection(0)
    table.start()
    try:
        await table.request("join", host)
        await table.request("next_hand", host)
        await wait_for(lambda: table.stats.hands_finished >= 1, timeout=20)
    finally:
        await table.stop()
    hand = table.hand
    assert hand is not None
    history = hand.history()
    passes = [a for a in history["actions"] if a["action"] == "pass"]
    arranges = [a for a in history["actions"] if a["action"] == "arrange"]
    assert len(passes) == 6 and len(arranges) == 2  # both checked through: all passes, showdown
    # the first pass of each seat is the heuristic bot's choice from its dealt cards
    for record in passes[:2]:
        dealt = parse_codes(history["dealt"][str(record["seat"])])
        expected = best_pass(dealt, 3, hand.config.split)
        assert sorted(parse_codes(record["cards"])) == sorted(expected)
    for record in arranges:
        cards = parse_codes(record["cards"])
        assert len(cards) == 5
        holding = list(hand.arranged[record["seat"]] or ())
        assert cards == holding
        assert tuple(cards) == best_five([c for c in hand.hands[record["seat"]]], hand.config.split)


async def test_bots_wait_a_human_like_pause() -> None:
    table, _ = make_table(humans=1, bots=("calling-station",), bot_pause=2.0, auto_start=False)
    host = FakeConnection(0)
    table.start()
    try:
        await table.request("join", host)
        await table.request("next_hand", host)
        hand = table.hand
        assert hand is not None
        # seat 1 (the bot) acts first (left of the button at seat 0)
        assert hand.to_act == (1,)
        decision = table._decisions[1]
        assert 1.0 <= decision.due - decision.started <= 3.0
        assert hand.action_count == 0
    finally:
        await table.stop()


async def test_host_controls_pause_resume_next_hand() -> None:
    table, _ = make_table(humans=2, bots=("calling-station",), auto_start=False)
    host, guest = FakeConnection(0), FakeConnection(1)
    table.start()
    try:
        await table.request("join", host)
        await table.request("join", guest)
        with pytest.raises(ClientError) as err:
            await table.request("next_hand", guest)
        assert err.value.code == "not_host"
        assert guest.of_type("error")[-1]["code"] == "not_host"
        assert not host.of_type("error")  # errors go only to the sender
        await table.request("next_hand", host)
        assert table.in_hand and table.hand_no == 1
        with pytest.raises(ClientError) as err:
            await table.request("next_hand", host)
        assert err.value.code == "hand_running"
        await table.request("pause", host)
        assert table.status == "paused"
        hand = table.hand
        assert hand is not None
        seat = hand.to_act[0]
        conn = host if seat == 0 else guest
        turn = table.turn_of(seat)
        before = table.seq
        with pytest.raises(ClientError) as err:
            await table.request("action", conn, turn=turn, action={"action": "fold"})
        assert err.value.code == "paused" and table.seq == before
        await table.request("resume", host)
        await table.request("action", conn, turn=turn, action={"action": "fold"})
        assert table.seq == before + 2
    finally:
        await table.stop()


async def test_rebuys_need_the_host_and_wait_for_the_hand_end() -> None:
    table, writer = make_table(humans=2, bots=(), auto_start=False)
    host, guest = FakeConnection(0), FakeConnection(1)
    seat0, seat1 = table.seats[0], table.seats[1]
    assert seat0 is not None and seat1 is not None
    # as if seat 1 had lost 60 chips to seat 0 in earlier hands
    seat0.stack, seat1.stack = 160, 40
    table.start()
    try:
        await table.request("join", host)
        await table.request("join", guest)
        with pytest.raises(ClientError) as err:
            await table.request("rebuy", host, amount=1)
        assert err.value.code == "rebuy_not_allowed"  # above the starting stack already
        with pytest.raises(ClientError) as err:
            await table.request("rebuy", guest, amount=61)
        assert err.value.code == "rebuy_not_allowed"  # tops up to 100 at most
        await table.request("rebuy", guest, amount=60)
        request = host.of_type("rebuy_request")[-1]
        assert request["seat"] == 1 and request["amount"] == 60
        # the requester's table message says the request waits (docs/protocol.md §3)
        assert guest.of_type("table")[-1]["table"]["seats"][1]["rebuy_requested"] == 60
        with pytest.raises(ClientError) as err:
            await table.request("approve_rebuy", guest, request_id=request["request_id"])
        assert err.value.code == "not_host"
        await table.request("next_hand", host)
        await table.request("approve_rebuy", host, request_id=request["request_id"])
        assert seat1.pending_rebuy == 60 and seat1.stack == 40  # never during a hand
        info = table.public_info()["seats"][1]
        assert (info["rebuy_requested"], info["rebuy_pending"]) == (0, 60)
        assert guest.of_type("rebuy_result")[-1]["approved"] is True
        hand = table.hand
        assert hand is not None
        while not hand.is_complete:
            seat = hand.to_act[0]
            conn = host if seat == 0 else guest
            await table.request("action", conn, turn=table.turn_of(seat), action={"action": "fold"})
        assert seat1.pending_rebuy == 0 and seat1.rebuys == 1
        assert table.chip_total() == table.bought_in_total() == 260
        with pytest.raises(ClientError) as err:
            await table.request("approve_rebuy", host, request_id=request["request_id"])
        assert err.value.code == "unknown_request"
        await table.request("next_hand", host)  # the rebuy's hand is now an earlier hand
    finally:
        await table.stop()
    kinds = [e.kind for e in writer.events()]
    assert kinds.count("rebuy_requested") == 1 and kinds.count("rebuy_resolved") == 1
    # a restart replays the first hand from its recorded result (the rebuy waited for it)
    rebuilt = Table("tbl", table.settings, writer=None)
    seat_0, seat_1 = table.seats[0], table.seats[1]
    rebuilt.replay(writer.events()[:2])  # the seats as stored (before the test moved chips)
    rebuilt.seats[0].stack, rebuilt.seats[1].stack = 160, 40  # type: ignore[union-attr]
    rebuilt.seq = 2
    rebuilt.replay(writer.events()[2:])
    for before, after in ((seat_0, rebuilt.seats[0]), (seat_1, rebuilt.seats[1])):
        assert before is not None and after is not None
        assert (after.stack, after.bought_in, after.rebuys, after.hands) == (
            before.stack,
            before.bought_in,
            before.rebuys,
            before.hands,
        )
    assert rebuilt.hand_no == 2 and rebuilt.chip_total() == table.chip_total() == 260


async def test_the_hosts_own_rebuy_is_approved_at_once() -> None:
    """Nobody but the host could answer the host's own request: it is approved when asked,
    recorded like any approved rebuy (by the host's seat), and no request reaches the host."""
    table, writer = make_table(humans=2, bots=(), auto_start=False)
    host, guest = FakeConnection(0), FakeConnection(1)
    seat0, seat1 = table.seats[0], table.seats[1]
    assert seat0 is not None and seat1 is not None
    seat0.stack, seat1.stack = 40, 160  # as if the host had lost 60 chips to the guest
    table.start()
    try:
        await table.request("join", host)
        await table.request("join", guest)
        await table.request("rebuy", host, amount=60)
        assert host.of_type("rebuy_request") == []
        result = host.of_type("rebuy_result")
        assert len(result) == 1 and result[0]["approved"] is True and result[0]["amount"] == 60
        assert table.model.pending_rebuy_requests() == []
        assert (seat0.stack, seat0.rebuys, seat0.bought_in) == (100, 1, 160)
        assert guest.of_type("rebuy_request") == [] and guest.of_type("rebuy_result") == []
        line = next(x for x in table.ledger() if x["seat"] == 0)
        assert (line["bought_in"], line["rebuys"], line["stack"]) == (160, 1, 100)
        assert table.chip_total() == table.bought_in_total() == 260
    finally:
        await table.stop()
    resolved = [e.payload for e in writer.events() if e.kind == "rebuy_resolved"]
    assert resolved == [{"request_id": resolved[0]["request_id"], "approved": True, "by": 0}]


async def test_dealers_choice_is_asked_of_the_dealer() -> None:
    table, writer = make_table(humans=2, bots=(), dealers_choice=True, auto_start=False)
    host, guest = FakeConnection(0), FakeConnection(1)
    table.start()
    try:
        await table.request("join", host)
        await table.request("join", guest)
        await table.request("next_hand", host)
        ask = host.of_type("choose_game")
        assert ask and ask[-1]["options"] == ["high_only", "high_low_8", "high_low_any"]
        assert not guest.of_type("choose_game")
        with pytest.raises(ClientError) as err:
            await table.request("choose_game", guest, split="high_only")
        assert err.value.code == "not_dealer"
        await table.request("choose_game", host, split="high_only")
        assert table.hand is not None and table.hand.config.split.value == "high_only"
    finally:
        await table.stop()
    started = [e.payload for e in writer.events() if e.kind == "hand_started"]
    assert started[0]["split"] == "high_only"


async def test_chat_is_stored_and_sent_to_everyone() -> None:
    table, writer = make_table(humans=2, bots=(), auto_start=False)
    host, guest, watcher = FakeConnection(0), FakeConnection(1), FakeConnection(None)
    table.start()
    try:
        for conn in (host, guest, watcher):
            await table.request("join", conn)
        await table.request("chat", guest, text="  hello   there ")
        with pytest.raises(ClientError) as err:
            await table.request("chat", watcher, text="hi")
        assert err.value.code == "spectator"
    finally:
        await table.stop()
    for conn in (host, guest, watcher):
        assert conn.of_type("chat")[-1]["text"] == "hello there"
        assert conn.of_type("chat")[-1]["name"] == "P1"
    assert [e.payload["text"] for e in writer.events() if e.kind == "chat"] == ["hello there"]


async def test_a_database_failure_stops_the_table_and_tells_the_clients() -> None:
    class FailingWriter(RecordingWriter):
        async def commit(self, batch: WriteBatch) -> None:
            if any(ev.kind == "action" for ev in batch.events):
                raise RuntimeError("disk full")
            await super().commit(batch)

    table, _ = make_table(humans=2, bots=(), auto_start=False)
    table.writer = FailingWriter()  # type: ignore[assignment]
    host, guest = FakeConnection(0), FakeConnection(1)
    table.start()
    try:
        await table.request("join", host)
        await table.request("join", guest)
        await table.request("next_hand", host)
        hand = table.hand
        assert hand is not None
        seat = hand.to_act[0]
        conn = host if seat == 0 else guest
        with pytest.raises(ClientError) as err:
            await table.request("action", conn, turn=table.turn_of(seat), action={"action": "fold"})
        assert err.value.code == "internal" and "disk" not in err.value.message
        assert table.failed
        for client in (host, guest):
            last = client.frames[-1]
            assert last["type"] == "error" and last["code"] == "internal"
        with pytest.raises(ClientError) as err:
            await table.request("chat", host, text="anyone?")
        assert err.value.code == "internal" and err.value.status == 503
        assert err.value.retry_after == 5 and "resumes from its last saved state" in str(err.value)
    finally:
        await table.stop()
