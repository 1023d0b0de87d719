"""Generated card records and decks for tests, benchmarks and demos of the engine.

These are not real cards: names say "Generated". :func:`generated_deck` builds a
realistic 60-card deck deterministically from a seed (about 20 Characters of Prime 1-9
and Magic 0-6 with a few Maestros, 12 Sites from every Dominion including Border
Sites, one copy of each Path, and other card types), legal under "Deck Construction".
"""

from __future__ import annotations

import random

from card_db.abilities import Ability, parse_abilities
from card_db.records import CardRecord, CardType, Gender


def make_character(
    name: str,
    prime: int,
    magic: int,
    strength: int = 5,
    dominion: int | None = 1,
    *,
    unique: bool = False,
    gender: Gender | None = Gender.MALE,
    affiliations: tuple[str, ...] = (),
    abilities: tuple[Ability, ...] = (),
    powers: str = "",
) -> CardRecord:
    """A Character record (``dominion=None`` for an Oviate-like character)."""
    return CardRecord(
        name=name,
        card_type=CardType.CHARACTER,
        dominions=(dominion,) if dominion else (),
        unique=unique,
        gender=gender,
        magic=magic,
        strength=strength,
        prime=prime,
        affiliations=affiliations,
        abilities=abilities,
        powers=powers,
        source="generated",
    )


def make_site(name: str, dominions: tuple[int, ...], resistance: int, unique: bool = True
              ) -> CardRecord:
    """A Site record (two Dominions for a Border Site)."""
    return CardRecord(
        name=name,
        card_type=CardType.SITE,
        dominions=dominions,
        unique=unique,
        resistance=resistance,
        source="generated",
    )


def make_card(name: str, card_type: CardType, permanent: bool = False,
              dominions: tuple[int, ...] = (), powers: str = "") -> CardRecord:
    """Any other card (Path, Dictate, Ally Action, maneuver, Flash)."""
    return CardRecord(
        name=name,
        card_type=card_type,
        permanent=permanent,
        dominions=dominions,
        powers=powers,
        source="generated",
    )


def _keyword_abilities(rnd: random.Random, kind: int) -> tuple[Ability, ...]:
    """Keyword abilities for a generated Character (the forms of "Card Powers, Traits,
    and Special Rules"), naming generated Sites."""
    roll = rnd.random()
    d = rnd.randint(1, 5)
    if roll < 0.2:
        return parse_abilities(f"+{rnd.randint(1, 4)} versus {_ORDINAL[d]} Dominion Sites")
    if roll < 0.3:
        name = f"Generated Site {d}"
        return parse_abilities(f"May hold {name} alone", site_names=[name])
    if roll < 0.4:
        name = f"Generated Site {d}"
        return parse_abilities(f"+3 versus {name}", site_names=[name])
    if roll < 0.55:
        return parse_abilities(f"Allies for -{rnd.randint(1, 3)} if any females are controlled")
    if roll < 0.6:
        return parse_abilities("+2 versus Border Sites")
    return ()


_ORDINAL = {1: "First", 2: "Second", 3: "Third", 4: "Fourth", 5: "Fifth"}


#: Printed influence-maneuver texts of ``generated_deck(..., maneuvers=True)``, in the
#: forms :mod:`.maneuvers` reads ({n}, {m}: amounts).
MANEUVER_TEXTS = (
    "Acting Ally is magic +{n}.",
    "Acting Ally is magic +{n}, or +{m} if it is an Artist.",
    "Acting Maestro is magic +{m}.",
    "Acting Artist is magic +{m}.",
    "Acting Ally is magic +1 for each involved Oviate you control.",
    "Target involved Site is Resistance -{n} until end of round.",
)


def generated_deck(
    seed: int = 0, characters: int = 20, sites: int = 12, abilities: bool = False,
    playable: bool = False,
) -> list[CardRecord]:
    """A deterministic, realistic 60-card deck (one record per copy).

    Characters come in 1-3 copies of each kind; Sites cover all Five Dominions with
    two Border Sites; five Paths (one per Dominion, one copy each); the rest is split
    among Dictates, Ally Actions, maneuvers and Flashes. ``abilities``: some Characters
    get keyword abilities ("+N versus Y Sites", "May hold Y alone", "Allies for -N
    if ...").
    ``playable``: cards the goldfish autopilot plays: Characters that are not Maestros
    may be Artists or Oviates, more of the other cards are influence maneuvers with a
    printed Magic bonus (:data:`MANEUVER_TEXTS`, some of them permanents), the instant
    Dictates read "Draw N cards.", the permanent ones "At the beginning of a turn, draw a
    card." and the permanent Flashes "Target Ally is strength +1
    and magic +N." (N 1 or 2, in turn: no extra random draw, so the rest of the deck is
    the same as before they had text).
    """
    rnd = random.Random(seed)
    extra = random.Random(seed ^ 0x5EED)
    texts = random.Random(seed ^ 0x3A7E)
    deck: list[CardRecord] = []
    kinds = 0
    while sum(1 for r in deck if r.card_type is CardType.CHARACTER) < characters:
        kinds += 1
        maestro = kinds % 7 == 0
        prime = rnd.randint(6, 9) if maestro else rnd.randint(1, 8)
        magic = rnd.randint(3, 6) if maestro else rnd.randint(0, 5)
        rec = make_character(
            f"Generated Character {kinds}",
            prime=prime,
            magic=magic,
            strength=rnd.randint(2, 9),
            dominion=rnd.randint(1, 5),
            unique=maestro or rnd.random() < 0.2,
            gender=rnd.choice([Gender.MALE, Gender.FEMALE]),
            affiliations=("Maestro",) if maestro else (
                texts.choice([(), ("Artist",), ("Oviate",)]) if playable else ()),
            abilities=_keyword_abilities(extra, kinds) if abilities else (),
        )
        copies = 1 if rec.unique else rnd.randint(1, 3)
        deck.extend([rec] * min(copies, characters - sum(
            1 for r in deck if r.card_type is CardType.CHARACTER)))
    site_recs = [make_site(f"Generated Site {d}", (d,), rnd.randint(3, 8)) for d in range(1, 6)]
    site_recs.append(make_site("Generated Border 1-2", (1, 2), rnd.randint(5, 9)))
    site_recs.append(make_site("Generated Border 4-5", (4, 5), rnd.randint(5, 9)))
    d = 0
    while len(site_recs) < sites:
        d = d % 5 + 1
        site_recs.append(make_site(f"Generated Site {d}-{len(site_recs)}", (d,),
                                   rnd.randint(2, 9)))
    deck.extend(site_recs[:sites])
    for d in range(1, 6):
        deck.append(make_card(f"Generated Path {d}", CardType.PATH, d % 2 == 0, (d,)))
    others = [
        (CardType.DICTATE, False), (CardType.DICTATE, True), (CardType.ALLY_ACTION, False),
        (CardType.COMBAT_MANEUVER, False), (CardType.INFLUENCE_MANEUVER, False),
        (CardType.FLASH, False), (CardType.FLASH, True),
    ]
    if playable:
        others += [(CardType.INFLUENCE_MANEUVER, False), (CardType.INFLUENCE_MANEUVER, True)]
    i = 0
    while len(deck) < 60:
        t, perm = others[i % len(others)]
        powers = ""
        if playable and t is CardType.INFLUENCE_MANEUVER:
            powers = texts.choice(MANEUVER_TEXTS).format(n=texts.randint(1, 3),
                                                         m=texts.randint(3, 5))
        elif playable and t is CardType.DICTATE and not perm:
            powers = f"Draw {texts.randint(1, 2)} cards."
        elif playable and t is CardType.DICTATE:
            powers = "At the beginning of a turn, draw a card."
        elif playable and t is CardType.FLASH and perm:
            powers = f"Target Ally is strength +1 and magic +{i // len(others) % 2 + 1}."
        deck.append(make_card(f"Generated {t} {i // len(others) + 1}", t, perm,
                              powers=powers))
        i += 1
    return deck[:60]
