"""The log panel's text (issue 12 §3) against the engine: hands played in Python, their
public log read by ``js/logtext.js`` in Chromium with no round known (as after a reload).
Every betting action must sit under the heading of the round the engine played it in, every
call must name the chips it cost, every pass its receiver, and each roll round must list the
cards turned."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.config import Split, TableConfig
from anaconda_poker.core.state import HandState, Phase, Seat

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

SUIT = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def _text(code: str) -> str:
    return ("10" if code[0] == "T" else code[0]) + SUIT[code[1]]


def played_hand(
    seed: int, pass_counts: tuple[int, ...] = (3, 2, 1)
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A 4-player hand by seeded random decisions (bets, raises, folds); returns the
    spectator's final view and, per log entry, the engine's truth: betting round, chips a
    call cost, the receiver of a pass and how many cards it moved."""
    rng = random.Random(seed)
    state = HandState(
        TableConfig(
            split=Split.HIGH_LOW_8,
            pass_counts=pass_counts,
            pass_directions=TableConfig().pass_directions[: len(pass_counts)],
        ),
        seats=[Seat(name=f"P{i}", stack=400) for i in range(4)],
        button=seed % 4,
        rng=random.Random(seed),
    )
    truth: list[dict[str, Any]] = []
    while state.phase is not Phase.COMPLETE:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        fact: dict[str, Any] = {"round": state.betting_round}
        if state.phase is Phase.PASSING:
            action = Action.pass_cards(rng.sample(legal.cards, legal.pass_count))
            live = sorted(s for s in range(4) if state.live[s])
            direction = state.config.pass_directions[state.pass_index]
            step = -1 if direction.value == "right" else 1
            fact["to"] = f"P{live[(live.index(seat) + step) % len(live)]}"
            fact["count"] = legal.pass_count
        elif state.phase is Phase.ARRANGING:
            action = Action.arrange(rng.sample(legal.cards, 5))
        else:
            kinds = legal.kinds
            roll = rng.random()
            if ActionKind.RAISE in kinds and legal.raise_range and roll < 0.2:
                action = Action.raise_to(legal.raise_range[0])
            elif ActionKind.BET in kinds and legal.bet_range and roll < 0.35:
                action = Action.bet(legal.bet_range[0])
            elif ActionKind.FOLD in kinds and ActionKind.CALL in kinds and roll > 0.93:
                action = Action(ActionKind.FOLD)
            elif ActionKind.CALL in kinds:
                action = Action(ActionKind.CALL)
            else:
                action = Action(ActionKind.CHECK)
        put_in = state.committed[seat] + state.bet[seat]
        state.apply(seat, action)
        if action.kind is ActionKind.CALL:  # chips put in (the stack may have won the pot)
            fact["cost"] = state.committed[seat] + state.bet[seat] - put_in
        truth.append(fact)
    return state.view(None), truth


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_log_rounds_calls_passes_and_turned_cards_match_the_engine(
    module_page: Any, seed: int
) -> None:
    view, truth = played_hand(seed)
    config = TableConfig().to_dict()
    lines: list[dict[str, Any]] = module_page.evaluate(
        """async ([view, config]) => {
          const i18n = await import('/js/i18n.js');
          await i18n.setLanguage('en');
          const { logLines } = await import('/js/logtext.js');
          return logLines(view.log, (s) => `P${s}`, config.pass_counts, [],
                          { passDirections: config.pass_directions, seats: view.seats });
        }""",
        [view, config],
    )
    log = view["log"]
    actions = [x for x in lines if x["kind"] == "action" and "seat" in x]
    assert len(actions) == len(log)
    heading: int | None = None
    first_roll = 1 + len(config["pass_counts"]) + 1
    entry = 0
    for line in lines:
        if line["kind"] == "round":
            m = re.fullmatch(r"Betting round (\d+)", line["text"])
            heading = int(m.group(1)) if m else None
            if heading is not None and heading >= first_roll:
                turned = [
                    f"P{x['seat']} {_text(x['revealed'][heading - first_roll])}"
                    for x in view["seats"]
                    if len(x["revealed"]) > heading - first_roll and not x["folded"]
                ]
                nxt = lines[lines.index(line) + 1]
                for item in turned:  # players still in at the end turned these
                    assert item in nxt["text"], (heading, nxt, item)
            continue
        if "seat" not in line:
            continue
        fact, e = truth[entry], log[entry]
        entry += 1
        if e["action"] == "pass":
            assert line["text"].endswith(f" to {fact['to']}"), (line, fact)
        elif e["action"] not in ("arrange", "declare"):
            assert heading == fact["round"], (entry, line, fact)
            if e["action"] == "call" and not e.get("all_in"):
                assert line["text"] == f"P{e['seat']} calls {fact['cost']}", (line, fact)
    assert entry == len(log)


@pytest.mark.parametrize(("seed", "schedule"), [(1, (3, 2, 1)), (2, (3, 2, 1)), (3, (1, 2, 3))])
def test_every_pass_counts_its_cards_where_the_log_hides_them(
    module_page: Any, seed: int, schedule: tuple[int, ...]
) -> None:
    """The replayer of a finished hand captioned every pass the viewer could not see "Lena
    passes 0 cards" (the record has no cards): `passSizes` gives each pass the schedule's
    count, from the spectator's log (no cards at all) and from a seat's own (its cards)."""
    view, truth = played_hand(seed, schedule)
    log = view["log"]
    assert all("cards" not in e for e in log)
    want = [fact.get("count") for fact in truth]
    own = [
        {**e, "cards": ["x"] * fact["count"]} if e["action"] == "pass" and e["seat"] == 1 else e
        for e, fact in zip(log, truth, strict=True)
    ]
    got = module_page.evaluate(
        """async ([logs, counts]) => {
          const { passSizes } = await import('/js/logtext.js');
          return logs.map((log) => passSizes([null, ...log], counts).slice(1));
        }""",
        [[log, own], list(schedule)],
    )
    assert got == [want, want]
    assert any(want)


def marked_log_texts(
    page: Any, lang: str, *, timed_out: list[int], away_played: list[int]
) -> list[str]:
    """The action lines of a three-action log (Ana checks, João checks, Ana bets 4) in
    ``lang``, marked by ``markTimeouts`` with those action indices; last, "true" or "false":
    whether the second action carries no ``away`` mark."""
    log = [
        {"seat": 0, "action": "check"},
        {"seat": 1, "action": "check"},
        {"seat": 0, "action": "bet", "to": 4},
    ]
    texts: list[str] = page.evaluate(
        """async ([log, lang, timed, away]) => {
          const i18n = await import('/js/i18n.js');
          await i18n.setLanguage(lang);
          const { logLines, markTimeouts } = await import('/js/logtext.js');
          const names = ['Ana', 'João'];
          const marked = markTimeouts(log, timed, away);
          const plain = logLines(marked, (s) => names[s], [3, 2, 1], [1, 1, 1]);
          return plain.filter((x) => x.kind === 'action').map((x) => x.text)
            .concat([String(marked[1].away === undefined)]);
        }""",
        [log, lang, timed_out, away_played],
    )
    return texts


@pytest.mark.parametrize(
    ("lang", "marked"),
    [
        ("en", "João checks (time ran out)"),
        ("it", "João dice parola (tempo scaduto)"),
        ("de", "João schiebt (Zeit abgelaufen)"),
    ],
)
def test_an_action_taken_on_a_timeout_is_marked_in_the_log(
    module_page: Any, lang: str, marked: str
) -> None:
    """The state's ``timed_out`` indices mark exactly those log lines, in each language."""
    texts = marked_log_texts(module_page, lang, timed_out=[1], away_played=[])
    assert texts[1] == marked
    assert "(" not in texts[0] and "(" not in texts[2]


@pytest.mark.parametrize(
    ("lang", "timed", "away"),
    [
        ("en", "João checks (time ran out)", "Ana bets 4 (away)"),
        ("it", "João dice parola (tempo scaduto)", "(assente)"),
        ("es", "(se acabó el tiempo)", "(ausente)"),
        ("pt", "(o tempo acabou)", "(ausente)"),
        ("nl", "João", "(afwezig)"),
        ("de", "João schiebt (Zeit abgelaufen)", "(abwesend)"),
    ],
)
def test_a_play_for_an_away_seat_says_away_not_time_ran_out(
    module_page: Any, lang: str, timed: str, away: str
) -> None:
    """``away_played`` (a subset of ``timed_out``) marks the plays the server made at once for
    a seat already away: "(away)" in each language, distinct from a real timeout."""
    texts = marked_log_texts(module_page, lang, timed_out=[1, 2], away_played=[2])
    assert timed in texts[1] and texts[1].endswith(")") and away not in texts[1]
    assert texts[2].endswith(away) and "(" not in texts[2][: -len(away)]
    assert "(" not in texts[0]
    assert texts[3] == "true"  # the timed-out one is not marked away
