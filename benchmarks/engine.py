"""Engine speed: complete 6-player Anaconda hands per second, beside PokerKit.

Run: ``.venv/bin/python benchmarks/engine.py [--seconds 3] [--players 6]``

Rows:
- our engine under a call-down policy (every seat checks or calls; passes the first cards
  of its hand; arranges its first five cards), default table (fixed limit, high-low 8);
- our engine under a random legal-action policy (a uniform kind from ``legal_actions``,
  a uniform amount in its range, random passes and arrangements), default table;
- our engine, call-down, no limit;
- PokerKit's ``FixedLimitSevenCardStudHighLowSplitEightOrBetter`` with 6 players calling
  down (the nearest peer: a fixed-limit hi-lo stud game, every seat checking or calling).

Every hand is played with full validation (the public ``apply``), starting from a fresh
shuffle. The target is >= 30x PokerKit's rate on the call-down comparison.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import Betting, TableConfig
from anaconda_poker.core.state import HandState, Phase, Seat

CALL = Action.call()
CHECK = Action.check()


def calldown_hand(config: TableConfig, rng: random.Random, players: int) -> HandState:
    """One hand where everyone checks or calls to the end."""
    seats = [Seat(name=f"p{i}", stack=1000) for i in range(players)]
    state = HandState(config, seats=seats, button=rng.randrange(players), rng=rng)
    counts = config.pass_counts
    bet = state.bet
    while True:
        phase = state.phase
        if phase is Phase.BETTING:
            seat = state.to_act[0]
            state.apply(seat, CALL if state.current_bet > bet[seat] else CHECK)
        elif phase is Phase.PASSING:
            count = counts[state.pass_index]
            for seat in state.to_act:
                state.apply(seat, Action.pass_cards(state.hands[seat][:count]))
        elif phase is Phase.ARRANGING:
            for seat in state.to_act:
                state.apply(seat, Action.arrange(state.hands[seat][:5]))
        else:
            return state


def random_hand(config: TableConfig, rng: random.Random, players: int) -> HandState:
    """One hand where every decision is a uniformly random legal action."""
    seats = [Seat(name=f"p{i}", stack=rng.randint(20, 400)) for i in range(players)]
    state = HandState(config, seats=seats, button=rng.randrange(players), rng=rng)
    while not state.is_complete:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            kinds = legal.kinds
            if ActionKind.PASS in kinds:
                action = Action.pass_cards(rng.sample(legal.cards, legal.pass_count))
            elif ActionKind.ARRANGE in kinds:
                action = Action.arrange(rng.sample(legal.cards, 5))
            else:
                kind = rng.choice(sorted(kinds))
                if kind is ActionKind.BET and legal.bet_range:
                    action = Action.bet(rng.randint(*legal.bet_range))
                elif kind is ActionKind.RAISE and legal.raise_range:
                    action = Action.raise_to(rng.randint(*legal.raise_range))
                else:
                    action = Action(kind)
            state.apply(seat, action)
            if state.phase is Phase.BETTING or state.is_complete:
                break
    return state


def pokerkit_hand_factory(players: int) -> Callable[[], object] | None:
    """PokerKit's fixed-limit seven card stud hi-lo, everyone calling down (or None)."""
    try:
        from pokerkit import Automation, FixedLimitSevenCardStudHighLowSplitEightOrBetter
    except ImportError:  # pragma: no cover - benchmark-only dependency
        return None
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )

    def hand() -> object:
        state = FixedLimitSevenCardStudHighLowSplitEightOrBetter.create_state(
            automations, True, 1, 1, 2, 4, 1000, players
        )
        while state.status:
            if state.can_post_bring_in():
                state.post_bring_in()
            else:
                state.check_or_call()
        return state

    return hand


def measure(play: Callable[[], object], seconds: float) -> tuple[int, float]:
    """Play hands for about ``seconds`` of this process's CPU time; returns (hands, CPU
    seconds). CPU time rather than wall time keeps rows comparable when other processes
    share the machine."""
    for _ in range(3):  # warm-up (lazy tables, caches)
        play()
    hands = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(20):
            play()
        hands += 20
        now = time.process_time()
        if now >= deadline:
            return hands, now - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    n = args.players
    rng = random.Random(args.seed)
    default = TableConfig()
    no_limit = TableConfig(betting=Betting.NO_LIMIT)
    rows: list[tuple[str, Callable[[], object]]] = [
        (
            "anaconda-poker, call-down (fixed limit, hi-lo 8)",
            lambda: calldown_hand(default, rng, n),
        ),
        (
            "anaconda-poker, random legal actions (fixed limit)",
            lambda: random_hand(default, rng, n),
        ),
        ("anaconda-poker, call-down (no limit)", lambda: calldown_hand(no_limit, rng, n)),
    ]
    pokerkit = pokerkit_hand_factory(n)
    if pokerkit is not None:
        rows.append(("PokerKit 7-card stud hi-lo 8, call-down", pokerkit))
    results = []
    console = Console()
    with console.status("measuring…"):
        for label, play in rows:
            hands, elapsed = measure(play, args.seconds)
            results.append((label, hands, elapsed, hands / elapsed))
    peer = results[-1][3] if pokerkit is not None else None
    table = Table(title=f"Complete {n}-player hands per second (pure Python, one core)")
    table.add_column("engine and policy")
    table.add_column("hands", justify="right")
    table.add_column("CPU s", justify="right")
    table.add_column("hands/s", justify="right")
    table.add_column("× PokerKit", justify="right")
    for label, hands, elapsed, rate in results:
        ratio = f"{rate / peer:.1f}×" if peer else "—"
        table.add_row(label, str(hands), f"{elapsed:.1f}", f"{rate:,.0f}", ratio)
    console.print(table)


if __name__ == "__main__":
    main()
