"""The Flashes the goldfish autopilot plays: a lasting Magic bonus for a target Ally.

Sources: rulebook "Types of Cards: Flashes" (a Flash is played in the Autarch or Ally
phase and costs no action, so no Ally pivots for it), "Target Characters and Acting
Allies" (a Flash has no acting Ally: its "target" receives the effect) and "Permanents
and Instants" (a permanent card stays attached to its target and keeps its effect; the
engine counts it in every seizure and when holding, :meth:`~.game.Game.magic_mod`).

A card the autopilot plays is a permanent, non-unique Flash whose printed text is one
Magic bonus for a target Ally or character, "Target Ally is magic +N", possibly with a
Strength bonus beside it (Veil of Fortune, "Target Ally is strength +1 and magic +1":
Strength counts only in challenges, so in a goldfish game only the Magic matters). No
condition on the target's kind ("Target Maestro": a Maestro secures alone), no other
effect, no keyword ability. Other Flashes are held (see :mod:`.policy`).
"""

from __future__ import annotations

from card_db.records import CardRecord, CardType
from deckbuilder.engine.powers.card_effects import STAT, card_effects
from deckbuilder.engine.powers.maneuvers import MAGIC, STRENGTH, names_a_target, stat_bonuses
from deckbuilder.engine.powers.turn_effects import timed_effects


def flash_magic(record: CardRecord) -> int:
    """N of a Flash the goldfish autopilot may play ("Target Ally is magic +N",
    permanent, maybe with a Strength bonus), or 0 for any other card."""
    if (record.card_type is not CardType.FLASH or not record.permanent
            or record.unique or record.abilities or not names_a_target(record)):
        return 0
    # "Target Ally is magic +2." also reads as a stat effect, which the engine leaves to
    # the attached card's bonus (not "until end of round").
    if timed_effects(record) or any(e.kind != STAT or e.lasting for e in card_effects(record)):
        return 0
    bonuses = stat_bonuses(record)
    magic = [b for b in bonuses if b.stat == MAGIC]
    if len(magic) != 1 or any(b.stat not in (MAGIC, STRENGTH) for b in bonuses):
        return 0
    if any(not b.targeted or not b.unconditional for b in bonuses):
        return 0
    return max(0, magic[0].amount)
