"""The terminal game's wording reads naturally in every language (issue 13 item 13).

Each language uses one word for each poker term (the glossary's, from the rule pages in
``shared/seeds/``), hand names are cased alike, checking and passing cards never share a
verb, and the sentences that read badly before read as a player of the language says them.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from anaconda_poker.core.actions import ActionKind
from anaconda_poker.core.cards import parse_codes
from anaconda_poker.i18n import LANGUAGES, LOCALE_DIR, action_line, translator
from anaconda_poker.i18n.hands import describe_high, describe_low

OWN_SOURCES = ("i18n/", "tui/", "cli/")
"""Where the terminal game's and the CLI's messages come from."""


def _catalog(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def _own_messages(
    lang: str, sources: tuple[str, ...] = OWN_SOURCES
) -> list[tuple[str, tuple[str, ...]]]:
    """``(msgid, translations)`` of every message used by a file under ``sources`` (by
    default the terminal game's and the CLI's)."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for message in _catalog(lang):
        if not message.id or not any(p.startswith(sources) for p, _ in message.locations):
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found.append((msgid, tuple(str(s) for s in strings)))
    return found


GLOSSARY_TERMS = ("betting round", "showdown", "hand history", "qualifier", "side pot")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("term", GLOSSARY_TERMS)
def test_a_poker_term_has_one_word_in_each_language(lang: str, term: str) -> None:
    """Every message naming the term uses the glossary's word for it: German said
    "Setzrunde" in two messages and "Wettrunde" everywhere else, Italian "storia della
    mano" once beside "storico della mano", Spanish "clasificación" beside "calificación".
    "Showdown" stays untranslated: the rule pages of every language use the word."""
    word = translator(lang)(term).casefold()
    odd = [
        (msgid, text)
        for msgid, strings in _own_messages(lang)
        if term in msgid.casefold() and msgid.casefold() != term
        for text in strings
        if word not in text.casefold()
    ]
    assert odd == [], (lang, word, odd)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hand_histories_keep_the_singulars_word(lang: str) -> None:
    """The plural follows the glossary's "hand history" (its first six letters: German
    "Handverläufe", not "Rundenverläufe"; Italian "storici", not "storie di mani")."""
    stem = translator(lang)("hand history").casefold()[:6]
    odd = [
        (msgid, text)
        for msgid, strings in _own_messages(lang)
        if "hand histories" in msgid.casefold()
        for text in strings
        if stem not in text.casefold()
    ]
    assert odd == [], (lang, stem, odd)


def test_showdown_is_the_poker_word_everywhere() -> None:
    # The seeds' rule pages (it, es, pt, nl, de) say "showdown" untranslated.
    for lang in LANGUAGES:
        assert translator(lang)("showdown").casefold() == "showdown", lang
        assert translator(lang)("Showdown") == "Showdown", lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_stack_and_the_rebuys_keep_their_names(lang: str) -> None:
    """The help says "stack" with the word the seat boxes use ("Fiches 400" in Italian,
    not "tutto il tuo stack"), and the summary's rebuys are the dialog's ("ricompre" was
    not the "rebuy" the dialog promised to count)."""
    t = translator(lang)
    stack = t("Stack").casefold()
    help_line = t("The largest bet or raise allowed: all-in when it is your whole stack")
    assert stack in help_line.casefold(), (lang, stack, help_line)
    rebuys = t.ngettext("({count} rebuy)", "({count} rebuy)", 2, count=2)
    word = rebuys.strip("()").split()[-1].casefold()
    dialog = t(
        "Enter buys {amount} chips again (the summary counts rebuys); S shows the session summary.",
        amount=400,
    )
    assert word in dialog.casefold(), (lang, word, dialog)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cli_names_seats_deals_and_the_reveal_order_alike(lang: str) -> None:
    """Dutch replay said "Stoel 1" where equity says "plaats 1", review "verdelingen" where
    equity says "delingen"; Spanish review "orden de destape" where the game says "orden de
    revelación"."""
    t = translator(lang)
    seat = t("Seat {seat} ({player})", seat=1, player="Ada").split()[0].casefold()
    assert seat in t("Cards to pass to seat {seat}, best first", seat=1).casefold()
    deals = t("exact: {count} deals", count=5).split()[-1].casefold()
    model = t(
        "Model: {model}. {trials} deals per decision; a mistake loses more than {chips} "
        "and more than twice its sampling error.",
        model="m",
        trials=5,
        chips=1,
    )
    assert deals in model.casefold(), (deals, model)
    order = t("reveal order {cards} (not priced)", cards="§").split("§")[0].strip().casefold()
    assert order in t("Fives to keep, in reveal order, best first").casefold(), order


CHECK_VERB = {
    "en": r"\bcheck",
    "it": r"\bparola\b",
    "es": r"\bpas(ar|a|as|o|ado|ada|adas|ados)\b",
    "pt": r"\bpass(ar|a|as|o|ou|ei|ado|ada|adas|ados)\b",
    "nl": r"\bcheck",
    "de": r"\bschieb",
}
"""The forms of each language's check verb (Spanish and Portuguese say "pasar"/"passar")."""

CARD_PASS = re.compile(r"\bpass(ed|es|ing)?\b(?!.*\bcheck)", re.IGNORECASE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_passing_cards_never_says_the_check_verb(lang: str) -> None:
    """Spanish logged "has pasado 9♠ 8♦" and labelled "Pasadas:", Portuguese "você passou"
    and one prompt "cartas para passar": the words a check uses. The web client too: its
    Portuguese seats said "Passou ✓" after a pass and "Passar" after a check, and its
    Portuguese and Spanish logs "Bo passa 3 cartas para Ana" beside "Bo passa"."""
    verb = re.compile(CHECK_VERB[lang], re.IGNORECASE)
    about_cards = [
        (msgid, text)
        for msgid, strings in _own_messages(lang, (*OWN_SOURCES, "web/", "server/"))
        if CARD_PASS.search(msgid) and "check" not in msgid.casefold()
        for text in strings
    ]
    assert len(about_cards) >= 10
    odd = [(msgid, text) for msgid, text in about_cards if lang != "en" and verb.search(text)]
    assert odd == [], (lang, odd)


FIRST_BUY_IN = re.compile(r"inici|inizi|anfang|initial|eerste|begin|first", re.IGNORECASE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ledgers_bought_in_counts_the_rebuys_too(lang: str) -> None:
    """The ledger's "Bought in" is every chip a player bought, rebuys included (Lena: 200,
    then a rebuy of 200, shows 400). Portuguese and Spanish called it "Compra inicial", the
    first buy-in, so a player who rebought read a first buy-in twice what they paid."""
    text = translator(lang)("Bought in")
    assert text != "Bought in" or lang == "en"
    assert not FIRST_BUY_IN.search(text), (lang, text)


HANDS = (
    "9h 8h 7h 6h 5h",
    "Kc Kd Ks Kh 7d",
    "Kc Kd Ks 7h 7d",
    "Ah Jh 8h 4h 2h",
    "9c 8d 7h 6s 5c",
    "Qc Qd Qs 7h 2d",
    "Jc Jd 4s 4h 9d",
    "8c 8d Ks 7h 2d",
    "Ac Qd 9s 7h 2d",
)
"""One hand of every category but the royal flush (named, not described)."""

CAPITALISED = {"en": False, "it": False, "es": False, "pt": False, "nl": True, "de": True}
"""Whether a hand description starts with a capital: German nouns ("Drilling", "Straße",
"Zwei Paare", "Ein Paar Achten") and the Dutch seed page's English names ("Full House")."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hand_description_is_cased_alike(lang: str) -> None:
    """Portuguese said "Flush, ás alto" but "sequência, nove alto"; German "Drilling,
    Damen" but "ein Paar Achten"."""
    texts = [describe_high(parse_codes(hand), lang) for hand in HANDS]
    low = describe_low(parse_codes("Kc Kd 8s 5h 2c"), lang, qualifier=None)
    assert low is not None
    texts.append(low)
    starts = {text: text[:1].isupper() for text in texts}
    wrong = [text for text, upper in starts.items() if upper is not CAPITALISED[lang]]
    assert wrong == [], (lang, wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("you", [True, False])
def test_a_call_says_its_verb_once(lang: str, you: bool) -> None:
    """German logged "Du gehst mit 2 mit": the separable verb's particle twice."""
    line = action_line(lang, player="Ada", kind=ActionKind.CALL, amount=2, you=you)
    words = line.casefold().split()
    assert len(words) == len(set(words)), line
    assert "2" in words


@pytest.mark.parametrize(
    ("lang", "msgid", "text"),
    [
        ("de", "You call {amount}", "Du gehst die 2 mit"),
        ("de", "{player} calls {amount}", "Ada geht die 2 mit"),
        (
            "de",
            "{player}'s swing failed: it wins nothing",
            "Der Swing von Ada ist gescheitert und gewinnt nichts",
        ),
        ("nl", "Everyone antes {amount}.", "Iedereen zet een ante van 2 in."),
        ("nl", "You have folded in this hand.", "Je hebt in deze hand gepast."),
        (
            "nl",
            "{command} needs a whole number of chips, e.g. {example}",
            "raise heeft een geheel aantal fiches nodig, bijvoorbeeld raise 8",
        ),
        (
            "pt",
            "That puts {amount} chips in: press A again to confirm.",
            "Isso coloca 2 fichas no pote: tecle A de novo para confirmar.",
        ),
        (
            "es",
            "That puts {amount} chips in: press A again to confirm.",
            "Eso pone 2 fichas en el bote: pulsa A otra vez para confirmar.",
        ),
        (
            "it",
            "That puts {amount} chips in: press A again to confirm.",
            "Così metti 2 fiches nel piatto: premi di nuovo A per confermare.",
        ),
        (
            "it",
            "Please wait: the other players are acting.",
            "Attendi: tocca agli altri giocatori.",
        ),
        (
            "es",
            "Fives to keep, in reveal order, best first",
            "Cinco cartas para quedarse, en orden de revelación, las mejores primero",
        ),
        ("nl", "{player}: stack {stack}, dealt {cards}", "Ada: stapel 5, kreeg 2c 3d"),
        (
            "es",
            "The stored result differs from the one the actions give (in: {fields}); the "
            "replay above shows the recomputed one.",
            "El resultado guardado difiere del que dan las acciones (en: result); la "
            "reproducción de arriba muestra el recalculado.",
        ),
    ],
)
def test_sentences_read_as_the_language_says_them(lang: str, msgid: str, text: str) -> None:
    fields = {
        "amount": 2,
        "player": "Ada",
        "command": "raise",
        "example": "raise 8",
        "stack": 5,
        "cards": "2c 3d",
        "fields": "result",
    }
    assert translator(lang)(msgid, **fields) == text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ledger_has_one_word_in_each_language(lang: str) -> None:
    """Every message of the web table and the terminal naming the ledger uses the word of its
    tab: Dutch said "Kasboek" on the tab and "Grootboek downloaden (CSV)" under it (newcomer
    trial), and the download said "registro" beside the tab's "Conti", "Cuentas", "Contas"
    and "Abrechnung" beside "Kassenbuch"."""
    word = translator(lang)("Ledger").casefold()
    odd = [
        (msgid, text)
        for msgid, strings in _own_messages(lang, (*OWN_SOURCES, "web/", "server/"))
        if "ledger" in msgid.casefold()
        for text in strings
        if word not in text.casefold()
    ]
    assert odd == [], (lang, word, odd)
