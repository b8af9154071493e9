"""``anaconda-poker replay FILE.json``: replay a hand history (HAND_HISTORY.md) and print it.

Examples::

    anaconda-poker replay tests/scenarios/best_showing_acts_first.json
    anaconda-poker replay hand.json --json     # the history with the engine's result

An illegal action stops the replay with exit code 1 and a message naming the action's
index, the seat, what was attempted and what was allowed. An incomplete history prints the
hand so far and who is to act.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from anaconda_poker.cli.app import app
from anaconda_poker.cli.files import read_error_text, read_json
from anaconda_poker.core.actions import Action, ActionKind
from anaconda_poker.core.cards import format_cards
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.core.history import ReplayError, replay, start_from_history
from anaconda_poker.core.state import HandState, Phase
from anaconda_poker.i18n import (
    LANGUAGES,
    Translator,
    betting_label,
    language_from_environment,
    require_language,
    split_label,
    translator,
)
from anaconda_poker.i18n.terms import declaration_label

_LANGUAGE: list[str] = []
"""The language of this run's output (set by ``--lang``; else from the environment)."""


def _translator() -> Translator:
    return translator(_LANGUAGE[-1] if _LANGUAGE else language_from_environment())


def _pronouns() -> set[str]:
    """The terminal game's default name for the person in every language ("You", "Tu",
    "Você", ...): a pronoun, which cannot take the third-person verbs of the lines."""
    return {translator(lang)("You").casefold() for lang in LANGUAGES}


def _name(state: HandState, seat: int) -> str:
    _ = _translator()
    name = state.names[seat] or ""
    if name.casefold() in _pronouns():
        return _("Seat {seat} ({player})", seat=seat, player=name)  # "Seat 0 (You) checks"
    return _("{player} (seat {seat})", player=name, seat=seat)


def describe_action(state: HandState, seat: int, action: Action, *, all_in: bool) -> str:
    """One line of text for an accepted action (cards of passes and arrangements shown:
    a replay is a full-information record)."""
    _ = _translator()
    who = _name(state, seat)
    kind = action.kind
    suffix = _(" (all-in)") if all_in else ""
    if kind is ActionKind.FOLD:
        return _("{player} folds", player=who)
    if kind is ActionKind.CHECK:
        return _("{player} checks", player=who)
    if kind is ActionKind.CALL:
        return _("{player} calls", player=who) + suffix
    if kind is ActionKind.BET:
        return _("{player} bets {amount}", player=who, amount=action.to or 0) + suffix
    if kind is ActionKind.RAISE:
        return _("{player} raises to {amount}", player=who, amount=action.to or 0) + suffix
    if kind is ActionKind.PASS:
        return _("{player} passes {cards}", player=who, cards=format_cards(action.cards))
    if kind is ActionKind.DECLARE and action.direction is not None:
        return _(
            "{player} declares {declaration}",
            player=who,
            declaration=declaration_label(action.direction, _),
        )
    return _("{player} arranges {cards}", player=who, cards=format_cards(action.cards))


def _print_events(console: Console, state: HandState, before: tuple[int, int, int]) -> None:
    """Print what the engine did on its own after an action (passes, reveals, rounds)."""
    _ = _translator()
    rounds, passes_done, revealed = before
    done = max((len(state.passes[s]) for s in state.players), default=0)
    if done > passes_done:
        for seat in state.players:
            if len(state.passes[seat]) == done:
                got = state.passes[seat][-1][1]
                console.print(
                    "  "
                    + _(
                        "{player} receives {cards}",
                        player=_name(state, seat),
                        cards=format_cards(got),
                    )
                )
    for count in range(revealed + 1, state.revealed_count + 1):
        shown = ", ".join(
            f"{_name(state, s)} {format_cards(state.revealed(s)[:count])}"
            for s in state.players
            if len(state.revealed(s)) >= count
        )
        console.print(_("Card {number} turned: {shown}", number=count, shown=shown))
    if state.betting_round > rounds and state.phase is Phase.BETTING:
        console.print(
            _("Betting round {number}, pot {pot}", number=state.betting_round, pot=state.pot)
        )


def _print_result(console: Console, state: HandState) -> None:
    _ = _translator()
    result = state.result
    assert result is not None
    for index, pot in enumerate(result.pots):
        label = _("Main pot") if index == 0 else _("Side pot {number}", number=index)
        awards = ", ".join(f"{_name(state, s)} {c}" for s, c in sorted(pot.awards.items()))
        console.print(f"{label}: {pot.amount} → {awards}")
    for seat, chips in sorted(result.uncalled.items()):
        console.print(
            _(
                "Uncalled bet of {amount} returned to {player}",
                amount=chips,
                player=_name(state, seat),
            )
        )
    for seat, cards in sorted(result.revealed.items()):
        console.print(
            _("{player} shows {cards}", player=_name(state, seat), cards=format_cards(cards))
        )
    for seat, declaration in sorted(result.declarations.items()):
        console.print(
            _(
                "{player} declared {declaration}",
                player=_name(state, seat),
                declaration=declaration_label(declaration, _),
            )
        )
    for seat in result.failed_swings:
        console.print(_("{player}'s swing failed: it wins nothing", player=_name(state, seat)))
    for seat in result.scoops:
        console.print(_("{player} scoops", player=_name(state, seat)))
    nets = ", ".join(f"{_name(state, s)} {n:+d}" for s, n in sorted(result.net.items()))
    console.print(_("Net: {nets}", nets=nets))


def _print_waiting(console: Console, state: HandState) -> None:
    _ = _translator()
    console.print(
        _(
            "The history is incomplete: phase {phase}, betting round {number}, pot {pot}.",
            phase=state.phase.value,
            number=state.betting_round,
            pot=state.pot_total,
        )
    )
    for seat in state.to_act:
        console.print(
            _(
                "{player} is to act: {allowed}",
                player=_name(state, seat),
                allowed=state.legal_actions(seat).describe(),
            )
        )


def print_hand(console: Console, history: dict[str, Any]) -> HandState:
    """Replay ``history`` printing each action and automatic step; returns the state.

    Raises:
        ReplayError: on a malformed history or an illegal action (after printing the
            actions before it).
    """
    _ = _translator()
    state = start_from_history(history)
    cfg = state.config
    console.print(
        _(
            "{split}, {betting}, ante {ante}, bets {small}/{big}, button seat {button}",
            split=split_label(cfg.split, _),
            betting=betting_label(cfg.betting, _),
            ante=cfg.ante,
            small=cfg.small_bet,
            big=cfg.big_bet,
            button=state.button,
        )
    )
    for seat in sorted(state.players):
        console.print(
            _(
                "{player}: stack {stack}, dealt {cards}",
                player=_name(state, seat),
                stack=state.start_stacks[seat],
                cards=format_cards(state.dealt[seat]),
            )
        )
    console.print(_("Betting round {number}, pot {pot}", number=1, pot=state.pot))
    if not isinstance(history.get("actions") or [], list):
        replay(history)  # raises the ReplayError that names the field
    for index, record in enumerate(history.get("actions") or []):
        before = (
            state.betting_round,
            max((len(state.passes[s]) for s in state.players), default=0),
            state.revealed_count,
        )
        try:
            action = Action.from_dict(record)
            seat = record["seat"]
            state.apply(seat, action)
        except (AnacondaError, KeyError, TypeError) as exc:
            # replaying the prefix raises the precise error (index, seat, what was allowed)
            replay({**history, "actions": (history.get("actions") or [])[: index + 1]})
            raise ReplayError(f"action {index}: {exc}", index=index) from exc
        console.print(describe_action(state, seat, action, all_in=state.action_log[-1][2]))
        _print_events(console, state, before)
    if state.result is not None:
        _print_result(console, state)
    else:
        _print_waiting(console, state)
    return state


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A hand history JSON file (HAND_HISTORY.md).")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the replayed history with its result as JSON.")
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help=f"Language: {', '.join(LANGUAGES)} (default: from $LANG)."),
    ] = None,
) -> None:
    """Replay a hand history and print it (or, with --json, the history with its result).

    Exit status 2 for a missing or unreadable file, 1 when the actions do not replay or the
    history's stored ``result`` differs from the recomputed one (which is printed)."""
    _LANGUAGE.clear()
    if lang is not None:
        try:
            _LANGUAGE.append(require_language(lang))
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--lang") from None
    _ = _translator()
    err = Console(stderr=True)
    try:
        history = read_json(file)
    except (OSError, ValueError) as exc:
        err.print(read_error_text(file, exc, _), markup=False)
        raise typer.Exit(code=2) from None
    try:
        if as_json:
            state = replay(history)
            typer.echo(json.dumps(state.history(), indent=2))
            if state.result is None:
                err.print(
                    _(
                        "Incomplete hand: seats to act {seats}",
                        seats=", ".join(map(str, state.to_act)),
                    )
                )
        else:
            print_hand(Console(highlight=False, soft_wrap=True), history)
            state = replay(history)
    except ReplayError as exc:
        err.print(_("Replay stopped: {error}", error=str(exc)), markup=False)
        raise typer.Exit(code=1) from None
    stored = history.get("result") if isinstance(history, dict) else None
    if stored is not None and state.result is not None:
        recomputed = json.loads(json.dumps(state.result.to_dict()))
        if recomputed != stored:
            differ = sorted(
                k for k in recomputed.keys() | stored.keys() if recomputed.get(k) != stored.get(k)
            )
            err.print(
                _(
                    "The stored result differs from the one the actions give (in: {fields}); "
                    "the replay above shows the recomputed one.",
                    fields=", ".join(differ),
                ),
                markup=False,
            )
            raise typer.Exit(code=1)
