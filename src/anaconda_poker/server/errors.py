"""Errors the server reports to clients: a stable ``code`` plus an English ``message``.

Clients translate by ``code`` (``docs/protocol.md`` §7); the message is a fallback and for
logs. Nothing else about a failure (no stack trace, no exception text of unexpected errors)
is ever sent.
"""

from __future__ import annotations

from typing import Any

from anaconda_poker.core import rule_errors
from anaconda_poker.core.actions import MalformedActionError
from anaconda_poker.core.errors import AnacondaError, DuplicateCardError


class RecoveryError(RuntimeError):
    """Replaying a table's stored events did not reproduce a stored fact (a corrupt log)."""


class ClientError(Exception):
    """A request that the server refuses, with a stable code and a clear reason.

    Args:
        code: machine-readable code from ``docs/protocol.md`` §7 (``stale_turn`` ...).
        message: English explanation naming what was wrong and what is allowed.
        status: HTTP status for REST responses (ignored on the websocket).
        retry_after: seconds, sent as the ``Retry-After`` header of a REST response
            (``None``: no header).
    """

    def __init__(
        self, code: str, message: str, *, status: int = 400, retry_after: int | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.retry_after = retry_after

    def payload(self) -> dict[str, Any]:
        """``{"code": ..., "message": ...}``."""
        return {"code": self.code, "message": self.message}


def engine_error_code(error: AnacondaError) -> str:
    """The protocol code of an engine rejection (``docs/protocol.md`` §7).

    Args:
        error: raised by ``HandState.apply`` or by parsing an action.
    """
    table: tuple[tuple[type[AnacondaError], str], ...] = (
        (rule_errors.HandCompleteError, "hand_complete"),
        (rule_errors.FoldedError, "folded"),
        (rule_errors.NotYourTurnError, "not_your_turn"),
        (rule_errors.AmountError, "amount_out_of_range"),
        (rule_errors.ActionNotAllowedError, "not_allowed"),
        (rule_errors.WrongCardCountError, "wrong_card_count"),
        (rule_errors.CardNotInHandError, "card_not_in_hand"),
        (DuplicateCardError, "duplicate_card"),
        (MalformedActionError, "malformed_action"),
    )
    for cls, code in table:
        if isinstance(error, cls):
            return code
    return "illegal_action"
