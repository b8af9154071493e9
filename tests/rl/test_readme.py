"""The README's learning-environment examples run as printed (random agents to the end of
a hand, with the rewards the engine pays)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _section_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("<!-- section:rl -->") : text.index("<!-- /section:rl -->")]
    return re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)


def test_readme_examples_play_a_hand_to_the_end() -> None:
    blocks = _section_blocks()
    assert len(blocks) == 3
    for code in blocks:
        scope: dict[str, object] = {}
        exec(compile(code, str(README), "exec"), scope)
        if "state" in scope:  # OpenSpiel
            state = scope["state"]
            assert state.is_terminal()  # type: ignore[attr-defined]
            returns = state.returns()  # type: ignore[attr-defined]
            assert returns == [float(x) for x in state.hand.net()]  # type: ignore[attr-defined]
            assert sum(returns) == 0
            continue
        hand = None
        if "table" in scope:
            hand = scope["table"].unwrapped.hand  # type: ignore[attr-defined]
            assert scope["table"].agents == []  # type: ignore[attr-defined]
        if "game" in scope:
            hand = scope["game"].hand  # type: ignore[attr-defined]
            assert scope["done"] is True
            assert scope["reward"] == hand.net()[0]
        assert hand is not None
        assert hand.is_complete
        assert sum(hand.net()) == 0
