"""The independent leak oracle (RULES.md §7): what each seat may know, from stored histories.

It does not use the engine's views: from each finished hand's stored history (dealt cards
and actions) it works out, action by action, the cards each seat has held or received
(passes resolve when the last seat of that pass commits; each passer gives to the next
passer in the pass direction) and checks that any other card in a frame is a revealed card
shown in reveal order (a prefix of its owner's arrangement). Frames outside a hand may carry
no card at all.

Declarations (the declare house rule, RULES.md §6) are as secret as a pending pass: before
the last seat has declared, a frame may show a seat its own declaration (once it has made
it) and nobody anyone else's; the result then shows them all. The oracle finds every
declaration in a frame by its key, wherever it is (``direction``, ``declaration``,
``declarations``, ``failed_swings``), and checks each against the stored history.
Shared by the leak, seat-race, fuzz and declare tests.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from anaconda_poker.server.lobby import Lobby

PUBLIC_SEAT_KEYS = {
    "seat",
    "name",
    "stack",
    "bet",
    "committed",
    "folded",
    "all_in",
    "revealed",
    "card_count",
    "hidden_count",
    "has_committed",
}


DECLARATION_KEYS = frozenset({"direction", "declaration", "declarations", "failed_swings"})
DIRECTIONS = ["high", "low", "both"]


def declarations_in(value: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Every ``(path, value)`` in a JSON value under a key of :data:`DECLARATION_KEYS` whose
    value is not empty (``None``, ``[]`` and ``{}`` say nothing)."""
    found: list[tuple[tuple[str, ...], Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            where = (*path, str(key))
            if key in DECLARATION_KEYS and item not in (None, [], {}):
                found.append((where, item))
            else:
                found.extend(declarations_in(item, where))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(declarations_in(item, (*path, str(index))))
    return found


CARD_STRING = re.compile(r'"([2-9TJQKA][cdhs])"')
FORBIDDEN = re.compile(r'"(deck|server_deck|deck_salt|salt|dealt|token|token_hash)"\s*:')


def cards_in(text: str) -> set[str]:
    """Every JSON string of a frame that is a card (keys never are: keys are words), after
    checking that the frame carries none of the secret fields."""
    bad = FORBIDDEN.search(text)
    if bad:
        raise AssertionError(f"a frame carries the field {bad.group(1)!r}")
    return set(CARD_STRING.findall(text))


@dataclass
class HandKnowledge:
    """Who may know which card after how many actions, from one stored history."""

    dealt: dict[int, set[str]]
    received: list[tuple[int, dict[int, set[str]]]]  # (known from action count, per seat)
    arranged: dict[int, list[str]]
    total_actions: int
    declared: dict[int, tuple[int, str]] = field(default_factory=dict)
    """seat -> (action count from which the seat knows it, direction)"""
    result: dict[str, Any] = field(default_factory=dict)

    @property
    def all_declared_at(self) -> int | None:
        """The action count at which every declaration is revealed (``None``: no declaring)."""
        return max((at for at, _ in self.declared.values()), default=None)

    @classmethod
    def from_history(cls, history: dict[str, Any]) -> HandKnowledge:
        dealt = {int(s): set(cards) for s, cards in history["dealt"].items()}
        actions = history["actions"]
        counts = history["config"]["pass_counts"]
        directions = history["config"]["pass_directions"]
        rounds: dict[int, list[tuple[int, dict[str, Any]]]] = defaultdict(list)
        for index, action in enumerate(actions):
            if action["action"] == "pass":
                # a seat passes once per pass; the pass number follows from its own count
                seat = action["seat"]
                number = sum(1 for r in rounds.values() for _, a in r if a["seat"] == seat)
                assert len(action["cards"]) == counts[number]
                rounds[number].append((index, action))
        received: list[tuple[int, dict[int, set[str]]]] = []
        for number, entries in sorted(rounds.items()):
            passers = sorted(a["seat"] for _, a in entries)
            by_seat = {a["seat"]: a["cards"] for _, a in entries}
            step = 1 if directions[number] == "left" else -1
            gets: dict[int, set[str]] = {}
            for i, seat in enumerate(passers):
                to = passers[(i + step) % len(passers)]
                gets[to] = set(by_seat[seat])
            resolved_at = max(index for index, _ in entries) + 1
            received.append((resolved_at, gets))
        arranged = {a["seat"]: list(a["cards"]) for a in actions if a["action"] == "arrange"}
        declared = {
            a["seat"]: (index + 1, a["direction"])
            for index, a in enumerate(actions)
            if a["action"] == "declare"
        }
        return cls(
            dealt=dealt,
            received=received,
            arranged=arranged,
            total_actions=len(actions),
            declared=declared,
            result=history.get("result") or {},
        )

    def own(self, seat: int | None, action_count: int) -> set[str]:
        if seat is None or seat not in self.dealt:
            return set()
        known = set(self.dealt[seat])
        for resolved_at, gets in self.received:
            if action_count >= resolved_at:
                known |= gets.get(seat, set())
        return known


@dataclass
class LeakChecker:
    """Collects frames per hand and checks them once the hand's history is stored."""

    lobby: Lobby
    pending: dict[tuple[str, int], list[tuple[int | None, dict[str, Any], str]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    checked: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    hands_checked: set[tuple[str, int]] = field(default_factory=set)
    card_frames: int = 0
    declarations_checked: int = 0

    def add(
        self, table_id: str, seat: int | None, text: str, frame: dict[str, Any] | None = None
    ) -> None:
        if frame is None:
            frame = json.loads(text)
        kind = frame["type"]
        who = "spectator" if seat is None else f"seat {seat}"
        if kind in ("state", "hand_finished") and frame.get("hand_no"):
            self.pending[(table_id, frame["hand_no"])].append((seat, frame, text))
            return
        found = cards_in(text)
        assert not found, f"{kind} frame to {who} shows cards {found}"
        told = declarations_in(frame)
        assert not told, f"{kind} frame to {who} shows declarations {told}"
        self.checked[who] += 1

    def flush(self, *, final: bool = False) -> None:
        store = self.lobby.store
        assert store is not None
        for key in list(self.pending):
            table_id, hand_no = key
            record = store.hand(table_id, hand_no)
            if record is None:
                if final:
                    del self.pending[key]  # the hand still running when the test stopped
                continue
            knowledge = HandKnowledge.from_history(record.history)
            for seat, frame, text in self.pending.pop(key):
                self.check(knowledge, seat, frame, text)
            self.hands_checked.add(key)

    def check(
        self, knowledge: HandKnowledge, seat: int | None, frame: dict[str, Any], text: str
    ) -> None:
        who = "spectator" if seat is None else f"seat {seat}"
        if frame["type"] == "state":
            count = frame["action_count"]
            view = frame["view"]
            revealed = {int(s["seat"]): s["revealed"] for s in view["seats"]}
            for entry in view["seats"]:
                assert set(entry) <= PUBLIC_SEAT_KEYS, (
                    f"{who} sees private keys {set(entry) - PUBLIC_SEAT_KEYS}"
                )
            you = view["you"]
            if you is not None:
                assert you["seat"] == seat, f"{who} got the view of seat {you['seat']}"
            if view.get("result"):
                revealed.update({int(s): c for s, c in view["result"]["revealed"].items()})
        else:
            count = knowledge.total_actions
            revealed = {int(s): c for s, c in frame["result"]["revealed"].items()}
        public: set[str] = set()
        for owner, shown in revealed.items():
            arrangement = knowledge.arranged.get(owner, [])
            assert shown == arrangement[: len(shown)], (
                f"{who} sees seat {owner}'s cards {shown}, not a prefix of its arrangement"
            )
            public |= set(shown)
        allowed = knowledge.own(seat, count) | public
        leaked = cards_in(text) - allowed
        assert not leaked, (
            f"{frame['type']} frame to {who} after {count} actions leaks {sorted(leaked)}"
        )
        self.check_declarations(knowledge, seat, frame, count)
        self.checked[who] += 1

    def check_declarations(
        self, knowledge: HandKnowledge, seat: int | None, frame: dict[str, Any], count: int
    ) -> None:
        """Declarations in a frame after ``count`` actions: the seat's own once made, all of
        them (as in the stored result) once the last seat has declared, nothing else."""
        who = "spectator" if seat is None else f"seat {seat}"
        revealed_at = knowledge.all_declared_at
        all_known = revealed_at is not None and count >= revealed_at
        for path, value in declarations_in(frame):
            where = ".".join(path)
            tail = path[-2:]
            if tail == ("legal", "declarations"):
                assert value == DIRECTIONS, f"{who}: {where} offers {value}"
                continue
            if tail == ("you", "declaration"):
                own = knowledge.declared.get(seat) if seat is not None else None
                assert own is not None and count >= own[0] and value == own[1], (
                    f"{who} after {count} actions is told it declared {value!r}; "
                    f"the history says {own}"
                )
                self.declarations_checked += 1
                continue
            if tail in (("result", "declarations"), ("result", "failed_swings")):
                assert all_known, (
                    f"{who} sees {where} = {value} after {count} actions; "
                    f"declarations are revealed after action {revealed_at}"
                )
                assert value == knowledge.result.get(path[-1]), (
                    f"{who}: {where} = {value} differs from the stored result"
                )
                self.declarations_checked += 1
                continue
            raise AssertionError(
                f"{frame['type']} frame to {who} after {count} actions carries a declaration "
                f"at {where} = {value!r}"
            )
        self.card_frames += 1


def cards_in_history(text: str) -> set[str]:
    """Every card string in a downloaded history."""
    return set(CARD_STRING.findall(text))
