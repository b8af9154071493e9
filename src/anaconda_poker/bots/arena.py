"""Self-play arena: bots play many hands against each other; chips per hand with 95% intervals.

Design:

* **Blocks of rotated deals.** Hands are played in blocks of ``n`` hands for ``n`` seats.
  All hands of a block use the same shuffled deck; hand ``j`` of the block seats bot
  ``seats[(s + j) % n]`` in seat ``s``. Over a block every bot plays every seat and every
  starting hand once, so neither position nor the luck of the deal favours a bot (the
  duplicate idea of bridge and of poker AI evaluations, e.g. Brown & Sandholm, *Science*
  2019, "Superhuman AI for multiplayer poker", which varies seats over the same cards).
  A run of ``hands`` not divisible by ``n`` ends with a partial block.
* **Independent hands.** Every hand starts from fresh stacks of ``stack`` chips, the button
  on the last seat (seat 0 acts first in round 1): results measure play, not bankroll.
* **Sessions.** Consecutive blocks form sessions of ``session_blocks`` blocks. Each bot of
  ``seats`` (a *player*) is one object for its whole session: it moves from seat to seat
  with the rotation, its seat is named ``"<bot>@<player index>"`` in every hand of the
  session, and after each hand it is given the final view of its seat
  (:func:`~anaconda_poker.bots.protocol.observe_result`), so bots that remember the session
  (opponent modelling) can learn and be measured. A session is the unit of work.
* **Determinism.** The deck of block ``b`` is seeded from ``(seed, b)`` and each player's
  ``random.Random`` from ``(seed, session, player)``; results do not depend on the number
  of workers. In a duplicate run every bot's ``rng`` is reseeded at the start of each
  hand from ``(seed, deal, rotation, seat)``: the seat's random numbers, not the player's,
  so the two hands of a deal use the same seeds seat by seat (common random numbers).
* **Confidence intervals** come from the variation between blocks
  (:func:`~anaconda_poker.analysis.statistics.ratio_estimate`).
* **Duplicate (paired) comparison.** With ``duplicate``, blocks come in pairs on the same
  deck: the odd block of a pair replays the even block's deal with the first two players
  of ``seats`` exchanged (duplicate poker: each of the two holds, in the same seat and
  against the same other players, the cards the other held). The difference of the two
  players' chips is estimated per pair of blocks, ``d_u = net_0 − net_1`` over the pair's
  ``h_u`` hands, as ``Σ d_u / Σ h_u`` with the same between-unit standard error
  (:func:`paired_estimate`). The luck of the cards, shared by both, cancels in ``d_u``;
  what is left is the difference of their play (and the randomness of the bots and of the
  players' interaction). Because the bots' random numbers follow the seat (above), two
  copies of one bot exchanged play each deal identically and differ by exactly 0. This
  is the standard variance reduction of duplicate poker
  (Billings et al., "The challenge of poker", *Artificial Intelligence* 134, 2002, §6;
  "duplicate" matches of the Annual Computer Poker Competition; AIVAT, Burch et al.,
  AAAI 2018, reduces what is left further with a value function, not done here).
* **Workers.** Blocks are spread over ``workers`` processes (``multiprocessing``), or over
  a Ray cluster (:mod:`anaconda_poker.bots.arena_ray`).

Bots see only ``state.view(seat)`` (built when a bot first reads it) and
``state.legal_actions(seat)``, and after each hand the final ``state.view(seat)``.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from anaconda_poker.analysis.statistics import Estimate, ratio_estimate
from anaconda_poker.bots.histories import Row, hand_rows
from anaconda_poker.bots.lazy_view import LazyView
from anaconda_poker.bots.protocol import Bot, observe_result, observes_results
from anaconda_poker.bots.registry import ARENA_BOTS, UnknownBotError, create_bot
from anaconda_poker.core.actions import MalformedActionError
from anaconda_poker.core.cards import Deck
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.rule_errors import IllegalActionError
from anaconda_poker.core.state import HandState, Seat

DEFAULT_SESSION_BLOCKS = 25
"""Blocks per session by default (100 hands at a four-seat table)."""

_REFUSED = (IllegalActionError, MalformedActionError)
"""What :meth:`HandState.apply` raises for an action it refuses (as
:meth:`HandState.can_apply` answers ``False``)."""

_FIELDS = ("seat_hands", "net", "pots_won", "scoops", "showdowns", "decisions", "seconds")


class ArenaError(RuntimeError):
    """A bot broke the protocol (returned an illegal action); the message names the bot,
    the hand and the action."""


@dataclass(frozen=True, kw_only=True, slots=True)
class ArenaSpec:
    """What to play.

    Attributes:
        config: the table's rules.
        seats: a bot name per seat (``len(seats)`` players), e.g.
            ``("montecarlo", "heuristic", "random", "random")``.
        hands: hands to play, ``>= 1``.
        seed: seeds every deck and bot (reproducible).
        stack: chips each player starts every hand with, ``>= 1``.
        bot_options: keyword options per bot name, e.g. ``{"montecarlo": {"samples": 200}}``.
        session_blocks: blocks per session (module docstring), ``>= 1``; the bots keep
            their memory across the ``session_blocks * len(seats)`` hands of a session.
        both_orders: odd blocks seat the bots in the reverse order around the table (same
            deck, same rotation), so that at tables of more than two no bot always passes
            to the same other bot: comparing two bots at a four-seat table, the order
            around the table otherwise moves about 5 chips a hand (README).
        duplicate: odd blocks replay the previous block's deck with players 0 and 1
            (the first two of ``seats``) exchanged, and the run reports their paired
            difference (module docstring); ``hands`` must then be a multiple of
            ``2 × len(seats)`` (whole pairs of blocks). At a table of ``A, B, X, X`` the
            exchange also seats the two in both orders around the table.

    Raises:
        UnknownBotError: a seat names an unknown bot.
        ValueError: fewer than 2 seats, ``hands < 1``, ``stack < 1``,
            ``session_blocks < 1``, or ``duplicate`` with ``both_orders`` or with
            ``hands`` not a multiple of ``2 × len(seats)``.
        InvalidConfigError: more players than the deck can deal to.
    """

    config: TableConfig
    seats: tuple[str, ...]
    hands: int
    seed: int = 0
    stack: int = 500
    bot_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    session_blocks: int = DEFAULT_SESSION_BLOCKS
    both_orders: bool = False
    duplicate: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        for name in self.seats:
            if name not in ARENA_BOTS:
                raise UnknownBotError(f"unknown bot {name!r}; bots are {', '.join(ARENA_BOTS)}")
        if len(self.seats) < 2:
            raise ValueError(f"an arena needs at least 2 seats, got {len(self.seats)}")
        self.config.check_players(len(self.seats))
        if self.hands < 1:
            raise ValueError(f"hands must be >= 1, got {self.hands}")
        if self.stack < 1:
            raise ValueError(f"stack must be >= 1 chip, got {self.stack}")
        if self.session_blocks < 1:
            raise ValueError(f"session_blocks must be >= 1, got {self.session_blocks}")
        if self.duplicate and self.both_orders:
            raise ValueError(
                "duplicate and both_orders do not go together: duplicate already seats the "
                "two compared players in both orders when the others are alike"
            )
        if self.duplicate and self.hands % (2 * len(self.seats)):
            raise ValueError(
                f"a duplicate run plays whole pairs of blocks: hands must be a multiple of "
                f"{2 * len(self.seats)} at {len(self.seats)} seats, got {self.hands}"
            )

    @property
    def blocks(self) -> int:
        """Number of blocks (the last one may be partial)."""
        n = len(self.seats)
        return (self.hands + n - 1) // n

    def block_hands(self, block: int) -> int:
        """Hands played in ``block``."""
        n = len(self.seats)
        return min(n, self.hands - block * n)

    def players_in_seats(self, block: int, rotation: int) -> list[int]:
        """The player (index into :attr:`seats`) in each seat for hand ``rotation`` of
        ``block``: rotated by one seat per hand; with :attr:`both_orders`, odd blocks seat
        the players in the reverse order around the table; with :attr:`duplicate`, odd
        blocks exchange players 0 and 1."""
        n = len(self.seats)
        order = [(s + rotation) % n for s in range(n)]
        if self.both_orders and block % 2:
            order = [n - 1 - i for i in order]
        if self.duplicate and block % 2:
            order = [1 - i if i < 2 else i for i in order]
        return order

    def deck_block(self, block: int) -> int:
        """The block whose deck ``block`` is dealt from: itself, or with :attr:`duplicate`
        the even block of its pair."""
        return block - block % 2 if self.duplicate else block

    def session_of(self, block: int) -> int:
        """The session ``block`` belongs to."""
        return block // self.session_blocks


Tally = dict[str, list[float]]
"""Per bot name: the values of ``_FIELDS`` summed over a block; and under
``PAIR_KEY``, with :attr:`ArenaSpec.duplicate`, players 0 and 1's ``[hands, net, net]``."""

PAIR_KEY = "#pair"
"""Tally key of the duplicate pair's ``[hands, net of player 0, net of player 1]``."""


def _seed(spec: ArenaSpec, *parts: object) -> random.Random:
    return random.Random(":".join(str(p) for p in ("arena", spec.seed, *parts)))


def session_bots(spec: ArenaSpec, session: int) -> list[Bot]:
    """One bot object per player of ``spec.seats`` (index ``i`` plays ``spec.seats[i]``)
    for ``session``, each with its own seeded ``random.Random``."""
    return [
        create_bot(
            name,
            config=spec.config,
            rng=_seed(spec, "bot", session, i),
            **spec.bot_options.get(name, {}),
        )
        for i, name in enumerate(spec.seats)
    ]


def play_hand(
    spec: ArenaSpec,
    block: int,
    rotation: int,
    tally: Tally | None = None,
    players: Sequence[Bot] | None = None,
) -> HandState:
    """Play hand ``rotation`` of ``block`` to the end, add its outcome to ``tally`` and give
    every player the final view of its seat (``observe_result``).

    Args:
        players: the session's bot objects (:func:`session_bots`), one per entry of
            ``spec.seats``; player ``i`` sits in seat ``(i - rotation) % n``. ``None``
            builds fresh ones for the block's session.

    Returns:
        The completed hand.

    Raises:
        ArenaError: a bot returned an action the engine rejected.
    """
    n = len(spec.seats)
    if players is None:
        players = session_bots(spec, spec.session_of(block))
    order = spec.players_in_seats(block, rotation)
    names = [spec.seats[i] for i in order]
    bots = [players[i] for i in order]
    deck = Deck(rng=_seed(spec, "deck", spec.deck_block(block))).order
    if spec.duplicate:
        for seat, bot in enumerate(bots):
            rng = getattr(bot, "rng", None)  # every registered bot keeps its randomness here
            if isinstance(rng, random.Random):
                rng.seed(f"arena:{spec.seed}:duplicate:{spec.deck_block(block)}:{rotation}:{seat}")
    state = HandState(
        spec.config,
        seats=[Seat(name=f"{spec.seats[i]}@{i}", stack=spec.stack) for i in order],
        button=n - 1,
        deck=deck,
    )
    spent = [0.0] * n
    decisions = [0] * n
    while not state.is_complete:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        view = LazyView(state, seat, legal)
        started = time.perf_counter()
        action = bots[seat].act(view, legal)
        spent[seat] += time.perf_counter() - started
        decisions[seat] += 1
        # apply checks the action itself (a refused one leaves the state unchanged): no
        # separate can_apply, whose full check apply's common cases (check, call) skip
        try:
            state.apply(seat, action)
        except _REFUSED as error:
            raise ArenaError(
                f"bot {names[seat]} (seat {seat}, block {block}, hand {rotation}) chose "
                f"{action!s}; allowed: {legal.describe()}"
            ) from error
    for seat, bot in enumerate(bots):
        if observes_results(bot):  # a whole view per seat and hand: about 0.5 ms profiled
            observe_result(bot, state.view(seat))
    if tally is not None:
        result = state.result
        assert result is not None
        awards = result.awards
        scoops = set(result.scoops)
        for s, name in enumerate(names):
            row = tally.setdefault(name, [0.0] * len(_FIELDS))
            row[0] += 1
            row[1] += result.net.get(s, 0)
            row[2] += 1 if awards.get(s, 0) > 0 else 0
            row[3] += 1 if s in scoops else 0
            row[4] += 1 if result.showdown and state.live[s] else 0
            row[5] += decisions[s]
            row[6] += spent[s]
        if spec.duplicate:
            pair = tally.setdefault(PAIR_KEY, [0.0, 0.0, 0.0])
            pair[0] += 1
            pair[1] += result.net.get(order.index(0), 0)
            pair[2] += result.net.get(order.index(1), 0)
    return state


def play_blocks(
    spec: ArenaSpec, blocks: Sequence[int], *, records: list[Row] | None = None
) -> list[tuple[int, Tally]]:
    """Play whole blocks; returns ``(block, tally)`` for each (a worker's unit of work).

    Args:
        spec: what to play.
        blocks: block numbers.
        records: when given, every hand's rows (:func:`~anaconda_poker.bots.histories.
            hand_rows`) are appended to it.
    """
    out = []
    session: tuple[int, list[Bot]] | None = None
    for block in blocks:
        number = spec.session_of(block)
        if session is None or session[0] != number:
            session = (number, session_bots(spec, number))
        tally: Tally = {}
        for rotation in range(spec.block_hands(block)):
            state = play_hand(spec, block, rotation, tally, session[1])
            if records is not None:
                bots = [spec.seats[i] for i in spec.players_in_seats(block, rotation)]
                records.extend(hand_rows(state, bots=bots, block=block, rotation=rotation))
        out.append((block, tally))
    return out


def play_chunk(
    spec: ArenaSpec, blocks: Sequence[int], record: bool = False
) -> tuple[list[tuple[int, Tally]], list[Row]]:
    """:func:`play_blocks` for a worker process or a Ray task: the tallies, and the hands'
    rows when ``record`` is true (else an empty list). ``blocks`` should be whole sessions
    (:func:`chunks`): a session split over chunks starts its bots afresh in each."""
    records: list[Row] = []
    tallies = play_blocks(spec, blocks, records=records if record else None)
    return tallies, records


def _play_chunk(
    args: tuple[ArenaSpec, Sequence[int], bool],
) -> tuple[list[tuple[int, Tally]], list[Row]]:
    return play_chunk(*args)


def _finite(x: float) -> float | None:
    """``x``, or ``None`` for nan/inf (no standard error from one block; no time measured),
    because strict JSON (RFC 8259; jq, JavaScript's JSON.parse) has no NaN or Infinity."""
    return x if math.isfinite(x) else None


@dataclass(frozen=True, kw_only=True, slots=True)
class BotStats:
    """One bot's results over an arena run.

    Attributes:
        name: bot name.
        seat_hands: hands it played (a bot in two seats counts twice per hand).
        chips: chips won per hand with its 95% interval (chips).
        pots_won: fraction of its hands in which it won chips from at least one pot.
        scoops: fraction of its hands in which it scooped a pot (split games; 0 in
            ``high_only``, where nothing is split).
        showdowns: fraction of its hands it was still in at a showdown.
        hands_per_second: its hands divided by the time it spent deciding (how fast it
            alone could play).
    """

    name: str
    seat_hands: int
    chips: Estimate
    pots_won: float
    scoops: float
    showdowns: float
    hands_per_second: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {
            "bot": self.name,
            "seat_hands": self.seat_hands,
            "chips_per_hand": _finite(self.chips.mean),
            "chips_per_hand_se": _finite(self.chips.se),
            "ci95": [_finite(self.chips.low), _finite(self.chips.high)],
            "pots_won": self.pots_won,
            "scoops": self.scoops,
            "showdowns": self.showdowns,
            "hands_per_second": _finite(self.hands_per_second),
        }


@dataclass(frozen=True, kw_only=True, slots=True)
class ArenaResult:
    """An arena run: the spec, each bot's statistics (best chips per hand first), the wall
    time (seconds) and the hands per second of the whole run."""

    spec: ArenaSpec
    bots: tuple[BotStats, ...]
    seconds: float
    workers: int
    paired: Estimate | None = None
    """With :attr:`ArenaSpec.duplicate`: chips per hand of player 0 minus player 1
    (:func:`paired_estimate`); else ``None``."""

    @property
    def hands_per_second(self) -> float:
        """Hands played per wall-clock second."""
        return self.spec.hands / self.seconds if self.seconds > 0 else float("inf")

    def stats(self, name: str) -> BotStats:
        """The statistics of the bot called ``name``.

        Raises:
            KeyError: if no seat played that bot.
        """
        for b in self.bots:
            if b.name == name:
                return b
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: the run's parameters, each bot's statistics and the timing."""
        return {
            "config": self.spec.config.to_dict(),
            "seats": list(self.spec.seats),
            "hands": self.spec.hands,
            "seed": self.spec.seed,
            "stack": self.spec.stack,
            "bot_options": {k: dict(v) for k, v in self.spec.bot_options.items()},
            "session_blocks": self.spec.session_blocks,
            "both_orders": self.spec.both_orders,
            "workers": self.workers,
            "seconds": self.seconds,
            "hands_per_second": _finite(self.hands_per_second),
            "bots": [b.to_dict() for b in self.bots],
            "duplicate": self.spec.duplicate,
            "paired": None if self.paired is None else self.paired_dict(self.paired),
        }

    def paired_dict(self, paired: Estimate) -> dict[str, Any]:
        """JSON-ready dict of the duplicate difference."""
        return {
            "players": list(self.spec.seats[:2]),
            "difference_per_hand": _finite(paired.mean),
            "se": _finite(paired.se),
            "ci95": [_finite(paired.low), _finite(paired.high)],
            "deals": paired.blocks,
        }


def summarise(spec: ArenaSpec, tallies: Iterable[tuple[int, Tally]]) -> list[BotStats]:
    """Per-bot statistics from block tallies (best chips per hand first)."""
    by_block = dict(tallies)
    out: list[BotStats] = []
    for name in dict.fromkeys(spec.seats):
        rows = [by_block[b].get(name, [0.0] * len(_FIELDS)) for b in sorted(by_block)]
        totals = [sum(r[i] for r in rows) for i in range(len(_FIELDS))]
        hands = totals[0]
        chips = ratio_estimate([r[1] for r in rows], [r[0] for r in rows])
        seconds = totals[6]
        out.append(
            BotStats(
                name=name,
                seat_hands=int(hands),
                chips=chips,
                pots_won=totals[2] / hands if hands else 0.0,
                scoops=totals[3] / hands if hands else 0.0,
                showdowns=totals[4] / hands if hands else 0.0,
                hands_per_second=hands / seconds if seconds > 0 else float("inf"),
            )
        )
    out.sort(key=lambda b: -b.chips.mean)
    return out


def paired_estimate(spec: ArenaSpec, tallies: Iterable[tuple[int, Tally]]) -> Estimate:
    """The duplicate difference, chips per hand of player 0 minus player 1, from block
    tallies (module docstring): one unit per pair of blocks (one deal played both ways),
    ``Σ (net_0 − net_1) / Σ hands`` with the between-unit standard error of
    :func:`~anaconda_poker.analysis.statistics.ratio_estimate`.

    Raises:
        ValueError: ``spec.duplicate`` is false (no pairs were played).
    """
    if not spec.duplicate:
        raise ValueError("a paired estimate needs a duplicate run (ArenaSpec.duplicate)")
    units: dict[int, list[float]] = {}
    for block, tally in tallies:
        hands, net0, net1 = tally.get(PAIR_KEY, [0.0, 0.0, 0.0])
        unit = units.setdefault(block // 2, [0.0, 0.0])
        unit[0] += net0 - net1
        unit[1] += hands
    ordered = [units[u] for u in sorted(units)]
    return ratio_estimate([d for d, _ in ordered], [h for _, h in ordered])


def chunks(spec: ArenaSpec, workers: int) -> Iterator[list[int]]:
    """The run's blocks in chunks (units of work) for ``workers`` parallel workers: whole
    sessions (the bots of a session live in one process), at most 8 blocks when sessions
    are shorter, so that every worker stays busy and the progress bar moves."""
    size = max(1, min(8, spec.blocks // (4 * workers) or 1))
    if spec.session_blocks > 1:
        size = spec.session_blocks
    blocks = list(range(spec.blocks))
    for i in range(0, len(blocks), size):
        yield blocks[i : i + size]


def run_arena(
    spec: ArenaSpec,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    histories: Callable[[list[Row]], None] | None = None,
) -> ArenaResult:
    """Play ``spec.hands`` hands and summarise each bot's results.

    Args:
        spec: what to play.
        workers: processes to use; ``0`` = one per CPU core; ``1`` plays in this process.
        progress: called with the number of hands just finished, as chunks complete.
        histories: called with the rows of the hands just finished (one row per seat,
            :mod:`anaconda_poker.bots.histories`), as chunks complete.

    Returns:
        An :class:`ArenaResult`; identical statistics (except timings) for any ``workers``.

    Raises:
        ValueError: if ``workers < 0``.
        ArenaError: a bot returned an illegal action.
    """
    if workers < 0:
        raise ValueError(f"workers must be >= 0 (0 = every core), got {workers}")
    if workers == 0:
        workers = os.cpu_count() or 1
    started = time.perf_counter()
    collector = ChunkCollector(spec, progress=progress, histories=histories)
    record = histories is not None
    if workers == 1:
        for blocks in chunks(spec, workers):
            collector.add(play_chunk(spec, blocks, record))
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            jobs = ((spec, blocks, record) for blocks in chunks(spec, workers))
            for done in pool.imap_unordered(_play_chunk, jobs):
                collector.add(done)
    return collector.result(seconds=time.perf_counter() - started, workers=workers)


class ChunkCollector:
    """Gathers finished chunks (from processes or Ray tasks) in the order they finish,
    reporting progress and rows as they come, and builds the :class:`ArenaResult`."""

    def __init__(
        self,
        spec: ArenaSpec,
        *,
        progress: Callable[[int], None] | None,
        histories: Callable[[list[Row]], None] | None,
    ) -> None:
        self.spec = spec
        self.progress = progress
        self.histories = histories
        self.tallies: list[tuple[int, Tally]] = []

    def add(self, done: tuple[list[tuple[int, Tally]], list[Row]]) -> None:
        """Take one chunk's ``(tallies, rows)``."""
        tallies, rows = done
        self.tallies.extend(tallies)
        if self.histories is not None:
            self.histories(rows)
        if self.progress is not None:
            self.progress(sum(self.spec.block_hands(b) for b, _ in tallies))

    def result(self, *, seconds: float, workers: int) -> ArenaResult:
        """The summary of every chunk added (wall time ``seconds``)."""
        spec = self.spec
        return ArenaResult(
            spec=spec,
            bots=tuple(summarise(spec, self.tallies)),
            seconds=seconds,
            workers=workers,
            paired=paired_estimate(spec, self.tallies) if spec.duplicate else None,
        )
