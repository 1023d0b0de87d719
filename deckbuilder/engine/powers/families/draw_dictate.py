"""Family: a Dictate that draws cards now ("Draw 2 cards"), which the goldfish autopilot
plays (Summons to the Conclave).

Sources: rulebook "Dictates", "Phase 2: Autarch Phase"; the full engine:
:mod:`deckbuilder.engine.game.played_effects`, the goldfish: :mod:`..draw_dictates`."""

from card_db.records import CardType
from deckbuilder.engine.powers.card_effects import DRAW, sentence_effect
from deckbuilder.engine.powers.draw_dictates import cards_drawn
from deckbuilder.engine.powers.registry import GoldfishCode, PowerFamily


def read(sentence: str, abilities: tuple = ()) -> str | None:
    e = sentence_effect(sentence)
    if e is None or e.kind != DRAW:
        return None
    return f"its Autarch draws {e.amount} card{'s' if e.amount != 1 else ''}"


FAMILY = PowerFamily(
    name="draw_dictate",
    title="A Dictate that draws cards",
    section="Dictates; Phase 2: Autarch Phase",
    grammar="Draw N cards",
    example="Draw 2 cards",
    applied_by="engine.played_effects",
    read=read,
    card_types=(CardType.DICTATE,),
    example_type=CardType.DICTATE,
    goldfish=GoldfishCode("dictate_draws", "DRAWS", cards_drawn),
    order=12,
)
