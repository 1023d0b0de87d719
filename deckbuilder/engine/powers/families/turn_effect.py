"""Family: effects "at the beginning of a turn" or "at the end of a turn" on any card:
draws, and effects needing no target or, on a permanent, acting on its bearer.

Sources: rulebook "Phase 1: Coming of Order", "Phase 4: The Reconciliation" (ruling
``turn-effects``); the full engine: :mod:`..turn_effects`."""

from deckbuilder.engine.powers.card_effects import sentence_effect
from deckbuilder.engine.powers.families.played_effect import words
from deckbuilder.engine.powers.registry import PowerFamily
from deckbuilder.engine.powers.turn_effects import END, timed_sentence


def read(sentence: str, abilities: tuple = ()) -> str | None:
    timed = timed_sentence(sentence)
    if timed is None:
        return None
    when, draws, text = timed
    at = "in the Reconciliation" if when == END else "in the Coming of Order"
    if draws:
        cards = f"{draws} card{'s' if draws != 1 else ''}"
        return f"its Autarch draws {cards} {at} of each of its turns"
    e = sentence_effect(text)
    return None if e is None else f"{at} of each of its turns: {words(e)}"


FAMILY = PowerFamily(
    name="turn_effect",
    title="At the beginning or end of a turn",
    section="Phase 1: Coming of Order; Phase 4: The Reconciliation",
    grammar="At the (beginning|end) of (a|your|each) turn, <effect>",
    example="At the end of your turn, draw a card",
    applied_by="engine.turn_effects",
    read=read,
    example_permanent=True,
    order=60,
)
