"""Issue 10, section 2: the card editor's message for a bad new card is in view, and
an attached scan can be removed (and the removal undone)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from card_db.userdb import UserDatabase
from deckbuilder.services.images import attach_scan, remove_scans, scan_path

SCREEN_KEYS = ("browser", "card-editor")


@pytest.fixture
def editor(window):
    return window.show_screen("card-editor")


def _scan(tmp_path: Path) -> Path:
    file = tmp_path / "scan.png"
    Image.new("RGB", (630, 880), (200, 40, 40)).save(file)
    return file


def test_the_error_of_a_bad_new_card_is_in_view(qtbot, window, editor):
    window.resize(1100, 560)
    editor.new_button.click()
    editor.form.editors["name"].set_text("Nowhere Site")
    editor.form.editors["card_type"].set_text("Site")
    editor.save()
    assert editor.context.wait_idle()
    error = editor.form.error
    assert "dominions" in error.text()
    qtbot.waitUntil(lambda: error.isVisible() and not error.visibleRegion().isEmpty())
    field = editor.form.editors["dominions"].widget
    qtbot.waitUntil(lambda: not field.visibleRegion().isEmpty())


def test_the_remove_scan_service_is_undoable(userdb, tmp_path):
    attach_scan(userdb, "Gentle", _scan(tmp_path))
    changes = remove_scans(userdb, "Gentle")
    assert changes.images == {"Gentle"} and scan_path(userdb, "Gentle") is None
    redo = changes.undo.run(userdb)
    assert scan_path(userdb, "Gentle") is not None and redo.images == {"Gentle"}
    redo.undo.run(userdb)
    assert scan_path(userdb, "Gentle") is None
    assert not remove_scans(userdb, "Gentle").changed  # nothing left to remove


def test_remove_scan_in_the_card_editor_and_undo_it(qtbot, window, editor, db, tmp_path):
    editor.select_card("Gentle")
    assert editor.context.wait_idle()
    assert not editor.remove_scan_button.isEnabled()  # no scan yet
    editor.attach_scan(_scan(tmp_path))
    assert editor.context.wait_idle()
    qtbot.waitUntil(editor.remove_scan_button.isEnabled)
    editor.remove_scan_button.click()
    assert editor.context.wait_idle()
    assert scan_path(UserDatabase(db), "Gentle") is None
    assert "removed" in editor.scan_status.text()
    qtbot.waitUntil(lambda: not editor.remove_scan_button.isEnabled())
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert editor.context.wait_idle()
    assert scan_path(UserDatabase(db), "Gentle") is not None
    qtbot.waitUntil(editor.remove_scan_button.isEnabled)
    editor.new_button.click()  # a new card has no scan to remove
    assert not editor.remove_scan_button.isEnabled()
