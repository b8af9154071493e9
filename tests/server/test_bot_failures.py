"""A bot seat whose bot fails: the table plays the fallback (never a fold when checking is
free) and logs it; in strict mode (the test suite) the failure is a loud error."""

from __future__ import annotations

import random
from typing import Any

import pytest

from anaconda_poker.bots.fallback import STRICT_ENV, BotDecisionError
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.state import HandState, LegalActions, Seat
from anaconda_poker.server.table import Table, TableSettings


class _Broken:
    slow = False

    def decide(self, view: dict[str, Any], legal: LegalActions, config: TableConfig) -> Action:
        raise RuntimeError("bug in the bot")


class _Illegal:
    slow = False

    def decide(self, view: dict[str, Any], legal: LegalActions, config: TableConfig) -> Action:
        return Action.bet(10**6)


def _table(policy: Any) -> Table:
    settings = TableSettings(
        name="T", max_seats=2, config=TableConfig(), starting_stack=100, action_timer=None
    )
    return Table("tbl", settings, writer=None, policy_factory=lambda level: policy)


def _first_to_bet() -> tuple[HandState, int]:
    state = HandState(
        TableConfig(),
        seats=[Seat(name="a", stack=100), Seat(name="b", stack=100)],
        button=1,
        rng=random.Random(1),
    )
    seat = state.to_act[0]
    assert ActionKind.CHECK in state.legal_actions(seat).kinds  # round 1 opens unbet
    return state, seat


@pytest.mark.parametrize("policy", [_Broken(), _Illegal()])
async def test_a_failing_bot_seat_checks_when_checking_is_free(
    policy: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv(STRICT_ENV, raising=False)
    state, seat = _first_to_bet()
    action = await _table(policy)._bot_action(state, seat, "calling-station")
    assert action.kind is ActionKind.CHECK
    assert any("bot decision failed" in r.getMessage() for r in caplog.records)


async def test_a_failing_bot_seat_is_a_loud_error_in_strict_mode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(STRICT_ENV, "1")
    state, seat = _first_to_bet()
    with pytest.raises(BotDecisionError, match="bot at seat"):
        await _table(_Broken())._bot_action(state, seat, "calling-station")
