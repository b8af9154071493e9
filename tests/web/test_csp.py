"""The web client under the server's strict Content-Security-Policy (issue 17 item 6).

Every page the client has (lobby, a table mid-hand and at the showdown, the replayer, the
rules in the app and standalone) is used in Chromium with the policy the server sends, and
any ``securitypolicyviolation`` event, CSP console message or page error fails the test. A
control shows that the probe sees a violation when there is one.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from test_e2e import create_table_in_lobby, play_until_hand_done

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`
    + ` at ${e.sourceFile}:${e.lineNumber}`);
});
"""
"""Init script: remember every CSP violation of the page (runs before the page's scripts)."""


def violations(page: Any) -> list[str]:
    found: list[str] = page.evaluate("window.__cspViolations || []")
    return found


def csp_messages(probe: Any) -> list[str]:
    return [e for e in probe.errors if "Content Security Policy" in e or "CSP" in e]


def test_every_answer_carries_the_security_headers(server: Any) -> None:
    for path in ("/", "/js/main.js", "/css/app.css", "/rules/en.html", "/api/options", "/nope"):
        headers = httpx.get(server.url + path).headers
        policy = headers["content-security-policy"]
        for directive in (
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "object-src 'none'",
        ):
            assert directive in policy, (path, policy)
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        host = server.url.removeprefix("http://")
        assert f"connect-src 'self' ws://{host} wss://{host};" in policy
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-content-type-options"] == "nosniff"


def test_the_whole_client_runs_without_a_violation(server: Any, open_page: Any) -> None:
    probe = open_page()
    page = probe.page
    page.context.add_init_script(RECORD_VIOLATIONS)
    seen: dict[str, list[str]] = {}

    def on_phase(p: Any, phase: str) -> None:
        if phase == "passing":
            p.wait_for_selector("#pass-confirm")
        elif phase == "arranging":
            p.wait_for_selector("#arrange-confirm")
        seen[phase] = violations(p)

    # the deck is revealed after the hand, so the replayer offers every player's cards too
    table_id = create_table_in_lobby(
        page, server.url, name="CSP", host="Ana", equity=True, reveal_deck=True
    )
    hand = play_until_hand_done([page], on_phase=on_phase)
    assert {"passing", "arranging", "complete"} <= set(seen), seen
    # the replayer of the finished hand, stepped through
    page.click("#tab-hands")
    page.click(f"#replay-{hand}")
    page.wait_for_selector("#replayer-felt .seat")
    page.check("#replayer-all")
    page.click("#replayer-last")
    page.wait_for_selector("#replayer-result")
    page.click("#replayer-close")
    # the other side-panel tabs, the lobby again and the rules in the app
    page.click("#tab-fair")
    page.click(f"#verify-{hand}")
    page.wait_for_selector(f"#verify-result-{hand}")
    page.goto(server.url + "/#/rules")
    page.wait_for_selector("article h1")
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    in_app = violations(page)
    page.goto(server.url + "/rules/de.html")
    page.wait_for_selector("article h2")
    standalone = violations(page)
    assert table_id
    assert not any(seen.values()) and not in_app and not standalone, (seen, in_app, standalone)
    assert not csp_messages(probe)


def test_the_probe_sees_an_inline_script(server: Any, open_page: Any) -> None:
    """Control: an inline script and a style attribute are blocked and reported."""
    probe = open_page()
    page = probe.page
    page.context.add_init_script(RECORD_VIOLATIONS)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-form")
    ran = page.evaluate(
        """() => {
          const s = document.createElement("script");
          s.textContent = "window.__inlineRan = true";
          document.body.append(s);
          const d = document.createElement("div");
          d.setAttribute("style", "color: red");
          document.body.append(d);
          return window.__inlineRan === true;
        }"""
    )
    assert ran is False
    page.wait_for_function("() => window.__cspViolations.length >= 2")
    found = violations(page)
    assert any(v.startswith("script-src") for v in found), found
    assert any(v.startswith("style-src") for v in found), found
    # the console messages of this deliberate violation are expected here, nowhere else
    assert csp_messages(probe)
    probe.errors.clear()
