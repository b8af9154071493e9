"""Standard learning interfaces to Anaconda (install with ``pip install 'anaconda-poker[rl]'``).

- :mod:`anaconda_poker.rl.aec`: PettingZoo AEC environment (``env``, ``raw_env``);
- :mod:`anaconda_poker.rl.single_agent`: Gymnasium environment, one seat against bots;
- :mod:`anaconda_poker.rl.spiel`: the OpenSpiel game ``python_anaconda``;
- :mod:`anaconda_poker.rl.encoding`: the shared action and observation encodings.

Built only on the pure rules core (:mod:`anaconda_poker.core`); the third-party libraries
are imported by the module that needs them, so ``import anaconda_poker.rl.encoding`` works
without them.
"""
