"""The settings of a terminal session: players, bots, game, stakes, language, saving."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from anaconda_poker.core.config import (
    BIG_BET_DEFAULT,
    Betting,
    DeclareMode,
    Split,
    Swing,
    TableConfig,
)
from anaconda_poker.i18n import translator
from anaconda_poker.tui.players import LEVELS, make_policy
from anaconda_poker.tui.session import TableSession

BOT_NAMES: tuple[str, ...] = ("Ada", "Bruno", "Chiara", "Dirk", "Elena", "Femke")
"""Names of the bots, in seat order after the person."""

MAX_BOTS = len(BOT_NAMES)
"""Most bots at the table (seven players: 7 × 7 cards fit in one deck)."""


DEFAULT_STACK = 400
"""Starting chips at the default table: 100 big bets of the default 2/4 game."""

DEFAULT_BOT_RAISE_CAP = 2
"""Big bets at which the default table's heuristic bots stop raising: with
:data:`DEFAULT_STACK`, a newcomer who calls everything still plays five hands
(benchmarks/newcomer.py measures it)."""


@dataclass(frozen=True, kw_only=True)
class GameSettings:
    """Everything that defines a terminal session.

    Attributes:
        bots: opponents, 1..6.
        level: bot level (one of :data:`~anaconda_poker.tui.players.LEVELS`).
        split: the game type of the first hand (RULES.md §5); changeable between hands.
        betting: betting structure (RULES.md §4).
        declare: ``cards_speak`` or ``declare`` (RULES.md §6: split hands are decided by
            declarations; a high-only hand chosen between hands is played by the cards).
        swing: ``strict`` or ``ties_ok``: what a ``both`` declarer must win (RULES.md §6).
        lang: language of the interface (en, it, es, pt, nl, de).
        seed: seeds the deals, the first button and the bots; ``None`` = unpredictable.
        delay: seconds between bot actions and between revealed cards; 0 for tests.
        stack: every player's starting chips (default 400: 100 big bets, so a first game
            lasts; see benchmarks/newcomer.py).
        bot_raise_cap: the heuristic bots stop raising once a betting round's bet reaches
            this many big bets (default 2, a gentle table; 4 is their full strength).
        ante, small_bet, big_bet: stakes in chips (RULES.md §2, §4); ``big_bet=None`` is
            twice the small bet.
        name: the person's name (default: "You", translated).
        history_dir: folder for hand histories; ``None`` = do not save.
        rebuys: players who go broke buy the starting stack again: the bots at once
            before the next hand, the person when they choose (default). ``False``: a
            freezeout, where a bot out of chips leaves the table and so does the person.
    """

    bots: int = 3
    level: str = "heuristic"
    split: Split = Split.HIGH_LOW_8
    betting: Betting = Betting.FIXED_LIMIT
    declare: DeclareMode = DeclareMode.CARDS_SPEAK
    swing: Swing = Swing.STRICT
    lang: str = "en"
    seed: int | None = None
    delay: float = 0.6
    stack: int = DEFAULT_STACK
    bot_raise_cap: int = DEFAULT_BOT_RAISE_CAP
    ante: int = 1
    small_bet: int = 2
    big_bet: int | None = None
    name: str | None = None
    history_dir: Path | None = None
    rebuys: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    def validate(self) -> None:
        """Check the settings.

        Raises:
            ValueError: naming the bad setting and what is allowed.
            InvalidConfigError: for impossible stakes.
        """
        if not 1 <= self.bots <= MAX_BOTS:
            raise ValueError(f"--bots must be 1..{MAX_BOTS}, got {self.bots}")
        if self.level not in LEVELS:
            raise ValueError(f"--level must be one of {', '.join(LEVELS)}, got {self.level!r}")
        if self.bot_raise_cap < 1:
            raise ValueError(
                f"--bot-raise-cap must be at least 1 big bet, got {self.bot_raise_cap}"
            )
        if self.delay < 0:
            raise ValueError(f"--delay must be >= 0 seconds, got {self.delay}")
        bots = BOT_NAMES[: self.bots]
        if self.name is not None and self.name.strip().casefold() in {n.casefold() for n in bots}:
            raise ValueError(
                f"--name {self.name!r} is the name of a bot at this table "
                f"({', '.join(bots)}): choose another name"
            )
        if DeclareMode(self.declare) is DeclareMode.DECLARE and not Split(self.split).has_low:
            raise ValueError(
                "--declare needs a split game (--split high_low_8 or high_low_any); with "
                f"--split {Split(self.split).value} the best high hand takes every pot"
            )
        if (
            Swing(self.swing) is Swing.TIES_OK
            and DeclareMode(self.declare) is not DeclareMode.DECLARE
        ):
            raise ValueError(
                "--swing ties_ok needs --declare (RULES.md §6): when the cards speak nobody "
                "declares, so there is no swing; add --declare to split pots by declaration"
            )
        self.table_config()

    def table_config(self) -> TableConfig:
        """The table's rules and stakes.

        Raises:
            InvalidConfigError: for impossible stakes.
        """
        return TableConfig(
            split=self.split,
            betting=self.betting,
            ante=self.ante,
            small_bet=self.small_bet,
            big_bet=BIG_BET_DEFAULT if self.big_bet is None else self.big_bet,
            declare=self.declare,
            swing=self.swing,
        )

    def build_session(self) -> TableSession:
        """A new session with these settings (the person in seat 0, bots after).

        Raises:
            ValueError / InvalidConfigError: see :meth:`validate`.
        """
        self.validate()
        t = translator(self.lang)
        master = random.Random(self.seed) if self.seed is not None else random.SystemRandom()
        names = [self.name or t("You"), *BOT_NAMES[: self.bots]]
        policies = {
            seat: make_policy(
                self.level,
                random.Random(master.getrandbits(64)),
                raise_cap_bets=self.bot_raise_cap,
            )
            for seat in range(1, self.bots + 1)
        }
        deal_rng = random.Random(master.getrandbits(64))
        return TableSession(
            config=self.table_config(),
            names=names,
            human_seat=0,
            policies=policies,
            levels={seat: self.level for seat in policies},
            stack=self.stack,
            rng=deal_rng,
            history_dir=self.history_dir,
            rebuys=self.rebuys,
        )
