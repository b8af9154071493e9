"""The browser modules against Python oracles, run in Chromium: hand names (the i18n layer's
describe_high/describe_low), SHA-256 (hashlib) and the deck check (core.fairness)."""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Any

import pytest

from anaconda_poker.core.cards import card_str, parse_codes
from anaconda_poker.core.fairness import deal_from_deck, deck_commitment
from anaconda_poker.i18n import describe_high, describe_low

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

NAMED = [
    "As Ks Qs Js Ts",  # royal flush
    "5h 4h 3h 2h Ah",  # steel wheel
    "9d 9c 9h 9s 2c",
    "Kc Kd Ks 7h 7d",
    "Ad Jd 8d 6d 2d",
    "Ts 9d 8c 7h 6s",
    "5c 4d 3h 2s Ac",  # wheel
    "5c 5h 5s Kd 2c",
    "Jc Jh 4d 4s Ac",
    "8s 8d Ah Tc 3d",
    "Ac Qd 9h 6s 3c",
    "8c 6d 5h 4s 3c",
    "7c 7d 3h 2s Ac",
]


def random_hands(count: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    hands = [h.split() for h in NAMED]
    for _ in range(count):
        hands.append([card_str(c) for c in rng.sample(range(52), 5)])
    return hands


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_hand_names_match_the_translation_layer(module_page: Any, lang: str) -> None:
    hands = random_hands(300, seed=len(lang))
    got = module_page.evaluate(
        """async ([lang, hands]) => {
          const i18n = await import('/js/i18n.js');
          const names = await import('/js/handnames.js');
          await i18n.setLanguage(lang);
          return hands.map((h) => [names.describeHigh(h), names.describeLow(h, 8),
                                   names.describeLow(h, null)]);
        }""",
        [lang, hands],
    )
    for hand, (high, low8, low_any) in zip(hands, got, strict=True):
        codes = parse_codes(hand)
        assert high == describe_high(codes, lang), hand
        assert low8 == (describe_low(codes, lang, qualifier=8) or ""), hand
        assert low_any == describe_low(codes, lang, qualifier=None), hand


def test_pure_javascript_sha256_matches_hashlib(module_page: Any) -> None:
    texts = ["", "a", "x" * 55, "y" * 56, "z" * 63, "w" * 64, "v" * 65, "ünïcødé ♠♥♦♣" * 9]
    texts.append("anaconda-deck-v1:" + "ab" * 32 + ":" + " ".join(["As"] * 52))
    got = module_page.evaluate(
        """async (texts) => {
          const m = await import('/js/sha256.js');
          const hex = (b) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
          return texts.map((t) => hex(m.sha256Bytes(new TextEncoder().encode(t))));
        }""",
        texts,
    )
    assert got == [hashlib.sha256(t.encode()).hexdigest() for t in texts]


def _history(seed: int, seats: list[int], button: int) -> dict[str, Any]:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    salt = secrets.token_hex(32)
    dealt = deal_from_deck(deck, seats=seats, button=button, cards_each=7)
    return {
        "config": {"cards_dealt": 7},
        "button": button,
        "deck": [card_str(c) for c in deck],
        "deck_salt": salt,
        "deck_commitment": deck_commitment(deck, salt),
        "dealt": {str(s): [card_str(c) for c in cards] for s, cards in dealt.items()},
    }


def test_deck_check_accepts_an_honest_hand_and_catches_tampering(module_page: Any) -> None:
    honest = _history(1, seats=[0, 2, 3, 5], button=3)
    swapped = _history(1, seats=[0, 2, 3, 5], button=3)
    swapped["dealt"]["0"][0], swapped["dealt"]["2"][0] = (
        swapped["dealt"]["2"][0],
        swapped["dealt"]["0"][0],
    )
    other_salt = {**honest, "deck_salt": "00" * 32}
    results = module_page.evaluate(
        """async ([honest, swapped, otherSalt]) => {
          const f = await import('/js/fairness.js');
          return [
            await f.verifyHand(honest, honest.deck_commitment),
            await f.verifyHand(swapped, swapped.deck_commitment),
            await f.verifyHand(otherSalt, honest.deck_commitment),
            await f.verifyHand(honest, 'f'.repeat(64)),
          ];
        }""",
        [honest, swapped, other_salt],
    )
    ok, tampered_deal, wrong_salt, wrong_announcement = results
    assert ok == {
        "version": 1,
        "computed": honest["deck_commitment"],
        "commitment": True,
        "announced": True,
        "seeds": None,
        "deal": True,
    }
    assert tampered_deal["commitment"] is True and tampered_deal["deal"] is False
    assert wrong_salt["commitment"] is False
    assert wrong_announcement["announced"] is False and wrong_announcement["commitment"] is True


@pytest.mark.parametrize("lang", ["en", "it"])
def test_strength_line_says_no_low_yet_only_while_cards_can_still_change(
    module_page: Any, lang: str
) -> None:
    """Once the five are arranged (the roll and the declaring step, RULES.md §6) no card can
    change: a hand without a low has "No low", not "No low yet", when the player decides
    whether to declare low."""
    pair = ["Kc", "Kd", "9h", "7s", "2c"]  # no eight-or-better low: a pair
    wheel = ["5c", "4d", "3h", "2s", "Ac"]
    got = module_page.evaluate(
        """async ([lang, pair, wheel]) => {
          const i18n = await import('/js/i18n.js');
          const s = await import('/js/strength.js');
          await i18n.setLanguage(lang);
          const text = (cards, final) => s.strengthLine(cards, 'high_low_8', final).textContent;
          return [text(pair, false), text(pair, true), text(wheel, true),
                  i18n.t('No low'), i18n.t('No low yet')];
        }""",
        [lang, pair, wheel],
    )
    still_open, final, final_wheel, no_low, no_low_yet = got
    assert no_low != no_low_yet
    assert still_open.endswith(" · " + no_low_yet)
    assert final.endswith(" · " + no_low) and not final.endswith(no_low_yet)
    assert not final_wheel.endswith(no_low)  # a low is named, final or not
    if lang == "it":
        assert (no_low, no_low_yet) == ("Nessun basso", "Ancora nessun basso")


def test_pot_limit_all_in_button_only_when_all_chips_are_within_the_maximum(
    module_page: Any,
) -> None:
    """Newcomer trial: facing a bet of 3 with 64 behind in pot limit, "All-in" set "Raise to
    16", the same as "Pot". Above the pot-limit maximum there is no all-in button ("Pot" is the
    largest raise, as in PokerNow); with a stack within the maximum all-in is all the chips,
    and it replaces "Pot" (and "¾ pot") when they would set that same amount (second trial:
    "Pot" and "All-in" side by side with one amount when the pot bet was the whole stack)."""
    got = module_page.evaluate(
        """async () => {
          const m = await import('/js/betsizing.js');
          const view = (stack) => ({ pot_total: 10, current_bet: 3,
            seats: [{ seat: 0, bet: 3, stack: 50 }, { seat: 1, bet: 0, stack }] });
          const sizes = (stack, range) => m.sizingButtons(view(stack), 1, range)
            .map((s) => [s.id, s.to]);
          return { deep: sizes(64, [6, 16]), equal: sizes(16, [6, 16]),
                   short: sizes(12, [6, 12]) };
        }"""
    )
    # pot: call 3 into 13, raise 13 on top: to 16; half: 3 + 6 = 9; three quarters: 3 + 9 = 12
    assert got["deep"] == [["half", 9], ["three-quarters", 12], ["pot", 16]]
    # the pot raise is every chip: one button, "All-in", which says so
    assert got["equal"] == [["half", 9], ["three-quarters", 12], ["all-in", 16]]
    # short: ¾ pot and pot are both clamped to the 12 chips there are; only "All-in" sets them
    assert got["short"] == [["half", 9], ["all-in", 12]]


def test_no_two_sizing_buttons_set_the_same_amount(module_page: Any) -> None:
    """Newcomer trial: in a tiny pot "½ pot" and "¾ pot" set the minimum bet, the amount the
    "Min" button beside the field sets (`lo`); in no limit with a short stack "Pot" set the
    same all-in as "All-in". Each amount has one button, the clearer one."""
    got = module_page.evaluate(
        """async () => {
          const m = await import('/js/betsizing.js');
          const view = (pot, stack) => ({ pot_total: pot, current_bet: 0,
            seats: [{ seat: 0, bet: 0, stack: 50 }, { seat: 1, bet: 0, stack }] });
          const sizes = (pot, stack, range) => m.sizingButtons(view(pot, stack), 1, range)
            .map((s) => [s.id, s.to]);
          return {
            three: sizes(3, 50, [2, 3]),      // pot limit: ½ → 1 and ¾ → 2 clamp to the min 2
            four: sizes(4, 50, [2, 4]),       // ½ → 2 is the min; ¾ → 3 stays
            noLimit: sizes(10, 8, [2, 8]),    // no limit, 8 chips: pot (10) clamps to all-in
            big: sizes(40, 100, [2, 40]),     // nothing shared: every button
          };
        }"""
    )
    assert got["three"] == [["pot", 3]]
    assert got["four"] == [["three-quarters", 3], ["pot", 4]]
    assert got["noLimit"] == [["half", 5], ["three-quarters", 7], ["all-in", 8]]
    assert got["big"] == [["half", 20], ["three-quarters", 30], ["pot", 40]]


@pytest.mark.parametrize(
    ("lang", "pot_limit", "fixed"),
    [("en", "Pot limit, minimum bet 2", "Fixed limit 2/4"), ("de", "Mindesteinsatz 2", "2/4")],
)
def test_the_rules_line_names_the_minimum_bet_outside_fixed_limit(
    module_page: Any, lang: str, pot_limit: str, fixed: str
) -> None:
    """A lone number after the structure read as a cryptic "Pot limit 2" (newcomer trial):
    pot and no limit name the minimum bet; fixed limit keeps the card rooms' "2/4"."""
    base = {"split": "high_only", "ante": 1, "small_bet": 2, "big_bet": 4, "pass_counts": []}
    lines = module_page.evaluate(
        """async ([lang, configs]) => {
          const i18n = await import('/js/i18n.js');
          const labels = await import('/js/labels.js');
          await i18n.setLanguage(lang);
          return configs.map((c) => labels.rulesSummary(c));
        }""",
        [lang, [{**base, "betting": b} for b in ("pot_limit", "no_limit", "fixed_limit")]],
    )
    assert pot_limit in lines[0]
    assert lines[1].count("2") == 1 and "2/4" not in lines[1]  # the minimum bet, no big bet
    assert fixed in lines[2] and "Mindesteinsatz" not in lines[2] and "minimum" not in lines[2]
