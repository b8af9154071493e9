"""The client side of the server load benchmark (``server_load.py``) and of the soak test
(``soak.py``): bots that take seats over the REST API and play them over websockets with a
human-like think time and random legal actions, measuring each action's latency from the
send to the ``state`` frame that shows its result."""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect


def choose(legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action; never folds when a check is free (hands last longer)."""
    kinds = sorted(legal["kinds"])
    if "pass" in kinds:
        return {"action": "pass", "cards": rng.sample(legal["cards"], legal["pass_count"])}
    if "arrange" in kinds:
        return {"action": "arrange", "cards": rng.sample(legal["cards"], legal["arrange_count"])}
    if "check" in kinds:
        kinds.remove("fold")
    kind = rng.choice(kinds)
    if kind == "bet":
        return {"action": "bet", "to": rng.randint(*legal["bet_range"])}
    if kind == "raise":
        return {"action": "raise", "to": rng.randint(*legal["raise_range"])}
    return {"action": kind}


@dataclass
class Measure:
    """Latencies (seconds) and counts, recorded only while ``on``."""

    on: bool = False
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    frames: int = 0
    errors: dict[str, int] = field(default_factory=dict)


async def connect_seat(ws_url: str, token: str, ssl_context: Any) -> ClientConnection:
    """A seat's websocket, retried while the table moves to the node the proxy routes it to
    (``table_moving``, close 1012); returns once ``welcome`` came."""
    for _ in range(200):
        ws = await connect(ws_url, max_size=2**22, compression=None, ssl=ssl_context)
        try:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            frame = json.loads(await ws.recv())
            if frame["type"] == "welcome":
                return ws
        except Exception:  # closed: the table is moving
            pass
        await ws.close()
        await asyncio.sleep(0.3)
    raise RuntimeError(f"no welcome from {ws_url}")


async def seat_bot(
    ws: ClientConnection, rng: random.Random, think: float, measure: Measure, stop: asyncio.Event
) -> None:
    """Play one seat: act once per turn after a think time; time each action's broadcast."""
    sent_turn: str | None = None
    sent_at = 0.0
    pending: asyncio.Task[None] | None = None

    async def act(turn: str, legal: dict[str, Any]) -> None:
        nonlocal sent_turn, sent_at
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        if stop.is_set():
            return
        sent_turn, sent_at = turn, time.perf_counter()
        try:
            await ws.send(
                json.dumps({"type": "action", "turn": turn, "action": choose(legal, rng)})
            )
        except Exception:  # the socket closed at the end of the run
            return

    try:
        async for raw in ws:
            if stop.is_set():
                break
            frame = json.loads(raw)
            kind = frame["type"]
            if measure.on:
                measure.frames += 1
            if kind == "error":
                if measure.on:
                    measure.errors[frame["code"]] = measure.errors.get(frame["code"], 0) + 1
                continue
            if kind != "state":
                continue
            if sent_turn is not None and frame["turn"] != sent_turn:
                # the first frame showing the action's result (the turn moved on or the
                # hand ended)
                if measure.on:
                    measure.latencies.append(time.perf_counter() - sent_at)
                    measure.actions += 1
                sent_turn = None
            if frame["turn"] is None:
                continue
            view = frame["view"]
            you = view["you"] if view else None
            if you is None or you["seat"] not in view["to_act"] or not you["legal"]["kinds"]:
                continue
            if sent_turn == frame["turn"] or (pending is not None and not pending.done()):
                continue
            pending = asyncio.create_task(act(frame["turn"], you["legal"]))
    except Exception:  # the socket closed at the end of the run
        pass


async def post_json(
    http: httpx.AsyncClient, path: str, body: dict[str, Any], measure: Measure
) -> dict[str, Any]:
    """POST during the set-up; retried on a 5xx answer: ``503 table_moving`` (the table is
    changing nodes) and, with several nodes on a loaded machine, nginx's own ``502``/``504``
    (a node too slow to answer; counted in ``measure.errors`` as ``setup <status>``)."""
    for _ in range(30):
        response = await http.post(path, json=body)
        if response.status_code < 500:
            break
        if response.status_code != 503:
            key = f"setup {response.status_code}"
            measure.errors[key] = measure.errors.get(key, 0) + 1
        await asyncio.sleep(float(response.headers.get("retry-after", "1")))
    if response.status_code not in (200, 201):
        raise RuntimeError(f"POST {path}: {response.status_code} {response.text[:300]!r}")
    data: dict[str, Any] = response.json()
    return data


async def drive_tables(
    http_url: str,
    ws_url: str,
    first: int,
    tables: int,
    seats: int,
    think: float,
    seconds: float,
    warmup: float,
    ready: Any,
    ca_file: str | None = None,
) -> dict[str, Any]:
    """One client process: create ``tables`` tables, connect their seats, wait for every
    process at ``ready`` (a barrier), warm up, then measure for ``seconds``. With
    ``ca_file`` the URLs are https/wss through a proxy trusted by that CA."""
    import ssl

    context = ssl.create_default_context(cafile=ca_file) if ca_file else None
    measure = Measure()
    stop = asyncio.Event()
    sockets: list[ClientConnection] = []
    tasks: list[asyncio.Task[None]] = []
    rng = random.Random(first)
    limits = httpx.Limits(max_connections=20)
    headers = {"Origin": http_url}
    try:
        async with httpx.AsyncClient(
            base_url=http_url, limits=limits, timeout=60, verify=context or True, headers=headers
        ) as http:
            for t in range(first, first + tables):
                created = await post_json(
                    http,
                    "/api/tables",
                    {
                        "name": f"Load {t}", "host_name": "P0", "seats": seats,
                        "starting_stack": 100_000, "action_timer": 30, "time_bank": 30,
                    },
                    measure,
                )  # fmt: skip
                tokens = [created["token"]]
                table_id = created["table"]["table_id"]
                for s in range(1, seats):
                    path = f"/api/tables/{table_id}/seats"
                    taken = await post_json(http, path, {"name": f"P{s}"}, measure)
                    tokens.append(taken["token"])
                for token in tokens:
                    ws = await connect_seat(f"{ws_url}?table={table_id}", token, context)
                    sockets.append(ws)
                    tasks.append(
                        asyncio.create_task(
                            seat_bot(ws, random.Random(rng.random()), think, measure, stop)
                        )
                    )
    except BaseException:
        ready.abort()  # the other processes and the parent stop waiting: the run fails
        raise
    await asyncio.get_running_loop().run_in_executor(None, ready.wait)
    await asyncio.sleep(warmup)
    cpu0 = time.process_time()
    measure.on = True
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    measure.on = False
    elapsed = time.perf_counter() - started
    client_cpu = time.process_time() - cpu0
    stop.set()
    for ws in sockets:
        await ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "latencies": measure.latencies,
        "actions": measure.actions,
        "elapsed": elapsed,
        "client_cpu": client_cpu,
        "frames": measure.frames,
        "errors": measure.errors,
    }


def client_process(args: tuple[Any, ...]) -> dict[str, Any]:
    """Entry point of a load-generating process (uvloop when available)."""
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    return asyncio.run(drive_tables(*args))
