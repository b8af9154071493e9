"""Bot levels named by strength, for the tables people play at (web and terminal).

A level names a bot of the registry and its options. The strength names are what tables
offer; the bots' own names stay accepted as levels too (tables stored before the names, API
clients, ``--level montecarlo``).

| level | bot | options |
|---|---|---|
| ``beginner`` | ``calling-station`` | never raises, never folds |
| ``casual`` | ``heuristic`` | rules of thumb |
| ``strong`` | ``montecarlo`` | 400 samples per decision |
| ``expert`` | ``adaptive`` | 400 samples per decision, learns its opponents over the session |

:data:`DEFAULT_LEVEL` is the level that fills seats at a new web table: the strongest whose
median decision stays within 50 ms (README, "Named levels", measured on the development
machine).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from anaconda_poker.bots.montecarlo import DEFAULT_SAMPLES
from anaconda_poker.bots.registry import BOTS, UnknownBotError

STRENGTHS: Mapping[str, tuple[str, Mapping[str, Any]]] = MappingProxyType(
    {
        "beginner": ("calling-station", {}),
        "casual": ("heuristic", {}),
        "strong": ("montecarlo", {"samples": DEFAULT_SAMPLES}),
        "expert": ("adaptive", {"samples": DEFAULT_SAMPLES}),
    }
)
"""Strength name → (bot name, bot options), weakest first."""

DEFAULT_LEVEL = "expert"
"""The level of seat-filling bots at a new web table (module docstring)."""

LEVELS: tuple[str, ...] = (*STRENGTHS, *BOTS)
"""Every accepted level: the strength names, then the bots' names."""

SLOW_BOTS = frozenset({"montecarlo", "adaptive"})
"""Bots whose decisions take milliseconds (hosts run them off the event loop)."""


def resolve_level(level: str) -> tuple[str, dict[str, Any]]:
    """The bot name and options of ``level`` (a strength name or a bot of
    :data:`~anaconda_poker.bots.registry.BOTS`).

    Raises:
        UnknownBotError: naming the level and the accepted ones.
    """
    if level in STRENGTHS:
        bot, options = STRENGTHS[level]
        return bot, dict(options)
    if level in BOTS:
        return level, {}
    raise UnknownBotError(f"unknown bot level {level!r}; levels are {', '.join(LEVELS)}")
