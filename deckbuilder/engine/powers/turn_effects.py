"""Effects "at the beginning of a turn" and "at the end of a turn".

Sources: rulebook "Phase 4: The Reconciliation" ("Any existing cards that have effect
'at the end of a turn' take effect on the Autarch's turn"), "Card Powers, Traits, and
Special Rules" ("Effects are either targeted to any character, or affect the
controlling Autarch, unless otherwise noted"). Ruling ``turn-effects`` in
:mod:`.rulings` says which turn is meant.

Recognised: "At the beginning of a turn, draw a card" (or "draw N cards"), likewise
"at the end of a turn"; the controlling Autarch draws. The effect may also be any
sentence of :mod:`.card_effects` that needs no target ("return an Oviate from your In
Ovo to your hand") or, on a permanent, acts on the character it is attached to
("target character is magic +1 until end of round", "unpivot target Ally"); the game
carries those out (:func:`.card_effects.timed_executable`). Other timed effects are
logged as not modelled.
"""

from __future__ import annotations

import re

from card_db.records import CardRecord
from deckbuilder.engine.powers.site_traits import count_word
from deckbuilder.engine.rules.record_cache import per_record

BEGINNING = "beginning"
END = "end"

_TIMED = re.compile(
    r"at\s+the\s+(beginning|start|end)\s+of\s+(?:a|each|every|your)\s+turn,?\s*([^.]*)",
    re.IGNORECASE,
)
_DRAW = re.compile(r"^draw\s+(a|an|one|two|three|\d{1,2})\s+cards?$", re.IGNORECASE)


@per_record
def timed_effects(record: CardRecord) -> tuple[tuple[str, int | None, str], ...]:
    """``(BEGINNING or END, cards to draw or None if not modelled, effect text)`` for each
    timed sentence in ``record``'s powers and traits."""
    out = []
    for m in _TIMED.finditer(f"{record.powers}\n{record.traits}"):
        when = END if m.group(1).casefold() == "end" else BEGINNING
        effect = m.group(2).strip()
        draw = _DRAW.match(effect)
        out.append((when, count_word(draw.group(1)) if draw else None, effect))
    return tuple(out)


def timed_sentence(sentence: str) -> tuple[str, int | None, str] | None:
    """``(BEGINNING or END, cards to draw or None, effect text)`` if ``sentence`` is one
    whole timed sentence, as :func:`timed_effects` reads it; ``None`` otherwise."""
    m = _TIMED.fullmatch(sentence.strip().rstrip(".").strip())
    if m is None:
        return None
    when = END if m.group(1).casefold() == "end" else BEGINNING
    effect = m.group(2).strip()
    draw = _DRAW.match(effect)
    return when, count_word(draw.group(1)) if draw else None, effect
