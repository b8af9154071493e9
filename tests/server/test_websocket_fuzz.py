"""Hypothesis-driven fuzzer of the websocket protocol (issue 17, "make it stay fixed").

Each example is a *program*: a list of steps, each sent by one of four sockets at a fresh
table (default rules, 9 cards, dealer's choice or declare) on a real loopback server: the
host's seat (two sockets with the same token), a guest
seat and a spectator, with a random bot at the table. A step is a legal action read from the
socket's latest ``state`` (so hands progress), a replay of an old action or of another
socket's turn id, any client message type with valid or random fields (chat text, rebuy
amounts, request ids, game types, a second ``hello``, host commands from anyone, leaving the
seat), a random JSON object or value, text that is not JSON, a binary frame, JSON nested
thousands deep, or a frame over the size limit (the server closes with 1009 and the socket
reconnects with its ``hello``). After the steps the seats play the running hand out.

Checked, on every example (the fixed budget below, derandomized, runs in CI):

- nothing is logged at ERROR by the server (no traceback, no failed table);
- every ``error`` frame carries a code documented in docs/protocol.md §8;
- every message the protocol refuses on reading it (bad JSON, unknown type or field, wrong
  type, a second ``hello``) is answered, in order, by exactly that error;
- a message the table refuses (its handler answers an error) leaves the table exactly as it
  was (:func:`server_helpers.table_snapshot`: event number, TableInfo, ledger, every view;
  and the chat),
  and chips are conserved after every command and timer (stacks and pots = buy-ins);
- the leak oracle (``leak_oracle.py``, RULES.md §7) checks every frame every socket got
  against the stored histories of the hands they belong to.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from leak_oracle import LeakChecker
from server_helpers import (
    LiveServer,
    ServerThread,
    choose_from_legal,
    seeded_policies,
    table_snapshot,
)
from test_error_codes import documented_codes
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.presence import SEAT_REVOKED
from anaconda_poker.server.protocol import MAX_MESSAGE_BYTES, Hello, parse_client_message
from anaconda_poker.server.settings import ServerSettings
from anaconda_poker.server.table import Table

pytestmark = pytest.mark.xdist_group("websocket_fuzz")  # one worker: one server, one tally

PROGRAMS = 40
"""Programs per CI run (about 20 s on an idle core)."""
MAX_STEPS = 30
"""Most steps in one program."""

SOCKETS = ("host", "host again", "guest", "spectator")
TYPES = (
    "hello",
    "action",
    "chat",
    "sync",
    "ping",
    "sit_out",
    "sit_in",
    "leave_seat",
    "rebuy",
    "choose_game",
    "pause",
    "resume",
    "next_hand",
    "approve_rebuy",
    "deny_rebuy",
)
FIELDS = ("type", "turn", "action", "text", "amount", "request_id", "split", "token", "table_id")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)
action_bodies = st.fixed_dictionaries(
    {"action": st.sampled_from(["fold", "check", "call", "bet", "raise", "pass", "arrange", "x"])},
    optional={
        "to": st.integers(-5, 10**12) | st.text(max_size=3),
        "cards": st.lists(st.sampled_from(["As", "2c", "Td", "9h", "Kx", "", "AsAs"]), max_size=10),
        "all_in": st.booleans(),
        "direction": st.sampled_from(["high", "low", "swing", "both", "none"]),
    },
)
messages = st.one_of(
    st.just({"step": "play"}),
    st.just({"step": "play"}),
    st.just({"step": "play"}),
    st.just({"step": "replay"}),
    st.builds(
        lambda i, body: {"step": "seen_turn", "index": i, "body": body},
        st.integers(0, 99),
        action_bodies,
    ),
    st.builds(lambda t: {"send": {"type": t}}, st.sampled_from((*TYPES, "nope", ""))),
    st.builds(lambda t: {"send": {"type": "chat", "text": t}}, st.text(max_size=300)),
    st.builds(lambda a: {"send": {"type": "rebuy", "amount": a}}, st.integers(-5, 10**10)),
    st.builds(
        lambda kind, i: {"send": {"type": kind, "request_id": i}},
        st.sampled_from(["approve_rebuy", "deny_rebuy"]),
        st.integers(-1, 6),
    ),
    st.builds(
        lambda s: {"send": {"type": "choose_game", "split": s}},
        st.sampled_from(["high_only", "high_low_8", "high_low_any", "declare", "bogus"]),
    ),
    st.builds(
        lambda turn, body: {"send": {"type": "action", "turn": turn, "action": body}},
        st.text(max_size=8),
        action_bodies,
    ),
    st.builds(
        lambda body: {"send": {"type": "hello", **body}},
        st.dictionaries(st.sampled_from(["token", "table_id", "spectate", "x"]), json_values),
    ),
    st.builds(
        lambda t, body: {"send": {"type": t, **body}},
        st.sampled_from(TYPES),
        st.dictionaries(st.sampled_from(FIELDS[1:]) | st.text(max_size=5), json_values, max_size=4),
    ),
    st.builds(lambda value: {"send": value}, json_values),
    st.builds(lambda text: {"raw": text}, st.text(max_size=40)),
    st.builds(lambda data: {"raw": data}, st.binary(max_size=20)),
    st.builds(lambda depth: {"raw": "[" * depth + "]" * depth}, st.integers(500, 2000)),
    st.just({"step": "oversize"}),
)
TABLES = (
    {},
    {"config": {"cards_dealt": 9}},
    {"config": {"pass_directions": ["left", "right", "left"]}, "dealers_choice": True},
    {"config": {"declare": "declare", "swing": "strict"}},
)
"""The table of a program: the defaults, 9 cards, dealer's choice, declare (RULES.md §6)."""
steps_of_programs = st.lists(
    st.tuples(st.integers(0, len(SOCKETS) - 1), messages), max_size=MAX_STEPS
)


def direct_answer(payload: str | bytes) -> str | None:
    """The error code the server answers on reading ``payload`` (before any table sees it),
    or ``None`` when it is passed on to the table."""
    try:
        parsed = parse_client_message(payload)
    except ClientError as error:
        return error.code
    return "already_joined" if isinstance(parsed, Hello) else None


class ErrorLog(logging.Handler):
    """Collects what the server logs at ERROR or above (the server runs in this process)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(f"{record.name}: {record.getMessage()}")


@dataclass
class Socket:
    """One fuzzing client and what it received."""

    name: str
    hello: dict[str, Any]
    seat: int | None
    ws: ClientConnection | None = None
    reader: asyncio.Task[None] | None = None
    latest_state: dict[str, Any] | None = None
    expected: list[str] = field(default_factory=list)  # direct answers due, in order
    answered: list[str] = field(default_factory=list)  # direct answers received
    sent_actions: list[str] = field(default_factory=list)
    pong: asyncio.Event = field(default_factory=asyncio.Event)
    dead: bool = False  # its token stopped working (it left the seat, then reconnected)
    revoked: bool = False  # got seat_left: the server closes it with 4001


@dataclass
class Program:
    """The sockets of one program and the checks collected while it runs."""

    live: LiveServer
    table: Table
    checker: LeakChecker
    sockets: list[Socket]
    problems: list[str]
    turns_seen: list[str] = field(default_factory=list)
    documented: set[str] = field(default_factory=documented_codes)

    async def connect(self, sock: Socket) -> None:
        sock.ws = await connect(self.live.ws, max_size=2**24, max_queue=None)
        sock.expected.clear()
        sock.answered.clear()
        sock.revoked = False
        await sock.ws.send(json.dumps({"type": "hello", **sock.hello}))
        first = json.loads(await asyncio.wait_for(sock.ws.recv(), 5))
        if first["type"] == "error":  # a token that left its seat no longer joins
            assert first["code"] == "bad_token", first
            sock.dead = True
            await sock.ws.close()
            return
        assert first["type"] == "welcome", first
        sock.seat = first["seat"]
        sock.reader = asyncio.create_task(self.read(sock))

    async def read(self, sock: Socket) -> None:
        assert sock.ws is not None
        with contextlib.suppress(ConnectionClosed):
            async for raw in sock.ws:
                assert isinstance(raw, str)
                frame = json.loads(raw)
                self.checker.add(self.table.table_id, sock.seat, raw, frame)
                kind = frame["type"]
                if kind == "error":
                    if frame["code"] not in self.documented:
                        self.problems.append(f"{sock.name} got undocumented {frame}")
                    if frame["ref"] in (None, "hello") and frame["code"] != "rate_limited":
                        sock.answered.append(frame["code"])
                elif kind == "state":
                    sock.latest_state = frame
                    if frame.get("turn"):
                        self.turns_seen.append(frame["turn"])
                elif kind == "pong":
                    sock.pong.set()
                elif kind == "seat_left" and frame["seat"] == sock.seat:
                    sock.revoked = True  # closed with 4001 next (docs/protocol.md §4)
                    sock.seat = None  # no later frame may show the seat's cards

    async def barrier(self, sock: Socket) -> None:
        """Wait until every direct answer to what ``sock`` sent has arrived (``pong`` is
        queued behind them), then compare them with the expected ones."""
        if sock.dead or sock.ws is None:
            return
        sock.pong.clear()
        assert sock.reader is not None
        with contextlib.suppress(ConnectionClosed):
            await sock.ws.send('{"type": "ping"}')
            pong = asyncio.create_task(sock.pong.wait())
            await asyncio.wait([pong, sock.reader], timeout=10, return_when=asyncio.FIRST_COMPLETED)
            pong.cancel()
        if sock.reader.done() and sock.revoked:
            return  # its seat was freed and the socket closed: answers in flight are lost
        if sock.answered != sock.expected:
            self.problems.append(
                f"{sock.name}: direct answers {sock.answered}, expected {sock.expected}"
            )

    async def send(self, sock: Socket, payload: str | bytes) -> None:
        assert sock.ws is not None
        expected = direct_answer(payload)
        try:
            await sock.ws.send(payload)
        except ConnectionClosed:
            return  # closed meanwhile (its seat was freed): reconnects at its next step
        if expected is not None:
            sock.expected.append(expected)

    async def step(self, sock: Socket, spec: dict[str, Any], rng: random.Random) -> None:
        if sock.dead:
            return
        if sock.ws is None or sock.reader is None or sock.reader.done():
            await self.connect(sock)  # closed by an oversized frame
            if sock.dead:
                return
        kind = spec.get("step")
        if kind == "play":
            state = sock.latest_state
            you = (state or {}).get("view") or {}
            you = you.get("you") if isinstance(you, dict) else None
            if state and state.get("turn") and you and (you.get("legal") or {}).get("kinds"):
                action = choose_from_legal(you["legal"], rng, passive=True)
                text = json.dumps({"type": "action", "turn": state["turn"], "action": action})
                sock.sent_actions.append(text)
                await self.send(sock, text)
        elif kind == "replay":
            if sock.sent_actions:
                await self.send(sock, rng.choice(sock.sent_actions))
        elif kind == "seen_turn":
            if self.turns_seen:
                turn = self.turns_seen[spec["index"] % len(self.turns_seen)]
                message = {"type": "action", "turn": turn, "action": spec["body"]}
                await self.send(sock, json.dumps(message))
        elif kind == "oversize":
            await self.barrier(sock)
            assert sock.ws is not None and sock.reader is not None
            with contextlib.suppress(ConnectionClosed):
                await sock.ws.send(json.dumps({"type": "chat", "text": "x" * MAX_MESSAGE_BYTES}))
            await asyncio.wait_for(sock.reader, 10)  # the server closes the socket
            code = sock.ws.close_code
            if code != 1009 and not (code == SEAT_REVOKED and sock.revoked):
                self.problems.append(f"an oversized frame closed with {code}")
        elif "raw" in spec:
            await self.send(sock, spec["raw"])
        else:
            await self.send(sock, json.dumps(spec["send"]))

    async def play_out(self, rng: random.Random, seconds: float = 3.0) -> None:
        """Let the seats play the running hand to its end (resuming a paused table)."""
        start = self.table.hand_no
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while self.table.in_hand and self.table.hand_no == start and loop.time() < deadline:
            for sock in self.sockets:
                if self.table.paused and sock.name == "host":
                    await self.step(sock, {"send": {"type": "resume"}}, rng)
                await self.step(sock, {"step": "play"}, rng)
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        for sock in self.sockets:
            if sock.ws is not None:
                await sock.ws.close()
            if sock.reader is not None:
                await asyncio.wait_for(sock.reader, 10)


def instrument(table: Table, problems: list[str]) -> None:
    """Check, inside the table's actor, that a refused command changes nothing and that
    chips are conserved after every command and timer."""
    handle, on_tick, send_error = table._handle, table._on_tick, table._error
    refused: list[str] = []

    def error(conn: Any, err: ClientError, ref: str | None) -> None:
        refused.append(err.code)
        send_error(conn, err, ref)

    def conserved(what: str) -> None:
        if table.chip_total() != table.bought_in_total():
            problems.append(
                f"after {what}: {table.chip_total()} chips, {table.bought_in_total()} bought in"
            )

    def snapshot() -> str:
        return table_snapshot(table) + json.dumps(list(table.chat))

    async def checked_handle(command: Any) -> None:
        refused.clear()
        before = snapshot()
        await handle(command)
        after = snapshot()
        if refused and after != before:
            at = next(i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b)
            problems.append(
                f"{command.kind} {command.args} refused {refused} changed the table: "
                f"...{before[at - 80 : at + 80]}... became ...{after[at - 80 : at + 80]}..."
            )
        conserved(command.kind)

    async def checked_tick() -> None:
        await on_tick()
        conserved("a timer")

    table._handle = checked_handle  # type: ignore[method-assign]
    table._on_tick = checked_tick  # type: ignore[method-assign]
    table._error = error  # type: ignore[method-assign]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    folder: Path = tmp_path_factory.mktemp("wsfuzz")
    static = folder / "static"
    static.mkdir()
    (static / "index.html").write_text("<!doctype html><title>test</title>", encoding="utf-8")
    settings = ServerSettings(
        database_url=f"sqlite:///{folder / 'poker.sqlite3'}",
        static_dir=static,
        create_default_lobby=False,
        between_hands=0.0,
        policy_factory=seeded_policies(),
        rate_limit=(1000.0, 1000.0),  # the fuzzer sends fast; rate limits have their tests
        create_rate_limit=None,
    )
    thread = ServerThread(settings)
    thread.start()
    yield thread
    thread.close()
    # the leak oracle had real work: frames of finished hands
    assert sum(CARD_FRAMES) > 100, CARD_FRAMES


async def run_program(
    live: LiveServer, options: dict[str, Any], steps: list[tuple[int, dict[str, Any]]]
) -> list[str]:
    """Run one program at a fresh table with ``options``; the problems found (empty: all
    checks passed)."""
    rng = random.Random(len(steps))
    async with httpx.AsyncClient(base_url=live.http) as http:
        response = await http.post(
            "/api/tables",
            json={
                "name": "Fuzz",
                "host_name": "Host",
                "seats": 4,
                "bots": [{"seat": 2, "level": "random"}],
                "action_timer": None,
                "bot_pause": 0,
                **options,
            },
        )
        created = response.json()
        table_id = created["table"]["table_id"]
        guest = (await http.post(f"/api/tables/{table_id}/seats", json={"name": "Guest"})).json()
    table = live.lobby.table(table_id)
    problems: list[str] = []
    instrument(table, problems)
    sockets = [
        Socket("host", {"token": created["token"]}, 0),
        Socket("host again", {"token": created["token"]}, 0),
        Socket("guest", {"token": guest["token"]}, guest["seat"]),
        Socket("spectator", {"table_id": table_id, "spectate": True}, None),
    ]
    program = Program(live, table, LeakChecker(live.lobby), sockets, problems)
    for sock in sockets:
        await program.connect(sock)
    try:
        for index, spec in steps:
            await program.step(sockets[index], spec, rng)
        await program.play_out(rng)
        for sock in sockets:
            await program.barrier(sock)
    finally:
        await program.close()
    await asyncio.to_thread(program.checker.flush, final=True)
    CARD_FRAMES.append(program.checker.card_frames)
    return problems


CARD_FRAMES: list[int] = []
"""Frames the leak oracle checked against a finished hand, per program."""


@given(options=st.sampled_from(TABLES), steps=steps_of_programs)
@settings(
    max_examples=PROGRAMS,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_websocket_fuzz(
    server: ServerThread, options: dict[str, Any], steps: list[tuple[int, dict[str, Any]]]
) -> None:
    errors = ErrorLog()
    loggers = [logging.getLogger(), logging.getLogger("uvicorn")]
    for logger in loggers:
        logger.addHandler(errors)
    try:
        assert server.live is not None
        problems = server.run(run_program(server.live, options, steps), timeout=120)
    finally:
        for logger in loggers:
            logger.removeHandler(errors)
    assert not errors.records, f"the server logged errors: {errors.records}"
    assert not problems, problems
