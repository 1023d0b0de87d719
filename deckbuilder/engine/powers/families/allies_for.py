"""Family: "Allies for -N if <condition>", a lower Prime cost when the condition is met.

Sources: rulebook "Card Powers, Traits, and Special Rules" (not cumulative), "Alliances";
the full engine: :mod:`deckbuilder.engine.rules.alliances`; the goldfish cores: the
deck's condition bitmasks."""

from card_db.records import CardType
from deckbuilder.engine.powers.families._words import ability
from deckbuilder.engine.powers.registry import PowerFamily


def read(sentence: str, abilities: tuple = ()) -> str | None:
    a = ability(sentence, "allies_for", abilities)
    if a is None or a.target_kind == "text":
        return None  # a condition the parser does not read: not played
    return (f"costs {-a.amount} less Prime to ally while any {a.target} "
            f"({a.target_kind}) is controlled")


FAMILY = PowerFamily(
    name="allies_for",
    title="Allies for less",
    section="Card Powers, Traits, and Special Rules; Alliances",
    grammar="Allies for -N if any <gender|affiliation|name>s are controlled",
    example="Allies for -1 if any females are controlled",
    applied_by="engine.alliances",
    read=read,
    card_types=(CardType.CHARACTER,),
    order=43,
)
