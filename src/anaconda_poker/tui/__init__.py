"""The terminal game: one person against bots at an Anaconda table (Textual).

Start it with ``anaconda-poker play``; replay a saved hand with ``anaconda-poker replay``.
"""
