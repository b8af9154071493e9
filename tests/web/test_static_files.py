"""The web client's static files: translations, module graph, rules pages (no browser)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from anaconda_poker.i18n import LANGUAGES, catalog_json

STATIC = Path(__file__).resolve().parents[2] / "src" / "anaconda_poker" / "web" / "static"
# CI and developers have the project's shared/ folder beside the checkout.
SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
MESSAGE = re.compile(r'\bt\("((?:[^"\\]|\\.)*)"')
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def web_message_ids() -> dict[str, str]:
    """Every literal message id passed to ``t()`` in the web client, with its file."""
    ids: dict[str, str] = {}
    for path in sorted((STATIC / "js").glob("*.js")):
        for match in MESSAGE.finditer(path.read_text(encoding="utf-8")):
            ids.setdefault(json.loads(f'"{match.group(1)}"'), path.name)
    return ids


def test_the_client_has_many_messages() -> None:
    ids = web_message_ids()
    assert len(ids) > 250
    assert "Fold" in ids and "Choose {count} cards to pass {direction}, to {name}" in ids


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_web_message_is_in_the_catalogue_with_its_placeholders(lang: str) -> None:
    catalog = catalog_json(lang)
    problems = []
    for msgid, where in web_message_ids().items():
        text = catalog.get(msgid)
        if text is None:
            problems.append(f"{where}: {msgid!r} is not in the {lang} catalogue")
        elif set(PLACEHOLDER.findall(text)) != set(PLACEHOLDER.findall(msgid)):
            problems.append(f"{where}: {msgid!r} -> {text!r} changes the placeholders")
    assert problems == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_most_web_messages_are_really_translated(lang: str) -> None:
    """Words like "Chat" or "Ante" may stay the same; whole sentences may not."""
    catalog = catalog_json(lang)
    words = re.compile(r"(?<!\{)\b[^\W\d_]{2,}\b(?!\})")
    same = [m for m in web_message_ids() if len(words.findall(m)) >= 4 and catalog.get(m) == m]
    assert same == []


def test_every_module_import_and_page_reference_resolves() -> None:
    for path in (STATIC / "js").glob("*.js"):
        for target in re.findall(r'from "(\./[^"]+)"|import\("(\./[^"]+)"\)', path.read_text()):
            name = next(t for t in target if t)
            assert (path.parent / name).resolve().exists(), f"{path.name} imports missing {name}"
    index = (STATIC / "index.html").read_text()
    for ref in re.findall(r'(?:href|src)="(/[^"#]+)"', index):
        assert (STATIC / ref.lstrip("/")).exists(), f"index.html refers to missing {ref}"


def test_no_remote_resources() -> None:
    """Everything is served by our server: no CDN, no fonts or scripts from elsewhere."""
    for path in STATIC.rglob("*"):
        if path.suffix in {".html", ".js", ".css"}:
            text = path.read_text(encoding="utf-8")
            remote = re.findall(
                r'(?:src|href)=["\']https?://|url\(["\']?https?://|from ["\']https?://', text
            )
            assert not remote, f"{path.name} loads a remote resource"


RULE_TITLES = {
    "en": "How to play Anaconda",
    "it": "Come si gioca ad Anaconda",
    "es": "Cómo se juega a Anaconda",
    "pt": "Como se joga Anaconda",
    "nl": "Zo speel je Anaconda",
    "de": "So wird Anaconda gespielt",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_page_in_each_language(lang: str) -> None:
    html = (STATIC / "rules" / f"{lang}.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in html
    assert f"<h1>{RULE_TITLES[lang]}</h1>" in html
    english = (STATIC / "rules" / "en.html").read_text(encoding="utf-8")
    # the same structure as the English page: sections, steps, table rows
    for tag in ("<h2>", "<h3>", "<li>", "<tr>"):
        assert html.count(tag) == english.count(tag), f"{lang}: {tag} count differs"
    # the project's own text: the main rule numbers of RULES.md are there
    for fact in ("52", "5-4-3-2-A", "8-6-5-4-3", "8-6-4-3-2", "Q-K-A-2-3", "SHA-256"):
        assert fact in html, f"{lang}: {fact} missing"


def _sentences(text: str) -> set[str]:
    words = re.findall(r"\w+", text.lower())
    return {" ".join(words[i : i + 9]) for i in range(len(words) - 8)}


@pytest.mark.skipif(not SEEDS.exists(), reason="the seed rule pages are not on this machine")
def test_rules_pages_do_not_copy_the_seed_pages() -> None:
    """No run of nine words in a row is shared with any seed page."""
    seeds: set[str] = set()
    for path in SEEDS.glob("*.txt"):
        seeds |= _sentences(path.read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        text = re.sub(r"<[^>]+>", " ", (STATIC / "rules" / f"{lang}.html").read_text("utf-8"))
        shared = _sentences(text) & seeds
        assert not shared, f"{lang} shares wording with a seed page: {sorted(shared)[:3]}"
