"""Sessions: button movement, busted players sitting out, joins, dealer's choice."""

from __future__ import annotations

import random

import pytest

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.session import Session, SessionError
from anaconda_poker.core.state import HandState, Seat


def fold_to_first(hand: HandState) -> None:
    """Everyone folds to the first bettor: the first player to act bets, the rest fold."""
    first = hand.to_act[0]
    legal = hand.legal_actions(first)
    if ActionKind.BET in legal.kinds and legal.bet_range is not None:
        hand.apply(first, Action.bet(legal.bet_range[0]))
    else:
        hand.apply(first, Action.check())
    while not hand.is_complete:
        hand.apply(hand.to_act[0], Action.fold())


def call_down(hand: HandState) -> None:
    while not hand.is_complete:
        for seat in hand.to_act:
            legal = hand.legal_actions(seat)
            if ActionKind.PASS in legal.kinds:
                hand.apply(seat, Action.pass_cards(legal.cards[: legal.pass_count]))
            elif ActionKind.ARRANGE in legal.kinds:
                hand.apply(seat, Action.arrange(legal.cards[:5]))
            elif ActionKind.CALL in legal.kinds:
                hand.apply(seat, Action.call())
                break
            else:
                hand.apply(seat, Action.check())
                break


def players(*stacks: int | None) -> list[Seat | None]:
    return [None if s is None else Seat(name=f"p{i}", stack=s) for i, s in enumerate(stacks)]


def test_button_moves_one_occupied_seat_clockwise() -> None:
    session = Session(TableConfig(), players(50, None, 50, 50), button=2, rng=random.Random(1))
    buttons = []
    for _ in range(5):
        hand = session.start_hand()
        buttons.append(hand.button)
        fold_to_first(hand)
        session.finish_hand()
    assert buttons == [2, 3, 0, 2, 3]  # seat 1 is empty
    assert session.hands_played == 5


def test_stacks_carry_over_and_chips_are_conserved() -> None:
    session = Session(TableConfig(ante=2), players(40, 40, 40), rng=random.Random(5))
    for _ in range(6):
        if len(session.active_seats) < 2:
            break
        hand = session.start_hand()
        assert session.total_chips() == 120
        call_down(hand)
        result = session.finish_hand()
        for seat, net in result.net.items():
            assert session.seats[seat] is not None
            assert session.seats[seat].stack == hand.start_stacks[seat] + net  # type: ignore[union-attr]
        assert session.total_chips() == 120


def test_busted_players_sit_out_and_the_button_skips_them() -> None:
    rng = random.Random(3)
    session = Session(TableConfig(betting="no_limit"), players(3, 60, 60), rng=rng)
    for _ in range(300):  # the 3-chip stack loses an ante every hand it does not win
        if session.sitting_out:
            break
        hand = session.start_hand()
        call_down(hand)
        session.finish_hand()
    assert session.sitting_out
    busted = session.sitting_out
    active = session.active_seats
    if len(active) < 2:
        with pytest.raises(SessionError, match="at least 2 players"):
            session.start_hand()
        return
    last = session.histories[-1]["button"]
    hand = session.start_hand()
    assert all(seat not in hand.players for seat in busted)
    size = len(session.seats)
    expected = next((last + k) % size for k in range(1, size + 1) if (last + k) % size in active)
    assert hand.button == expected


def test_joining_between_hands_only() -> None:
    session = Session(TableConfig(), players(30, 30), rng=random.Random(2), table_size=4)
    hand = session.start_hand()
    with pytest.raises(SessionError, match="during a hand"):
        session.join(3, name="late", stack=30)
    fold_to_first(hand)
    session.finish_hand()
    with pytest.raises(SessionError, match="taken"):
        session.join(0, name="x", stack=30)
    with pytest.raises(SessionError, match="at least 1 chip"):
        session.join(3, name="broke", stack=0)
    session.join(3, name="late", stack=30)
    hand = session.start_hand()
    assert hand.button == 1 and hand.players == (3, 0, 1)
    assert hand.stack[3] == 29


def test_dealers_choice_sets_the_split_per_hand() -> None:
    session = Session(TableConfig(), players(30, 30, 30), rng=random.Random(4), dealers_choice=True)
    hand = session.start_hand(split=Split.HIGH_ONLY)
    assert hand.config.split is Split.HIGH_ONLY
    fold_to_first(hand)
    session.finish_hand()
    hand = session.start_hand(split="high_low_any")
    assert hand.config.split is Split.HIGH_LOW_ANY
    assert session.config.split is Split.HIGH_LOW_8  # the table default is unchanged
    fold_to_first(hand)
    session.finish_hand()
    plain = Session(TableConfig(), players(30, 30), rng=random.Random(4))
    with pytest.raises(SessionError, match="dealer's choice"):
        plain.start_hand(split=Split.HIGH_ONLY)


def test_finish_requires_a_complete_hand() -> None:
    session = Session(TableConfig(), players(30, 30), rng=random.Random(4))
    with pytest.raises(SessionError):
        session.finish_hand()
    session.start_hand()
    with pytest.raises(SessionError):
        session.finish_hand()
    with pytest.raises(SessionError):
        session.start_hand()


def test_leave_and_add_chips() -> None:
    session = Session(TableConfig(), players(30, 30, 30), rng=random.Random(4))
    left = session.leave(1)
    assert left.stack == 30 and session.empty_seats == [1]
    session.add_chips(2, 20)
    assert session.seats[2] == Seat(name="p2", stack=50)
    with pytest.raises(SessionError):
        session.leave(1)


@pytest.mark.parametrize(("cards", "most"), [(7, 7), (9, 5)])
def test_more_players_than_one_deck_deals_to_are_refused_when_seated(cards: int, most: int) -> None:
    """Issue 11: an eighth player (a sixth with 9 cards) was accepted at construction and
    only failed when the hand started; construction and ``join`` refuse it alike."""
    config = TableConfig(cards_dealt=cards)
    message = (
        f"this table deals {cards} cards to each player: one deck is enough for at most "
        f"{most} players \\(RULES.md §1\\), so {most + 1} cannot sit at it"
    )
    with pytest.raises(SessionError, match=message):
        Session(config, players(*[30] * (most + 1)))
    with pytest.raises(SessionError, match=message):
        Session(config, [*players(*[30] * most), None, Seat(name="x", stack=30), None])
    session = Session(config, players(*[30] * most), table_size=10)
    with pytest.raises(SessionError, match=message):
        session.join(most, name="late", stack=30)
    assert session.empty_seats == list(range(most, 10))  # nothing changed
    session.leave(0)
    session.join(most, name="late", stack=30)  # a free place: accepted
