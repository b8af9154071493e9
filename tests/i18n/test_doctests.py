"""The examples in the translation layer's docstrings are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "anaconda_poker.i18n",
    "anaconda_poker.i18n.catalog",
    "anaconda_poker.i18n.hands",
    "anaconda_poker.i18n.languages",
    "anaconda_poker.i18n.terms",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
