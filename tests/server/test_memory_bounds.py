"""Memory that grows with the traffic stays within its bounds (issue 17, the soak's memory):
the lobby's token index keeps one entry per seat however many players come and go."""

from __future__ import annotations

import pytest
from server_helpers import FakeConnection

from anaconda_poker.server.auth import hash_token
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.lobby import Lobby
from anaconda_poker.server.protocol import CreateTableRequest, TakeSeatRequest


async def test_the_token_index_keeps_one_entry_per_seat_however_many_players_came() -> None:
    lobby = Lobby(None, None, between_hands=0, seed_window=0)
    table, host_seat, host_token = await lobby.create_table(
        CreateTableRequest(name="Churn", host_name="Host", seats=3, auto_start=False)
    )
    former: list[str] = []
    try:
        for n in range(60):  # a seat taken and left 60 times, over the two free seats
            seat, token = await lobby.take_seat(table.table_id, TakeSeatRequest(name=f"P{n}"))
            conn = FakeConnection(seat, hash_token(token))
            await table.request("join", conn)
            assert lobby.seat_for_token(token) == (table, seat)
            await table.request("leave_seat", conn)
            assert table.seats[seat] is None
            former.append(token)
            assert lobby.indexed_tokens <= table.settings.max_seats
        guest_seat, guest_token = await lobby.take_seat(
            table.table_id, TakeSeatRequest(name="Stays")
        )
        assert lobby.indexed_tokens <= table.settings.max_seats
        # the index still answers for every seat held, and refuses every token given up
        assert lobby.seat_for_token(host_token) == (table, host_seat)
        assert lobby.seat_for_token(guest_token) == (table, guest_seat)
        for token in former:
            with pytest.raises(ClientError) as refused:
                lobby.seat_for_token(token)
            assert refused.value.code == "bad_token"
    finally:
        await lobby.stop()
