"""The printed effects of Paths the engine models: Resistance, Magic and pivots.

Source: rulebook "Paths" (revealed before a contest or before securing; "Unless
specifically stated, ALL characters involved in the seizure are targeted by a Path,
including the contesting characters"; a permanent Path "continues to have the effect
until the Site is secured"), "Pivoted Cards" (a character pivoted during the action is
removed from it and adds no influence).

Recognised sentences (case-insensitive):

* "The Site is Resistance +N";
* "Involved characters are magic -N", "Involved Oviates are magic +N", "Artists are
  magic +1; all other involved characters are magic -1", with an optional "until end
  of round" (then the bonus lasts to the end of the round on those characters);
* "Involved characters with Prime N or less are pivoted";
* "Each involved character takes N damage" ("Damage Outside of Challenges").

Other Path text (damage, choices by the Path's owner, discards) is not modelled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from card_db.records import CardRecord
from deckbuilder.engine.record_cache import per_record

_RESISTANCE = re.compile(r"^the\s+site\s+is\s+resistance\s*([+-]\d{1,3})$", re.IGNORECASE)
_MAGIC = re.compile(
    r"^(all\s+other\s+)?(?:each\s+)?(?:involved\s+)?([a-z]+?)s?\s+(?:are|is)\s+magic\s*"
    r"([+-]\d{1,3})(\s+until\s+(?:the\s+)?end\s+of\s+(?:the\s+)?round)?$",
    re.IGNORECASE,
)
_PIVOT = re.compile(
    r"^involved\s+characters\s+with\s+prime\s+(\d{1,2})\s+or\s+less\s+are\s+pivoted$",
    re.IGNORECASE,
)
_DAMAGE = re.compile(r"^each\s+involved\s+character\s+takes\s+(\d{1,2})\s+damage$",
                     re.IGNORECASE)
_EVERYONE = frozenset({"character", "ally", "allie"})
OTHERS = "others"


@dataclass(frozen=True, slots=True)
class PathEffect:
    """What a Path does when encountered.

    ``magic``: ``(kind, N)`` pairs; kind ``None`` for every involved character, an
    affiliation name, or :data:`OTHERS` for those no other pair named. ``lasting``:
    the Magic change lasts until end of round. ``modelled``: every sentence was read.
    """

    resistance: int = 0
    magic: tuple[tuple[str | None, int], ...] = ()
    lasting: bool = False
    pivot_prime_at_most: int | None = None
    damage_each: int = 0
    modelled: bool = True


@per_record
def path_effect(path: CardRecord) -> PathEffect:
    """The modelled effect of ``path``'s printed text."""
    resistance, magic, lasting, pivot, damage, modelled = 0, [], False, None, 0, True
    for clause in re.split(r"[.;]\s*", path.powers or ""):
        clause = clause.strip()
        if not clause:
            continue
        if m := _RESISTANCE.match(clause):
            resistance += int(m.group(1))
        elif m := _MAGIC.match(clause):
            noun = m.group(2).casefold()
            kind = OTHERS if m.group(1) else (None if noun in _EVERYONE else noun.title())
            magic.append((kind, int(m.group(3))))
            lasting = lasting or bool(m.group(4))
        elif m := _PIVOT.match(clause):
            pivot = int(m.group(1))
        elif m := _DAMAGE.match(clause):
            damage += int(m.group(1))
        else:
            modelled = False
    return PathEffect(resistance, tuple(magic), lasting, pivot, damage, modelled)


def magic_change(effect: PathEffect, character: CardRecord) -> int:
    """The Magic change ``effect`` gives one involved ``character``."""
    total = 0
    named = False
    for kind, n in effect.magic:
        if kind is None:
            total += n
        elif kind != OTHERS and character.has_affiliation(kind):
            total += n
            named = True
    if not named:
        total += sum(n for kind, n in effect.magic if kind == OTHERS)
    return total


def pivots(effect: PathEffect, character: CardRecord) -> bool:
    """True if ``effect`` pivots the involved ``character``."""
    limit = effect.pivot_prime_at_most
    return limit is not None and (character.prime or 0) <= limit
