"""``anaconda-poker equity``: a seat's showdown equity, and advice on passing and arranging.

Example::

    anaconda-poker equity --hand "As 2s 3d 4c 5h Kd Kc" --players 5 --split high_low_8
    anaconda-poker equity --hand "As 2s 3d 4c 5h Kd Kc" --players 4 --advise pass

You are seat 0; the opponents are seats 1..players-1, seat 1 on your left (the seat your
passes go to by default). Card lists are space- or comma-separated (``"As Kd 10h"``); seat
lists are ``SEAT:CARDS`` groups (``"1:Ah Kd 3:2c"``).
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.table import Table

from anaconda_poker.analysis.advice import Choice, arrange_choices, pass_choices
from anaconda_poker.analysis.equity import (
    DEFAULT_EXACT_LIMIT,
    EquityResult,
    OpponentInfo,
    SeatKnowledge,
    equity,
)
from anaconda_poker.analysis.pass_advice import passing_pass_choices
from anaconda_poker.analysis.pass_model import (
    DEFAULT_POLICY,
    PassHistory,
    PassingOpponents,
    PassRound,
)
from anaconda_poker.analysis.reveal import RevealStep, reveal_plan
from anaconda_poker.cli.app import app
from anaconda_poker.cli.consoles import result_console
from anaconda_poker.cli.wording import choice_option
from anaconda_poker.core.cards import format_cards, parse_codes
from anaconda_poker.core.config import Split
from anaconda_poker.core.errors import AnacondaError
from anaconda_poker.i18n import language_from_environment, translator
from anaconda_poker.i18n.reveal_text import reveal_line

PASS_SCHEDULE = (3, 2, 1)
"""Cards passed in each pass of the standard schedule (RULES.md §3)."""


class Advice(StrEnum):
    """What ``--advise`` ranks."""

    PASS = "pass"
    ARRANGE = "arrange"


class Opponents(StrEnum):
    """The opponent model of ``--opponents``."""

    PASSING = "passing"
    RANDOM = "random"


class PassPolicy(StrEnum):
    """Whose passing the passing model replays (``--pass-policy``;
    :data:`~anaconda_poker.analysis.pass_model.POLICIES`: ``montecarlo`` is the fast policy
    fitted to the montecarlo bot's passes)."""

    MONTECARLO = "montecarlo"
    HEURISTIC = "heuristic"
    RANDOM = "random"


SUIT_LETTERS = str.maketrans("♣♦♥♠♧♢♡♤", "cdhscdhs")
"""Suit symbols as the game draws them (``A♠``) → the suit letters of card names (``As``)."""


def parse_seat_cards(text: str, *, option: str, default_seat: int | None) -> dict[int, list[int]]:
    """Parse ``"1:Ah Kd 3:2c"`` into ``{1: [Ah, Kd], 3: [2c]}`` (card codes).

    Cards before any ``SEAT:`` prefix belong to ``default_seat``.

    Raises:
        typer.BadParameter: a missing or bad seat number, or a bad card (the message names
            the token and what is allowed).
    """
    out: dict[int, list[int]] = {}
    seat = default_seat
    for raw in text.replace(",", " ").split():
        token = raw
        if ":" in token:
            head, _, token = token.partition(":")
            if not head.isdigit():
                raise typer.BadParameter(
                    f"{raw!r}: a seat group starts with a seat number, as in 1:Ah",
                    param_hint=option,
                )
            seat = int(head)
            if not token:
                continue
        if seat is None:
            raise typer.BadParameter(
                f"{raw!r} has no seat; write SEAT:CARDS, e.g. 1:Ah Kd", param_hint=option
            )
        try:
            out.setdefault(seat, []).extend(parse_codes(token.translate(SUIT_LETTERS)))
        except AnacondaError as exc:
            raise typer.BadParameter(_as_typed(str(exc), token), param_hint=option) from None
    return out


def _as_typed(message: str, text: str) -> str:
    """``message`` about cards read from ``text``, quoting each card as it was typed
    (``'2♦'``, not the ``'2d'`` it was read as)."""
    for raw in text.replace(",", " ").split():
        read = raw.translate(SUIT_LETTERS)
        if read != raw:
            message = message.replace(f"'{read}'", f"'{raw}'").replace(f" {read} ", f" {raw} ")
    return message


def _cards(text: str, option: str) -> list[int]:
    try:
        return parse_codes(text.translate(SUIT_LETTERS))
    except AnacondaError as exc:
        raise typer.BadParameter(_as_typed(str(exc), text), param_hint=option) from None


def build_knowledge(
    *,
    hand: str,
    players: int,
    passed: str = "",
    received: str = "",
    revealed: str = "",
    folded: str = "",
    dead: str = "",
) -> SeatKnowledge:
    """The :class:`SeatKnowledge` of seat 0 described by the command's options.

    Raises:
        typer.BadParameter: on any bad option value, naming the option.
    """
    if not 2 <= players <= 7:
        raise typer.BadParameter(
            f"{players} players: the 7-card deal seats 2 to 7", param_hint="--players"
        )
    own = _cards(hand, "--hand")
    if len(own) not in (5, 7):
        raise typer.BadParameter(
            f"{len(own)} cards: give your 7 cards, or your 5 arranged cards", param_hint="--hand"
        )
    got = _cards(received, "--received")
    seats = range(1, players)
    given = parse_seat_cards(passed, option="--passed", default_seat=1)
    _check_received(own, [c for cards in given.values() for c in cards], got)
    shown = parse_seat_cards(revealed, option="--revealed", default_seat=None)
    out: set[int] = set()
    for text in folded.replace(",", " ").split():
        if not text.isdigit():
            raise typer.BadParameter(f"{text!r} is not a seat number", param_hint="--folded")
        out.add(int(text))
    for option, seat_map in (("--passed", given), ("--revealed", shown)):
        for s in seat_map:
            if s not in seats:
                raise typer.BadParameter(
                    f"seat {s}: opponents are seats 1..{players - 1} (you are seat 0)",
                    param_hint=option,
                )
    for s in out:
        if s not in seats:
            raise typer.BadParameter(
                f"seat {s}: opponents are seats 1..{players - 1}", param_hint="--folded"
            )
    opponents = tuple(
        OpponentInfo(
            seat=s,
            known=tuple(c for c in given.get(s, ()) if c not in own),  # not if back with us
            revealed=tuple(shown.get(s, ())),
            folded=s in out,
        )
        for s in seats
    )
    try:
        return SeatKnowledge(
            hand=tuple(own), out_of_play=tuple(_cards(dead, "--dead")), opponents=opponents
        )
    except AnacondaError as exc:
        raise typer.BadParameter(str(exc)) from None


def _check_received(own: list[int], gave: list[int], got: list[int]) -> None:
    """Refuse ``--passed`` and ``--received`` cards that cannot be where the options put them.

    A card received in one pass is in the hand now or was passed on in a later pass, and a
    card passed and held again came back in a later pass (RULES.md §3). ``gave`` and ``got``
    are the ``--passed`` and ``--received`` cards in pass order; when both fill the same
    whole passes of the 3-2-1 schedule, the order of the passes is checked too.

    Raises:
        typer.BadParameter: a received card in neither ``--hand`` nor ``--passed``, a card
            in ``--hand`` and ``--passed`` never received back, or a card passed on before
            it was received (or received back before it was passed).
    """
    missing = [c for c in got if c not in own and c not in gave]
    if missing:
        raise typer.BadParameter(
            f"{format_cards(missing)} in neither --hand nor --passed: a card you received "
            "is in your hand, or you passed it on in a later pass",
            param_hint="--received",
        )
    kept = [c for c in gave if c in own and c not in got]
    if kept:
        raise typer.BadParameter(
            f"{format_cards(kept)} in --hand and in --passed: a card you passed is in your "
            "hand only if you received it back (list it in --received too)",
            param_hint="--passed",
        )
    sums = [sum(PASS_SCHEDULE[:i]) for i in range(len(PASS_SCHEDULE) + 1)]
    if len(gave) != len(got) or len(got) not in sums:
        return  # which pass each card was in is not known: nothing more to check

    def pass_of(position: int) -> int:
        return next(i for i in range(len(PASS_SCHEDULE)) if position < sums[i + 1])

    wrong = []
    for k, card in enumerate(got):
        if card not in gave:
            continue
        given, taken = pass_of(gave.index(card)), pass_of(k)
        # held now: passed, then received back later; not held: received, then passed on
        if (given >= taken) if card in own else (given <= taken):
            wrong.append(card)
    if wrong:
        raise typer.BadParameter(
            f"{format_cards(wrong)}: passed and received in an impossible order; --passed "
            "and --received list the cards in pass order (3, 2, 1 cards)",
            param_hint="--received",
        )


def _pct(p: float, se: float, exact: bool) -> str:
    return f"{100 * p:6.2f}%" if exact else f"{100 * p:6.2f}% ± {100 * se:.2f}"


def _result_table(result: EquityResult, split: Split) -> Table:
    _ = translator(language_from_environment())
    how = (
        _("exact: {count} deals", count=result.trials)
        if result.exact
        else _("Monte Carlo: {count} deals, ± one standard error", count=result.trials)
    )
    table = Table(
        title=_.ngettext(
            "Showdown equity against {count} opponent",
            "Showdown equity against {count} opponents",
            result.opponents,
            count=result.opponents,
        ),
        caption=how,
    )
    table.add_column(_("Outcome"))
    table.add_column(_("Probability"), justify="right")
    table.add_row(
        _("Win high (ties count)"), _pct(result.win_high, result.win_high_se, result.exact)
    )
    if split.has_low:
        table.add_row(
            _("Win low (ties count)"), _pct(result.win_low, result.win_low_se, result.exact)
        )
        table.add_row(_("Scoop"), _pct(result.scoop, result.scoop_se, result.exact))
    table.add_row(_("Expected share of the pot"), _pct(result.share, result.share_se, result.exact))
    return table


def _choice_table(title: str, choices: list[Choice], top: int, split: Split) -> Table:
    _ = translator(language_from_environment())
    table = Table(title=title)
    table.add_column("#", justify="right")
    table.add_column(_("Cards"))
    table.add_column(_("Pot share"), justify="right")
    table.add_column(_("Win high"), justify="right")
    if split.has_low:
        table.add_column(_("Win low"), justify="right")
        table.add_column(_("Scoop"), justify="right")
    for i, choice in enumerate(choices[:top], start=1):
        r = choice.result
        row = [str(i), format_cards(choice.cards), _pct(r.share, r.share_se, r.exact)]
        row.append(f"{100 * r.win_high:.1f}%")
        if split.has_low:
            row += [f"{100 * r.win_low:.1f}%", f"{100 * r.scoop:.1f}%"]
        table.add_row(*row)
    return table


def _reveal_lines(plan: tuple[RevealStep, ...]) -> str:
    """The best five's reveal order, one translated line per card saying why
    (:mod:`anaconda_poker.analysis.reveal`)."""
    _ = translator(language_from_environment())
    lines = [_("Reveal order of the first five, and why:")]
    for i, step in enumerate(plan, start=1):
        lines.append(f"  {i}. " + reveal_line(format_cards([step.card]), step.reasons, _))
    return "\n".join(lines)


def build_model(
    *,
    knowledge: SeatKnowledge,
    players: int,
    split: Split,
    passed: str = "",
    received: str = "",
    dead: str = "",
    passes_done: int | None = None,
    policy: str = DEFAULT_POLICY,
) -> PassingOpponents | None:
    """The passing model of seat 0 described by the command's options, or ``None`` when
    the seat's seven cards are not known (five arranged cards without the two left out in
    ``--dead``): then the random model answers, and says so.

    Passes go left (seat 0 to seat 1, RULES.md §3) on the 3-2-1 schedule. ``--passed`` and
    ``--received`` list the cards in pass order; when both are given and fit the schedule
    they are the seat's passes, otherwise the seat's own cards of the ``passes_done``
    passes (default: as many as ``--passed`` fills, else all three) are sampled
    (:mod:`anaconda_poker.analysis.pass_model`).

    Raises:
        typer.BadParameter: a history that does not fit the hand.
    """
    own = list(knowledge.hand)
    if len(own) == 5:
        left_out = _cards(dead, "--dead")
        if len(left_out) != 2:
            return None
        own += left_out
    gave = [
        c
        for cards in parse_seat_cards(passed, option="--passed", default_seat=1).values()
        for c in cards
    ]
    got = _cards(received, "--received")
    sums = [sum(PASS_SCHEDULE[:i]) for i in range(len(PASS_SCHEDULE) + 1)]
    if passes_done is None:
        passes_done = sums.index(len(gave)) if gave and len(gave) in sums else len(PASS_SCHEDULE)
    known = len(gave) == len(got) == sums[passes_done] and bool(gave)
    live = tuple(range(players))
    rounds = []
    for i in range(passes_done):
        start, end = sums[i], sums[i + 1]
        cards = (tuple(gave[start:end]), tuple(got[start:end])) if known else ((), ())
        rounds.append(PassRound(PASS_SCHEDULE[i], live, 1, *cards))
    try:
        history = PassHistory(seat=0, seats=live, hand=tuple(own), rounds=tuple(rounds))
    except AnacondaError as exc:
        raise typer.BadParameter(str(exc)) from None
    return PassingOpponents(history, split, policy)


def model_caption(model: PassingOpponents | None) -> str:
    """One translated line saying which opponent model the numbers assume."""
    _ = translator(language_from_environment())
    if model is None:
        return _("Opponents hold random cards (passing not modelled)")
    replayed = len(model.history.rounds)
    return _.ngettext(
        "Opponents passed like the {policy} bot ({passes} pass replayed; later passes not counted)",
        "Opponents passed like the {policy} bot ({passes} passes replayed; later passes "
        "not counted)",
        replayed,
        policy=model.policy,
        passes=replayed,
    )


@app.command("equity")
def equity_command(
    hand: Annotated[str, typer.Option("--hand", help="Your cards: 7, or the 5 you arranged.")],
    players: Annotated[
        int, typer.Option("--players", help="Players dealt in, you included (2-7).")
    ],
    split: Annotated[
        Split,
        choice_option(Split, "--split", "Game type."),
    ] = Split.HIGH_LOW_8,
    passed: Annotated[
        str,
        typer.Option("--passed", help="Cards you passed: 'CARDS' (to seat 1) or 'SEAT:CARDS ...'."),
    ] = "",
    received: Annotated[
        str, typer.Option("--received", help="Cards you received (in --hand, or passed on later).")
    ] = "",
    revealed: Annotated[
        str, typer.Option("--revealed", help="Face-up cards: 'SEAT:CARDS ...'.")
    ] = "",
    folded: Annotated[str, typer.Option("--folded", help="Seats that folded, e.g. '2,3'.")] = "",
    dead: Annotated[
        str, typer.Option("--dead", help="Your cards out of play (hidden cards, the two left out).")
    ] = "",
    trials: Annotated[int, typer.Option("--trials", min=1, help="Monte Carlo deals.")] = 200_000,
    exact_limit: Annotated[
        int, typer.Option("--exact-limit", min=0, help="Enumerate when at most this many.")
    ] = DEFAULT_EXACT_LIMIT,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for reproducible sampling.")
    ] = None,
    advise: Annotated[
        Advice | None,
        choice_option(Advice, "--advise", "Rank passes or arrangements."),
    ] = None,
    pass_count: Annotated[
        int | None,
        typer.Option(
            "--pass-count", min=1, max=6, help="Cards to pass (default from the schedule)."
        ),
    ] = None,
    pass_to: Annotated[int, typer.Option("--pass-to", help="Seat receiving the pass.")] = 1,
    top: Annotated[int, typer.Option("--top", min=1, help="Choices shown with --advise.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
    opponents: Annotated[
        Opponents,
        choice_option(
            Opponents,
            "--opponents",
            "passing: opponents built their hands by passing (default); random: random cards.",
        ),
    ] = Opponents.PASSING,
    pass_policy: Annotated[
        PassPolicy,
        choice_option(PassPolicy, "--pass-policy", "Whose passing the passing model replays."),
    ] = PassPolicy.MONTECARLO,
    passes_done: Annotated[
        int | None,
        typer.Option(
            "--passes-done",
            min=0,
            max=3,
            help="Passes made so far (default: from --passed, else 3).",
        ),
    ] = None,
) -> None:
    """Probabilities of winning high, low, scooping, and the expected pot share of seat 0,
    against opponents who passed with purpose (the default) or random opponents."""
    _ = translator(language_from_environment())
    knowledge = build_knowledge(
        hand=hand,
        players=players,
        passed=passed,
        received=received,
        revealed=revealed,
        folded=folded,
        dead=dead,
    )
    console = result_console()
    model = None
    if opponents is Opponents.PASSING:
        model = build_model(
            knowledge=knowledge,
            players=players,
            split=split,
            passed=passed,
            received=received,
            dead=dead,
            passes_done=passes_done,
            policy=pass_policy.value,
        )
    if advise is None:
        try:
            result = equity(
                knowledge,
                split=split,
                trials=trials,
                rng=seed,
                exact_limit=exact_limit,
                opponents=model,
                best_five=True,
            )
        except AnacondaError as exc:
            raise typer.BadParameter(str(exc)) from None
        if as_json:
            summary: dict[str, Any] = {
                **result.to_dict(),
                "model": "random" if model is None else "passing",
            }
            if model is not None:
                summary["pass_policy"] = model.policy
                summary["passes_replayed"] = len(model.history.rounds)
            typer.echo(json.dumps(summary, indent=2))
        else:
            table = _result_table(result, split)
            table.caption = f"{table.caption}\n{model_caption(model)}"
            if len(knowledge.hand) == 7:
                table.caption += "\n" + _("Seven cards: valued by the best five you can still keep")
            console.print(table)
        return
    if len(knowledge.hand) != 7:
        raise typer.BadParameter(
            "advice on passing or arranging needs your 7 cards", param_hint="--hand"
        )
    try:
        if advise is Advice.PASS:
            count = pass_count
            if count is None:
                given = parse_seat_cards(passed, option="--passed", default_seat=1)
                done = sum(len(v) for v in given.values())
                sums = [sum(PASS_SCHEDULE[:i]) for i in range(len(PASS_SCHEDULE))]
                if done not in sums:
                    raise typer.BadParameter(
                        f"{done} cards passed so far does not fit the 3-2-1 schedule; "
                        "give --pass-count",
                        param_hint="--passed",
                    )
                count = PASS_SCHEDULE[sums.index(done)]
            if model is not None and (passes_done is None or pass_count is None):
                # the pass asked about follows the passes --passed lists (0 to 2 of them)
                gave = parse_seat_cards(passed, option="--passed", default_seat=1)
                made = sum(len(v) for v in gave.values())
                sums = [sum(PASS_SCHEDULE[:i]) for i in range(len(PASS_SCHEDULE))]
                model = build_model(
                    knowledge=knowledge,
                    players=players,
                    split=split,
                    passed=passed,
                    received=received,
                    dead=dead,
                    passes_done=sums.index(made) if made in sums else passes_done,
                    policy=pass_policy.value,
                )
            if model is None:
                choices = pass_choices(
                    knowledge,
                    count=count,
                    receiver=pass_to,
                    split=split,
                    trials=trials,
                    rng=seed,
                    exact_limit=exact_limit,
                )
            else:
                choices = passing_pass_choices(
                    knowledge, model, count=count, receiver=pass_to, trials=trials, rng=seed
                )
            title = _("Cards to pass to seat {seat}, best first", seat=pass_to)
            caption = model_caption(model)
        else:
            choices = arrange_choices(
                knowledge,
                split=split,
                trials=trials,
                rng=seed,
                exact_limit=exact_limit,
                opponents=model,
            )
            title = _("Fives to keep, in reveal order, best first")
            caption = model_caption(model)
    except AnacondaError as exc:
        raise typer.BadParameter(str(exc)) from None
    plans = [reveal_plan(c.cards, split) for c in choices[:top]] if advise is Advice.ARRANGE else []
    if as_json:
        data = [
            {"cards": format_cards(c.cards).split(), **c.result.to_dict()} for c in choices[:top]
        ]
        for entry, plan in zip(data, plans, strict=False):
            entry["reveal"] = [
                {"card": format_cards([step.card]), "reasons": list(step.reasons)} for step in plan
            ]
        typer.echo(json.dumps(data, indent=2))
    else:
        table = _choice_table(title, choices, top, split)
        table.caption = caption
        console.print(table)
        if plans:
            console.print(_reveal_lines(plans[0]))
