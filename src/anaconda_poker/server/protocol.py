"""Wire protocol: pydantic models of every incoming message and request body.

Every websocket message a client may send is one model of :data:`ClientMessage`, selected
by its ``type``; unknown fields, wrong types and out-of-range values are rejected with a
:class:`~anaconda_poker.server.errors.ClientError` (``bad_message``) naming the field. The
REST bodies are :class:`CreateTableRequest` and :class:`TakeSeatRequest`. The outgoing
messages are plain dicts built by the table actor; all of it is documented in
``docs/protocol.md``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from anaconda_poker.bots.levels import LEVELS
from anaconda_poker.core.config import MAX_AMOUNT, MAX_CHIPS
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.names import (
    NAME_MAX_CHARS,
    NAME_MIN_CHARS,
    clean_chat,
    clean_table_name,
    normalise_name,
)

MAX_MESSAGE_BYTES = 4096
"""Largest websocket message accepted, bytes (``docs/protocol.md`` §2)."""
MAX_BODY_BYTES = 16384
"""Largest REST request body accepted, bytes."""
MAX_CHAT_CHARS = 280
"""Longest chat line, characters."""
NAME_PATTERN = r"^[\w][\w .'\-]{0,23}$"
"""Player names: 1..24 letters/digits/space/``_-.'``, starting with a letter or digit."""
NAME_RULE = (
    "a name is 1 to 24 letters, digits, spaces or the characters _ - . ' "
    "and starts with a letter or a digit"
)
"""The English sentence sent when a name does not match :data:`NAME_PATTERN`."""
MAX_HAND_NO = 2**31 - 1
"""Largest hand number a request may name (the database's 32-bit integer column); larger
numbers are answered ``hand_not_found`` instead of failing in the database driver."""


def tidy_name(name: Any) -> Any:
    """A received name in its canonical spelling (:func:`~anaconda_poker.server.names.
    normalise_name`: NFKC, invisible characters removed, spaces collapsed), checked by
    :data:`Name`'s length and pattern afterwards, so ``"Bee\\u200d"`` or ``"Ana  B"`` cannot
    pass for ``"Bee"`` or ``"Ana B"`` at a table. Non-strings are left to the type check."""
    if not isinstance(name, str):
        return name
    return normalise_name(name)


Name = Annotated[
    str,
    Field(min_length=NAME_MIN_CHARS, max_length=NAME_MAX_CHARS, pattern=NAME_PATTERN),
    BeforeValidator(tidy_name),
]


def storable(text: str) -> str:
    """Refuse characters no database here can store in a text column: NUL (PostgreSQL's text
    type has none) and unpaired surrogates (not encodable as UTF-8).

    Raises:
        ValueError: naming the character class (pydantic reports it with the field's name).
    """
    if "\x00" in text:
        raise ValueError("must not contain the NUL character (U+0000)")
    if any("\ud800" <= c <= "\udfff" for c in text):
        raise ValueError("must not contain unpaired surrogate characters (U+D800 to U+DFFF)")
    return text


TableName = Annotated[
    str,
    Field(min_length=1, max_length=40),
    AfterValidator(storable),
    AfterValidator(clean_table_name),
]
"""A table's name: 1..40 characters, NUL and lone surrogates refused, cleaned of control and
text-direction characters and refused when nothing visible is left (:func:`~anaconda_poker.
server.names.clean_table_name`)."""
Split = Literal["high_only", "high_low_8", "high_low_any"]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Hello(_Message):
    """First message: a seat ``token``, or ``table_id`` with ``spectate`` true."""

    type: Literal["hello"]
    token: str | None = Field(default=None, min_length=1, max_length=128)
    table_id: str | None = Field(default=None, min_length=1, max_length=32)
    spectate: bool = False

    @model_validator(mode="after")
    def _one_way_in(self) -> Hello:
        """A seat (``token``) or a spectator (``table_id`` + ``spectate``), never both."""
        if self.token is not None and (self.spectate or self.table_id is not None):
            raise ValueError(
                "hello takes either a token (to play your seat) or table_id with "
                "spectate: true (to watch), not both"
            )
        return self


class ActionBody(_Message):
    """A HAND_HISTORY.md action object: ``action`` plus ``to`` (chips), ``cards`` or
    ``direction`` (``declare``: ``high``, ``low`` or ``both``, RULES.md §6)."""

    action: Literal["fold", "check", "call", "bet", "raise", "pass", "arrange", "declare"]
    to: int | None = Field(default=None, ge=1, le=MAX_AMOUNT)  # stacks grow past MAX_CHIPS
    cards: list[Annotated[str, Field(min_length=2, max_length=3)]] | None = Field(
        default=None, max_length=9
    )
    direction: Literal["high", "low", "both"] | None = None
    all_in: bool | None = None


class ActionMessage(_Message):
    """Act: ``turn`` echoes the seat's current turn id from its latest ``state``."""

    type: Literal["action"]
    turn: str = Field(min_length=1, max_length=32)
    action: ActionBody


class ChatMessage(_Message):
    """A chat line, 1..280 characters, without control or text-direction characters
    (:func:`~anaconda_poker.server.names.clean_chat`; a line empty once they are removed is
    refused with ``bad_message``)."""

    type: Literal["chat"]
    text: Annotated[
        str,
        Field(min_length=1, max_length=MAX_CHAT_CHARS),
        AfterValidator(clean_chat),
        AfterValidator(storable),
    ]


class RebuyMessage(_Message):
    """Ask to add ``amount`` chips (needs the host's approval on hosted tables)."""

    type: Literal["rebuy"]
    amount: int = Field(ge=1, le=MAX_CHIPS)


class RebuyAnswer(_Message):
    """The host's answer to a rebuy request."""

    type: Literal["approve_rebuy", "deny_rebuy"]
    request_id: int = Field(ge=1, le=MAX_CHIPS)


class ChooseGame(_Message):
    """The dealer's choice of game type for the next hand."""

    type: Literal["choose_game"]
    split: Split


class SeedMessage(_Message):
    """A seat's answer to a ``seed_request`` (fairness version 3, ``server/seeds.py``): the
    request's ``hand_no`` and 1 to 64 random bytes as hex. The seed's format is checked by
    the table (``bad_seed``), so that every wrong seed gets the same code."""

    type: Literal["seed"]
    hand_no: int = Field(ge=1, le=MAX_HAND_NO)
    seed: str


class Simple(_Message):
    """Messages without fields."""

    type: Literal["sync", "ping", "sit_out", "sit_in", "leave_seat", "pause", "resume", "next_hand"]


MAX_REASON_CHARS = 140
"""Longest reason a host gives when denying a seat request, characters."""


class SeatRequestMessage(_Message):
    """A spectator asks the host for a seat at a table with seat approval
    (``server/host_controls.py``): the name to sit under and, optionally, the seat wanted
    (the first free seat otherwise)."""

    type: Literal["request_seat"]
    name: Name
    seat: int | None = Field(default=None, ge=0, le=9)


class SeatAnswer(_Message):
    """The host's answer to a seat request; ``reason`` (1..140 characters, cleaned like a
    chat line) is shown to a player who is denied."""

    type: Literal["approve_seat", "deny_seat"]
    request_id: int = Field(ge=1, le=MAX_CHIPS)
    reason: (
        Annotated[
            str,
            Field(min_length=1, max_length=MAX_REASON_CHARS),
            AfterValidator(clean_chat),
            AfterValidator(storable),
        ]
        | None
    ) = None

    @model_validator(mode="after")
    def _reason_with_denial(self) -> SeatAnswer:
        """A reason explains a denial; an approval needs none."""
        if self.reason is not None and self.type != "deny_seat":
            raise ValueError("reason: only deny_seat takes a reason")
        return self


class RemovePlayer(_Message):
    """The host removes the player at ``seat``: at once between hands, else when the hand
    ends; the chips leave with the player (a cash-out in the ledger)."""

    type: Literal["remove_player"]
    seat: int = Field(ge=0, le=9)


class AdjustStack(_Message):
    """The host sets the stack of ``seat`` to ``stack`` chips between hands (an adjustment
    in the ledger); 0..1,000,000,000 chips, as a starting stack."""

    type: Literal["adjust_stack"]
    seat: int = Field(ge=0, le=9)
    stack: int = Field(ge=0, le=MAX_CHIPS)


class ChangeGame(_Message):
    """The host changes house rules or stakes from the next hand: ``config`` holds the
    options to change, named and bounded as in ``POST /api/tables`` ``config``."""

    type: Literal["change_game"]
    config: dict[str, Any] = Field(min_length=1, max_length=16)


class SetSeatApproval(_Message):
    """The host turns seat approval on or off (it applies to the next request)."""

    type: Literal["set_seat_approval"]
    value: bool


ClientMessage = Annotated[
    Hello
    | ActionMessage
    | ChatMessage
    | RebuyMessage
    | RebuyAnswer
    | ChooseGame
    | SeedMessage
    | SeatRequestMessage
    | SeatAnswer
    | RemovePlayer
    | AdjustStack
    | ChangeGame
    | SetSeatApproval
    | Simple,
    Field(discriminator="type"),
]
_CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)

HOST_COMMANDS = frozenset(
    {
        "pause",
        "resume",
        "next_hand",
        "approve_rebuy",
        "deny_rebuy",
        "approve_seat",
        "deny_seat",
        "remove_player",
        "adjust_stack",
        "change_game",
        "set_seat_approval",
    }
)
"""Message types only the host's seat may send (anyone else: ``not_host``, a spectator:
``spectator``; ``docs/protocol.md`` §4.3)."""


def describe_validation_error(error: ValidationError) -> str:
    """One line naming the first invalid field and why (no input values echoed)."""
    first = error.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "message"
    message = str(first.get("msg", "invalid")).removeprefix("Value error, ")  # our own words
    if first.get("type") == "string_unicode":  # what the database cannot store either
        message = "must not contain unpaired surrogate characters (U+D800 to U+DFFF)"
    return f"{where}: {message}"


def parse_client_message(text: str | bytes) -> Any:
    """Parse and validate one websocket message.

    Args:
        text: the frame's text (bytes are refused: the protocol is JSON text).

    Returns:
        One of the models of :data:`ClientMessage`.

    Raises:
        ClientError: ``too_large`` over :data:`MAX_MESSAGE_BYTES`; ``bad_json`` if not a JSON
            object; ``bad_message`` naming the field if it does not match any message.
    """
    if isinstance(text, bytes):
        raise ClientError("bad_json", "binary frames are not accepted; send JSON text")
    if len(text) > MAX_MESSAGE_BYTES:
        raise ClientError(
            "too_large", f"messages are limited to {MAX_MESSAGE_BYTES} bytes, got {len(text)}"
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ClientError("bad_json", "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ClientError("bad_json", "a message must be a JSON object with a 'type'")
    if not isinstance(data.get("type"), str):
        raise ClientError("bad_message", "type: a message needs a string 'type'")
    try:
        return _CLIENT_MESSAGE.validate_python(data)
    except ValidationError as exc:
        raise ClientError("bad_message", describe_validation_error(exc)) from None


class BotSpec(_Message):
    """A bot seat at table creation."""

    seat: int = Field(ge=0, le=9)
    level: str = Field(
        min_length=1,
        max_length=32,
        # documented (OpenAPI) as the bot levels; any other answers invalid_config
        json_schema_extra={"enum": list(LEVELS)},
    )
    name: Name | None = None


class CreateTableRequest(_Message):
    """Body of ``POST /api/tables`` (``docs/protocol.md`` §3)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    name: TableName
    host_name: Name
    seats: int = Field(default=6, ge=2, le=10)
    host_seat: int | None = Field(default=None, ge=0, le=9)
    config: dict[str, Any] = Field(default_factory=dict)
    starting_stack: int = Field(default=200, ge=1, le=MAX_CHIPS)
    bots: list[BotSpec] = Field(default_factory=list, max_length=9)
    action_timer: float | None = Field(default=30.0, ge=1, le=3600)
    time_bank: float = Field(default=60.0, ge=0, le=36000)
    time_bank_refill: float = Field(default=10.0, ge=0, le=3600)
    time_bank_refill_hands: int = Field(default=10, ge=1, le=1000)
    dealers_choice: bool = False
    bot_pause: float = Field(default=1.0, ge=0, le=30)
    next_hand_delay: float | None = Field(default=None, ge=0, le=120)
    auto_start: bool = True
    allow_rebuys: bool = True
    host_plays: bool = True
    show_equity: bool = False
    reveal_deck_after_hand: bool = False
    listed: bool = False
    seat_approval: bool = False


class TakeSeatRequest(_Message):
    """Body of ``POST /api/tables/{id}/seats``."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    name: Name
    seat: int | None = Field(default=None, ge=0, le=9)
