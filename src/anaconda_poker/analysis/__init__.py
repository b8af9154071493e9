"""Analysis of Anaconda hands: equity, advice and simulation statistics.

* :mod:`~anaconda_poker.analysis.equity`: a seat's showdown equity against random
  opponents, exact or Monte Carlo, vectorised on the batch evaluator.
* :mod:`~anaconda_poker.analysis.advice`: passes and arrangements ranked by expected share.
* :mod:`~anaconda_poker.analysis.knowledge`: what a seat knows, read from its view.
* :mod:`~anaconda_poker.analysis.statistics`: means with 95% intervals from simulation blocks.
* :mod:`~anaconda_poker.analysis.values`: high and low values in one batch call.
"""
