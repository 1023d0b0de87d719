"""Card powers read from printed text: what each recogniser reads (Magic and Strength
bonuses of maneuvers, counters, immunities, Path effects, Site traits, turn effects,
the other printed effects), and which powers the engine plays (:mod:`.modelled`).

Imports nothing from :mod:`..controllers` or :mod:`..simulation`.
"""
