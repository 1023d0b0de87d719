"""The printed effects of Dictates, Flashes, Ally Action cards and maneuvers, as data.

Each recognised sentence of a card's powers becomes a :class:`CardEffect` that
:class:`~deckbuilder.engine.game.Game` executes when the card resolves (the Magic and
Strength bonuses of "Acting/Target X is stat +N" stay with :mod:`.maneuvers`).

Sources: rulebook "Card Powers, Traits, and Special Rules" ("Effects are either
targeted to any character, or affect the controlling Autarch, unless otherwise
noted"), "Permanents and Instants" (a permanent keeps its effect while it stays in
play), "Target Characters and Acting Allies", "Damage Outside of Challenges",
"Pivoted Cards", "Some Special Powers: Counter P", "Timing and Countering". Ruling
``played-effects`` in :mod:`.rulings` says how the engine reads the choices these
sentences leave open.

Recognised sentences (case-insensitive; N a number or a number word):

* "Draw N cards" (:data:`DRAW`);
* "Target <kind> is magic|strength +N until end of round" (:data:`STAT`);
* "Unpivot target Ally" (:data:`UNPIVOT`); "Pivot target Site" (:data:`PIVOT_SITE`);
* "Deal N damage to target [involved] character" (:data:`DAMAGE`; ``condition``
  "involved" for a maneuver's target in its challenge);
* "Return an <kind> from your In Ovo to your hand" (:data:`RECOVER`);
* "Discard target permanent <card type>" (:data:`DISCARD`);
* "Target [involved] Site [in the Circle] is Resistance +N until end of round"
  (:data:`RESISTANCE`);
* "Move target Ally from your reserve to your active area", "Target Ally in the reserve
  may move to the active area" (:data:`MOVE_FORWARD`; ``condition`` "your" for the first);
* "Target character cannot challenge" (:data:`NO_CHALLENGE`), "Target character must
  remain in reserve" (:data:`STAY_IN_RESERVE`), "Paths cannot be played on target Site"
  (:data:`CLOSED_ROADS`): restrictions while the permanent stays in play;
* "Your <kind>s are strength +N [while defending]" (:data:`SIDE_BONUS`);
* "Acting Ally gains <kind> affiliation [until end of round]" (:data:`GAIN`);
* "Counters <P>" on a played card (:data:`COUNTER`);
* "Look at the Paths on target Site" (:data:`LOOK_PATHS`);
* "Target character loses all powers" (:data:`LOSE_POWERS`), while the permanent stays;
* "Remove acting Ally from the challenge; it is not pivoted" (:data:`LEAVE_CHALLENGE`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from card_db.records import CardRecord
from deckbuilder.engine.rules.record_cache import per_record

DRAW = "draw"
STAT = "stat"
UNPIVOT = "unpivot"
PIVOT_SITE = "pivot site"
DAMAGE = "damage"
RECOVER = "recover"
DISCARD = "discard"
RESISTANCE = "resistance"
MOVE_FORWARD = "move forward"
NO_CHALLENGE = "cannot challenge"
STAY_IN_RESERVE = "remain in reserve"
CLOSED_ROADS = "closed roads"
SIDE_BONUS = "side bonus"
GAIN = "gain affiliation"
COUNTER = "counter"
LOOK_PATHS = "look at paths"
LOSE_POWERS = "lose powers"
LEAVE_CHALLENGE = "leave challenge"
#: :data:`DAMAGE` under the name the game uses beside the Paths' own ``DAMAGE``.
MANEUVER_DAMAGE = DAMAGE

#: Effects that need a target card in play.
TARGETED = frozenset({STAT, UNPIVOT, PIVOT_SITE, DAMAGE, DISCARD, RESISTANCE, MOVE_FORWARD,
                      NO_CHALLENGE, STAY_IN_RESERVE, CLOSED_ROADS, LOOK_PATHS, LOSE_POWERS})

_N = r"(a|an|one|two|three|four|five|\d{1,2})"
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_EOR = r"(\s+until\s+(?:the\s+)?end\s+of\s+(?:the\s+)?round)?"
_ANY_CHARACTER = frozenset({"character", "ally", "characters", "allies"})

_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in (
        (DRAW, rf"^draw\s+{_N}\s+cards?$"),
        (STAT, rf"^target\s+([a-z][a-z ]*?)\s+is\s+(magic|strength)\s*([+-]\d{{1,2}}){_EOR}$"),
        (UNPIVOT, r"^unpivot\s+target\s+(ally|character)$"),
        (PIVOT_SITE, r"^pivot\s+target\s+site$"),
        (DAMAGE, rf"^deal\s+{_N}\s+damage\s+to\s+target\s+(involved\s+)?character$"),
        (RECOVER, r"^return\s+an?\s+([a-z][a-z ]*?)\s+from\s+your\s+in\s+ovo\s+to\s+your\s+hand$"),
        (DISCARD, r"^discard\s+target\s+permanent\s+([a-z][a-z ]*?)$"),
        (RESISTANCE, r"^target\s+(involved\s+)?site(\s+in\s+the\s+circle)?\s+is\s+resistance\s*"
                     rf"([+-]\d{{1,2}}){_EOR}$"),
        (MOVE_FORWARD, r"^(?:move\s+target\s+ally\s+from\s+your\s+reserve\s+to\s+your\s+active"
                       r"\s+area|target\s+ally\s+in\s+(?:your|the)\s+reserve\s+may\s+move\s+to"
                       r"\s+(?:your|the)\s+active\s+area)$"),
        (NO_CHALLENGE, r"^target\s+character\s+cannot\s+challenge$"),
        (STAY_IN_RESERVE, r"^target\s+character\s+must\s+remain\s+in\s+(?:the\s+)?reserve$"),
        (CLOSED_ROADS, r"^paths\s+cannot\s+be\s+played\s+on\s+target\s+site$"),
        (SIDE_BONUS, r"^your\s+([a-z][a-z ]*?)\s+are\s+(strength)\s*([+-]\d{1,2})"
                     r"(\s+while\s+defending)?$"),
        (GAIN, rf"^acting\s+ally\s+gains\s+(?:the\s+)?([a-z][a-z ]*?)\s+affiliation{_EOR}$"),
        (COUNTER, r"^counters\s+(.+)$"),
        (LOOK_PATHS, r"^look\s+at\s+the\s+paths\s+on\s+target\s+site$"),
        (LOSE_POWERS, r"^target\s+character\s+loses\s+all\s+powers$"),
        (LEAVE_CHALLENGE, r"^remove\s+acting\s+ally\s+from\s+the\s+challenge;?\s+it\s+is\s+not"
                          r"\s+pivoted$"),
    )
)


@dataclass(frozen=True, slots=True)
class CardEffect:
    """One printed effect. ``kind``: one of the constants above. ``amount``: cards to
    draw, damage, or the change to ``stat`` ("magic"/"strength") or Resistance.
    ``subject``: the kind named ("Maestro", "Oviate", "Vassal", a card type such as
    "Ally Action", or P of "Counters P"); ``None`` for any character. ``lasting``:
    "until end of round". ``condition``: "defending" for "while defending", "circle" or
    "involved" for a Site target."""

    kind: str
    amount: int = 0
    stat: str | None = None
    subject: str | None = None
    lasting: bool = False
    condition: str | None = None


def _count(word: str) -> int:
    word = word.casefold()
    return int(word) if word.isdigit() else _NUMBERS[word]


def _kind(noun: str) -> str | None:
    noun = noun.strip().casefold()
    if noun in _ANY_CHARACTER:
        return None
    if noun.endswith("s") and not noun.endswith("ss"):
        noun = noun[:-1]
    return noun.title()


def _build(kind: str, m: re.Match[str]) -> CardEffect:  # noqa: PLR0911 (one case per form)
    g = m.groups()
    if kind == DRAW:
        return CardEffect(DRAW, _count(g[0]))
    if kind == STAT:
        return CardEffect(STAT, int(g[2]), g[1].casefold(), _kind(g[0]), bool(g[3]))
    if kind == DAMAGE:
        return CardEffect(DAMAGE, _count(g[0]), condition="involved" if g[1] else None)
    if kind == RECOVER:
        return CardEffect(RECOVER, subject=_kind(g[0]))
    if kind == DISCARD:
        return CardEffect(DISCARD, subject=g[0].strip().title())
    if kind == RESISTANCE:
        where = "involved" if g[0] else ("circle" if g[1] else None)
        return CardEffect(RESISTANCE, int(g[2]), lasting=bool(g[3]), condition=where)
    if kind == SIDE_BONUS:
        return CardEffect(SIDE_BONUS, int(g[2]), g[1].casefold(), _kind(g[0]),
                          condition="defending" if g[3] else None)
    if kind == GAIN:
        return CardEffect(GAIN, subject=g[0].strip().title(), lasting=bool(g[1]))
    if kind == MOVE_FORWARD:
        return CardEffect(MOVE_FORWARD, condition="your" if m.group(0).lower().startswith(
            "move") else None)
    if kind == COUNTER:
        return CardEffect(COUNTER, subject=g[0].strip())
    return CardEffect(kind)


def sentence_effect(sentence: str) -> CardEffect | None:
    """The :class:`CardEffect` of one printed sentence, or ``None`` if it is in no
    recognised form."""
    text = sentence.strip().rstrip(".").strip()
    for kind, pattern in _FORMS:
        if m := pattern.match(text):
            return _build(kind, m)
    return None


@per_record
def card_effects(record: CardRecord) -> tuple[CardEffect, ...]:
    """The recognised effects among the sentences of ``record``'s powers, in order."""
    sentences = re.split(r"(?<=\.)\s+|\n+", record.powers or "")
    return tuple(e for s in sentences if s.strip() and (e := sentence_effect(s)) is not None)


def effects_of(record: CardRecord, *kinds: str) -> list[CardEffect]:
    """``record``'s effects of the given kinds."""
    return [e for e in card_effects(record) if e.kind in kinds]


#: Effects a timed sentence ("At the end of a turn, ...") carries out without a target.
UNTARGETED = frozenset({DRAW, RECOVER})
#: Effects a timed sentence carries out on the character its permanent is attached to.
ON_BEARER = frozenset({STAT, UNPIVOT, DAMAGE})


def timed_executable(e: CardEffect, permanent: bool) -> bool:
    """True if the engine carries out ``e`` as the effect of an "at the beginning/end of
    a turn" sentence: one needing no target, or, on a permanent, one acting on the
    character it is attached to (ruling ``turn-effects``)."""
    if e.kind in UNTARGETED:
        return True
    return permanent and e.kind in ON_BEARER and (e.kind != STAT or e.lasting)


def needs_target(record: CardRecord) -> bool:
    """True if one of ``record``'s effects needs a target card."""
    return any(e.kind in TARGETED for e in card_effects(record))
