"""Seat tokens: unguessable, stored only as hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 32
"""Random bytes per token (43 URL-safe characters)."""


def new_token() -> str:
    """A fresh seat token from :mod:`secrets` (43 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """A fresh public table id (8 URL-safe characters; appears in invite links)."""
    return secrets.token_urlsafe(6)


def hash_token(token: str) -> str:
    """SHA-256 hex digest of a token: what the database stores instead of the token.

    Args:
        token: the token as given to (or by) the client; any string.
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    """True if ``token`` hashes to ``stored_hash``; compared in constant time."""
    return hmac.compare_digest(hash_token(token), stored_hash)
