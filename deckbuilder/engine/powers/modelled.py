"""Which printed powers and traits of a card the engine executes, and which it does not.

Every sentence of a card's traits and powers is put to the same parsers the engine reads
cards with (:mod:`card_db.abilities` through ``record.abilities``, :mod:`.maneuvers`,
:mod:`.site_traits`, :mod:`.path_effects`, :mod:`.turn_effects`, :mod:`.powers`), for
the card types on which the engine applies them (see each rule below). A sentence no
parser reads, or one read by a parser the engine never applies to that card type, is
"not modelled": it stays readable on the card and the engine ignores it.

Played cards' other effects are read by :mod:`.card_effects` and executed by
:mod:`.played_effects`.

Each modelled sentence is also put to the power registry (:mod:`.registry`): its family,
the engine's reading of it in words (``reads_as``) and whether the goldfish autopilot
plays the card as that family (``goldfish``). A sentence the engine does not play has
no reading (``reads_as`` is ``None``).

Sources: rulebook "Card Powers, Traits, and Special Rules", "Types of Cards",
"Permanents and Instants" (only a permanent attached to a character keeps a bonus
outside a maneuver's own action), "Some Special Powers: Counter P" (the engine counters
through an active Ally's power, not through a played card).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass

from card_db.records import CardRecord, CardType
from deckbuilder.engine.powers.card_effects import (
    CLOSED_ROADS,
    COUNTER,
    DAMAGE,
    DRAW,
    GAIN,
    LEAVE_CHALLENGE,
    LOSE_POWERS,
    NO_CHALLENGE,
    RECOVER,
    RESISTANCE,
    SIDE_BONUS,
    STAT,
    STAY_IN_RESERVE,
    sentence_effect,
    timed_executable,
)
from deckbuilder.engine.powers.maneuvers import MAGIC, STRENGTH, sentence_bonuses, stat_bonuses
from deckbuilder.engine.powers.path_effects import PathEffect, path_effect
from deckbuilder.engine.powers.recognised import site_resistance_power
from deckbuilder.engine.powers.registry import goldfish_plays, reading
from deckbuilder.engine.powers.site_traits import seizing_traits, site_power
from deckbuilder.engine.powers.turn_effects import timed_effects

TRAIT = "trait"
POWER = "power"

#: Ability kinds the engine reads from a character's ``abilities``, with the module.
_CHARACTER_ABILITIES = {
    "versus": "engine.challenge",
    "versus_sites": "engine.influence",
    "may_hold_alone": "engine.influence",
    "allies_for": "engine.alliances",
    "counters": "engine.countering",
}
#: Ability kinds read from a permanent attached to a character (``Game.attached_versus``).
_ATTACHED_ABILITIES = {"versus": "engine.challenge", "versus_sites": "engine.influence"}
_MANEUVER_STAT = {CardType.COMBAT_MANEUVER: STRENGTH, CardType.INFLUENCE_MANEUVER: MAGIC}
_SENTENCE = re.compile(r"(?<=\.)\s+|\n+")


@dataclass(frozen=True, slots=True)
class PowerStatus:
    """One sentence of a card's ``traits`` or ``powers`` (``kind``: "trait" or
    "power") and whether the engine executes it. ``by``: the engine module that does,
    or, when ``modelled`` is False, why not. ``family``: the registry's power family
    that reads it and ``reads_as`` its reading in words (both ``None`` when it is not
    modelled); ``goldfish``: the goldfish autopilot plays the card as that family."""

    text: str
    kind: str
    modelled: bool
    by: str
    family: str | None = None
    reads_as: str | None = None
    goldfish: bool = False

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text or "") if s.strip()]


def _key(text: str) -> str:
    return text.strip().strip(".;").strip().strip('"').strip().casefold()


def _ability(record: CardRecord, sentence: str):
    key = _key(sentence)
    return next((a for a in record.abilities if _key(a.text) == key), None)


def _only(record: CardRecord, field: str, sentence: str) -> CardRecord:
    """``record`` with ``sentence`` as its only text in ``field`` (for the parsers that
    read a whole card)."""
    other = "powers" if field == "traits" else "traits"
    return dataclasses.replace(record, **{field: sentence, other: ""})


def _character(record: CardRecord, field: str, s: str) -> tuple[bool, str]:
    ability = _ability(record, s)
    if ability is not None:
        if ability.kind == "allies_for" and ability.target_kind == "text":
            return False, "its condition is not one the parser reads"
        if ability.kind in _CHARACTER_ABILITIES:
            return True, _CHARACTER_ABILITIES[ability.kind]
    if site_resistance_power(_only(record, field, s)) is not None:
        return True, "engine.powers (Ally Action activation power)"
    return _timed(record, field, s)


def _timed(record: CardRecord, field: str, s: str) -> tuple[bool, str]:
    timed = timed_effects(_only(record, field, s))
    if timed and all(draws is not None or _timed_other(record, text)
                     for _, draws, text in timed):
        return True, "engine.turn_effects"
    return False, "no parser the engine uses reads it"


def _timed_other(record: CardRecord, text: str) -> bool:
    e = sentence_effect(text)
    return e is not None and timed_executable(e, record.permanent)


def _bonus(record: CardRecord, field: str, s: str, stats: tuple[str, ...]) -> tuple[bool, str]:
    """A Magic/Strength bonus sentence: modelled in the "Acting/Target X is stat +N"
    forms; one read only by the older free forms ("Your Vassals are strength +1") is
    applied to the bearer alone, whatever else it says, so it counts as not modelled."""
    bonuses = stat_bonuses(_only(record, field, s))
    if not bonuses:
        return False, ""
    if not sentence_bonuses(s):
        return False, "read only as a bonus to the card's bearer; its condition is not"
    if all(b.stat in stats for b in bonuses):
        return True, "engine.maneuvers"
    return False, "a bonus to a stat this card type does not add"


#: Effects that last only while their permanent stays in play.
_WHILE_ATTACHED = frozenset({NO_CHALLENGE, STAY_IN_RESERVE, CLOSED_ROADS, LOSE_POWERS, SIDE_BONUS})
_MANEUVER_EFFECTS = frozenset({DRAW, RECOVER, GAIN})


def _effect(record: CardRecord, s: str) -> tuple[bool, str] | None:
    """A sentence :mod:`.card_effects` reads, judged for this card type; ``None`` if it
    reads none (a plain bonus without "until end of round" is :mod:`.maneuvers`')."""
    e = sentence_effect(s)
    if e is None or (e.kind == STAT and not e.lasting):
        return None
    t = record.card_type
    maneuver = t in _MANEUVER_STAT
    if e.kind == COUNTER:
        ok = t is CardType.FLASH or maneuver
    elif maneuver:
        ok = e.kind in _MANEUVER_EFFECTS or (e.kind == RESISTANCE and e.condition == "involved"
                                             and t is CardType.INFLUENCE_MANEUVER)
        ok = ok or (t is CardType.COMBAT_MANEUVER and (
            e.kind == LEAVE_CHALLENGE or (e.kind == DAMAGE and e.condition == "involved")))
    else:
        ok = e.condition != "involved" and (e.kind != GAIN or t is CardType.ALLY_ACTION)
    if e.kind in _WHILE_ATTACHED or (e.kind == GAIN and not e.lasting):
        ok = ok and record.permanent
    if ok:
        return True, "engine.played_effects"
    return False, "an effect the engine carries out only on other card types"


def _maneuver(record: CardRecord, field: str, s: str) -> tuple[bool, str]:
    if (judged := _effect(record, s)) is not None:
        return judged
    modelled, by = _bonus(record, field, s, (_MANEUVER_STAT[record.card_type],))
    if by:
        return modelled, by
    ability = _ability(record, s)
    if ability is not None and ability.kind in _ATTACHED_ABILITIES and record.permanent:
        return True, _ATTACHED_ABILITIES[ability.kind] + " (attached permanent)"
    if ability is not None and ability.kind in _ATTACHED_ABILITIES:
        return False, "read only from a permanent attached to a character"
    return False, "no parser the engine uses reads it"


def _played(record: CardRecord, field: str, s: str) -> tuple[bool, str]:
    """Dictates, Flashes and Ally Actions: the effects :mod:`.card_effects` reads, a
    permanent's Magic/Strength bonus, kept while attached, and turn effects."""
    if (judged := _effect(record, s)) is not None:
        return judged
    modelled, by = _bonus(record, field, s, (MAGIC, STRENGTH))
    if modelled and not record.permanent:
        return False, "an instant's bonus is not applied"
    if by:
        return modelled, by + (" (attached permanent)" if modelled else "")
    return _timed(record, field, s)


def _site(record: CardRecord, field: str, s: str) -> tuple[bool, str]:
    if field == "traits" and seizing_traits(_only(record, field, s)):
        return True, "engine.site_traits"
    if field == "traits" and _key(s) == "non-unique" and not record.unique:
        return True, "the card's unique field (deck and setup rules)"
    if field == "powers" and site_power(_only(record, field, s)) is not None:
        return True, "engine.site_traits (Site power)"
    return False, "no parser the engine uses reads it"


def _path(record: CardRecord, field: str, s: str) -> tuple[bool, str]:
    effect = path_effect(_only(record, field, s)) if field == "powers" else PathEffect()
    if effect.modelled and effect != PathEffect():
        return True, "engine.path_effects"
    return False, "no parser the engine uses reads it"


_BY_TYPE = {
    CardType.CHARACTER: _character,
    CardType.COMBAT_MANEUVER: _maneuver,
    CardType.INFLUENCE_MANEUVER: _maneuver,
    CardType.DICTATE: _played,
    CardType.FLASH: _played,
    CardType.ALLY_ACTION: _played,
    CardType.SITE: _site,
    CardType.PATH: _path,
}


def modelled_powers(record: CardRecord) -> tuple[PowerStatus, ...]:
    """A :class:`PowerStatus` per sentence of ``record``'s traits then powers, in
    printed order; ``()`` for a card with no text."""
    out = []
    for s, kind, modelled, by in _judged(record):
        read = reading(record, s) if modelled else None
        if read is None:
            out.append(PowerStatus(s, kind, modelled, by))
            continue
        family, words = read
        out.append(PowerStatus(s, kind, modelled, by, family.name, words,
                               goldfish_plays(record, family)))
    return tuple(out)


def _judged(record: CardRecord) -> list[tuple[str, str, bool, str]]:
    """``(sentence, kind, modelled, by)`` per sentence, without the registry's reading."""
    classify = _BY_TYPE.get(record.card_type, _character)
    return [(s, kind, *classify(record, field, s))
            for field, kind in (("traits", TRAIT), ("powers", POWER))
            for s in _sentences(getattr(record, field))]


def not_modelled(record: CardRecord) -> list[str]:
    """The texts of ``record`` the engine does not execute (empty if all are)."""
    return [s for s, _, modelled, _ in _judged(record) if not modelled]


def summary(records: Iterable[CardRecord]) -> dict[str, int]:
    """``{"cards", "powers", "modelled", "not_modelled"}`` counted over ``records``
    (cards: those with any text)."""
    statuses = [modelled_powers(r) for r in records]
    flat = [p for s in statuses for p in s]
    modelled = sum(p.modelled for p in flat)
    return {"cards": sum(1 for s in statuses if s), "powers": len(flat),
            "modelled": modelled, "not_modelled": len(flat) - modelled}


def unplayed_cards(records: Iterable[CardRecord]) -> dict:
    """``{"cards": copies, "names": [...]}``: the copies among ``records`` (one record per
    copy, as a deck's) with printed text the engine does not play, and their names in
    deck order; what the goldfish and match results report so that no power is silently
    dropped."""
    names: dict[str, None] = {}
    copies = 0
    for r in records:
        if (r.traits or r.powers) and not_modelled(r):
            copies += 1
            names.setdefault(r.name)
    return {"cards": copies, "names": list(names)}
