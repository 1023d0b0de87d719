"""The Dictates the goldfish autopilot plays: those that only draw cards.

Sources: rulebook "Phase 2: Autarch Phase" (one Dictate per turn, or a reassignment;
after it the turn is over, so Sites it draws wait for the next turn to be revealed),
"Dictates" (played only in the Autarch phase), "Exhausted Destiny". The draw itself is
:data:`~.card_effects.DRAW` as :mod:`.played_effects` carries it out.

A card the autopilot plays is an instant Dictate whose every recognised effect is "Draw N
cards", with no Magic or Strength bonus and no "at the beginning/end of a turn" text.
Other Dictates are held (see :mod:`.policy`).
"""

from __future__ import annotations

from card_db.records import CardRecord, CardType
from deckbuilder.engine.card_effects import DRAW, card_effects
from deckbuilder.engine.maneuvers import stat_bonuses
from deckbuilder.engine.turn_effects import timed_effects


def cards_drawn(record: CardRecord) -> int:
    """Cards a Dictate the goldfish autopilot may play draws, or 0 for any other card."""
    if record.card_type is not CardType.DICTATE or record.permanent or record.abilities:
        return 0
    effects = card_effects(record)
    if not effects or any(e.kind != DRAW for e in effects):
        return 0
    if stat_bonuses(record) or timed_effects(record):
        return 0
    return sum(e.amount for e in effects)
