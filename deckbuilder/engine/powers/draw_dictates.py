"""The Dictates the goldfish autopilot plays: those that only draw cards, now or at the
beginning of every turn.

Sources: rulebook "Phase 2: Autarch Phase" (one Dictate per turn, or a reassignment;
after it the turn is over, so Sites it draws wait for the next turn to be revealed),
"Dictates" (played only in the Autarch phase), "Exhausted Destiny". The draw itself is
:data:`~.card_effects.DRAW` as :mod:`.played_effects` carries it out.

A card the autopilot plays is an instant Dictate whose every recognised effect is "Draw N
cards", with no Magic or Strength bonus and no "at the beginning/end of a turn" text
(:func:`cards_drawn`), or a permanent Dictate whose only text is "At the beginning of a
turn, draw N cards" (:func:`turn_draws`, Census of the Dominions: it stays in play among
the cards affecting its Autarch, and the engine draws at the start of each of that
Autarch's Autarch-phase turns, :mod:`.turn_effects`). Other Dictates are held (see
:mod:`.policy`).
"""

from __future__ import annotations

from card_db.records import CardRecord, CardType
from deckbuilder.engine.powers.card_effects import DRAW, card_effects
from deckbuilder.engine.powers.maneuvers import stat_bonuses
from deckbuilder.engine.powers.turn_effects import BEGINNING, timed_effects


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


def turn_draws(record: CardRecord) -> int:
    """Cards a permanent Dictate the goldfish autopilot may play draws at the beginning
    of every turn ("At the beginning of a turn, draw N cards"), or 0 for any other card."""
    if (record.card_type is not CardType.DICTATE or not record.permanent
            or record.abilities or card_effects(record) or stat_bonuses(record)):
        return 0
    timed = timed_effects(record)
    if len(timed) != 1 or timed[0][0] != BEGINNING or not timed[0][1]:
        return 0
    return timed[0][1]
