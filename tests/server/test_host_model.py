"""The host controls' command handlers and events on the pure table model (no event loop):
random sequences of host commands between hands (Hypothesis) keep every chip accounted for,
a refused command changes nothing, and replaying the log rebuilds the same table; and one
race on the actor: an approval queued before the asker's close is handled."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from server_helpers import FakeConnection
from test_table import make_table

from anaconda_poker.core.config import TableConfig
from anaconda_poker.server import host_controls as hosting
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.table_commands import answer_rebuy_events, rebuy_events
from anaconda_poker.server.table_events import apply_all, replay
from anaconda_poker.server.table_model import Event, TableModel
from anaconda_poker.server.table_settings import TableSettings


class Logged:
    """An event as the store gives it back (``table_events.LoggedEvent``)."""

    def __init__(self, seq: int, kind: str, payload: dict[str, Any]) -> None:
        self.seq, self.kind, self.payload = seq, kind, payload


def new_model(*, seat_approval: bool = False, seats: int = 6) -> tuple[TableModel, list[Event]]:
    settings = TableSettings(
        name="Home",
        max_seats=seats,
        config=TableConfig(),
        starting_stack=200,
        host_seat=0,
        seat_approval=seat_approval,
    )
    model = TableModel(settings)
    log: list[Event] = [("table_created", {"settings": settings.to_dict()})]
    for seat, name, bot in ((0, "Ana", None), (1, "Bo", None), (2, "Bot 3", "heuristic")):
        log.append(
            (
                "seat_taken",
                {"seat": seat, "name": name, "token_hash": f"h{seat}", "bot": bot, "stack": 200},
            )
        )
    apply_all(model, log)
    return model, log


def snapshot(model: TableModel) -> str:
    return json.dumps(
        {
            "seats": [
                None
                if r is None
                else [r.name, r.stack, r.bought_in, r.adjustments, r.removed, r.leaving]
                for r in model.seats
            ],
            "ledger": model.ledger(),
            "settings": model.settings.to_dict(),
            "requests": sorted(model.hosting.seat_requests),
            "next_config": None
            if model.hosting.next_config is None
            else model.hosting.next_config.to_dict(),
            "host": model.host_seat,
        },
        sort_keys=True,
    )


def rebuilt(model: TableModel, log: list[Event]) -> TableModel:
    fresh = TableModel(TableSettings.from_dict(log[0][1]["settings"]))
    replay(fresh, [Logged(i + 1, kind, payload) for i, (kind, payload) in enumerate(log)])
    return fresh


def run(model: TableModel, log: list[Event], events: list[Event]) -> None:
    apply_all(model, events)
    log.extend(events)


def test_removal_between_hands_is_a_cash_out_and_passes_nothing_on() -> None:
    model, _ = new_model()
    model.occupied(1).stack = 260  # as if Bo had won 60 chips from Ana
    model.occupied(0).stack = 140
    events = hosting.remove_player_events(model, 0, target=1)
    assert [kind for kind, _ in events] == ["player_removed", "seat_left"]
    assert events[1][1] == {"seat": 1, "name": "Bo", "stack": 260, "host": 0, "removed": True}
    apply_all(model, events)
    line = next(x for x in model.ledger() if x["name"] == "Bo")
    assert (line["left"], line["removed"], line["stack"], line["net"]) == (True, True, 260, 60)
    assert model.chip_total() == model.bought_in_total() == 600
    with pytest.raises(ClientError) as err:
        hosting.remove_player_events(model, 0, target=1)
    assert err.value.code == "empty_seat"


def test_refusals_name_the_problem_and_change_nothing() -> None:
    model, _ = new_model(seats=6)
    before = snapshot(model)
    cases: list[tuple[Any, str, str | None]] = [
        (lambda: hosting.remove_player_events(model, 1, target=2), "not_host", None),
        (lambda: hosting.remove_player_events(model, None, target=2), "spectator", None),
        (lambda: hosting.remove_player_events(model, 0, target=4), "empty_seat", None),
        (lambda: hosting.remove_player_events(model, 0, target=0), "own_seat", None),
        (
            lambda: hosting.adjust_stack_events(model, 0, target=1, stack=5, busy=True),
            "hand_running",
            None,
        ),
        (
            lambda: hosting.change_game_events(model, 0, changes={"cards_dealt": 9}, busy=False),
            "invalid_config",
            "config.cards_dealt",
        ),
        (
            lambda: hosting.change_game_events(model, 0, changes={"ante": -1}, busy=False),
            "invalid_config",
            "config.ante",
        ),
        (
            lambda: hosting.change_game_events(
                model, 0, changes={"declare": "declare", "split": "high_only"}, busy=False
            ),
            "invalid_config",
            "config.declare",
        ),
        (
            lambda: hosting.seat_request_events(model, None, name="Cy", wanted=None),
            "no_approval",
            None,
        ),
    ]
    for call, code, field in cases:
        with pytest.raises(ClientError) as err:
            call()
        assert (err.value.code, err.value.field) == (code, field)
        assert snapshot(model) == before


def test_a_change_during_a_hand_waits_and_equal_rules_withdraw_it() -> None:
    model, log = new_model()
    events = hosting.change_game_events(model, 0, changes={"ante": 4}, busy=True)
    assert [kind for kind, _ in events] == ["game_change_requested"]
    run(model, log, events)
    assert model.settings.config.ante == 1
    assert model.hosting.next_config is not None and model.hosting.next_config.ante == 4
    # the same change again changes nothing; the table's own rules withdraw it
    assert hosting.change_game_events(model, 0, changes={"ante": 4}, busy=True) == []
    run(model, log, hosting.change_game_events(model, 0, changes={"ante": 1}, busy=True))
    assert model.hosting.next_config is None
    run(model, log, hosting.change_game_events(model, 0, changes={"small_bet": 3}, busy=True))
    waiting = hosting.next_config_events(model)
    assert waiting and waiting[0][1]["config"]["big_bet"] == 6  # twice the new small bet
    run(model, log, waiting)
    assert (model.settings.config.small_bet, model.hosting.next_config) == (3, None)
    assert snapshot(rebuilt(model, log)) == snapshot(model)


def test_two_changes_during_a_hand_add_up_and_are_checked_together() -> None:
    """A second change during a hand is merged onto the waiting one, not onto the table's
    rules (review: ``{"ante": 7}`` then ``{"small_bet": 4, "big_bet": 6}`` left ante 1),
    and the stakes check sees the waiting forced bet and ante with it."""
    model, log = new_model(seats=6)
    run(model, log, hosting.change_game_events(model, 0, changes={"ante": 7}, busy=True))
    changes = {"small_bet": 4, "big_bet": 6}
    run(model, log, hosting.change_game_events(model, 0, changes=changes, busy=True))
    waiting = model.hosting.next_config
    assert waiting is not None
    assert (waiting.ante, waiting.small_bet, waiting.big_bet) == (7, 4, 6)
    assert model.settings.config.ante == 1  # the hand's rules stay
    # dealer antes of 32 × 6 and one small bet of 4 come to 196 of 200 chips: accepted;
    # a small bet of 9 then no longer fits with the waiting antes, which are the larger share:
    # the ante is blamed (at most (200 - 9) // 6 = 31)
    dealer = {"forced_bet": "dealer_ante", "ante": 32}
    run(model, log, hosting.change_game_events(model, 0, changes=dealer, busy=True))
    before = snapshot(model)
    with pytest.raises(ClientError) as err:
        hosting.change_game_events(model, 0, changes={"small_bet": 9, "big_bet": 18}, busy=True)
    assert (err.value.code, err.value.field) == ("invalid_config", "config.ante")
    assert snapshot(model) == before
    run(model, log, hosting.next_config_events(model))
    config = model.settings.config
    assert (config.ante, config.small_bet, config.big_bet) == (32, 4, 6)
    assert config.forced_bet.value == "dealer_ante"
    assert snapshot(rebuilt(model, log)) == snapshot(model)


OPS = st.lists(
    st.one_of(
        st.tuples(st.just("adjust"), st.integers(0, 5), st.integers(0, 1000)),
        st.tuples(st.just("remove"), st.integers(0, 5), st.just(0)),
        st.tuples(st.just("ask"), st.sampled_from(["Cy", "Di", "bo", "Eve"]), st.integers(-1, 5)),
        st.tuples(st.just("answer"), st.integers(1, 6), st.booleans()),
        st.tuples(st.just("expire"), st.integers(1, 6), st.just(0)),
        st.tuples(st.just("approval"), st.booleans(), st.just(0)),
        st.tuples(
            st.just("game"),
            st.sampled_from(["ante", "small_bet", "big_bet", "split", "betting", "raise_cap"]),
            st.integers(-2, 12),
        ),
        st.tuples(st.just("rebuy"), st.integers(0, 5), st.integers(1, 300)),
    ),
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(OPS)
def test_random_host_commands_conserve_chips_and_replay(ops: list[tuple[Any, Any, Any]]) -> None:
    model, log = new_model(seat_approval=True)
    splits = ["high_only", "high_low_8", "high_low_any"]
    for op, a, b in ops:
        before = snapshot(model)
        try:
            if op == "adjust":
                events = hosting.adjust_stack_events(model, 0, target=a, stack=b, busy=False)
            elif op == "remove":
                events = hosting.remove_player_events(model, 0, target=a)
            elif op == "ask":
                events = hosting.seat_request_events(
                    model, None, name=a, wanted=None if b < 0 else b
                )
            elif op == "answer":
                events = hosting.answer_seat_events(
                    model, 0, request_id=a, approved=b, reason=None, token_hash=f"t{a}"
                )
            elif op == "expire":
                events = hosting.expire_seat_request_events(model, a)
            elif op == "approval":
                events = hosting.seat_approval_events(model, 0, value=a)
            elif op == "game":
                value: Any = splits[b % 3] if a == "split" else b
                if a == "betting":
                    value = ["fixed_limit", "pot_limit", "no_limit"][b % 3]
                events = hosting.change_game_events(model, 0, changes={a: value}, busy=False)
            else:
                asked = rebuy_events(model, a if model.seats[a] is not None else None, b)
                run(model, log, asked)
                rid = int(asked[0][1]["request_id"])
                events = answer_rebuy_events(model, 0, rid, True) if len(asked) == 1 else []
        except ClientError:
            assert snapshot(model) == before  # a refusal changes nothing
            continue
        run(model, log, events)
        assert model.chip_total() == model.bought_in_total()
        assert sum(int(x["net"]) for x in model.ledger()) == 0
        assert model.seats[0] is not None and model.host_seat == 0
    assert snapshot(rebuilt(model, log)) == snapshot(model)


async def test_an_approval_racing_the_askers_close_hands_no_seat_to_a_closed_socket() -> None:
    table, writer = make_table(
        humans=1, bots=("calling-station",), auto_start=False, max_seats=4, seat_approval=True
    )
    host, asker = FakeConnection(0), FakeConnection(None)
    table.start()
    try:
        await table.request("join", host)
        await table.request("join", asker)
        await table.request("request_seat", asker, name="Zed", seat=None)
        asker.closed = True  # its socket closed; the table has not handled the leave yet
        with pytest.raises(ClientError) as err:
            await table.request("approve_seat", host, request_id=1)
        assert err.value.code == "unknown_request"
        assert all(r is None or r.name != "Zed" for r in table.seats)
        assert not table.model.hosting.seat_requests
        closed = host.of_type("seat_request_closed")
        assert [c["outcome"] for c in closed] == ["expired"]
    finally:
        await table.stop()
    kinds = [e.kind for e in writer.events()]
    assert kinds[-2:] == ["seat_requested", "seat_request_closed"]
