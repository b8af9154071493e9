"""Random request sequences on the pure table model (Hypothesis): every request goes through
its command handler as the actor sends it — valid or not, from seats, spectators and empty
seats — and after each one the chips at the table are the chips brought to it (RULES.md §1),
a refused request changed nothing, and at the end the log replays to the same model."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st
from server_helpers import choose_from_legal
from test_table_model import model_facts, stored
from test_table_model import settings as table_settings

from anaconda_poker.server import seeds
from anaconda_poker.server import table_commands as commands
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.table_events import Event, apply_all, replay
from anaconda_poker.server.table_model import TableModel

NAMES = ("Ann", "Bob", "Cy", "Dee", "ann", "Eve", "Bot")


class Fuzzer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.model = TableModel(table_settings(max_seats=4, host_seat=0, starting_stack=50))
        self.log: list[Event] = []
        self.refused = 0

    def seat(self) -> int | None:
        """A requester: usually a seat (occupied or not), sometimes a spectator."""
        return None if self.rng.random() < 0.1 else self.rng.randrange(5)

    def request(self, handler: Callable[[], list[Event]]) -> None:
        before = model_facts(self.model)
        try:
            events = handler()
        except ClientError:
            self.refused += 1
            assert model_facts(self.model) == before
            return
        apply_all(self.model, events)
        self.keep(events)

    def keep(self, events: list[Event]) -> None:
        self.model.seq += len(events)
        self.log += events
        assert self.model.chip_total() == self.model.bought_in_total(), events

    def occupied(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < 4 and self.model.seats[seat] is not None

    def step(self) -> None:
        rng, model = self.rng, self.model
        roll = rng.random()
        seat = self.seat()
        if model.in_hand and roll < 0.55:
            self.act()
        elif roll < 0.62:
            name, bot = rng.choice(NAMES), rng.choice((None, None, "random"))
            where = rng.choice((None, rng.randrange(-1, 6)))
            self.request(
                lambda: commands.take_seat_events(
                    model, name=name, seat=where, token_hash=f"h{rng.random()}", bot=bot
                )
            )
        elif roll < 0.67 and self.occupied(seat):
            self.request(lambda: commands.leave_seat_events(model, seat))
        elif roll < 0.72 and (self.occupied(seat) or seat is None):
            self.request(lambda: commands.sitting_out_events(model, seat, rng.random() < 0.5))
        elif roll < 0.8 and (self.occupied(seat) or seat is None):
            amount = rng.randrange(-5, 60)
            self.request(lambda: commands.rebuy_events(model, seat, amount))
        elif roll < 0.86:
            request_id = rng.randrange(0, model.next_request_id + 1)
            approved = rng.random() < 0.7
            self.request(lambda: commands.answer_rebuy_events(model, seat, request_id, approved))
        elif roll < 0.89 and (model.host_seat is None or self.occupied(seat) or seat is None):
            self.request(lambda: commands.pause_events(model, seat, rng.random() < 0.3))
        elif roll < 0.92 and (self.occupied(seat) or seat is None):
            text = rng.choice(("gl", "  ", "nice  hand"))
            self.request(lambda: commands.chat_events(model, seat, text, at=1.0))
        elif not model.in_hand:
            self.deal()

    def act(self) -> None:
        """An action for a seat to act (legal or not), or a stale or foreign one."""
        rng, model = self.rng, self.model
        hand = model.hand
        assert hand is not None
        seat = rng.choice(hand.to_act) if rng.random() < 0.9 else self.seat()
        turn = (model.turn_of(seat) if seat is not None else None) or "0:0"
        if rng.random() < 0.05:
            turn = "9:9"
        legal = (
            hand.view(seat)["you"]["legal"]
            if self.occupied(seat) and seat in hand.players
            else None
        )
        wanted = choose_from_legal(legal, rng, passive=True) if legal and legal["kinds"] else None
        if wanted is None or rng.random() < 0.05:
            wanted = {"action": rng.choice(("check", "fold", "call")), "to": 10**6}
            wanted = {"action": "bet", "to": 10**6} if rng.random() < 0.5 else wanted
        before = model_facts(model)
        try:
            held, action = commands.action_event(model, seat, turn=turn, action=wanted)
            timeout = model.occupied(held).bot is None and rng.random() < 0.2
            overtime = rng.choice((0.0, 0.0, 2.5))
            payload = commands.action_payload(
                model, held, action, timeout=timeout, overtime=overtime
            )
            events = commands.settle_action(model, payload)
        except ClientError:
            self.refused += 1
            assert model_facts(model) == before
            return
        self.keep(events)

    def deal(self) -> None:
        model = self.model
        eligible = model.eligible_seats()
        if model.seed_round is not None or len(eligible) < 2 or model.paused:
            return
        deck = list(range(52))
        self.rng.shuffle(deck)
        fresh = seeds.new_round(
            model, "high_only", eligible, deck, f"{self.rng.getrandbits(64):016x}"
        )
        asked = [s for s in eligible if self.rng.random() < 0.5]
        if not asked:
            self.request(lambda: seeds.deal_events(model, fresh, recorded=False, at=0.0))
            return
        self.request(lambda: [seeds.opening_event(fresh, asked, at=0.0)])
        for seat in [*asked, self.rng.randrange(4)]:  # one may answer twice or unasked
            seed = self.rng.choice(("ab", "zz", "00" * 65, "c0ffee"))
            self.request(lambda s=seat, v=seed: [seeds.seed_event(model, s, fresh.hand_no, v)])
        current = model.seed_round
        assert current is not None
        if self.rng.random() < 0.2 and self.occupied(asked[0]):  # a seat leaves mid-round
            self.request(lambda: commands.leave_seat_events(model, asked[0]))
        self.request(lambda: seeds.deal_events(model, current, recorded=True, at=0.0))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(50, 300))
def test_random_requests_conserve_chips_refusals_change_nothing_and_the_log_replays(
    seed: int, steps: int
) -> None:
    fuzzer = Fuzzer(seed)
    fuzzer.request(
        lambda: commands.take_seat_events(
            fuzzer.model, name="Host", seat=0, token_hash="h-host", bot=None
        )
    )
    for _ in range(steps):
        fuzzer.step()
    rebuilt = TableModel(fuzzer.model.settings)
    replay(rebuilt, stored(fuzzer.log))
    assert model_facts(rebuilt) == model_facts(fuzzer.model)
    assert fuzzer.refused > 0  # the sequences do exercise refusals
