"""``labels.js`` ``stakesFitProblem`` against the server's rule (``server/host_controls.py``
``check_stakes_fit``): the same option is blamed for the same stakes, and the message is in
the page's language with the amounts formatted for it. Debian's Chromium."""

from __future__ import annotations

from typing import Any

import pytest

from anaconda_poker.core.config import TableConfig
from anaconda_poker.server.errors import ClientError
from anaconda_poker.server.host_controls import check_stakes_fit

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

CASES: list[tuple[dict[str, Any], int, int]] = [
    # (stakes, starting stack, seats)
    ({"ante": 1, "small_bet": 100_000}, 200, 6),
    ({"ante": 0, "small_bet": 100_000}, 200, 6),
    ({"ante": 1, "small_bet": 150}, 200, 6),
    ({"ante": 1, "small_bet": 150, "betting": "pot_limit"}, 200, 6),
    ({"ante": 199, "small_bet": 2}, 200, 6),
    ({"ante": 198, "small_bet": 2}, 200, 6),
    ({"ante": 30, "small_bet": 2, "forced_bet": "dealer_ante"}, 200, 7),
    ({"ante": 28, "small_bet": 2, "forced_bet": "dealer_ante"}, 200, 7),
    ({"ante": 1, "small_bet": 2}, 3, 6),
    ({"ante": 5, "small_bet": 300, "forced_bet": "dealer_ante"}, 200, 6),
    # newcomer review: the antes reach the stack; a small bet of 200 and of 201
    ({"ante": 200, "small_bet": 201, "betting": "pot_limit"}, 200, 6),
    ({"ante": 199, "small_bet": 201, "betting": "pot_limit"}, 200, 6),
    ({"ante": 200, "small_bet": 150, "betting": "no_limit"}, 200, 6),
    ({"ante": 50, "small_bet": 201, "forced_bet": "dealer_ante"}, 200, 4),
    ({"ante": 49, "small_bet": 201, "forced_bet": "dealer_ante"}, 200, 4),
    ({"ante": 1, "small_bet": 200, "betting": "pot_limit"}, 200, 6),
    ({"ante": 1, "small_bet": 201, "betting": "pot_limit"}, 200, 6),
    ({"ante": 1, "small_bet": 101}, 200, 6),
    ({"ante": 1, "small_bet": 201}, 200, 6),
    ({"ante": 101, "small_bet": 102}, 200, 6),
    ({"ante": 0, "small_bet": 1}, 1, 6),
    ({"ante": 0, "small_bet": 5, "big_bet": 250}, 200, 6),
]


def server_blames(
    stakes: dict[str, Any], stack: int, seats: int, derived: bool
) -> tuple[str, str] | None:
    """The option the server names and the largest value it states."""
    config = TableConfig.from_dict(stakes)
    try:
        check_stakes_fit(config, seats=seats, starting_stack=stack, big_bet_derived=derived)
    except ClientError as error:
        assert error.field is not None
        return error.field.removeprefix("config."), error.message.rsplit(" ", 1)[-1]
    return None


def test_the_form_blames_what_the_server_blames(module_page: Any) -> None:
    """The same option and the same "at most N", with a big bet given and one that follows
    the small bet (twice it)."""
    runs = []
    for stakes, stack, seats in CASES:
        full = {"betting": "fixed_limit", "forced_bet": "ante", "big_bet": 0, **stakes}
        full["big_bet"] = TableConfig.from_dict(full).big_bet
        for derived in (False, True) if "big_bet" not in stakes else (False,):
            runs.append((full, stack, seats, derived))
    got = module_page.evaluate(
        """async (cases) => {
          const labels = await import('/js/labels.js');
          return cases.map(([c, stack, seats, derived]) =>
            labels.stakesFitProblem(c, stack, seats, 'Small bet', derived));
        }""",
        [list(run) for run in runs],
    )
    for (stakes, stack, seats, derived), problem in zip(runs, got, strict=True):
        blamed = server_blames(stakes, stack, seats, derived)
        form = (problem[0], problem[1].removesuffix(".").rsplit(" ", 1)[-1]) if problem else None
        assert form == blamed, (stakes, derived, problem)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("de", ["100.000", "Startstack", "199"]),
        ("es", ["100.000", "fichas iniciales", "199"]),
        ("it", ["100.000", "fiches iniziali", "199"]),
        ("pt", ["100.000", "fichas iniciais", "199"]),
        ("nl", ["100.000", "startstapel", "199"]),
    ],
)
def test_the_message_is_in_the_pages_language(
    module_page: Any, lang: str, words: list[str]
) -> None:
    got = module_page.evaluate(
        """async (lang) => {
          const i18n = await import('/js/i18n.js');
          const labels = await import('/js/labels.js');
          await i18n.setLanguage(lang);
          const c = { ante: 1, small_bet: 100000, big_bet: 200000, betting: 'fixed_limit',
                      forced_bet: 'ante' };
          const d = { ...c, ante: 30, small_bet: 2, big_bet: 4, forced_bet: 'dealer_ante' };
          return [labels.stakesFitProblem(c, 200, 6, i18n.t('Small bet')),
                  labels.stakesFitProblem(d, 200, 7, i18n.t('Small bet'))];
        }""",
        lang,
    )
    (field, text), (ante_field, ante_text) = got
    assert field == "small_bet" and "is more than" not in text, text
    assert all(w in text for w in words), text
    assert ante_field == "ante" and "30 × 7" in ante_text and "28" in ante_text, ante_text
    assert "starting stack" not in ante_text, ante_text
