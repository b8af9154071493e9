"""The time bank refills as in card rooms (issue 12 §3): every ``time_bank_refill_hands``
hands each person's bank gains ``time_bank_refill`` seconds, never above the table's
``time_bank``. Applied when a hand starts (the ``hand_started`` event), so replaying the
table's events after a restart gives the same banks."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class _Bank(Protocol):
    bot: str | None
    time_bank: float


def refill_time_banks(
    seats: Iterable[_Bank | None],
    *,
    hand_no: int,
    refill: float,
    every: int,
    cap: float,
) -> None:
    """Add ``refill`` seconds to each person's bank when ``hand_no`` is a multiple of
    ``every`` (hand 1 never refills: banks start full), capped at ``cap`` seconds.

    Args:
        seats: the table's seat records (``None`` for empty seats); bots are skipped.
        hand_no: the hand starting (1-based).
        refill: seconds added (0 = never).
        every: hands between refills (>= 1).
        cap: the most a bank may hold (the table's ``time_bank``).
    """
    if refill <= 0 or every < 1 or hand_no <= 1 or hand_no % every:
        return
    for record in seats:
        if record is not None and record.bot is None:
            record.time_bank = min(cap, record.time_bank + refill)
