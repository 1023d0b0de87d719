"""Issue 10, section 2: saving never destroys a deck file's content without consent,
the demo decks open as copies, and the typed extension of an export wins."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtWidgets import QMessageBox

from card_db.userdb import UserDatabase
from deckbuilder import formats
from deckbuilder.gui.deck_editor import files
from deckbuilder.services import deck_sources
from deckbuilder.services.deck_sources import (
    ContentWouldBeLostError,
    DemoDeckWriteError,
    content_lost_by_writing,
    save_deck_everywhere,
)
from deckbuilder.services.decks import list_decks

DEMO = deck_sources.demo_deck_files()[0]  # has comments and a description


@pytest.fixture
def editor_screen(window):
    return window.show_screen("deck-editor")


def _click(box: QMessageBox, text: str) -> None:
    button = next(b for b in box.buttons() if b.text() == text)
    button.click()


def test_a_demo_deck_opens_as_a_copy_and_save_leaves_it_alone(window, editor_screen, db):
    before = DEMO.read_bytes()
    editor_screen.open_file(DEMO)
    assert window.context.wait_idle()
    document = editor_screen.current_document()
    assert document.file_path is None and document.copy_of == DEMO
    assert not editor_screen.is_unsaved(document)  # nothing to ask about on close
    document.add(document.deck.main[0].name)
    window.save_action.trigger()
    assert window.context.wait_idle()
    assert DEMO.read_bytes() == before
    assert document.deck.name in [d.name for d in list_decks(UserDatabase(db))]
    assert editor_screen.overwrite_box is None


def test_the_service_refuses_to_write_a_demo_deck(userdb):
    deck = formats.read_file(DEMO)
    with pytest.raises(DemoDeckWriteError):
        save_deck_everywhere(deck, userdb, userdb.catalogue(), file_path=DEMO)
    assert list_decks(userdb) == []


def test_a_file_with_comments_is_not_replaced_without_consent(userdb, tmp_path):
    path = tmp_path / "mine.txt"
    shutil.copy(DEMO, path)
    assert content_lost_by_writing(path)
    deck = formats.read_file(path)
    with pytest.raises(ContentWouldBeLostError):
        save_deck_everywhere(deck, userdb, userdb.catalogue(), file_path=path)
    assert path.read_bytes() == DEMO.read_bytes() and list_decks(userdb) == []
    save_deck_everywhere(deck, userdb, userdb.catalogue(), file_path=path, overwrite=True)
    assert not content_lost_by_writing(path)  # what the app writes, it reads back whole
    assert formats.read_file(path).merged().main == deck.merged().main


def _open_own_copy(window, editor_screen, tmp_path):
    path = tmp_path / "mine.txt"
    shutil.copy(DEMO, path)
    editor_screen.open_file(path)
    assert window.context.wait_idle()
    document = editor_screen.current_document()
    assert document.file_path == path
    document.add(document.deck.main[0].name)
    window.save_action.trigger()
    assert window.context.wait_idle()
    return path, document


def test_saving_over_comments_asks_and_declining_leaves_the_file(window, editor_screen,
                                                                 tmp_path, db):
    path, document = _open_own_copy(window, editor_screen, tmp_path)
    box = editor_screen.overwrite_box
    assert box is not None and box.isVisible()
    assert path.name in box.text()
    _click(box, "Cancel")
    assert window.context.wait_idle()
    assert path.read_bytes() == DEMO.read_bytes()
    assert list_decks(UserDatabase(db)) == [] and document.dirty

    window.save_action.trigger()
    assert window.context.wait_idle()
    _click(editor_screen.overwrite_box, "Save in My Decks Only")
    assert window.context.wait_idle()
    assert path.read_bytes() == DEMO.read_bytes()
    assert [d.name for d in list_decks(UserDatabase(db))] == [document.deck.name]
    assert document.file_path is None and not document.dirty


def test_saving_over_comments_with_consent_replaces_the_file(window, editor_screen, tmp_path):
    path, document = _open_own_copy(window, editor_screen, tmp_path)
    _click(editor_screen.overwrite_box, "Replace the File")
    assert window.context.wait_idle()
    name = document.deck.main[0].name
    assert formats.read_file(path).count_of(name) == document.count_of(name)
    assert document.file_path == path and not document.dirty
    # the file now holds what the format keeps: the next save asks nothing
    document.add(name)
    window.save_action.trigger()
    assert window.context.wait_idle()
    assert editor_screen.overwrite_box is None
    assert formats.read_file(path).count_of(name) == document.count_of(name)


@pytest.mark.parametrize(("typed", "written"), [
    ("deck.cod", "deck.cod"), ("deck.o8d", "deck.o8d"), ("deck", "deck.txt"),
    ("deck.v2", "deck.v2.txt"),
])
def test_the_typed_extension_wins_over_the_selected_filter(typed, written, tmp_path):
    target, deck_format = files.target_and_format(tmp_path / typed, formats.get("text"))
    assert target == tmp_path / written
    assert deck_format == formats.by_extension(target)


def test_export_with_the_text_filter_keeps_a_typed_cod(window, editor_screen, tmp_path):
    editor_screen.open_file(DEMO)
    assert window.context.wait_idle()
    editor_screen.export(tmp_path / "name.cod", formats.get("text"))
    assert window.context.wait_idle()
    assert not (tmp_path / "name.cod.txt").exists()
    deck = formats.read_file(tmp_path / "name.cod")  # a Cockatrice deck, by content too
    assert deck.merged().main == editor_screen.current_document().deck.merged().main
    assert (tmp_path / "name.cod").read_text().lstrip().startswith("<?xml")
