"""Table options out of bounds are refused over REST with 400 and the field named (issue 17
item 7): the bounds of ``core.config`` for house rules and seats, the request schema's for
stacks and timers. Nothing is created by a refused request; a table at every upper bound is."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from server_helpers import LiveServer

from anaconda_poker.core.config import MAX_AMOUNT, MAX_CHIPS, MAX_RAISE_CAP
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.protocol import parse_client_message

FIVE_PASSES = {"pass_counts": [3, 2, 1, 1, 1], "pass_directions": ["left"] * 5}

CASES: list[tuple[dict[str, Any], str, str, str]] = [
    # (body fields, code, field, words in the message)
    ({"config": {"ante": 2**80}}, "invalid_config", "config.ante", f"0 to {MAX_CHIPS} chips"),
    (
        {"config": {"pass_counts": [1] * 60, "pass_directions": ["left"] * 60}},
        "invalid_config",
        "config.pass_counts",
        "got 60 passes",
    ),
    ({"config": {"pass_counts": [7, 1, 1]}}, "invalid_config", "config.pass_counts", "1 to 6"),
    ({"config": {"small_bet": 0}}, "invalid_config", "config.small_bet", "1 to"),
    ({"config": {"big_bet": MAX_CHIPS + 1}}, "invalid_config", "config.big_bet", "at most"),
    ({"config": {"raise_cap": MAX_RAISE_CAP + 1}}, "invalid_config", "config.raise_cap", "null"),
    ({"config": {"cards_dealt": 8}}, "invalid_config", "config.cards_dealt", "7 or 9"),
    ({"config": {"split": "lowball"}}, "invalid_config", "config.split", "high_only"),
    # not a list at all: the field is named too (it used to come without a field)
    ({"config": {"pass_counts": "3,2,1"}}, "invalid_config", "config.pass_counts", "a list"),
    ({"config": {"pass_counts": None}}, "invalid_config", "config.pass_counts", "a list"),
    ({"config": {"pass_directions": "left"}}, "invalid_config", "config.pass_directions", "list"),
    ({"config": {"jokers": 2}}, "invalid_config", "config.jokers", "unknown table option"),
    ({"seats": 8}, "invalid_config", "seats", "2..7 with 7 cards dealt"),
    ({"seats": 11}, "bad_request", "seats", "less than or equal to 10"),
    ({"starting_stack": MAX_CHIPS + 1}, "bad_request", "starting_stack", str(MAX_CHIPS)),
    ({"starting_stack": 0}, "bad_request", "starting_stack", "greater than or equal to 1"),
    ({"action_timer": 3601}, "bad_request", "action_timer", "3600"),
    ({"time_bank": -1}, "bad_request", "time_bank", "0"),
    ({"bot_pause": 31}, "bad_request", "bot_pause", "30"),
    (
        {"bots": [{"seat": 1, "level": "heuristic"}, {"seat": 1, "level": "random"}]},
        "invalid_config",
        "bots",
        "same seat",
    ),
    ({"host_seat": 5, "seats": 3}, "invalid_config", "host_seat", "not a free seat"),
]


async def _refused(live_server: LiveServer, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` to ``/api/tables``; check it is refused with 400 and no table is made
    (none in the lobby, none listed); return the ``error`` object."""
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        response = await http.post("/api/tables", json=body)
        assert response.status_code == 400, response.text
        assert live_server.lobby.tables == {}
        assert (await http.get("/api/tables")).json()["tables"] == []
    error: dict[str, Any] = response.json()["error"]
    return error


@pytest.mark.parametrize(("extra", "code", "field", "words"), CASES)
async def test_an_option_out_of_bounds_is_refused_naming_the_field(
    live_server: LiveServer, extra: dict[str, Any], code: str, field: str, words: str
) -> None:
    error = await _refused(live_server, {"name": "T", "host_name": "Ana", **extra})
    assert (error["code"], error["field"]) == (code, field), error
    assert words in error["message"], error


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
async def test_timers_that_are_not_numbers_are_refused(
    live_server: LiveServer, number: str
) -> None:
    raw = f'{{"name": "T", "host_name": "Ana", "action_timer": {number}}}'
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        response = await http.post(
            "/api/tables", content=raw, headers={"Content-Type": "application/json"}
        )
    assert response.status_code == 400, response.text
    assert response.json()["error"]["field"] == "action_timer"
    assert live_server.lobby.tables == {}


STAKES_OVER_THE_STACK: list[tuple[dict[str, Any], str, str]] = [
    # (body fields, field, the whole message): a starting stack must pay the forced bet and
    # still make one bet, or every hand is all-in at the first bet (review: a small bet of
    # 100,000 at 200-chip stacks was accepted without a word)
    (
        # the big bet given: a big bet that follows the small bet is named below
        {"config": {"small_bet": 100_000, "big_bet": 100_000, "ante": 0}, "starting_stack": 200},
        "config.small_bet",
        "the small bet (100,000) is more than the starting stack (200); it must be at most 200",
    ),
    (
        {"config": {"small_bet": 100_000}, "starting_stack": 200},
        "config.small_bet",
        "the big bet (200,000, twice the small bet) is more than the starting stack (200); "
        "the small bet must be at most 100",
    ),
    (
        {"config": {"small_bet": 300, "betting": "no_limit"}},
        "config.small_bet",
        "the minimum bet (300) and the ante (1) come to 301, more than the starting stack "
        "(200); it must be at most 199",
    ),
    (
        {"config": {"small_bet": 150}},
        "config.small_bet",
        "the big bet (300, twice the small bet) is more than the starting stack (200); "
        "the small bet must be at most 100",
    ),
    (
        {"config": {"small_bet": 5, "big_bet": 250}},
        "config.big_bet",
        "the big bet (250) is more than the starting stack (200); it must be at most 200",
    ),
    (
        {"config": {"ante": 199}},
        "config.ante",
        "the ante (199) and one small bet (2) come to 201, more than the starting stack "
        "(200); the ante must be at most 198",
    ),
    (
        {"config": {"ante": 30, "forced_bet": "dealer_ante"}, "seats": 7},
        "config.ante",
        "the dealer's antes for each of up to 7 players (30 × 7) and one small bet (2) "
        "come to 212, more than the starting stack (200); the ante must be at most 28",
    ),
    (
        {"starting_stack": 3},
        "config.small_bet",
        "the big bet (4, twice the small bet) is more than the starting stack (3); "
        "the small bet must be at most 1",
    ),
]


@pytest.mark.parametrize(("extra", "field", "message"), STAKES_OVER_THE_STACK)
async def test_stakes_the_starting_stack_cannot_play_are_refused(
    live_server: LiveServer, extra: dict[str, Any], field: str, message: str
) -> None:
    error = await _refused(live_server, {"name": "T", "host_name": "Ana", **extra})
    assert (error["code"], error["field"], error["message"]) == ("invalid_config", field, message)


@pytest.mark.parametrize(
    "stakes",
    [
        {"ante": 0, "small_bet": 200, "big_bet": 200},  # one bet is the whole stack
        {"ante": 1, "small_bet": 199, "big_bet": 200},
        {"ante": 198, "small_bet": 2, "big_bet": 4},
        {"ante": 1, "small_bet": 199, "big_bet": 398, "betting": "pot_limit"},  # no big bet
        {"ante": 33, "small_bet": 2, "forced_bet": "dealer_ante"},  # 6 seats: 198 + 2
    ],
)
async def test_stakes_up_to_the_starting_stack_are_accepted(
    live_server: LiveServer, stakes: dict[str, Any]
) -> None:
    body = {"name": "T", "host_name": "Ana", "starting_stack": 200, "config": stakes}
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        response = await http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    config = response.json()["table"]["config"]
    assert {k: config[k] for k in stakes} == stakes


async def test_a_table_at_every_upper_bound_is_created(live_server: LiveServer) -> None:
    """Every option at its largest; the ante and one small bet must fit in the starting
    stack, so the largest ante goes with the smallest small bet."""
    config = {
        "ante": MAX_CHIPS - 1,
        "small_bet": 1,
        "big_bet": MAX_CHIPS,
        "raise_cap": MAX_RAISE_CAP,
        **FIVE_PASSES,
    }
    body = {
        "name": "Whales",
        "host_name": "Ana",
        "seats": 7,
        "config": config,
        "starting_stack": MAX_CHIPS,
        "action_timer": 3600,
        "time_bank": 36000,
        "bot_pause": 30,
        "auto_start": False,
    }
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        response = await http.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        info = response.json()["table"]
    assert json.dumps(info["config"]) and info["config"]["ante"] == MAX_CHIPS - 1
    assert info["config"]["big_bet"] == MAX_CHIPS
    assert info["config"]["pass_counts"] == FIVE_PASSES["pass_counts"]
    assert len(live_server.lobby.tables) == 1


def test_an_action_may_name_a_stack_grown_past_the_option_limit() -> None:
    """Stacks start at most MAX_CHIPS but grow by winning: a raise to 7 stacks' worth must
    reach the engine (which checks it against the real stack); past 2**53 - 1 a number is no
    longer exact in JavaScript and is refused as malformed, naming the field."""
    grown = 7 * MAX_CHIPS
    message = {"type": "action", "turn": "t1", "action": {"action": "raise", "to": grown}}
    assert parse_client_message(json.dumps(message)).action.to == grown
    message["action"]["to"] = MAX_AMOUNT + 1  # type: ignore[index]
    with pytest.raises(ClientError) as caught:
        parse_client_message(json.dumps(message))
    assert caught.value.code == "bad_message" and "action.to" in caught.value.message
