"""A playable hand from a seat's own download: stand-in cards for what the seat never saw.

A seat's own history (``server/histories.py``) holds the public hand plus that seat's dealt
cards, its passes and arrangement, and the cards it received in each pass (``received``).
The engine cannot replay it: the other seats' passes have no cards. But a seat's views
(RULES.md §7) do not depend on cards it never saw, so any deal of those cards that makes the
public hand happen gives exactly the views the seat had. :func:`stand_in_history` builds one:

* every card the seat received in pass ``k`` must be in the passer's hand then, and every card
  an opponent turned face up must be in its hand when it arranges (in that order, first);
* a card the seat passed and later saw again (received back, or turned up by someone) is
  routed along the other seats' passes in between; a card the seat first sees in someone's
  hand is dealt to a seat from which the passes can bring it there in time (its holder
  itself when it has room);
* every other card is a stand-in from the cards the seat never saw, passed along as junk.

The result is replayed and checked: the seat must receive exactly its ``received`` cards and
every seat must show exactly the cards the result shows; otherwise :class:`ReviewError`.
The stand-in cards are never shown to anyone: the review reads only the seat's views.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from anaconda_poker.analysis.knowledge import neighbour
from anaconda_poker.core.cards import card_str, parse_codes
from anaconda_poker.core.config import TableConfig
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.history import ReplayError, replay
from anaconda_poker.core.state import HandState, Seat

PLAYABLE = 7
"""Playable cards per seat (the 9-card deal adds two hidden cards, RULES.md §6)."""
ATTEMPTS = 200
"""Deals tried (the first by a fixed preference, the others with seats and cards in a
seeded random order) before giving up; each takes about a millisecond."""


class StandInError(AnacondaError):
    """No stand-in deal was found or the download is not a seat's own history; the message
    says which."""


def _seats_dealt(history: Mapping[str, Any], config: TableConfig) -> tuple[int, ...]:
    """The seats dealt in, clockwise from the dealer's left (a throwaway deal finds them)."""
    seats: list[Seat | None] = []
    for entry in history["seats"]:
        number = int(entry["seat"])
        seats.extend([None] * (number + 1 - len(seats)))
        seats[number] = Seat(name=str(entry.get("name", number)), stack=int(entry["stack"]))
    probe = HandState(config, seats=seats, button=int(history["button"]), rng=random.Random(0))
    return tuple(probe.players)


def _live_at_passes(actions: Sequence[Mapping[str, Any]], order: Sequence[int]) -> list[list[int]]:
    folded: set[int] = set()
    out: list[list[int]] = []
    i = 0
    while i < len(actions):
        kind = actions[i].get("action")
        if kind == "pass":
            live = sorted(s for s in order if s not in folded)
            out.append(live)
            i += len(live)
            continue
        if kind == "fold":
            folded.add(int(actions[i]["seat"]))
        i += 1
    return out


def stand_in_history(own: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """A full history, replayable by the engine, in which ``seat`` sees exactly what it saw
    in the hand of its own download (module docstring).

    Args:
        own: a seat's own download (``"redacted": true``, ``"viewer_seat": seat``) with
            ``received``: the cards the seat received in each of its passes, in order.
        seat: the downloading seat.

    Returns:
        A HAND_HISTORY.md document with every seat's ``dealt`` cards and every pass and
        arrangement; no ``result`` (the engine recomputes it).

    Raises:
        StandInError: not that seat's own download, no ``received`` cards (a download from
            an older server), or no deal fits the hand.
    """
    if own.get("viewer_seat") != seat or str(seat) not in (own.get("dealt") or {}):
        raise StandInError(f"this is not seat {seat}'s own download")
    received_raw = own.get("received")
    if not isinstance(received_raw, list):
        raise StandInError(
            "this download does not list the cards the seat received in the passes (servers "
            "add them since issue 16); download the hand again, or use the web replayer's Review"
        )
    try:
        config = TableConfig.from_dict(own.get("config") or {})
        order = _seats_dealt(own, config)
        received = [parse_codes(r) for r in received_raw]
    except (AnacondaError, KeyError, TypeError, ValueError) as exc:
        raise StandInError(f"the download cannot be rebuilt: {exc}") from exc
    error = StandInError("no stand-in deal was tried")
    for attempt in range(ATTEMPTS):
        try:
            tries = random.Random(attempt) if attempt else None
            return _build(own, seat, config, order, received, tries)
        except StandInError as exc:
            error = exc
        except (AnacondaError, KeyError, TypeError, ValueError, IndexError) as exc:
            raise StandInError(f"the download cannot be rebuilt: {exc}") from exc
    raise error


def _build(
    own: Mapping[str, Any],
    seat: int,
    config: TableConfig,
    order: tuple[int, ...],
    received: list[list[int]],
    tries: random.Random | None,
) -> dict[str, Any]:
    actions = [dict(a) for a in own.get("actions") or []]
    lives = _live_at_passes(actions, order)
    passes = len(lives)
    counts = list(config.pass_counts)
    directions = [config.pass_directions[k % len(config.pass_directions)] for k in range(passes)]
    dealt = parse_codes(own["dealt"][str(seat)])
    mine_passed = [
        parse_codes(a["cards"]) for a in actions if a["seat"] == seat and a["action"] == "pass"
    ]
    revealed = {
        int(s): parse_codes(c) for s, c in ((own.get("result") or {}).get("revealed") or {}).items()
    }
    others = [s for s in order if s != seat]

    # every (time, holder) a card must be at; time k = just before pass k, `passes` = arranging
    events: dict[int, list[tuple[int, str, int]]] = {}  # card -> [(time, kind, seat)]
    for k, cards in enumerate(mine_passed):
        receiver = neighbour(lives[k], seat, directions[k])
        for c in cards:
            events.setdefault(c, []).append((k + 1, "from_seat", receiver))
    for k, cards in enumerate(received):
        sender = next(s for s in lives[k] if neighbour(lives[k], s, directions[k]) == seat)
        for c in cards:
            events.setdefault(c, []).append((k, "to_seat", sender))
    for s, cards in revealed.items():
        if s != seat:
            for c in cards:
                events.setdefault(c, []).append((passes, "shown", s))
    seen = set(dealt) | set(events)
    moves: dict[tuple[int, int], list[int]] = {}  # (pass, holder) -> cards it must pass
    start: dict[int, list[int]] = {s: [] for s in others}  # cards each opponent is dealt
    reserved: dict[int, list[tuple[int, int, int]]] = {}  # card -> [(from, to, holder)]

    kept: dict[tuple[int, int], int] = {}  # (pass, holder) -> reserved cards it keeps

    def route(card: int, sources: list[int], t0: int, target: int, t1: int) -> list[int]:
        """Holders of the card at times t0..t1 (from one of ``sources`` to ``target``), within
        what each pass allows: a seat passes ``count`` cards of its seven, so it keeps at most
        ``7 - count`` cards that must stay and passes at most ``count`` that must move."""
        queue = deque((s, t0, [s]) for s in sources)
        done: set[tuple[int, int]] = set()
        while queue:
            holder, t, path = queue.popleft()
            if t == t1:
                if holder == target:
                    return path
                continue
            if (holder, t) in done:
                continue
            done.add((holder, t))
            live = holder in lives[t]
            steps = []
            if not live or kept.get((t, holder), 0) < PLAYABLE - counts[t]:
                steps.append((holder, t + 1, [*path, holder]))  # keeps it
            if live:
                nxt = neighbour(lives[t], holder, directions[t])
                if nxt != seat and len(moves.get((t, holder), [])) < counts[t]:
                    steps.append((nxt, t + 1, [*path, nxt]))  # passes it on
            if tries:
                tries.shuffle(steps)
            queue.extend(steps)
        raise StandInError(
            f"no passes bring {card_str(card)} to seat {target} in time: the download does "
            "not describe a hand the engine can play"
        )

    def room(s: int) -> bool:
        return len(start[s]) < PLAYABLE

    # each stretch a card spends among the opponents: (card, source or None, t0, target, t1)
    segments: list[tuple[int, int | None, int, int, int, str]] = []
    for card, timeline in sorted(events.items()):
        timeline.sort()
        held_by_seat = card in dealt
        t0, source = 0, None
        for time, kind, who in timeline:
            if kind == "from_seat":
                t0, source, held_by_seat = time, who, False
                continue
            if held_by_seat:
                raise StandInError(f"{card_str(card)} is in two places at once in the download")
            segments.append((card, source, t0, who, time, kind))
            if kind == "to_seat":
                held_by_seat, source = True, None
            else:
                source, t0 = who, time
    # the most constrained first: a fixed start, then the earliest deadline
    segments.sort(key=lambda g: (g[1] is None, g[4], tries.random() if tries else g[0]))
    for card, source, t0, who, time, kind in segments:
        if source is None:  # first seen in an opponent's hand: deal it somewhere upstream
            sources = [s for s in others if room(s)]
            if tries:  # later attempts: another order of the seats that could be dealt it
                tries.shuffle(sources)
            else:
                sources.sort(key=lambda s: s != who)
            path = route(card, sources, 0, who, time)
            start[path[0]].append(card)
            begin = 0
        else:
            path = route(card, [source], t0, who, time)
            begin = t0
        for t in range(begin, time):
            a, b = path[t - begin], path[t - begin + 1]
            if a != b:
                moves.setdefault((t, a), []).append(card)
            else:
                kept[(t, a)] = kept.get((t, a), 0) + 1
            reserved.setdefault(card, []).append((t, t + 1, a))
        if kind == "to_seat":
            moves.setdefault((time, who), []).append(card)
    # fillers: cards the seat never saw
    pool = [c for c in range(52) if c not in seen]
    pool.reverse()
    hidden: dict[int, list[int]] = {}
    for s in others:
        while len(start[s]) < PLAYABLE:
            start[s].append(pool.pop())
        if config.cards_dealt > PLAYABLE:
            hidden[s] = [pool.pop() for _ in range(config.cards_dealt - PLAYABLE)]

    def needed_later(card: int, holder: int, t: int) -> bool:
        """The card must stay with ``holder`` at pass ``t`` or later."""
        return any(a >= t and h == holder for (a, _b, h) in reserved.get(card, ())) or any(
            time >= t and who == holder and kind != "from_seat"
            for time, kind, who in events.get(card, ())
        )

    hands = {s: list(start[s]) for s in others}
    hands[seat] = list(dealt[:PLAYABLE])
    chosen: dict[tuple[int, int], list[int]] = {}
    for t in range(passes):
        out: dict[int, list[int]] = {}
        for s in lives[t]:
            if s == seat:
                out[s] = mine_passed[t]
                continue
            forced = list(moves.get((t, s), []))
            if neighbour(lives[t], s, directions[t]) == seat:
                forced = list(received[t])  # in the order the seat received them
            free = [c for c in hands[s] if c not in forced and not needed_later(c, s, t)]
            if any(c not in hands[s] for c in forced) or len(forced) + len(free) < counts[t]:
                raise StandInError(f"seat {s} cannot make pass {t + 1} of the download")
            out[s] = forced + free[: counts[t] - len(forced)]
            chosen[(t, s)] = out[s]
        for s in lives[t]:
            for c in out[s]:
                hands[s].remove(c)
        for s in lives[t]:
            hands[neighbour(lives[t], s, directions[t])].extend(out[s])
    filled: list[dict[str, Any]] = []
    pass_no: dict[int, int] = {}
    for record in actions:
        s = int(record["seat"])
        if s != seat and record["action"] == "pass":
            k = pass_no.get(s, 0)
            pass_no[s] = k + 1
            record = {**record, "cards": [card_str(c) for c in chosen[(k, s)]]}
        elif s != seat and record["action"] == "arrange":
            shown = revealed.get(s, [])
            rest = [c for c in hands[s] if c not in shown]
            record = {**record, "cards": [card_str(c) for c in [*shown, *rest][:5]]}
        filled.append(record)
    deal = {str(s): [card_str(c) for c in start[s] + hidden.get(s, [])] for s in others}
    deal[str(seat)] = list(own["dealt"][str(seat)])
    full = {k: v for k, v in own.items() if k not in ("dealt", "actions", "result", "received")}
    full.update(dealt=deal, actions=filled, redacted=False)
    _check(full, seat, received, revealed)
    return full


def _check(
    full: Mapping[str, Any], seat: int, received: list[list[int]], revealed: Mapping[int, list[int]]
) -> None:
    """The stand-in hand gives the seat what it received and shows what the result shows."""
    try:
        state = replay(full)
    except ReplayError as exc:
        raise StandInError(f"the stand-in hand does not replay: {exc}") from exc
    got = [sorted(r) for _p, r in state.passes[seat]]
    if got != [sorted(r) for r in received]:
        raise StandInError("the stand-in hand does not give the seat the cards it received")
    shown = {s: list(state.revealed(s)) for s in state.players if state.revealed(s)}
    if shown != {s: list(c) for s, c in revealed.items() if c}:
        raise StandInError("the stand-in hand does not show the cards the result shows")
