"""Family: the Artist affiliation's power (pivot to give another Ally Magic +3 until the
end of the round), which the goldfish autopilot uses to finish a seizure.

Sources: rulebook "Affiliations: Artist"; the full engine:
:mod:`deckbuilder.engine.game.ally_phase`, the goldfish: policy 8. It comes from the
card's affiliations, not from a printed sentence, so :attr:`read` reads no sentence."""

from card_db.records import CardRecord, CardType
from deckbuilder.engine.powers.recognised import (
    ARTIST_MAGIC_BONUS,
    is_artist,
    site_resistance_power,
)
from deckbuilder.engine.powers.registry import GoldfishCode, PowerFamily
from deckbuilder.engine.rules.cards import is_character, is_maestro


def artist_power(record: CardRecord) -> int:
    """1 if ``record`` is an Artist, not a Maestro, without an Ally Action activation
    power of its own (so it may pivot for the Artist power), else 0."""
    return int(is_character(record) and is_artist(record) and not is_maestro(record)
               and site_resistance_power(record) is None)


def read(sentence: str, abilities: tuple = ()) -> str | None:
    return None  # an affiliation, not printed text


FAMILY = PowerFamily(
    name="artist",
    title="The Artist affiliation's power",
    section="Affiliations: Artist",
    grammar="(the affiliation Artist, in the card's affiliations)",
    example="Artist",
    applied_by="engine.game.ally_phase",
    read=read,
    card_types=(CardType.CHARACTER,),
    goldfish=GoldfishCode("artist_power", "ARTIST", artist_power,
                          constants=(("ARTIST_BONUS", ARTIST_MAGIC_BONUS),)),
    order=14,
)
