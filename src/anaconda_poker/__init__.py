"""anaconda-poker: play, study and run games of Anaconda ("pass the trash") poker.

The rules core lives in :mod:`anaconda_poker.core` and imports nothing from the outer
layers (bots, analysis, storage, server, cli, web).
"""

__version__ = "0.1.0"

from anaconda_poker import tablecache as _tablecache

_tablecache.install()  # evaluator tables from the per-machine cache file (read lazily)
