"""The declare house rule (RULES.md §6): options, the declare action, the declaring step and
the awarding edge cases the scenario files do not reach. Hand-worked numbers throughout."""

from __future__ import annotations

import pytest

from anaconda_poker.core.actions import Action, ActionKind, MalformedActionError
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.core.config import DeclareMode, Swing, TableConfig
from anaconda_poker.core.declare import Declaration, award_declared_pots, parse_declaration
from anaconda_poker.core.errors import InvalidConfigError
from anaconda_poker.core.history import ReplayError, replay
from anaconda_poker.core.rule_errors import ActionNotAllowedError
from anaconda_poker.core.state import HandState, Phase, Seat

H, L, B = Declaration.HIGH, Declaration.LOW, Declaration.BOTH


def test_options_default_and_round_trip() -> None:
    cfg = TableConfig()
    assert cfg.declare is DeclareMode.CARDS_SPEAK and cfg.swing is Swing.STRICT
    on = TableConfig(declare="declare", swing="ties_ok")  # type: ignore[arg-type]
    assert on.to_dict()["declare"] == "declare" and on.to_dict()["swing"] == "ties_ok"
    assert TableConfig.from_dict(on.to_dict()) == on


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"declare": "declare", "split": "high_only"}, "declare needs a split game"),
        ({"declare": "yes"}, "declare must be one of cards_speak, declare"),
        ({"swing": "loose"}, "swing must be one of strict, ties_ok"),
    ],
)
def test_invalid_declare_options(options: dict[str, str], match: str) -> None:
    with pytest.raises(InvalidConfigError, match=match):
        TableConfig.from_dict(options)


def test_declare_action_round_trips_and_parses() -> None:
    action = Action.declare("both")
    assert action.kind is ActionKind.DECLARE and action.direction is Declaration.BOTH
    assert action.to_dict() == {"action": "declare", "direction": "both"}
    assert Action.from_dict(action.to_dict()) == action
    assert str(action) == "declare both"
    assert Action.parse("declare swing") == action
    assert Action.parse("DECLARE Low") == Action.declare(Declaration.LOW)
    assert parse_declaration("hi") is Declaration.HIGH


@pytest.mark.parametrize(
    ("record", "match"),
    [
        ({"action": "declare"}, "declare needs a direction"),
        ({"action": "declare", "direction": "middle"}, "high, low or both"),
        ({"action": "check", "direction": "high"}, "check takes no direction"),
    ],
)
def test_malformed_declarations(record: dict[str, str], match: str) -> None:
    with pytest.raises(MalformedActionError, match=match):
        Action.from_dict(record)
    with pytest.raises(MalformedActionError):
        Action.parse("declare")


def _two_player_hand(**options: object) -> HandState:
    """Heads-up, one pass of one card, both all-in at once: the hand goes straight to the
    pass, the arrangement and (with declare on) the declarations."""
    cfg = TableConfig(
        betting="no_limit",  # type: ignore[arg-type]
        pass_counts=(1,),
        pass_directions=("left",),  # type: ignore[arg-type]
        **options,  # type: ignore[arg-type]
    )
    dealt = {1: parse_codes("As 2c 3d 4h 5s Tc 9h"), 0: parse_codes("Ks Kd Qc Jh 9s 7d 8c")}
    state = HandState(
        cfg, seats=[Seat(name="Bo", stack=10), Seat(name="Ana", stack=10)], button=0, dealt=dealt
    )
    state.apply(1, Action.bet(9))
    state.apply(0, Action.call())
    state.apply(1, Action.pass_cards(parse_codes("Tc")))
    state.apply(0, Action.pass_cards(parse_codes("8c")))
    state.apply(1, Action.arrange(parse_codes("As 2c 3d 4h 5s")))
    state.apply(0, Action.arrange(parse_codes("Ks Kd Qc Jh 9s")))
    return state


def test_cards_speak_has_no_declaring_step() -> None:
    state = _two_player_hand()
    assert state.is_complete and state.result is not None
    assert state.result.declarations == {}
    assert "declarations" not in state.result.to_dict()


def test_declaring_step_is_simultaneous_and_refuses_other_actions() -> None:
    state = _two_player_hand(declare="declare")
    assert state.phase is Phase.DECLARING and state.to_act == (1, 0)
    legal = state.legal_actions(0)
    assert legal.kinds == {ActionKind.DECLARE} and legal.describe() == "declare high or low or both"
    before = state.history()
    with pytest.raises(ActionNotAllowedError, match="must declare high, low or both"):
        state.apply(0, Action.check())
    assert state.history() == before
    state.apply(0, Action.declare("high"))
    assert state.view(1)["you"]["declaration"] is None
    assert state.view(0)["you"]["declaration"] == "high"
    assert [s["has_committed"] for s in state.view(None)["seats"]] == [False, True]
    state.apply(1, Action.declare("both"))
    result = state.result
    assert result is not None
    # the wheel beats the kings for high and is the only low: the swing scoops 20
    assert result.net == {1: 10, 0: -10} and result.failed_swings == ()
    assert result.to_dict()["declarations"] == {"0": "high", "1": "both"}


def test_a_declaration_before_the_showdown_is_refused() -> None:
    cfg = TableConfig(declare="declare")  # type: ignore[arg-type]
    seats = [Seat(name="A", stack=50), Seat(name="B", stack=50)]
    state = HandState(cfg, seats=seats, button=0, deck=list(range(52)))
    with pytest.raises(ActionNotAllowedError, match="cannot declare"):
        state.apply(state.to_act[0], Action.declare("high"))


def test_replay_names_a_declaration_out_of_place() -> None:
    doc = _two_player_hand(declare="declare").history()
    doc["actions"].insert(0, {"seat": 1, "action": "declare", "direction": "low"})
    with pytest.raises(ReplayError, match="action 0: seat 1 cannot declare low"):
        replay(doc)


def test_every_eligible_seat_failing_its_swing_falls_back_to_the_cards() -> None:
    """Heads-up, both swing under strict: seat 0 has the best high, seat 1 the best low, so
    both fail; chips are never left unawarded, so the cards decide: 11 high, 10 low."""
    awarded = award_declared_pots(
        Swing.STRICT, [(21, [0, 1])], {0: 9, 1: 3}, {0: 2, 1: 5}, {0: B, 1: B}, order=[1, 0]
    )
    assert awarded.failed_swings == (0, 1)
    assert dict(awarded.pots[0].awards) == {0: 11, 1: 10}


def test_low_declarers_without_a_qualifying_low_win_nothing() -> None:
    """Seat 1 declares low with no qualifying low: the low half has no winner, so the high
    declarer takes all 30. If every seat declared low without a low, the cards decide."""
    awarded = award_declared_pots(
        Swing.STRICT, [(30, [0, 1])], {0: 1, 1: 9}, {0: None, 1: None}, {0: H, 1: L}, order=[1, 0]
    )
    assert dict(awarded.pots[0].awards) == {0: 30} and awarded.pots[0].low_winners == ()
    nobody = award_declared_pots(
        Swing.STRICT, [(30, [0, 1])], {0: 1, 1: 9}, {0: None, 1: None}, {0: L, 1: L}, order=[1, 0]
    )
    assert dict(nobody.pots[0].awards) == {1: 30}


def test_odd_chips_of_shared_halves_go_from_the_dealers_left() -> None:
    """Pot 33: high half 17 shared by seats 1 and 2 (8 each, the odd chip to seat 1, first
    from the dealer's left), low half 16 to seat 0."""
    awarded = award_declared_pots(
        Swing.TIES_OK,
        [(33, [0, 1, 2])],
        {0: 1, 1: 7, 2: 7},
        {0: 4, 1: None, 2: None},
        {0: L, 1: H, 2: H},
        order=[1, 2, 0],
    )
    assert dict(awarded.pots[0].awards) == {0: 16, 1: 9, 2: 8}
