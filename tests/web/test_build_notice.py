"""A page left open across a server upgrade (issue 12's trial night kept running the old
client code): ``welcome`` names the server's build (``tests/server/test_build.py``) and
``js/build.js`` remembers the first one; a later welcome naming another shows "A new version
is available" with a Reload button, in the page's language, once. Debian's Chromium."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def test_a_new_build_after_a_reconnect_offers_a_reload(module_page: Any) -> None:
    seen: dict[str, Any] = module_page.evaluate(
        """async () => {
          const i18n = await import('/js/i18n.js');
          await i18n.setLanguage('de');
          const { noteBuild } = await import('/js/build.js');
          const notice = () => document.getElementById('update-notice');
          const out = {};
          out.first = noteBuild('0.1.0+aaaa');        // the page's own build
          out.same = noteBuild('0.1.0+aaaa');         // a reconnect to the same server
          out.missing = noteBuild(undefined);         // an older server says nothing
          out.before = notice() === null;
          out.changed = noteBuild('0.1.0+bbbb');      // the server was upgraded
          out.again = noteBuild('0.1.0+cccc');
          out.count = document.querySelectorAll('#update-notice').length;
          out.text = notice()?.textContent;
          out.button = document.getElementById('update-reload')?.textContent;
          return out;
        }"""
    )
    assert (seen["first"], seen["same"], seen["missing"], seen["before"]) == (
        False,
        False,
        False,
        True,
    )
    assert seen["changed"] is True and seen["again"] is True and seen["count"] == 1
    assert seen["text"].startswith("Eine neue Version ist verfügbar.")
    assert seen["button"] == "Neu laden"
