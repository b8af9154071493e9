"""Player actions: frozen records that round-trip to HAND_HISTORY.md JSON and to text.

>>> Action.raise_to(8).to_dict()
{'action': 'raise', 'to': 8}
>>> str(Action.pass_cards([51, 0, 4]))
'pass As 2c 3c'
>>> Action.parse("raise to 8") == Action.raise_to(8)
True
>>> Action.parse("declare swing").to_dict()
{'action': 'declare', 'direction': 'both'}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from anaconda_poker.core.cards import Card, card_str, parse_codes
from anaconda_poker.core.declare import Declaration, parse_declaration
from anaconda_poker.core.errors import AnacondaError


class MalformedActionError(AnacondaError):
    """An action record is malformed: unknown kind, missing/extra amount or cards."""


class ActionKind(StrEnum):
    """Every decision a seat can make (RULES.md §3–§6)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    PASS = "pass"
    ARRANGE = "arrange"
    DECLARE = "declare"
    """Declare high, low or both before the showdown (RULES.md §6, ``declare`` option)."""

    @property
    def is_betting(self) -> bool:
        """True for fold/check/call/bet/raise."""
        return self not in (ActionKind.PASS, ActionKind.ARRANGE, ActionKind.DECLARE)


_AMOUNT_KINDS = (ActionKind.BET, ActionKind.RAISE)
_CARD_KINDS = (ActionKind.PASS, ActionKind.ARRANGE)
_INT_ONLY = frozenset({int})
_CODES = frozenset(range(52))


@dataclass(frozen=True, slots=True)
class Action:
    """One decision.

    Attributes:
        kind: what the seat does.
        to: for ``bet``/``raise``: the seat's total contribution in the current betting round
            after the action, in chips ("raise to 8"); ``None`` otherwise.
        cards: for ``pass``: the card codes passed; for ``arrange``: the five card codes in
            reveal order (first revealed first); empty otherwise.
        direction: for ``declare``: ``high``, ``low`` or ``both`` (RULES.md §6); ``None``
            otherwise.

    Raises:
        MalformedActionError: if the amount, the cards or the direction do not fit the kind.
    """

    kind: ActionKind
    to: int | None = None
    cards: tuple[int, ...] = ()
    direction: Declaration | None = None

    def __post_init__(self) -> None:
        kind = self.kind
        if type(kind) is not ActionKind:
            try:
                kind = ActionKind(kind)
            except ValueError:
                allowed = ", ".join(k.value for k in ActionKind)
                raise MalformedActionError(
                    f"unknown action {self.kind!r}; actions are {allowed}"
                ) from None
            object.__setattr__(self, "kind", kind)
        to = self.to
        if kind in _AMOUNT_KINDS:
            if type(to) is not int or to <= 0:
                raise MalformedActionError(
                    f"{kind} needs a positive integer 'to' amount in chips, got {to!r}"
                )
        elif to is not None:
            raise MalformedActionError(f"{kind} takes no amount (got to={to!r})")
        cards = self.cards
        # fast path: a tuple of plain ints (what the constructors below build)
        if type(cards) is not tuple or not _INT_ONLY.issuperset(map(type, cards)):
            cards = tuple(c.code if isinstance(c, Card) else c for c in cards)
            for c in cards:
                if not isinstance(c, int) or isinstance(c, bool):
                    raise MalformedActionError(f"{c!r} is not a card code 0..51")
            object.__setattr__(self, "cards", cards)
        if kind in _CARD_KINDS:
            if not cards:
                raise MalformedActionError(f"{kind} needs cards")
            if not _CODES.issuperset(cards):
                bad = next(c for c in cards if not 0 <= c < 52)
                raise MalformedActionError(f"{bad!r} is not a card code 0..51")
            if len(set(cards)) != len(cards):
                raise MalformedActionError(
                    f"duplicate card in {kind}: {' '.join(card_str(c) for c in cards)}"
                )
        elif cards:
            raise MalformedActionError(f"{kind} takes no cards")
        direction = self.direction
        if kind is ActionKind.DECLARE:
            if type(direction) is not Declaration:
                if direction is None:
                    raise MalformedActionError(
                        "declare needs a direction: high, low or both (swing)"
                    )
                try:
                    direction = parse_declaration(direction)
                except ValueError as exc:
                    raise MalformedActionError(str(exc)) from None
                object.__setattr__(self, "direction", direction)
        elif direction is not None:
            raise MalformedActionError(f"{kind} takes no direction (got {direction!r})")

    # -- constructors -------------------------------------------------------------------
    @classmethod
    def fold(cls) -> Action:
        return cls(ActionKind.FOLD)

    @classmethod
    def check(cls) -> Action:
        return cls(ActionKind.CHECK)

    @classmethod
    def call(cls) -> Action:
        return cls(ActionKind.CALL)

    @classmethod
    def bet(cls, to: int) -> Action:
        """Bet ``to`` chips in total this round."""
        return cls(ActionKind.BET, to=to)

    @classmethod
    def raise_to(cls, to: int) -> Action:
        """Raise to a total of ``to`` chips this round."""
        return cls(ActionKind.RAISE, to=to)

    @classmethod
    def pass_cards(cls, cards: Iterable[int | Card]) -> Action:
        """Pass these cards (codes or Cards) to the neighbour."""
        return cls(ActionKind.PASS, cards=tuple(cards))  # type: ignore[arg-type]

    @classmethod
    def arrange(cls, cards: Iterable[int | Card]) -> Action:
        """Keep these five cards, revealed in this order (first card first)."""
        return cls(ActionKind.ARRANGE, cards=tuple(cards))  # type: ignore[arg-type]

    @classmethod
    def declare(cls, direction: Declaration | str) -> Action:
        """Declare ``high``, ``low`` or ``both`` (``swing``) before the showdown (§6)."""
        return cls(ActionKind.DECLARE, direction=direction)  # type: ignore[arg-type]

    # -- notation -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The HAND_HISTORY.md action object without the seat."""
        out: dict[str, Any] = {"action": self.kind.value}
        if self.to is not None:
            out["to"] = self.to
        if self.cards:
            out["cards"] = [card_str(c) for c in self.cards]
        if self.direction is not None:
            out["direction"] = self.direction.value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        """Parse a HAND_HISTORY.md action object (``seat`` and ``all_in`` keys are ignored).

        Raises:
            MalformedActionError: on an unknown kind, a bad amount or bad cards.
        """
        if not isinstance(data, Mapping) or "action" not in data:
            raise MalformedActionError(f"an action needs an 'action' field, got {data!r}")
        kind = data["action"]
        to = data.get("to")
        raw_cards = data.get("cards") or []
        try:
            cards = tuple(parse_codes(raw_cards)) if raw_cards else ()
        except AnacondaError as exc:
            raise MalformedActionError(str(exc)) from None
        return cls(kind, to=to, cards=cards, direction=data.get("direction"))

    def __str__(self) -> str:
        if self.kind is ActionKind.BET:
            return f"bet {self.to}"
        if self.kind is ActionKind.RAISE:
            return f"raise to {self.to}"
        if self.cards:
            return f"{self.kind.value} " + " ".join(card_str(c) for c in self.cards)
        if self.direction is not None:
            return f"declare {self.direction.value}"
        return self.kind.value

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form: ``fold``, ``check``, ``call``, ``bet 4``, ``raise to 8``
        (or ``raise 8``), ``pass As Kd 2c``, ``arrange As 2s 3d 4c 5h``, ``declare high``
        (``low``, ``both`` or ``swing``).

        Raises:
            MalformedActionError: naming the text and the accepted forms.
        """
        words = text.strip().split()
        forms = (
            "fold, check, call, bet N, raise to N, pass CARDS, arrange CARDS, declare high|low|both"
        )
        if not words:
            raise MalformedActionError(f"empty action; actions are: {forms}")
        head = words[0].lower()
        rest = words[1:]
        try:
            if head in ("fold", "check", "call") and not rest:
                return cls(ActionKind(head))
            if head in ("bet", "raise"):
                if rest and rest[0].lower() == "to":
                    rest = rest[1:]
                if len(rest) == 1 and rest[0].isdigit():
                    return cls(ActionKind(head), to=int(rest[0]))
            if head in ("pass", "arrange") and rest:
                return cls(ActionKind(head), cards=tuple(parse_codes(rest)))
            if head == "declare" and len(rest) == 1:
                return cls(ActionKind.DECLARE, direction=rest[0])  # type: ignore[arg-type]
        except AnacondaError as exc:
            raise MalformedActionError(f"{text!r}: {exc}") from None
        raise MalformedActionError(f"cannot read action {text!r}; actions are: {forms}")
