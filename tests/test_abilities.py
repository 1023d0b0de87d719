"""The keyword-ability parser on the rulebook's examples, on every form, and on junk.

Source: rulebook "Card Powers, Traits, and Special Rules" ("Counter P",
"+N versus Y Sites", "May hold Y alone", "Allies for -N if...", "+N Versus X") and
"Timing and Countering" (Little Ease's "Counters Amnesia").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.abilities import (
    Ability,
    abilities_from_json,
    abilities_to_json,
    parse_abilities,
    parse_sentence,
)

AFFILIATIONS = ["Maestro", "Vassal", "Adorer", "Aphrodyte", "Artist", "Tabula Rasa", "Oviate"]
SITES = ["Roxborough Tower", "Slew", "The Erasure"]


def one(text: str, sites=SITES, affiliations=AFFILIATIONS) -> tuple:
    (ability,) = parse_abilities(text, site_names=sites, affiliations=affiliations)
    return ability.kind, ability.amount, ability.target, ability.target_kind


# ------------------------------------------------------------ the rulebook's examples


def test_gentle_allies_for_minus_one_if_any_females_are_controlled():
    assert one("Allies for -1 if any females are controlled") == (
        "allies_for", -1, "female", "gender",
    )


def test_thomas_roxborough_may_hold_roxborough_tower_alone():
    assert one("May hold Roxborough Tower alone.") == (
        "may_hold_alone", 0, "Roxborough Tower", "site",
    )


def test_charlotte_feaver_plus_four_versus_roxborough_tower():
    assert one("+4 versus Roxborough Tower.") == ("versus_sites", 4, "Roxborough Tower", "site")


def test_without_knowing_the_site_it_reads_as_a_named_card():
    assert one("+4 versus Roxborough Tower.", sites=()) == (
        "versus", 4, "Roxborough Tower", "card",
    )


def test_celestine_plus_four_versus_dowd():
    assert one("+4 versus Dowd.") == ("versus", 4, "Dowd", "card")


def test_little_ease_counters_amnesia():
    assert one("Counters Amnesia") == ("counters", 0, "Amnesia", "power")


@pytest.mark.parametrize(
    "text",
    [
        "Target Site is Resistance -3 until end of round.",  # General Rosengarten
        "Acting Ally gains Adorer affiliation.",  # Ritual
        "Target character must remain in reserve.",
    ],
)
def test_powers_that_are_not_keyword_abilities_give_nothing(text):
    assert parse_abilities(text, site_names=SITES, affiliations=AFFILIATIONS) == ()


# ------------------------------------------------------------ every form


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("+2 versus First Dominion Sites", ("versus_sites", 2, "1", "dominion")),
        ("+3 versus fifth dominion sites", ("versus_sites", 3, "5", "dominion")),
        ("+3 versus Border Sites", ("versus_sites", 3, "Border", "border")),
        ("+2 versus Sites", ("versus_sites", 2, "", "sites")),
        ("-1 versus all Sites", ("versus_sites", -1, "", "sites")),
        ("+4 versus roxborough tower", ("versus_sites", 4, "Roxborough Tower", "site")),
        ("+2 versus Vassals", ("versus", 2, "Vassal", "affiliation")),
        ("+3 Versus Oviates", ("versus", 3, "Oviate", "affiliation")),
        ("-2 versus Tabula Rasa", ("versus", -2, "Tabula Rasa", "affiliation")),
        ("May hold the erasure alone", ("may_hold_alone", 0, "The Erasure", "site")),
        ("Allies for -2 if any Maestros are controlled",
         ("allies_for", -2, "Maestro", "affiliation")),
        ("Allies for -1 if a Vassal is controlled", ("allies_for", -1, "Vassal", "affiliation")),
        ("Allies for -2 if a Maestro Ally is controlled",
         ("allies_for", -2, "Maestro", "affiliation")),
        ("Allies for -1 if any male characters are controlled",
         ("allies_for", -1, "male", "gender")),
        ("Allies for -1 if a woman is controlled", ("allies_for", -1, "female", "gender")),
        ("Allies for -2 if Judith is controlled", ("allies_for", -2, "Judith", "card")),
        ("Allies for -3 if it is raining", ("allies_for", -3, "it is raining", "text")),
        ("Counter any Flash", ("counters", 0, "any Flash", "power")),
    ],
)
def test_each_form_and_target_kind(text, expected):
    assert one(text) == expected


def test_several_sentences_in_traits_then_powers_keep_their_order():
    found = parse_abilities(
        "Allies for -1 if any females are controlled. +4 versus Dowd; May hold Slew alone",
        "Target Site is Resistance -3 until end of round.\nCounters Amnesia",
        site_names=SITES,
        affiliations=AFFILIATIONS,
    )
    assert [a.kind for a in found] == ["allies_for", "versus", "may_hold_alone", "counters"]
    assert found[2].target == "Slew"
    assert found[1].text == "+4 versus Dowd"


def test_abilities_round_trip_through_json():
    found = parse_abilities(
        "Allies for -1 if any females are controlled. +4 versus Roxborough Tower.",
        "Counters Amnesia",
        site_names=SITES,
    )
    assert len(found) == 3
    assert abilities_from_json(abilities_to_json(found)) == found
    assert abilities_from_json(None) == () and abilities_from_json("") == ()


# ------------------------------------------------------------ malformed input


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "+x versus Dowd",
        "4 versus Dowd",
        "+4 versus",
        "versus Dowd",
        "Allies for -1 if",
        "Allies for +1 if any females are controlled",
        "Allies for one if any females are controlled",
        "May hold alone",
        "Counters",
        "The Counters are on the table",
        "Gains +2 versus Dowd",
    ],
)
def test_malformed_keyword_text_is_not_an_ability(text):
    assert parse_abilities(text, site_names=SITES, affiliations=AFFILIATIONS) == ()


def test_none_text_is_accepted():
    assert parse_abilities(None, "", site_names=SITES) == ()


def test_parse_sentence_returns_none_for_plain_text():
    assert parse_sentence("Draw two cards.") is None
    assert isinstance(parse_sentence("Counters Amnesia"), Ability)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=120), st.text(max_size=60))
def test_the_parser_never_raises_and_keeps_source_text(traits, powers):
    found = parse_abilities(traits, powers, site_names=SITES, affiliations=AFFILIATIONS)
    for ability in found:
        assert ability.kind in ("versus_sites", "versus", "may_hold_alone", "allies_for",
                                "counters")
        assert ability.text and (ability.text in traits or ability.text in powers)
