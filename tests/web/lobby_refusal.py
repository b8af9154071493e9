"""What a refused create form shows at the field it blames (the lobby tests share it).

Newcomer review: the blamed field only got the ordinary focus ring, and the message sat under
Create, 1,000 px below the field on a desktop and 1,500 px on a phone. Now the field is
marked invalid (red border, the host's stakes dialog rule) and the message is shown right
under it, linked with aria-describedby, and both clear when the field is edited.
"""

from __future__ import annotations

from typing import Any

VIEWPORTS = {"desktop": (1280, 800), "phone": (320, 640)}

# one read: the bots and timers never touch the lobby, but the rule of tests/web holds
READ = """(f) => {
  const el = document.getElementById(f);
  const valid = document.getElementById(f === 'table-name' ? 'host-name' : 'table-name');
  const noteId = el.getAttribute('aria-describedby');
  const note = noteId ? document.getElementById(noteId) : null;
  const seen = (e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight
      && r.left >= 0 && r.right <= innerWidth;
  };
  const summary = document.getElementById('create-error');
  return {
    invalid: el.getAttribute('aria-invalid'),
    focused: document.activeElement === el,
    redder: getComputedStyle(el).borderTopColor !== getComputedStyle(valid).borderTopColor,
    note: note ? note.textContent : null,
    seen: Boolean(note) && seen(el) && seen(note),
    summary: summary.textContent,
    alert: summary.getAttribute('role'),
    marked: [...document.querySelectorAll('#create-form [aria-invalid], .field-error')]
      .map((e) => e.id),
  };
}"""


def open_lobby(server_url: str, open_page: Any, viewport: str = "desktop") -> Any:
    """A probe on the lobby at ``viewport``, once the server's options are in."""
    width, height = VIEWPORTS[viewport]
    probe = open_page(viewport={"width": width, "height": height}, mobile=width < 768)
    probe.page.goto(server_url + "/")
    probe.page.wait_for_selector("#show-equity", state="attached")
    return probe


def assert_refusal_shown(page: Any, field: str) -> str:
    """The field is marked invalid (a border unlike a valid field's) and focused, and the
    message is under it, linked, on the screen with it and announced (the alert under
    Create says the same). Returns the message."""
    page.wait_for_function(
        "(f) => document.getElementById(f)?.getAttribute('aria-invalid') === 'true'", arg=field
    )
    shown: dict[str, Any] = page.evaluate(READ, field)
    message = shown["note"]
    assert message, shown
    assert shown == {
        "invalid": "true",
        "focused": True,
        "redder": True,
        "note": message,
        "seen": True,
        "summary": message,
        "alert": "alert",
        "marked": [field, "create-field-error"],
    }, shown
    return str(message)


def assert_cleared_by_editing(page: Any, field: str) -> None:
    """Typing in the field (here a digit, taken back) removes the mark and the message."""
    page.locator(f"#{field}").press("1")
    page.locator(f"#{field}").press("Backspace")
    shown: dict[str, Any] = page.evaluate(READ, field)
    assert shown == {
        "invalid": None,
        "focused": True,
        "redder": False,
        "note": None,
        "seen": False,
        "summary": "",
        "alert": "alert",
        "marked": [],
    }, shown
