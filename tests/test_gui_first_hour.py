"""Issue 10, section 2: defects a new user met in the app (adding cards from the
browser, File > Open and Save from any screen, the card editor's messages, the browser
table's columns, help on the search language, removing a scan)."""

from __future__ import annotations

import warnings
from datetime import UTC

from PySide6.QtCore import Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from card_db.search import explain, search_card_ids, terms
from deckbuilder.gui.browser.model import COLUMNS, NAME, SET, TYPE
from deckbuilder.gui.browser.search_help import EXAMPLES
from deckbuilder.gui.deck_editor.open_dialog import OpenDeckDialog
from deckbuilder.gui.mime import card_mime_data


def _browser(window):
    browser = window.show_screen("browser")
    assert window.context.wait_idle()
    return browser


def test_add_to_deck_with_ctrl_d_starts_a_deck_and_adds_the_current_card(window):
    browser = _browser(window)
    browser.select_row(2)
    name = browser.current_record().name
    browser.table.setFocus()
    QTest.keyClick(browser.table, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    editor = window.screen("deck-editor")
    assert editor.current_document().count_of(name) == 1
    assert window.current_screen() is browser  # keep browsing, add more
    browser.set_view(1)  # the image grid has the action too
    assert browser.add_action in browser.grid.actions()
    browser.add_action.trigger()
    assert editor.current_document().count_of(name) == 2
    assert len(editor.documents()) == 1


def test_dragging_a_card_over_the_deck_editor_tab_opens_it(window, qtbot):
    browser = _browser(window)
    bar = window.tabs.tabBar()
    index = window.tabs.indexOf(window.screen("deck-editor"))
    point = bar.tabRect(index).center()
    args = (Qt.DropAction.CopyAction, card_mime_data([browser.current_record().name]),
            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    with warnings.catch_warnings():  # PySide marks Qt 6's only constructors deprecated
        warnings.simplefilter("ignore", DeprecationWarning)
        enter = QDragEnterEvent(point, *args)
        QApplication.sendEvent(bar, enter)
        QApplication.sendEvent(bar, QDragMoveEvent(point, *args))
    assert enter.isAccepted()
    qtbot.waitUntil(lambda: window.current_screen() is window.screen("deck-editor"))


def test_file_open_works_on_every_screen_and_shows_the_deck_editor(window):
    browser = _browser(window)
    assert window.open_action.isEnabled()
    window.open_action.trigger()
    editor = window.screen("deck-editor")
    assert window.current_screen() is editor
    dialogs = editor.findChildren(OpenDeckDialog)
    assert dialogs and dialogs[-1].isVisible()
    dialogs[-1].reject()
    window.show_screen("collection")
    assert window.open_action.isEnabled() and browser is not window.current_screen()


def test_file_save_saves_the_deck_editors_deck_from_another_screen(window):
    browser = _browser(window)
    assert not window.save_action.isEnabled()  # no deck open: nothing to save
    browser.add_current_to_deck()
    editor = window.screen("deck-editor")
    document = editor.current_document()
    document.set_field("name", "From the browser")
    assert window.current_screen() is browser and window.save_action.isEnabled()
    window.save_action.trigger()
    assert window.context.wait_idle()
    assert document.saved_name == "From the browser" and not document.dirty
    assert window.current_screen() is browser


def test_the_name_column_never_shrinks_to_nothing(window, qtbot):
    browser = _browser(window)
    table = browser.table
    header = table.horizontalHeader()
    browser.splitter.setSizes([300, 1000])
    qtbot.waitUntil(lambda: table.viewport().width() < 400)
    assert header.sectionSize(NAME) >= table.name_minimum() >= 100
    header.resizeSection(SET, 1500)  # a wide column elsewhere does not squeeze it either
    assert header.sectionSize(NAME) >= table.name_minimum()
    header.resizeSection(NAME, 5)  # a drag to nothing stops at the minimum
    assert header.sectionSize(NAME) == table.name_minimum()


def test_default_columns_show_their_titles_and_usual_values(window, qtbot):
    browser = _browser(window)
    table = browser.table
    header = table.horizontalHeader()
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: table.viewport().width() > 700)
    titles = header.fontMetrics()
    for column, spec in enumerate(COLUMNS):
        assert header.sectionSize(column) >= titles.horizontalAdvance(spec.title) + 16, spec
    values = table.fontMetrics()
    assert header.sectionSize(TYPE) > values.horizontalAdvance("Influence Maneuver")
    assert header.sectionSize(SET) > values.horizontalAdvance("Imajica (1997)")
    assert header.sectionSize(NAME) > values.horizontalAdvance("Candle-Bearer of the Pale Citadel")
    # the columns fill the table: no space wasted, nothing cut off on the right
    total = sum(header.sectionSize(c) for c in range(header.count()))
    assert total == table.viewport().width()


def _search(window, browser, text: str) -> None:
    browser.set_query(text)
    assert window.context.wait_idle()


def test_the_query_is_explained_in_words_under_the_search_box(window):
    browser = _browser(window)
    _search(window, browser, "prime<=3 -is:unique")
    assert browser.explain_label.isVisible()
    assert browser.explain_label.text() == f"Showing {explain('(prime<=3 -is:unique)')}."
    assert "Prime is at most 3" in browser.explain_label.text()
    browser.type_filter.setCurrentIndex(browser.type_filter.findData("Site"))
    assert window.context.wait_idle()
    assert "Site" in browser.explain_label.text()  # the quick filters are part of it


def test_f1_and_the_question_mark_open_help_listing_every_key(window, qtbot):
    browser = _browser(window)
    assert browser.help_button.text() == "?"
    browser.search_box.setFocus()
    QTest.keyClick(browser.search_box, Qt.Key.Key_F1)
    dialog = browser.help_dialog
    assert dialog is not None and dialog.isVisible()
    text = dialog.text.toPlainText()
    for key in terms.KEYS:
        assert f"{key}:" in text, key
    dialog.close()
    qtbot.waitUntil(lambda: browser.help_dialog is None)
    browser.help_button.click()
    assert browser.help_dialog is not None and browser.help_dialog.isVisible()


def test_every_help_example_finds_cards_on_the_bundled_data(userdb):
    with userdb.read() as conn:
        for query, _meaning in EXAMPLES:
            assert search_card_ids(conn, query), query


def test_a_syntax_error_greys_the_old_results_and_an_empty_result_says_so(window):
    browser = _browser(window)
    _search(window, browser, "prime<=")
    assert not browser.table.isEnabled() and not browser.explain_label.isVisible()
    assert "last valid" in browser.count_label.text().casefold()
    _search(window, browser, "zzzz-no-such-card")
    assert browser.table.isEnabled() and browser.model.rowCount() == 0
    assert browser.count_label.text() == "No card matches"


def test_a_new_deck_shows_no_0_sideboard_group(window):
    from deckbuilder.deck.decklist import SIDEBOARD
    from deckbuilder.gui.deck_editor.deck_model import COUNT, EMPTY_SIDEBOARD_TEXT

    screen = window.screen("deck-editor")
    editor = screen.new_deck()
    model = editor.model
    row = len(model.groups) - 1
    assert model.data(model.index(row, COUNT)) == EMPTY_SIDEBOARD_TEXT
    assert editor.view.isFirstColumnSpanned(row, model.index(row, 0).parent())
    name = window.screen("browser").model.record_at(0).name
    editor.document.add(name, 1, SIDEBOARD)
    assert model.data(model.index(row, COUNT)) == 1  # a count again once it has cards
    assert not editor.view.isFirstColumnSpanned(row, model.index(row, 0).parent())


def test_the_empty_collection_says_how_to_start(window, db):
    from card_db.userdb import UserDatabase
    from deckbuilder.services.collection import CollectionRow, add_rows

    screen = window.show_screen("collection")
    assert window.context.wait_idle()
    assert screen.model.rowCount() == 0
    hint = screen.empty_hint
    assert hint.isVisible() and "Add cards" in hint.text() and "Import CSV" in hint.text()
    with UserDatabase(db) as handle:
        add_rows(handle, [CollectionRow(window.screen("browser").model.record_at(0).name, 1)])
    screen.reload()
    assert window.context.wait_idle()
    assert not hint.isVisible()


def test_small_dialogs_are_wide_enough_for_their_titles(window, qtbot):
    from deckbuilder.gui.collection.add_dialog import AddCopiesDialog
    from deckbuilder.gui.dialogs import title_width
    from deckbuilder.gui.errors import show_error

    error = show_error(window, "The collection could not be exported", "Disk full.")
    add = AddCopiesDialog(["Gentle"], window)
    add.show()
    collection = window.show_screen("collection")
    assert window.context.wait_idle()
    boxes = [error, add]
    for dialog in boxes:
        qtbot.waitUntil(dialog.isVisible)
        assert dialog.width() >= title_width(dialog), dialog.windowTitle()
        assert title_width(dialog) > 200  # the titles here are long ones
    error.close()
    add.close()
    assert collection is window.current_screen()


def test_the_open_deck_dialog_shows_author_count_and_date_whole(window, qtbot):
    from datetime import datetime

    window.open_action.trigger()
    editor = window.screen("deck-editor")
    dialog = editor.findChildren(OpenDeckDialog)[-1]
    assert window.context.wait_idle()
    deck = type("Deck", (), {"name": "A deck with a rather long name",
                             "author": "Judith Odell of the Fifth Dominion",
                             "card_count": 60,
                             "modified": datetime(2026, 11, 29, 1, 11, tzinfo=UTC)})
    dialog.show_saved([deck])
    qtbot.wait(20)
    header = dialog.tree.header()
    item = dialog.mine.child(0)
    metrics = dialog.tree.fontMetrics()
    for column in (1, 2, 3):
        assert header.sectionSize(column) >= metrics.horizontalAdvance(item.text(column))
    dialog.reject()
