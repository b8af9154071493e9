"""Duplicate (paired) arena comparisons: the same deal played with the two compared bots
exchanged, and the per-deal difference of their chips (bots/arena.py docstring)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from anaconda_poker.bots.arena import (
    ArenaSpec,
    paired_estimate,
    play_blocks,
    play_hand,
    run_arena,
)
from anaconda_poker.cli.main import app
from anaconda_poker.core.config import Split, TableConfig


def _spec(seats: tuple[str, ...], hands: int, **kw: object) -> ArenaSpec:
    return ArenaSpec(config=TableConfig(), seats=seats, hands=hands, seed=5, **kw)  # type: ignore[arg-type]


def test_odd_blocks_replay_the_deal_with_the_two_players_exchanged() -> None:
    spec = _spec(("adaptive", "montecarlo", "heuristic", "random"), 8, duplicate=True)
    assert [spec.deck_block(b) for b in range(4)] == [0, 0, 2, 2]
    for rotation in range(4):
        even = spec.players_in_seats(0, rotation)
        odd = spec.players_in_seats(1, rotation)
        # players 0 and 1 trade seats; the others stay where they were
        assert [{0: 1, 1: 0}.get(p, p) for p in even] == odd


@pytest.mark.parametrize(
    ("split", "seats"),
    [
        (Split.HIGH_LOW_8, ("heuristic", "heuristic", "calling-station", "random")),
        (Split.HIGH_ONLY, ("heuristic", "heuristic", "calling-station", "random")),
        (Split.HIGH_LOW_8, ("random", "random", "heuristic", "random")),
    ],
)
def test_identical_bots_mirror_exactly_hand_by_hand_and_differ_by_zero(
    split: Split, seats: tuple[str, ...]
) -> None:
    # Two copies of one bot exchanged play the same hand: the bots' random numbers follow
    # the seat in a duplicate run, so each seat ends with the same chips, every action is
    # the same, and the paired difference is exactly 0 in every deal, also in sessions
    # where the bot objects live on from hand to hand (play_blocks) and use randomness.
    spec = ArenaSpec(config=TableConfig(split=split), seats=seats, hands=24, seed=3, duplicate=True)
    for rotation in range(4):
        even = play_hand(spec, 0, rotation)
        odd = play_hand(spec, 1, rotation)
        assert even.result is not None and odd.result is not None
        assert even.result.net == odd.result.net
        assert even.actions == odd.actions
    tallies = play_blocks(spec, range(spec.blocks))
    paired = paired_estimate(spec, tallies)
    assert paired.mean == 0.0 and paired.se == 0.0 and paired.blocks == 3
    assert paired.count == 24


def test_a_stronger_bot_shows_its_edge_and_the_difference_matches_the_per_bot_means() -> None:
    # heuristic against a calling station (pays every bet to the river with any hand):
    # the paired difference is exactly the difference of the two per-bot means (each plays
    # the same hands) and its interval lies above zero.
    spec = _spec(("heuristic", "calling-station", "random", "random"), 800, duplicate=True)
    result = run_arena(spec)
    assert result.paired is not None
    edge = result.stats("heuristic").chips.mean - result.stats("calling-station").chips.mean
    assert result.paired.mean == pytest.approx(edge, abs=1e-9)
    assert result.paired.low > 0
    assert result.paired.blocks == 100
    # exchanging the two bots in --seats flips the sign: the same deals, negated
    flipped = run_arena(
        _spec(("calling-station", "heuristic", "random", "random"), 800, duplicate=True)
    )
    assert flipped.paired is not None
    assert flipped.paired.mean == pytest.approx(-result.paired.mean, abs=1e-9)


def test_duplicate_needs_whole_pairs_and_excludes_both_orders() -> None:
    seats = ("heuristic", "random", "random")
    with pytest.raises(ValueError, match="multiple of 6 at 3 seats, got 9"):
        _spec(seats, 9, duplicate=True)
    with pytest.raises(ValueError, match="do not go together"):
        _spec(seats, 12, duplicate=True, both_orders=True)
    plain = _spec(seats, 12)
    with pytest.raises(ValueError, match="needs a duplicate run"):
        paired_estimate(plain, play_blocks(plain, [0]))
    assert run_arena(plain).paired is None


def test_simulate_duplicate_prints_and_writes_the_paired_difference(tmp_path: Path) -> None:
    out = tmp_path / "dup.json"
    args = ["simulate", "--hands", "16", "--seats", "heuristic,calling-station,random"]
    result = CliRunner().invoke(
        app, [*args, "--hands", "18", "--duplicate", "--out", str(out)], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    paired = data["paired"]
    assert data["duplicate"] is True and paired["deals"] == 3
    assert paired["players"] == ["heuristic", "calling-station"]
    means = {b["bot"]: b["chips_per_hand"] for b in data["bots"]}
    assert paired["difference_per_hand"] == pytest.approx(
        means["heuristic"] - means["calling-station"]
    )
    assert f"{paired['difference_per_hand']:+.2f} chips/hand" in result.output
    assert "Duplicate: heuristic − calling-station" in result.output
    bad = CliRunner().invoke(app, [*args, "--duplicate"], env={"COLUMNS": "200"})
    assert bad.exit_code != 0 and "multiple of 6" in bad.output
