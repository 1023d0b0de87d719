"""Family: "+N versus Y Sites", a bonus to influence toward some Sites.

Sources: rulebook "Card Powers, Traits, and Special Rules", "Seizing Sites and
Contests"; the full engine: :mod:`deckbuilder.engine.rules.influence`; the goldfish
cores: the deck's per-(character, Site) bonus table."""

from card_db.records import CardType
from deckbuilder.engine.powers.families._words import ability, signed
from deckbuilder.engine.powers.registry import PowerFamily


def read(sentence: str, abilities: tuple = ()) -> str | None:
    a = ability(sentence, "versus_sites", abilities)
    if a is None:
        return None
    return f"{signed(a.amount)} influence toward {a.target} ({a.target_kind})"


FAMILY = PowerFamily(
    name="versus_sites",
    title="+N versus Sites",
    section="Card Powers, Traits, and Special Rules; Seizing Sites and Contests",
    grammar="+N versus (Dominion D|Border|<Site name>) Sites",
    example="+3 versus Dominion 4 Sites",
    applied_by="engine.influence",
    read=read,
    card_types=(CardType.CHARACTER, CardType.COMBAT_MANEUVER, CardType.INFLUENCE_MANEUVER),
    order=41,
)
