"""Site traits and Site powers.

Sources: rulebook "Card Powers, Traits, and Special Rules" ("traits on Sites ARE
cumulative"; "For Site powers, the card must be secured to make use of the effect"; a
power with an activation icon "is usable whenever a card of the same type would be
usable. Pivot the card after attempting the use of the activation power"). Ruling
``site-power-dictate`` in :mod:`.rulings` says when a Dictate-icon Site power may be used.

Recognised trait: "<Kind> seizing this Site are magic|strength +N" (Kind: Allies or
characters for every seizing Ally, else an affiliation: "Oethacs", "Artists").
Recognised Site powers (Dictate icon): "Draw a card" / "Draw N cards", "Target Ally in
your reserve may move to your active area", "Look at the top N cards of your Destiny".
"""

from __future__ import annotations

import re

from card_db.records import CardRecord
from deckbuilder.engine.rules.record_cache import per_record

_SEIZING = re.compile(
    r"([a-z][a-z ]*?)\s+seizing\s+this\s+site\s+(?:are|is|get)\s+(magic|strength)\s*([+-]\d{1,3})",
    re.IGNORECASE,
)
_ANY = frozenset({"allies", "ally", "characters", "character"})
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_DRAW = re.compile(r"^draw\s+(a|an|one|two|three|four|five|\d{1,2})\s+cards?\.?$", re.IGNORECASE)
_MOVE_FORWARD = re.compile(
    r"^target\s+ally\s+in\s+your\s+reserve\s+may\s+move\s+to\s+your\s+active\s+area\.?$",
    re.IGNORECASE,
)
_LOOK = re.compile(r"^look\s+at\s+the\s+top\s+(\w+)\s+cards?\s+of\s+your\s+destiny\.?$",
                   re.IGNORECASE)

DRAW = "draw"
MOVE_FORWARD = "move forward"
LOOK = "look"


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


@per_record
def seizing_traits(site: CardRecord) -> tuple[tuple[str | None, str, int], ...]:
    """``(affiliation or None for every Ally, stat, N)`` for each "... seizing this Site
    are stat +N" sentence of ``site``'s traits."""
    out = []
    for m in _SEIZING.finditer(site.traits or ""):
        kind = m.group(1).strip().casefold()
        affiliation = None if kind in _ANY else _singular(m.group(1).strip()).title()
        out.append((affiliation, m.group(2).casefold(), int(m.group(3))))
    return tuple(out)


def seizing_bonus(site: CardRecord, ally: CardRecord, stat: str) -> int:
    """Total ``stat`` bonus ``site``'s traits give ``ally`` while it seizes the Site
    (traits on Sites are cumulative)."""
    return sum(n for kind, s, n in seizing_traits(site)
               if s == stat and (kind is None or ally.has_affiliation(kind)))


def count_word(word: str) -> int | None:
    word = word.casefold()
    return int(word) if word.isdigit() else _NUMBERS.get(word)


def site_power(site: CardRecord) -> tuple[str, int] | None:
    """The modelled power of a Site as ``(DRAW, n)``, ``(MOVE_FORWARD, 0)`` or
    ``(LOOK, n)``; ``None`` if it has none the engine models."""
    text = (site.powers or "").strip()
    if m := _DRAW.match(text):
        return DRAW, count_word(m.group(1)) or 1
    if _MOVE_FORWARD.match(text):
        return MOVE_FORWARD, 0
    if (m := _LOOK.match(text)) and count_word(m.group(1)):
        return LOOK, count_word(m.group(1)) or 0
    return None
