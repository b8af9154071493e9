"""Errors the server reports to clients: a stable ``code`` plus an English ``message``.

Clients translate by ``code`` (``docs/protocol.md`` §8); the message is a fallback and for
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
        code: machine-readable code from ``docs/protocol.md`` §8 (``stale_turn`` ...).
        message: English explanation naming what was wrong and what is allowed.
        status: HTTP status for REST responses (ignored on the websocket).
        retry_after: seconds, sent as the ``Retry-After`` header of a REST response
            (``None``: no header).
        field: the request field to blame, as a dotted path (``"config.ante"``,
            ``"seats"``), sent as ``field`` so a form can mark it; ``None``: not sent.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        status: int = 400,
        retry_after: int | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.retry_after = retry_after
        self.field = field

    def payload(self) -> dict[str, Any]:
        """``{"code": ..., "message": ...}``, plus ``"field"`` when one is to blame."""
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        return out


ENGINE_ERROR_CODES: tuple[tuple[type[AnacondaError], str], ...] = (
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
"""Engine error classes and their protocol codes, most specific first (any other engine
rejection is ``illegal_action``)."""


def engine_error_code(error: AnacondaError) -> str:
    """The protocol code of an engine rejection (``docs/protocol.md`` §8).

    Args:
        error: raised by ``HandState.apply`` or by parsing an action.
    """
    for cls, code in ENGINE_ERROR_CODES:
        if isinstance(error, cls):
            return code
    return "illegal_action"
