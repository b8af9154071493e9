"""Table configuration: every house rule of RULES.md §6 plus the betting structure and stakes.

One frozen, keyword-only object holds the rules of a table ("rules as data", STYLE.md §6);
variants are values, never subclasses. Amounts are in chips (integers).

>>> cfg = TableConfig(split=Split.HIGH_ONLY, pass_directions=("left", "right", "left"))
>>> cfg.pass_schedule
((3, <Direction.LEFT: 'left'>), (2, <Direction.RIGHT: 'right'>), (1, <Direction.LEFT: 'left'>))
>>> TableConfig(cards_dealt=9).check_players(6)
Traceback (most recent call last):
...
anaconda_poker.core.errors.InvalidConfigError: 9 cards × 6 players needs 54 cards; the deck has 52
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from anaconda_poker.core.errors import InvalidConfigError, OptionOutOfRangeError


class Split(StrEnum):
    """Game type (RULES.md §5, house rule ``split``)."""

    HIGH_ONLY = "high_only"
    HIGH_LOW_8 = "high_low_8"
    HIGH_LOW_ANY = "high_low_any"

    @property
    def has_low(self) -> bool:
        """True when the pot is split between high and low."""
        return self is not Split.HIGH_ONLY

    @property
    def low_qualifier(self) -> int | None:
        """The low qualifier rank (8) for eight-or-better, ``None`` when any hand has a low."""
        return 8 if self is Split.HIGH_LOW_8 else None


class Betting(StrEnum):
    """Betting structure (RULES.md §4, house rule ``betting``)."""

    FIXED_LIMIT = "fixed_limit"
    POT_LIMIT = "pot_limit"
    NO_LIMIT = "no_limit"


class Direction(StrEnum):
    """Pass direction (RULES.md §3): left = clockwise, to the next seat number."""

    LEFT = "left"
    RIGHT = "right"


class ForcedBet(StrEnum):
    """Forced bets (RULES.md §2.1, house rule ``forced_bet``)."""

    ANTE = "ante"
    DEALER_ANTE = "dealer_ante"


class FirstToAct(StrEnum):
    """Who acts first in the roll betting rounds (RULES.md §4, ``reveal_first_to_act``)."""

    BEST_SHOWING = "best_showing"
    LEFT_OF_DEALER = "left_of_dealer"


class DeclareMode(StrEnum):
    """How split pots are decided (RULES.md §6, house rule ``declare``)."""

    CARDS_SPEAK = "cards_speak"
    """The cards decide: the best high and the best qualifying low take the halves (§5)."""
    DECLARE = "declare"
    """Every player at showdown declares high, low or both first (split games only)."""


class Swing(StrEnum):
    """What a ``both`` ("swing") declarer must do to win (RULES.md §6, house rule ``swing``)."""

    STRICT = "strict"
    """Win both halves outright (a tie in either half loses the swing)."""
    TIES_OK = "ties_ok"
    """Win at least a share of each half."""


MIN_PLAYERS = 2
"""Fewest players in a hand (heads-up, RULES.md §1)."""
MAX_SEATS = 10
"""Most seats a table may have (seats may be empty); the deck limits players in a hand."""
DECK_SIZE = 52
MAX_CHIPS = 10**9
"""The engine's chip limit: the largest ante, bet, starting stack, rebuy or action amount,
chips. Ten stacks of it (and every pot they make) stay far below 2**53, so every amount is
exact as a JSON number in every client (JavaScript included) and in the database."""
MAX_AMOUNT = 2**53 - 1
"""The largest number of chips anything may come to (a stack grown by winning pots, a bet
to that stack): every integer up to it is exact as a JSON number in JavaScript. Options stay
within :data:`MAX_CHIPS`; only amounts that grow in play may pass it."""
MAX_RAISE_CAP = 100
"""Largest ``raise_cap`` in bets per round; use ``None`` for no cap (RULES.md §4)."""
MAX_PASSES = 5
"""Most passes in a ``pass_counts`` schedule (the seeds' schedule has 3, RULES.md §3, §6;
each pass adds a betting round)."""
MAX_PASS_COUNT = 6
"""Most cards in one pass: all but one of the seven cards that may be passed (RULES.md §3;
hidden cards are never passed)."""
BIG_BET_DEFAULT = 0
"""``big_bet`` value meaning "twice the small bet" (RULES.md §4), the default."""


def _enum_tuple(
    enum: type[Direction], values: Sequence[str | Direction], name: str
) -> tuple[Direction, ...]:
    try:
        return tuple(enum(v) for v in values)
    except (ValueError, TypeError):
        allowed = ", ".join(m.value for m in enum)
        raise InvalidConfigError(
            f"{name} must each be one of {allowed}; got {list(values)!r}", option=name
        ) from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_range(name: str, value: int, low: int, high: int, unit: str = "") -> None:
    """Raise :class:`OptionOutOfRangeError` unless ``low <= value <= high``."""
    if not low <= value <= high:
        raise OptionOutOfRangeError(name, f"{low} to {high}{unit}", value)


@dataclass(frozen=True, kw_only=True, slots=True)
class TableConfig:
    """Every house rule and the stakes of a table (RULES.md §6, HAND_HISTORY.md ``config``).

    Attributes:
        split: game type; default ``high_low_8``.
        betting: ``fixed_limit`` (default), ``pot_limit`` or ``no_limit``.
        ante: chips each player posts before the deal (with ``dealer_ante`` the dealer posts
            one ante per player); ``0..MAX_CHIPS``.
        small_bet: the bet in betting rounds 1–4 in fixed limit, and the minimum bet in pot-
            and no-limit; chips, ``1..MAX_CHIPS``.
        big_bet: the bet in roll betting rounds in fixed limit; chips,
            ``small_bet..MAX_CHIPS``.
            Leave it out (or give :data:`BIG_BET_DEFAULT`, 0) for twice the small bet,
            whatever the small bet is (RULES.md §4); the built object always holds the
            chips, so ``TableConfig(small_bet=5).big_bet == 10``.
        raise_cap: most bets per round in fixed limit (a bet plus ``raise_cap - 1`` raises);
            ``1..MAX_RAISE_CAP`` or ``None`` = no cap. Ignored by pot- and no-limit.
        cap_lifted_heads_up: no raise cap heads-up: when a round starts with only two
            players with chips, or comes down to two before the cap is reached; a reached
            cap stays for the round (RULES.md §4, default on).
        pass_counts: cards passed in each pass, default ``(3, 2, 1)``; 1 to
            :data:`MAX_PASSES` passes of 1 to :data:`MAX_PASS_COUNT` cards each.
        pass_directions: the direction of each pass, same length as ``pass_counts``.
        cards_dealt: 7, or 9 for the hidden-cards variant (the last two dealt are hidden).
        forced_bet: ``ante`` (default) or ``dealer_ante``.
        reveal_first_to_act: ``best_showing`` (default) or ``left_of_dealer``.
        roll_betting_rounds: 5 (a betting round after every revealed card, default) or 4
            (after cards 1–4 only; the fifth card is turned and the hand goes to showdown).
        declare: ``cards_speak`` (default) or ``declare``: before the showdown every player
            still in the hand declares high, low or both (RULES.md §6); split games only.
        swing: ``strict`` (default: a ``both`` declarer must win both halves outright) or
            ``ties_ok`` (a share of each half is enough); only used with ``declare``.

    Raises:
        OptionOutOfRangeError: a number outside its bounds above (``option`` names it).
        InvalidConfigError: any other impossible value or combination, naming it and what
            is allowed (``option`` names the option when one is to blame).
    """

    split: Split = Split.HIGH_LOW_8
    betting: Betting = Betting.FIXED_LIMIT
    ante: int = 1
    small_bet: int = 2
    big_bet: int = 0  # BIG_BET_DEFAULT: twice the small bet, resolved in __post_init__
    raise_cap: int | None = 4
    cap_lifted_heads_up: bool = True
    pass_counts: tuple[int, ...] = (3, 2, 1)
    pass_directions: tuple[Direction, ...] = field(
        default=(Direction.LEFT, Direction.LEFT, Direction.LEFT)
    )
    cards_dealt: int = 7
    forced_bet: ForcedBet = ForcedBet.ANTE
    reveal_first_to_act: FirstToAct = FirstToAct.BEST_SHOWING
    roll_betting_rounds: int = 5
    declare: DeclareMode = DeclareMode.CARDS_SPEAK
    swing: Swing = Swing.STRICT

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        options: tuple[tuple[str, type[StrEnum]], ...] = (
            ("split", Split),
            ("betting", Betting),
            ("forced_bet", ForcedBet),
            ("reveal_first_to_act", FirstToAct),
            ("declare", DeclareMode),
            ("swing", Swing),
        )
        for name, enum in options:
            try:
                set_(self, name, enum(getattr(self, name)))
            except ValueError:
                allowed = ", ".join(m.value for m in enum)
                raise InvalidConfigError(
                    f"invalid table option: {name} must be one of {allowed}; "
                    f"got {getattr(self, name)!r}",
                    option=name,
                ) from None
        set_(
            self, "pass_directions", _enum_tuple(Direction, self.pass_directions, "pass_directions")
        )
        set_(self, "pass_counts", tuple(self.pass_counts))
        units = {"ante": "chips", "small_bet": "chips", "big_bet": "chips"}
        for name in ("ante", "small_bet", "big_bet", "cards_dealt", "roll_betting_rounds"):
            value = getattr(self, name)
            if not _is_int(value):
                what = f"an integer number of {units[name]}" if name in units else "an integer"
                raise InvalidConfigError(f"{name} must be {what}, got {value!r}", option=name)
        if not isinstance(self.cap_lifted_heads_up, bool):
            raise InvalidConfigError(
                f"cap_lifted_heads_up must be true or false, got {self.cap_lifted_heads_up!r}",
                option="cap_lifted_heads_up",
            )
        if self.big_bet == BIG_BET_DEFAULT:
            set_(self, "big_bet", 2 * self.small_bet)
        _check_range("ante", self.ante, 0, MAX_CHIPS, " chips")
        _check_range("small_bet", self.small_bet, 1, MAX_CHIPS, " chips")
        if not self.small_bet <= self.big_bet <= MAX_CHIPS:
            allowed = f"at least small_bet ({self.small_bet}) and at most {MAX_CHIPS} chips"
            raise OptionOutOfRangeError("big_bet", allowed, self.big_bet)
        if self.raise_cap is not None:
            if not _is_int(self.raise_cap):
                raise InvalidConfigError(
                    f"raise_cap must be a whole number of bets or null, got {self.raise_cap!r}",
                    option="raise_cap",
                )
            _check_range("raise_cap", self.raise_cap, 1, MAX_RAISE_CAP, " bets, or null")
        if self.cards_dealt not in (7, 9):
            raise OptionOutOfRangeError("cards_dealt", "7 or 9", self.cards_dealt)
        if self.roll_betting_rounds not in (4, 5):
            raise OptionOutOfRangeError("roll_betting_rounds", "4 or 5", self.roll_betting_rounds)
        if self.declare is DeclareMode.DECLARE and not self.split.has_low:
            raise InvalidConfigError(
                f"declare: declare needs a split game (split high_low_8 or high_low_any); "
                f"split is {self.split.value}, where the best high hand takes every pot",
                option="declare",
            )
        if not 1 <= len(self.pass_counts) <= MAX_PASSES:
            raise OptionOutOfRangeError(
                "pass_counts",
                f"a list of 1 to {MAX_PASSES} passes (at least one pass)",
                self.pass_counts,
                shown=f"{len(self.pass_counts)} passes",
            )
        for count in self.pass_counts:
            if not _is_int(count) or not 1 <= count <= MAX_PASS_COUNT:
                raise OptionOutOfRangeError(
                    "pass_counts",
                    f"whole numbers of cards 1 to {MAX_PASS_COUNT} (each pass count)",
                    list(self.pass_counts),
                )
        if len(self.pass_directions) != len(self.pass_counts):
            raise InvalidConfigError(
                f"pass_directions has {len(self.pass_directions)} entries but pass_counts has "
                f"{len(self.pass_counts)}; give one direction per pass",
                option="pass_directions",
            )

    @property
    def pass_schedule(self) -> tuple[tuple[int, Direction], ...]:
        """The passes as ``(count, direction)`` pairs, in order (RULES.md §3)."""
        return tuple(zip(self.pass_counts, self.pass_directions, strict=True))

    @property
    def hidden_cards(self) -> int:
        """Hidden cards per player: 2 in the 9-card variant, else 0 (RULES.md §6)."""
        return self.cards_dealt - 7

    @property
    def betting_rounds(self) -> int:
        """Total betting rounds: one before the passes, one after each pass, then the roll."""
        return 1 + len(self.pass_counts) + self.roll_betting_rounds

    def max_players(self) -> int:
        """Most players one deck can deal to: ``52 // cards_dealt`` (7 cards: 7, 9 cards: 5)."""
        return DECK_SIZE // self.cards_dealt

    def check_seats(self, seats: int) -> None:
        """Check the number of seats of a table under these rules: 2 up to the players one
        deck can deal to (RULES.md §1: 7 with 7 cards, 5 with 9).

        Raises:
            OptionOutOfRangeError: ``seats`` outside that range (option ``"seats"``).
        """
        top = min(self.max_players(), MAX_SEATS)
        if not _is_int(seats) or not MIN_PLAYERS <= seats <= top:
            why = f"{MIN_PLAYERS}..{top} with {self.cards_dealt} cards dealt (one deck)"
            raise OptionOutOfRangeError("seats", why, seats)

    def check_players(self, players: int) -> None:
        """Check that ``players`` can play a hand under these rules (RULES.md §1).

        Raises:
            InvalidConfigError: fewer than 2 players, or more cards than the deck holds.
        """
        if players < MIN_PLAYERS:
            raise InvalidConfigError(f"a hand needs at least {MIN_PLAYERS} players, got {players}")
        need = self.cards_dealt * players
        if need > DECK_SIZE:
            raise InvalidConfigError(
                f"{self.cards_dealt} cards × {players} players needs {need} cards; "
                f"the deck has {DECK_SIZE}"
            )

    def replace(self, **changes: Any) -> TableConfig:
        """A copy with some options changed (validated again).

        The big bet is copied as chips: ``replace(small_bet=5)`` on a 2/4 table keeps the
        big bet of 4 (and is refused); pass ``big_bet=BIG_BET_DEFAULT`` for twice the new
        small bet.
        """
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data.update(changes)
        return TableConfig(**data)

    def to_dict(self) -> dict[str, Any]:
        """The HAND_HISTORY.md ``config`` object (JSON-ready: strings, ints, lists, null)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                value = [str(v) if isinstance(v, StrEnum) else v for v in value]
            elif isinstance(value, StrEnum):
                value = value.value
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableConfig:
        """Build from a HAND_HISTORY.md ``config`` object; missing options take defaults.

        A missing ``big_bet`` is twice the given ``small_bet`` (RULES.md §4).

        Raises:
            InvalidConfigError: on an unknown option name or an invalid value.
        """
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidConfigError(
                f"unknown table option(s) {unknown}; known options: {sorted(known)}",
                option=unknown[0] if len(unknown) == 1 else None,
            )
        kwargs = dict(data)
        for name in ("pass_counts", "pass_directions"):
            if name in kwargs:
                if isinstance(kwargs[name], str) or not isinstance(kwargs[name], Sequence):
                    raise InvalidConfigError(
                        f"{name} must be a list, got {kwargs[name]!r}", option=name
                    )
                kwargs[name] = tuple(kwargs[name])
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise InvalidConfigError(f"invalid table options: {exc}") from None
