"""Family: "May hold Y alone", a character that secures a Site by itself.

Sources: rulebook "Card Powers, Traits, and Special Rules", "Seizing Sites and Contests"
(ruling ``maestro-alone``); the full engine: :mod:`deckbuilder.engine.rules.influence`."""

from card_db.records import CardType
from deckbuilder.engine.powers.families._words import ability
from deckbuilder.engine.powers.registry import PowerFamily


def read(sentence: str, abilities: tuple = ()) -> str | None:
    a = ability(sentence, "may_hold_alone", abilities)
    return None if a is None else f"may be the only Holder of {a.target}"


FAMILY = PowerFamily(
    name="hold_alone",
    title="May hold a Site alone",
    section="Card Powers, Traits, and Special Rules",
    grammar="May hold <Site name> alone",
    example="May hold Pale Citadel Steps alone",
    applied_by="engine.influence",
    read=read,
    card_types=(CardType.CHARACTER,),
    order=42,
)
