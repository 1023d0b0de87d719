"""Countering: "Counters P" powers, such as Little Ease's "Counters Amnesia".

Source: rulebook "Some Special Powers: Counter P" ("P is a power, specific or in
general"; countering negates the card or action; it prevents the effect, not the
pivot), "Timing and Countering" (a counter is played after its target and before it
resolves; a countered card is removed from the cards to be resolved; the Little Ease
example: unpivoted, he pivots to counter the permanent Flash Amnesia played on Gentle,
and Amnesia is discarded), "Card Powers, Traits, and Special Rules" (activation powers
on characters are used only while the character is active and unpivoted).

How "in general" is read is ruling ``counter-kinds`` in :mod:`.rulings`: P names one
card, a card type ("Counters any Flash"), or a family of names printed before a colon
("Counters any Emotion" counters "Emotion: Dread").
"""

from __future__ import annotations

import re

from card_db.names import fold_name, refers_to
from card_db.records import CardRecord, CardType

_GENERAL = re.compile(r"^(?:any|all|every|an?)\s+", re.IGNORECASE)
_TYPES = {fold_name(t.value): t for t in CardType}


def _kind_key(text: str) -> str:
    """``"any Influence Maneuvers"`` -> ``"influence maneuver"``."""
    key = fold_name(_GENERAL.sub("", text.strip().rstrip(".")))
    return key[:-1] if key.endswith("s") and not key.endswith("ss") else key


def names_kind(target: str, played: CardRecord) -> bool:
    """True if ``target`` (P of "Counters P") names ``played`` in general: its card type,
    or the family before a colon in its name."""
    key = _kind_key(target)
    if _TYPES.get(key) is played.card_type:
        return True
    family, colon, _ = played.name.partition(":")
    return bool(colon) and fold_name(family) == key


def names_card(target: str, played: CardRecord) -> bool:
    """True if ``target`` (P of "Counters P") names ``played``, specifically (its name)
    or in general (its type or family)."""
    return refers_to(target, played.name) or names_kind(target, played)


def counters(counterer: CardRecord, played: CardRecord) -> bool:
    """True if ``counterer`` has a "Counters P" power naming ``played``, specifically
    (its name) or in general (its type or family)."""
    return any(
        a.kind == "counters" and names_card(a.target, played)
        for a in counterer.abilities
    )


def only_counters(record: CardRecord) -> bool:
    """True if every sentence of ``record``'s powers is a "Counters P" power (Sudden
    Clarity, "Counters any Flash"): such a card does nothing unless it is played as a
    counter, after the card or action it counters ("Timing and Countering")."""
    sentences = [t.strip() for t in (record.powers or "").split(".") if t.strip()]
    return bool(sentences) and all(t.casefold().startswith("counters ") for t in sentences)
