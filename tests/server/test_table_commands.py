"""The table's command handlers (``server/table_commands.py``, ``server/seeds.py``) on the pure
model: a whole session played through them without an actor or an event loop, every refused
request leaving the model exactly as it was, and the live actor's log replayed into a bare
model."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from server_helpers import FakeConnection, choose_from_legal
from test_table import make_table, play_human
from test_table_model import model_facts, settings, stored

from anaconda_poker.core.actions import Action
from anaconda_poker.server import seeds
from anaconda_poker.server import table_commands as commands
from anaconda_poker.server import table_views as views
from anaconda_poker.server.bot_seats import default_action
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.table_events import Event, apply_all, replay
from anaconda_poker.server.table_model import TableModel

STACK = 100


class Session:
    """A table driven by command handlers only, as the actor drives it (requests checked,
    events applied), checking chip conservation (RULES.md §1) after every request."""

    def __init__(self, seed: int, **overrides: Any) -> None:
        self.model = TableModel(settings(**overrides))
        self.rng = random.Random(seed)
        self.log: list[Event] = []

    def record(self, events: list[Event]) -> list[Event]:
        apply_all(self.model, events)
        self.keep(events)
        return events

    def keep(self, events: list[Event]) -> None:
        self.model.seq += len(events)
        self.log += events
        assert self.model.chip_total() == self.model.bought_in_total(), events

    def sit(self, name: str, bot: str | None = None) -> int:
        events = commands.take_seat_events(
            self.model, name=name, seat=None, token_hash=f"h-{name}", bot=bot
        )
        self.record(events)
        return int(events[0][1]["seat"])

    def deal(self, seeds_by_seat: dict[int, str] | None = None) -> None:
        """The seed round: opened, answered by ``seeds_by_seat``, then dealt."""
        model = self.model
        deck = list(range(52))
        self.rng.shuffle(deck)
        fresh = seeds.new_round(
            model, "high_only", model.eligible_seats(), deck, f"{self.rng.getrandbits(128):032x}"
        )
        asked = sorted(seeds_by_seat or {})
        if asked:
            self.record([seeds.opening_event(fresh, asked, at=1.0)])
            for seat in asked:
                hand_no = fresh.hand_no
                self.record([seeds.seed_event(model, seat, hand_no, seeds_by_seat[seat])])
            current = model.seed_round
            assert current is not None
            self.record(seeds.deal_events(model, current, recorded=True, at=2.0))
        else:
            self.record(seeds.deal_events(model, fresh, recorded=False, at=2.0))
        assert model.in_hand and model.seed_round is None

    def play(self, steps: int | None = None) -> None:
        model = self.model
        taken = 0
        while model.in_hand and taken != steps:
            hand = model.hand
            assert hand is not None
            seat = hand.to_act[0]
            legal = hand.view(seat)["you"]["legal"]
            turn = model.turn_of(seat)
            assert turn is not None
            held, action = commands.action_event(
                model, seat, turn=turn, action=choose_from_legal(legal, self.rng, passive=True)
            )
            payload = commands.action_payload(model, held, action, timeout=False, overtime=0.0)
            self.keep(commands.settle_action(model, payload))
            taken += 1


def play_session(seed: int) -> Session:
    session = Session(seed)
    for name in ("Ann", "Bob"):
        session.sit(name)
    session.sit("Cy", bot="random")
    assert session.model.host_seat == 0
    for hand_no in range(1, 7):
        session.deal({0: "ab" * 8} if hand_no % 2 else None)
        if hand_no == 2:
            session.record(commands.chat_events(session.model, 1, "  good   luck ", at=3.0))
            session.record(commands.leave_seat_events(session.model, 1))  # leaves at the end
        session.play()
        for record in list(session.model.seats):
            if record is not None and record.bot is None and record.stack < STACK:
                asked = commands.rebuy_events(session.model, record.seat, STACK - record.stack)
                session.record(asked)
                request_id = asked[0][1]["request_id"]
                if record.seat == 0:  # the host's own rebuy needs nobody's approval
                    assert asked[1] == (
                        "rebuy_resolved",
                        {"request_id": request_id, "approved": True, "by": 0},
                    )
                    continue
                session.record(commands.answer_rebuy_events(session.model, 0, request_id, True))
        if hand_no == 3:
            session.sit("Dee")
    session.deal()
    session.play(steps=4)
    return session


def test_a_session_played_through_the_command_handlers_replays_to_the_same_model() -> None:
    session = play_session(11)
    model = session.model
    assert model.hand_no == 7 and model.in_hand
    assert [d["name"] for d in model.departed] == ["Bob"]  # left when hand 2 ended
    assert model.occupied(1).name == "Dee" and model.chat[0]["text"] == "good luck"
    rebuilt = TableModel(model.settings)
    replay(rebuilt, stored(session.log))
    assert model_facts(rebuilt) == model_facts(model)


Refusal = Callable[[TableModel], object]

REFUSALS: list[tuple[str, Refusal]] = [
    ("spectator", lambda m: commands.chat_events(m, None, "hi", at=0.0)),
    ("bad_message", lambda m: commands.chat_events(m, 0, " \t ", at=0.0)),
    ("not_host", lambda m: commands.pause_events(m, 2, True)),
    ("not_host", lambda m: commands.answer_rebuy_events(m, 2, 1, True)),
    ("unknown_request", lambda m: commands.answer_rebuy_events(m, 0, 99, True)),
    ("rebuy_not_allowed", lambda m: commands.rebuy_events(m, 0, 10**6)),
    ("hand_running", lambda m: commands.check_next_hand(m, 0, dealing=False)),
    ("not_dealer", lambda m: commands.check_choose_game(m, 0, dealer=None)),
    (
        "name_taken",
        lambda m: commands.take_seat_events(m, name="ann", seat=None, token_hash="x", bot=None),
    ),
    (
        "seat_taken",
        lambda m: commands.take_seat_events(m, name="Zed", seat=1, token_hash="x", bot=None),
    ),
    (
        "bad_request",
        lambda m: commands.take_seat_events(m, name="Zed", seat=9, token_hash="x", bot=None),
    ),
    (
        "stale_turn",
        lambda m: commands.action_event(
            m, m.hand.to_act[0], turn="1:99", action={"action": "fold"}
        ),
    ),  # type: ignore[union-attr]
    ("not_your_turn", lambda m: commands.action_event(m, 3, turn="7:0", action={"action": "fold"})),
    ("no_seed_request", lambda m: seeds.seed_event(m, 0, m.hand_no + 1, "ab")),
    ("bad_seed", lambda m: seeds.seed_event(m, 0, m.hand_no + 1, "xyz")),
]


@pytest.mark.parametrize(
    ("code", "request_"), REFUSALS, ids=[f"{i}-{c}" for i, (c, _) in enumerate(REFUSALS)]
)
def test_a_refused_request_raises_its_code_and_changes_nothing(
    code: str, request_: Refusal
) -> None:
    model = play_session(12).model
    before = model_facts(model)
    with pytest.raises(ClientError) as err:
        request_(model)
    assert err.value.code == code
    assert model_facts(model) == before


def test_an_action_the_engine_refuses_changes_nothing() -> None:
    model = play_session(13).model
    hand = model.hand
    assert hand is not None
    seat = hand.to_act[0]
    before = model_facts(model)
    for action in ({"action": "bet", "to": 10**6}, {"action": "pass", "cards": ["As"]}):
        payload = {"hand_no": model.hand_no, "seat": seat, "action": action}
        with pytest.raises(ClientError):
            commands.settle_action(model, payload)
        assert model_facts(model) == before


def test_leaving_declines_the_seats_rebuys_and_passes_the_host_on() -> None:
    session = Session(14, host_seat=0)
    for name in ("Ann", "Bob", "Cy"):
        session.sit(name)
    session.deal()
    session.play()
    model = session.model
    short = next(r for r in model.seats if r is not None and r.stack < STACK)
    asked = commands.rebuy_events(model, short.seat, STACK - short.stack)
    session.record(asked)
    host_before = model.host_seat
    events = commands.leave_events(model, short.seat)
    request_id = asked[0][1]["request_id"]
    assert events[0] == (
        "rebuy_resolved",
        {"request_id": request_id, "approved": False, "by": "house"},
    )
    kind, left = events[-1]
    assert kind == "seat_left" and left["stack"] == short.stack
    expected_host = host_before if short.seat != host_before else min({0, 1, 2} - {short.seat})
    assert left["host"] == expected_host
    session.record(events)
    assert model.seats[short.seat] is None and model.host_seat == expected_host
    assert model.chip_total() == model.bought_in_total()


def test_a_broke_bot_buys_in_again_and_two_timeouts_sit_a_person_out() -> None:
    session = Session(15, max_seats=3)
    session.sit("Ann")
    session.sit("Bob")
    session.record(
        [
            (
                "seat_taken",
                {"seat": 2, "name": "Bot", "token_hash": None, "bot": "random", "stack": 0},
            )
        ]
    )
    rebuys = commands.bot_rebuy_events(session.model, (0, 1, 2))
    assert [kind for kind, _ in rebuys] == ["rebuy_requested", "rebuy_resolved"]
    assert rebuys[0][1]["seat"] == 2 and rebuys[0][1]["amount"] == STACK
    session.record(rebuys)
    assert session.model.occupied(2).stack == STACK
    session.deal()
    model = session.model
    betting_timeouts = 0
    events: list[Event] = []
    while model.in_hand and not model.occupied(0).sitting_out:
        hand = model.hand
        assert hand is not None
        seat = hand.to_act[0]
        if seat == 0:  # the server acts for seat 0: check, default passes and arrangements
            action, timeout = default_action(hand, 0), True
            betting_timeouts += action.kind.is_betting
        else:  # the others never bet, so seat 0 may always check
            legal = hand.view(seat)["you"]["legal"]
            choice = choose_from_legal(legal, session.rng, passive=True)
            if choice["action"] in ("bet", "raise", "fold"):
                choice = {"action": "check" if "check" in legal["kinds"] else "call"}
            action, timeout = Action.from_dict(choice), False
        payload = commands.action_payload(model, seat, action, timeout=timeout, overtime=0.0)
        events = commands.settle_action(model, payload)
        session.keep(events)
    assert model.occupied(0).sitting_out
    assert betting_timeouts == commands.TIMEOUTS_BEFORE_SIT_OUT
    assert events[-1] == ("sitting_out", {"seat": 0, "value": True, "reason": "timeouts"})


async def test_the_live_tables_log_replays_into_a_bare_model() -> None:
    table, writer = make_table(humans=1, bots=("calling-station", "random"))
    human = FakeConnection(0)
    table.start()
    try:
        await table.request("join", human)
        await play_human(
            table, human, random.Random(3), until=lambda: table.hand_no == 3 and table.in_hand
        )
    finally:
        await table.stop()
    model = TableModel(table.settings)
    replay(model, writer.events())
    assert model_facts(model) == model_facts(table.model)
    assert model.ledger() == table.ledger()


def test_actions_taken_on_a_timeout_are_marked_in_the_state_and_the_history() -> None:
    """The ``action`` event's ``timeout`` flag (the server acted for a seat whose time ran
    out) reaches clients: ``state``'s ``timed_out`` and the history's ``timed_out`` list the
    indices into the hand's log of exactly those actions, also after a replay of the log."""
    session = Session(21, max_seats=3)
    session.sit("Ann")
    session.sit("João")
    session.deal()
    model = session.model
    expected: list[int] = []
    index = 0
    while model.in_hand:
        hand = model.hand
        assert hand is not None
        seat = hand.to_act[0]
        timeout = seat == 1 and index % 3 == 0
        if timeout:
            action = default_action(hand, seat)
            expected.append(index)
        else:
            legal = hand.view(seat)["you"]["legal"]
            choice = choose_from_legal(legal, session.rng, passive=True)
            if choice["action"] == "fold":
                choice = {"action": "check" if "check" in legal["kinds"] else "call"}
            action = Action.from_dict(choice)
        payload = commands.action_payload(model, seat, action, timeout=timeout, overtime=0.0)
        session.keep(commands.settle_action(model, payload))
        index += 1
        if index == 4:  # mid-hand: the state message carries them
            state = views.state_message("tbl", model, 0, None)
            assert state["timed_out"] == expected
            assert all(state["view"]["log"][i]["seat"] == 1 for i in expected)
    assert expected and len(expected) < index
    assert model.timed_out == expected
    assert model.full_history("tbl")["timed_out"] == expected
    rebuilt = TableModel(settings(max_seats=3))
    replay(rebuilt, stored(session.log))
    assert rebuilt.timed_out == expected
    # the next hand starts with none
    session.deal()
    assert model.timed_out == [] and views.state_message("tbl", model, 0, None)["timed_out"] == []


def test_a_new_hosts_own_pending_rebuy_is_approved_when_the_role_passes() -> None:
    """The host leaves while seat 1 waits for an answer to its rebuy: seat 1 becomes the host,
    and its own request is approved at once (nobody else could answer it), recorded after
    the ``seat_left`` that made it host."""
    session = Session(14, host_seat=0)
    for name in ("Ann", "Bob", "Cy"):
        session.sit(name)
    model = session.model
    bob = model.occupied(1)
    ann = model.occupied(0)
    bob.stack, ann.stack = STACK - 30, STACK + 30  # as if Bob had lost 30 chips to Ann
    asked = commands.rebuy_events(model, 1, 30)
    assert len(asked) == 1  # a guest's request waits for the host
    session.record(asked)
    request_id = asked[0][1]["request_id"]
    events = commands.leave_events(model, 0)
    assert [kind for kind, _ in events] == ["seat_left", "rebuy_resolved"]
    assert events[0][1]["host"] == 1
    assert events[1][1] == {"request_id": request_id, "approved": True, "by": 1}
    session.record(events)
    assert model.host_seat == 1 and model.pending_rebuy_requests() == []
    assert (bob.stack, bob.rebuys) == (STACK, 1)
