"""The engine's decisions where the rulebook is unclear or contradicts itself, in one place.

Source: the rulebook, ``imajica-ccg-rulebook.txt``; each :class:`Ruling` names the
sections that disagree, quotes them briefly and says what the engine does. The modules
that apply a ruling cite it by its ``key``; :data:`RULINGS` is the only place the
decision is written down.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ruling:
    """One decision: ``sections`` that disagree or leave a gap, ``quotes`` (short), and
    the ``decision`` the engine applies (``where``: the module applying it)."""

    key: str
    sections: tuple[str, ...]
    quotes: tuple[str, ...]
    decision: str
    where: str


#: Securing on equal influence: True means ``influence >= Resistance`` secures.
SECURE_ON_EQUAL = True

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "secure-on-equal",
        ("Securing the Site", "Seizing Sites and Contests"),
        ('"equal to or greater than the target Site\'s resistance"',
         '"If the influence total of those seizing exceeds the resistance"'),
        "The main text wins: influence equal to the Resistance secures the Site.",
        "deckbuilder.engine.influence",
    ),
    Ruling(
        "maestro-alone",
        ("Affiliations: Maestro", "Glossary: Maestro"),
        ('"A Maestro can seize and secure a Site alone, regardless of the resistance"',),
        "The waiver belongs to a Maestro that is the only seizing Ally or the only Holder."
        " When a companion joins the seizure, or holds the Site with it, the ordinary"
        " Resistance test applies to the whole group (the companion's Magic counts, the"
        " waiver does not). A good player therefore sends a Maestro alone.",
        "deckbuilder.engine.influence",
    ),
    Ruling(
        "dictate-ends-turn",
        ("Phase 2: Autarch Phase", "Summary of Play: Phase Two"),
        ('"After the Autarch makes a Dictate, or declares a refusal of it, the turn is'
         ' over"', '"Play one Dictate, or reassign Allies"'),
        "A reassignment is the turn's Dictate, so after a Dictate or a reassignment no"
        " Site, Path or second Dictate may be played that turn. Flashes, which may be"
        " played at any time in the Autarch phase, are still allowed.",
        "deckbuilder.engine.game",
    ),
    Ruling(
        "counter-kinds",
        ("Some Special Powers: Counter P", "Timing and Countering"),
        ('"P is a power, specific or in general"',),
        "\"Counters X\" names one card (\"Counters Amnesia\") or, in general, a kind:"
        " a card type (\"any Flash\", \"any Path\", \"any Influence Maneuver\") or a"
        " family of names printed before a colon (\"any Emotion\" counters"
        " \"Emotion: Dread\").",
        "deckbuilder.engine.countering",
    ),
    Ruling(
        "maneuver-strength",
        ("Challenge Summary", "Combat maneuvers", "Permanents and Instants"),
        ('"Any character receiving more damage than its strength is dead"',
         '"Effects of instant combat maneuvers end with the challenge"'),
        "An instant combat maneuver adds to its side's combat strength only; damage must"
        " exceed the character's Strength characteristic. A permanent maneuver (or any"
        " permanent attached to the character) changes the characteristic itself while"
        " it stays in play, so damage must exceed the raised Strength.",
        "deckbuilder.engine.challenge",
    ),
    Ruling(
        "versus-cumulative",
        ("Card Powers, Traits, and Special Rules",),
        ('"traits on characters are NOT cumulative"',
         '"Powers without an icon are always in effect and are cumulative"'),
        "\"+N Versus X\" is listed among the special traits: only the largest matching"
        " one applies. \"+N versus Y Sites\" is listed among the special powers: matching"
        " ones add up.",
        "deckbuilder.engine.challenge, deckbuilder.engine.influence",
    ),
    Ruling(
        "printed-conditions",
        ("Target Allies and Acting Allies", "Combat maneuvers", "Influence maneuvers"),
        ('"These cards can only be played on targets specified on the card"',),
        "A maneuver whose subject names a kind (\"Acting Maestro\") may only be played"
        " from an acting Ally of that kind; \"+N, or +M if it is an X\" gives M only to"
        " an X; \"+N for each involved X you control\" counts the playing Autarch's"
        " involved X characters, the acting Ally included.",
        "deckbuilder.engine.maneuvers",
    ),
)


def ruling(key: str) -> Ruling:
    """The :class:`Ruling` called ``key``. Raises ``KeyError`` for an unknown key."""
    for r in RULINGS:
        if r.key == key:
            return r
    raise KeyError(key)
