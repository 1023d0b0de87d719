"""Issue 10, section 2: defects a new user met in the app (adding cards from the
browser, File > Open and Save from any screen, the card editor's messages, the browser
table's columns, help on the search language, removing a scan)."""

from __future__ import annotations

import warnings

from PySide6.QtCore import Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from deckbuilder.gui.browser.model import COLUMNS, NAME, SET, TYPE
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
    assert header.sectionSize(TYPE) > values.horizontalAdvance("Character*")
    assert header.sectionSize(SET) > values.horizontalAdvance("Imajica (1997)")
    assert header.sectionSize(NAME) > values.horizontalAdvance("Candle-Bearer of the Pale Citadel")
    # the columns fill the table: no space wasted, nothing cut off on the right
    total = sum(header.sectionSize(c) for c in range(header.count()))
    assert total == table.viewport().width()
