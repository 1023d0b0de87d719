"""Desktop defects a new user found (issue 10, section 2): workers start after the
SQLAlchemy warm-up, and "What I still need" leaves out the deck's own saved copy."""

from __future__ import annotations

import shutil
import threading

from card_db.userdb import UserDatabase
from deckbuilder.deck.decklist import DeckList
from deckbuilder.gui import app
from deckbuilder.gui.main_window import MainWindow
from deckbuilder.services import deck_sources
from deckbuilder.services.decks import save_deck


def test_screens_start_their_workers_only_after_the_warm_up(qtbot, db, monkeypatch):
    gate = threading.Event()
    order: list[str] = []
    windows: list[MainWindow] = []

    def slow_warm_up() -> None:
        gate.wait(10)
        order.append("warm-up")

    class FakeApplication:
        def exec(self) -> int:
            qtbot.wait(300)  # the event loop turns while the warm-up is still running
            gate.set()
            qtbot.waitUntil(lambda: "start" in order, timeout=10_000)
            return 0

    def create(db_handle):
        window = real_create(db_handle)
        windows.append(window)
        qtbot.addWidget(window)
        return window

    real_create = app.create_main_window
    monkeypatch.setattr(app, "_warm_up", slow_warm_up)
    monkeypatch.setattr(MainWindow, "start", lambda self: order.append("start"))
    monkeypatch.setattr(app, "qapplication", FakeApplication)
    monkeypatch.setattr(app, "configure_application", lambda _app: None)
    monkeypatch.setattr(app, "create_main_window", create)
    assert app.run(db_path=db) == 0
    assert order == ["warm-up", "start"]
    windows[0].close()


def test_what_i_still_need_leaves_out_the_decks_own_saved_copy(window, db, tmp_path):
    deck_file = tmp_path / "maestros.txt"
    shutil.copy(deck_sources.demo_deck_files()[0], deck_file)  # "# name: Maestro Reconciliation"
    screen = window.show_screen("deck-editor")
    screen.open_file(deck_file)
    assert window.context.wait_idle()
    editor = screen.current_editor()
    deck = editor.document.deck
    assert editor.document.saved_name is None and deck.name == "Maestro Reconciliation"
    save_deck(UserDatabase(db), DeckList(name=deck.name, main=list(deck.main)))
    window.context.decks_changed.emit(None)
    editor.side_tabs.setCurrentWidget(editor.needs)
    assert window.context.wait_idle()
    rows = editor.needs.model.rows
    assert rows and all(n.used_elsewhere == 0 for n in rows)
    assert sum(n.to_acquire for n in rows) == 60  # owns nothing; its own copy is not a loss


def test_collection_wording_agrees_with_the_counts(window, db, tmp_path):
    from deckbuilder.services.collection import CollectionRow, add_rows

    add_rows(UserDatabase(db), [CollectionRow("Gentle", 1)])
    window.context.collection_changed.emit(None)
    screen = window.show_screen("collection")
    assert window.context.wait_idle()
    assert screen.summary.text().startswith("1 copy of 1 different card ·")
    bad = tmp_path / "bad.csv"
    bad.write_text("name,quantity,condition,location\nGentel,1,,\n", encoding="utf-8")
    dialog = screen.import_csv(str(bad))
    assert window.context.wait_idle()
    assert dialog.summary.text().startswith("1 problem found")
    dialog.close()
