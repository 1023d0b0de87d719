"""The Shelf screen (issue 14): games with copies and completeness, the parts list,
counts typed from the keyboard and saved as they go, and Edit > Undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from card_db.games import bundled_games
from card_db.userdb import UserDatabase
from deckbuilder.gui.shelf.parts import DAMAGED, FOUND, LIMIT, MISSING, NAME
from deckbuilder.services.shelf import add_copy, pick_copy, set_counts
from deckbuilder.shelf.inventory import complete_counts

SCREEN_KEYS = ("shelf",)


@pytest.fixture
def db(db):
    handle = UserDatabase(db)
    copy_id = add_copy(handle, "Mystic War", location="attic").value
    counts = complete_counts(next(g for g in bundled_games() if g.name == "Mystic War"))
    counts["Judgment"] -= 1
    counts["Resource disk (red)"] -= 2
    set_counts(handle, "Mystic War", copy_id, counts)
    handle.close()
    return db


@pytest.fixture
def screen(window):
    screen = window.show_screen("shelf")
    assert window.context.wait_idle()
    return screen


def _row(screen, name: str) -> int:
    for row in range(screen.parts.rowCount()):
        if screen.parts.item(row, NAME).text() == name:
            return row
    raise AssertionError(f"{name} not shown")


def _wait(qtbot, screen, check):
    qtbot.waitUntil(lambda: screen.context.wait_idle(0.05) and check(), timeout=5000)


def test_games_with_copies_and_completeness(screen):
    tree = screen.tree
    names = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    assert names == sorted(g.name for g in bundled_games())
    mystic = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
                  if tree.topLevelItem(i).text(0) == "Mystic War")
    assert mystic.childCount() == 1
    assert mystic.child(0).text(0) == "Copy 1 (attic)"
    assert mystic.child(0).text(1) == "3 missing · playable"


def test_copy_shows_exactly_what_is_missing(screen):
    screen.select("Mystic War", 1)
    report = screen.report.text()
    assert "Missing 2 × Resource disk (red)" in report
    assert "Missing 1 × Judgment" in report and "playable" in report
    assert screen.parts.item(_row(screen, "Judgment"), MISSING).text() == "1"
    assert screen.parts.item(_row(screen, "Dragon"), MISSING).text() == ""
    screen.select("Imperial Twing")
    assert screen.parts.rowCount() == len(
        next(g for g in bundled_games() if g.name == "Imperial Twing").components)


def test_typed_count_is_saved_moves_down_and_undoes(screen, window, qtbot, db):
    screen.select("Mystic War", 1)
    row = _row(screen, "Judgment (white-backed)")
    screen.parts.setCurrentCell(row, FOUND)
    screen.parts.setFocus()
    qtbot.keyClick(screen.parts, Qt.Key.Key_0)
    editor = screen.parts.findChild(object, "shelfCountEditor")
    assert editor is not None
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    _wait(qtbot, screen, lambda: "Not playable" in screen.report.text())
    assert screen.parts.currentRow() == row + 1
    handle = UserDatabase(db)
    assert pick_copy(handle, "Mystic War", 1).copy.found["Judgment (white-backed)"] == 0
    assert "3.0 Set Up: needs 1 Judgment (white-backed), found 0" in screen.report.text()
    assert window.undo_action.text() == "&Undo Count 0 × Judgment (white-backed)"
    window.undo_action.trigger()
    _wait(qtbot, screen, lambda: "Not playable" not in screen.report.text())
    assert pick_copy(handle, "Mystic War", 1).copy.found["Judgment (white-backed)"] == 1
    handle.close()


def test_add_and_remove_a_copy(screen, qtbot, db):
    screen.add_copy("Imaginarium: Chimera", "cellar", "Mint")
    _wait(qtbot, screen, lambda: screen.copy_status() is not None)
    status = screen.copy_status()
    assert (status.copy.game, status.copy.location, status.copy.box_condition) == (
        "Imaginarium: Chimera", "cellar", "Mint")
    assert "0/16 counted" in screen.report.text()
    screen.remove_current_copy()
    _wait(qtbot, screen, lambda: not screen.games["Imaginarium: Chimera"].copies)


def test_export_then_import_a_game_file(screen, qtbot, tmp_path):
    screen.select("Imperial Twing")
    out = tmp_path / "twing.toml"
    screen.export_game_file(str(out))
    _wait(qtbot, screen, out.exists)
    mine = tmp_path / "mine.toml"
    mine.write_text(out.read_text(encoding="utf-8").replace(
        'name = "Imperial Twing"', 'name = "My Twing"', 1), encoding="utf-8")
    screen.import_game_file(str(mine))
    _wait(qtbot, screen, lambda: "My Twing" in screen.games)
    assert screen.games["My Twing"].origin == "user"
    assert screen.report.text().startswith("My Twing: 194 pieces")
    assert [a.text() for a in screen.file_actions()] == [
        "Import game file…", "Export game file…", "Export copy report as CSV…",
        "Print copy report to PDF…"]


def test_confirming_an_unchanged_count_writes_nothing(screen, window, qtbot):
    screen.select("Mystic War", 1)
    screen.parts.setCurrentCell(_row(screen, "Dragon"), FOUND)
    screen.parts.setFocus()
    qtbot.keyClick(screen.parts, Qt.Key.Key_F2)
    editor = screen.parts.findChild(object, "shelfCountEditor")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert screen.context.wait_idle()
    assert not window.context.operations.history("shelf").canUndo()


def test_edit_a_copy_through_its_dialog_and_undo(screen, window, qtbot, db):
    screen.select("Mystic War", 1)
    dialog = screen.ask_edit_copy()
    assert dialog.location.text() == "attic"
    dialog.location.setText("cellar")
    dialog.box.setCurrentText("Near Mint")
    dialog.notes.setText("sleeved")
    dialog.accept()
    _wait(qtbot, screen, lambda: screen.copy_status().copy.location == "cellar")
    handle = UserDatabase(db)
    copy = pick_copy(handle, "Mystic War", 1).copy
    assert (copy.location, copy.box_condition, copy.notes) == ("cellar", "Near Mint", "sleeved")
    assert screen.tree.currentItem().text(0) == "Copy 1 (cellar)"
    assert window.undo_action.text() == "&Undo Edit copy 1"
    window.undo_action.trigger()
    _wait(qtbot, screen, lambda: screen.copy_status().copy.location == "attic")
    assert pick_copy(handle, "Mystic War", 1).copy.notes == ""
    handle.close()


def test_damaged_is_editable_only_once_found_is_counted(screen, qtbot, db):
    handle = UserDatabase(db)
    copy_id = add_copy(handle, "Imperial Twing").value
    set_counts(handle, "Imperial Twing", copy_id, {"Orn Dice": 2})
    handle.close()
    screen.reload()
    _wait(qtbot, screen, lambda: bool(screen.games["Imperial Twing"].copies))
    screen.select("Imperial Twing", copy_id)
    editable = Qt.ItemFlag.ItemIsEditable
    counted = _row(screen, "Orn Dice")
    assert screen.parts.item(counted, DAMAGED).flags() & editable
    assert screen.parts.item(counted, DAMAGED).data(LIMIT) == 2
    other = next(r for r in range(screen.parts.rowCount()) if r != counted)
    assert not screen.parts.item(other, DAMAGED).flags() & editable
    assert screen.parts.item(other, DAMAGED).toolTip() == "Count the pieces found first"


def test_copy_report_exported_as_csv_and_pdf(screen, qtbot, tmp_path):
    screen.select("Imperial Twing")
    assert not screen.report_csv_action.isEnabled()
    screen.select("Mystic War", 1)
    assert screen.report_csv_action.isEnabled() and screen.report_pdf_action.isEnabled()
    out_csv, out_pdf = tmp_path / "r.csv", tmp_path / "r.pdf"
    screen.export_report("csv", str(out_csv))
    screen.export_report("pdf", str(out_pdf))
    _wait(qtbot, screen, lambda: out_csv.exists() and out_pdf.exists())
    text = out_csv.read_text(encoding="utf-8-sig")
    assert "Kept in,attic" in text and "Judgment,2,1,1," in text
    assert out_pdf.read_bytes().startswith(b"%PDF")


def test_photos_of_a_copy_are_shown_added_and_removed(screen, window, qtbot, tmp_path):
    from PIL import Image

    screen.select("Imperial Twing")
    assert not screen.photos.isVisibleTo(screen)
    screen.select("Mystic War", 1)
    assert screen.photos.isVisibleTo(screen)
    _wait(qtbot, screen, lambda: screen.photos.title.text() == "Photos: none yet")
    photo = tmp_path / "box.png"
    Image.new("RGB", (320, 240), (10, 120, 30)).save(photo)
    screen.photos.add(str(photo))
    _wait(qtbot, screen, lambda: screen.photos.list.count() == 1)
    item = screen.photos.list.item(0)
    assert item.text() == "box.png" and not item.icon().isNull()
    assert window.undo_action.text() == "&Undo Add a photo to copy 1"
    screen.photos.list.setCurrentRow(0)
    screen.photos.remove_current()
    _wait(qtbot, screen, lambda: screen.photos.list.count() == 0)
    window.undo_action.trigger()
    _wait(qtbot, screen, lambda: screen.photos.list.count() == 1)


def test_a_broken_photo_is_a_clear_error(screen, qtbot, tmp_path):
    from PySide6.QtWidgets import QApplication, QMessageBox

    def error_box():
        return next((w for w in QApplication.allWidgets() if isinstance(w, QMessageBox)
                     and w.isVisible() and w.windowTitle() == "The photo was not added"),
                    None)

    screen.select("Mystic War", 1)
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"not a photo")
    screen.photos.add(str(bad))
    _wait(qtbot, screen, lambda: error_box() is not None)
    box = error_box()
    assert "not an image file" in box.text()
    box.close()
    assert screen.photos.list.count() == 0


def test_mystic_war_deal_dialog(screen, qtbot):
    from deckbuilder.gui.shelf.deal import HAND, HIDDEN, VICTORY, WEALTH
    from deckbuilder.shelf.mystic_war import deal

    screen.select("Imperial Twing")
    assert not screen.deal_button.isEnabled() and screen.ask_deal() is None
    screen.select("Mystic War", 1)
    assert screen.deal_button.isEnabled()
    dialog = screen.ask_deal()
    assert dialog.table.rowCount() == 4 and dialog.seed.text().isdigit()
    dialog.players.setValue(6)
    dialog.seed.setText("1234")
    dialog.deal_button.click()
    expected = deal(screen.games["Mystic War"].definition, 6, 1234)
    table = dialog.table
    assert table.rowCount() == 6
    assert [table.item(r, VICTORY).text() for r in range(6)] == [HIDDEN] * 6
    dialog.reveal.setChecked(True)
    assert [table.item(r, VICTORY).text() for r in range(6)] == [
        p.victory_condition for p in expected.players]
    assert table.item(0, HAND).text() == ", ".join(c.name for c in expected.players[0].hand)
    assert table.item(0, WEALTH).text() == "Content"
    assert f"First Player: seat {expected.first_player}" in dialog.first.text()
    assert f"({len(expected.deck)} cards, it is the last)" in dialog.judgment.text()
    assert "Realm mat; disks: 2 green, 2 red, 3 yellow" == table.item(2, 1).text()
    dialog.seed.setText("abc")
    assert dialog.deal_again() is None and table.rowCount() == 6
    dialog.close()


def test_a_games_editions_and_contradictions_and_a_copys_edition(screen, window, qtbot,
                                                                  db):
    """Issue 25, section 4: the game shows its editions (each with its source) and the
    rulebook contradictions its data records; Edit copy… chooses the edition, and the
    copy is then counted against that edition's parts list."""
    from card_db.games import bundled_games
    from deckbuilder.gui.shelf.editions import edition_choices

    twing = next(g for g in bundled_games() if g.name == "Imperial Twing")
    retail = next(e for e in twing.editions if e.name == "retail")
    screen.select("Imperial Twing")
    assert screen.details.isVisibleTo(screen)
    text = screen.details.toPlainText()
    assert retail.title in text and retail.source in text
    assert f"{retail.total_components} pieces" in text
    assert "Rulebook contradiction: The number of players" in text
    screen.select("Imaginarium: Chimera")
    text = screen.details.toPlainText()
    assert "48 dream fragment tokens" in text and "(used)" in text and "Why:" in text
    screen.select("Mystic War")
    assert "Blank Action cards in the box" in screen.details.toPlainText()
    screen.select("Imajica")
    assert not screen.details.isVisibleTo(screen)  # neither editions nor contradictions

    handle = UserDatabase(db)
    copy_id = add_copy(handle, "Imperial Twing", location="box").value
    handle.close()
    screen.reload()
    _wait(qtbot, screen, lambda: any(s.copy.id == copy_id
                                     for s in screen.games["Imperial Twing"].copies))
    screen.select("Imperial Twing", copy_id)
    assert not screen.details.isVisibleTo(screen)
    assert screen.parts.rowCount() == len(twing.components)
    dialog = screen.ask_edit_copy()
    assert [dialog.edition.itemText(i) for i in range(dialog.edition.count())] == [
        label for label, _name in edition_choices(twing)]
    assert dialog.edition.currentData() == ""  # the game file's own edition
    dialog.edition.setCurrentIndex(dialog.edition.findData("retail"))
    dialog.accept()
    _wait(qtbot, screen, lambda: screen.copy_status().copy.edition == "retail")
    assert screen.tree.currentItem().text(0) == "Copy 2 (box) [retail]"
    assert screen.parts.rowCount() == len(retail.components)
    assert screen.parts.components == [c.name for c in retail.components]
    assert f"Edition: {retail.title}" in screen.report.text()
    window.undo_action.trigger()
    _wait(qtbot, screen, lambda: screen.copy_status().copy.edition == "")
    assert screen.parts.rowCount() == len(twing.components)


def test_a_single_edition_game_asks_for_no_edition(screen):
    screen.select("Mystic War", 1)
    dialog = screen.ask_edit_copy()
    assert dialog.edition.count() == 0 and not dialog.edition.isVisibleTo(dialog)
    assert dialog.values()[-1] == ""
    dialog.reject()


def test_component_names_are_whole_at_1024_px(window, screen):
    """Issue 25 (cosmetic): every column is as wide as its contents, names never
    shortened with an ellipsis, and each carries its full text as a tooltip."""
    from deckbuilder.gui.shelf.parts import GROUP

    window.resize(1024, 700)
    screen.select("Imperial Twing")
    parts = screen.parts
    metrics = parts.fontMetrics()
    for row in range(parts.rowCount()):
        for column in (GROUP, NAME):
            item = parts.item(row, column)
            assert parts.columnWidth(column) >= metrics.horizontalAdvance(item.text()), (
                item.text())
            assert item.toolTip() == item.text()
