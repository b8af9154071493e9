"""How long a newcomer lasts at the terminal game's default table (issue 13 item 2).

Run: ``.venv/bin/python benchmarks/newcomer.py [--games 50] [--hands 5]``

The newcomer sits in the person's seat of ``anaconda-poker play``'s session (the same
``TableSession``, bots and deals the game uses, seeded ``1000 + game``) and plays like
someone trying the game for the first time: passes random cards, keeps the five the ``O``
key suggests (``H`` in high-only games) and calls every bet. Each row plays ``--games``
sessions of at most ``--hands`` hands (no rebuys) and reports:

- *survive*: sessions in which the newcomer still had chips after the last hand;
- *showdown first*: sessions in which the newcomer reached a showdown (still in the hand at
  its end) before going broke or the last hand;
- *hands played*: the mean number of hands dealt to the newcomer.

The first row is the table before issue 13 (200 chips, bots raising to four big bets),
the second the default table now (:data:`~anaconda_poker.tui.settings.DEFAULT_STACK`,
:data:`~anaconda_poker.tui.settings.DEFAULT_BOT_RAISE_CAP`). Counts, not timings: the
numbers are the same on every machine for the same code.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.state import HandState
from anaconda_poker.tui.settings import GameSettings
from anaconda_poker.tui.suggest import suggestions


class Newcomer:
    """Random passes, the suggested five, and a call for every bet."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: HandState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if ActionKind.PASS in legal.kinds:
            return Action.pass_cards(self.rng.sample(list(legal.cards), legal.pass_count))
        if ActionKind.ARRANGE in legal.kinds:
            kind = "both" if state.config.split.has_low else "high"
            return Action.arrange(suggestions(legal.cards, state.config.split)[kind])
        if ActionKind.CALL in legal.kinds:
            return Action.call()
        return Action.check()


@dataclass
class Outcome:
    survived: int = 0
    showdown_first: int = 0
    hands: int = 0


def play(settings: GameSettings, *, games: int, hands: int) -> Outcome:
    """Play ``games`` sessions of up to ``hands`` hands with the newcomer in seat 0."""
    outcome = Outcome()
    for game in range(games):
        session = GameSettings(**{**vars(settings), "seed": 1000 + game}).build_session()
        newcomer = Newcomer(random.Random(game))
        showdown = False
        while session.hand_number < hands and not session.is_over():
            state = session.start_hand()
            while not state.is_complete:
                seat = session.pending_bot()
                if seat is None:
                    session.apply_human(newcomer.choose(state, session.human_seat))
                else:
                    session.play_bot(seat)
            session.finish_hand()
            result = state.result
            if result is not None and result.showdown and state.live[session.human_seat]:
                showdown = True
        outcome.hands += session.hand_number
        outcome.survived += session.human.stack > 0
        outcome.showdown_first += showdown
    return outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="sessions per row")
    parser.add_argument("--hands", type=int, default=5, help="hands per session at most")
    args = parser.parse_args()
    rows = [
        (
            "before issue 13: 200 chips, bots raise to 4 big bets",
            GameSettings(stack=200, bot_raise_cap=4, delay=0),
        ),
        ("default now", GameSettings(delay=0)),
    ]
    table = Table(
        title=f"A newcomer at the default table: {args.games} sessions of {args.hands} hands"
    )
    table.add_column("table")
    table.add_column("chips")
    table.add_column("bots raise to")
    table.add_column("survive", justify="right")
    table.add_column("showdown first", justify="right")
    table.add_column("hands played", justify="right")
    for label, settings in rows:
        outcome = play(settings, games=args.games, hands=args.hands)
        table.add_row(
            label,
            str(settings.stack),
            f"{settings.bot_raise_cap} big bets",
            f"{outcome.survived / args.games:.0%}",
            f"{outcome.showdown_first / args.games:.0%}",
            f"{outcome.hands / args.games:.1f}",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
