"""The pure table model (``server/table_model.py``, ``server/table_events.py``): driven and
replayed event by event, without a server, an actor or an event loop."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from typing import Any

import pytest
from server_helpers import choose_from_legal

from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.server.errors import RecoveryError
from anaconda_poker.server.table_events import EVENT_HANDLERS, Event, apply_event, replay
from anaconda_poker.server.table_model import TableModel
from anaconda_poker.server.table_settings import TableSettings
from anaconda_poker.storage.event_store import StoredEvent

STACK = 100


def settings(**overrides: Any) -> TableSettings:
    options: dict[str, Any] = {
        "name": "T",
        "max_seats": 4,
        "config": TableConfig(),
        "starting_stack": STACK,
        "action_timer": None,
        "time_bank": 0.0,
    }
    options.update(overrides)
    return TableSettings(**options)


def model_facts(model: TableModel) -> str:
    """Everything the model holds, as one string (to compare two models)."""
    hand = model.hand
    views: list[Any] = []
    if hand is not None:
        views = [hand.view(None), *(hand.view(s) for s in hand.players), hand.history()]
    facts = {
        "seats": [dataclasses.asdict(r) if r is not None else None for r in model.seats],
        "views": views,
        "hand_no": model.hand_no,
        "in_hand": model.in_hand,
        "meta": dataclasses.asdict(model.meta) if model.meta is not None else None,
        "paused": model.paused,
        "chat": list(model.chat),
        "rebuys": sorted(model.rebuy_requests.items()),
        "next_request_id": model.next_request_id,
        "host": model.host_seat,
        "departed": model.departed,
        "former": sorted(model.former_tokens.items()),
        "seq": model.seq,
        "acts": sorted(model.acts.items()),
        "dealt_in": sorted(model.dealt_in),
        "ledger": model.ledger(),
        "last_button": model.last_button,
    }
    return json.dumps(facts, sort_keys=True, default=str)


class Driver:
    """Plays a table through events only (what the actor records), checking after each
    event that the chips at the table are the chips brought to it (RULES.md §1)."""

    def __init__(self, model: TableModel, seed: int) -> None:
        self.model = model
        self.rng = random.Random(seed)
        self.log: list[Event] = []

    def apply(self, kind: str, payload: dict[str, Any]) -> None:
        apply_event(self.model, kind, payload)
        self.model.seq += 1
        # stored events are JSON: replay must work from what the database gives back
        self.log.append((kind, json.loads(json.dumps(payload))))
        assert self.model.chip_total() == self.model.bought_in_total(), (kind, payload)

    def sit(self, seat: int, name: str, bot: str | None = None) -> None:
        self.apply(
            "seat_taken",
            {"seat": seat, "name": name, "token_hash": f"h-{name}", "bot": bot, "stack": STACK},
        )

    def rebuy(self, seat: int, amount: int, *, approved: bool = True) -> None:
        request_id = self.model.next_request_id
        self.apply("rebuy_requested", {"request_id": request_id, "seat": seat, "amount": amount})
        self.apply("rebuy_resolved", {"request_id": request_id, "approved": approved, "by": 0})

    def start_hand(self) -> None:
        model = self.model
        eligible = model.eligible_seats()
        deck = list(range(52))
        self.rng.shuffle(deck)
        self.apply(
            "hand_started",
            {
                "hand_no": model.hand_no + 1,
                "button": model.next_button(eligible),
                "split": model.settings.config.split.value,
                "stacks": {str(s): model.occupied(s).stack for s in eligible},
                "deck": deck,
                "salt": "00",
                "commitment": "test",
                "at": 0.0,
            },
        )

    def act(self, steps: int | None = None) -> None:
        """Random legal actions until the hand is complete (or ``steps`` were taken)."""
        model = self.model
        taken = 0
        while model.hand is not None and not model.hand.is_complete and taken != steps:
            hand = model.hand
            seat = hand.to_act[0]
            action = choose_from_legal(hand.view(seat)["you"]["legal"], self.rng, passive=True)
            payload = {"hand_no": model.hand_no, "seat": seat, "action": action}
            self.apply("action", payload)
            taken += 1

    def finish_hand(self) -> None:
        model = self.model
        hand = model.hand
        assert hand is not None and hand.is_complete
        stacks = {str(s): hand.stack[s] + model.occupied(s).pending_rebuy for s in hand.players}
        self.apply("hand_finished", {"hand_no": model.hand_no, "stacks": stacks})


def play_session(seed: int) -> Driver:
    """Four seats, eight hands with rebuys (between hands and during one), chat, a sit-out,
    a player leaving and another taking the freed seat, and a hand left running."""
    driver = Driver(TableModel(settings()), seed)
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        driver.sit(seat, name, bot="random" if seat == 2 else None)
    driver.apply("table_created", {})
    for hand_no in range(1, 9):
        driver.start_hand()
        if hand_no == 2:
            # approved during the hand: added when it ends, never during it
            driver.rebuy(1, 5)
        driver.act()
        driver.finish_hand()
        for record in driver.model.seats:
            if record is not None and record.stack < STACK:
                driver.rebuy(record.seat, STACK - record.stack, approved=hand_no % 2 == 0)
        if hand_no == 3:
            driver.apply("chat", {"seat": 0, "name": "Ann", "text": "nh", "at": 1.5})
            driver.apply("sitting_out", {"seat": 2, "value": True})
        if hand_no == 4:
            driver.apply("sitting_out", {"seat": 2, "value": False})
            record = driver.model.occupied(1)
            driver.apply("seat_left", {"seat": 1, "name": "Bob", "stack": record.stack, "host": 0})
            driver.sit(1, "Dee")
            driver.sit(3, "Eve")
    driver.start_hand()
    driver.act(steps=5)
    return driver


def stored(log: list[Event]) -> list[StoredEvent]:
    return [StoredEvent(i + 1, kind, payload, 0.0) for i, (kind, payload) in enumerate(log)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_replaying_the_events_rebuilds_the_same_model(seed: int) -> None:
    live = play_session(seed).model
    assert live.in_hand and live.hand_no == 9 and live.departed  # the session did it all
    assert any(r is not None and r.rebuys for r in live.seats)
    rebuilt = TableModel(live.settings)
    events = stored(play_session(seed).log)
    replay(rebuilt, events)
    # earlier hands were only fast-replayed (their results), the last one through the engine
    assert model_facts(rebuilt) == model_facts(live)
    assert rebuilt.chip_total() == rebuilt.bought_in_total() == live.chip_total()


def test_a_rebuy_approved_during_a_hand_waits_for_its_end() -> None:
    driver = Driver(TableModel(settings(max_seats=2)), 4)
    driver.sit(0, "Ann")
    driver.sit(1, "Bob")
    driver.start_hand()
    before = driver.model.occupied(0).stack
    driver.rebuy(0, 7)
    record = driver.model.occupied(0)
    assert (record.stack, record.pending_rebuy, record.bought_in) == (before, 7, STACK)
    driver.act()
    hand = driver.model.hand
    assert hand is not None
    driver.finish_hand()
    assert record.stack == hand.stack[0] + 7 and record.bought_in == STACK + 7
    assert (record.pending_rebuy, record.rebuys) == (0, 1)
    assert sum(r.stack for r in driver.model.seats if r) == 2 * STACK + 7


def test_an_illegal_action_leaves_the_model_as_it_was() -> None:
    driver = play_session(5)
    model = driver.model
    hand = model.hand
    assert hand is not None
    waiting = next(s for s in hand.players if s not in hand.to_act)
    before = model_facts(model)
    for seat, action in (
        (waiting, {"action": "check"}),
        (hand.to_act[0], {"action": "bet", "to": 10**6}),
    ):
        with pytest.raises(AnacondaError):
            apply_event(model, "action", {"hand_no": model.hand_no, "seat": seat, "action": action})
        assert model_facts(model) == before


def test_replay_refuses_a_log_that_contradicts_itself() -> None:
    log = play_session(6).log
    finished = max(i for i, (kind, _) in enumerate(log) if kind == "hand_finished")
    kind, payload = log[finished]
    stacks = dict(payload["stacks"])
    first = next(iter(stacks))
    stacks[first] += 1  # one chip from nowhere
    forged = [*log[:finished], (kind, {**payload, "stacks": stacks}), *log[finished + 1 :]]
    # hand 8 is only fast-replayed (its stacks are taken from the log); the forged chip is
    # caught when hand 9 deals the stacks the log says it had
    with pytest.raises(RecoveryError, match=r"hand 9: seat \d has \d+ chips, the log says"):
        replay(TableModel(settings()), stored(forged))
    gap = stored(log)
    del gap[3]
    with pytest.raises(RecoveryError, match="gap"):
        replay(TableModel(settings()), gap)


def test_every_event_kind_has_a_handler_and_unknown_kinds_are_refused() -> None:
    kinds = {kind for kind, _ in play_session(7).log}
    assert kinds <= set(EVENT_HANDLERS)
    model = TableModel(settings())
    with pytest.raises(KeyError):
        apply_event(model, "jackpot", {})


def test_the_model_layer_imports_no_event_loop_and_no_storage() -> None:
    """The model, its events and the command handlers are pure: importing them loads
    neither asyncio nor the database layer (SQLAlchemy) nor the web framework."""
    code = (
        "import sys\n"
        "import anaconda_poker.server.table_commands, anaconda_poker.server.table_events\n"
        "print(sorted({m.split('.')[0] for m in sys.modules}"
        " & {'asyncio', 'sqlalchemy', 'fastapi', 'starlette', 'uvicorn'}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
