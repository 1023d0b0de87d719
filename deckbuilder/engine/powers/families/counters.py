"""Family: "Counters P", cancelling a card or power as it is played.

Sources: rulebook "Some Special Powers: Counter P", "Timing and Countering" (ruling
``counter-chains``); the full engine: :mod:`..countering` (an active Ally's power) and
:mod:`deckbuilder.engine.game.played_effects` (a played Flash or maneuver)."""

from deckbuilder.engine.powers.families._words import ability
from deckbuilder.engine.powers.registry import PowerFamily


def read(sentence: str, abilities: tuple = ()) -> str | None:
    a = ability(sentence, "counters", abilities)
    return None if a is None else f"counters {a.target} as it is played"


FAMILY = PowerFamily(
    name="counters",
    title="Counters",
    section="Some Special Powers: Counter P; Timing and Countering",
    grammar="Counters <card type or power>",
    example="Counters any Flash",
    applied_by="engine.countering",
    read=read,
    order=44,
)
