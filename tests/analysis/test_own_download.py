"""A seat's own download reviews like the full hand: the stand-in deal gives the seat exactly
the views it had (``analysis/own_download.py``), for 2 to 7 seats, both pass schedules'
directions and the 9-card deal."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from anaconda_poker.analysis.own_download import StandInError, stand_in_history
from anaconda_poker.analysis.review import ReviewError, decision_points, review_hand
from anaconda_poker.bots import create_bot
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import HandState, Seat
from anaconda_poker.server.histories import own_history


def bot_hand(seed: int, players: int, **rules: Any) -> dict[str, Any]:
    config = TableConfig(**rules)
    rng = random.Random(seed)
    state = HandState(
        config,
        seats=[Seat(name=f"P{s}", stack=150) for s in range(players)],
        button=rng.randrange(players),
        rng=rng,
    )
    kinds = ["heuristic", "random", "calling-station"]
    bots = {
        s: create_bot(kinds[(seed + s) % 3], config=config, rng=random.Random(seed * 7 + s))
        for s in range(players)
    }
    while not state.is_complete:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
    return state.history()


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(
    seed=st.integers(0, 100_000),
    players=st.integers(2, 7),
    split=st.sampled_from(["high_only", "high_low_8"]),
    directions=st.sampled_from([["left", "left", "left"], ["left", "right", "left"]]),
)
def test_own_download_gives_the_seat_its_own_views(
    seed: int, players: int, split: str, directions: list[str]
) -> None:
    full = bot_hand(seed, players, split=split, pass_directions=directions)
    seat = seed % players
    own = own_history(full, seat)
    assert set(own["dealt"]) == {str(seat)} and "received" in own
    stand_in = stand_in_history(own, seat)
    expected = [(p.index, p.view, p.legal, p.knowledge) for p in decision_points(full, seat)]
    assert [(p.index, p.view, p.legal, p.knowledge) for p in decision_points(own, seat)] == (
        expected
    )
    assert [(p.index, p.view) for p in decision_points(stand_in, seat)] == [
        (i, v) for i, v, _l, _k in expected
    ]


def test_nine_card_deal_own_download() -> None:
    for seed in range(6):
        full = bot_hand(seed, 2 + seed % 4, cards_dealt=9)
        own = own_history(full, 0)
        assert [p.view for p in decision_points(own, 0)] == [
            p.view for p in decision_points(full, 0)
        ]


def test_own_download_review_equals_the_full_review() -> None:
    full = bot_hand(3, 4, split="high_low_8")
    a = review_hand(full, 1, trials=200, seed=2)
    b = review_hand(own_history(full, 1), 1, trials=200, seed=2)
    assert a.to_dict() == b.to_dict()


def test_an_older_download_without_received_cards_is_refused() -> None:
    full = bot_hand(3, 4)
    own = own_history(full, 1)
    del own["received"]
    with pytest.raises(ReviewError, match="does not list the cards the seat received"):
        review_hand(own, 1)
    with pytest.raises(StandInError, match="not seat 2's own download"):
        stand_in_history(own, 2)


def test_a_download_whose_received_cards_are_impossible_is_refused() -> None:
    full = bot_hand(5, 3)
    own = own_history(full, 0)
    if own["received"]:
        own["received"][0] = list(reversed(own["dealt"]["0"][: len(own["received"][0])]))
    with pytest.raises(ReviewError, match="own download cannot be reviewed"):
        review_hand(own, 0)
