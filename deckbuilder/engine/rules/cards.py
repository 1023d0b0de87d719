"""Plain facts the rules read from a :class:`~card_db.records.CardRecord`.

Missing characteristics (``None``) count as 0. Dominions become bitmasks: bit
``d - 1`` is set for Dominion ``d`` (so a Border Site of Dominions 1 and 2 is ``0b11``).
Sources: rulebook "Types of Cards", "Border Sites and Adjacency", "Affiliations",
"Unique Cards", "Card Powers, Traits, and Special Rules".
"""

from __future__ import annotations

from card_db.records import CardRecord, CardType, Gender

ALL_DOMINIONS = 0b11111


def dominion_mask(record: CardRecord) -> int:
    """Bitmask of the card's Home Dominions (0 for Oviates and Dominion-less cards)."""
    mask = 0
    for d in record.dominions:
        if 1 <= d <= 5:
            mask |= 1 << (d - 1)
    return mask


def mask_dominions(mask: int) -> tuple[int, ...]:
    """The Dominions (1-5) in a bitmask, in order."""
    return tuple(d for d in range(1, 6) if mask >> (d - 1) & 1)


def is_character(record: CardRecord) -> bool:
    return record.card_type is CardType.CHARACTER


def is_site(record: CardRecord) -> bool:
    return record.card_type is CardType.SITE


def is_path(record: CardRecord) -> bool:
    return record.card_type is CardType.PATH


def magic(record: CardRecord) -> int:
    return record.magic or 0


def strength(record: CardRecord) -> int:
    return record.strength or 0


def prime(record: CardRecord) -> int:
    return record.prime or 0


def resistance(record: CardRecord) -> int:
    return record.resistance or 0


def is_maestro(record: CardRecord) -> bool:
    """"Affiliations: Maestro": may seize and secure a Site alone, whatever its Resistance."""
    return record.has_affiliation("Maestro")


def is_female(record: CardRecord) -> bool:
    """True for female characters; a character of both sexes counts as female ("Gender")."""
    return record.gender in (Gender.FEMALE, Gender.BOTH)


def is_male(record: CardRecord) -> bool:
    return record.gender in (Gender.MALE, Gender.BOTH)


def describe(record: CardRecord) -> str:
    """A short readable label for logs, e.g. ``"Judith (Prime 7, Magic 4)"``."""
    if record.card_type is CardType.CHARACTER:
        return f"{record.name} (Prime {prime(record)}, Magic {magic(record)})"
    if record.card_type is CardType.SITE:
        doms = "/".join(str(d) for d in record.dominions)
        return f"{record.name} (Dominion {doms}, Resistance {resistance(record)})"
    return record.name
