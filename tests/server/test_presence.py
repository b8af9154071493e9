"""``server/presence.py`` on its own: bindings to seat occupancies, revocation, the cap per
seat and the idle clock (the live races are in test_seat_takeover.py / test_seat_race.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from server_helpers import FakeConnection

from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.presence import Presence, PresenceOptions


@dataclass
class Occupancy:
    seat: int
    token_hash: str | None
    generation: int


def test_a_binding_holds_only_while_the_same_occupancy_holds_the_seat() -> None:
    presence = Presence()
    seats: list[Occupancy | None] = [Occupancy(0, "aa", 1), None]
    ana = FakeConnection(None, token_hash="aa")
    presence.register(ana, presence.bind(ana, seats))
    assert ana.seat == 0 and presence.holds(ana, seats) and presence.seat_of(ana, seats) == 0
    # the seat is left and taken again with the same token hash: a new generation
    seats[0] = Occupancy(0, "aa", 3)
    assert not presence.holds(ana, seats) and presence.seat_of(ana, seats) is None
    # or by another token in the same generation (cannot happen, but must not hold)
    seats[0] = Occupancy(0, "bb", 1)
    assert not presence.holds(ana, seats)
    seats[0] = None
    assert not presence.holds(ana, seats)


def test_bind_refuses_tokens_no_seat_holds_and_attaches_nothing() -> None:
    presence = Presence()
    seats: list[Occupancy | None] = [Occupancy(0, "aa", 1), Occupancy(1, None, 2)]
    for token_hash in ("zz", "a", "aa "):
        conn = FakeConnection(0, token_hash=token_hash)
        with pytest.raises(ClientError) as refused:
            presence.bind(conn, seats)
        assert refused.value.code == "bad_token"
    assert not presence.connections  # a bot seat (no token) is never bound by a hello
    spectator = FakeConnection(None)
    presence.register(spectator, presence.bind(spectator, seats))
    assert spectator.seat is None and presence.spectators == 1


def test_revoke_detaches_every_socket_of_the_seat_and_nothing_else() -> None:
    presence = Presence()
    seats: list[Occupancy | None] = [Occupancy(0, "aa", 1), Occupancy(1, "bb", 2)]
    mine = [FakeConnection(None, token_hash="aa") for _ in range(3)]
    other = FakeConnection(None, token_hash="bb")
    for conn in [*mine, other]:
        presence.register(conn, presence.bind(conn, seats))
    assert presence.sockets_of(0) == 3
    revoked = presence.revoke(0, now=5.0)
    assert set(revoked) == set(mine) and all(c.seat is None for c in mine)
    assert presence.connections == {other} and presence.sockets_of(0) == 0


def test_the_cap_per_seat_counts_attached_sockets() -> None:
    presence = Presence(PresenceOptions(max_sockets_per_seat=2))
    seats: list[Occupancy | None] = [Occupancy(0, "aa", 1)]
    first, second, third = (FakeConnection(None, token_hash="aa") for _ in range(3))
    for conn in (first, second):
        presence.register(conn, presence.bind(conn, seats))
    with pytest.raises(ClientError) as refused:
        presence.bind(third, seats)
    assert refused.value.code == "too_many_sockets" and third not in presence.connections
    presence.unregister(first, now=1.0)
    presence.register(third, presence.bind(third, seats))
    assert presence.sockets_of(0) == 2


def test_a_table_is_idle_once_nobody_was_attached_for_the_grace_period() -> None:
    presence = Presence(PresenceOptions(idle_grace=10.0))
    assert not presence.idle(100.0)  # the clock starts at the first look
    assert presence.idle(110.0)
    conn = FakeConnection(None)
    presence.register(conn, presence.bind(conn, []))
    assert not presence.idle(500.0)
    presence.unregister(conn, now=500.0)
    assert not presence.idle(509.9) and presence.idle(510.0)
    assert not Presence(PresenceOptions(idle_grace=None)).idle(1e9)


def test_a_socket_closed_by_the_server_keeps_no_table_alive() -> None:
    """bug (breaker, issue 17 item 2): a frozen client (process stopped, TCP still up) is
    dropped with 1013 once 2,000 frames queue up, but the peer never completes the close, so
    the socket is never detached and a bot-only table dealt on for minutes (1,774 hands in
    167 s) for nobody. A closed socket still attached must not count as a watcher."""
    presence = Presence(PresenceOptions(idle_grace=10.0))
    ghost = FakeConnection(None)
    presence.register(ghost, presence.bind(ghost, []))
    assert not presence.idle(100.0)
    ghost.close(1013)
    assert ghost.closed
    assert not presence.idle(200.0)  # the grace starts when it is first seen closed
    assert not presence.idle(209.9) and presence.idle(210.0)
    live = FakeConnection(None)
    presence.register(live, presence.bind(live, []))
    assert not presence.idle(1000.0)
