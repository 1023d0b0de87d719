"""The Ally Action cards the goldfish autopilot plays: a lasting Magic bonus for the
acting Ally.

Sources: rulebook "Ally Actions" and "Actions" (an Ally Action is an action of an
unpivoted active Ally, which pivots after it), "Phase 1: Coming of Order" (every card
in play unpivots), "Target Characters and Acting Allies" (with no "target", only the
acting Ally receives the effect) and "Permanents and Instants" (a permanent card stays
attached to its Ally and keeps its effect; the engine counts it in every seizure and
when holding, :meth:`~.game.Game.magic_mod`).

A card the autopilot plays is a permanent, non-unique Ally Action whose only printed
text is one Magic bonus for the acting Ally, "Acting Ally is magic +N" (Sketch the
Threshold): no "target", no condition on the actor, no other effect, no keyword
ability. Other Ally Actions are held (see :mod:`.policy`).
"""

from __future__ import annotations

from card_db.records import CardRecord, CardType
from deckbuilder.engine.powers.card_effects import card_effects
from deckbuilder.engine.powers.maneuvers import MAGIC, names_a_target, stat_bonuses
from deckbuilder.engine.powers.turn_effects import timed_effects


def lasting_magic(record: CardRecord) -> int:
    """N of an Ally Action the goldfish autopilot may play ("Acting Ally is magic +N",
    permanent), or 0 for any other card."""
    if (record.card_type is not CardType.ALLY_ACTION or not record.permanent
            or record.unique or record.abilities or names_a_target(record)):
        return 0
    if card_effects(record) or timed_effects(record):
        return 0
    bonuses = stat_bonuses(record)
    if len(bonuses) != 1:
        return 0
    b = bonuses[0]
    if b.stat != MAGIC or not b.unconditional or b.amount <= 0:
        return 0
    return b.amount
