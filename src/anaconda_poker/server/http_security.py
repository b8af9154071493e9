"""Which host names the server answers for, who the client is behind a proxy, and the
security headers of every answer.

Against DNS rebinding (issue 17 item 5): a web page on ``http://evil.example`` whose name
is made to point at ``127.0.0.1`` sends requests that the browser considers same-origin,
with ``Host: evil.example`` and ``Origin: http://evil.example``. The Origin check alone
(``routes.origin_allowed``) compares Origin with Host and so cannot see it; only a check of
``Host`` against the names the server is really served under can. :class:`HostGuardMiddleware`
refuses every HTTP request with another ``Host`` with ``400 bad_host`` and every websocket
before it is accepted, before anything reaches a route.

The same middleware sets the ASGI ``client`` to the address the rate limits count
(:func:`client_address`): the TCP peer, or behind a trusted proxy the right-most
``X-Forwarded-For`` address that is not itself a trusted proxy (the left part of that header
is whatever the client wrote). uvicorn's own ``proxy_headers`` must be off so that this is
the only rule used.

:class:`SecurityHeadersMiddleware` (issue 17 item 6) gives every HTTP answer a strict
Content-Security-Policy (:func:`content_security_policy`: scripts, styles, images and
connections only from the server itself, no inline script or style attribute, no framing,
no ``<base>``, forms only to the server), ``X-Frame-Options: DENY``, ``Referrer-Policy:
no-referrer`` and ``X-Content-Type-Options: nosniff``.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from anaconda_poker.server.error_handlers import error_body

log = logging.getLogger(__name__)

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
"""Host names every server answers for: this computer's own names."""
WILDCARD_BINDS = ("0.0.0.0", "::", "")
"""Bind addresses meaning "every interface"."""
ANY_HOST = "*"
"""An ``--allowed-host`` value that turns the Host check off (only behind a proxy that
checks Host itself)."""

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


def host_name(value: str | None) -> str | None:
    """The host name of a ``Host`` header value (or of a name given on the command line):
    lower case, without port, brackets or a trailing dot; ``None`` when absent or malformed.

    >>> host_name("Poker.Example.org.:443"), host_name("[::1]:8000"), host_name("::1")
    ('poker.example.org', '::1', '::1')
    """
    if value is None:
        return None
    value = value.strip().lower()
    if not value or any(c.isspace() or c in "/@?#\\" for c in value):
        return None
    if value.startswith("["):  # [IPv6]:port
        end = value.find("]")
        if end < 0 or (value[end + 1 :] and not value[end + 1 :].startswith(":")):
            return None
        value = value[1:end]
    elif value.count(":") == 1:  # name:port
        value, _, port = value.partition(":")
        if not port.isdigit():
            return None
    return value.rstrip(".") or None


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class AllowedHosts:
    """The host names the server answers for.

    Attributes:
        names: host names as :func:`host_name` spells them; ``"*"`` allows every Host.
        any_address: also allow any IP address literal as Host (a server bound to every
            interface answers at each of its addresses; an address cannot be rebound by DNS,
            so a page reached by its address is that address's own origin).
    """

    names: frozenset[str]
    any_address: bool = False

    @classmethod
    def of(cls, names: Iterable[str], *, any_address: bool = False) -> AllowedHosts:
        """Build from names as given by an operator (ports, brackets and case ignored).

        Raises:
            ValueError: for a value that is not a host name.
        """
        cleaned = set()
        for raw in names:
            if raw.strip() == ANY_HOST:
                cleaned.add(ANY_HOST)
                continue
            name = host_name(raw)
            if name is None:
                raise ValueError(f"{raw!r} is not a host name (e.g. poker.example.org)")
            cleaned.add(name)
        return cls(frozenset(cleaned), any_address)

    def allows(self, header: str | None) -> bool:
        """True when a request whose ``Host`` header is ``header`` may be answered."""
        if ANY_HOST in self.names:
            return True
        name = host_name(header)
        if name is None:
            return False
        return name in self.names or (self.any_address and _is_ip(name))

    def describe(self) -> str:
        """The allowed names for messages and logs."""
        names = sorted(self.names) + (["any IP address"] if self.any_address else [])
        return ", ".join(names)


def allowed_hosts_for(
    bind: str, *, public_url: str | None = None, extra: Sequence[str] = ()
) -> AllowedHosts:
    """The default host names of a server listening on ``bind`` (``serve --host``).

    The loopback names, the bind address itself (any IP address when it is a wildcard such
    as ``0.0.0.0``), the host of ``public_url`` and the ``extra`` names (``--allowed-host``;
    ``"*"`` turns the check off).

    Raises:
        ValueError: a name in ``extra`` or a ``public_url`` without a host name.
    """
    names = list(LOOPBACK_HOSTS)
    wildcard = bind in WILDCARD_BINDS
    if not wildcard:
        names.append(bind)
    if public_url:
        names.append(public_url_host(public_url))
    names.extend(extra)
    return AllowedHosts.of(names, any_address=wildcard)


def public_url_host(url: str) -> str:
    """The host name of a ``--public-url`` (``https://poker.example.org`` → ``poker...``).

    Raises:
        ValueError: not an ``http://`` or ``https://`` URL with a host name.
    """
    parts = urlsplit(url.strip())
    name = host_name(parts.netloc) if parts.scheme in ("http", "https") else None
    if not name:
        raise ValueError(f"{url!r} is not an http:// or https:// URL with a host name")
    return name


def public_origin(url: str) -> str:
    """The browser ``Origin`` of pages at ``url``: scheme and host in lower case, the port
    only when it is not the scheme's default (``https://Poker.example.org:443/x`` →
    ``https://poker.example.org``).

    Raises:
        ValueError: not an ``http://`` or ``https://`` URL with a host name.
    """
    name = public_url_host(url)
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"{url!r} has an invalid port") from None
    shown = f"[{name}]" if ":" in name else name
    default = 443 if scheme == "https" else 80
    return f"{scheme}://{shown}" + (f":{port}" if port is not None and port != default else "")


def parse_networks(values: Iterable[str]) -> tuple[IPNetwork, ...] | None:
    """Trusted proxy addresses from ``--forwarded-allow-ips`` (addresses or networks such
    as ``10.0.0.0/8``, comma-separated or repeated); ``None`` means ``*`` (trust every peer).

    Raises:
        ValueError: for a value that is neither an address nor a network.
    """
    networks: list[IPNetwork] = []
    for value in values:
        for item in value.split(","):
            item = item.strip()
            if not item:
                continue
            if item == "*":
                return None
            try:
                networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                raise ValueError(
                    f"{item!r} is not an IP address or network (e.g. 127.0.0.1, 10.0.0.0/8)"
                ) from None
    return tuple(networks)


def _trusted(address: str, networks: tuple[IPNetwork, ...] | None) -> bool:
    if networks is None:
        return True
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address(
    peer: str | None, forwarded_for: Sequence[str], trusted: tuple[IPNetwork, ...] | None
) -> str | None:
    """The address a client's requests are counted under (rate limits, socket caps).

    Args:
        peer: the TCP peer's address.
        forwarded_for: every ``X-Forwarded-For`` header value, in order.
        trusted: the proxies whose ``X-Forwarded-For`` is believed (:func:`parse_networks`;
            ``None`` = every peer, an empty tuple = none).

    Returns:
        ``peer`` when it is not a trusted proxy or sent no ``X-Forwarded-For``; otherwise the
        right-most address of ``X-Forwarded-For`` that is not a trusted proxy (each trusted
        proxy appends the address it received from, so everything left of that is what the
        client itself wrote), or the left-most one when all of them are trusted.
    """
    if peer is None or not _trusted(peer, trusted):
        return peer
    hops = [hop.strip() for value in forwarded_for for hop in value.split(",") if hop.strip()]
    if not hops:
        return peer
    for hop in reversed(hops):
        if not _trusted(hop, trusted):
            return hop
    return hops[0]


class HostGuardMiddleware:
    """Refuse requests for a host name the server is not served under, and resolve the
    client address behind trusted proxies (pure ASGI, the outermost middleware).

    HTTP: ``400`` with ``{"error": {"code": "bad_host", ...}}``. Websocket: closed (1008)
    before it is accepted, which the server answers with ``403`` (no ERROR log line); the app
    never sees it, so no ``hello`` can be sent.

    Args:
        app: the wrapped ASGI app.
        allowed_hosts: the host names answered.
        forwarded_allow_ips: proxies trusted for ``X-Forwarded-For`` (:func:`client_address`).
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        allowed_hosts: AllowedHosts,
        forwarded_allow_ips: tuple[IPNetwork, ...] | None = (),
    ) -> None:
        self.app = app
        self.allowed_hosts = allowed_hosts
        self.forwarded_allow_ips = forwarded_allow_ips

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host: str | None = None
        forwarded: list[str] = []
        for key, value in scope["headers"]:
            if key == b"host":
                host = value.decode("latin-1")
            elif key == b"x-forwarded-for":
                forwarded.append(value.decode("latin-1"))
        if not self.allowed_hosts.allows(host):
            message = (
                "this server does not answer for the host name in the Host header; "
                f"it answers for {self.allowed_hosts.describe()} "
                "(anaconda-poker serve --allowed-host NAME or --public-url URL adds one)"
            )
            await _refuse(scope, receive, send, message)
            return
        client = scope.get("client")
        if client is not None and forwarded:
            address = client_address(client[0], forwarded, self.forwarded_allow_ips)
            if address != client[0]:
                scope = {**scope, "client": (address, 0)}
        await self.app(scope, receive, send)


async def _refuse(scope: Scope, receive: Receive, send: Send, message: str) -> None:
    body = json.dumps(error_body("bad_host", message)).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 400, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return
    connect = await receive()  # websocket.connect
    if connect["type"] != "websocket.connect":
        return
    # Closed before it is accepted, which every uvicorn websocket backend answers with
    # ``403`` and an INFO line. Not the ASGI denial response (``websocket.http.response``,
    # a ``400`` with the JSON body): uvicorn's default websockets-sansio backend sends it but
    # then logs "ASGI callable returned without completing handshake" at ERROR for every
    # refused handshake, log spam anyone could cause. A browser shows neither status nor body
    # to the page, so the body is no loss.
    log.info("websocket refused (Host): %s", message)
    await send({"type": "websocket.close", "code": 1008})


_PLAIN_HOST = re.compile(r"^[a-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9a-f:.]+\](:[0-9]{1,5})?$")
"""A Host value safe to repeat in a header: a name or address and an optional port."""


def content_security_policy(host: str | None) -> str:
    """The Content-Security-Policy of an answer to a request for ``host`` (its ``Host``).

    Everything from the server's own origin only: no inline ``<script>``, no ``style``
    attribute or ``<style>`` element (the web client styles through CSSOM), images also as
    ``data:`` URLs, no plugins, no ``<base>``, forms only to the server, never inside a frame
    (clickjacking). Websockets go to the same host (``ws://HOST`` and ``wss://HOST`` are
    named because ``'self'`` covers them only in newer browsers); an unusual ``Host`` (only
    possible with ``--allowed-host '*'``) gets ``'self'`` alone.
    """
    connect = "'self'"
    if host is not None and _PLAIN_HOST.match(host.lower()):
        connect = f"'self' ws://{host.lower()} wss://{host.lower()}"
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src {connect}; font-src 'self'; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    )


STATIC_SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
)
"""The security headers that do not depend on the request."""


class SecurityHeadersMiddleware:
    """Add :func:`content_security_policy` and :data:`STATIC_SECURITY_HEADERS` to every HTTP
    answer (pages, scripts, API answers and errors alike), unless the app set them itself.

    Args:
        app: the wrapped ASGI app.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
        added = (
            (b"content-security-policy", content_security_policy(host).encode("latin-1")),
            *STATIC_SECURITY_HEADERS,
        )

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {k.lower() for k, _ in headers}
                headers.extend((k, v) for k, v in added if k not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
