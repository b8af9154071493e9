"""Bots: only legal actions, deterministic per seed, decisions from the view alone, and the
characteristic choices of each bot."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from anaconda_poker.analysis.equity import equity
from anaconda_poker.analysis.knowledge import knowledge_from_view
from anaconda_poker.analysis.ranges import read_log
from anaconda_poker.bots import BOTS, UnknownBotError, create_bot, make_bot
from anaconda_poker.bots.arena import ArenaSpec, play_hand
from anaconda_poker.bots.heuristic import best_five, best_pass
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import Betting, Direction, Split, TableConfig
from anaconda_poker.core.state import HandState, Seat

FAST = {"montecarlo": {"samples": 24, "exact_limit": 200}}

CONFIGS = [
    TableConfig(),
    TableConfig(split=Split.HIGH_ONLY, betting=Betting.NO_LIMIT),
    TableConfig(split=Split.HIGH_LOW_ANY, betting=Betting.POT_LIMIT),
    TableConfig(cards_dealt=9, pass_directions=("left", "right", "left")),
    TableConfig(betting=Betting.NO_LIMIT, raise_cap=None, forced_bet="dealer_ante"),
    TableConfig(split=Split.HIGH_ONLY, reveal_first_to_act="left_of_dealer", raise_cap=None),
]


def cards(text: str) -> list[int]:
    return parse_codes(text)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.split}-{c.betting}-{c.cards_dealt}")
def test_every_bot_only_returns_legal_actions(config: TableConfig) -> None:
    # play_hand checks can_apply before every apply and raises ArenaError otherwise
    seats = ("montecarlo", "heuristic", "random", "calling-station")
    spec = ArenaSpec(config=config, seats=seats, hands=4, seed=3, stack=60, bot_options=FAST)
    kinds: set[ActionKind] = set()
    for rotation in range(4):
        state = play_hand(spec, 0, rotation)
        assert state.is_complete
        kinds |= {a.kind for _, a in state.actions}
    assert ActionKind.PASS in kinds


@pytest.mark.parametrize("name", list(BOTS))
def test_random_heads_up_and_short_stacks_stay_legal(name: str) -> None:
    for seed in range(3):
        config = CONFIGS[seed % len(CONFIGS)]
        spec = ArenaSpec(
            config=config, seats=(name, "random"), hands=2, seed=seed, stack=9, bot_options=FAST
        )
        for rotation in range(2):
            assert play_hand(spec, 0, rotation).is_complete


@pytest.mark.parametrize("name", list(BOTS))
def test_bots_are_deterministic_per_seed(name: str) -> None:
    def actions(seed: int) -> list[tuple[int, Action]]:
        spec = ArenaSpec(
            config=TableConfig(betting=Betting.NO_LIMIT),
            seats=(name, name, "random"),
            hands=1,
            seed=seed,
            bot_options=FAST,
        )
        return list(play_hand(spec, 0, 0).actions)

    assert actions(5) == actions(5)
    if name == "random":
        assert actions(5) != actions(6)


def _playing_state(config: TableConfig, seed: int) -> HandState:
    return HandState(
        config,
        seats=[Seat(name=f"p{i}", stack=100) for i in range(4)],
        button=3,
        rng=random.Random(seed),
    )


@pytest.mark.parametrize("name", list(BOTS))
def test_decisions_depend_only_on_the_view(name: str) -> None:
    # The same view, round-tripped through JSON (so nothing but plain data reaches the bot),
    # gives the same decision from a bot built with the same seed.
    config = TableConfig()
    for seed in range(4):
        state = _playing_state(config, seed)
        rng = random.Random(seed)
        # advance to a random point of the hand with random legal actions
        for _ in range(rng.randrange(0, 30)):
            if state.is_complete:
                break
            seat = state.to_act[0]
            bot = create_bot("random", config=config, rng=rng)
            state.apply(seat, bot.act(state.view(seat), state.legal_actions(seat)))
        if state.is_complete:
            continue
        seat = state.to_act[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        copy: dict[str, Any] = json.loads(json.dumps(view))
        one = create_bot(name, config=config, rng=random.Random(1), **FAST.get(name, {}))
        two = create_bot(name, config=config, rng=random.Random(1), **FAST.get(name, {}))
        assert one.act(view, legal) == two.act(copy, legal)


def test_calling_station_never_raises_or_folds() -> None:
    spec = ArenaSpec(
        config=TableConfig(),
        seats=("calling-station", "random", "random", "heuristic"),
        hands=8,
        seed=2,
    )
    for rotation in range(4):
        state = play_hand(spec, 0, rotation)
        station = (0 - rotation) % 4  # the seat the station sat in this rotation
        used = {a.kind for s, a in state.actions if s == station}
        assert used <= {ActionKind.CHECK, ActionKind.CALL, ActionKind.PASS, ActionKind.ARRANGE}
        assert ActionKind.CALL in used or ActionKind.CHECK in used


def test_heuristic_keeps_an_eight_or_better_draw_and_passes_the_paint() -> None:
    hand = cards("As 2d 3c 4h Kd Qs Jc")
    assert set(best_pass(hand, 3, Split.HIGH_LOW_8)) == set(cards("Kd Qs Jc"))


def test_heuristic_keeps_pairs_in_a_high_only_game() -> None:
    hand = cards("Ks Kd 9c 9h 2d 5s 7c")
    assert set(best_pass(hand, 3, Split.HIGH_ONLY)) == set(cards("2d 5s 7c"))


def test_heuristic_keeps_the_flush_draw() -> None:
    hand = cards("Ah 9h 6h 3h Kc Qd 2s")
    assert set(best_pass(hand, 2, Split.HIGH_ONLY)) <= set(cards("Kc Qd 2s"))


def test_heuristic_arranges_the_wheel_for_both_ways() -> None:
    five = best_five(cards("As 2s 3d 4c 5h Kd Kc"), Split.HIGH_LOW_8)
    assert sorted(five) == sorted(cards("As 2s 3d 4c 5h"))


def test_montecarlo_passes_the_junk_next_to_a_royal_flush() -> None:
    config = TableConfig(split=Split.HIGH_ONLY)
    hands = {
        0: cards("As Ks Qs Js Ts 2c 7d"),
        1: cards("2d 3d 4d 5d 6c 8c 9c"),
        2: cards("2h 3h 4h 5h 6h 8h 9h"),
    }
    state = HandState(
        config,
        seats=[Seat(name=f"p{i}", stack=100) for i in range(3)],
        button=2,
        dealt=hands,
    )
    while state.phase.value == "betting":
        seat = state.to_act[0]
        state.apply(seat, Action.check() if state.current_bet == 0 else Action.call())
    bot = create_bot("montecarlo", config=config, rng=random.Random(0), samples=200)
    action = bot.act(state.view(0), state.legal_actions(0))
    assert action.kind is ActionKind.PASS
    assert len(action.cards) == 3
    assert set(cards("2c 7d")) <= set(action.cards)


def test_montecarlo_arranges_the_best_five_and_bets_the_nuts() -> None:
    config = TableConfig(pass_counts=(1,), pass_directions=("left",))
    hands = {
        0: cards("As 2s 3s 4s 5s Kd Kc"),
        1: cards("9d 9h Td Jh Qc 7c 7d"),
    }
    state = HandState(
        config, seats=[Seat(name="a", stack=200), Seat(name="b", stack=200)], button=1, dealt=hands
    )
    bot = create_bot("montecarlo", config=config, rng=random.Random(0), samples=200)
    # round 1: seat 0 acts first and should bet its steel wheel (straight flush + wheel)
    assert state.to_act == (0,)
    first = bot.act(state.view(0), state.legal_actions(0))
    assert first.kind is ActionKind.BET
    state.apply(0, first)
    state.apply(1, Action.call())
    state.apply(0, Action.pass_cards(cards("Kd")))
    state.apply(1, Action.pass_cards(cards("7d")))
    while state.phase.value == "betting":
        seat = state.to_act[0]
        state.apply(seat, Action.check() if state.current_bet == 0 else Action.call())
    arrange = bot.act(state.view(0), state.legal_actions(0))
    assert arrange.kind is ActionKind.ARRANGE
    assert sorted(arrange.cards) == sorted(cards("As 2s 3s 4s 5s"))


def test_montecarlo_folds_a_hopeless_hand_to_a_bet() -> None:
    # Seat 1 shows four aces and a king; seat 0 holds 7-high with no low possible.
    config = TableConfig(split=Split.HIGH_ONLY, pass_counts=(1,), pass_directions=("left",))
    hands = {0: cards("2c 3d 4h 9s Jc 7d 8h"), 1: cards("Ac Ad Ah As Kc 6s 6d")}
    state = HandState(
        config, seats=[Seat(name="a", stack=200), Seat(name="b", stack=200)], button=1, dealt=hands
    )
    state.apply(0, Action.check())
    state.apply(1, Action.check())
    state.apply(0, Action.pass_cards(cards("2c")))
    state.apply(1, Action.pass_cards(cards("6s")))
    state.apply(0, Action.check())
    state.apply(1, Action.check())
    state.apply(0, Action.arrange(cards("3d 4h 9s Jc 7d")))
    state.apply(1, Action.arrange(cards("Ac Ad Ah As Kc")))
    bot = create_bot("montecarlo", config=config, rng=random.Random(0), samples=100)
    while not state.is_complete:
        seat = state.to_act[0]
        if seat == 1:
            legal = state.legal_actions(1)
            state.apply(1, Action.bet(legal.bet_range[0]) if legal.bet_range else Action.call())
            continue
        action = bot.act(state.view(0), state.legal_actions(0))
        if state.current_bet > 0:
            assert action.kind is ActionKind.FOLD
        state.apply(0, action)
    assert state.result is not None and not state.result.showdown


def test_unknown_bot_names_are_rejected_with_the_known_ones() -> None:
    with pytest.raises(UnknownBotError, match="montecarlo"):
        create_bot("shark", config=TableConfig(), rng=random.Random(0))


def test_make_bot_drives_a_seat_of_a_live_hand() -> None:
    state = _playing_state(TableConfig(), 9)
    bots = {s: make_bot("calling_station", rng=random.Random(s)) for s in range(4)}
    while not state.is_complete:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert state.result is not None


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.split}-{c.betting}-{c.cards_dealt}")
def test_many_random_hands_stay_legal(config: TableConfig) -> None:
    # 10 blocks of 4 rotated hands per table option set, short and deep stacks alternating
    for block in range(10):
        spec = ArenaSpec(
            config=config,
            seats=("montecarlo", "heuristic", "random", "calling-station"),
            hands=40,
            seed=100 + block,
            stack=(30, 500)[block % 2],
            bot_options=FAST,
        )
        for rotation in range(4):
            state = play_hand(spec, block, rotation)
            assert state.is_complete and state.chip_total() == state.starting_total


def test_montecarlo_reads_a_roll_round_bet_as_strength() -> None:
    # Seat 0 holds kings up; seat 1 bets as soon as the cards are turned and re-raises.
    # Against random hands two pair is a favourite, but a player who keeps raising its
    # fixed five holds the top of its range: the bot folds. Seat 1's cards do not matter.
    config = TableConfig(split=Split.HIGH_ONLY, pass_counts=(1,), pass_directions=(Direction.LEFT,))
    hands = {0: cards("Kc Kd 8s 8c 2h 3d 4c"), 1: cards("9d 9h Td Jh Qc 7c 6d")}
    state = HandState(
        config, seats=[Seat(name="a", stack=200), Seat(name="b", stack=200)], button=1, dealt=hands
    )
    state.apply(0, Action.check())
    state.apply(1, Action.check())
    state.apply(0, Action.pass_cards(cards("4c")))
    state.apply(1, Action.pass_cards(cards("6d")))
    state.apply(0, Action.check())
    state.apply(1, Action.check())
    state.apply(0, Action.arrange(cards("2h Kc 8s Kd 8c")))
    state.apply(1, Action.arrange(cards("7c 9d Td Jh Qc")))
    if state.to_act == (0,):
        state.apply(0, Action.check())
    legal = state.legal_actions(1)
    assert legal.bet_range is not None
    state.apply(1, Action.bet(legal.bet_range[0]))
    once = state.view(0)
    state.apply(0, Action.raise_to(8))
    state.apply(1, Action.raise_to(12))
    view, legal = state.view(0), state.legal_actions(0)
    knowledge = knowledge_from_view(view, config)
    reads = read_log(view["log"], me=0, raise_cap=16)
    assert reads[1].roll_bets == 2 and reads[1].consistent
    plain = equity(knowledge, split=config.split, trials=4_000, rng=1)
    after_bet = equity(
        knowledge,
        split=config.split,
        trials=4_000,
        rng=1,
        reads=read_log(once["log"], me=0, raise_cap=16),
    )
    after_raise = equity(knowledge, split=config.split, trials=4_000, rng=1, reads=reads)
    # one bet might be a random player's; a bet and a re-raise hardly
    assert plain.share > 0.6
    assert after_raise.share < after_bet.share - 0.15
    assert after_raise.share < plain.share - 0.3
    bot = create_bot("montecarlo", config=config, rng=random.Random(0), samples=400)
    assert bot.act(view, legal).kind is ActionKind.FOLD


def test_montecarlo_pass_lookahead_fits_full_tables() -> None:
    # Seven players (49 of 52 cards dealt) leave no room for the cards of later passes:
    # the bot must drop the lookahead instead of asking for more cards than are unseen.
    spec = ArenaSpec(
        config=TableConfig(), seats=("montecarlo",) * 7, hands=7, seed=2, bot_options=FAST
    )
    state = play_hand(spec, 0, 0)
    assert state.is_complete
    assert sum(1 for _, a in state.actions if a.kind is ActionKind.PASS) >= 7
