"""Opponent profiles across a session: exact counts from the public log, reads that stop
meaning strength for opponents whose betting ignores their cards, the default reads for
strangers, and the adaptive bot deciding as montecarlo until it has seen a hand."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from anaconda_poker.analysis.ranges import ActionRead, RangeModel
from anaconda_poker.bots.adaptive import AdaptiveBot
from anaconda_poker.bots.arena import ArenaSpec, play_hand, session_bots
from anaconda_poker.bots.montecarlo import MonteCarloBot
from anaconda_poker.bots.profiles import REFERENCE, OpponentBook, ProfiledRead
from anaconda_poker.bots.protocol import View
from anaconda_poker.core.actions import Action
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.state import LegalActions

DEFAULT = RangeModel()


def _view(
    log: list[tuple[int, str]], me: int = 0, names: tuple[str, ...] = ("me", "a", "b")
) -> View:
    return {
        "you": {"seat": me},
        "seats": [{"seat": s, "name": n} for s, n in enumerate(names)],
        "log": [{"seat": s, "action": k} for s, k in log],
    }


def test_counts_are_exact_for_a_crafted_log() -> None:
    book = OpponentBook(prior=0)
    log = [
        (1, "bet"),
        (2, "raise"),
        (0, "call"),
        (1, "fold"),  # before the arrangement
        (0, "pass"),
        (1, "pass"),
        (2, "arrange"),
        (0, "arrange"),
        (2, "bet"),
        (0, "raise"),
        (2, "call"),  # roll rounds
        (2, "check"),
        (0, "bet"),
        (2, "fold"),
    ]
    book.add_hand(_view(log))
    a, b = book.stats["a"], book.stats["b"]
    assert (a.hands, a.early_aggressive, a.early_passive) == (1, 1, 1)
    assert (a.roll_aggressive, a.roll_passive, a.facing_continue, a.facing_fold) == (0, 0, 0, 0)
    assert (b.early_aggressive, b.early_passive) == (1, 0)
    assert (b.roll_aggressive, b.roll_passive) == (1, 2)
    assert (b.facing_continue, b.facing_fold) == (1, 1)
    assert "me" not in book.stats  # its own actions are not an opponent's
    f = book.frequencies("b")
    assert (f.aggression, f.calling, f.early) == (pytest.approx(1 / 3), 0.5, 1.0)


def _flatness(read: ActionRead) -> float:
    """Likelihood of a weak hand (20th percentile) over the nuts: 1 = the read says nothing."""
    pct = np.array([0.2, 0.99])
    weak, strong = read.likelihood(pct, DEFAULT)
    return float(weak / strong)


def test_an_always_betting_opponent_is_read_as_betting_any_two_cards() -> None:
    book = OpponentBook(shift=1.0, margin=0.0)  # all the way: the extreme reads
    for _ in range(40):
        book.add_hand(
            _view([(1, "arrange"), (1, "bet"), (0, "call"), (1, "bet"), (0, "raise"), (1, "raise")])
        )
    model = book.model("a", DEFAULT)
    assert model.bet_threshold < 0.1  # 0.93 by default
    bets = ActionRead(roll_bets=3, roll_open=2, roll_facing=1)
    plain = _flatness(bets)
    profiled = book.reads({1: bets}, {1: "a"}, DEFAULT)[1]
    assert isinstance(profiled, ProfiledRead)
    assert plain < 0.1  # by default three bets mean a strong hand ...
    assert _flatness(profiled) > 0.9  # ... from this opponent they mean nothing


def test_a_calling_station_gives_no_fold_equity_and_its_calls_and_checks_say_nothing() -> None:
    book = OpponentBook(shift=1.0, margin=0.0)
    for _ in range(40):
        book.add_hand(
            _view([(1, "arrange"), (1, "check"), (0, "bet"), (1, "call"), (0, "bet"), (1, "call")])
        )
    assert book.fold_below(["a"], 0.5) < 0.1  # 0.5 by default
    model = book.model("a", DEFAULT)
    assert model.call_threshold < 0.1 and model.check_floor > 0.9
    calls = ActionRead(roll_calls=2, roll_facing=2)
    assert _flatness(book.reads({1: calls}, {1: "a"}, DEFAULT)[1]) > 0.85
    assert _flatness(calls) < 0.5


def test_strangers_and_reference_players_keep_the_default_reads() -> None:
    book = OpponentBook()
    read = ActionRead(roll_bets=1, roll_open=1)
    assert book.reads({1: read}, {1: "a"}, DEFAULT)[1] is read  # never seen
    assert book.fold_below(["a", "b"], 0.5) == 0.5
    assert book.fold_below([], 0.3) == 0.3
    # an opponent acting exactly at the reference frequencies
    agg, passive = 10, 10  # aggression 0.5
    log = [(1, "arrange")] + [(1, "bet")] * agg + [(1, "check")] * passive
    log += [(1, "call")] * 0 + [(1, "fold")] * 0
    book.add_hand(_view(log))
    model = book.model("a", DEFAULT)
    assert model.bet_threshold == pytest.approx(DEFAULT.bet_threshold)
    assert model.check_floor == pytest.approx(DEFAULT.check_floor)
    assert REFERENCE.aggression == 0.5
    with pytest.raises(ValueError, match="prior"):
        OpponentBook(prior=-1)


class _Spy:
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.actions: list[Action] = []

    def act(self, view: View, legal: LegalActions) -> Action:
        action: Action = self.bot.act(view, legal)
        self.actions.append(action)
        return action

    def observe_result(self, view: View) -> None:
        if hasattr(self.bot, "observe_result"):
            self.bot.observe_result(view)


def test_without_history_the_adaptive_bot_decides_as_montecarlo() -> None:
    config = TableConfig(split=Split.HIGH_ONLY)
    spec = ArenaSpec(
        config=config, seats=("montecarlo", "maniac", "calling-station"), hands=3, seed=8
    )
    runs = []
    for kind in (MonteCarloBot, AdaptiveBot):
        spy = _Spy(kind(config=config, rng=random.Random(5), samples=40))
        others = session_bots(spec, 0)[1:]
        play_hand(spec, 0, 0, players=[spy, *others])
        runs.append(spy.actions)
    assert runs[0] == runs[1] and len(runs[0]) > 3


def test_the_adaptive_bot_learns_its_opponents_from_the_results() -> None:
    config = TableConfig()
    spec = ArenaSpec(
        config=config,
        seats=("adaptive", "maniac", "calling-station"),
        hands=9,
        seed=2,
        bot_options={"adaptive": {"samples": 30}},
    )
    players = session_bots(spec, 0)
    for rotation in range(3):
        play_hand(spec, 0, rotation, players=players)
    adaptive = players[0]
    assert isinstance(adaptive, AdaptiveBot)
    assert set(adaptive.book.stats) == {"maniac@1", "calling-station@2"}
    assert all(s.hands == 3 for s in adaptive.book.stats.values())
    maniac = adaptive.book.frequencies("maniac@1")
    station = adaptive.book.frequencies("calling-station@2")
    assert maniac.aggression > REFERENCE.aggression > station.aggression


def test_shift_moves_the_reads_part_of_the_way() -> None:
    log = [(1, "arrange"), (1, "bet"), (0, "call"), (1, "bet"), (0, "call")]
    books = [OpponentBook(shift=k, margin=0.0) for k in (0.0, 0.5, 1.0)]
    for book in books:
        for _ in range(40):
            book.add_hand(_view(log))
    none, half, full = (b.model("a", DEFAULT).bet_threshold for b in books)
    assert none == DEFAULT.bet_threshold
    assert full < 0.15
    assert half == pytest.approx((none + full) / 2)
    assert books[0].fold_below(["a"], 0.5) == 0.5
    with pytest.raises(ValueError, match="shift"):
        OpponentBook(shift=1.5)


def test_by_default_only_clear_outliers_move_and_half_way() -> None:
    book = OpponentBook()  # shift 0.5, margin 0.2
    usual = [(1, "arrange")] + [(1, "bet")] * 13 + [(1, "check")] * 7  # aggression ~0.65
    wild = [(1, "arrange")] + [(1, "bet")] * 20  # always bets
    for _ in range(10):
        book.add_hand(_view(usual, names=("me", "usual", "b")))
        book.add_hand(_view(wild, names=("me", "wild", "b")))
    assert book.model("usual", DEFAULT) == DEFAULT  # within the margin: the default reads
    wild_threshold = book.model("wild", DEFAULT).bet_threshold
    # half way to 0 at most (the prior keeps its frequency just under 1)
    assert DEFAULT.bet_threshold / 2 <= wild_threshold < 0.6 * DEFAULT.bet_threshold
    with pytest.raises(ValueError, match="margin"):
        OpponentBook(margin=-0.1)
