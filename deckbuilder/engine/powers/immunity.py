"""Affiliation immunities: Adorers to Hapexamendios Action cards, Oviates to emotions.

Sources: rulebook "Affiliations" (Adorer: "Immune to Hapexamendios Action cards; if
targeted by such a card, the card is used, but this character is not affected";
Oviate: "Immune to all emotion effects"; "an affiliation is a trait which grants a
power"). Ruling ``immunity-kinds`` in :mod:`.rulings` says which cards are meant.
"""

from __future__ import annotations

from card_db.names import fold_name
from card_db.records import CardRecord, CardType


def _mentions(card: CardRecord, word: str) -> bool:
    family, colon, _ = card.name.partition(":")
    if colon and fold_name(family) == word:
        return True
    return word in fold_name(card.traits or "").replace(".", " ").split()


def is_emotion(card: CardRecord) -> bool:
    """An emotion effect: a card of the "Emotion:" family, or with the trait Emotion."""
    return _mentions(card, "emotion")


def is_hapexamendios_action(card: CardRecord) -> bool:
    """A Hapexamendios Action card: an Ally Action card of the "Hapexamendios:" family or
    with the trait Hapexamendios."""
    return card.card_type is CardType.ALLY_ACTION and _mentions(card, "hapexamendios")


def immunity(target: CardRecord, card: CardRecord) -> str | None:
    """The affiliation that makes ``target`` immune to ``card``, or ``None``."""
    if target.is_oviate and is_emotion(card):
        return "Oviate"
    if target.has_affiliation("Adorer") and is_hapexamendios_action(card):
        return "Adorer"
    return None
