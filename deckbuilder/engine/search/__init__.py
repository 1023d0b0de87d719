"""Search for the computer Autarchs: fair determinizations, short playouts, ISMCTS.

:mod:`.determinize` deals imagined tables from what one Autarch could know;
:mod:`.clone` copies a game quickly; :mod:`.playout` finishes a round by the quick rules
and scores the table; :mod:`.candidates` lists the moves compared; :mod:`.ismcts` is
the information-set tree search; :mod:`.expert` the "expert" level and :mod:`.dial` the
"novice" and "casual" levels (human-like mistakes).
"""
