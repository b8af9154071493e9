"""The pass-aware model's replays kept through the roll rounds: the first question is the
model's own, later ones reuse the replayed passes and still hold what the seat saw."""

from __future__ import annotations

import random

import numpy as np
import pytest

from anaconda_poker.analysis import pass_replay
from anaconda_poker.analysis.kept_replay import KeptReplay
from anaconda_poker.analysis.knowledge import knowledge_from_view
from anaconda_poker.analysis.pass_model import passing_opponents
from anaconda_poker.analysis.situation import SeatKnowledge
from anaconda_poker.bots.check_call import check_call_steps
from anaconda_poker.bots.registry import create_bot
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.state import HandState, Seat

CONFIG = TableConfig(split=Split.HIGH_LOW_8)
PLAYERS = 4


def _roll_views(seed: int) -> list[dict[str, object]]:
    """Seat 0's views at each reveal after the arrangement (heuristic bots pass and arrange;
    everyone checks or calls)."""
    bots = [create_bot("heuristic", config=CONFIG, rng=random.Random(s)) for s in range(PLAYERS)]
    state = HandState(
        CONFIG,
        seats=[Seat(name=f"p{s}", stack=500) for s in range(PLAYERS)],
        button=PLAYERS - 1,
        rng=random.Random(seed),
    )
    views: list[dict[str, object]] = []
    shown = -1
    steps = check_call_steps(state, bots)
    while not state.is_complete:
        view = state.view(0)
        count = sum(len(s["revealed"]) for s in view["seats"])
        if view["you"].get("arrangement") and view["phase"] != "passing" and count > shown:
            views.append(view)
            shown = count
        next(steps)
    return views


def _deals(source: object, knowledge: SeatKnowledge, trials: int, seed: int) -> np.ndarray:
    _, batches = source.deal_batches(  # type: ignore[attr-defined]
        knowledge, extra=0, trials=trials, exact_limit=0, rng=np.random.default_rng(seed)
    )
    return np.concatenate(list(batches))


@pytest.mark.parametrize("seed", [3, 11])
def test_later_questions_reuse_the_passes_and_hold_the_shown_cards(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    views = _roll_views(seed)
    assert len(views) >= 3  # reveals came after the arrangement
    model = passing_opponents(views[0], CONFIG)
    kept = KeptReplay(model)
    first = knowledge_from_view(views[0], CONFIG)
    # the first question draws exactly what the model draws
    assert np.array_equal(_deals(kept, first, 300, 5), _deals(model, first, 300, 5))
    replays: list[int] = []
    passes = pass_replay.Replay.passes

    def counted(self: pass_replay.Replay) -> object:
        replays.append(self.n)
        return passes(self)

    monkeypatch.setattr(pass_replay.Replay, "passes", counted)
    for view in views[1:]:
        assert passing_opponents(view, CONFIG) == model  # no pass since: the same model
        knowledge = knowledge_from_view(view, CONFIG)
        deals = _deals(kept, knowledge, 200, 7)
        assert deals.shape == (200, knowledge.needed())
        at = 0
        for o in knowledge.active:
            own = deals[:, at : at + o.unknown]
            at += o.unknown
            hand = np.concatenate([own, np.tile(o.known + o.revealed, (200, 1))], axis=1)
            assert (np.sort(hand, axis=1)[:, 1:] != np.sort(hand, axis=1)[:, :-1]).all()
            assert not np.isin(own, knowledge.seen()).any()
        flat = np.sort(deals, axis=1)
        assert (flat[:, 1:] != flat[:, :-1]).all()  # no card in two places
    assert replays == []  # no pass replayed again
    _deals(kept, knowledge, 400, 9)  # more deals than kept: replayed afresh
    assert replays == [400]


def test_the_bot_replays_the_passes_once_after_the_arrangement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    views = _roll_views(3)
    counts = {}
    passes = pass_replay.Replay.passes
    for keep in (True, False):
        replays: list[int] = []

        def counted(self: pass_replay.Replay, replays: list[int] = replays) -> object:
            replays.append(self.n)
            return passes(self)

        monkeypatch.setattr(pass_replay.Replay, "passes", counted)
        bot = create_bot(
            "montecarlo", config=CONFIG, rng=random.Random(1), samples=60, keep_replays=keep
        )
        for view in views:
            bot.equity(  # type: ignore[attr-defined]
                knowledge_from_view(view, CONFIG),
                {},
                model=bot.kept_replay(passing_opponents(view, CONFIG))  # type: ignore[attr-defined]
                if keep
                else passing_opponents(view, CONFIG),
            )
        counts[keep] = len(replays)
    assert counts == {True: 1, False: len(views)}


@pytest.mark.parametrize("q", [0, 1, 2, 3, 6, 7, 12])
def test_card_membership_row_by_row_is_the_pairwise_comparison(q: int) -> None:
    """The replay's membership test (column by column for few cards, a flag table for
    many) says exactly what comparing every pair says, cards present or not."""
    rng = np.random.default_rng(q)
    deals = np.argsort(rng.random((300, 52)), axis=1).astype(np.uint8)
    hand = deals[:, :7]
    # some rows draw their cards from the hand's own columns, the others from outside
    cards = np.where(rng.random((300, 1)) < 0.5, deals[:, 3 : 3 + q], deals[:, 20 : 20 + q])
    expected = (hand[:, :, None] == cards[:, None, :]).any(axis=2)
    found = pass_replay._members(hand, cards)
    assert found.dtype == np.bool_
    assert np.array_equal(found, expected)
    assert q == 0 or 0 < found.sum() < found.size
