"""Failures of the server's storage as clients see them (``docs/protocol.md`` §8).

- A database that fails or refuses a write (full disk, I/O error, lost connection) is
  :func:`is_storage_failure`; clients are told ``503 storage_unavailable`` with a
  ``Retry-After`` (:func:`storage_unavailable`): nothing was changed, try again.
- Any other unexpected failure is ``500 internal`` (:func:`client_error_for`), logged with its
  stack trace on the server and never described to the client.
- A finished hand whose stored history cannot be read is ``422 hand_unreadable``
  (:func:`unreadable_hand`); the other hands are not affected.
"""

from __future__ import annotations

import errno

from sqlalchemy.exc import DBAPIError, OperationalError

from anaconda_poker.server.errors import ClientError
from anaconda_poker.storage.leases import LeaseLostError

STORAGE_RETRY_AFTER = 5
"""Seconds a client is told to wait (``Retry-After``) while the database refuses writes."""


def is_storage_failure(exc: BaseException) -> bool:
    """True for a database that failed or refused a write (full disk, I/O error, lost
    connection, locked file) rather than a bug: worth retrying later."""
    if isinstance(exc, OperationalError):
        return True
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    return isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EIO, errno.EDQUOT)


def storage_unavailable() -> ClientError:
    """``503 storage_unavailable`` with ``Retry-After``: nothing was changed; try again."""
    return ClientError(
        "storage_unavailable",
        "the server cannot save changes right now (its database refused the write); nothing "
        f"was changed; try again in {STORAGE_RETRY_AFTER} s",
        status=503,
        retry_after=STORAGE_RETRY_AFTER,
    )


def client_error_for(exc: BaseException) -> ClientError:
    """What a client is told about an unexpected failure: ``table_moving`` when another node
    took the table over (the fence refused the append), ``storage_unavailable`` for a
    storage failure, else ``internal`` (500); never the exception's text."""
    if isinstance(exc, LeaseLostError):
        return _moved()
    if is_storage_failure(exc):
        return storage_unavailable()
    return ClientError("internal", "the server failed to handle the request", status=500)


def unreadable_hand(table_id: str, hand_no: int) -> ClientError:
    """``422 hand_unreadable``: the stored history of this hand is damaged (other hands
    are not affected)."""
    return ClientError(
        "hand_unreadable",
        f"the stored history of hand {hand_no} of table {table_id} is damaged and cannot be "
        "read; other hands are not affected",
        status=422,
    )


def stopped_table(code: str) -> ClientError:
    """What requests to a table stopped by a failure answer until it is rebuilt
    (``server/revival.py``): ``storage_unavailable`` after a failed write, else ``internal``;
    both ``503`` with ``Retry-After``.

    Args:
        code: the code of the failure that stopped the table.
    """
    if code == "table_moving":
        return _moved()
    if code == "storage_unavailable":
        error = storage_unavailable()
        error.message = (
            "this table stopped because its database refused a write; it resumes from its "
            "last saved state as soon as writes succeed again (its sockets are then closed "
            "with code 1012: reconnect)"
        )
        return error
    return ClientError(
        "internal",
        "this table stopped after a server failure; it resumes from its last saved state in "
        "a few seconds (its sockets are then closed with code 1012: reconnect)",
        status=503,
        retry_after=STORAGE_RETRY_AFTER,
    )


def _moved() -> ClientError:
    """``503 table_moving``: another server node runs this table now; reconnect (the proxy
    sends the client to it)."""
    return ClientError(
        "table_moving",
        "this table is now run by another server node; reconnect (its sockets here are "
        "closed with code 1012)",
        status=503,
        retry_after=1,
    )
