"""Fixtures of the analysis tests. The helpers shared by several test modules live in
``review_hands.py`` (this folder is put on ``sys.path`` because the suite runs in
``--import-mode=importlib``, like ``tests/server``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
