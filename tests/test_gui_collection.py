"""The collection screen (issue "The desktop app", section 3): inline edits that
persist, the wishlist and trade flags, CSV import with a preview, progress and
rollback, export, and completion per set."""

from __future__ import annotations

import csv
import sqlite3
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QComboBox, QStyleOptionViewItem

from card_db.records import Condition
from card_db.userdb import UserDatabase
from deckbuilder.gui.collection.owned_model import CONDITION, FOR_TRADE, QUANTITY, WISHLIST
from deckbuilder.services.catalogue import load_catalogue
from deckbuilder.services.collection import (
    CollectionRow,
    add_rows,
    collection_rows,
    owned_counts,
    owned_entries,
    wishlist,
)

SCREEN_KEYS = ("browser", "collection", "card-editor")


@pytest.fixture
def db(db):
    add_rows(UserDatabase(db), [CollectionRow("Gentle", 2, Condition.NEAR_MINT, "Binder 1"),
                                CollectionRow("Judith", 1, Condition.MINT)])
    return db


@pytest.fixture
def screen(window):
    screen = window.show_screen("collection")
    assert window.context.wait_idle()
    return screen


def _row(screen, name: str) -> int:
    for row in range(screen.model.rowCount()):
        if screen.model.entry(row).name == name:
            return row
    raise AssertionError(f"{name} not shown")


def test_screen_lists_entries_and_summary(screen):
    assert [screen.model.entry(r).name for r in range(screen.model.rowCount())] == [
        "Gentle", "Judith"]
    assert screen.summary.text().startswith("3 copies of 2 different cards")


def test_inline_quantity_edit_persists(screen, db):
    index = screen.model.index(_row(screen, "Gentle"), QUANTITY)
    assert screen.model.setData(index, 5)
    assert screen.model.data(index) == 5  # shown at once
    assert screen.context.wait_idle()
    assert owned_counts(UserDatabase(db))["Gentle"] == 5


def test_condition_edited_through_its_combo_box_persists(qtbot, screen, db):
    index = screen.proxy.mapFromSource(screen.model.index(_row(screen, "Gentle"), CONDITION))
    delegate = screen.table.itemDelegateForColumn(CONDITION)
    editor = delegate.createEditor(screen.table.viewport(), QStyleOptionViewItem(), index)
    assert isinstance(editor, QComboBox)
    assert [editor.itemText(i) for i in range(editor.count())] == [c.value for c in Condition]
    delegate.setEditorData(editor, index)
    assert editor.currentText() == "Near Mint"
    editor.setCurrentText("Heavily Played")
    delegate.setModelData(editor, screen.proxy, index)
    assert screen.context.wait_idle()
    gentle = next(r for r in collection_rows(UserDatabase(db)) if r.name == "Gentle")
    assert gentle.condition is Condition.HEAVILY_PLAYED


def test_location_notes_and_trade_count_persist(screen, db):
    row = _row(screen, "Judith")
    model = screen.model
    model.setData(model.index(row, 3), "Deck box")
    model.setData(model.index(row, 4), "from a booster")
    model.setData(model.index(row, FOR_TRADE), 1)
    assert screen.context.wait_idle()
    judith = next(r for r in collection_rows(UserDatabase(db)) if r.name == "Judith")
    assert (judith.location, judith.notes, judith.for_trade) == ("Deck box", "from a booster", 1)


def test_a_refused_edit_goes_back_and_shows_the_error(screen, db):
    row = _row(screen, "Judith")
    entry = screen.model.entry(row)
    with sqlite3.connect(db) as conn:  # someone else removed the entry meanwhile
        conn.execute("DELETE FROM collection_entry WHERE id = ?", (entry.entry_id,))
    screen.model.setData(screen.model.index(row, QUANTITY), 4)
    assert screen.context.wait_idle()
    assert screen.model.data(screen.model.index(row, QUANTITY)) == 1
    assert "no collection entry" in screen.context.last_error


def test_changing_condition_to_an_existing_entry_merges(screen, db):
    add_rows(UserDatabase(db), [CollectionRow("Gentle", 1, Condition.MINT, "Binder 1")])
    screen.reload()
    assert screen.context.wait_idle()
    mint = next(r for r in range(screen.model.rowCount())
                if screen.model.entry(r).condition is Condition.MINT
                and screen.model.entry(r).name == "Gentle")
    screen.model.setData(screen.model.index(mint, CONDITION), "Near Mint")
    assert screen.context.wait_idle()
    gentle = [e for e in owned_entries(UserDatabase(db)) if e.name == "Gentle"]
    assert [(e.quantity, e.condition) for e in gentle] == [(3, Condition.NEAR_MINT)]
    assert [screen.model.entry(r).quantity for r in range(screen.model.rowCount())
            if screen.model.entry(r).name == "Gentle"] == [3]


def test_wishlist_flag_persists_and_shows_in_the_wishlist_tab(screen, db):
    index = screen.model.index(_row(screen, "Judith"), WISHLIST)
    assert screen.model.setData(index, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert screen.context.wait_idle()
    assert [w.name for w in wishlist(UserDatabase(db))] == ["Judith"]
    assert screen.wishlist_model.names() == {"Judith"}
    screen.model.setData(index, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    assert screen.context.wait_idle()
    assert wishlist(UserDatabase(db)) == []


def test_completion_shows_owned_against_total_and_missing_cards(screen, db):
    catalogue = load_catalogue(UserDatabase(db))
    set_name = catalogue.resolve("Gentle").set_name
    total = sum(1 for r in catalogue if r.set_name == set_name)
    model = screen.completion.model
    row = next(r for r in range(model.rowCount()) if model.completion(r).set_name == set_name)
    assert (model.completion(row).owned, model.completion(row).total) == (2, total)
    assert model.data(model.index(row, 3)) == f"{2 / total:.0%}"
    screen.completion.table.setCurrentIndex(model.index(row, 0))
    missing = screen.completion.missing_model.stringList()
    assert len(missing) == total - 2 and "Gentle" not in missing and "Irish" in missing


def test_missing_cards_go_on_the_wishlist(screen, db):
    completion = screen.completion
    set_name = load_catalogue(UserDatabase(db)).resolve("Gentle").set_name
    row = next(r for r in range(completion.model.rowCount())
               if completion.model.completion(r).set_name == set_name)
    completion.table.setCurrentIndex(completion.model.index(row, 0))
    names = completion.missing_model.stringList()
    irish = completion.missing_model.index(names.index("Irish"))
    completion.missing.selectionModel().select(irish, QItemSelectionModel.SelectionFlag.Select)
    completion.wish_button.click()
    assert screen.context.wait_idle()
    assert [w.name for w in wishlist(UserDatabase(db))] == ["Irish"]


def _write_csv(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["name", "quantity", "condition", "location"])
        writer.writerows(rows)
    return path


def test_import_preview_shows_rows_and_problems_before_anything_is_written(screen, db, tmp_path):
    file = _write_csv(tmp_path / "c.csv", [["Irish", "2", "NM", "Box"], ["Gentel", "1", "", ""]])
    dialog = screen.import_csv(str(file))
    assert screen.context.wait_idle()
    assert dialog.rows_model.rowCount() == 2
    assert dialog.rows_model.item(0, 1).text() == "Irish"
    assert dialog.rows_model.item(1, 1).toolTip().startswith("unknown card 'Gentel'")
    assert "line 3" in dialog.problems.toPlainText() and "Gentle" in dialog.problems.toPlainText()
    assert not dialog.import_button.isEnabled()
    assert "Irish" not in owned_counts(UserDatabase(db))


def test_import_shows_progress_and_commits(qtbot, screen, db, tmp_path):
    names = [r.name for r in load_catalogue(UserDatabase(db))][:40]
    file = _write_csv(tmp_path / "c.csv", [[n, "1", "LP", "Box 9"] for n in names])
    dialog = screen.import_csv(str(file))
    assert screen.context.wait_idle()
    assert dialog.import_button.isEnabled()
    seen = []
    dialog.progress.valueChanged.connect(seen.append)
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        dialog.import_button.click()
    assert seen and seen[-1] == 40 and dialog.progress.maximum() == 40
    assert dialog.imported == 40
    assert sum(1 for r in collection_rows(UserDatabase(db)) if r.location == "Box 9") == 40
    assert screen.context.wait_idle()
    assert any(screen.model.entry(r).location == "Box 9" for r in range(screen.model.rowCount()))


def test_import_failing_midway_rolls_everything_back(screen, db, tmp_path):
    file = _write_csv(tmp_path / "c.csv", [["Irish", "2", "", ""], ["Dowd", "1", "", ""]])
    dialog = screen.import_csv(str(file))
    assert screen.context.wait_idle() and dialog.preview.ok
    with sqlite3.connect(db) as conn:  # the card data changed after the preview
        conn.execute("UPDATE card SET name = 'Dowd (renamed)' WHERE name = 'Dowd'")
    before = collection_rows(UserDatabase(db))
    dialog.start_import()
    assert screen.context.wait_idle()
    assert collection_rows(UserDatabase(db)) == before
    assert "nothing was imported" in dialog.summary.text()
    assert "Dowd" in screen.context.last_error
    assert dialog.isVisible() and dialog.progress.isHidden()


def test_cancel_during_import_rolls_it_back(screen, db, tmp_path):
    names = [r.name for r in load_catalogue(UserDatabase(db))][:30]
    file = _write_csv(tmp_path / "c.csv", [[n, "1", "", "Cancelled"] for n in names])
    dialog = screen.import_csv(str(file))
    assert screen.context.wait_idle()
    gate = threading.Event()
    screen.context.run(gate.wait, 5, pool="write")  # hold the writer thread
    dialog.start_import()
    dialog.reject()  # Cancel while the import is under way: the dialog stays open
    assert dialog.isVisible() and dialog.summary.text() == "Cancelling…"
    gate.set()
    assert screen.context.wait_idle()
    assert dialog.imported is None and dialog.isVisible()
    assert "cancelled" in dialog.summary.text() and "nothing was imported" in dialog.summary.text()
    assert not any(r.location == "Cancelled" for r in collection_rows(UserDatabase(db)))


def test_import_preview_shows_what_each_entry_will_hold_and_can_add(qtbot, screen, db, tmp_path):
    """Issue 10: re-importing the export changes nothing; the preview says so, and the
    Add mode shows (and does) the doubling."""
    from deckbuilder.gui.collection.import_dialog import AFTER, NOW
    from deckbuilder.services.collection import export_collection_csv

    mine = tmp_path / "mine.csv"
    export_collection_csv(UserDatabase(db), mine)
    before = collection_rows(UserDatabase(db))
    dialog = screen.import_csv(str(mine))
    assert screen.context.wait_idle() and dialog.preview.ok
    cells = [(dialog.rows_model.item(r, NOW).text(), dialog.rows_model.item(r, AFTER).text())
             for r in range(dialog.rows_model.rowCount())]
    assert cells == [("2", "2"), ("1", "1")]
    assert "nothing changes" in dialog.summary.text()
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        dialog.import_button.click()
    assert collection_rows(UserDatabase(db)) == before and dialog.imported == 0

    dialog = screen.import_csv(str(mine))
    assert screen.context.wait_idle()
    dialog.add_mode.setChecked(True)
    assert [dialog.rows_model.item(r, AFTER).text() for r in range(2)] == ["4", "2"]
    assert "copies in those entries 3 -> 6" in dialog.summary.text()
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        dialog.import_button.click()
    assert owned_counts(UserDatabase(db)) == {"Gentle": 4, "Judith": 2}
    assert dialog.imported == 3


def test_import_preview_lists_every_problem_with_a_cap(screen, tmp_path):
    file = _write_csv(tmp_path / "c.csv", [["Gentle", "x", "", ""]] * 60)
    dialog = screen.import_csv(str(file))
    assert screen.context.wait_idle()
    text = dialog.problems.toPlainText()
    assert text.count("quantity: expected a whole number") == 50 and text.endswith("and 10 more")
    assert dialog.summary.text().startswith("60 problems found")


def test_export_writes_the_collection_csv(screen, db, tmp_path):
    target = tmp_path / "out.csv"
    screen.export_csv(str(target))
    assert screen.context.wait_idle()
    rows = list(csv.DictReader(target.open(encoding="utf-8")))
    assert {(r["name"], r["quantity"]) for r in rows} == {("Gentle", "2"), ("Judith", "1")}


def test_file_menu_offers_import_and_export(screen):
    names = [a.objectName() for a in screen.file_actions()]
    assert names == ["importCollection", "exportCollection"]


def test_remove_asks_first_then_deletes_the_selected_entries(qtbot, screen, db):
    from PySide6.QtWidgets import QMessageBox

    screen.table.selectRow(screen.proxy.mapFromSource(
        screen.model.index(_row(screen, "Judith"), 0)).row())
    screen.remove_selected()
    box = next(w for w in screen.findChildren(QMessageBox) if w.isVisible())
    assert "Remove 1 entry" in box.text()
    assert owned_counts(UserDatabase(db)).get("Judith") == 1  # nothing removed before the answer
    box.button(QMessageBox.StandardButton.Yes).click()
    assert screen.context.wait_idle()
    owned = owned_counts(UserDatabase(db))
    assert "Judith" not in owned and "Gentle" in owned
    assert [screen.model.entry(r).name for r in range(screen.model.rowCount())] == ["Gentle"]


def test_adding_copies_by_hand(qtbot, screen, db):
    from deckbuilder.gui.collection.add_dialog import AddCopiesDialog

    screen.add_copies()
    dialog = next(w for w in screen.findChildren(AddCopiesDialog) if w.isVisible())
    dialog.name.setText("Irish")
    dialog.quantity.setValue(3)
    dialog.condition.setCurrentText("Damaged")
    dialog.ok_button.click()
    assert screen.context.wait_idle()
    irish = next(r for r in collection_rows(UserDatabase(db)) if r.name == "Irish")
    assert (irish.quantity, irish.condition) == (3, Condition.DAMAGED)
    assert screen.context.wait_idle()
    assert any(screen.model.entry(r).name == "Irish" for r in range(screen.model.rowCount()))


def test_import_dialog_shows_the_detected_mapping_and_remaps_a_column(screen, db, tmp_path):
    file = tmp_path / "deckbox.csv"  # constructed: Deckbox's export header, our rows
    file.write_text("Count,Tradelist Count,Name,Edition,Card Number,Condition,Foil\r\n"
                    "2,1,Irish,Imajica,12,Good (Lightly Played),foil\r\n", encoding="utf-8")
    dialog = screen.import_csv(str(file))
    assert screen.context.wait_idle()
    assert "Deckbox" in dialog.preset_box.currentText()
    # every column of the file in view, not a cramped strip over a half-empty preview
    dialog.show()
    view = dialog.mapping_view
    assert view.verticalScrollBar().maximum() == 0, "all 7 columns shown"
    assert dialog.tables.sizes()[1] >= 3 * dialog.rows_view.verticalHeader().defaultSectionSize()
    shown = {dialog.mapping_view.item(r, 0).text(): dialog.mapping_view.cellWidget(r, 1)
             for r in range(dialog.mapping_view.rowCount())}
    assert shown["Count"].currentText() == "quantity"
    assert shown["Edition"].currentText() == "ignored"
    assert dialog.rows_model.item(0, 3).text() == "Lightly Played"
    assert dialog.rows_model.item(0, 6).text() == "1"
    shown["Tradelist Count"].setCurrentText("ignored")  # remap: read the file again
    assert screen.context.wait_idle()
    assert dialog.rows_model.rowCount() == 1 and dialog.rows_model.item(0, 6).text() == "0"
    assert dialog.import_button.isEnabled()
    dialog.preset_box.setCurrentIndex(dialog.preset_box.findData("ours"))
    dialog.preset_box.activated.emit(dialog.preset_box.currentIndex())
    assert screen.context.wait_idle()
    assert "unknown condition 'Good (Lightly Played)'" in dialog.problems.toPlainText()
    assert not dialog.import_button.isEnabled()


def test_the_condition_column_holds_the_longest_condition(screen):
    from card_db.records import Condition
    from deckbuilder.gui.collection.owned_model import CONDITION

    header = screen.table.horizontalHeader()
    longest = max(screen.table.fontMetrics().horizontalAdvance(c.value) for c in Condition)
    assert header.sectionSize(CONDITION) >= longest + 16  # text and the cell's margins
