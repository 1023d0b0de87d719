"""Deck statistics ("Types of Cards", "Border Sites and Adjacency", "Securing the Site",
"Permanents and Instants") and the ownership comparison."""

from __future__ import annotations

import pytest

from card_db.catalogue import Catalogue
from card_db.records import CardRecord, CardType
from deckbuilder.deck.decklist import DeckList
from deckbuilder.deck.ownership import compare_with_collection, to_acquire
from deckbuilder.deck.resolve import UnknownCardsError
from deckbuilder.deck.stats import characters_to_secure, deck_stats

CATALOGUE = Catalogue(
    [
        CardRecord("Gek-A-Gek", CardType.CHARACTER, dominions=(3,), prime=4, magic=2, strength=8),
        CardRecord(
            "Gentle", CardType.CHARACTER, dominions=(5,), prime=11, magic=6, strength=7,
            unique=True, estimated=frozenset({"magic"}),
        ),
        CardRecord(
            "Ovo Lurker", CardType.CHARACTER, prime=2, magic=1, strength=3,
            affiliations=("Oviate",),
        ),
        CardRecord("The Erasure", CardType.SITE, dominions=(1, 2), unique=True, resistance=6),
        CardRecord(
            "Slew", CardType.SITE, dominions=(4,), unique=True, resistance=9,
            estimated=frozenset({"resistance"}),
        ),
        CardRecord("Road", CardType.PATH, permanent=False, dominions=(4,)),
        CardRecord("Amnesia", CardType.FLASH, permanent=True),
        CardRecord("Pneuma", CardType.COMBAT_MANEUVER, permanent=False),
    ]
)


def _deck():
    return DeckList(
        main=[
            ("Gek-A-Gek", 4), ("Gentle", 1), ("Ovo Lurker", 3), ("The Erasure", 1),
            ("Slew", 2), ("Road", 1), ("Amnesia", 2), ("Pneuma", 3),
        ],
        sideboard=[("Gentle", 5)],
    )


def test_counts_by_type_and_dominion():
    stats = deck_stats(_deck(), CATALOGUE)
    assert stats.card_count == 17
    assert list(stats.by_type) == [t.value for t in CardType]
    assert stats.by_type["Character"] == 8
    assert stats.by_type["Site"] == 3
    assert stats.by_type["Path"] == 1
    assert stats.by_type["Flash"] == 2
    assert stats.by_type["Combat Maneuver"] == 3
    assert stats.by_type["Dictate"] == 0
    # The Erasure is listed under Dominions 1 and 2; Oviates and type-only cards under "none".
    assert stats.by_dominion == {"1": 1, "2": 1, "3": 4, "4": 3, "5": 1, "none": 8}
    assert sum(stats.by_dominion.values()) == stats.card_count + 1


def test_prime_curve_and_characteristics():
    stats = deck_stats(_deck(), CATALOGUE)
    assert stats.prime_curve == {2: 3, 4: 4, 11: 1}
    assert stats.characters == 8
    assert stats.magic_total == 4 * 2 + 6 + 3 * 1
    assert stats.magic_average == pytest.approx(17 / 8)
    assert stats.strength_total == 4 * 8 + 7 + 3 * 3
    assert stats.strength_average == pytest.approx(48 / 8)


def test_characters_to_secure_sites():
    stats = deck_stats(_deck(), CATALOGUE)
    mean_magic = 17 / 8
    assert stats.mean_resistance == pytest.approx((6 + 2 * 9) / 3)
    # mean Resistance 8 / mean Magic 2.125 = 3.76 -> 4 Characters
    assert stats.characters_to_secure == 4
    by_name = {s.name: s for s in stats.sites}
    assert by_name["The Erasure"].characters == 3  # 6 / 2.125 = 2.8
    assert by_name["Slew"].characters == 5  # 9 / 2.125 = 4.2
    assert by_name["Slew"].estimated and not by_name["The Erasure"].estimated
    assert by_name["Slew"].copies == 2
    assert characters_to_secure(6, mean_magic) == 3


def test_characters_to_secure_edge_cases():
    assert characters_to_secure(6, 3) == 2  # influence equal to Resistance secures
    assert characters_to_secure(7, 3) == 3
    assert characters_to_secure(0, 3) == 1  # a Site is always seized by at least one Ally
    assert characters_to_secure(10, 10 / 3) == 3  # no floating-point overshoot
    assert characters_to_secure(5, 0) is None
    assert characters_to_secure(5, None) is None


def test_permanent_instant_split_and_estimated_marks():
    stats = deck_stats(_deck(), CATALOGUE)
    assert stats.permanent == 8 + 3 + 2
    assert stats.instant == 1 + 3
    assert stats.estimated["magic"] == ["Gentle"]
    assert stats.estimated["resistance"] == ["Slew"]
    assert stats.estimated["strength"] == []


def test_stats_without_characters_or_sites():
    stats = deck_stats(DeckList(main=[("Amnesia", 2)]), CATALOGUE)
    assert stats.magic_average is None and stats.strength_average is None
    assert stats.mean_resistance is None and stats.characters_to_secure is None
    assert stats.to_dict()["prime_curve"] == {}


def test_stats_dict_is_json_ready():
    import json

    data = json.loads(json.dumps(deck_stats(_deck(), CATALOGUE).to_dict()))
    assert data["prime_curve"] == {"2": 3, "4": 4, "11": 1}
    assert data["sites"][0]["name"] == "The Erasure"


def test_stats_unknown_card():
    with pytest.raises(UnknownCardsError):
        deck_stats(DeckList(main=[("Nobody", 1)]), CATALOGUE)


# -- Ownership ---------------------------------------------------------------------------


def test_to_acquire_lists_what_is_missing():
    deck = DeckList(
        main=[("Gek-A-Gek", 4), ("Gentle", 1), ("Slew", 1)], sideboard=[("Gek-A-Gek", 1)]
    )
    owned = {"gek-a-gek": 2, "Gentle": 1}
    rows = to_acquire(deck, owned)
    assert [(r.name, r.to_acquire, r.needed, r.owned) for r in rows] == [
        ("Gek-A-Gek", 3, 5, 2),
        ("Slew", 1, 1, 0),
    ]


def test_copies_used_by_other_decks_are_not_available():
    deck = DeckList(main=[("Gek-A-Gek", 4), ("Gentle", 1)])
    owned = {"Gek-A-Gek": 4, "Gentle": 1}
    assert to_acquire(deck, owned) == []
    rows = to_acquire(deck, owned, {"Gek-A-Gek": 3, "Gentle": 5})
    assert [(r.name, r.to_acquire, r.available) for r in rows] == [
        ("Gek-A-Gek", 3, 1),
        ("Gentle", 1, 0),
    ]


def test_sideboard_can_be_left_out():
    deck = DeckList(main=[("Gek-A-Gek", 1)], sideboard=[("Slew", 2)])
    assert [r.name for r in to_acquire(deck, {"Gek-A-Gek": 1})] == ["Slew"]
    assert to_acquire(deck, {"Gek-A-Gek": 1}, include_sideboard=False) == []


def test_compare_lists_every_card_with_its_figures():
    deck = DeckList(main=[("Gek-A-Gek", 2), ("Slew", 1)])
    rows = compare_with_collection(deck, {"Gek-A-Gek": 9, "Slew": -4})
    assert [r.to_dict() for r in rows] == [
        {"name": "Gek-A-Gek", "needed": 2, "owned": 9, "used_elsewhere": 0, "to_acquire": 0},
        {"name": "Slew", "needed": 1, "owned": 0, "used_elsewhere": 0, "to_acquire": 1},
    ]
