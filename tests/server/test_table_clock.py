"""The table's timers as data (``server/table_clock.py``): every time is an argument, so the
decisions, the next deal and the dealer's choice are checked without an event loop."""

from __future__ import annotations

import random

from test_table_commands import Session

from anaconda_poker.server.table_clock import CHOOSE_GAME_SECONDS, TableClock

START = 1_000.0  # loop seconds


def clock_for(session: Session, seed: int = 1) -> TableClock:
    return TableClock(session.model, random.Random(seed))


def test_a_person_gets_the_action_timer_and_the_bank_only_while_connected() -> None:
    session = Session(1, max_seats=2, action_timer=30.0, time_bank=12.0)
    session.sit("Ann")
    session.sit("Bob")
    session.deal()
    clock = clock_for(session)
    online = {0, 1}
    clock.refresh(START, lambda seat: seat in online)
    hand = session.model.hand
    assert hand is not None
    (first,) = hand.to_act
    decision = clock.decisions[first]
    assert decision.turn == session.model.turn_of(first) and decision.started == START
    assert decision.due == START + 30.0 + 12.0
    frame = clock.timer_frame(lambda: (START + 10.0, 50_000.0))
    assert frame == {"to_act": [first], "deadline": 50_020.0, "bank": {str(first): 12.0}}
    online.clear()  # the socket goes: the bank is not given to an empty seat
    clock.rearm_people(START + 5.0, lambda seat: seat in online)
    assert clock.decisions[first].due == START + 30.0
    assert clock.due_seat(START + 29.999) is None
    assert clock.due_seat(START + 30.0) == first
    assert clock.earliest(None) == START + 30.0
    assert clock.earliest(START + 2.0) == START + 2.0  # a seed round closing sooner


def test_a_bot_waits_a_human_like_pause_and_shows_no_deadline() -> None:
    session = Session(2, max_seats=2, action_timer=30.0, bot_pause=2.0)
    session.sit("Bot1", bot="random")
    session.sit("Bot2", bot="random")
    session.deal()
    clock = clock_for(session)
    clock.refresh(START, lambda seat: False)
    (decision,) = clock.decisions.values()
    assert START + 1.0 <= decision.due <= START + 3.0
    assert clock.timer_frame(lambda: (START, 0.0)) is None  # deadlines are for people


def test_the_next_hand_is_armed_after_the_pause_between_hands_only_when_someone_plays() -> None:
    session = Session(3, max_seats=3, between_hands=8.0)
    session.sit("Bot1", bot="random")
    session.sit("Bot2", bot="random")
    clock = clock_for(session)
    clock.schedule_next_hand(START, watched=False)
    assert clock.next_hand_at is None  # bots alone, nobody watching: no hand
    clock.schedule_next_hand(START, watched=True)
    assert clock.next_hand_at == START  # the first hand at once
    session.deal()
    session.play()
    clock.next_hand_at = None
    clock.schedule_next_hand(START + 1.0, watched=True)
    assert clock.next_hand_at == START + 9.0
    times = (START + 3.0, 70_000.0)
    assert clock.next_hand_wall(lambda: times) == 70_006.0
    clock.restart(START + 4.0, lambda seat: False, watched=True)  # after a pause: in full
    assert clock.next_hand_at == START + 12.0
    assert clock.choose(0, START) == START + CHOOSE_GAME_SECONDS  # no action timer
    assert clock.dealing
