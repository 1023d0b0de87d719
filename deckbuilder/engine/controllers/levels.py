"""The levels of a computer Autarch, by name (issue 13, section 1; issue 24, the dial).

Weakest first: ``novice`` and ``casual`` make human-like mistakes
(:mod:`deckbuilder.engine.search.dial`); ``quick`` follows plain rules
(:mod:`deckbuilder.engine.controllers.quick_policy`); ``strong`` looks ahead over imagined games and
knows the rivals' deck lists (:mod:`deckbuilder.engine.controllers.lookahead`); ``expert`` searches
fairly, never using a rival's deck list (:mod:`deckbuilder.engine.search.expert`). Kept
apart from :mod:`deckbuilder.engine.simulation.match` so that a view can list the levels without
loading the engine.
"""

from __future__ import annotations

#: Level names, weakest first.
LEVELS = ("novice", "casual", "quick", "strong", "expert")
#: The level offered first.
DEFAULT_LEVEL = "quick"
#: One line per level, for tooltips and help.
DESCRIPTIONS = {
    "novice": "novice: often picks a move that looks almost as good (learn and win)",
    "casual": "casual: sometimes picks a move that looks almost as good",
    "quick": "quick: plain rules, instant",
    "strong": "strong: looks ahead in its Ally phase; knows the rivals' deck lists",
    "expert": "expert: searches every turn's moves over fair imagined deals (slower)",
}
#: Computer rivals at one table with the person: the rulebook's games have 2 to 4
#: Autarchs ("Game Layout": the Circle lies "between all Autarchs").
MAX_RIVALS = 3
