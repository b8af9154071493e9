"""A table's fixed options: what ``POST /api/tables`` chose, stored with the table row and
read back when the table is rebuilt (``docs/protocol.md`` §3 TableInfo)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from anaconda_poker.core.config import TableConfig
from anaconda_poker.server.errors import ClientError


@dataclass(frozen=True, kw_only=True, slots=True)
class TableSettings:
    """A table's fixed options (``POST /api/tables``; stored with the table).

    Attributes:
        name: display name.
        max_seats: seats at the table (2..``52 // cards_dealt``).
        config: the house rules and stakes (the table default when dealer's choice is on).
        starting_stack: chips a new seat starts with.
        action_timer: seconds per decision, or ``None`` for no timer.
        time_bank: extra seconds per seat for the whole session (the most a bank holds).
        time_bank_refill: seconds added to each person's bank every
            ``time_bank_refill_hands`` hands, up to ``time_bank`` (``server/timebank.py``).
        time_bank_refill_hands: hands between two refills.
        dealers_choice: the dealer picks the game type before each hand.
        bot_pause: mean seconds a bot waits before acting (0 = at once).
        auto_start: deal hands automatically.
        allow_rebuys: seats may ask for more chips.
        host_seat: the host's seat, or ``None`` (then rebuys are approved automatically).
        between_hands: pause between two automatically dealt hands, seconds: the showdown
            stays on the table that long (``next_hand_delay`` in TableInfo and the create
            request, issue 12 §3).
        wait_for_humans: deal automatically only while a human seat would be dealt in (the
            default lobby's bots do not play alone).
        show_equity: players may see their own equity in the web client (advice only; the
            server sends nothing more to anyone).
        reveal_deck_after_hand: players of a finished hand may download its full history,
            deck and salt included (every seat's cards: off by default, RULES.md §7).
        listed: shown in the lobby's table list (``GET /api/tables``) to everyone; an
            unlisted table (the default for tables players create) is reached through its
            invite link only.
        seat_approval: newcomers ask the host for a seat instead of taking one
            (``server/host_controls.py``); the host may turn it on or off later
            (``seat_approval_set`` events change the model's copy).
    """

    name: str
    max_seats: int
    config: TableConfig
    starting_stack: int
    action_timer: float | None = 30.0
    time_bank: float = 60.0
    time_bank_refill: float = 10.0
    time_bank_refill_hands: int = 10
    dealers_choice: bool = False
    bot_pause: float = 1.0
    auto_start: bool = True
    allow_rebuys: bool = True
    host_seat: int | None = 0
    between_hands: float = 8.0
    wait_for_humans: bool = False
    show_equity: bool = False
    reveal_deck_after_hand: bool = False
    listed: bool = False
    seat_approval: bool = False

    def __post_init__(self) -> None:
        self.config.check_players(2)
        if not 2 <= self.max_seats <= self.config.max_players():
            raise ClientError(
                "invalid_config",
                f"seats must be 2..{self.config.max_players()} with "
                f"{self.config.cards_dealt} cards dealt, got {self.max_seats}",
            )
        if self.host_seat is not None and not 0 <= self.host_seat < self.max_seats:
            raise ClientError("invalid_config", f"host_seat {self.host_seat} is not a seat")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (stored in the database)."""
        return {
            "name": self.name,
            "max_seats": self.max_seats,
            "config": self.config.to_dict(),
            "starting_stack": self.starting_stack,
            "action_timer": self.action_timer,
            "time_bank": self.time_bank,
            "time_bank_refill": self.time_bank_refill,
            "time_bank_refill_hands": self.time_bank_refill_hands,
            "dealers_choice": self.dealers_choice,
            "bot_pause": self.bot_pause,
            "auto_start": self.auto_start,
            "allow_rebuys": self.allow_rebuys,
            "host_seat": self.host_seat,
            "between_hands": self.between_hands,
            "wait_for_humans": self.wait_for_humans,
            "show_equity": self.show_equity,
            "reveal_deck_after_hand": self.reveal_deck_after_hand,
            "listed": self.listed,
            "seat_approval": self.seat_approval,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSettings:
        """Inverse of :meth:`to_dict`.

        Raises:
            InvalidConfigError: the stored house rules are invalid.
            KeyError: a required field is missing.
        """
        fields = dict(data)
        fields["config"] = TableConfig.from_dict(fields["config"])
        return cls(**fields)


__all__ = ["TableSettings"]
