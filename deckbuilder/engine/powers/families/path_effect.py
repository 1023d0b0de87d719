"""Family: a Path's effects on a seizure ("The Site is Resistance +2", "Each involved
character takes 1 damage", ...).

Sources: rulebook "Paths", "Seizing Sites and Contests"; the full engine:
:mod:`..path_effects`."""

from card_db.records import CardRecord, CardType
from deckbuilder.engine.powers.path_effects import PathEffect, path_effect
from deckbuilder.engine.powers.registry import PowerFamily


def read(sentence: str, abilities: tuple = ()) -> str | None:
    effect = path_effect(CardRecord("", CardType.PATH, powers=sentence))
    if not effect.modelled or effect == PathEffect():
        return None
    return f"changes the seizure it is played on: {sentence.strip().rstrip('.')}"


FAMILY = PowerFamily(
    name="path_effect",
    title="Path effects",
    section="Paths; Seizing Sites and Contests",
    grammar="The Site is Resistance +N | Each involved character takes N damage | "
            "Each involved <kind> is magic -N | ...",
    example="The Site is Resistance +2",
    applied_by="engine.path_effects",
    read=read,
    card_types=(CardType.PATH,),
    example_type=CardType.PATH,
    order=71,
)
