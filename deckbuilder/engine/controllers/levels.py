"""The levels of a computer Autarch, by name (issue 13, section 1).

``quick`` follows plain rules (:mod:`deckbuilder.engine.controllers.quick_policy`); ``strong`` looks
ahead over imagined games (:mod:`deckbuilder.engine.controllers.lookahead`). Kept apart from
:mod:`deckbuilder.engine.simulation.match` so that a view can list the levels without loading the
engine.
"""

from __future__ import annotations

#: Level names, quickest first.
LEVELS = ("quick", "strong")
#: Computer rivals at one table with the person: the rulebook's games have 2 to 4
#: Autarchs ("Game Layout": the Circle lies "between all Autarchs").
MAX_RIVALS = 3
