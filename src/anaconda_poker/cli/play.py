"""``anaconda-poker play``: a game of Anaconda against bots in the terminal (Textual).

Every finished hand is saved as a HAND_HISTORY.md document (one JSON file per hand) that
``anaconda-poker replay FILE`` plays back.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from anaconda_poker.cli.app import app
from anaconda_poker.cli.wording import choice_option, option_words
from anaconda_poker.core.config import Betting, DeclareMode, Split, Swing
from anaconda_poker.i18n import LANGUAGES, language_from_environment, require_language, translator
from anaconda_poker.tui.settings import DEFAULT_BOT_RAISE_CAP, DEFAULT_STACK

_LANG_HELP = f"Language: {', '.join(LANGUAGES)} (default: from $LANG)."


def default_history_dir() -> Path:
    """Where hand histories go by default: ``$XDG_DATA_HOME/anaconda-poker/hands``
    (``~/.local/share/anaconda-poker/hands`` when the variable is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "anaconda-poker" / "hands"


def _language(lang: str | None) -> str:
    if lang is None:
        return language_from_environment()
    try:
        return require_language(lang)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--lang") from None


@app.command()
def play(
    bots: Annotated[int, typer.Option("--bots", min=1, max=6, help="Bot opponents (1-6).")] = 3,
    level: Annotated[
        str,
        typer.Option(
            "--level",
            help="Bot level by strength: beginner, casual, strong, expert (or a bot: random, "
            "calling-station, heuristic, montecarlo).",
        ),
    ] = "heuristic",
    split: Annotated[
        Split,
        choice_option(Split, "--split", "Game type of the first hand."),
    ] = Split.HIGH_LOW_8,
    betting: Annotated[
        Betting,
        choice_option(Betting, "--betting", "Betting structure."),
    ] = Betting.FIXED_LIMIT,
    declare: Annotated[
        bool,
        typer.Option(
            "--declare",
            help="Split pots by declaration: after the last betting round everyone declares "
            "high, low or both (RULES.md §6; split games only).",
        ),
    ] = False,
    swing: Annotated[
        Swing,
        typer.Option(
            "--swing",
            help="With --declare: a swing must win both halves outright (strict) "
            "or may tie a half (ties_ok).",
        ),
    ] = Swing.STRICT,
    lang: Annotated[str | None, typer.Option("--lang", help=_LANG_HELP)] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for reproducible deals and bots.")
    ] = None,
    delay: Annotated[
        float,
        typer.Option("--delay", min=0.0, help="Seconds between bot actions and revealed cards."),
    ] = 0.6,
    stack: Annotated[
        int, typer.Option("--stack", min=1, help="Starting chips of every player.")
    ] = DEFAULT_STACK,
    bot_raise_cap: Annotated[
        int,
        typer.Option(
            "--bot-raise-cap",
            min=1,
            help="Heuristic bots stop raising at this many big bets in a round (4: full strength).",
        ),
    ] = DEFAULT_BOT_RAISE_CAP,
    ante: Annotated[int, typer.Option("--ante", min=0, help="Ante in chips.")] = 1,
    small_bet: Annotated[int, typer.Option("--small-bet", min=1, help="Small bet in chips.")] = 2,
    big_bet: Annotated[
        int | None,
        typer.Option("--big-bet", min=1, help="Big bet in chips (default: twice the small bet)."),
    ] = None,
    name: Annotated[str | None, typer.Option("--name", help="Your name at the table.")] = None,
    history_dir: Annotated[
        Path | None,
        typer.Option("--history-dir", help="Folder for hand histories (default: user data)."),
    ] = None,
    no_save: Annotated[bool, typer.Option("--no-save", help="Do not save hand histories.")] = False,
    rebuys: Annotated[
        bool,
        typer.Option(
            "--rebuys/--no-rebuys",
            help="Players who go broke buy the starting stack again (bots at once, you when "
            "you choose); --no-rebuys: a freezeout, busted bots leave the table.",
        ),
    ] = True,
) -> None:
    """Play Anaconda in the terminal against bots."""
    from anaconda_poker.tui.app import AnacondaApp, GameSettings
    from anaconda_poker.tui.history_dir import check_history_dir
    from anaconda_poker.tui.summary import session_table

    settings = GameSettings(
        bots=bots,
        level=level,
        split=split,
        betting=betting,
        declare=DeclareMode.DECLARE if declare else DeclareMode.CARDS_SPEAK,
        swing=swing,
        lang=_language(lang),
        seed=seed,
        delay=delay,
        stack=stack,
        bot_raise_cap=bot_raise_cap,
        ante=ante,
        small_bet=small_bet,
        big_bet=big_bet,
        name=name,
        history_dir=None if no_save else (history_dir or default_history_dir()),
        rebuys=rebuys,
    )
    try:
        settings.validate()
        if settings.history_dir is not None:
            check_history_dir(settings.history_dir)
    except ValueError as exc:  # HistoryDirError too
        raise typer.BadParameter(option_words(str(exc))) from None
    game = AnacondaApp(settings)
    players = game.run()
    if game.return_code not in (None, 0):
        # Textual sets a non-zero return code when the app stopped on an error.
        raise typer.Exit(code=game.return_code)
    if players:
        t = translator(settings.lang)
        console = Console()
        # The terminal's width: on 80 columns the table stacks its cells instead of
        # cutting words ("Gewonne…").
        hands = len(game.session.records)
        console.print(session_table(players, t, hands=hands, width=console.width))
        if settings.history_dir is not None and game.session.records:
            Console().print(
                t(
                    "Hand histories: {path} (replay with: anaconda-poker replay FILE)",
                    path=str(settings.history_dir),
                )
            )
