"""The package's import contracts (``[tool.importlinter]`` in pyproject.toml), checked with
import-linter: no import cycles anywhere in ``anaconda_poker``, type-only imports under
``TYPE_CHECKING`` included (break one with a Protocol in a small module both sides may
import), and a rules core that imports none of the layers around it."""

from __future__ import annotations

from pathlib import Path

import pytest
from importlinter.cli import lint_imports

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_import_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    status = lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert status == 0, report
    assert "Contracts: 2 kept, 0 broken." in report
