"""A session at one table: one person against bots, hand after hand.

This is the game loop without any drawing: it seats the players, moves the button, lets the
bots act, applies the person's decisions through the engine (which checks them), keeps the
statistics of the session and saves every finished hand as a HAND_HISTORY.md document.

Every hand is dealt like the server deals it (fairness version 3, ``core.fairness_v3``): a
deck is shuffled and committed to, the person's own random seed (the bots' seeds are empty)
shuffles it, and the saved history carries the server deck, the salt, the commitment and the
seeds, so ``anaconda-poker verify`` checks it in full (``--my-seed`` with
:attr:`TableSession.my_seed`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from anaconda_poker.bots.fallback import fallback_action, report_bot_failure
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import card_str
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.fairness import SALT_BYTES, deck_commitment_v2
from anaconda_poker.core.fairness_v3 import VERSION, canonical_seeds, derive_deck
from anaconda_poker.core.session import Session
from anaconda_poker.core.state import HandState, Phase, Seat
from anaconda_poker.tui.players import Policy


@dataclass(frozen=True, slots=True)
class CommittedDeal:
    """The fairness version 3 facts of one locally dealt hand (HAND_HISTORY.md).

    Attributes:
        server_deck: the 52 committed card codes, by position.
        salt: the master salt, hex.
        commitment: the version 2 root of ``server_deck`` and ``salt``.
        seeds: ``(seat, seed hex)`` for every seat dealt in (bots: ``""``).
        deck: the dealt deck: ``server_deck`` shuffled by ``seeds``.
    """

    server_deck: tuple[int, ...]
    salt: str
    commitment: str
    seeds: tuple[tuple[int, str], ...]
    deck: tuple[int, ...]

    @classmethod
    def draw(cls, rng: random.Random, seats: Sequence[int], human_seat: int) -> CommittedDeal:
        """Shuffle and commit a server deck, draw the person's 32-byte seed (when dealt in),
        derive the deck. All randomness comes from ``rng``."""
        server_deck = list(range(52))
        rng.shuffle(server_deck)
        salt = rng.randbytes(SALT_BYTES).hex()
        commitment = deck_commitment_v2(server_deck, salt)
        own = {human_seat: rng.randbytes(32).hex()} if human_seat in seats else {}
        seeds = canonical_seeds(own, seats)
        deck = derive_deck(server_deck, commitment, seeds)
        return cls(tuple(server_deck), salt, commitment, tuple(seeds), tuple(deck))

    def history_fields(self) -> dict[str, object]:
        """The fairness fields of a full version 3 history."""
        return {
            "server_deck": [card_str(c) for c in self.server_deck],
            "deck": [card_str(c) for c in self.deck],
            "deck_salt": self.salt,
            "deck_commitment": self.commitment,
            "deck_commitment_version": VERSION,
            "player_seeds": [{"seat": s, "seed": seed} for s, seed in self.seeds],
        }


@dataclass
class Player:
    """One player of the session.

    Attributes:
        seat: seat number.
        name: display name.
        stack: chips now.
        human: the person at the keyboard (exactly one per session).
        level: the bot level, ``None`` for the person.
        buy_in: chips at the start of the session.
        hands_won: hands in which the player won chips from a pot (or half of one).
        scoops: pots scooped (won both halves of a high-low pot alone).
        biggest_win: most chips won in one hand.
        rebuys: times the player was brought back to the starting stack after going
            broke (each adds to ``buy_in``).
        seated: the player is at the table; ``False`` once a bot out of chips has left
            it (a session without rebuys), until new bots sit down.
    """

    seat: int
    name: str
    stack: int
    human: bool = False
    level: str | None = None
    buy_in: int = 0
    hands_won: int = 0
    scoops: int = 0
    biggest_win: int = 0
    rebuys: int = 0
    seated: bool = True

    @property
    def net(self) -> int:
        """Chips won (positive) or lost (negative) so far."""
        return self.stack - self.buy_in


@dataclass(frozen=True, slots=True)
class ActionEvent:
    """One accepted decision, for the log.

    Attributes:
        seat: who acted.
        action: the decision.
        amount: chips added for a call, the "to" total of a bet or raise, else 0.
        all_in: the action left the seat with no chips behind.
    """

    seat: int
    action: Action
    amount: int = 0
    all_in: bool = False


def apply_action(state: HandState, seat: int, action: Action) -> ActionEvent:
    """Apply ``action`` for ``seat`` and describe it for the log.

    Raises:
        AnacondaError: the engine's specific error when the action is not legal now (the
            state is unchanged).
    """
    legal = state.legal_actions(seat)
    state.apply(seat, action)
    amount = 0
    if action.kind is ActionKind.CALL:
        amount = legal.call_amount
    elif action.to is not None:
        amount = action.to
    betting = action.kind.is_betting and action.kind is not ActionKind.FOLD
    return ActionEvent(
        seat=seat, action=action, amount=amount, all_in=betting and state.stack[seat] == 0
    )


@dataclass
class HandRecord:
    """A finished hand: its number, its final state and where its history was saved.

    Attributes:
        number: the hand's number in the session (1, 2, ...).
        state: the finished hand.
        path: the saved hand history, ``None`` when not saved.
        busted: seats left with no chips by this hand.
        rebought: bots among ``busted`` that bought the starting stack again at once.
        left: bots among ``busted`` that left the table (a session without rebuys).
        save_error: why the history could not be saved (``None`` = saved or not asked).
    """

    number: int
    state: HandState
    path: Path | None = None
    busted: list[int] = field(default_factory=list)
    rebought: list[int] = field(default_factory=list)
    left: list[int] = field(default_factory=list)
    save_error: str | None = None


class TableSession:
    """Consecutive hands at one table, on top of the engine's
    :class:`~anaconda_poker.core.session.Session` (RULES.md §1: the button moves one seat
    clockwise after every hand; dealer's choice of game, §5).

    Nobody sits at the table without chips. With ``rebuys`` (the default, like a server
    table that allows rebuys) a bot that goes broke buys the starting stack again before
    the next hand and the person is offered the same (:meth:`refill_offer`); every rebuy
    counts in the buy-in. Without rebuys (a freezeout) a bot that goes broke leaves the
    table, and a person who goes broke is out: the session is over. Either way, once the
    person has won every bot's chips, new bots may sit down.

    Args:
        config: the table's rules and stakes (the split may change between hands).
        names: player names by seat.
        human_seat: the person's seat.
        policies: a policy for every other seat.
        levels: the bot level name of every other seat (for display).
        stack: every player's starting chips, ``>= 1``.
        rng: the session's random source: deals and the first button. Seed it for
            reproducible games; default ``random.SystemRandom()``.
        history_dir: folder for hand histories (created on first save); ``None`` = no saving.
        rebuys: whether players who go broke buy the starting stack again (bots at once,
            the person when they choose); ``False`` = busted bots leave the table.

    Raises:
        ValueError: if the seats, policies or stack do not fit together.
        InvalidConfigError: if the table cannot deal to that many players.
    """

    def __init__(
        self,
        *,
        config: TableConfig,
        names: Sequence[str],
        human_seat: int,
        policies: Mapping[int, Policy],
        levels: Mapping[int, str] | None = None,
        stack: int = 200,
        rng: random.Random | None = None,
        history_dir: Path | None = None,
        rebuys: bool = True,
    ) -> None:
        seats = len(names)
        if not 0 <= human_seat < seats:
            raise ValueError(f"human seat {human_seat} is not one of the {seats} seats")
        if set(policies) != set(range(seats)) - {human_seat}:
            raise ValueError("give a policy for every seat but the person's")
        if stack < 1:
            raise ValueError(f"the starting stack must be at least 1 chip, got {stack}")
        config.check_players(seats)
        self.config = config
        self.split: Split = config.split
        self.human_seat = human_seat
        self.policies = dict(policies)
        self.players = [
            Player(
                seat=s,
                name=name,
                stack=stack,
                human=s == human_seat,
                level=None if s == human_seat else (levels or {}).get(s),
                buy_in=stack,
            )
            for s, name in enumerate(names)
        ]
        self.starting_stack = stack
        self.rebuys = rebuys
        self.rng = rng if rng is not None else random.SystemRandom()
        self.history_dir = history_dir
        self.session_id = datetime.now().strftime("%Y%m%d-%H%M%S")
        self.table = Session(
            config,
            [Seat(name=name, stack=stack) for name in names],
            button=self.rng.randrange(seats),
            rng=self.rng,
            dealers_choice=True,
        )
        self.hand_number = 0
        self.deal: CommittedDeal | None = None  # the current hand's commitment and seeds
        self.state: HandState | None = None
        self.records: list[HandRecord] = []

    # ------------------------------------------------------------------ hands
    @property
    def human(self) -> Player:
        """The person's player record."""
        return self.players[self.human_seat]

    def names(self) -> list[str]:
        """Player names by seat."""
        return [p.name for p in self.players]

    def is_over(self) -> bool:
        """True when no further hand can be dealt: the person or every bot is out of chips."""
        return self.human.stack <= 0 or len(self.table.active_seats) < 2

    def refill_offer(self) -> str | None:
        """What would let the session go on after a hand: ``"rebuy"`` when the person is out
        of chips and the session allows rebuys, ``"new_bots"`` when the person has won every
        bot's chips, else ``None`` (nobody needs chips, a person out of a session without
        rebuys, or a hand is running)."""
        if self.table.hand is not None:
            return None
        if self.human.stack <= 0:
            return "rebuy" if self.rebuys else None
        if all(p.stack <= 0 for p in self.players if not p.human):
            return "new_bots"
        return None

    def rebuy(self, seat: int) -> int:
        """Bring a player who is out of chips back to the starting stack between hands.

        The chips count as bought: they are added to the player's ``buy_in`` (so ``net``
        stays honest) and ``rebuys`` goes up by one. A bot that had left the table sits
        down in its seat again.

        Args:
            seat: the player's seat.

        Returns:
            The chips added (the starting stack).

        Raises:
            RuntimeError: if a hand is running.
            ValueError: if the seat does not exist or still has chips.
        """
        if self.table.hand is not None:
            raise RuntimeError("a rebuy waits for the end of the hand")
        if not 0 <= seat < len(self.players):
            raise ValueError(f"seat {seat} does not exist; seats are 0..{len(self.players) - 1}")
        player = self.players[seat]
        if player.stack > 0:
            raise ValueError(f"{player.name} still has {player.stack} chips: no rebuy")
        chips = self.starting_stack
        if self.table.seats[seat] is None:
            self.table.join(seat, name=player.name, stack=chips)
            player.seated = True
        else:
            self.table.add_chips(seat, chips)
        player.stack += chips
        player.buy_in += chips
        player.rebuys += 1
        return chips

    def refill(self) -> list[int]:
        """Do what :meth:`refill_offer` offers: rebuy the person, or give every bot a new
        starting stack. Returns the seats that were given chips (none if nothing was
        offered)."""
        offer = self.refill_offer()
        if offer == "rebuy":
            seats = [self.human_seat]
        elif offer == "new_bots":
            seats = [p.seat for p in self.players if not p.human]
        else:
            return []
        for seat in seats:
            self.rebuy(seat)
        return seats

    def start_hand(self, split: Split | None = None) -> HandState:
        """Deal the next hand (busted players sit out, the button moves on).

        Args:
            split: the game type for this and later hands (dealer's choice); ``None`` keeps
                the current one.

        Raises:
            RuntimeError: if the session is over (see :meth:`is_over`) or a hand is running.
        """
        if self.is_over():
            raise RuntimeError("the session is over: not enough players with chips")
        if self.table.hand is not None:
            raise RuntimeError("a hand is still being played")
        if split is not None:
            self.split = Split(split)
        seats = [
            i for i, seat in enumerate(self.table.seats) if seat is not None and seat.stack > 0
        ]
        self.deal = CommittedDeal.draw(self.rng, seats, self.human_seat)
        self.state = self.table.start_hand(split=self.split, deck=self.deal.deck)
        self.hand_number += 1
        return self.state

    def _require_state(self) -> HandState:
        if self.state is None:
            raise RuntimeError("no hand has been dealt yet")
        return self.state

    def pending_bot(self) -> int | None:
        """A bot seat that must act now, or ``None`` (the person's turn, or the hand is over)."""
        state = self._require_state()
        for seat in state.to_act:
            if seat != self.human_seat:
                return seat
        return None

    def human_to_act(self) -> bool:
        """True when the engine waits for the person."""
        return self.human_seat in self._require_state().to_act

    def _apply(self, seat: int, action: Action) -> ActionEvent:
        return apply_action(self._require_state(), seat, action)

    def decide_bot(self, seat: int) -> Action:
        """The decision of the bot in ``seat``, without applying it.

        Only reads the hand (the bot sees its own view), so it may run in a worker thread
        while the interface stays responsive. A bot that fails, or whose decision the
        engine would refuse, plays :func:`~anaconda_poker.bots.fallback.fallback_action`
        instead (it checks when checking is free, and folds only facing a bet), so a faulty
        bot cannot stop the game; the failure is logged, and raises in strict mode (tests).

        Raises:
            RuntimeError: if no hand is running.
            ValueError: if ``seat`` is the person's seat.
            BotDecisionError: the bot failed and ``ANACONDA_POKER_STRICT_BOTS`` is set.
        """
        if seat == self.human_seat:
            raise ValueError("the person's seat is not played by a bot")
        state = self._require_state()
        try:
            action = self.policies[seat].choose(state, seat)
        except Exception as exc:  # a faulty bot must not stop the game
            report_bot_failure(f"terminal game: bot at seat {seat}", exc)
            return fallback_action(state, seat)
        if not state.can_apply(seat, action):
            report_bot_failure(f"terminal game: bot at seat {seat} chose {action}, not legal now")
            action = fallback_action(state, seat)
        return action

    def apply_bot(self, seat: int, action: Action) -> ActionEvent:
        """Apply a decision from :meth:`decide_bot`.

        Raises:
            RuntimeError: if no hand is running.
            AnacondaError: if the hand changed since the decision and it is no longer legal.
        """
        return self._apply(seat, action)

    def play_bot(self, seat: int) -> ActionEvent:
        """Let the bot in ``seat`` decide (see :meth:`decide_bot`) and apply its decision.

        Raises:
            RuntimeError: if no hand is running.
            ValueError: if ``seat`` is the person's seat.
        """
        return self.apply_bot(seat, self.decide_bot(seat))

    def apply_human(self, action: Action) -> ActionEvent:
        """Apply the person's decision.

        Raises:
            RuntimeError: if no hand is running.
            AnacondaError: the engine's specific error when the action is not legal now
                (the state is unchanged).
        """
        return self._apply(self.human_seat, action)

    # ------------------------------------------------------------------ after a hand
    def finish_hand(self) -> HandRecord:
        """Record the finished hand: stacks, statistics and the saved history.

        Raises:
            RuntimeError: if the hand is not complete.
        """
        state = self._require_state()
        result = state.result
        if result is None or state.phase is not Phase.COMPLETE:
            raise RuntimeError("the hand is not complete yet")
        if self.records and self.records[-1].state is state:
            return self.records[-1]
        self.table.finish_hand()
        for seat, policy in self.policies.items():  # the bots' session memory
            if (observe := getattr(policy, "observe", None)) is not None and seat in state.order:
                observe(state, seat)
        for player, seat_record in zip(self.players, self.table.seats, strict=True):
            if seat_record is not None:
                player.stack = seat_record.stack
        awards = result.awards
        for seat in state.order:
            player = self.players[seat]
            won = awards.get(seat, 0)
            if won > 0:
                player.hands_won += 1
            player.biggest_win = max(player.biggest_win, won)
        for pot in result.pots:
            if pot.scoop is not None:
                self.players[pot.scoop].scoops += 1
        record = HandRecord(
            number=self.hand_number,
            state=state,
            busted=[s for s in state.order if self.players[s].stack == 0],
        )
        self._settle_busted_bots(record)
        try:
            record.path = self.save_history(state)
        except OSError as exc:  # a full disk or a removed folder must not end the game
            record.save_error = f"{exc.strerror or exc.__class__.__name__}: {exc.filename}"
        self.records.append(record)
        return record

    def _settle_busted_bots(self, record: HandRecord) -> None:
        """Nobody stays at the table without chips: a busted bot buys in again (with
        rebuys) or leaves. The last bot of a freezeout leaves too; :meth:`refill` seats new
        bots when the person asks for them."""
        for seat in record.busted:
            player = self.players[seat]
            if player.human:
                continue
            if self.rebuys:
                self.rebuy(seat)
                record.rebought.append(seat)
            else:
                self.table.leave(seat)
                player.seated = False
                record.left.append(seat)

    @property
    def my_seed(self) -> str | None:
        """The person's seed of the current (or last) hand, hex; ``None`` if not dealt in."""
        deal = self.deal
        return None if deal is None else dict(deal.seeds).get(self.human_seat)

    def history(self, state: HandState) -> dict[str, object]:
        """``state.history()`` with the fairness version 3 fields of the hand's deal."""
        history: dict[str, object] = state.history()
        if self.deal is not None and state is self.state:
            history.update(self.deal.history_fields())
        return history

    def save_history(self, state: HandState) -> Path | None:
        """Write :meth:`history` as JSON into :attr:`history_dir` (``None`` if unset).

        File names are ``<session>-hand-<NNN>.json``.

        Raises:
            OSError: if the folder or the file cannot be written.
        """
        if self.history_dir is None:
            return None
        self.history_dir.mkdir(parents=True, exist_ok=True)
        path = self.history_dir / f"{self.session_id}-hand-{self.hand_number:03d}.json"
        path.write_text(json.dumps(self.history(state), indent=1) + "\n", encoding="utf-8")
        return path
