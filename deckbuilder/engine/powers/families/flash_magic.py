"""Family: a lasting Magic bonus for a target Ally on a Flash ("Target Ally is magic +1",
possibly with a Strength bonus beside it), the Flash the goldfish autopilot plays
(Veil of Fortune).

Sources: rulebook "Types of Cards: Flashes", "Target Characters and Acting Allies",
"Permanents and Instants"; the full engine: :mod:`..maneuvers` (kept while attached), the
goldfish: :mod:`..magic_flashes` (policy 9)."""

from card_db.records import CardType
from deckbuilder.engine.powers.families._words import bonus_words, bonuses
from deckbuilder.engine.powers.magic_flashes import flash_magic
from deckbuilder.engine.powers.maneuvers import MAGIC, STRENGTH
from deckbuilder.engine.powers.registry import GoldfishCode, PowerFamily


def read(sentence: str, abilities: tuple = ()) -> str | None:
    found = bonuses(sentence)
    if [b.stat for b in found].count(MAGIC) != 1:
        return None
    if any(b.stat not in (MAGIC, STRENGTH) or not b.targeted or not b.unconditional
           for b in found):
        return None
    return "; ".join(bonus_words(b) for b in found) + " (kept while a permanent stays attached)"


FAMILY = PowerFamily(
    name="flash_magic",
    title="Magic for a target Ally from a Flash",
    section="Types of Cards: Flashes; Permanents and Instants",
    grammar="Target Ally is magic +N [and strength +M]",
    example="Target Ally is strength +1 and magic +1",
    applied_by="engine.maneuvers",
    read=read,
    card_types=(CardType.FLASH,),
    example_type=CardType.FLASH,
    example_permanent=True,
    goldfish=GoldfishCode("flash_magic", "FMAGIC", flash_magic),
    order=11,
)
