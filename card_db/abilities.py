"""Keyword abilities parsed from a card's traits and powers into structured data.

Source: rulebook "Card Powers, Traits, and Special Rules" ("Counter P",
"+N versus Y Sites", "May hold Y alone", "Allies for -N if...", "+N Versus X").

Each recognised sentence becomes an :class:`Ability`; the text stays on the card as
printed. ``target_kind`` says what ``target`` names:

* ``versus_sites``: ``"site"`` (a named Site), ``"dominion"`` (``target`` is "1".."5",
  from "First Dominion Sites"), ``"border"`` (Border Sites) or ``"sites"`` (any Site);
* ``versus``: ``"affiliation"`` (a known affiliation, plural allowed) or ``"card"``;
* ``may_hold_alone``: ``"site"``;
* ``allies_for``: the condition: ``"gender"`` (e.g. female), ``"affiliation"``,
  ``"card"`` (a named card is controlled) or ``"text"`` (a condition this parser does
  not model; the engine treats it as not met);
* ``counters``: ``"power"`` (``target`` is the countered card or power name).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from functools import lru_cache

from card_db.names import fold_name

KINDS = ("versus_sites", "versus", "may_hold_alone", "allies_for", "counters")

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
_GENDER_WORDS = {
    "female": "female", "females": "female", "woman": "female", "women": "female",
    "male": "male", "males": "male", "man": "male", "men": "male",
}

# At most 9 digits: a longer number is no ability (and int() refuses thousands of digits).
_VERSUS = re.compile(r"([+-]\d{1,9})\s+versus\s+(?:all\s+)?(.+)", re.IGNORECASE)
_HOLD_ALONE = re.compile(r"may\s+hold\s+(.+?)\s+alone", re.IGNORECASE)
_ALLIES_FOR = re.compile(r"allies\s+for\s+(-\d{1,9})\s+if\s+(.+)", re.IGNORECASE)
_COUNTERS = re.compile(r"counters?\s+(.+)", re.IGNORECASE)
_KIND_NOUN = re.compile(r"\s+(?:characters?|all(?:y|ies))$", re.IGNORECASE)
_CONTROLLED = re.compile(
    r"(?:any|a|an)\s+(.+?)\s+(?:is|are)\s+controlled$|(.+?)\s+(?:is|are)\s+controlled$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Ability:
    """One parsed keyword ability.

    ``amount`` is N, signed (``-1`` for "Allies for -1"); 0 where the form has none.
    ``text`` is the sentence it was parsed from.
    """

    kind: str
    amount: int = 0
    target: str = ""
    target_kind: str = ""
    text: str = ""

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Ability:
        return cls(**{k: data[k] for k in ("kind", "amount", "target", "target_kind", "text")})


def abilities_to_json(abilities: Iterable[Ability]) -> str:
    """Serialise abilities for the database's ``abilities`` column (a JSON list)."""
    return json.dumps([a.to_dict() for a in abilities], sort_keys=True)


def abilities_from_json(text: str | None) -> tuple[Ability, ...]:
    """Inverse of :func:`abilities_to_json`; ``None`` or ``""`` gives ``()``."""
    if not text:
        return ()
    return tuple(Ability.from_dict(d) for d in json.loads(text))


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.;])\s+|\n+", text)
    return [p.strip().strip(".;").strip().strip('"').strip() for p in parts if p.strip()]


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


@lru_cache(maxsize=8)
def _folded_sites(site_names: frozenset[str]) -> dict[str, str]:
    """Site names by :func:`card_db.names.fold_name` key (cached: a checklist parses against
    one set)."""
    return {fold_name(name): name for name in sorted(site_names)}


def _site_target(y: str, site_names: frozenset[str]) -> tuple[str, str] | None:
    """Classify Y of "+N versus Y" as a Site target, or ``None`` if it is not one.

    A named Site matches case-insensitively and is returned with its own spelling.
    """
    lowered = y.casefold()
    if y in site_names:
        return y, "site"
    if named := _folded_sites(site_names).get(fold_name(y)):
        return named, "site"
    words = lowered.split()
    if words and words[-1] in ("site", "sites"):
        if len(words) >= 3 and words[0] in _ORDINALS and words[1] == "dominion":
            return str(_ORDINALS[words[0]]), "dominion"
        if words[0] == "border":
            return "Border", "border"
        if len(words) == 1:
            return "", "sites"
        return y, "site"
    return None


def _condition(cond: str, affiliations: frozenset[str]) -> tuple[str, str]:
    match = _CONTROLLED.match(cond.strip())
    if not match:
        return cond, "text"
    subject = (match.group(1) or match.group(2)).strip()
    if match.group(1):
        # "any female characters", "a Maestro Ally": the noun adds nothing.
        subject = _KIND_NOUN.sub("", subject).strip() or subject
    lowered = subject.casefold()
    if lowered in _GENDER_WORDS:
        return _GENDER_WORDS[lowered], "gender"
    for name in affiliations:
        if lowered in (name.casefold(), name.casefold() + "s", _singular(name.casefold())):
            return name, "affiliation"
    if match.group(2):
        return subject, "card"
    return cond, "text"


def parse_sentence(
    sentence: str,
    site_names: frozenset[str] = frozenset(),
    affiliations: frozenset[str] = frozenset(),
) -> Ability | None:
    """Parse one sentence of card text; ``None`` if it is no keyword ability.

    ``site_names`` tells a named Site ("+4 versus Roxborough Tower") from a named
    Character ("+4 versus Dowd"); ``affiliations`` lets "+2 versus Vassals" and
    "Allies for -2 if any Maestros are controlled" name an affiliation.
    """
    s = sentence.strip()
    if m := _ALLIES_FOR.fullmatch(s):
        target, kind = _condition(m.group(2), affiliations)
        return Ability("allies_for", int(m.group(1)), target, kind, s)
    if m := _HOLD_ALONE.fullmatch(s):
        y = m.group(1).strip()
        named = y if y in site_names else _folded_sites(site_names).get(fold_name(y), y)
        return Ability("may_hold_alone", 0, named, "site", s)
    if m := _VERSUS.fullmatch(s):
        amount, y = int(m.group(1)), m.group(2).strip()
        if site := _site_target(y, site_names):
            return Ability("versus_sites", amount, site[0], site[1], s)
        for name in affiliations:
            if y.casefold() in (name.casefold(), name.casefold() + "s"):
                return Ability("versus", amount, name, "affiliation", s)
        return Ability("versus", amount, y, "card", s)
    if m := _COUNTERS.fullmatch(s):
        return Ability("counters", 0, m.group(1).strip(), "power", s)
    return None


def parse_abilities(
    *texts: str,
    site_names: Iterable[str] = (),
    affiliations: Iterable[str] = (),
) -> tuple[Ability, ...]:
    """Parse every keyword ability in the given texts (traits, then powers).

    Returns the abilities in text order. Unrecognised sentences are skipped: they
    stay readable on the card, and the engine does not model them.
    """
    sites, affs = frozenset(site_names), frozenset(affiliations)
    found = []
    for text in texts:
        for sentence in _sentences(text or ""):
            ability = parse_sentence(sentence, sites, affs)
            if ability is not None:
                found.append(ability)
    return tuple(found)
