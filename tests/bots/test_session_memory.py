"""Session memory through the bot protocol: after every hand a bot is told what its seat may
know of the result (and never an unrevealed card of another seat); the arena keeps one bot
object per player for a whole session; the server's bot seats and the terminal game's bots
get the same calls. The exploiter bots bet as documented."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anaconda_poker.bots import arena
from anaconda_poker.bots.arena import ArenaSpec, chunks, play_blocks, play_hand, run_arena
from anaconda_poker.bots.protocol import View, observe_result
from anaconda_poker.bots.registry import create_bot
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import card_str
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.state import HandState, LegalActions, Seat
from anaconda_poker.server.bot_seats import BotPolicy, tell_results
from anaconda_poker.tui.session import TableSession

CARD = re.compile(r"^(?:[2-9TJQKA][cdhs])$")


class Recorder:
    """A random bot that keeps every final view it is given."""

    def __init__(self, name: str, config: TableConfig, seed: int) -> None:
        self.name = name
        self.inner = create_bot("random", config=config, rng=random.Random(seed))
        self.views: list[dict[str, Any]] = []
        self.seats_played: list[int] = []

    def act(self, view: View, legal: LegalActions) -> Action:
        return self.inner.act(view, legal)

    def observe_result(self, view: View) -> None:
        self.views.append(dict(view))


def _cards(value: object) -> Iterator[str]:
    """Every card string anywhere in a JSON-like value."""
    if isinstance(value, str):
        if CARD.match(value):
            yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _cards(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _cards(v)


def _may_know(state: HandState, seat: int) -> set[str]:
    """Independent oracle: the cards ``seat`` held at some point (dealt, received) and the
    cards any seat showed (RULES.md §7)."""
    known = {card_str(c) for c in state.hands[seat]} | {card_str(c) for c in state.hidden[seat]}
    for given_cards, got in state.passes[seat]:
        known |= {card_str(c) for c in given_cards} | {card_str(c) for c in got}
    known |= {card_str(c) for c in state.dealt[seat]}
    assert state.result is not None
    for shown in state.result.revealed.values():
        known |= {card_str(c) for c in shown}
    return known


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(2, 7),
    seed=st.integers(0, 10_000),
    rotation=st.integers(0, 6),
    split=st.sampled_from(list(Split)),
)
def test_each_player_observes_its_own_seat_and_never_an_unrevealed_card(
    n: int, seed: int, rotation: int, split: Split
) -> None:
    config = TableConfig(split=split)
    spec = ArenaSpec(config=config, seats=("random",) * n, hands=n, seed=seed)
    players = [Recorder("random", config, seed + i) for i in range(n)]
    state = play_hand(spec, 0, rotation % n, players=players)
    assert state.result is not None
    for i, player in enumerate(players):
        seat = (i - rotation) % n
        assert len(player.views) == 1
        view = player.views[0]
        assert view["you"]["seat"] == seat
        assert view["phase"] == "complete"
        assert view["seats"][seat]["name"] == f"random@{i}"  # the player's stable name
        # exactly the showdown cards and results it may see ...
        assert view["result"] == state.result.to_dict()
        # ... and never a card it did not hold or see shown
        assert set(_cards(view)) <= _may_know(state, seat)


def test_the_arena_keeps_one_bot_per_player_for_a_session(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[Recorder] = []

    def factory(name: str, *, config: TableConfig, rng: random.Random, **_: Any) -> Recorder:
        bot = Recorder(name, config, rng.randrange(1 << 30))
        made.append(bot)
        return bot

    monkeypatch.setattr(arena, "create_bot", factory)
    seats = ("heuristic", "random", "calling-station")
    spec = ArenaSpec(
        config=TableConfig(), seats=seats, hands=3 * 2 * 3, seed=2, session_blocks=2
    )  # 3 sessions of 2 blocks of 3 hands
    assert [list(c) for c in chunks(spec, workers=2)] == [[0, 1], [2, 3], [4, 5]]
    play_blocks(spec, range(spec.blocks))
    assert len(made) == 3 * len(seats)  # one bot per player and session, not per hand
    for k, bot in enumerate(made):
        assert len(bot.views) == 6  # every hand of its session
        names = {v["seats"][v["you"]["seat"]]["name"] for v in bot.views}
        assert names == {f"{seats[k % 3]}@{k % 3}"}
        assert sorted(v["you"]["seat"] for v in bot.views) == [0, 0, 1, 1, 2, 2]


def test_sessions_keep_results_independent_of_the_workers() -> None:
    spec = ArenaSpec(
        config=TableConfig(split=Split.HIGH_ONLY),
        seats=("maniac", "bluffer", "heuristic"),
        hands=30,
        seed=5,
        session_blocks=3,
    )
    one = run_arena(spec, workers=1)
    two = run_arena(spec, workers=2)
    assert [(b.name, b.chips.mean) for b in one.bots] == [(b.name, b.chips.mean) for b in two.bots]


def test_observe_result_refuses_an_unfinished_hand_and_skips_bots_without_memory() -> None:
    config = TableConfig()
    spec = ArenaSpec(config=config, seats=("random", "random"), hands=2)
    state = play_hand(spec, 0, 0)
    quiet = create_bot("heuristic", config=config, rng=random.Random(0))
    observe_result(quiet, state.view(0))  # no observe_result: nothing happens
    recorder = Recorder("random", config, 1)
    view = dict(state.view(0))
    view["result"] = None
    with pytest.raises(ValueError, match="complete hand"):
        observe_result(recorder, view)
    assert recorder.views == []


def test_server_bot_seats_are_told_each_result_of_their_own_seat() -> None:
    config = TableConfig()
    spec = ArenaSpec(config=config, seats=("random", "random", "random"), hands=3)
    state = play_hand(spec, 0, 0)
    policy = BotPolicy("random", random.Random(0))
    recorder = Recorder("random", config, 9)
    policy._bots[config] = recorder  # the bot this seat has been playing with

    class Plain:  # a policy without observe (a test double): skipped
        slow = False

    tell_results({2: policy, 1: Plain()}, state)
    assert recorder.views == [state.view(2)]
    fresh = HandState(config, seats=[Seat(name=str(i), stack=50) for i in range(3)], button=2)
    with pytest.raises(ValueError, match="complete hand"):
        tell_results({2: policy}, fresh)
    assert len(recorder.views) == 1


def test_the_terminal_game_tells_its_bots_every_hand(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []

    class Watching:
        def __init__(self, seat: int) -> None:
            self.seat = seat

        def choose(self, state: HandState, seat: int) -> Action:
            legal = state.legal_actions(seat)
            if ActionKind.PASS in legal.kinds:
                return Action.pass_cards(legal.cards[: legal.pass_count])
            if ActionKind.ARRANGE in legal.kinds:
                return Action.arrange(legal.cards[:5])
            return Action.check() if ActionKind.CHECK in legal.kinds else Action.call()

        def observe(self, state: HandState, seat: int) -> None:
            assert state.is_complete
            seen.append((seat, len(state.view(seat)["log"])))

    session = TableSession(
        config=TableConfig(),
        names=["Me", "Ada", "Bruno"],
        human_seat=0,
        policies={1: Watching(1), 2: Watching(2)},
        stack=50,
        rng=random.Random(3),
        history_dir=tmp_path,
    )
    for hand in range(2):
        state = session.start_hand()
        while not state.is_complete:
            seat = session.pending_bot()
            if seat is not None:
                session.play_bot(seat)
            else:
                session.apply_human(Watching(0).choose(state, 0))
        session.finish_hand()
        assert [s for s, _ in seen] == [1, 2] * (hand + 1)


class Spy:
    """Wraps a bot and records, for each betting decision, whether the seat had arranged,
    whether it could bet or raise, and what it did."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.seen: list[tuple[bool, bool, str]] = []

    def act(self, view: View, legal: LegalActions) -> Action:
        action: Action = self.bot.act(view, legal)
        if legal.kinds & {ActionKind.CHECK, ActionKind.CALL, ActionKind.FOLD}:
            could = bool(legal.kinds & {ActionKind.BET, ActionKind.RAISE})
            arranged = view["you"]["arrangement"] is not None
            self.seen.append((arranged, could, action.kind.value))
        return action


def _betting(bot_name: str, split: Split) -> list[tuple[bool, bool, str]]:
    """Every betting decision of ``bot_name`` against two calling stations, a few hands."""
    config = TableConfig(split=split)
    seats = (bot_name, "calling-station", "calling-station")
    out: list[tuple[bool, bool, str]] = []
    for seed in range(4):
        spec = ArenaSpec(config=config, seats=seats, hands=3, seed=seed)
        spy = Spy(create_bot(bot_name, config=config, rng=random.Random(seed)))
        others = [create_bot(n, config=config, rng=random.Random(0)) for n in seats[1:]]
        play_hand(spec, 0, seed % 3, players=[spy, *others])
        out.extend(spy.seen)
    return out


@pytest.mark.parametrize("split", list(Split))
def test_the_maniac_always_bets_or_raises_and_the_bluffer_after_the_arrangement(
    split: Split,
) -> None:
    maniac = _betting("maniac", split)
    assert maniac
    for _, could, kind in maniac:
        assert kind in (("bet", "raise") if could else ("call", "check"))
    bluffer = _betting("bluffer", split)
    assert any(arranged for arranged, _, _ in bluffer)
    for arranged, could, kind in bluffer:
        if arranged and could:
            assert kind in ("bet", "raise")
        else:
            assert kind in ("check", "call")


def test_both_orders_reverses_the_table_in_odd_blocks() -> None:
    seats = ("adaptive", "montecarlo", "heuristic", "random")
    spec = ArenaSpec(config=TableConfig(), seats=seats, hands=8, both_orders=True)
    plain = ArenaSpec(config=TableConfig(), seats=seats, hands=8)
    for block in (0, 1):
        placements = [spec.players_in_seats(block, r) for r in range(4)]
        for seat in range(4):  # every player in every seat once per block
            assert sorted(p[seat] for p in placements) == [0, 1, 2, 3]
        for order in placements:
            after_zero = order[(order.index(0) + 1) % 4]  # who sits after player 0
            assert after_zero == (3 if block else 1)
        assert placements[0] == ([3, 2, 1, 0] if block else [0, 1, 2, 3])
    assert plain.players_in_seats(1, 0) == [0, 1, 2, 3]
    state = play_hand(spec, 1, 0)
    assert [state.names[s] for s in range(4)] == [
        "random@3",
        "heuristic@2",
        "montecarlo@1",
        "adaptive@0",
    ]
