"""Where decks come from, without Qt (:mod:`deckbuilder.services.deck_sources`): a deck
in memory, a saved deck or a deck file, made ready to play; editing a file in place."""

from __future__ import annotations

import pytest

from deckbuilder import formats
from deckbuilder.deck import edits
from deckbuilder.deck.decklist import DeckList
from deckbuilder.deck.resolve import UnknownCardsError
from deckbuilder.services.catalogue import load_catalogue
from deckbuilder.services.deck_sources import (
    DEMO,
    OPEN,
    SAVED,
    demo_deck_files,
    edit_deck_file,
    load_play_deck,
    play_deck_file,
    read_deck,
)
from deckbuilder.services.decks import save_deck


def test_every_kind_of_source_gives_the_same_records(userdb):
    path = demo_deck_files()[0]
    catalogue = load_catalogue(userdb)
    opened = read_deck(path, catalogue)
    save_deck(userdb, opened.deck)
    from_file = load_play_deck(DEMO, str(path), userdb)
    from_saved = load_play_deck(SAVED, opened.deck.name, userdb)
    in_memory = load_play_deck(OPEN, None, userdb, opened.deck, catalogue)
    assert from_file == from_saved == in_memory == play_deck_file(path, catalogue)
    assert len(from_file.records) == opened.deck.total()
    with pytest.raises(KeyError, match="no saved deck"):
        load_play_deck(SAVED, "No such deck", userdb)


def test_a_deck_file_without_cards_or_with_unknown_cards_is_refused(userdb, tmp_path):
    catalogue = load_catalogue(userdb)
    empty = tmp_path / "empty.txt"
    formats.write_file(DeckList(name="Empty", sideboard=[("Gentle", 1)]), empty)
    with pytest.raises(ValueError, match="empty.txt: the deck has no cards"):
        play_deck_file(empty, catalogue)
    unknown = tmp_path / "unknown.txt"
    formats.write_file(DeckList(main=[("No Such Card", 1)]), unknown)
    with pytest.raises(UnknownCardsError, match="No Such Card"):
        play_deck_file(unknown, catalogue)


def test_an_unnamed_deck_file_takes_the_file_name(userdb, tmp_path):
    path = tmp_path / "my_best-deck.json"
    formats.write_file(DeckList(main=[("Gentle", 1)]), path)
    assert read_deck(path, load_catalogue(userdb)).deck.name == "my best deck"


def test_edit_deck_file_writes_only_when_something_changes(tmp_path):
    path = tmp_path / "deck.cod"
    formats.write_file(DeckList(name="D", main=[("gentle", 1)]), path)
    original = path.read_bytes()
    assert edit_deck_file(path, lambda deck: edits.remove(deck, "Jude")) is None
    assert path.read_bytes() == original
    edit = edit_deck_file(path, lambda deck: edits.add_cards(deck, ["Gentle"], 2))
    assert edit.label == "Add 2 × Gentle"
    assert formats.read_file(path).main == [("gentle", 3)]  # the file's spelling is kept
