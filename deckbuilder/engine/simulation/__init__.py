"""Simulation: the goldfish cores (the full engine, the pure-Python fast path and the
compiled core ``_fastcore.c``, which agree game for game), the deck as integer arrays,
the goldfish policy, statistics, odds, sample hands and decks, deck tuning and matches
between computer Autarchs.
"""
