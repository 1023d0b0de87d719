"""Family: a character's Ally Action activation power "Target Site is Resistance -N until
end of round" (General Rosengarten): pivot it, in place of an Ally action.

Sources: rulebook "Card Powers, Traits, and Special Rules" (the General Rosengarten
example); the full engine: :mod:`..recognised`, :mod:`deckbuilder.engine.game.ally_phase`."""

from card_db.records import CardType
from deckbuilder.engine.powers.families._words import signed
from deckbuilder.engine.powers.recognised import RESISTANCE_POWER
from deckbuilder.engine.powers.registry import PowerFamily


def read(sentence: str, abilities: tuple = ()) -> str | None:
    m = RESISTANCE_POWER.fullmatch(sentence.strip().rstrip(".").strip())
    if m is None:
        return None
    return (f"pivot it (its Ally action) to give a Site Resistance {signed(int(m.group(1)))}"
            " until end of round")


FAMILY = PowerFamily(
    name="site_resistance",
    title="Ally Action activation power on a Site's Resistance",
    section="Card Powers, Traits, and Special Rules",
    grammar="Target Site is Resistance -N until end of round",
    example="Target Site is Resistance -3 until end of round",
    applied_by="engine.powers (Ally Action activation power)",
    read=read,
    card_types=(CardType.CHARACTER,),
    order=45,
)
