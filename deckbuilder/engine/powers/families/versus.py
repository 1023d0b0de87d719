"""Family: "+N versus X", a bonus in challenges against a named character or kind.

Sources: rulebook "Card Powers, Traits, and Special Rules", "Challenge Summary"; the
full engine: :mod:`deckbuilder.engine.rules.challenge` (it raises the Strength damage
must exceed too)."""

from card_db.records import CardType
from deckbuilder.engine.powers.families._words import ability, signed
from deckbuilder.engine.powers.registry import PowerFamily


def read(sentence: str, abilities: tuple = ()) -> str | None:
    a = ability(sentence, "versus", abilities)
    if a is None:
        return None
    return f"{signed(a.amount)} in a challenge against {a.target}"


FAMILY = PowerFamily(
    name="versus",
    title="+N versus a character",
    section="Card Powers, Traits, and Special Rules; Challenge Summary",
    grammar="+N versus <character name or kind>",
    example="+2 versus Vassals",
    applied_by="engine.challenge",
    read=read,
    card_types=(CardType.CHARACTER, CardType.COMBAT_MANEUVER, CardType.INFLUENCE_MANEUVER),
    order=40,
)
