"""``anaconda-poker serve``: the game server (lobby API, websocket play, web client).

Example::

    anaconda-poker serve --host 127.0.0.1 --port 8000
    anaconda-poker serve --database postgresql://poker@localhost/poker

The default database is the SQLite file ``./data/anaconda-poker.sqlite3`` (created on first
start; override with ``--database`` or the ``ANACONDA_POKER_DATABASE`` environment variable).
``--port 0`` picks a free port; the URL to open is printed once the server listens.
"""

from __future__ import annotations

import gc
import math
import socket
from pathlib import Path

import typer

from anaconda_poker.cli.app import app
from anaconda_poker.cli.exit_codes import (
    DATABASE_LOCKED_EXIT,
    DATABASE_UNREACHABLE_EXIT,
    MIGRATION_FAILED_EXIT,
)
from anaconda_poker.server.collector import FULL_COLLECTION_INTERVAL
from anaconda_poker.server.seeds import MAX_SEED_WINDOW, SERVE_SEED_WINDOW
from anaconda_poker.server.settings import DEFAULT_DATABASE_PATH

GC_GENERATION0 = 20_000
"""Young-generation threshold of Python's cyclic garbage collector in the server process."""


KEEP_ALIVE_SECONDS = 75
"""How long an idle HTTP connection stays open (uvicorn's default is 5 s). A reverse proxy
keeps idle connections to the server for reuse (nginx's upstream ``keepalive_timeout`` 60 s
in deploy/nginx, Caddy's ``keepalive`` 60 s in deploy/caddy): the server must hold them
longer, or the proxy may send a request on a connection the server is just closing, and a
POST there fails as a 502 (seen once in CI: nginx "Connection reset by peer" on
/api/advice)."""


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on."),
    port: int = typer.Option(8000, help="TCP port; 0 picks a free one.", min=0, max=65535),
    database: str = typer.Option(
        f"sqlite:///{DEFAULT_DATABASE_PATH}",
        envvar="ANACONDA_POKER_DATABASE",
        help="sqlite:///PATH (default under ./data/) or postgresql://user@host/db.",
    ),
    allow_origin: list[str] = typer.Option(  # noqa: B008
        [], help="Extra browser Origin allowed (repeatable), e.g. https://poker.example."
    ),
    default_lobby: bool = typer.Option(
        True, help="Create a table with two bots when the database has none."
    ),
    between_hands: float = typer.Option(
        8.0,
        help="Seconds the showdown stays before the next hand (a table's next_hand_delay "
        "overrides it).",
        min=0,
    ),
    seed_window: float = typer.Option(
        SERVE_SEED_WINDOW,
        help="Seconds the connected players have to send their seed before each deal "
        "(fairness version 3); bots and absent players count as the empty seed at once.",
        min=0,
        max=MAX_SEED_WINDOW,
    ),
    static_dir: Path | None = typer.Option(None, help="Serve the web client from here."),  # noqa: B008
    log_level: str = typer.Option(
        "warning", help="Log level: critical, error, warning, info, debug or trace."
    ),
    log_format: str = typer.Option(
        "text", help="text, or json (one JSON object per line, for log collectors)."
    ),
    node: str = typer.Option(
        socket.gethostname(),
        envvar="ANACONDA_POKER_NODE",
        show_default="the host name",
        help="This server node's name, in every log line and the metrics; with PostgreSQL "
        "also the name its table leases are held under (unique per node).",
    ),
    lease_time: float = typer.Option(
        10.0,
        min=0.5,
        max=300,
        help="With PostgreSQL: seconds a table's lease lasts without renewal; a node that dies "
        "leaves its tables waiting this long before another node takes them over.",
    ),
    metrics: bool = typer.Option(
        True,
        help="Serve Prometheus metrics at /metrics (to direct connections only; scrape the "
        "node's own address, not through the proxy).",
    ),
    ws_compression: bool = typer.Option(
        False, help="Compress websocket frames (permessage-deflate): less bandwidth, more CPU."
    ),
    db_writes: str = typer.Option(
        "immediate",
        help="immediate (one transaction per change, lowest latency), grouped (one per loop "
        "iteration) or threaded (a writer thread, for a slow remote database).",
    ),
    create_rate: str = typer.Option(
        "0.5,30",
        help="Tables created plus seats taken allowed per client address: 'PER_SECOND,BURST', "
        "or 'off' (load tests).",
    ),
    idle_grace: str = typer.Option(
        "30",
        help="Seconds a table with no websocket attached keeps playing before its bots, timers "
        "and deals stop until someone connects, or 'off'.",
    ),
    max_sockets_per_seat: str = typer.Option(
        "8", help="Websockets one seat may hold at once, or 'off'."
    ),
    max_sockets_per_address: str = typer.Option(
        "64", help="Websockets one client address may hold at once, or 'off' (load tests)."
    ),
    table_update_delay: float = typer.Option(
        0.5,
        min=0,
        help="Seconds over which table updates from sockets joining and leaving are "
        "coalesced into one (0: one per join).",
    ),
    full_collection_interval: str = typer.Option(
        str(int(FULL_COLLECTION_INTERVAL)),
        help="Seconds between two full runs of Python's garbage collector, which frees the "
        "objects closed connections leave behind, or 'off' (Python's own schedule only).",
    ),
    public_url: str | None = typer.Option(
        None,
        envvar="ANACONDA_POKER_PUBLIC_URL",
        help="The address players open, e.g. https://poker.example.org (behind a proxy): its "
        "host name is answered and its origin allowed.",
    ),
    allowed_host: list[str] = typer.Option(  # noqa: B008
        [],
        help="Another host name the server answers for (repeatable); requests naming any other "
        "Host are refused (DNS rebinding). Always allowed: localhost, 127.0.0.1, ::1, the "
        "--host address (any IP address with 0.0.0.0 or ::) and the --public-url host. '*' "
        "turns the check off (only behind a proxy that checks Host itself).",
    ),
    forwarded_allow_ips: str = typer.Option(
        "",
        help="Proxies (comma-separated addresses or networks, '*' for any) whose "
        "X-Forwarded-For names the client address the rate limits count; default: none.",
    ),
) -> None:
    """Start the game server with its database, rebuild every table, print the URL to open."""
    import uvicorn

    from anaconda_poker.server.app import create_app
    from anaconda_poker.server.http_security import (
        allowed_hosts_for,
        parse_networks,
        public_origin,
    )
    from anaconda_poker.server.log_format import LOG_FORMATS, log_config
    from anaconda_poker.server.memory_trace import start_from_environment as start_tracing
    from anaconda_poker.server.protocol import MAX_MESSAGE_BYTES
    from anaconda_poker.server.settings import STATIC_DIR, ServerSettings
    from anaconda_poker.storage.database import DatabaseURLError, printable_url
    from anaconda_poker.storage.event_store import EventWriter
    from anaconda_poker.storage.lock import DatabaseLockedError, lock_database

    if log_format not in LOG_FORMATS:
        typer.echo(f"--log-format must be one of {', '.join(LOG_FORMATS)}", err=True)
        raise typer.Exit(2)
    if not node.strip():
        typer.echo("--node must not be empty", err=True)
        raise typer.Exit(2)
    if db_writes not in EventWriter.MODES:
        typer.echo(f"--db-writes must be one of {', '.join(EventWriter.MODES)}", err=True)
        raise typer.Exit(2)

    create_rate_limit: tuple[float, float] | None = None
    if create_rate.strip().lower() != "off":
        try:
            rate, burst = (float(x) for x in create_rate.split(","))
        except ValueError:
            rate = burst = 0.0
        if not (math.isfinite(rate) and math.isfinite(burst)) or rate <= 0 or burst < 1:
            typer.echo(
                f"--create-rate must be 'PER_SECOND,BURST' (e.g. 0.5,30; per second > 0, burst "
                f">= 1) or 'off', got {create_rate!r}",
                err=True,
            )
            raise typer.Exit(2)
        create_rate_limit = (rate, burst)

    try:
        hosts = allowed_hosts_for(host, public_url=public_url, extra=allowed_host)
        if public_url:
            public_origin(public_url)  # a bad port is refused here, before anything starts
    except ValueError as exc:
        typer.echo(f"--allowed-host/--public-url: {exc}", err=True)
        raise typer.Exit(2) from None
    try:
        trusted_proxies = parse_networks([forwarded_allow_ips])
    except ValueError as exc:
        typer.echo(f"--forwarded-allow-ips: {exc}", err=True)
        raise typer.Exit(2) from None
    origins = [o.rstrip("/") for o in allow_origin]
    if public_url:
        origins.append(public_origin(public_url))
    grace = _off_or(idle_grace, "--idle-grace", float, "seconds >= 0", minimum=0)
    per_seat = _off_or(max_sockets_per_seat, "--max-sockets-per-seat", int, "an integer >= 1")
    collection_interval = _off_or(
        full_collection_interval, "--full-collection-interval", float, "seconds >= 1"
    )
    per_address = _off_or(
        max_sockets_per_address, "--max-sockets-per-address", int, "an integer >= 1"
    )
    settings = ServerSettings(
        database_url=database,
        allowed_origins=tuple(origins),
        allowed_hosts=hosts,
        forwarded_allow_ips=trusted_proxies,
        static_dir=static_dir or STATIC_DIR,
        create_default_lobby=default_lobby,
        between_hands=between_hands,
        seed_window=seed_window,
        writer_mode=db_writes,
        create_rate_limit=create_rate_limit,
        idle_grace=grace,
        max_sockets_per_seat=None if per_seat is None else int(per_seat),
        max_sockets_per_address=None if per_address is None else int(per_address),
        table_update_delay=table_update_delay,
        metrics=metrics,
        node=node,
        lease_seconds=lease_time,
        full_collection_interval=collection_interval,
    )
    try:  # held until the process exits (the app's lifespan shares it)
        lock_database(database)
    except DatabaseURLError as exc:
        typer.echo(f"--database: {exc}", err=True)
        raise typer.Exit(2) from None
    except (DatabaseLockedError, OSError) as exc:
        typer.echo(f"cannot start: {exc}", err=True)
        raise typer.Exit(DATABASE_LOCKED_EXIT) from None
    _upgrade_schema(database)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # proto=IPPROTO_TCP matters: asyncio sets TCP_NODELAY only on sockets whose proto says
    # TCP, and without it small frames sent back to back wait ~40 ms for delayed ACKs
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        typer.echo(f"cannot listen on {host}:{port}: {exc.strerror}", err=True)
        raise typer.Exit(2) from None
    bound_port = sock.getsockname()[1]
    config = uvicorn.Config(
        create_app(settings),
        log_level=log_level,
        log_config=log_config(level=log_level, node=node, log_format=log_format),
        ws_max_size=MAX_MESSAGE_BYTES,
        ws_per_message_deflate=ws_compression,
        lifespan="on",
        # the limits count the address server/http_security.py resolves: the TCP peer, or
        # X-Forwarded-For only from --forwarded-allow-ips (uvicorn's own rule stays off)
        proxy_headers=False,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
    )
    server = uvicorn.Server(config)
    start_tracing()  # only with ANACONDA_POKER_TRACEMALLOC set (a diagnostic)
    # fewer, larger young-generation collections: the default (700) runs the collector
    # dozens of times a second under load, and each pass stalls every table for a moment
    gc.set_threshold(GC_GENERATION0, 20, 20)

    original_startup = server.startup

    async def startup(sockets: list[socket.socket] | None = None) -> None:
        await original_startup(sockets=sockets)
        if server.started:
            for line in startup_lines(host, bound_port, public_url):
                typer.echo(line)
            typer.echo(f"database: {printable_url(database)}")  # no password in the journal
            # everything built so far (modules, evaluator tables, rebuilt tables) lives as
            # long as the process: keep it out of the collector's full passes
            gc.collect()
            gc.freeze()

    server.startup = startup  # type: ignore[method-assign]
    server.run(sockets=[sock])


def _upgrade_schema(database: str) -> None:
    """Bring the schema to the newest revision before anything starts (as ``anaconda-poker
    db upgrade``; the app's start-up repeats it as a no-op) and say what changed.

    Raises:
        typer.Exit: status 4 (``cli/exit_codes.py``) when the schema cannot be upgraded, 5
            (after two lines saying which address, why and what to check, instead of the
            driver's traceback) when the database cannot be reached.
    """
    from anaconda_poker.storage.database import (
        DatabaseUnreachableError,
        check_reachable,
        open_database,
    )
    from anaconda_poker.storage.migrate import MigrationError, upgrade_database

    engine = open_database(database, create=False)
    try:
        check_reachable(engine, database)
        result = upgrade_database(engine)
    except MigrationError as exc:
        typer.echo(f"cannot start: {exc}", err=True)
        raise typer.Exit(MIGRATION_FAILED_EXIT) from None
    except DatabaseUnreachableError as exc:
        say_unreachable("cannot start", exc.lines)
        raise typer.Exit(DATABASE_UNREACHABLE_EXIT) from None
    finally:
        engine.dispose()
    if result.stamped:
        typer.echo(f"database from before migrations recognised: stamped {result.before}")
    if result.before != result.after:
        typer.echo(f"database schema upgraded from {result.before or '(empty)'} to {result.after}")


def say_unreachable(what: str, lines: list[str]) -> None:
    """Print :func:`~anaconda_poker.storage.database.unreachable_lines` to stderr: ``what:``
    and the address with the reason, then what to check."""
    first, check = lines
    typer.echo(f"{what}: {first}", err=True)
    typer.echo(check[:1].upper() + check[1:], err=True)


def _off_or(
    value: str, option: str, kind: type[int] | type[float], allowed: str, minimum: float = 1
) -> float | None:
    """Parse a limit option: ``off`` (``None``) or a number of ``kind`` at least ``minimum``.

    Raises:
        typer.Exit: status 2 (after saying what is allowed) for anything else.
    """
    if value.strip().lower() == "off":
        return None
    try:
        number = kind(value)
    except ValueError:
        number = None
    if number is None or not math.isfinite(number) or number < minimum:
        typer.echo(f"{option} must be {allowed} or 'off', got {value!r}", err=True)
        raise typer.Exit(2)
    return float(number)


def startup_lines(host: str, port: int, public_url: str | None) -> list[str]:
    """What ``serve`` prints once it listens: ``anaconda-poker is serving at URL`` for the
    address people open — the public URL when ``--public-url`` is set (the internal address
    behind a proxy is no use to the friends), then ``listening on URL`` for each internal one;
    without a public URL the internal URLs themselves (``_urls``)."""
    internal = _urls(host, port)
    if not public_url:
        return [f"anaconda-poker is serving at {url}" for url in internal]
    shown = public_url if public_url.endswith("/") else public_url + "/"
    return [f"anaconda-poker is serving at {shown}", *(f"listening on {url}" for url in internal)]


def _urls(host: str, port: int) -> list[str]:
    """The URLs to open: the host itself, or for a wildcard host (``0.0.0.0``, ``::``) the
    loopback address first and then this machine's address on its network (what friends on
    the same network use; found without sending anything)."""
    if host not in ("0.0.0.0", "::", ""):
        shown = f"[{host}]" if ":" in host else host
        return [f"http://{shown}:{port}/"]
    urls = [f"http://127.0.0.1:{port}/"]
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))  # UDP connect: picks a route, sends nothing
        address = probe.getsockname()[0]
        if address and not address.startswith("127."):
            urls.append(f"http://{address}:{port}/")
    except OSError:
        pass
    finally:
        probe.close()
    return urls
