"""The extraction recipe: new strings reach every catalogue, hand-added ones are kept."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from anaconda_poker.i18n import LANGUAGES
from anaconda_poker.i18n.update import extract_template, update_catalogs


def _po(locale_dir: Path, lang: str) -> dict[object, object]:
    with (locale_dir / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return {m.id: m.string for m in read_po(handle, locale=lang) if m.id}


def test_update_adds_new_messages_and_keeps_existing_ones(tmp_path: Path) -> None:
    source = tmp_path / "pkg"
    source.mkdir()
    (source / "game.py").write_text(
        "def f(_, t, n):\n"
        "    _('Fold')\n"
        "    t('{player} raises to {amount}', player='A', amount=2)\n"
        "    t.ngettext('{count} card', '{count} cards', n, count=n)\n"
        "    print('not a message')\n",
        encoding="utf-8",
    )
    locale_dir = tmp_path / "locale"
    missing = update_catalogs(source_dir=source, locale_dir=locale_dir)
    assert missing == {"en": 0, "it": 3, "es": 3, "pt": 3, "nl": 3, "de": 3}
    assert (locale_dir / "messages.pot").exists()
    english = _po(locale_dir, "en")
    assert english["Fold"] == "Fold"
    assert english[("{count} card", "{count} cards")] == ("{count} card", "{count} cards")
    assert "not a message" not in english

    # A translation made by hand, and a message added by hand (e.g. by the web client),
    # survive the next update.
    it_path = locale_dir / "it" / "LC_MESSAGES" / "messages.po"
    text = it_path.read_text(encoding="utf-8").replace(
        'msgid "Fold"\nmsgstr ""', 'msgid "Fold"\nmsgstr "Abbandona"'
    )
    en_path = locale_dir / "en" / "LC_MESSAGES" / "messages.po"
    en_path.write_text(
        en_path.read_text(encoding="utf-8") + '\nmsgid "Take a seat"\nmsgstr "Take a seat"\n',
        encoding="utf-8",
    )
    it_path.write_text(text, encoding="utf-8")
    missing = update_catalogs(source_dir=source, locale_dir=locale_dir)
    assert missing["it"] == 3  # two still untranslated, plus "Take a seat"
    italian = _po(locale_dir, "it")
    assert italian["Fold"] == "Abbandona"
    assert "Take a seat" in italian
    pt_header = (locale_dir / "pt" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    assert "plural=(n > 1)" in pt_header
    assert set(LANGUAGES) <= {p.name for p in locale_dir.iterdir()}

    # --prune drops what no source uses.
    update_catalogs(source_dir=source, locale_dir=locale_dir, prune=True)
    assert "Take a seat" not in _po(locale_dir, "en")


def test_extraction_finds_the_translator_call_forms() -> None:
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in extract_template() if m.id}
    assert {"Fold", "kings", "{trips} full of {pair}", "Keep these five"} <= ids
    assert "Pass {number}: {count} card {direction}" in ids
