"""The arena's lazy view builds each key on its first read (core/views.view_part); whatever
the keys a bot reads and in whatever order, it must read the values of ``state.view(seat)``."""

from __future__ import annotations

import random

import pytest

from anaconda_poker.bots.lazy_view import LazyView
from anaconda_poker.bots.registry import create_bot
from anaconda_poker.core.config import Betting, Split, TableConfig
from anaconda_poker.core.state import HandState, Seat
from anaconda_poker.core.views import VIEW_KEYS, view_part


@pytest.mark.parametrize(
    "config",
    [
        TableConfig(split=Split.HIGH_LOW_8),
        TableConfig(split=Split.HIGH_ONLY, betting=Betting.NO_LIMIT, cards_dealt=9),
    ],
)
def test_every_key_read_in_any_order_is_the_views(config: TableConfig) -> None:
    rng = random.Random(3)
    for hand in range(6):
        bots = [create_bot("random", config=config, rng=random.Random(s)) for s in range(4)]
        state = HandState(
            config,
            seats=[Seat(name=f"p{s}", stack=60 if hand % 2 else 500) for s in range(4)],
            button=hand % 4,
            rng=random.Random(hand),
        )
        while not state.is_complete:
            seat = state.to_act[0]
            full = state.view(seat)
            lazy = LazyView(state, seat)
            keys = list(VIEW_KEYS)
            rng.shuffle(keys)
            for key in keys[: rng.randint(1, len(keys))]:
                assert lazy[key] == full[key], key
            assert dict(lazy) == full and list(lazy) == list(full)
            state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
        for seat in range(4):  # the finished hand: result, no pots
            assert {key: view_part(state, seat, key) for key in VIEW_KEYS} == state.view(seat)


def test_an_unknown_key_is_a_key_error() -> None:
    state = HandState(
        TableConfig(), seats=[Seat(name=f"p{s}", stack=100) for s in range(3)], button=0
    )
    with pytest.raises(KeyError):
        view_part(state, 0, "deck")
    assert LazyView(state, 0).get("deck") is None
