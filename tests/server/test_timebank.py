"""The time bank refills every N hands, capped (issue 12 §3, ``server/timebank.py``)."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass

import httpx
from server_helpers import LiveServer, create_table, play_over_websocket, ws_client

from anaconda_poker.server.timebank import refill_time_banks


@dataclass
class _Rec:
    bot: str | None
    time_bank: float


def test_refill_every_n_hands_capped_people_only() -> None:
    ana, bot, bo = _Rec(None, 10.0), _Rec("heuristic", 0.0), _Rec(None, 58.0)
    seats = [ana, None, bot, bo]
    for hand_no in (1, 2, 3, 5, 7):  # not multiples of 4 (hand 1 never: banks start full)
        refill_time_banks(seats, hand_no=hand_no, refill=5, every=4, cap=60)
    assert (ana.time_bank, bot.time_bank, bo.time_bank) == (10.0, 0.0, 58.0)
    refill_time_banks(seats, hand_no=8, refill=5, every=4, cap=60)
    assert (ana.time_bank, bot.time_bank, bo.time_bank) == (15.0, 0.0, 60.0)
    refill_time_banks(seats, hand_no=8, refill=0, every=4, cap=60)
    assert ana.time_bank == 15.0


async def test_a_spent_bank_is_refilled_when_the_next_hand_starts(
    live_server: LiveServer,
) -> None:
    created = await create_table(
        live_server,
        seats=2,
        bots=[{"seat": 1, "level": "calling-station"}],
        action_timer=1,
        time_bank=30,
        time_bank_refill=4,
        time_bank_refill_hands=1,
        auto_start=False,
    )
    info = created["table"]
    assert (info["time_bank_refill"], info["time_bank_refill_hands"]) == (4, 1)
    table = live_server.lobby.table(info["table_id"])
    host = await ws_client(live_server, {"token": created["token"]})
    await host.send({"type": "next_hand"})
    # our first decision: let 1.6 s of the bank go (the timer is 1 s), then play on
    first = await host.until(
        lambda f: f["type"] == "state" and f["view"] is not None and 0 in f["view"]["to_act"],
        timeout=10,
    )
    await asyncio.sleep(2.6)
    kinds = first["view"]["you"]["legal"]["kinds"]
    action = (
        {"action": "pass", "cards": first["view"]["you"]["hand"][: first["view"]["pass_count"]]}
        if "pass" in kinds
        else {"action": "check" if "check" in kinds else "call"}
    )
    await host.send({"type": "action", "turn": first["turn"], "action": action})
    await asyncio.wait_for(
        play_over_websocket(host, random.Random(2), until=lambda: table.stats.hands_finished >= 1),
        timeout=60,
    )
    spent = table.public_info()["seats"][0]["time_bank"]
    assert spent < 29.5
    await host.send({"type": "next_hand"})
    await host.until(lambda f: f["type"] == "hand_started" and f["hand_no"] == 2, timeout=10)
    assert table.public_info()["seats"][0]["time_bank"] == min(30, spent + 4)
    await host.close()
    async with httpx.AsyncClient(base_url=live_server.http) as http:
        bad = await http.post(
            "/api/tables",
            json={"name": "T", "host_name": "Ana", "time_bank_refill_hands": 0},
        )
    assert bad.status_code == 400 and "time_bank_refill_hands" in bad.text
