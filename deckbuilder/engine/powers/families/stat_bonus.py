"""Family: Magic and Strength bonuses with their conditions ("Acting Maestro is magic
+4", "Acting Ally is strength +2, or +4 if it is an Oethac", "Acting Ally is magic +1 for
each involved Oviate you control", "Target Ally is strength +1").

Sources: rulebook "Combat maneuvers", "Influence maneuvers", "Target Characters and
Acting Allies", "Permanents and Instants" (ruling ``printed-conditions``); the full
engine: :mod:`..maneuvers`. The goldfish autopilot plays the influence maneuvers among
them (:mod:`..seizure_maneuvers`, encoded as maneuver tables)."""

from card_db.records import CardType
from deckbuilder.engine.powers.families._words import bonus_words, bonuses
from deckbuilder.engine.powers.registry import PowerFamily


def read(sentence: str, abilities: tuple = ()) -> str | None:
    found = bonuses(sentence)
    return "; ".join(bonus_words(b) for b in found) if found else None


FAMILY = PowerFamily(
    name="stat_bonus",
    title="Magic and Strength bonuses",
    section="Combat maneuvers; Influence maneuvers; Target Characters and Acting Allies",
    grammar="(Acting|Target) <kind> is (magic|strength) +N [and ...] "
            "[, or +M if it is a <kind>] [for each involved <kind> you control]",
    example="Acting Maestro is magic +4",
    applied_by="engine.maneuvers",
    read=read,
    card_types=(CardType.COMBAT_MANEUVER, CardType.INFLUENCE_MANEUVER, CardType.DICTATE,
                CardType.FLASH, CardType.ALLY_ACTION),
    example_type=CardType.INFLUENCE_MANEUVER,
    order=30,
)
