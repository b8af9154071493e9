"""The core tests' folder is put on ``sys.path`` (the suite runs in importlib mode) so the
rules tests share ``engine_helpers.py``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
