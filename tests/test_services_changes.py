"""Write services report what they changed, and their undo (and its redo) really
restore the database (issue 9, sections 1 and 2). A real SQLite file each test."""

from __future__ import annotations

import pytest

import card_db.database
import card_db.userdb
from card_db.records import Condition
from card_db.userdb import UserDatabase
from deckbuilder.deck.decklist import DeckList
from deckbuilder.services.cards import add_card, correct_card_fields, parse_card_fields
from deckbuilder.services.changes import NO_CHANGES, Changes
from deckbuilder.services.collection import (
    CollectionRow,
    add_rows,
    owned_entries,
    remove_entry,
    set_wishlist,
    update_entry,
    wishlist,
)
from deckbuilder.services.decks import (
    DeckSaveError,
    UnknownDeckError,
    delete_deck,
    list_decks,
    load_deck,
    rename_deck,
    save_deck,
)

#: The collection, deck, card and undo services run on both engines (issue 15).
DB_ENGINES = ("sqlite", "postgresql")


def _entries(db: UserDatabase) -> list[tuple]:
    return [(e.entry_id, e.name, e.quantity, e.condition, e.location, e.notes, e.for_trade)
            for e in owned_entries(db)]


def _undo_then_redo(db: UserDatabase, changes: Changes, before, after, read):
    """Undo ``changes``: ``read(db) == before``; then redo: ``read(db) == after``.
    Returns the redo's Changes."""
    assert changes.undo is not None
    undone = changes.undo.run(db)
    assert read(db) == before
    assert undone.undo is not None
    redone = undone.undo.run(db)
    assert read(db) == after
    return redone


# -- the collection -------------------------------------------------------------------------


def test_set_quantity_reports_the_collection_and_undoes(userdb):
    add_rows(userdb, [CollectionRow("Gentle", 2)])
    before = _entries(userdb)
    outcome = update_entry(userdb, before[0][0], quantity=3)
    changes = outcome.changes
    assert changes.collection and not changes.wishlist and not changes.decks
    assert changes.catalogue == frozenset() and changes.label == "Set quantity of Gentle to 3"
    assert changes.undo.label == changes.label
    after = _entries(userdb)
    assert after[0][2] == 3
    _undo_then_redo(userdb, changes, before, after, _entries)


def test_condition_change_that_merges_entries_is_undone_with_both_entries(userdb):
    add_rows(userdb, [CollectionRow("Gentle", 2, Condition.MINT, notes="old"),
                      CollectionRow("Gentle", 3, Condition.NEAR_MINT)])
    before = _entries(userdb)
    mint = next(e for e in owned_entries(userdb) if e.condition is Condition.MINT)
    changes = update_entry(userdb, mint.entry_id, condition="nm").changes
    after = _entries(userdb)
    assert len(after) == 1 and after[0][2] == 5
    _undo_then_redo(userdb, changes, before, after, _entries)


@pytest.mark.parametrize(
    "edit, label",
    [
        ({"location": "Box 2"}, "Set location of Gentle to Box 2"),
        ({"notes": "signed"}, "Edit notes of Gentle"),
        ({"for_trade": 1}, "Set trade count of Gentle to 1"),
    ],
)
def test_other_entry_fields_undo(userdb, edit, label):
    add_rows(userdb, [CollectionRow("Gentle", 2)])
    before = _entries(userdb)
    changes = update_entry(userdb, before[0][0], **edit).changes
    assert changes.label == label
    after = _entries(userdb)
    assert after != before
    _undo_then_redo(userdb, changes, before, after, _entries)


def test_add_rows_and_remove_entry_undo(userdb):
    add_rows(userdb, [CollectionRow("Judith", 1)])
    before = _entries(userdb)
    added = add_rows(userdb, [CollectionRow("Gentle", 2), CollectionRow("Judith", 1)])
    assert added.value == 3 and added.changes.collection
    after = _entries(userdb)
    _undo_then_redo(userdb, added.changes, before, after, _entries)

    gentle = next(e for e in owned_entries(userdb) if e.name == "Gentle")
    removed = remove_entry(userdb, gentle.entry_id)
    assert removed.changed and removed.label == "Remove 2 × Gentle (Near Mint)"
    _undo_then_redo(userdb, removed, after, _entries(userdb), _entries)
    assert remove_entry(userdb, 10**6) == Changes(label="Remove an entry")


def test_wishlist_add_change_remove_undo(userdb):
    def wished(db):
        return [(w.name, w.quantity, w.notes) for w in wishlist(db)]

    added = set_wishlist(userdb, "Gentle", 2, "for Maestro").changes
    assert added.wishlist and not added.collection
    assert added.label == "Add Gentle to the wishlist"
    _undo_then_redo(userdb, added, [], [("Gentle", 2, "for Maestro")], wished)

    changed = set_wishlist(userdb, "Gentle", 4).changes
    _undo_then_redo(userdb, changed, [("Gentle", 2, "for Maestro")],
                    [("Gentle", 4, "for Maestro")], wished)

    removed = set_wishlist(userdb, "Gentle", 0)
    assert removed.value is None and removed.changes.label == "Take Gentle off the wishlist"
    _undo_then_redo(userdb, removed.changes, [("Gentle", 4, "for Maestro")], [], wished)
    assert not set_wishlist(userdb, "Gentle", 0).changes.changed


# -- cards -------------------------------------------------------------------------------------


def _card(db: UserDatabase, name: str):
    return UserDatabase(db.location).catalogue().resolve(name)  # read afresh from the file


def test_correction_reports_the_card_and_undoes_it(userdb):
    card = next(r for r in userdb.catalogue() if {"magic", "prime"} <= r.estimated)
    outcome = correct_card_fields(userdb, card.name, {"magic": "2", "prime": "9"}, "mine")
    assert outcome.changes.catalogue == frozenset({card.name})
    assert not outcome.changes.collection and outcome.changes.label.startswith("Correct ")
    after = _card(userdb, card.name)
    assert (after.magic, after.prime) == (2, 9)
    redone = _undo_then_redo(userdb, outcome.changes, card, after,
                             lambda db: _card(db, card.name))
    assert userdb.catalogue().resolve(card.name) == after  # the cache follows the writes
    with userdb.read() as conn:
        count = conn.execute("SELECT COUNT(*) FROM card_correction").fetchone()[0]
    assert count == 2  # the undo removed the first two, the redo stored two again
    redone.undo.run(userdb)
    assert userdb.catalogue().resolve(card.name) == card


def test_affiliation_correction_undo_restores_the_affiliations(userdb):
    card = userdb.catalogue().resolve("Gentle")
    changes = correct_card_fields(userdb, "Gentle", {"affiliations": "Maestro"}).changes
    assert _card(userdb, "Gentle").affiliations == ("Maestro",)
    changes.undo.run(userdb)
    assert _card(userdb, "Gentle") == card


def test_add_card_undo_removes_it_and_redo_adds_it(userdb):
    fields = {"name": "Undo Test Card", "type": "Character", "dominions": "2",
              "gender": "female", "magic": "3", "strength": "4", "prime": "5"}
    outcome = add_card(userdb, parse_card_fields(userdb, fields))
    assert outcome.changes.catalogue == frozenset({"Undo Test Card"})
    undone = outcome.changes.undo.run(userdb)
    assert "Undo Test Card" not in userdb.catalogue()
    assert "Undo Test Card" not in UserDatabase(userdb.location).catalogue()
    undone.undo.run(userdb)
    assert userdb.catalogue().resolve("Undo Test Card") == outcome.value


# -- saved decks -------------------------------------------------------------------------------


def _deck(name: str = "Test", main=(("Gentle", 1), ("Judith", 2))) -> DeckList:
    return DeckList(name=name, author="me", main=list(main), sideboard=[("Irish", 1)])


def _decks(db: UserDatabase) -> dict[str, DeckList]:
    return {d.name: load_deck(db, d.name) for d in list_decks(db)}


def test_save_deck_reports_the_deck_and_undo_deletes_a_new_one(userdb):
    changes = save_deck(userdb, _deck())
    assert changes.decks == frozenset({"Test"}) and changes.label == "Save deck Test"
    _undo_then_redo(userdb, changes, {}, {"Test": _deck()}, _decks)


def test_saving_over_a_deck_is_undone_to_the_old_list(userdb):
    save_deck(userdb, _deck())
    changes = save_deck(userdb, _deck(main=[("Gentle", 3)]))
    _undo_then_redo(userdb, changes, {"Test": _deck()},
                    {"Test": _deck(main=[("Gentle", 3)])}, _decks)


def test_delete_deck_undo_saves_it_again_with_its_dates(userdb):
    save_deck(userdb, _deck())
    (saved,) = list_decks(userdb)
    changes = delete_deck(userdb, "Test")
    assert changes.decks == frozenset({"Test"}) and changes.label == "Delete deck Test"
    assert list_decks(userdb) == []
    changes.undo.run(userdb)
    assert list_decks(userdb) == [saved]
    assert load_deck(userdb, "Test") == _deck()


def test_rename_is_one_transaction_and_undoable(userdb):
    save_deck(userdb, _deck("Old"))
    save_deck(userdb, _deck("Other", main=[("Gentle", 2)]))
    before = _decks(userdb)
    with pytest.raises(DeckSaveError, match="already called 'Other'"):
        rename_deck(userdb, "Old", "Other")
    assert _decks(userdb) == before
    with pytest.raises(UnknownDeckError, match="saved: Old, Other"):
        rename_deck(userdb, "Missing", "New")

    changes = rename_deck(userdb, "Old", "New")
    assert changes.decks == frozenset({"Old", "New"})
    after = _decks(userdb)
    assert set(after) == {"New", "Other"} and after["New"].main == before["Old"].main
    _undo_then_redo(userdb, changes, before, after, _decks)


def test_save_under_a_new_name_replaces_the_old_in_one_transaction(userdb):
    save_deck(userdb, _deck("Old"))
    before = _decks(userdb)
    with pytest.raises(LookupError):  # an unknown card: nothing is written, the old stays
        save_deck(userdb, _deck("New", main=[("Gentel", 1)]), replaces="Old")
    assert _decks(userdb) == before
    changes = save_deck(userdb, _deck("New"), replaces="Old")
    assert changes.decks == frozenset({"Old", "New"})
    after = _decks(userdb)
    assert set(after) == {"New"}
    _undo_then_redo(userdb, changes, before, after, _decks)


def test_unknown_saved_deck_names_the_saved_decks(userdb):
    save_deck(userdb, _deck("Alpha"))
    with pytest.raises(UnknownDeckError) as info:
        load_deck(userdb, "Beta")
    assert str(info.value) == "no saved deck called 'Beta' (saved: Alpha)"
    assert info.value.suggestions == ("Alpha",)


# -- Changes values ----------------------------------------------------------------------------


def test_merge_unites_what_changed_and_undoes_both_in_reverse(userdb):
    add_rows(userdb, [CollectionRow("Gentle", 2)])
    before = _entries(userdb)
    (entry,) = owned_entries(userdb)
    first = update_entry(userdb, entry.entry_id, quantity=5).changes
    second = set_wishlist(userdb, "Judith", 1).changes
    merged = first.merge(second, "Two edits")
    assert merged.collection and merged.wishlist and merged.label == "Two edits"
    assert NO_CHANGES.merge(first).collection and not NO_CHANGES.changed
    assert Changes(catalogue=None).merge(Changes(catalogue=frozenset({"Gentle"}))).catalogue is None
    undone = merged.undo.run(userdb)
    assert _entries(userdb) == before and wishlist(userdb) == []
    undone.undo.run(userdb)
    assert owned_entries(userdb)[0].quantity == 5 and len(wishlist(userdb)) == 1
    assert Changes(collection=True).merge(first).undo is None  # one side cannot be undone


# -- the handle ----------------------------------------------------------------------------------


def test_the_handle_checks_the_migration_version_once(db, monkeypatch):
    calls = []
    real = card_db.database.current_revision

    def counting(path):
        calls.append(path)
        return real(path)

    monkeypatch.setattr(card_db.userdb, "current_revision", counting)
    monkeypatch.setattr(card_db.database, "current_revision", counting)
    handle = UserDatabase.open(db)
    assert len(calls) == 1
    add_rows(handle, [CollectionRow("Gentle", 2)])
    (entry,) = owned_entries(handle)
    update_entry(handle, entry.entry_id, quantity=3)
    set_wishlist(handle, "Judith", 1)
    save_deck(handle, _deck())
    load_deck(handle, "Test")
    assert len(calls) == 1
    handle.close()


def test_the_catalogue_is_loaded_once_until_cards_change(userdb):
    first = userdb.catalogue()
    add_rows(userdb, [CollectionRow("Gentle", 2)])
    save_deck(userdb, _deck())
    assert userdb.catalogue() is first
    card = next(r for r in first if "magic" in r.estimated)
    correct_card_fields(userdb, card.name, {"magic": "1"})
    assert userdb.catalogue() is not first
    assert userdb.catalogue().resolve(card.name).magic == 1


# -- the CLI ---------------------------------------------------------------------------------------


def test_cli_db_option_reaches_the_commands_without_the_environment(tmp_path, monkeypatch):
    import os

    from click.testing import CliRunner

    from deckbuilder.cli.main import cli
    from deckbuilder.services.collection import owned_counts

    other = tmp_path / "other.sqlite3"
    result = CliRunner().invoke(cli, ["--db", str(other), "collection", "add", "Gentle"])
    assert result.exit_code == 0, result.output
    assert os.environ["DECKBUILDER_DB"] == str(tmp_path / "user.sqlite3")
    assert owned_counts(UserDatabase(other)) == {"Gentle": 1}
    assert not (tmp_path / "user.sqlite3").exists()  # the default database was never opened
    monkeypatch.setenv("DECKBUILDER_DB", str(other))
    shown = CliRunner().invoke(cli, ["collection", "missing"])
    assert shown.exit_code == 0 and "Gentle\n" not in shown.output
