"""The one card-name matching rule (:mod:`card_db.names`) and that every place that
matches names uses it: the catalogue, deck lists, and the rules engine's references."""

from __future__ import annotations

import pytest

from card_db.abilities import Ability, parse_sentence
from card_db.catalogue import Catalogue
from card_db.names import fold_name, names_match, reference_key, refers_to
from card_db.records import CardRecord, CardType
from deckbuilder.deck.decklist import DeckList
from deckbuilder.engine.powers.countering import counters
from deckbuilder.engine.rules.influence import may_hold_alone


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Judith", "judith"),
        ("  The   Erasure ", "the erasure"),
        ("Charlotte\u2019s Tower", "charlotte's tower"),
        ("Charlotte's\tTower", "charlotte's tower"),
        ("STRASSE", "strasse"),
        ("Stra\u00dfe", "strasse"),
        ("Gek-A-Gek", "gek-a-gek"),
    ],
)
def test_fold_name(name, key):
    assert fold_name(name) == key


def test_names_match_keeps_a_leading_the():
    assert names_match("the  ERASURE", "The Erasure")
    assert not names_match("Erasure", "The Erasure")
    assert not names_match("Judith", "Judit")


def test_references_in_card_text_may_add_or_drop_the_article():
    assert reference_key("the Erasure") == reference_key("The Erasure") == "erasure"
    assert refers_to("the Amnesia", "Amnesia")
    assert refers_to("Erasure", "The Erasure")
    assert not refers_to("Theatre", "Atre")
    assert not refers_to("the Amnesia", "Amnesiac")


def _card(name, card_type=CardType.SITE, abilities=()):
    return CardRecord(name=name, card_type=card_type, abilities=tuple(abilities))


def test_catalogue_and_deck_list_use_the_rule():
    catalogue = Catalogue([_card("Charlotte's Tower"), _card("The Erasure")])
    assert catalogue.get("charlotte\u2019s  tower").name == "Charlotte's Tower"
    assert catalogue.get("Erasure") is None
    deck = DeckList(main=[("The Erasure", 1), ("the  erasure", 2)])
    assert deck.count_of("THE ERASURE") == 3


def test_engine_matches_references_with_the_article_rule():
    """"May hold Y alone" and "Counter P" name cards in running text ("Card Powers,
    Traits, and Special Rules")."""
    site = _card("The Erasure")
    ally = _card(
        "Holder", CardType.CHARACTER,
        [Ability("may_hold_alone", 0, "Erasure", "site", "May hold Erasure alone")],
    )
    assert may_hold_alone(ally, site)
    flash = _card("Amnesia", CardType.FLASH)
    counterer = _card(
        "Little Ease", CardType.CHARACTER,
        [Ability("counters", 0, "the Amnesia", "power", "Counters the Amnesia")],
    )
    assert counters(counterer, flash)
    assert not counters(counterer, _card("Amnesiac", CardType.FLASH))


def test_ability_parser_names_sites_by_the_rule():
    sites = frozenset({"Charlotte's Tower", "The Erasure"})
    ability = parse_sentence("+2 versus Charlotte\u2019s  Tower", sites)
    assert (ability.kind, ability.target, ability.target_kind) == (
        "versus_sites", "Charlotte's Tower", "site"
    )
    assert parse_sentence("May hold the  erasure alone", sites).target == "The Erasure"
