"""The card browser (issue "The desktop app", section 1): search as you type with
inline syntax errors, quick filters, server-side sorting, the detail pane with
estimated values marked, lazy rows, add-to-deck and drag."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from card_db.records import CardRecord, CardType
from card_db.search import SearchSyntaxError, parse, search_card_ids
from card_db.userdb import UserDatabase
from deckbuilder.gui.browser.model import PAGE_SIZE, PRIME, CardTableModel
from deckbuilder.gui.browser.search_box import error_span
from deckbuilder.gui.browser.views import CardTableView
from deckbuilder.gui.mime import CARD_MIME_TYPE, card_names
from deckbuilder.gui.style import ESTIMATED_NOTE
from deckbuilder.services.cards import correct_card
from deckbuilder.services.collection import CollectionRow, add_rows

SCREEN_KEYS = ("browser", "collection", "card-editor")


def _my_screens():
    """The screens these tests are about (other screens are tested by their own modules)."""
    from deckbuilder.gui.screens import registered_screens

    return [s for s in registered_screens() if s.key in SCREEN_KEYS]


@pytest.fixture
def browser(window):
    return window.show_screen("browser")


def _ids(db: Path, query: str) -> list[int]:
    with sqlite3.connect(db) as conn:
        return search_card_ids(conn, query)


def _settle(qtbot, browser) -> None:
    qtbot.waitUntil(lambda: not browser.search.pending, timeout=5000)
    assert browser.context.wait_idle()


def test_first_search_lists_every_card_by_name(browser, db):
    assert list(browser.model.card_ids) == _ids(db, "")
    assert browser.count_label.text() == f"{len(_ids(db, '')):,} cards"


def test_typing_a_query_filters_the_table(qtbot, browser, db):
    QTest.keyClicks(browser.search_box, "t:site d:3")
    _settle(qtbot, browser)
    expected = _ids(db, "t:site d:3")
    assert 0 < len(expected) < len(_ids(db, ""))
    assert list(browser.model.card_ids) == expected
    for row in range(browser.model.rowCount()):
        record = browser.model.record_at(row)
        assert record.card_type is CardType.SITE and 3 in record.dominions


def test_search_is_debounced_until_typing_pauses(qtbot, browser):
    before = browser.model.card_ids
    QTest.keyClicks(browser.search_box, "gentle")
    assert browser.search.pending and browser.model.card_ids == before
    _settle(qtbot, browser)
    assert [browser.model.record_at(r).name for r in range(browser.model.rowCount())][:1] == [
        "Gentle"]


@pytest.mark.parametrize("query", ["prime<=", "t:site (d:3", "aff:maestro or", "bogus:1 t:site"])
def test_syntax_error_is_shown_inline_at_its_position(qtbot, browser, query):
    with pytest.raises(SearchSyntaxError) as info:
        parse(query)
    before = browser.model.card_ids
    QTest.keyClicks(browser.search_box, query)
    qtbot.waitUntil(lambda: browser.error_label.isVisible(), timeout=3000)
    assert browser.search_box.error_position == info.value.position
    start, length = browser.search_box.marked_span
    assert (start, length) == error_span(query, info.value.position) and length >= 1
    assert f"character {info.value.position + 1}" in browser.error_label.text()
    assert info.value.detail in browser.error_label.text()
    assert browser.model.card_ids == before  # the last good results stay


def test_fixing_the_error_clears_the_marker(qtbot, browser):
    QTest.keyClicks(browser.search_box, "prime<=")
    qtbot.waitUntil(lambda: browser.error_label.isVisible(), timeout=3000)
    QTest.keyClicks(browser.search_box, "3")
    _settle(qtbot, browser)
    assert not browser.error_label.isVisible()
    assert browser.search_box.error_position is None and browser.search_box.marked_span == (0, 0)


def test_quick_filters_add_to_the_query(qtbot, browser, db):
    QTest.keyClicks(browser.search_box, "-is:unique")
    _settle(qtbot, browser)
    browser.type_filter.setCurrentIndex(browser.type_filter.findData(CardType.ALLY_ACTION.value))
    browser.dominion_filter.setCurrentIndex(browser.dominion_filter.findData(2))
    _settle(qtbot, browser)
    assert list(browser.model.card_ids) == _ids(db, "(-is:unique) t:aa d:2")
    browser.type_filter.setCurrentIndex(0)
    browser.dominion_filter.setCurrentIndex(browser.dominion_filter.findData(0))
    _settle(qtbot, browser)
    assert list(browser.model.card_ids) == _ids(db, "-is:unique d:0")


def test_first_screen_then_every_card(qtbot, browser, db, monkeypatch):
    """In name order the first rows come first, marked incomplete, then every id; the
    selected card stays selected even when it is not on the first screen."""
    from deckbuilder.gui.browser import search

    monkeypatch.setattr(search, "FIRST_SCREEN", 5)
    every = _ids(db, "")
    browser.select_row(100)
    chosen = browser.model.card_ids[100]
    shown = []
    browser.search.results_ready.connect(
        lambda result: shown.append((len(result.ids), result.complete))
    )
    QTest.keyClicks(browser.search_box, "-zzzz")
    _settle(qtbot, browser)
    assert shown == [(5, False), (len(every), True)]
    assert list(browser.model.card_ids) == every
    assert browser.count_label.text() == f"{len(every):,} cards"
    assert browser.model.card_ids[browser.current_row()] == chosen


def test_a_first_screen_is_the_start_of_the_full_result(db):
    from deckbuilder.gui.browser.search import SearchRequest, run_search

    request = SearchRequest(text="t:character", descending=True)
    full = run_search(db, request)
    first = run_search(db, request, limit=5)
    assert full.complete and not first.complete
    assert first.ids == full.ids[:5]
    assert run_search(db, request, limit=len(full.ids) + 1).ids == full.ids


def test_clicking_a_header_sorts_in_the_database(qtbot, browser, db):
    header = browser.table.horizontalHeader()
    header.setSortIndicator(PRIME, Qt.SortOrder.DescendingOrder)
    _settle(qtbot, browser)
    with sqlite3.connect(db) as conn:
        expected = search_card_ids(conn, "", order_by="-prime")
    assert list(browser.model.card_ids) == expected


def test_sorting_by_owned_puts_owned_cards_first(qtbot, browser, db):
    add_rows(UserDatabase(db), [CollectionRow("Judith", 3), CollectionRow("Gentle", 1)])
    browser.context.collection_changed.emit(None)
    browser.table.horizontalHeader().setSortIndicator(8, Qt.SortOrder.DescendingOrder)
    _settle(qtbot, browser)
    names = [browser.model.record_at(r).name for r in range(2)]
    assert names == ["Judith", "Gentle"]
    assert browser.model.data(browser.model.index(0, 8)) == "3"


def test_detail_pane_marks_estimated_values(qtbot, browser):
    QTest.keyClicks(browser.search_box, "gentle")
    _settle(qtbot, browser)
    assert browser.select_card("Gentle")
    gentle: CardRecord = browser.detail.record
    assert gentle.name == "Gentle" and "magic" in gentle.estimated
    assert "strength" not in gentle.estimated
    magic = browser.detail.value_labels["Magic"]
    strength = browser.detail.value_labels["Strength"]
    assert magic.property("estimated") is True and magic.toolTip() == ESTIMATED_NOTE
    assert "*" in magic.text() and "color:" in magic.text()
    assert strength.property("estimated") is False and "*" not in strength.text()
    assert browser.detail.value_labels["Powers"] is not None
    assert "Allies for -1" in browser.detail.value_labels["Traits"].text()
    assert not browser.detail.note.isHidden()
    qtbot.waitUntil(browser.detail.face.has_face, timeout=5000)


def test_detail_pane_writes_the_faces_footer_whole(qtbot, browser):
    """Issue 25 (cosmetic): the drawn footer shortens Sartori's 180-character source
    with "…"; under the face (and as its tooltip) it is written whole, and wraps within
    the pane at 1024 px."""
    browser.window().resize(1024, 700)
    QTest.keyClicks(browser.search_box, "sartori")
    _settle(qtbot, browser)
    assert browser.select_card("Sartori")
    record = browser.detail.record
    assert len(record.source) > 150
    footer = browser.detail.footer
    assert footer.isVisibleTo(browser.detail) and footer.wordWrap()
    assert f"Source: {record.source}" in footer.text()
    assert record.set_name in footer.text()
    assert browser.detail.face.toolTip() == footer.text()
    assert footer.width() <= browser.detail.viewport().width()
    browser.detail.show_card(None)
    assert not footer.isVisibleTo(browser.detail)


@pytest.fixture
def unread_feint(userdb):
    """Every bundled power is modelled: Feint and Riposte corrected, before the window
    opens, to a text with a sentence the engine cannot read."""
    correct_card(userdb, "Feint and Riposte", "powers",
                 "Acting Ally is strength +2. Shuffle your In Ovo into your Destiny.")


def test_detail_pane_says_what_the_engine_does_not_model(qtbot, unread_feint, browser):
    QTest.keyClicks(browser.search_box, "feint")
    _settle(qtbot, browser)
    assert browser.select_card("Feint and Riposte")
    engine = browser.detail.value_labels["Engine"].text()
    assert "not modelled by the engine" in engine and "Shuffle your In Ovo" in engine
    QTest.keyClicks(browser.search_box, "")
    browser.search_box.clear()
    QTest.keyClicks(browser.search_box, "gentle")
    _settle(qtbot, browser)
    assert browser.select_card("Gentle")
    assert "Engine" not in browser.detail.value_labels


def test_detail_pane_shows_the_owned_count(qtbot, browser, db):
    add_rows(UserDatabase(db), [CollectionRow("Gentle", 3)])
    browser.context.collection_changed.emit(None)
    _settle(qtbot, browser)
    browser.select_card("Gentle")
    assert "Owned: 3 copies" in browser.detail.owned_label.text()


def test_table_marks_estimated_cells(browser):
    assert browser.select_card("Gentle")
    row = browser.current_row()
    magic = browser.model.index(row, 3)
    assert browser.model.data(magic).endswith("*")
    assert browser.model.data(magic, Qt.ItemDataRole.ToolTipRole) == ESTIMATED_NOTE
    assert browser.model.data(magic, Qt.ItemDataRole.ForegroundRole) is not None
    assert browser.model.data(browser.model.index(row, 4), Qt.ItemDataRole.ForegroundRole) is None


def test_model_serves_50000_rows_lazily(qtbot):
    asked: list[int] = []

    def loader(ids):
        asked.extend(ids)
        return {i: CardRecord(f"Card {i:05d}", CardType.SITE, dominions=(1,), resistance=i % 12)
                for i in ids}

    model = CardTableModel(loader)
    model.set_results(range(1, 50_001), {7: 2})
    assert model.rowCount() == 50_000 and asked == []
    view = CardTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.resize(900, 600)
    view.show()
    view.grab()  # paint: the view asks only for the rows it shows
    assert 0 < len(asked) <= 2 * PAGE_SIZE
    assert model.cached_count() == len(asked) < 50_000
    view.scrollToBottom()
    view.grab()
    assert model.data(model.index(49_999, 0)) == "Card 50000"
    assert len(asked) <= 5 * PAGE_SIZE
    assert model.data(model.index(6, 8)) == "2"


def test_enter_and_double_click_ask_to_add_the_card(qtbot, browser):
    browser.select_card("Gentle")
    with qtbot.waitSignal(browser.add_to_deck_requested) as blocker:
        QTest.keyClick(browser.table, Qt.Key.Key_Return)
    assert blocker.args == ["Gentle"]
    browser.set_view(1)
    with qtbot.waitSignal(browser.add_to_deck_requested) as blocker:
        browser.grid.doubleClicked.emit(browser.grid.currentIndex())
    assert blocker.args == ["Gentle"]


def test_drag_carries_the_card_name(browser):
    browser.select_card("Gentle")
    index = browser.table.currentIndex()
    mime = browser.model.mimeData([index, index.siblingAtColumn(3)])
    assert mime.hasFormat(CARD_MIME_TYPE)
    assert card_names(mime) == ["Gentle"]
    grid_index = browser.grid_model.mapFromSource(index)
    assert card_names(browser.grid_model.mimeData([grid_index])) == ["Gentle"]
    assert browser.model.flags(index) & Qt.ItemFlag.ItemIsDragEnabled


def test_grid_view_shows_card_faces(qtbot, browser):
    browser.set_view(1)
    assert browser.stack.currentWidget() is browser.grid
    qtbot.waitExposed(browser.grid)
    first = browser.model.record_at(0)
    qtbot.waitUntil(lambda: browser.context.images.cached(first.name, 140) is not None,
                    timeout=5000)
    icon = browser.grid_model.data(browser.grid_model.index(0, 0), Qt.ItemDataRole.DecorationRole)
    assert icon.width() == 140


def test_view_choice_is_remembered(qtbot, db):
    from deckbuilder.gui.app import create_main_window

    first = create_main_window(db, _my_screens())
    qtbot.addWidget(first)
    first.screen("browser").set_view(1)
    first.close()
    second = create_main_window(db, _my_screens())
    qtbot.addWidget(second)
    assert second.screen("browser").stack.currentIndex() == 1


@pytest.mark.parametrize(
    ("text", "position", "marked"),
    [
        ("bogus:1 t:site", 0, "bogus:1"),  # the offending term
        ("t:site prime<=", 14, "prime<="),  # the query ended too early: the term before
        ("t:site prime<= d:3", 14, "prime<="),  # a space where a number was expected
        ("t:site (d:3", 11, "(d:3"),
        ("   x", 0, "x"),
    ],
)
def test_error_span_marks_the_term_at_fault(text, position, marked):
    start, length = error_span(text, position)
    assert text[start : start + length] == marked


def test_choosing_a_card_without_a_deck_editor_says_what_to_do(qtbot, browser):
    assert browser.select_card("Gentle")
    with qtbot.waitSignal(browser.context.status) as status:
        QTest.keyClick(browser.table, Qt.Key.Key_Return)
    assert status.args == ["Open a deck to add Gentle to it."]


def test_columns_narrowed_in_a_small_window_are_saved_at_the_chosen_width(qtbot, window,
                                                                          browser):
    """Issue 25: Set gives way in a 1024-px window; the header state saved meanwhile
    (and so at a close while small) keeps the width the person chose."""
    from deckbuilder.gui.browser.views import SET
    from deckbuilder.gui.settings import HEADERS

    window.resize(1800, 900)
    header = browser.table.horizontalHeader()
    qtbot.waitUntil(lambda: browser.table.viewport().width() > 900, timeout=3000)
    header.resizeSection(SET, 220)  # the person's width
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: header.sectionSize(SET) < 220, timeout=3000)
    header.resizeSection(0, header.sectionSize(0) + 1)  # any change saves the state
    state = HEADERS.at("browser-table").read(window.context.settings)
    fresh = CardTableView()
    fresh.setModel(browser.table.model())
    assert fresh.horizontalHeader().restoreState(state)
    assert fresh.horizontalHeader().sectionSize(SET) == 220
    assert header.sectionSize(SET) < 220  # still narrowed on screen
    window.resize(1800, 900)
    qtbot.waitUntil(lambda: header.sectionSize(SET) == 220, timeout=3000)
