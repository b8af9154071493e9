"""The host's controls of a home game (issue 12 §2): command handlers that check a request
against the table model and answer with the events that carry it out.

Like ``server/table_commands.py``, each handler reads the
:class:`~anaconda_poker.server.table_model.TableModel` without changing it and returns the
events to record (``[]`` when the request changes nothing), or raises a
:class:`~anaconda_poker.server.errors.ClientError` with a code of ``docs/protocol.md`` §8; the
actor (``server/host_requests.py``) applies and commits them, then tells the clients. The
events are described in ``server/host_events.py``.

- **Seat approval**: at a table with ``seat_approval`` a spectator asks for a seat
  (:func:`seat_request_events`), the host approves (the newcomer is seated with the starting
  stack and gets a token) or denies it (:func:`answer_seat_events`, with an optional
  reason); a request whose asker leaves expires (:func:`expire_seat_request_events`).
- **Removing a player** (:func:`remove_player_events`): its chips leave with it, a cash-out
  in the ledger, at once between hands or, for a seat dealt into the running hand, when that
  hand ends (:func:`after_hand_events`): the player plays its hand out.
- **Adjusting a stack** between hands (:func:`adjust_stack_events`): kept in the ledger as an
  adjustment, so that chips stay accounted for (``bought_in + adjustments`` = chips brought).
- **Changing the stakes or the game** (:func:`change_game_events`): any house rule of
  ``POST /api/tables`` ``config``, checked as at creation, applied between hands; a change
  made while a hand runs waits for its end (everyone sees "from the next hand").
"""

from __future__ import annotations

from typing import Any

from anaconda_poker.core.config import (
    BIG_BET_DEFAULT,
    DECK_SIZE,
    Betting,
    ForcedBet,
    TableConfig,
)
from anaconda_poker.core.declare import check_swing
from anaconda_poker.core.errors import AnacondaError, InvalidConfigError
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.hosting_state import SeatRequest
from anaconda_poker.server.names import name_clash
from anaconda_poker.server.table_commands import (
    leave_events,
    require_host,
    take_seat_events,
)
from anaconda_poker.server.table_events import apply_all
from anaconda_poker.server.table_model import Event, TableModel

MAX_SEAT_REQUESTS = 20
"""Seat requests a table keeps waiting at once; more are refused (``too_many_requests``)."""


def house_rules(data: dict[str, Any], *, seats: int, starting_stack: int) -> TableConfig:
    """Check a ``config`` object of house rules for a table of ``seats`` seats whose players
    start with ``starting_stack`` chips, as at table creation (``docs/protocol.md`` §3:
    every option's bounds, ``swing`` only with ``declare``, as many seats as one deck deals
    to, stakes a starting stack can play: :func:`check_stakes_fit`).

    Raises:
        ClientError: ``invalid_config`` naming the option in ``field`` (``config.ante``, ...)
            when one option is to blame (``seats`` when the number of seats is).
    """
    try:
        config = TableConfig.from_dict(data)
        check_swing(config)
        config.check_seats(seats)
    except InvalidConfigError as exc:
        field = exc.option
        if field is not None and field != "seats":
            field = f"config.{field}"
        raise ClientError("invalid_config", str(exc), field=field) from None
    except AnacondaError as exc:
        raise ClientError("invalid_config", str(exc)) from None
    twice = data.get("big_bet", BIG_BET_DEFAULT) == BIG_BET_DEFAULT
    check_stakes_fit(config, seats=seats, starting_stack=starting_stack, big_bet_derived=twice)
    return config


def check_stakes_fit(
    config: TableConfig, *, seats: int, starting_stack: int, big_bet_derived: bool = False
) -> None:
    """A player who sits down with the starting stack (rebuys top up to it, never past it)
    can pay the forced bet and still make one full bet (RULES.md §2.1, §4): otherwise every
    hand is all-in at the first bet, which no host means to set up. In order:

    - the small bet (the minimum bet in pot and no limit) is at most the starting stack;
    - in fixed limit, the big bet too (pot and no limit have none);
    - the ante plus one small bet is at most the starting stack; with ``dealer_ante`` the
      dealer posts one ante for every player, so ``ante × seats`` plus one small bet is.

    Args:
        big_bet_derived: the big bet was not given (twice the small bet), said in the error.

    Raises:
        ClientError: ``invalid_config`` naming the option (``config.small_bet``,
            ``config.big_bet``, ``config.ante``), its value, the starting stack and the
            largest value allowed with it.
    """
    stack, small, big, ante = starting_stack, config.small_bet, config.big_bet, config.ante
    fixed = config.betting is Betting.FIXED_LIMIT
    payers = seats if config.forced_bet is ForcedBet.DEALER_ANTE else 1
    posted = ante * payers
    if small > stack:
        what = "small bet" if fixed else "minimum bet"
        if 0 < posted < stack:
            antes = f"ante ({ante:,})" if payers == 1 else f"dealer's antes ({ante:,} × {seats})"
            allowed = f"{stack - posted:,}, the starting stack less the {antes}"
        else:
            allowed = f"{stack:,}"
        raise ClientError(
            "invalid_config",
            f"the {what} ({small:,}) is more than the starting stack ({stack:,}); "
            f"it must be at most {allowed}",
            field="config.small_bet",
        )
    if fixed and big > stack:
        how = ", twice the small bet" if big_bet_derived else ""
        raise ClientError(
            "invalid_config",
            f"the big bet ({big:,}{how}) is more than the starting stack ({stack:,}); "
            f"it must be at most {stack:,}",
            field="config.big_bet",
        )
    if posted + small > stack:
        bet = "small bet" if fixed else "minimum bet"
        if payers == 1:
            posted_text = f"the ante ({ante:,}) and one {bet} ({small:,})"
        else:
            posted_text = (
                f"with dealer_ante the dealer posts one ante for each of up to {seats} "
                f"players: {ante:,} × {seats} and one {bet} ({small:,})"
            )
        raise ClientError(
            "invalid_config",
            f"{posted_text} come to {posted + small:,}, more than the starting stack "
            f"({stack:,}); the ante must be at most {(stack - small) // payers:,}",
            field="config.ante",
        )


def dealing(model: TableModel, *, choosing: bool) -> bool:
    """A hand runs or is being dealt (the dealer chooses the game, seeds are asked for):
    stacks and rules stay as they are until it ends."""
    return model.in_hand or choosing or model.seed_round is not None


# ====================================================================== seat approval
def approval_on(model: TableModel) -> bool:
    """Newcomers ask the host for a seat: the table has seat approval and a host to answer
    (while nobody holds the role, after the host left, seats are taken as usual)."""
    return model.settings.seat_approval and model.host_seat is not None


def seat_request_events(
    model: TableModel, seat: int | None, *, name: str, wanted: int | None
) -> list[Event]:
    """A spectator asks for a seat under ``name`` (``wanted``: a seat, or ``None`` for the
    first free one).

    Raises:
        ClientError: ``already_seated`` (the requester holds a seat), ``no_approval`` (the
            table seats newcomers without asking: ``POST .../seats``), ``too_many_requests``
            (:data:`MAX_SEAT_REQUESTS` waiting), ``name_taken`` (a seated player's or another
            asker's name is too close), ``table_full``, ``bad_message`` (``wanted`` is not a
            seat of this table), ``seat_taken``.
    """
    if seat is not None:
        raise ClientError("already_seated", f"you already hold seat {seat} at this table")
    if not approval_on(model):
        raise ClientError(
            "no_approval",
            "this table seats newcomers without the host's approval: take a seat with "
            "POST /api/tables/{table_id}/seats",
        )
    waiting = model.hosting.seat_requests
    if len(waiting) >= MAX_SEAT_REQUESTS:
        raise ClientError(
            "too_many_requests",
            f"{MAX_SEAT_REQUESTS} seat requests are waiting for the host; try again later",
        )
    names = [r.name for r in model.seats if r is not None] + [q.name for q in waiting.values()]
    clash = name_clash(name, names)
    if clash is not None:
        raise ClientError("name_taken", clash, status=409)
    if all(r is not None for r in model.seats):
        raise ClientError("table_full", "every seat is taken", status=409)
    if wanted is not None:
        if not 0 <= wanted < len(model.seats):
            raise ClientError("bad_message", f"seat: must be 0..{len(model.seats) - 1}")
        taken = model.seats[wanted]
        if taken is not None:
            raise ClientError("seat_taken", f"seat {wanted} is already taken by {taken.name}")
    request = {"request_id": model.hosting.next_seat_request, "name": name, "seat": wanted}
    return [("seat_requested", request)]


def answer_seat_events(
    model: TableModel,
    seat: int | None,
    *,
    request_id: int,
    approved: bool,
    reason: str | None,
    token_hash: str,
) -> list[Event]:
    """The host approves or denies a seat request. An approved newcomer sits at the seat it
    asked for when that is still free, else at the first free seat, with the starting stack
    and the token whose hash is ``token_hash``.

    Raises:
        ClientError: ``spectator``, ``not_host``, ``unknown_request`` (not waiting: answered,
            or its asker left), ``table_full`` (no seat is free: deny it or free a seat),
            ``name_taken`` (someone took a seat under a clashing name meanwhile).
    """
    host = require_host(model, seat)
    request = model.hosting.seat_requests.get(request_id)
    if request is None:
        raise ClientError("unknown_request", f"no seat request {request_id} is waiting")
    closed: dict[str, Any] = {"request_id": request_id, "by": host}
    if not approved:
        return [("seat_request_closed", {**closed, "outcome": "denied", "reason": reason})]
    wanted = request.seat
    if wanted is not None and model.seats[wanted] is not None:
        wanted = None  # taken meanwhile: the first free seat
    try:
        seated = take_seat_events(
            model, name=request.name, seat=wanted, token_hash=token_hash, bot=None
        )
    except ClientError as error:
        raise ClientError(error.code, f"{error.message}: deny the request or free a seat") from None
    return [("seat_request_closed", {**closed, "outcome": "approved"}), *seated]


def expire_seat_request_events(model: TableModel, request_id: int) -> list[Event]:
    """The asker of a seat request left (or the table restarted): the request expires;
    nothing when it is no longer waiting."""
    if request_id not in model.hosting.seat_requests:
        return []
    return [("seat_request_closed", {"request_id": request_id, "outcome": "expired", "by": None})]


def seat_approval_events(model: TableModel, seat: int | None, *, value: bool) -> list[Event]:
    """The host turns seat approval on or off (requests already waiting stay waiting).

    Raises:
        ClientError: ``spectator``, ``not_host``.
    """
    host = require_host(model, seat)
    if model.settings.seat_approval == value:
        return []
    return [("seat_approval_set", {"value": value, "by": host})]


def check_open_seating(model: TableModel) -> None:
    """A seat may be taken without asking (``POST .../seats``).

    Raises:
        ClientError: ``approval_required`` (403) at a table with seat approval and a host.
    """
    if approval_on(model):
        raise ClientError(
            "approval_required",
            "the host approves new players at this table: ask for a seat from the table "
            "page (websocket request_seat)",
            status=403,
        )


def seat_request_message(request: SeatRequest) -> dict[str, Any]:
    """``seat_request`` for the host (``docs/protocol.md`` §4.2)."""
    return {
        "type": "seat_request",
        "request_id": request.request_id,
        "name": request.name,
        "seat": request.seat,
    }


def pending_seat_request_messages(model: TableModel) -> list[dict[str, Any]]:
    """A ``seat_request`` per waiting request, oldest first (for a host that (re)joins or
    takes the role over)."""
    return [seat_request_message(r) for _, r in sorted(model.hosting.seat_requests.items())]


# ====================================================================== removing a player
def remove_player_events(model: TableModel, seat: int | None, *, target: int) -> list[Event]:
    """The host removes the player at ``target``: ``player_removed``, then at once (when the
    seat is not dealt into the running hand) the events of its leaving with its chips; a seat
    playing the running hand leaves when it ends (:func:`after_hand_events`).

    Raises:
        ClientError: ``spectator``, ``not_host``, ``empty_seat`` (nobody sits there),
            ``own_seat`` (the host leaves with ``leave_seat`` instead).
    """
    host = require_host(model, seat)
    record = model.seats[target] if 0 <= target < len(model.seats) else None
    if record is None:
        raise ClientError("empty_seat", f"nobody sits at seat {target}")
    if target == host:
        raise ClientError("own_seat", "the host cannot remove itself; use leave_seat")
    if record.removed:
        return []
    removed: Event = ("player_removed", {"seat": target, "by": host})
    if model.in_hand and target in model.dealt_in:
        return [removed]
    return [removed, *_removal_leave_events(model, target)]


def _removal_leave_events(model: TableModel, seat: int) -> list[Event]:
    """:func:`~anaconda_poker.server.table_commands.leave_events` of a removed seat, its
    ``seat_left`` marked ``removed``."""
    return [
        (kind, {**payload, "removed": True}) if kind == "seat_left" else (kind, payload)
        for kind, payload in leave_events(model, seat)
    ]


def after_hand_events(model: TableModel, players: tuple[int, ...]) -> list[Event]:
    """Apply and return what waited for the hand's end (called right after
    ``hand_finished``, in the same commit): players the host removed during the hand leave
    with their chips, and the house rules chosen during it take effect (``game_changed``).

    Args:
        players: the seats dealt into the hand that ended.
    """
    events: list[Event] = []
    for seat in players:
        record = model.seats[seat]
        if record is not None and record.removed:
            leaving = _removal_leave_events(model, seat)
            apply_all(model, leaving)
            events += leaving
    waiting = next_config_events(model)
    apply_all(model, waiting)
    return events + waiting


def next_config_events(model: TableModel) -> list[Event]:
    """``game_changed`` of house rules waiting for the next hand (when a hand ends, and
    before a deal); nothing when none wait or a hand runs."""
    config = model.hosting.next_config
    if config is None or model.in_hand:
        return []
    return [("game_changed", {"config": config.to_dict(), "by": model.host_seat})]


# ====================================================================== stacks and rules
def adjust_stack_events(
    model: TableModel, seat: int | None, *, target: int, stack: int, busy: bool
) -> list[Event]:
    """The host sets the stack of ``target`` to ``stack`` chips between hands.

    Args:
        busy: a deal is under way (:func:`dealing`).

    Raises:
        ClientError: ``spectator``, ``not_host``, ``hand_running`` (stacks are adjusted
            between hands only), ``empty_seat``, ``leaving`` (the seat leaves the table).
    """
    host = require_host(model, seat)
    if busy:
        raise ClientError("hand_running", "stacks are adjusted between hands; wait for its end")
    record = model.seats[target] if 0 <= target < len(model.seats) else None
    if record is None:
        raise ClientError("empty_seat", f"nobody sits at seat {target}")
    if record.leaving or record.removed:
        raise ClientError("leaving", f"seat {target} is leaving the table")
    if stack == record.stack:
        return []
    change = stack - record.stack
    return [("stack_adjusted", {"seat": target, "stack": stack, "change": change, "by": host})]


def change_game_events(
    model: TableModel, seat: int | None, *, changes: dict[str, Any], busy: bool
) -> list[Event]:
    """The host changes house rules (any option of ``POST /api/tables`` ``config``; the
    others stay as the next hand would have them: a change already waiting for the hand's
    end, else the table's rules, so two changes sent during one hand add up). A
    ``small_bet`` given without ``big_bet`` makes the big bet twice the new small bet
    (RULES.md §4). Between hands the change is made at once (``game_changed``); during a
    deal it waits for the hand's end (``game_change_requested``; rules equal to the table's
    withdraw a waiting change).

    Args:
        changes: option name -> value, as in table creation.
        busy: a deal is under way (:func:`dealing`).

    Raises:
        ClientError: ``spectator``, ``not_host``, ``invalid_config`` naming the option
            (``field``: ``config.<option>``) that is unknown, out of its bounds, or does not
            work with the others (``config.cards_dealt`` when the table has more seats than
            one deck deals to; ``config.small_bet``, ``config.big_bet`` or ``config.ante``
            when the table's starting stack cannot play them, :func:`check_stakes_fit`).
    """
    host = require_host(model, seat)
    current = model.settings.config
    waiting = model.hosting.next_config
    # merged onto the waiting change: an API client's {"ante": 7} then {"small_bet": 4}
    # during a hand kept only the second (review), and its stakes check saw other antes
    data = {**(current if waiting is None else waiting).to_dict(), **changes}
    if "small_bet" in changes and "big_bet" not in changes:
        data["big_bet"] = BIG_BET_DEFAULT
    seats = model.settings.max_seats
    try:
        config = house_rules(data, seats=seats, starting_stack=model.settings.starting_stack)
    except ClientError as error:
        if error.field == "seats":
            cards = int(data["cards_dealt"])  # a valid count: only the seats were refused
            raise ClientError(
                "invalid_config",
                f"cards_dealt: {cards} cards each deal to at most {DECK_SIZE // cards} "
                f"players from one deck; this table has {seats} seats",
                field="config.cards_dealt",
            ) from None
        raise
    if busy:
        if config == (waiting if waiting is not None else current):
            return []
        return [("game_change_requested", {"config": config.to_dict(), "by": host})]
    if config == current and waiting is None:
        return []
    return [("game_changed", {"config": config.to_dict(), "by": host})]


__all__ = [
    "MAX_SEAT_REQUESTS",
    "adjust_stack_events",
    "after_hand_events",
    "answer_seat_events",
    "approval_on",
    "change_game_events",
    "check_open_seating",
    "check_stakes_fit",
    "dealing",
    "expire_seat_request_events",
    "house_rules",
    "next_config_events",
    "pending_seat_request_messages",
    "remove_player_events",
    "seat_approval_events",
    "seat_request_events",
    "seat_request_message",
]
