"""Learning-interface speed: environment steps per second of a random agent, beside the bare
engine playing the same kind of hands.

Run: ``.venv/bin/python benchmarks/envs.py [--seconds 3] [--players 4]``

Rows (default table: fixed limit, high-low 8; one hand per episode; CPU time of this
process, one core):
- baseline: the engine alone (``HandState.apply``), uniformly random legal engine actions
  (``benchmarks/engine.py``'s random policy); a step is one engine action;
- PettingZoo AEC (``anaconda_poker.rl.aec.env``, with PettingZoo's wrappers): ``last()``,
  a uniformly random index of the action mask, ``step()``; a step is one agent step
  (an arrangement is five steps);
- Gymnasium (``SingleSeatEnv``): one learning seat choosing random legal indices against
  ``random`` bots; a step is one ``env.step`` (the bots' actions inside it are not counted);
- OpenSpiel (``python_anaconda``): random playouts from the initial state (``legal_actions``
  and ``apply_action``, no observation tensors built); a step is one player decision (the
  deal's chance nodes are played but not counted).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).parent))

from engine import random_hand

from anaconda_poker.core.config import TableConfig


def engine_steps(players: int, rng: random.Random) -> Callable[[], int]:
    config = TableConfig()

    def play() -> int:
        return random_hand(config, rng, players).action_count

    return play


def pettingzoo_steps(players: int, seed: int) -> Callable[[], int]:
    from anaconda_poker.rl.aec import env

    table = env(num_players=players)
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)

    def play() -> int:
        table.reset()
        steps = 0
        for _ in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        return steps

    return play


def gymnasium_steps(players: int, seed: int) -> Callable[[], int]:
    from anaconda_poker.rl.single_agent import SingleSeatEnv

    game = SingleSeatEnv(opponents=("random",) * (players - 1))
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)

    def play() -> int:
        observation, _ = game.reset()
        steps = 0
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, done, _, _ = game.step(action)
            steps += 1
        return steps

    return play


def openspiel_steps(players: int, seed: int) -> Callable[[], int] | None:
    try:
        import pyspiel

        import anaconda_poker.rl.spiel  # noqa: F401  (registers python_anaconda)
    except ImportError:  # pragma: no cover - benchmark-only dependency
        return None
    game = pyspiel.load_game("python_anaconda", {"players": players})
    rng = random.Random(seed)

    def play() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    return play


def measure(play: Callable[[], int], seconds: float) -> tuple[int, int, float]:
    """Play hands for about ``seconds`` of CPU time; returns (hands, steps, CPU seconds)."""
    for _ in range(2):  # warm-up
        play()
    hands = steps = 0
    start = time.process_time()
    while True:
        steps += play()
        hands += 1
        now = time.process_time()
        if now - start >= seconds:
            return hands, steps, now - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time per row")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    n, seed = args.players, args.seed
    rows: list[tuple[str, Callable[[], int]]] = [
        ("engine alone, random legal actions (baseline)", engine_steps(n, random.Random(seed))),
        ("PettingZoo AEC, random masked agent", pettingzoo_steps(n, seed)),
        ("Gymnasium SingleSeatEnv vs random bots", gymnasium_steps(n, seed)),
    ]
    spiel = openspiel_steps(n, seed)
    if spiel is not None:
        rows.append(("OpenSpiel python_anaconda, random playout", spiel))
    results = []
    console = Console()
    with console.status("measuring…"):
        for label, play in rows:
            results.append((label, *measure(play, args.seconds)))
    baseline = results[0][2] / results[0][3]
    table = Table(title=f"Environment steps per second, {n} players (one core)")
    table.add_column("interface")
    table.add_column("hands", justify="right")
    table.add_column("steps", justify="right")
    table.add_column("CPU s", justify="right")
    table.add_column("steps/s", justify="right")
    table.add_column("hands/s", justify="right")
    table.add_column("× engine", justify="right")
    for label, hands, steps, elapsed in results:
        rate = steps / elapsed
        table.add_row(
            label,
            str(hands),
            str(steps),
            f"{elapsed:.1f}",
            f"{rate:,.0f}",
            f"{hands / elapsed:,.0f}",
            f"{rate / baseline:.2f}×",
        )
    console.print(table)


if __name__ == "__main__":
    main()
