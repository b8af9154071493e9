"""Issue 16 §2: a server bot seat keeps its bot across hands and, after each hand, the bot is
told the final view of its own seat (results and shown cards, never another seat's hidden
cards)."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import LiveServer, create_table, running_server, ws_client

from anaconda_poker.bots.protocol import View
from anaconda_poker.core.actions import Action
from anaconda_poker.core.state import LegalActions
from anaconda_poker.server.bot_seats import BotPolicy, SeatPolicy
from anaconda_poker.server.settings import ServerSettings


class Remembering:
    """A calling station that keeps every final view it is told."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.views: list[dict[str, Any]] = []

    def act(self, view: View, legal: LegalActions) -> Action:
        action: Action = self.inner.act(view, legal)
        return action

    def observe_result(self, view: View) -> None:
        self.views.append(dict(view))


policies: list[BotPolicy] = []

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def _cards(value: object) -> list[str]:
    """Every card string anywhere in a JSON-like value."""
    if isinstance(value, str):
        return [value] if CARD.match(value) else []
    if isinstance(value, dict):
        return [c for v in value.values() for c in _cards(v)]
    if isinstance(value, list | tuple):
        return [c for v in value for c in _cards(v)]
    return []


def factory(level: str) -> SeatPolicy:
    policy = BotPolicy(level, random.Random(len(policies)))
    policies.append(policy)
    return policy


@pytest.fixture
async def server(db_url: str, tmp_path: Path) -> AsyncIterator[LiveServer]:
    policies.clear()
    settings = ServerSettings(
        database_url=db_url,
        static_dir=tmp_path,
        create_default_lobby=False,
        between_hands=0.0,
        policy_factory=factory,
    )
    async with running_server(settings) as live:
        yield live


async def test_bot_seats_remember_every_hand_of_their_own_seat(server: LiveServer) -> None:
    created = await create_table(
        server,
        seats=3,
        host_plays=False,
        bot_pause=0.0,
        bots=[{"seat": s, "level": "beginner"} for s in (1, 2)],
    )
    table = server.lobby.table(created["table"]["table_id"])
    remembering: dict[int, Remembering] = {}

    def wrap() -> None:  # every policy's bot, as soon as it is built, is a Remembering one
        for seat, policy in table.policies.items():
            assert isinstance(policy, BotPolicy)
            for config, bot in list(policy._bots.items()):
                if not isinstance(bot, Remembering):
                    policy._bots[config] = remembering.setdefault(seat, Remembering(bot))

    watcher = await ws_client(server, {"table_id": table.table_id, "spectate": True})
    await watcher.until(lambda f: f["type"] == "state")
    for _ in range(2000):
        wrap()
        if table.stats.hands_finished >= 4 and len(remembering) == 2:
            break
        await asyncio.sleep(0.005)
    finished = table.stats.hands_finished
    assert finished >= 4
    store = server.lobby.store
    assert store is not None
    for seat, bot in remembering.items():
        assert bot.views, f"seat {seat} was told nothing"
        for view in bot.views:
            assert view["phase"] == "complete" and view["you"]["seat"] == seat
            assert view["result"] is not None
        # the same bot object heard several hands: memory across hands
        assert len(bot.views) >= 2
    # nothing but its own cards and the cards shown at the showdown
    for bot in remembering.values():
        for view in bot.views:
            you = view["you"]
            own = set(you["hand"]) | set(you["hidden"]) | set(you["dead"])
            for p in you["passes"]:
                own |= set(p["passed"]) | set(p["received"])
            shown = {c for cards in view["result"]["revealed"].values() for c in cards}
            assert set(_cards(view)) <= own | shown
    await watcher.close()
