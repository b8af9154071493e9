"""CLI details (issue 13 item 14): suit symbols in equity, one set of exit codes,
--version, replay noticing a stored result that the actions do not give."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from anaconda_poker import __version__
from anaconda_poker.cli.main import app
from anaconda_poker.core.actions import Action
from anaconda_poker.tui.settings import GameSettings

runner = CliRunner(env={"COLUMNS": "400"})  # no rich box wrapping a long tmp path


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def test_equity_reads_cards_as_the_game_draws_them() -> None:
    letters = runner.invoke(
        app,
        [
            "equity",
            "--hand",
            "As 2s 3d 4c 5h Kd Kc",
            "--players",
            "3",
            "--trials",
            "2000",
            "--seed",
            "1",
        ],
    )
    symbols = runner.invoke(
        app,
        [
            "equity",
            "--hand",
            "A♠ 2♠ 3♦ 4♣ 5♥ K♦ K♣",
            "--players",
            "3",
            "--trials",
            "2000",
            "--seed",
            "1",
        ],
    )
    assert letters.exit_code == 0, letters.output
    assert symbols.exit_code == 0, symbols.output
    assert symbols.output == letters.output


def test_equity_quotes_a_bad_card_as_it_was_typed() -> None:
    """A duplicate "2♦" was reported as "(token '2d')": the user never typed "2d"."""
    hand = ["equity", "--hand", "A♠ 2♦ 3♦ 4♣ 5♥ K♦ 2♦", "--players", "3"]
    duplicate = runner.invoke(app, hand)
    assert duplicate.exit_code == 2
    assert "(token '2♦')" in duplicate.output and "'2d'" not in duplicate.output
    passed = runner.invoke(app, [*hand[:2], "A♠ 2♠ 3♦ 4♣ 5♥ K♦ K♣", *hand[3:], "--passed", "1:X♠"])
    assert passed.exit_code == 2
    assert "'X♠'" in passed.output and "'Xs'" not in passed.output


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"anaconda-poker {__version__}"


def _saved(tmp_path: Path) -> Path:
    session = GameSettings(
        seed=3, delay=0, bots=2, level="calling-station", history_dir=tmp_path
    ).build_session()
    state = session.start_hand()
    while not state.is_complete:
        seat = session.pending_bot()
        if seat is None:
            session.apply_human(Action.fold())
        else:
            session.play_bot(seat)
    path = session.finish_hand().path
    assert path is not None
    return path


def test_missing_files_exit_2_and_failed_checks_exit_1(tmp_path: Path) -> None:
    absent = str(tmp_path / "absent.json")
    for command in (["replay", absent], ["verify", absent]):
        assert runner.invoke(app, command).exit_code == 2, command
    path = _saved(tmp_path)
    assert runner.invoke(app, ["replay", str(path)]).exit_code == 0
    assert runner.invoke(app, ["verify", str(path)]).exit_code == 0  # committed like the server
    history = json.loads(path.read_text(encoding="utf-8"))
    history["deck_salt"] = "00" * (len(history["deck_salt"]) // 2)  # tampered: check fails
    path.write_text(json.dumps(history), encoding="utf-8")
    assert runner.invoke(app, ["verify", str(path)]).exit_code == 1


def test_replay_reports_a_stored_result_the_actions_do_not_give(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    history = json.loads(path.read_text(encoding="utf-8"))
    history["result"]["net"] = {seat: 0 for seat in history["result"]["net"]}
    path.write_text(json.dumps(history), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 1
    out = _flat(result.output)
    assert "The stored result differs from the one the actions give (in: net)" in out


def test_option_errors_name_options_not_fields() -> None:
    """Issue 13 item 14: no "not a valid Direction", no `pass_directions` or `big_bet`."""
    unknown = runner.invoke(app, ["simulate", "--pass-directions", "left,up", "--hands", "1"])
    assert unknown.exit_code == 2
    out = _flat(unknown.output)
    assert "'up' is not a pass direction; write left or right for each pass" in out
    assert "Direction" not in out
    counted = runner.invoke(app, ["simulate", "--pass-directions", "left,left", "--hands", "1"])
    out = _flat(counted.output)
    assert counted.exit_code == 2
    assert "--pass-directions has 2 entries but the game has 3 passes" in out
    assert "pass_" not in out
    stakes = runner.invoke(app, ["play", "--small-bet", "5", "--big-bet", "3"])
    assert stakes.exit_code == 2
    assert "--big-bet must be at least --small-bet (5)" in _flat(stakes.output)


def test_option_words_doc_examples() -> None:
    import doctest

    from anaconda_poker.cli import wording

    result = doctest.testmod(wording)
    assert result.attempted == 2 and result.failed == 0


def test_a_bad_choice_is_a_plain_sentence_naming_the_allowed_values() -> None:
    """Issue 13 item 14: no "Value error, 'foo' is not one of 'high_only', …"."""
    hand = ["--hand", "As 2s 3d 4c 5h Kd Kc"]
    cases = [
        (
            ["play", "--split", "foo"],
            "--split cannot be 'foo': write one of high_only, high_low_8, high_low_any.",
        ),
        (
            ["play", "--betting", "x"],
            "--betting cannot be 'x': write one of fixed_limit, pot_limit, no_limit.",
        ),
        (["equity", *hand, "--split", "foo"], "--split cannot be 'foo': write one of"),
        (
            ["equity", *hand, "--advise", "zz"],
            "--advise cannot be 'zz': write one of pass, arrange.",
        ),
        (["simulate", "--split", "foo"], "--split cannot be 'foo': write one of"),
        (
            ["simulate", "--swing", "loose"],
            "--swing cannot be 'loose': write one of strict, ties_ok.",
        ),
    ]
    for args, sentence in cases:
        result = runner.invoke(app, args, env={"LANG": "en_US.UTF-8", "COLUMNS": "400"})
        assert result.exit_code == 2, (args, result.output)
        out = _flat(result.output)
        assert sentence in out, (args, out)
        assert "Value error" not in out and "is not one of" not in out
        assert "Invalid value" not in out
    german = runner.invoke(
        app, ["simulate", "--betting", "x"], env={"LANG": "de_DE.UTF-8", "COLUMNS": "400"}
    )
    assert german.exit_code == 2
    assert "--betting kann nicht 'x' sein: schreibe einen dieser Werte: fixed_limit" in _flat(
        german.output
    )


def test_good_choices_still_parse() -> None:
    from anaconda_poker.cli.wording import choice_parser
    from anaconda_poker.core.config import Betting, Split

    assert choice_parser(Split, "--split")("high_only") is Split.HIGH_ONLY
    assert choice_parser(Betting, "--betting")(Betting.NO_LIMIT) is Betting.NO_LIMIT
