"""Plain, immutable card values shared by every layer (no database, no Qt).

``CardRecord`` is what the bundled data files, importers, the deck logic and the
rules engine pass around. The database rows in :mod:`card_db.models` convert to and
from it. Source: rulebook "Types of Cards", "Anatomy of Cards", "Permanents and
Instants", "Border Sites and Adjacency", "Unique Cards".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from card_db.abilities import Ability


class CardType(StrEnum):
    """The eight card types ("Types of Cards"), with the rulebook's exact names."""

    CHARACTER = "Character"
    SITE = "Site"
    PATH = "Path"
    DICTATE = "Dictate"
    ALLY_ACTION = "Ally Action"
    COMBAT_MANEUVER = "Combat Maneuver"
    INFLUENCE_MANEUVER = "Influence Maneuver"
    FLASH = "Flash"


class Gender(StrEnum):
    """Gender of a Character ("Glossary: Gender"). Oviates have none (``None``)."""

    MALE = "male"
    FEMALE = "female"
    BOTH = "both"
    NEITHER = "neither"


class Condition(StrEnum):
    """The usual collectors' condition scale, best first."""

    MINT = "Mint"
    NEAR_MINT = "Near Mint"
    LIGHTLY_PLAYED = "Lightly Played"
    MODERATELY_PLAYED = "Moderately Played"
    HEAVILY_PLAYED = "Heavily Played"
    DAMAGED = "Damaged"


ALWAYS_PERMANENT = frozenset({CardType.CHARACTER, CardType.SITE})
DOMINIONS = (1, 2, 3, 4, 5)
#: The Home Dominion of an Oviate, everywhere it is shown (text, card faces; rulebook:
#: 'If a character has "O" for its Home Dominion, it is an oviate. There is no "Zeroth
#: Dominion"'); the search language's ``d:none`` and the deck statistics use it too.
NO_DOMINION = "none"

#: Every characteristic a card record carries that may be marked estimated.
CHARACTERISTIC_FIELDS = (
    "card_type",
    "permanent",
    "dominions",
    "unique",
    "gender",
    "magic",
    "strength",
    "prime",
    "resistance",
    "affiliations",
    "deck_limit",
    "traits",
    "powers",
    "activation_icon",
    "collector_number",
    "rarity",
    "artist",
    "flavor_text",
)


def dominions_adjacent(a: int, b: int) -> bool:
    """True if Dominions ``a`` and ``b`` are side by side; 5 and 1 are adjacent.

    Source: rulebook "Border Sites and Adjacency" and Glossary "Adjacency".
    """
    return a != b and (abs(a - b) == 1 or {a, b} == {1, 5})


@dataclass(frozen=True, slots=True)
class CardRecord:
    """One card's printed (or estimated) characteristics.

    ``dominions`` is a tuple of Home Dominions 1-5: empty for Oviates and for
    Dominion-less cards, two adjacent Dominions for a Border Site, one otherwise.
    ``estimated`` names the fields (from :data:`CHARACTERISTIC_FIELDS`) whose values
    are not printed facts. ``source`` names where the values come from, for example
    ``"rulebook: Challenge Rival's Ally"`` or ``"demo"``.
    """

    name: str
    card_type: CardType
    permanent: bool = True
    dominions: tuple[int, ...] = ()
    unique: bool = False
    gender: Gender | None = None
    magic: int | None = None
    strength: int | None = None
    prime: int | None = None
    resistance: int | None = None
    affiliations: tuple[str, ...] = ()
    deck_limit: int | None = None
    traits: str = ""
    powers: str = ""
    activation_icon: str | None = None
    abilities: tuple[Ability, ...] = ()
    set_name: str = ""
    collector_number: str = ""
    rarity: str = ""
    artist: str = ""
    flavor_text: str = ""
    source: str = ""
    estimated: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_border_site(self) -> bool:
        """A Site with two Home Dominions ("Border Sites and Adjacency")."""
        return self.card_type is CardType.SITE and len(self.dominions) == 2

    @property
    def is_oviate(self) -> bool:
        """True for the Oviate affiliation ("Affiliations: Oviate")."""
        return "Oviate" in self.affiliations

    def has_affiliation(self, name: str) -> bool:
        """Case-insensitive affiliation test, e.g. ``has_affiliation("maestro")``."""
        wanted = name.casefold()
        return any(a.casefold() == wanted for a in self.affiliations)

    def is_estimated(self, field_name: str) -> bool:
        """True if ``field_name`` holds an estimated, not printed, value."""
        return field_name in self.estimated
