"""Card powers the engine recognises in printed text, beyond :mod:`card_db.abilities`.

Sources: rulebook "Card Powers, Traits, and Special Rules" (the General Rosengarten
example: an Ally Action activation power "Target Site is Resistance -3 until end of
round"; pivot the character to use it, in place of an Ally action), "Combat
maneuvers" (Pneuma adds 6 to Sartori's combat strength), "Influence maneuvers",
"Affiliations: Artist" (pivot to give another Ally Magic +3 until the end of the
round).

Only these numeric forms are read; any other power is card text the engine does not
model (it is logged as such when played).
"""

from __future__ import annotations

import re

from card_db.records import CardRecord

_RESISTANCE = re.compile(
    r"target\s+site\s+(?:is|gets|has)\s+resistance\s*([+-]\d+)\s+until\s+(?:the\s+)?end\s+of"
    r"\s+(?:the\s+)?round",
    re.IGNORECASE,
)
_STRENGTH = re.compile(
    r"([+-]\d+)\s+(?:to\s+)?(?:(?:its|his|her|the|combat)\s+)*strength|strength\s*([+-]\d+)",
    re.IGNORECASE,
)
_INFLUENCE = re.compile(
    r"([+-]\d+)\s+(?:to\s+)?(?:(?:its|his|her|the)\s+)*(?:influence|magic)"
    r"|(?:influence|magic)\s*([+-]\d+)",
    re.IGNORECASE,
)

ARTIST_MAGIC_BONUS = 3
#: The form of an Ally Action activation power on a Site's Resistance (for :mod:`.registry`).
RESISTANCE_POWER = _RESISTANCE


def site_resistance_power(record: CardRecord) -> int | None:
    """N of "Target Site is Resistance N until end of round" in the card's powers."""
    m = _RESISTANCE.search(record.powers or "")
    return int(m.group(1)) if m else None


def _first_amount(pattern: re.Pattern[str], text: str) -> int | None:
    m = pattern.search(text or "")
    if not m:
        return None
    return int(m.group(1) or m.group(2))


def strength_bonus(record: CardRecord) -> int | None:
    """Strength bonus of a combat maneuver ("+6 Strength", "Strength +6"), if stated."""
    return _first_amount(_STRENGTH, f"{record.powers} {record.traits}")


def influence_bonus(record: CardRecord) -> int | None:
    """Influence bonus of an influence maneuver ("+2 influence", "Magic +2"), if stated."""
    return _first_amount(_INFLUENCE, f"{record.powers} {record.traits}")


def is_artist(record: CardRecord) -> bool:
    return record.has_affiliation("Artist")
