"""The printed effects of Paths the engine models: Resistance, Magic, Strength, pivots,
damage, discards and the choices of the Path's owner.

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
* "Each involved character takes N damage" ("Damage Outside of Challenges");
* "Each involved character is strength -N until end of round";
* "Each involved Autarch discards a card at random";
* "Pivot one involved character chosen by the Path's owner", "Deal N damage to one
  involved character chosen by the Path's owner", "Return one involved character to its
  Autarch's reserve" (chosen by the Path's owner too: ruling ``path-choices``);
* "The Path's owner may move one of their active Allies into the seizure".

Other Path text is not modelled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from card_db.records import CardRecord
from deckbuilder.engine.rules.record_cache import per_record

_RESISTANCE = re.compile(r"^the\s+site\s+is\s+resistance\s*([+-]\d{1,3})$", re.IGNORECASE)
_MAGIC = re.compile(
    r"^(all\s+other\s+)?(?:each\s+)?(?:involved\s+)?([a-z]+?)s?\s+(?:are|is)\s+(magic|strength)\s*"
    r"([+-]\d{1,3})(\s+until\s+(?:the\s+)?end\s+of\s+(?:the\s+)?round)?$",
    re.IGNORECASE,
)
_PIVOT = re.compile(
    r"^involved\s+characters\s+with\s+prime\s+(\d{1,2})\s+or\s+less\s+are\s+pivoted$",
    re.IGNORECASE,
)
_DAMAGE = re.compile(r"^each\s+involved\s+character\s+takes\s+(\d{1,2})\s+damage$",
                     re.IGNORECASE)
_DISCARD = re.compile(r"^each\s+involved\s+autarch\s+discards\s+a\s+card\s+at\s+random$",
                      re.IGNORECASE)
_BY_OWNER = r"\s+one\s+involved\s+character\s+chosen\s+by\s+the\s+path'?s\s+owner$"
_CHOSEN_PIVOT = re.compile(r"^pivot" + _BY_OWNER, re.IGNORECASE)
_CHOSEN_DAMAGE = re.compile(r"^deal\s+(\d{1,2})\s+damage\s+to" + _BY_OWNER, re.IGNORECASE)
_CHOSEN_RETURN = re.compile(
    r"^return\s+one\s+involved\s+character\s+to\s+its\s+autarch'?s\s+reserve$", re.IGNORECASE)
_OWNER_JOINS = re.compile(
    r"^the\s+path'?s\s+owner\s+may\s+move\s+one\s+of\s+(?:their|his|her|its)\s+active"
    r"\s+allies\s+into\s+the\s+seizure$", re.IGNORECASE)
_EVERYONE = frozenset({"character", "ally", "allie"})
OTHERS = "others"
#: What the Path's owner does to the involved character it chooses.
PIVOT = "pivot"
DAMAGE = "damage"
RETURN = "return"


@dataclass(frozen=True, slots=True)
class PathEffect:
    """What a Path does when encountered.

    ``magic``: ``(kind, N)`` pairs; kind ``None`` for every involved character, an
    affiliation name, or :data:`OTHERS` for those no other pair named. ``lasting``:
    the Magic change lasts until end of round. ``strength``: ``(kind, N)`` pairs lasting
    until end of round. ``discard_random``: each involved Autarch discards a card at
    random. ``chosen``: ``(PIVOT|DAMAGE|RETURN, N)`` done to one involved character the
    Path's owner chooses. ``owner_joins``: the owner may move one of its active Allies
    into the seizure. ``modelled``: every sentence was read.
    """

    resistance: int = 0
    magic: tuple[tuple[str | None, int], ...] = ()
    lasting: bool = False
    pivot_prime_at_most: int | None = None
    damage_each: int = 0
    modelled: bool = True
    strength: tuple[tuple[str | None, int], ...] = ()
    discard_random: bool = False
    chosen: tuple[tuple[str, int], ...] = ()
    owner_joins: bool = False


@per_record
def path_effect(path: CardRecord) -> PathEffect:
    """The modelled effect of ``path``'s printed text."""
    resistance, magic, lasting, pivot, damage, modelled = 0, [], False, None, 0, True
    strength: list[tuple[str | None, int]] = []
    chosen: list[tuple[str, int]] = []
    discard = joins = False
    for clause in re.split(r"[.;]\s*", path.powers or ""):
        clause = clause.strip()
        if not clause:
            continue
        if m := _RESISTANCE.match(clause):
            resistance += int(m.group(1))
        elif (m := _MAGIC.match(clause)) and (m.group(3).casefold() == "magic" or m.group(5)):
            noun = m.group(2).casefold()
            kind = OTHERS if m.group(1) else (None if noun in _EVERYONE else noun.title())
            if m.group(3).casefold() == "strength":
                strength.append((kind, int(m.group(4))))
                continue
            magic.append((kind, int(m.group(4))))
            lasting = lasting or bool(m.group(5))
        elif m := _PIVOT.match(clause):
            pivot = int(m.group(1))
        elif m := _DAMAGE.match(clause):
            damage += int(m.group(1))
        elif _DISCARD.match(clause):
            discard = True
        elif _CHOSEN_PIVOT.match(clause):
            chosen.append((PIVOT, 0))
        elif m := _CHOSEN_DAMAGE.match(clause):
            chosen.append((DAMAGE, int(m.group(1))))
        elif _CHOSEN_RETURN.match(clause):
            chosen.append((RETURN, 0))
        elif _OWNER_JOINS.match(clause):
            joins = True
        else:
            modelled = False
    return PathEffect(resistance, tuple(magic), lasting, pivot, damage, modelled,
                      tuple(strength), discard, tuple(chosen), joins)


def magic_change(effect: PathEffect, character: CardRecord) -> int:
    """The Magic change ``effect`` gives one involved ``character``."""
    return _change(effect.magic, character)


def strength_change(effect: PathEffect, character: CardRecord) -> int:
    """The Strength change (until end of round) ``effect`` gives one involved ``character``."""
    return _change(effect.strength, character)


def _change(pairs: tuple[tuple[str | None, int], ...], character: CardRecord) -> int:
    total = 0
    named = False
    for kind, n in pairs:
        if kind is None:
            total += n
        elif kind != OTHERS and character.has_affiliation(kind):
            total += n
            named = True
    if not named:
        total += sum(n for kind, n in pairs if kind == OTHERS)
    return total


def pivots(effect: PathEffect, character: CardRecord) -> bool:
    """True if ``effect`` pivots the involved ``character``."""
    limit = effect.pivot_prime_at_most
    return limit is not None and (character.prime or 0) <= limit
