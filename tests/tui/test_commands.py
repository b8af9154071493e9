"""Typed commands: English words, shortcuts, the action names of each language, and
messages that say what is accepted."""

from __future__ import annotations

import pytest

from anaconda_poker.i18n import translator
from anaconda_poker.tui.commands import Command, CommandError, parse_command

EN = translator("en")


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("call", Command("call")),
        ("  C ", Command("call")),
        ("raise to 8", Command("raise", amount=8)),
        ("raise 12", Command("raise", amount=12)),
        ("bet", Command("bet")),
        ("pass 1 3, 7", Command("pass", cards=("1", "3", "7"))),
        ("pass As kd 10h", Command("pass", cards=("As", "kd", "10h"))),
        ("arrange 5 4 3 2 1", Command("arrange", cards=("5", "4", "3", "2", "1"))),
        ("all-in", Command("allin")),
        ("both", Command("both")),
        ("?", Command("help")),
    ],
)
def test_english_commands(text: str, command: Command) -> None:
    assert parse_command(text, EN) == command


@pytest.mark.parametrize(
    ("lang", "text", "command"),
    [
        ("it", "rilancia 8", Command("raise", amount=8)),
        ("it", "chiama", Command("call")),
        ("it", "parola", Command("check")),
        ("es", "subir a 6", Command("raise", amount=6)),
        ("es", "retirarse", Command("fold")),
        ("pt", "pagar", Command("call")),
        ("nl", "passen", Command("fold")),
        ("nl", "doorgeven 1 2", Command("pass", cards=("1", "2"))),
        ("de", "erhöhen auf 10", Command("raise", amount=10)),
        ("de", "Schieben", Command("check")),
    ],
)
def test_action_names_of_each_language(lang: str, text: str, command: Command) -> None:
    assert parse_command(text, translator(lang)) == command


def test_unknown_words_and_bad_amounts_say_what_is_accepted() -> None:
    with pytest.raises(CommandError, match=r'Unknown command "jump"\. Commands: fold, check'):
        parse_command("jump", EN)
    with pytest.raises(CommandError, match="Comando sconosciuto"):
        parse_command("salta", translator("it"))
    with pytest.raises(CommandError, match=r"needs a whole number of chips, e\.g\. raise 8"):
        parse_command("raise lots", EN)
    with pytest.raises(CommandError, match="needs a whole number"):
        parse_command("bet 0", EN)
    with pytest.raises(CommandError, match="takes nothing after it"):
        parse_command("fold now", EN)
    with pytest.raises(CommandError, match="Type a command"):
        parse_command("   ", EN)
