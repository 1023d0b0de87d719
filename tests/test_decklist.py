"""The deck list model: entries, counts, editing, expansion and name resolution."""

from __future__ import annotations

import pytest

from card_db.catalogue import Catalogue, UnknownCardError
from card_db.records import CardRecord, CardType
from deckbuilder.deck.decklist import MAX_COUNT, MAX_TOTAL_CARDS, DeckEntry, DeckList
from deckbuilder.deck.resolve import UnknownCardsError, resolve_deck

CATALOGUE = Catalogue(
    [
        CardRecord("Gek-A-Gek", CardType.CHARACTER, dominions=(3,), prime=4, magic=2, strength=8),
        CardRecord("The Erasure", CardType.SITE, dominions=(1, 2), unique=True, resistance=6),
        CardRecord("Amnesia", CardType.FLASH, permanent=True),
    ]
)


def test_entries_are_name_count_tuples_in_order():
    deck = DeckList(name=" Tour ", main=[("Gek-A-Gek", 3), ("The Erasure", 1)])
    assert deck.name == "Tour"
    assert deck.main == [DeckEntry("Gek-A-Gek", 3), DeckEntry("The Erasure", 1)]
    assert [name for name, _ in deck] == ["Gek-A-Gek", "The Erasure"]
    assert deck.total() == 4 and deck.total("side") == 0


def test_counts_merge_spellings_of_one_card():
    deck = DeckList(main=[("Gek-A-Gek", 3), ("The Erasure", 1), ("gek-a-gek", 2)])
    assert deck.counts() == {"Gek-A-Gek": 5, "The Erasure": 1}
    assert deck.count_of("GEK-A-GEK") == 5
    assert deck.merged().main == [DeckEntry("Gek-A-Gek", 5), DeckEntry("The Erasure", 1)]


def test_add_and_remove():
    deck = DeckList()
    deck.add("Gek-A-Gek", 2)
    deck.add("gek-a-gek")
    deck.add("Amnesia", 1, zone="side")
    assert deck.main == [DeckEntry("Gek-A-Gek", 3)]
    assert deck.sideboard == [DeckEntry("Amnesia", 1)]
    assert deck.remove("Gek-A-Gek", 2) == 2
    assert deck.main == [DeckEntry("Gek-A-Gek", 1)]
    assert deck.remove("Gek-A-Gek", 5) == 1
    assert deck.main == []
    assert deck.remove("Amnesia") == 0
    deck.set_count("Amnesia", 4, zone="side")
    assert deck.count_of("Amnesia", "side") == 4
    deck.set_count("Amnesia", 0, zone="side")
    assert deck.sideboard == []


def test_remove_spans_several_entries_of_the_same_card():
    deck = DeckList(main=[("Gek-A-Gek", 2), ("Amnesia", 1), ("Gek-A-Gek", 2)])
    assert deck.remove("Gek-A-Gek", 3) == 3
    assert deck.count_of("Gek-A-Gek") == 1 and deck.count_of("Amnesia") == 1


@pytest.mark.parametrize("count", [0, -1, MAX_COUNT + 1, 10**9, 2.0, True, "3"])
def test_bad_counts_are_refused(count):
    with pytest.raises(ValueError):
        DeckList(main=[("Gek-A-Gek", count)])


@pytest.mark.parametrize("name", ["", "   ", "Gek\nA", "Tab\x01", "x" * 201, "Sep\u2028arator"])
def test_bad_card_names_are_refused(name):
    with pytest.raises(ValueError):
        DeckList(main=[(name, 1)])


def test_add_beyond_the_count_limit_is_refused():
    deck = DeckList(main=[("Gek-A-Gek", MAX_COUNT)])
    with pytest.raises(ValueError):
        deck.add("Gek-A-Gek")
    assert deck.count_of("Gek-A-Gek") == MAX_COUNT


def test_total_card_limit():
    entries = [(f"Card {i}", MAX_COUNT) for i in range(MAX_TOTAL_CARDS // MAX_COUNT + 1)]
    with pytest.raises(ValueError, match="more than"):
        DeckList(main=entries)


def test_notes_are_normalised():
    deck = DeckList(notes="\r\nfirst  \r\n\tsecond\rthird\n\n")
    assert deck.notes == "first\n\tsecond\nthird"
    with pytest.raises(ValueError):
        DeckList(notes="bell\x07")


def test_lines_are_not_part_of_equality():
    assert DeckList(main=[("A", 1)], lines={"A": 3}) == DeckList(main=[("A", 1)])


def test_expand_gives_one_record_per_copy():
    deck = DeckList(main=[("Gek-A-Gek", 3), ("the erasure", 1)], sideboard=[("Amnesia", 2)])
    cards = deck.expand(CATALOGUE)
    assert [c.name for c in cards] == ["Gek-A-Gek"] * 3 + ["The Erasure"]
    assert [c.name for c in deck.expand(CATALOGUE, "side")] == ["Amnesia", "Amnesia"]
    with pytest.raises(UnknownCardError):
        DeckList(main=[("Nobody", 1)]).expand(CATALOGUE)
    with pytest.raises(ValueError):
        deck.expand(CATALOGUE, "graveyard")


def test_resolve_uses_catalogue_spelling_and_merges():
    deck = DeckList(
        name="Tour",
        main=[("gek-a-gek", 2), ("GEK-A-GEK", 1), ("the  erasure", 1)],
        sideboard=[("amnesia", 1)],
        lines={"gek-a-gek": 4, "GEK-A-GEK": 5, "the  erasure": 6, "amnesia": 9},
    )
    resolved = resolve_deck(deck, CATALOGUE)
    assert resolved.name == "Tour"
    assert resolved.main == [DeckEntry("Gek-A-Gek", 3), DeckEntry("The Erasure", 1)]
    assert resolved.sideboard == [DeckEntry("Amnesia", 1)]
    assert resolved.lines == {"Gek-A-Gek": 4, "The Erasure": 6, "Amnesia": 9}


def test_resolve_reports_every_unknown_name_with_line_and_suggestions():
    deck = DeckList(
        main=[("Gek-A-Geek", 2), ("Amnesia", 1), ("Zzqx", 1)],
        sideboard=[("The Erasur", 1)],
        lines={"Gek-A-Geek": 3, "Zzqx": 5, "The Erasur": 8},
    )
    with pytest.raises(UnknownCardsError) as info:
        resolve_deck(deck, CATALOGUE, path="deck.txt")
    unknown = info.value.unknown
    assert [(u.line, u.name) for u in unknown] == [
        (3, "Gek-A-Geek"), (5, "Zzqx"), (8, "The Erasur"),
    ]
    assert unknown[0].suggestions[0] == "Gek-A-Gek"
    assert unknown[1].suggestions == ()
    assert unknown[2].suggestions[0] == "The Erasure"
    message = str(info.value)
    assert "deck.txt:3: unknown card 'Gek-A-Geek'; did you mean 'Gek-A-Gek'" in message
    assert len(message.splitlines()) == 3
