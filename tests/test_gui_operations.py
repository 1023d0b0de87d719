"""The GUI's one way to write (issue 9, sections 1 and 2): ``context.operations.run``
emits the signals a write's Changes call for, once, and puts undoable writes on the
history that Edit > Undo acts on, on every screen that writes."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QProgressDialog

from card_db.errors import UserError
from card_db.records import Condition
from card_db.userdb import UserDatabase
from deckbuilder.deck.decklist import DeckList
from deckbuilder.gui.collection.owned_model import QUANTITY
from deckbuilder.gui.operations import OperationCancelled
from deckbuilder.services import undo_history
from deckbuilder.services.catalogue import load_catalogue
from deckbuilder.services.changes import Changes, Reversal
from deckbuilder.services.collection import (
    CollectionRow,
    add_rows,
    owned_entries,
    set_wishlist,
    wishlist,
)
from deckbuilder.services.decks import list_decks, save_deck

SCREEN_KEYS = ("browser", "deck-editor", "collection", "card-editor")
GUI = Path(__file__).resolve().parents[1] / "deckbuilder" / "gui"


@pytest.fixture
def db(db):
    handle = UserDatabase(db)
    add_rows(handle, [CollectionRow("Gentle", 2, Condition.NEAR_MINT, "Binder 1")])
    save_deck(handle, DeckList(name="Reconciliation", main=[("Gentle", 2), ("Judith", 1)]))
    undo_history.forget(handle)  # the window opens with an empty history
    return db


class Recorder:
    """Every "changed" signal of a context, with its arguments, in order."""

    def __init__(self, context):
        self.seen: list[tuple] = []
        context.catalogue_changed.connect(lambda n, i: self.seen.append(("catalogue", n, i)))
        context.collection_changed.connect(lambda i: self.seen.append(("collection", i)))
        context.decks_changed.connect(lambda i: self.seen.append(("decks", i)))
        context.images_changed.connect(lambda n: self.seen.append(("images", n)))


def _quantity(db: Path, name: str) -> int:
    return sum(e.quantity for e in owned_entries(UserDatabase(db)) if e.name == name)


def _row(screen, name: str) -> int:
    return next(r for r in range(screen.model.rowCount()) if screen.model.entry(r).name == name)


# -- signals ----------------------------------------------------------------------------------


def test_a_write_emits_exactly_the_signals_its_changes_call_for(window):
    context = window.context
    recorder = Recorder(context)
    initiator = object()
    changes = Changes(label="All of it", decks=frozenset({"A", "B"}), collection=True,
                      wishlist=True, catalogue=frozenset({"Judith", "Gentle"}),
                      images=frozenset({"Gentle"}))
    results = []
    context.operations.run(lambda _db: changes, initiator=initiator, on_done=results.append)
    assert context.wait_idle()
    assert results == [changes]
    assert recorder.seen == [
        ("catalogue", ("Gentle", "Judith"), initiator),
        ("decks", initiator),
        ("collection", initiator),  # owned copies and wishlist: one signal
        ("images", "Gentle"),
    ]


def test_a_service_write_emits_only_its_own_signal_once(window, db):
    context = window.context
    recorder = Recorder(context)
    context.operations.run(set_wishlist, "Judith", 2, initiator="me")
    assert context.wait_idle()
    assert recorder.seen == [("collection", "me")]
    assert [(w.name, w.quantity) for w in wishlist(UserDatabase(db))] == [("Judith", 2)]


def test_an_import_of_the_whole_catalogue_says_any_card_changed(window):
    recorder = Recorder(window.context)
    window.context.operations.run(lambda _db: Changes(label="Import", catalogue=None))
    assert window.context.wait_idle()
    assert recorder.seen == [("catalogue", None, None)]


def test_a_failing_write_shows_the_error_and_pushes_nothing(window):
    context = window.context
    recorder = Recorder(context)
    history = context.operations.history("collection")

    def refuse(_db):
        raise UserError("quantity: expected a whole number 0..999")

    context.operations.run(refuse, error_title="The change was not saved")
    assert context.wait_idle()
    assert "expected a whole number" in context.last_error
    assert recorder.seen == [] and history.count() == 0


def test_a_write_that_returns_no_changes_is_reported_as_a_bug(window):
    window.context.operations.run(lambda _db: 42)
    assert window.context.wait_idle()
    assert "Changes" in window.context.last_error


def test_cancel_stops_a_write_with_progress_and_nothing_is_emitted(window):
    context = window.context
    recorder = Recorder(context)
    gate, failures = threading.Event(), []

    def long_write(_db, progress):
        for done in range(1, 1001):
            progress(done, 1000)
            if done == 10:
                gate.wait(5)
        return Changes(label="Long", collection=True)

    def failed(exc):
        failures.append(exc)

    operation = context.operations.run(long_write, label="Working on it", progress=True,
                                       cancellable=True, on_error=failed)
    dialog = window.findChild(QProgressDialog, "operationProgress")
    assert dialog is not None and dialog.labelText() == "Working on it"
    operation.cancel()
    gate.set()
    assert context.wait_idle()
    assert len(failures) == 1 and isinstance(failures[0], OperationCancelled)
    assert recorder.seen == [] and context.last_error is None


# -- undo on the collection screen -----------------------------------------------------------


def test_a_quantity_edit_is_undone_and_redone_from_the_edit_menu(window, db):
    screen = window.show_screen("collection")
    assert window.context.wait_idle()
    screen.model.setData(screen.model.index(_row(screen, "Gentle"), QUANTITY), 3)
    assert window.context.wait_idle()
    assert _quantity(db, "Gentle") == 3
    assert window.undo_action.isEnabled()
    assert window.undo_action.text() == "&Undo Set quantity of Gentle to 3"

    window.undo_action.trigger()
    assert window.context.wait_idle()
    assert _quantity(db, "Gentle") == 2
    assert screen.model.data(screen.model.index(_row(screen, "Gentle"), QUANTITY)) == 2
    assert window.redo_action.text() == "&Redo Set quantity of Gentle to 3"

    window.redo_action.trigger()
    assert window.context.wait_idle()
    assert _quantity(db, "Gentle") == 3
    assert screen.model.data(screen.model.index(_row(screen, "Gentle"), QUANTITY)) == 3


def test_undo_and_redo_queued_at_once_run_in_order(window, db):
    screen = window.show_screen("collection")
    assert window.context.wait_idle()
    screen.model.setData(screen.model.index(_row(screen, "Gentle"), QUANTITY), 7)
    assert window.context.wait_idle()
    window.undo_action.trigger()
    window.redo_action.trigger()  # before the undo has finished on the write thread
    window.undo_action.trigger()
    assert window.context.wait_idle()
    assert _quantity(db, "Gentle") == 2
    assert window.redo_action.isEnabled() and not window.undo_action.isEnabled()


def test_a_wishlist_tick_is_undoable_on_the_collection_screen(window, db):
    from PySide6.QtCore import Qt

    from deckbuilder.gui.collection.owned_model import WISHLIST

    screen = window.show_screen("collection")
    assert window.context.wait_idle()
    index = screen.model.index(_row(screen, "Gentle"), WISHLIST)
    screen.model.setData(index, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert window.context.wait_idle()
    assert [w.name for w in wishlist(UserDatabase(db))] == ["Gentle"]
    assert window.undo_action.text() == "&Undo Add Gentle to the wishlist"
    window.undo_action.trigger()
    assert window.context.wait_idle()
    assert wishlist(UserDatabase(db)) == []
    assert screen.wishlist_model.rowCount() == 0


def test_a_failed_undo_shows_the_error_and_leaves_the_stack_where_the_data_is(window):
    context = window.context
    history = context.operations.history("collection")
    window.show_screen("collection")

    def refuse(_db):
        raise UserError("Gentle is in use")

    context.operations.run(lambda _db: Changes(
        label="Something", collection=True, undo=Reversal("Something", refuse)))
    assert context.wait_idle() and history.index() == 1
    window.undo_action.trigger()
    assert context.wait_idle()
    assert "Gentle is in use" in context.last_error
    assert history.index() == 1 and history.count() == 1
    assert window.undo_action.text() == "&Undo Something"


def test_a_write_that_cannot_be_undone_clears_its_history_only(window, db):
    context = window.context
    screen = window.show_screen("collection")
    assert context.wait_idle()
    screen.model.setData(screen.model.index(_row(screen, "Gentle"), QUANTITY), 4)
    context.operations.run(lambda _db: Changes(label="Card", catalogue=frozenset({"Gentle"}),
                                               undo=Reversal("Card", lambda _d: Changes())))
    assert context.wait_idle()
    cards = context.operations.history("cards")
    assert context.operations.history("collection").count() == 1 and cards.count() == 1
    context.operations.run(lambda _db: Changes(label="Whole import", collection=True))
    assert context.wait_idle()
    assert context.operations.history("collection").count() == 0  # stale reversals dropped
    assert cards.count() == 1


# -- undo on the card editor and the deck editor ---------------------------------------------


def test_a_card_correction_is_undone_and_redone_from_the_edit_menu(window, db):
    editor = window.show_screen("card-editor")
    assert window.context.wait_idle()
    card = next(r for r in load_catalogue(UserDatabase(db)) if r.magic is not None)
    editor.select_card(card.name)
    new_magic = (card.magic + 1) % 10
    editor.form.editors["magic"].widget.setValue(new_magic)
    editor.save()
    assert window.context.wait_idle()
    assert load_catalogue(UserDatabase(db)).resolve(card.name).magic == new_magic
    assert window.undo_action.text() == f"&Undo Correct magic of {card.name}"

    window.undo_action.trigger()
    assert window.context.wait_idle()
    assert load_catalogue(UserDatabase(db)).resolve(card.name).magic == card.magic
    assert editor.form.record.magic == card.magic  # the screen reloaded

    window.redo_action.trigger()
    assert window.context.wait_idle()
    assert load_catalogue(UserDatabase(db)).resolve(card.name).magic == new_magic


def test_deleting_a_saved_deck_is_undoable(window, db):
    screen = window.show_screen("deck-editor")
    recorder = Recorder(window.context)
    screen.delete_saved("Reconciliation")
    assert window.context.wait_idle()
    assert [d.name for d in list_decks(UserDatabase(db))] == []
    assert recorder.seen == [("decks", screen)]
    assert window.undo_action.text() == "&Undo Delete deck Reconciliation"

    window.undo_action.trigger()
    assert window.context.wait_idle()
    assert [d.name for d in list_decks(UserDatabase(db))] == ["Reconciliation"]
    assert "Reconciliation" in screen.saved_names
    window.redo_action.trigger()
    assert window.context.wait_idle()
    assert [d.name for d in list_decks(UserDatabase(db))] == []


def test_the_deck_editor_gives_edit_undo_back_to_the_open_deck(window):
    screen = window.show_screen("deck-editor")
    decks = window.context.operations.history("decks")
    editor = screen.new_deck()
    assert screen.undo_stack() is editor.document.undo_stack
    screen.delete_saved("Reconciliation")
    assert window.context.wait_idle()
    assert screen.undo_stack() is decks and window.undo_group.activeStack() is decks
    editor.add_card("Gentle")
    assert window.undo_group.activeStack() is editor.document.undo_stack


# -- one way ----------------------------------------------------------------------------------

def _changed_signals() -> list[str]:
    """The names of the context's "changed" signals, read from its class (issue 25:
    a list written here missed ``shelf_changed`` and ``games_changed``)."""
    from PySide6.QtCore import Signal

    from deckbuilder.gui.context import AppContext

    return sorted(name for name, value in vars(AppContext).items()
                  if isinstance(value, Signal) and name.endswith("_changed"))


def _data_signals() -> re.Pattern[str]:
    names = "|".join(map(re.escape, _changed_signals()))
    return re.compile(rf"\b({names})\.emit\(")


def test_the_changed_signals_are_read_from_the_code():
    names = _changed_signals()
    assert {"catalogue_changed", "collection_changed", "decks_changed", "images_changed",
            "shelf_changed", "games_changed"} <= set(names)
    pattern = _data_signals()
    assert pattern.search("self.context.shelf_changed.emit(None)")
    assert pattern.search("context.games_changed.emit(self)")
    assert not pattern.search("self.status.emit('x')")


def test_no_screen_emits_a_changed_signal_or_writes_by_hand():
    DATA_SIGNALS = _data_signals()
    offenders = []
    for path in GUI.rglob("*.py"):
        if "operations" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), start=1):
            by_hand = DATA_SIGNALS.search(line) or (
                'pool="write"' in line and path.name != "app.py"  # app.py opens the database
            )
            if by_hand:
                offenders.append(f"{path.relative_to(GUI)}:{number}: {line.strip()}")
    assert offenders == [], "run writes through context.operations.run"
