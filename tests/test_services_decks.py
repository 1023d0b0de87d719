"""Saved decks: save, reopen, replace, list and delete (tables ``deck``, ``deck_entry``)."""

from __future__ import annotations

import warnings

import pytest

from card_db.catalogue import UnknownCardError
from deckbuilder.deck.decklist import DeckList
from deckbuilder.services.decks import delete_deck, list_decks, load_deck, save_deck

#: The collection, deck, card and undo services run on both engines (issue 15).
DB_ENGINES = ("sqlite", "postgresql")


def _deck(**changes) -> DeckList:
    fields = dict(
        name="Test",
        author="me",
        notes="n",
        main=[("Gentle", 1), ("Judith", 2)],
        sideboard=[("Irish", 1)],
    )
    fields.update(changes)
    return DeckList(**fields)


def test_save_and_reopen_round_trips(userdb):
    save_deck(userdb, _deck())
    assert load_deck(userdb, "Test") == _deck()
    assert [(d.name, d.card_count) for d in list_decks(userdb)] == [("Test", 3)]


def test_saving_again_replaces_the_list(userdb):
    save_deck(userdb, _deck())
    save_deck(userdb, _deck(main=[("Gentle", 3)]))
    assert load_deck(userdb, "Test").main == [("Gentle", 3)]
    assert len(list_decks(userdb)) == 1


def test_unknown_card_saves_nothing(userdb):
    with pytest.raises(UnknownCardError):
        save_deck(userdb, _deck(main=[("Gentel", 1)]))
    assert list_decks(userdb) == []


def test_delete_removes_deck_and_entries_without_warnings(userdb):
    save_deck(userdb, _deck())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert delete_deck(userdb, "Test").changed is True
    assert delete_deck(userdb, "Test").changed is False
    with userdb.read() as conn:
        assert conn.execute("SELECT COUNT(*) FROM deck_entry").fetchone() == (0,)
    with pytest.raises(KeyError, match="no saved deck"):
        load_deck(userdb, "Test")
