"""Every value of a rulebook card is either stated by the rulebook or marked estimated.

``STATED`` lists, for each card the rulebook names, the fields the rulebook states and
the rulebook phrase that states each one. A test checks that the phrase is in the
rulebook, that the loaded card carries that value and that the field is not marked
estimated; another checks that every other field that has a value is marked estimated.
Source: the rulebook file, ``../shared/rulebook/imajica-ccg-rulebook.txt``.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from card_db.checklist import load_bundled_records, read_checklist
from card_db.records import CHARACTERISTIC_FIELDS, CardType
from tests.shared_files import read_rulebook

REPO = Path(__file__).resolve().parents[1]
RULEBOOK_CARDS = REPO / "card_db" / "data" / "rulebook_cards.csv"
SET_NAME = "Imajica (1997)"


def _normalise(text: str) -> str:
    """Drop the markdown emphasis of the converted rulebook and collapse whitespace."""
    return " ".join(text.replace("*", "").split())


@functools.cache
def rules() -> str:
    """The rulebook's normalised text, read when a test first needs it: the tests that
    do not read it run without the file (tests/shared_files.py)."""
    return _normalise(read_rulebook())

ALL_PERMANENT = "All Sites and characters are permanent."
MANET = (
    "Giles Bloxham, Henry Holland, Hubert Shales, Lionel Wakeman, Matthias McGann, "
    "Thomas Roxborough, by Manet."
)
SARGEANT = (
    "Charlotte Feaver, Esmond Bloom Godolphin, Joshua Godolphin, Nathaniel Godolphin, "
    "Oliver McGann, by Sargeant."
)
CONTEST_SEIZE = (
    "Autarch Eric has named Henry Holland (Magic 3) and Horace Tyrwith (Magic 4) to seize Slew."
)
CONTEST_CONTEST = (
    "Autarch Brian names Joshua Godolphin (Magic 3) and Huzzah Aping (Magic 6) to contest."
)
PRIME_EXAMPLE = (
    "In his hand, Craig holds the characters Judith (Prime 7), Geoffrey Light (Prime 3), "
    "and Gideon (Prime 4)."
)

#: card -> field -> (value, rulebook phrase or phrases stating it)
STATED: dict[str, dict[str, tuple[object, str | tuple[str, ...]]]] = {
    "Gek-A-Gek": {
        "card_type": ("Character", 'he announces: "Two gek-a-geks are challenging Gentle."'),
        "permanent": (True, ALL_PERMANENT),
        # two in play at once, so the card cannot be unique ("Unique Cards")
        "unique": (False, "Two gek-a-geks are challenging Gentle."),
        "strength": (8, "Each gek-a-gek has a strength = 8."),
    },
    "Gentle": {
        "card_type": ("Character", "The character card Gentle has a Prime of 11."),
        "permanent": (True, ALL_PERMANENT),
        "gender": ("male", "Gentle can be put into play as if his Prime were 10."),
        "strength": (7, "Gentle has only a strength = 7."),
        "prime": (11, "The character card Gentle has a Prime of 11."),
        "traits": (
            "Allies for -1 if any females are controlled",
            "Gentle's description area reads: \"Allies for -1 if any females are controlled\"",
        ),
    },
    "Irish": {
        "card_type": ("Character", "Cheryl defends with her Ally Irish, strength = 6."),
        "permanent": (True, ALL_PERMANENT),
        "strength": (6, "Cheryl defends with her Ally Irish, strength = 6."),
    },
    "Judith": {
        "card_type": ("Character", PRIME_EXAMPLE),
        "permanent": (True, ALL_PERMANENT),
        "prime": (7, "Judith (Prime 7)"),
    },
    "Geoffrey Light": {
        "card_type": ("Character", PRIME_EXAMPLE),
        "permanent": (True, ALL_PERMANENT),
        "prime": (3, "Geoffrey Light (Prime 3)"),
    },
    "Gideon": {
        "card_type": ("Character", PRIME_EXAMPLE),
        "permanent": (True, ALL_PERMANENT),
        "prime": (4, "Gideon (Prime 4)"),
    },
    "Sartori": {
        "card_type": ("Character", "The character Sartori is involved in a challenge."),
        "permanent": (True, ALL_PERMANENT),
        "gender": ("male", "His strength would usually be 7"),
        "strength": (7, "His strength would usually be 7"),
    },
    "Pneuma": {
        "card_type": (
            "Combat Maneuver",
            "the combat maneuver Pneuma is played from him. This adds 6 to his combat strength",
        ),
    },
    "Henry Holland": {
        "card_type": ("Character", CONTEST_SEIZE),
        "permanent": (True, ALL_PERMANENT),
        "magic": (3, "Henry Holland (Magic 3)"),
        "artist": ("Manet", MANET),
    },
    "Horace Thyrtwit": {
        "card_type": ("Character", CONTEST_SEIZE),
        "permanent": (True, ALL_PERMANENT),
        "magic": (4, "Horace Tyrwith (Magic 4)"),
        "artist": ("Prouve", "Horace Thyrtwit, by Prouve."),
    },
    "Joshua Godolphin": {
        "card_type": ("Character", CONTEST_CONTEST),
        "permanent": (True, ALL_PERMANENT),
        "magic": (3, "Joshua Godolphin (Magic 3)"),
        "artist": ("Sargeant", SARGEANT),
    },
    "Huzzah Aping": {
        "card_type": ("Character", CONTEST_CONTEST),
        "permanent": (True, ALL_PERMANENT),
        "magic": (6, "Huzzah Aping (Magic 6)"),
    },
    "Slew": {
        "card_type": ("Site", ("to seize Slew", "Seize a Site:")),
        "permanent": (True, ALL_PERMANENT),
    },
    "Roxborough Tower": {
        "card_type": (
            "Site",
            ('"May hold Y alone" If a character\'s text states "may hold Y alone," where Y '
             "is a Site", "he can hold Roxborough Tower alone"),
        ),
        "permanent": (True, ALL_PERMANENT),
    },
    "General Rosengarten": {
        "card_type": ("Character", "The character General Rosengarten has an activation power"),
        "permanent": (True, ALL_PERMANENT),
        "powers": (
            "Target Site is Resistance -3 until end of round.",
            'has an activation power that reads, "Target Site is Resistance -3 until end '
            'of round."',
        ),
        "activation_icon": ("Ally Action", "The activation icon is the Ally action icon."),
    },
    "Thomas Roxborough": {
        "card_type": ("Character", "Thomas Roxborough has 0 magic"),
        "permanent": (True, ALL_PERMANENT),
        "gender": ("male", "he can hold Roxborough Tower alone due to his trait"),
        "magic": (0, "Thomas Roxborough has 0 magic"),
        "traits": (
            "May hold Roxborough Tower alone.",
            'due to his trait, "May hold Roxborough Tower alone."',
        ),
        "artist": ("Manet", MANET),
    },
    "Charlotte Feaver": {
        "card_type": ("Character", "The character Charlotte Feaver has the power"),
        "permanent": (True, ALL_PERMANENT),
        "gender": ("female", "her influence is increased by +4"),
        "powers": (
            "+4 versus Roxborough Tower.",
            'The character Charlotte Feaver has the power "+4 versus Roxborough Tower."',
        ),
        "artist": ("Sargeant", SARGEANT),
    },
    "Celestine": {
        "card_type": ("Character", "The character card Celestine has the trait"),
        "permanent": (True, ALL_PERMANENT),
        "gender": ("female", "she adds four to her strength"),
        "traits": (
            "+4 versus Dowd.", 'The character card Celestine has the trait "+4 versus Dowd."'
        ),
        "artist": ("Munch", "Celestine, by Munch."),
    },
    "Dowd": {
        "card_type": (
            "Character",
            ("X is a named character or type of character.",
             "Whenever Celestine is in a challenge against Dowd"),
        ),
        "permanent": (True, ALL_PERMANENT),
    },
    "The Erasure": {
        "card_type": ("Site", "The Erasure card is a Border Site"),
        "permanent": (True, ALL_PERMANENT),
        "dominions": (
            (1, 2),
            "The Erasure card is a Border Site, from both the adjacent First and Second Dominions.",
        ),
    },
    "Ritual": {
        "card_type": ("Ally Action", "The Ally Action Ritual says"),
        "powers": (
            "Acting Ally gains Adorer affiliation.",
            'The Ally Action Ritual says "Acting Ally gains Adorer affiliation."',
        ),
    },
    "Little Ease": {
        # "his Flash power": a gendered card that is controlled and pivots is a Character.
        "card_type": ("Character", "Little Ease may use his Flash power"),
        "permanent": (True, ALL_PERMANENT),
        "gender": ("male", "Little Ease may use his Flash power"),
        "powers": ("Counters Amnesia", 'may use his Flash power "Counters Amnesia"'),
        "activation_icon": ("Flash", 'may use his Flash power "Counters Amnesia"'),
    },
    "Amnesia": {
        "card_type": ("Flash", "Autarch Liz plays the permanent Flash Amnesia on Gentle."),
        "permanent": (True, "Autarch Liz plays the permanent Flash Amnesia on Gentle."),
    },
    "Emotion: Guilt": {
        "card_type": ("Flash", "The character Sartori has the permanent Flash Emotion: Guilt"),
        "permanent": (True, "The character Sartori has the permanent Flash Emotion: Guilt"),
    },
    "Patashoquan Highway": {},
}

#: The art credits, line by line as printed ("Credits"): (line, card names, artist).
CREDITS = [
    ("Failed Reconciliation, Public Executions, Realm of Hapexamendios, by Zdzislaw Bekinski.",
     ["Failed Reconciliation", "Public Executions", "Realm of Hapexamendios"],
     "Zdzislaw Bekinski"),
    ("Isaac Abelove, by Degas.", ["Isaac Abelove"], "Degas"),
    ("Eurhetemec Ruins, Call to the Dead, by Les Edward.",
     ["Eurhetemec Ruins", "Call to the Dead"], "Les Edward"),
    ("Pinguin, by H. R. Giger.", ["Pinguin"], "H. R. Giger"),
    ("Christos, by Goya.", ["Christos"], "Goya"),
    (MANET, ["Giles Bloxham", "Henry Holland", "Hubert Shales", "Lionel Wakeman",
             "Matthias McGann", "Thomas Roxborough"], "Manet"),
    ("Celestine, by Munch.", ["Celestine"], "Munch"),
    ("River Fefer, by Nolde.", ["River Fefer"], "Nolde"),
    ("Horace Thyrtwit, by Prouve.", ["Horace Thyrtwit"], "Prouve"),
    ("Angels, John Rush.", ["Angels"], "John Rush"),
    (SARGEANT, ["Charlotte Feaver", "Esmond Bloom Godolphin", "Joshua Godolphin",
                "Nathaniel Godolphin", "Oliver McGann"], "Sargeant"),
    ("Oscar Esmond Godolphin, by Shishkin.", ["Oscar Esmond Godolphin"], "Shishkin"),
    ("Alice Thyrtwit, by Whistler.", ["Alice Thyrtwit"], "Whistler"),
]

#: card -> rulebook sections its ``source`` must cite (names from the contents page).
SECTIONS = {
    "Gek-A-Gek": ["Challenge Rival's Ally"],
    "Gentle": ["Challenge Rival's Ally", "Card Powers, Traits, and Special Rules",
               "Game Background"],
    "Irish": ["Challenge Rival's Ally"],
    "Judith": ["Phase 3: Ally Phase"],
    "Geoffrey Light": ["Phase 3: Ally Phase"],
    "Gideon": ["Phase 3: Ally Phase"],
    "Sartori": ["Challenge Rival's Ally", "Timing and Countering", "Glossary"],
    "Pneuma": ["Challenge Rival's Ally"],
    "Henry Holland": ["Seize a Site", "Credits"],
    "Horace Thyrtwit": ["Seize a Site", "Credits"],
    "Joshua Godolphin": ["Seize a Site", "Credits"],
    "Huzzah Aping": ["Seize a Site"],
    "Slew": ["Seize a Site"],
    "Roxborough Tower": ["Card Powers, Traits, and Special Rules"],
    "General Rosengarten": ["Card Powers, Traits, and Special Rules"],
    "Thomas Roxborough": ["Card Powers, Traits, and Special Rules", "Credits"],
    "Charlotte Feaver": ["Card Powers, Traits, and Special Rules", "Credits"],
    "Celestine": ["Card Powers, Traits, and Special Rules", "Credits"],
    "Dowd": ["Card Powers, Traits, and Special Rules"],
    "The Erasure": ["Border Sites and Adjacency"],
    "Ritual": ["Target Characters and Acting Allies"],
    "Little Ease": ["Timing and Countering"],
    "Amnesia": ["Timing and Countering"],
    "Emotion: Guilt": ["Timing and Countering"],
    "Patashoquan Highway": ["Timing and Countering"],
}
CREDITED = {name: (line, artist) for line, names, artist in CREDITS for name in names}
CREDITS_ONLY = sorted(set(CREDITED) - set(STATED))


def _stated_fields(name: str) -> dict[str, tuple[object, str | tuple[str, ...]]]:
    stated = dict(STATED.get(name, {}))
    if name in CREDITED:
        line, artist = CREDITED[name]
        stated["artist"] = (artist, line)
    return stated


def _value(record, field):
    value = getattr(record, field)
    if field == "card_type" or field == "gender":
        return value.value if value is not None else None
    return value


def _is_set(value) -> bool:
    return isinstance(value, bool) or value not in (None, "", ())


@pytest.fixture(scope="module")
def rulebook_cards():
    return {r.name: r for r in read_checklist(RULEBOOK_CARDS)}


def test_the_table_covers_exactly_the_rulebook_cards(rulebook_cards):
    assert set(rulebook_cards) == set(STATED) | set(CREDITED)
    assert len(CREDITS_ONLY) == 19


def test_every_rulebook_card_is_named_in_the_rulebook(rulebook_cards):
    folded = rules().casefold()
    for name in rulebook_cards:
        assert name.casefold() in folded, name


def test_the_credits_table_is_the_whole_art_credit_list():
    start = rules().index("except for the following images used with permission:")
    end = rules().index("©1997 Clive Barker", start)
    printed = rules()[start:end].split(":", 1)[1].strip()
    assert printed == " ".join(line for line, _, _ in CREDITS)


@pytest.mark.parametrize(
    ("name", "field"),
    [(name, field) for name in sorted(set(STATED) | set(CREDITED))
     for field in _stated_fields(name)],
)
def test_each_stated_value_is_in_the_rulebook_and_on_the_card(rulebook_cards, name, field):
    value, evidence = _stated_fields(name)[field]
    for phrase in (evidence,) if isinstance(evidence, str) else evidence:
        assert phrase in rules(), f"rulebook does not say {phrase!r}"
    record = rulebook_cards[name]
    assert _value(record, field) == value
    assert field not in record.estimated


@pytest.mark.parametrize("name", sorted(set(STATED) | set(CREDITED)))
def test_every_value_the_rulebook_does_not_state_is_marked_estimated(rulebook_cards, name):
    record = rulebook_cards[name]
    stated = _stated_fields(name)
    for field in CHARACTERISTIC_FIELDS:
        if field in stated:
            continue
        if _is_set(getattr(record, field)):
            assert field in record.estimated, f"{name}: {field} is neither stated nor estimated"
        else:
            assert field not in record.estimated


@pytest.mark.parametrize("name", sorted(set(STATED) | set(CREDITED)))
def test_rulebook_cards_cite_their_sections(rulebook_cards, name):
    record = rulebook_cards[name]
    contents = rules()[: rules().index("AUTHOR'S INTRODUCTION")].casefold()
    assert record.source.startswith("rulebook: ")
    assert record.set_name == SET_NAME
    assert record.collector_number == "" and record.rarity == ""
    for section in SECTIONS.get(name, ["Credits"]):
        assert section in record.source
        assert section.casefold() in contents, section


def test_named_examples_read_as_the_rulebook_tells_them(rulebook_cards):
    cards = rulebook_cards
    # Challenge Rival's Ally: two gek-a-geks (16) against Gentle (7), then Irish defends.
    geks = 2 * cards["Gek-A-Gek"].strength
    assert geks - cards["Gentle"].strength == 9
    assert geks - (cards["Gentle"].strength + cards["Irish"].strength) == 3
    # Establishing alliances: Geoffrey Light + Gideon, or Judith alone, within Prime 7.
    assert cards["Geoffrey Light"].prime + cards["Gideon"].prime == cards["Judith"].prime == 7
    # Example of a contest: 7 against 9.
    assert cards["Henry Holland"].magic + cards["Horace Thyrtwit"].magic == 7
    assert cards["Joshua Godolphin"].magic + cards["Huzzah Aping"].magic == 9
    # Combat maneuvers: Sartori 7 + Pneuma 6 = 13; the +6 is in Pneuma's (estimated) wording.
    assert "This adds 6 to his combat strength, giving him a total of 13." in rules()
    assert cards["Sartori"].strength + 6 == 13
    assert "+6" in cards["Pneuma"].powers and "powers" in cards["Pneuma"].estimated
    assert "remain in reserve" in cards["Emotion: Guilt"].powers
    assert "active area" in cards["Patashoquan Highway"].powers
    assert cards["Slew"].card_type is CardType.SITE
    assert cards["Roxborough Tower"].card_type is CardType.SITE
    assert cards["The Erasure"].is_border_site


def test_gentle_is_a_maestro_from_the_game_background_and_says_so(rulebook_cards):
    gentle = rulebook_cards["Gentle"]
    assert "the Reconciler of the Fifth, a Maestro of great power" in rules()
    assert gentle.has_affiliation("Maestro")
    # The rulebook never prints Gentle's card affiliation: it is an estimate.
    assert "affiliations" in gentle.estimated
    assert "Game Background" in gentle.source and "a Maestro of great power" in gentle.source


def test_horace_is_one_card_with_both_spellings_noted(rulebook_cards):
    assert "Horace Tyrwith" in rules() and "Horace Thyrtwit" in rules()
    assert "Horace Tyrwith" not in rulebook_cards
    horace = rulebook_cards["Horace Thyrtwit"]
    assert "Horace Tyrwith" in horace.source and "Horace Thyrtwit" in horace.source


def test_rulebook_keyword_abilities_are_parsed(rulebook_cards):
    def kinds(name):
        return [(a.kind, a.amount, a.target, a.target_kind) for a in rulebook_cards[name].abilities]

    assert kinds("Gentle") == [("allies_for", -1, "female", "gender")]
    assert kinds("Thomas Roxborough") == [("may_hold_alone", 0, "Roxborough Tower", "site")]
    assert kinds("Charlotte Feaver") == [("versus_sites", 4, "Roxborough Tower", "site")]
    assert kinds("Celestine") == [("versus", 4, "Dowd", "card")]
    assert kinds("Little Ease") == [("counters", 0, "Amnesia", "power")]
    assert kinds("General Rosengarten") == [] and kinds("Ritual") == []


def test_rulebook_cards_are_in_the_bundled_catalogue():
    bundled = {r.name: r for r in load_bundled_records()}
    for record in read_checklist(RULEBOOK_CARDS):
        assert bundled[record.name] == record
