"""Family: a permanent Dictate that draws at the beginning of every turn ("At the
beginning of your turn, draw 1 card"), which the goldfish autopilot plays while the
Destiny is long (Census of the Dominions).

Sources: rulebook "Phase 1: Coming of Order" (ruling ``turn-effects``), "Dictates",
"Permanents and Instants"; the full engine: :mod:`..turn_effects` (drawn in the Coming of
Order), the goldfish: :mod:`..draw_dictates` (policy 4)."""

from card_db.records import CardType
from deckbuilder.engine.powers.draw_dictates import turn_draws
from deckbuilder.engine.powers.registry import GoldfishCode, PowerFamily
from deckbuilder.engine.powers.turn_effects import BEGINNING, timed_sentence


def read(sentence: str, abilities: tuple = ()) -> str | None:
    timed = timed_sentence(sentence)
    if timed is None or timed[0] != BEGINNING or not timed[1]:
        return None
    n = timed[1]
    return (f"its Autarch draws {n} card{'s' if n != 1 else ''} in the Coming of Order of "
            "each of its turns while the card stays in play")


FAMILY = PowerFamily(
    name="turn_draw",
    title="Draws at the beginning of every turn",
    section="Phase 1: Coming of Order; Dictates",
    grammar="At the beginning of your turn, draw N cards",
    example="At the beginning of your turn, draw 1 card",
    applied_by="engine.turn_effects",
    read=read,
    card_types=(CardType.DICTATE,),
    example_type=CardType.DICTATE,
    example_permanent=True,
    goldfish=GoldfishCode("turn_draws", "TDRAWS", turn_draws),
    order=13,
)
