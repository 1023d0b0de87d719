"""Family: a lasting Magic bonus for the acting Ally ("Acting Ally is magic +2"), the
Ally Action the goldfish autopilot plays (Sketch the Threshold).

Sources: rulebook "Ally Actions", "Target Characters and Acting Allies", "Permanents and
Instants"; the full engine: :mod:`..maneuvers` (the bonus, kept while attached), the
goldfish: :mod:`..magic_ally_actions` (policy 9)."""

from card_db.records import CardType
from deckbuilder.engine.powers.families._words import bonus_words, bonuses
from deckbuilder.engine.powers.magic_ally_actions import lasting_magic
from deckbuilder.engine.powers.maneuvers import MAGIC
from deckbuilder.engine.powers.registry import GoldfishCode, PowerFamily


def read(sentence: str, abilities: tuple = ()) -> str | None:
    found = bonuses(sentence)
    if len(found) != 1 or found[0].stat != MAGIC or found[0].targeted:
        return None
    if not found[0].unconditional:
        return None
    return bonus_words(found[0]) + " (kept while a permanent stays attached)"


FAMILY = PowerFamily(
    name="acting_magic",
    title="Magic for the acting Ally",
    section="Ally Actions; Target Characters and Acting Allies",
    grammar="Acting Ally is magic +N",
    example="Acting Ally is magic +2",
    applied_by="engine.maneuvers",
    read=read,
    card_types=(CardType.ALLY_ACTION,),
    example_type=CardType.ALLY_ACTION,
    example_permanent=True,
    goldfish=GoldfishCode("ally_action_magic", "AAMAGIC", lasting_magic),
    order=10,
)
