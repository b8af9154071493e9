"""Bots that play Anaconda from their seat's view, and the self-play arena.

* :mod:`~anaconda_poker.bots.protocol`: the :class:`Bot` protocol (view + legal actions in,
  action out).
* one module per bot: ``random_bot``, ``calling_station``, ``heuristic``, ``montecarlo``.
* :mod:`~anaconda_poker.bots.registry`: bots by name (:func:`create_bot`), and
  :func:`make_bot` for hosts that hold the hand state.
* :mod:`~anaconda_poker.bots.arena`: bots against bots, chips per hand with intervals.
* :mod:`~anaconda_poker.bots.check_call`: hands where the bots pass and arrange and every
  bet is checked or called (benchmarks and tests of the passes).
"""

from anaconda_poker.bots.protocol import Bot
from anaconda_poker.bots.registry import BOTS, SeatBot, UnknownBotError, create_bot, make_bot

__all__ = ["BOTS", "Bot", "SeatBot", "UnknownBotError", "create_bot", "make_bot"]
