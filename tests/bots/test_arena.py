"""The arena on small runs: chips conserved, seats rotated, workers change nothing, CLI/JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from anaconda_poker.bots import UnknownBotError
from anaconda_poker.bots.arena import ArenaResult, ArenaSpec, play_hand, run_arena
from anaconda_poker.cli.main import app
from anaconda_poker.core.config import Betting, Split, TableConfig
from anaconda_poker.core.errors import InvalidConfigError

SEATS = ("heuristic", "random", "random", "calling-station")


def spec(hands: int, **kw: object) -> ArenaSpec:
    base: dict[str, object] = {
        "config": TableConfig(),
        "seats": SEATS,
        "hands": hands,
        "seed": 4,
        "stack": 200,
    }
    base.update(kw)
    return ArenaSpec(**base)  # type: ignore[arg-type]


def numbers(result: ArenaResult) -> list[tuple[object, ...]]:
    return [
        (b.name, b.seat_hands, b.chips.mean, b.chips.se, b.pots_won, b.scoops, b.showdowns)
        for b in result.bots
    ]


def test_small_run_conserves_chips_and_counts_every_seat() -> None:
    done: list[int] = []
    result = run_arena(spec(10), progress=done.append)
    assert sum(done) == 10
    assert sum(b.seat_hands for b in result.bots) == 10 * len(SEATS)
    assert result.stats("random").seat_hands == 20  # two random seats
    net = sum(b.chips.mean * b.seat_hands for b in result.bots)
    assert net == pytest.approx(0.0, abs=1e-9)
    for b in result.bots:
        assert 0.0 <= b.showdowns <= 1.0 and 0.0 <= b.pots_won <= 1.0
        assert b.chips.blocks == 3  # 10 hands of 4 seats: blocks of 4, 4 and 2
    means = [b.chips.mean for b in result.bots]
    assert means == sorted(means, reverse=True)


def test_a_block_rotates_every_bot_through_every_seat_with_the_same_cards() -> None:
    s = spec(4)
    hands = [play_hand(s, 0, rotation) for rotation in range(4)]
    assert all(h.dealt == hands[0].dealt for h in hands)
    names = [[h.names[seat] for seat in range(4)] for h in hands]
    for seat in range(4):
        bots = {str(n[seat]).split("@")[0] for n in names}
        assert bots == set(SEATS)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    s = spec(12, config=TableConfig(split=Split.HIGH_ONLY))
    one = run_arena(s, workers=1)
    two = run_arena(s, workers=2)
    assert numbers(one) == numbers(two)
    assert two.workers == 2
    assert numbers(run_arena(s)) == numbers(one)


def test_bad_specs_are_rejected() -> None:
    with pytest.raises(UnknownBotError, match="shark"):
        spec(4, seats=("shark", "random"))
    with pytest.raises(ValueError, match="at least 2"):
        spec(4, seats=("random",))
    with pytest.raises(ValueError, match="hands"):
        spec(0)
    with pytest.raises(InvalidConfigError):
        spec(4, config=TableConfig(cards_dealt=9), seats=("random",) * 6)
    with pytest.raises(ValueError, match="workers"):
        run_arena(spec(4), workers=-1)


def test_simulate_command_prints_a_table_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "--hands",
            "6",
            "--seats",
            "montecarlo,heuristic,random",
            "--seed",
            "2",
            "--samples",
            "16",
            "--split",
            "high_only",
            "--out",
            str(out),
        ],
        env={"COLUMNS": "160", "LANG": "en_US.UTF-8"},
    )
    assert result.exit_code == 0, result.output
    assert "Chips/hand" in result.output and "montecarlo" in result.output
    data = json.loads(out.read_text())
    assert data["hands"] == 6 and data["seed"] == 2
    assert {b["bot"] for b in data["bots"]} == {"montecarlo", "heuristic", "random"}
    assert sum(b["seat_hands"] for b in data["bots"]) == 18
    for b in data["bots"]:
        low, high = b["ci95"]
        assert low <= b["chips_per_hand"] <= high


def test_simulate_command_rejects_bad_options() -> None:
    result = CliRunner().invoke(app, ["simulate", "--hands", "2", "--seats", "random,shark"])
    assert result.exit_code == 2
    assert "shark" in result.output


def test_simulate_json_is_strict_json_even_with_one_block(tmp_path: Path) -> None:
    """One hand is one block: no standard error, which must be ``null``, not ``NaN``
    (strict JSON readers such as jq or JSON.parse reject NaN)."""
    out = tmp_path / "one.json"
    result = CliRunner().invoke(
        app,
        ["simulate", "--hands", "1", "--seats", "random,heuristic", "--out", str(out)],
        env={"COLUMNS": "160", "LANG": "en_US.UTF-8"},
    )
    assert result.exit_code == 0, result.output

    def no_constants(name: str) -> object:
        raise AssertionError(f"non-standard JSON constant {name}")

    data = json.loads(out.read_text(), parse_constant=no_constants)
    for b in data["bots"]:
        assert b["chips_per_hand_se"] is None and b["ci95"] == [None, None]
    assert sum(b["chips_per_hand"] * b["seat_hands"] for b in data["bots"]) == 0


@pytest.mark.parametrize("where", ["missing-folder/results.json", "."])
def test_simulate_refuses_an_unusable_out_path_before_playing(tmp_path: Path, where: str) -> None:
    out = tmp_path / where
    result = CliRunner().invoke(
        app,
        ["simulate", "--hands", "2", "--seats", "random,random", "--out", str(out)],
        env={"COLUMNS": "160", "LANG": "en_US.UTF-8"},
    )
    assert result.exit_code == 2, result.output
    assert "--out" in result.output and "Playing" not in result.output
    assert "Bot" not in result.output  # stopped before any hand was played


@pytest.mark.parametrize("columns", [160, 80, 60])
def test_simulate_output_never_crops_a_number(columns: int) -> None:
    """Wide terminals get the table; narrow ones one line per bot, never a cut-off value."""
    result = CliRunner().invoke(
        app,
        ["simulate", "--hands", "8", "--seats", "heuristic,calling-station,random",
         "--betting", "no_limit", "--seed", "3"],
        env={"COLUMNS": str(columns), "LANG": "en_US.UTF-8"},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert all(len(line) <= columns for line in lines)
    spec = ArenaSpec(
        config=TableConfig(betting=Betting.NO_LIMIT),
        seats=("heuristic", "calling-station", "random"),
        hands=8,
        seed=3,
    )
    arena = run_arena(spec, workers=1)
    for bot in arena.bots:  # every bot's mean and half-width appear whole
        text = f"{bot.chips.mean:+.2f} ± {bot.chips.half_width:.2f}"
        assert text in result.output.replace("\n", " "), (bot.name, result.output)
        assert f"{bot.seat_hands:,}" in result.output
    table = "Chips/hand ± 95% CI" in result.output
    assert table is (columns == 160)  # 80 and 60 columns are too narrow for this table
    assert ("chips/hand (95% CI) over" in result.output) is not table


def test_simulate_prints_numbers_and_plurals_in_the_players_language() -> None:
    args = ["simulate", "--hands", "8", "--seats", "heuristic,random", "--seed", "3"]
    german = CliRunner().invoke(app, args, env={"COLUMNS": "160", "LANGUAGE": "de"})
    assert german.exit_code == 0, german.output
    spec = ArenaSpec(config=TableConfig(), seats=("heuristic", "random"), hands=8, seed=3)
    best = run_arena(spec, workers=1).bots[0]
    mean = f"{best.chips.mean:+.2f}".replace(".", ",")  # a decimal comma in German
    assert f"{mean} ± {best.chips.half_width:.2f}".replace(".", ",") in german.output
    assert "mit 1 Worker;" in german.output  # singular: one worker
    english = CliRunner().invoke(
        app, [*args, "--workers", "2"], env={"COLUMNS": "160", "LANGUAGE": "en"}
    )
    assert "with 2 workers;" in english.output


@pytest.mark.parametrize(("extra", "big"), [([], 10), (["--big-bet", "15"], 15)])
def test_simulate_big_bet_defaults_to_twice_the_small_bet(
    tmp_path: Path, extra: list[str], big: int
) -> None:
    """RULES.md §4 (issue 11): ``--small-bet 5`` plays 5/10; before, it was refused (big 4)."""
    out = tmp_path / "results.json"
    args = ["simulate", "--hands", "1", "--seats", "random,random", "--small-bet", "5"]
    result = CliRunner().invoke(
        app, [*args, *extra, "--out", str(out)], env={"COLUMNS": "160", "LANG": "en_US.UTF-8"}
    )
    assert result.exit_code == 0, result.output
    config = json.loads(out.read_text())["config"]
    assert (config["small_bet"], config["big_bet"]) == (5, big)
