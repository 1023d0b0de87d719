"""Printed Magic and Strength bonuses of maneuvers and permanents, with their conditions.

Sources: rulebook "Target Characters and Acting Allies" (cards played from an acting Ally
"can only be played on targets specified on the card"; without "target character", only
the acting Ally receives the effect), "Combat maneuvers" and "Influence maneuvers" (the
Sartori and Pneuma example: +6 to his combat strength), "Permanents and Instants".
Ruling ``printed-conditions`` in :mod:`.rulings` says how the conditions are read.

Recognised sentence forms (case-insensitive), for the stats Magic and Strength:

* "Acting Ally is magic +3" / "Target Ally is strength +1 and magic +1";
* "Acting Maestro is magic +4": only an acting Maestro may play it;
* "Acting Ally is strength +2, or +4 if it is an Oethac";
* "Acting Ally is magic +1 for each involved Oviate you control";
* the older free forms of :mod:`.powers` ("Acting Ally gets +6 Strength"), without
  conditions.

Anything else on the card is not modelled here.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

from card_db.records import CardRecord
from deckbuilder.engine.powers.card_effects import sentence_effect, timed_executable
from deckbuilder.engine.powers.recognised import influence_bonus, strength_bonus
from deckbuilder.engine.powers.turn_effects import timed_effects
from deckbuilder.engine.rules.record_cache import per_record

MAGIC = "magic"
#: How :func:`effect_note` ends: the log's reminder that other card text is not modelled.
OTHER_TEXT = "; any other text not modelled by the engine"
STRENGTH = "strength"

_SUBJECT = re.compile(
    r"\b(acting|target)\s+(?:involved\s+)?([a-z][a-z ]*?)\s+(?:is|gets|has)\s+(.*)",
    re.IGNORECASE,
)
_STAT = re.compile(r"\b(magic|strength)\s*([+-]\d{1,3})|([+-]\d{1,3})\s+(magic|strength)\b",
                   re.IGNORECASE)
_ALT = re.compile(r",?\s*or\s+([+-]\d{1,3})\s+if\s+(?:it\s+is\s+)?(?:an?\s+)?([a-z][a-z ]*?)\s*$",
                  re.IGNORECASE)
_PER = re.compile(r"\bfor\s+each\s+involved\s+([a-z][a-z ]*?)\s+you\s+control", re.IGNORECASE)
_TIMED = re.compile(r"\s*at\s+the\s+(?:beginning|start|end)\s+of\b", re.IGNORECASE)
_GENERIC_SUBJECTS = frozenset({"ally", "character", "allies", "characters"})


@dataclass(frozen=True, slots=True)
class StatBonus:
    """One printed bonus to ``stat`` ("magic" or "strength").

    ``actor_kind``: an affiliation the acting Ally must have ("Acting Maestro"), or
    ``None``. ``alt_amount``/``alt_kind``: "+N, or +M if it is an X". ``per_kind``: "for
    each involved X you control" (``amount`` per such character). ``targeted``: the card
    says "target ..." rather than "acting ...".
    """

    stat: str
    amount: int
    actor_kind: str | None = None
    alt_amount: int | None = None
    alt_kind: str | None = None
    per_kind: str | None = None
    targeted: bool = False

    @property
    def unconditional(self) -> bool:
        """The same ``amount`` for any character: no actor kind, no "or +M if it is an
        X", no "for each involved X"."""
        return self.actor_kind is None and self.alt_kind is None and self.per_kind is None


def _singular(word: str) -> str:
    word = word.strip()
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=\.)\s+|\n+", text) if s.strip()]


def _parse_sentence(sentence: str) -> list[StatBonus]:
    if _TIMED.match(sentence):
        return []  # "At the beginning of a turn, target ... is magic +1": engine.turn_effects
    m = _SUBJECT.search(sentence)
    if not m:
        return []
    subject = m.group(2).strip().casefold()
    rest = m.group(3).rstrip(". ")
    actor_kind = None if subject in _GENERIC_SUBJECTS else _singular(m.group(2)).title()
    alt = _ALT.search(rest)
    per = _PER.search(rest)
    head = rest[: alt.start()] if alt else rest
    out = []
    for s in _STAT.finditer(head):
        stat = (s.group(1) or s.group(4)).casefold()
        amount = int(s.group(2) or s.group(3))
        out.append(StatBonus(
            stat, amount, actor_kind,
            int(alt.group(1)) if alt else None,
            _singular(alt.group(2)).title() if alt else None,
            _singular(per.group(1)).title() if per else None,
            m.group(1).casefold() == "target",
        ))
    return out


def sentence_bonuses(sentence: str) -> list[StatBonus]:
    """The bonuses of one sentence in the recognised forms above ("Acting ..." /
    "Target ..."), without the older free forms; ``[]`` if it has none."""
    return _parse_sentence(sentence)


@per_record
def stat_bonuses(record: CardRecord) -> tuple[StatBonus, ...]:
    """The Magic and Strength bonuses printed on ``record`` (powers then traits)."""
    text = f"{record.powers}\n{record.traits}"
    found = [b for sentence in _sentences(text) for b in _parse_sentence(sentence)]
    if found:
        return tuple(found)
    legacy = []
    # A sentence with an effect of its own ("Your Vassals are strength +1", a timed
    # effect) is no bonus.
    free = [x for x in _sentences(text) if sentence_effect(x) is None and not _TIMED.match(x)]
    record = dataclasses.replace(record, powers=" ".join(free), traits="") if len(free) < len(
        _sentences(text)) else record
    if (n := strength_bonus(record)) is not None:
        legacy.append(StatBonus(STRENGTH, n))
    if (n := influence_bonus(record)) is not None:
        legacy.append(StatBonus(MAGIC, n))
    return tuple(legacy)


def may_receive(record: CardRecord, actor: CardRecord) -> bool:
    """True if ``actor`` is a character ``record`` may be played from: every bonus
    naming a kind of acting Ally ("Acting Maestro") requires that affiliation."""
    return all(b.actor_kind is None or actor.has_affiliation(b.actor_kind)
               for b in stat_bonuses(record))


def bonus_amount(b: StatBonus, bearer: CardRecord, involved: Sequence[CardRecord]) -> int:
    """The amount ``b`` gives ``bearer``. ``involved``: the playing Autarch's involved
    characters, the bearer included (for "for each involved X you control")."""
    if b.actor_kind is not None and not bearer.has_affiliation(b.actor_kind):
        return 0
    amount = b.amount
    if b.alt_kind is not None and bearer.has_affiliation(b.alt_kind):
        amount = b.alt_amount if b.alt_amount is not None else amount
    if b.per_kind is not None:
        amount *= sum(1 for c in involved if c.has_affiliation(b.per_kind))
    return amount


def stat_bonus(
    record: CardRecord, stat: str, bearer: CardRecord, involved: Sequence[CardRecord] = ()
) -> int:
    """Total ``stat`` bonus ``record`` gives ``bearer`` (0 if it names another kind)."""
    return sum(bonus_amount(b, bearer, involved) for b in stat_bonuses(record) if b.stat == stat)


def names_a_target(record: CardRecord) -> bool:
    """True if the card's text names a "target" (so another character than the acting
    Ally may receive it: "Target Characters and Acting Allies")."""
    return "target" in f"{record.powers} {record.traits}".casefold()


def effect_note(record: CardRecord, attached: bool) -> str:
    """How the log describes a played card's modelled effect. Only a permanent attached
    to a character keeps Magic/Strength bonuses outside a maneuver's own action."""
    bonuses = stat_bonuses(record) if attached and record.permanent else ()
    parts = [f"{b.stat.title()} {b.amount:+d}" for b in bonuses]
    timed = timed_effects(record) if record.permanent else ()
    if any(d is not None for _, d, _ in timed):
        parts.append("its turn-effect draws")
    elif any((e := sentence_effect(text)) is not None and timed_executable(e, True)
             for _, _, text in timed):
        parts.append("its turn effects")
    if not parts:
        return "effect not modelled by the engine"
    return f"{', '.join(parts)} while it stays in play{OTHER_TEXT}"
