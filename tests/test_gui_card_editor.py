"""The card editor (issue "The desktop app", section 4): corrections clear the
estimated mark, new cards, scans attached by file or drop."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from card_db.records import CardType
from card_db.userdb import UserDatabase
from deckbuilder.gui.card_editor.form import NEW
from deckbuilder.services.catalogue import load_catalogue
from deckbuilder.services.images import scan_path

SCREEN_KEYS = ("browser", "collection", "card-editor")


@pytest.fixture
def editor(window):
    return window.show_screen("card-editor")


def _estimated_magic_card(db: Path):
    catalogue = load_catalogue(UserDatabase(db))
    return next(r for r in catalogue if "magic" in r.estimated and r.magic is not None)


def test_estimated_fields_are_marked(editor, db):
    card = _estimated_magic_card(db)
    assert editor.select_card(card.name)
    assert editor.form.is_marked("magic")
    assert "*" in editor.form.labels["magic"].text()
    assert editor.form.confirm_boxes["magic"].isVisibleTo(editor.form)
    unmarked = next(f for f in ("strength", "prime", "name") if f not in card.estimated)
    assert not editor.form.is_marked(unmarked)
    assert not editor.save_button.isEnabled()


def test_a_correction_clears_the_estimated_mark(qtbot, window, editor, db):
    card = _estimated_magic_card(db)
    editor.select_card(card.name)
    new_magic = (card.magic + 1) % 10
    editor.form.editors["magic"].widget.setValue(new_magic)
    assert editor.form.corrections() == {"magic": str(new_magic)}
    assert editor.save_button.isEnabled() and window.save_action.isEnabled()
    editor.note.setText("from my card")
    window.save_action.trigger()  # File > Save
    assert editor.context.wait_idle()
    corrected = load_catalogue(UserDatabase(db)).resolve(card.name)
    assert corrected.magic == new_magic and "magic" not in corrected.estimated
    assert not editor.form.is_marked("magic")
    assert "*" not in editor.form.labels["magic"].text()
    assert not editor.save_button.isEnabled()
    browser = window.screen("browser")
    qtbot.waitUntil(lambda: not browser.search.pending, timeout=3000)
    assert editor.context.wait_idle()
    browser.select_card(card.name)
    assert browser.detail.value_labels["Magic"].property("estimated") is False


def test_confirming_an_unchanged_value_clears_its_mark(editor, db):
    card = _estimated_magic_card(db)
    editor.select_card(card.name)
    editor.form.confirm_boxes["magic"].setChecked(True)
    assert editor.form.corrections() == {"magic": str(card.magic)}
    editor.save()
    assert editor.context.wait_idle()
    corrected = load_catalogue(UserDatabase(db)).resolve(card.name)
    assert corrected.magic == card.magic and "magic" not in corrected.estimated


def test_a_bad_correction_is_refused_and_nothing_changes(editor, db):
    card = next(r for r in load_catalogue(UserDatabase(db)) if r.card_type is CardType.SITE)
    editor.select_card(card.name)
    editor.form.editors["dominions"].widget.setText("1|3")
    editor.form.editors["dominions"].changed.emit()
    editor.save()
    assert editor.context.wait_idle()
    assert load_catalogue(UserDatabase(db)).resolve(card.name) == card
    assert editor.form.error.isVisibleTo(editor.form)
    assert "dominions" in editor.form.error.text() and "adjacent" in editor.form.error.text()


def _fill_new_card(editor, **values):
    for name, text in values.items():
        editor.form.editors[name].set_text(text)


def test_adding_a_new_card(editor, db):
    editor.new_button.click()
    assert editor.form.mode == NEW and editor.save_button.text() == "Add card"
    _fill_new_card(editor, name="Quaisoir's Lantern", card_type="Site", dominions="2",
                   resistance="7", rarity="rare")
    editor.save()
    assert editor.context.wait_idle()
    added = load_catalogue(UserDatabase(db)).resolve("Quaisoir's Lantern")
    assert added.card_type is CardType.SITE and added.dominions == (2,)
    assert added.resistance == 7 and added.source.startswith("user")
    assert editor.form.record.name == "Quaisoir's Lantern"
    assert "Quaisoir's Lantern" in editor.names.stringList()


def test_a_bad_new_card_names_the_field(editor, db):
    before = len(load_catalogue(UserDatabase(db)))
    editor.new_button.click()
    _fill_new_card(editor, name="Nowhere Site", card_type="Site")
    editor.save()
    assert editor.context.wait_idle()
    assert len(load_catalogue(UserDatabase(db))) == before
    assert "dominions" in editor.form.error.text()


def _scan(tmp_path: Path) -> Path:
    file = tmp_path / "scan.png"
    Image.new("RGB", (630, 880), (200, 40, 40)).save(file)
    return file


def test_attaching_a_scan_from_a_file(editor, db, tmp_path):
    editor.select_card("Gentle")
    editor.attach_scan(_scan(tmp_path))
    assert editor.context.wait_idle()
    assert scan_path(UserDatabase(db), "Gentle") is not None
    assert "attached" in editor.scan_status.text()


def test_dropping_a_scan_attaches_it(qtbot, editor, db, tmp_path):
    editor.select_card("Judith")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(_scan(tmp_path)))])
    drop = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                      Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    with qtbot.waitSignal(editor.scan.file_dropped):
        editor.scan.dropEvent(drop)
    assert editor.context.wait_idle()
    assert scan_path(UserDatabase(db), "Judith") is not None


def test_a_bad_scan_is_reported_clearly(editor, db, tmp_path):
    bad = tmp_path / "not-an-image.jpg"
    bad.write_bytes(b"this is not a picture")
    editor.select_card("Gentle")
    editor.attach_scan(bad)
    assert editor.context.wait_idle()
    assert scan_path(UserDatabase(db), "Gentle") is None
    assert "not-an-image.jpg" in editor.context.last_error
    assert editor.scan_status.text().startswith("Not attached:")
