"""The deck editor (issue "The desktop app", section 2): adding cards (buttons, the
browser's signal, drops) with the live legality panel ("Deck Construction"), undo and
redo through the main window, saving and reopening, files in every format, "What I
still need", recent decks and the unsaved-changes prompt."""

from __future__ import annotations

import shutil
import warnings

import pytest
from PySide6.QtCharts import QChart
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QDragEnterEvent, QDragMoveEvent, QDropEvent, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from card_db.records import CardType
from card_db.userdb import UserDatabase
from deckbuilder import formats
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.deck.legality import validate
from deckbuilder.deck.stats import deck_stats
from deckbuilder.gui.deck_editor import files
from deckbuilder.gui.deck_editor.deck_model import SIDEBOARD_TITLE
from deckbuilder.gui.deck_editor.document import DeckDocument
from deckbuilder.gui.deck_editor.legality_panel import RuleRole
from deckbuilder.gui.deck_editor.recent import FILE, SAVED, RecentDeck
from deckbuilder.gui.deck_editor.screen import CANCEL, DISCARD, SAVE
from deckbuilder.gui.mime import card_mime_data
from deckbuilder.services import deck_sources
from deckbuilder.services.catalogue import load_catalogue
from deckbuilder.services.collection import CollectionRow, add_rows
from deckbuilder.services.decks import list_decks, load_deck

DEMO = deck_sources.demo_deck_files()[0]  # maestro-reconciliation.txt, a legal 60-card deck


@pytest.fixture
def editor_screen(window):
    return window.show_screen("deck-editor")


@pytest.fixture
def catalogue(db):
    return load_catalogue(UserDatabase(db))


def open_demo(screen, window):
    screen.open_file(DEMO)
    assert window.context.wait_idle()
    return screen.current_editor()


def first_of(catalogue, card_type: CardType) -> str:
    return next(r.name for r in catalogue if r.card_type is card_type)


def test_the_screen_is_registered_with_its_screenshot(window):
    spec = next(s for s in window.specs if s.key == "deck-editor")
    assert spec.screenshot == "deck-editor.png"
    assert window.screen("deck-editor").tabs.count() == 0


def test_the_browser_adds_cards_and_the_legality_panel_follows(window, editor_screen,
                                                                catalogue):
    character = first_of(catalogue, CardType.CHARACTER)
    window.screen("browser").add_to_deck_requested.emit(character)  # double-click / Enter
    editor = editor_screen.current_editor()
    assert editor is not None, "adding with no deck open starts a new deck"
    document = editor.document
    assert document.count_of(character) == 1
    assert editor.selected_cards() == [(character, MAIN)]
    rules = editor.legality.rules()
    assert rules[:2] == ["deck-size", "dominion-missing"]  # violations first
    assert "few-characters" in rules
    assert editor.legality.summary.text().startswith("Not legal")
    # "+" on the selection adds a copy; the panel is recomputed on the spot
    editor.add_action.trigger()
    assert document.count_of(character) == 2
    assert document.analysis.report.card_count == 2
    assert editor.legality.rules() == [f.rule for f in
                                       document.analysis.report.violations
                                       + document.analysis.report.warnings]


def test_removing_from_a_legal_deck_makes_it_illegal_and_back(window, editor_screen):
    editor = open_demo(editor_screen, window)
    document = editor.document
    assert editor.legality.summary.text() == "Legal: 60 cards"
    site = editor.model.groups[1].names[0]
    assert editor.select_cards([site]) == 1
    QTest.keyClick(editor.view, Qt.Key.Key_Minus)
    assert document.deck.total() == 59
    assert editor.legality.rules()[0] == "deck-size"
    assert "59 cards" in editor.legality.summary.text()
    QTest.keyClick(editor.view, Qt.Key.Key_Plus)
    assert document.deck.total() == 60 and document.analysis.report.legal


def test_clicking_a_finding_selects_its_cards(window, editor_screen, catalogue):
    path = first_of(catalogue, CardType.PATH)
    editor = editor_screen.new_deck()
    editor.document.add(path, 2)
    findings = editor.legality.findings
    row = next(i for i in range(findings.count())
               if findings.item(i).data(RuleRole) == "path-duplicate")
    editor.view.clearSelection()
    item = findings.item(row)
    QTest.mouseClick(findings.viewport(), Qt.MouseButton.LeftButton, pos=findings
                     .visualItemRect(item).center())
    assert editor.selected_cards() == [(path, MAIN)]


def test_undo_and_redo_every_edit_through_the_edit_menu(window, editor_screen, catalogue):
    editor = editor_screen.new_deck()
    document = editor.document
    assert window.undo_group.activeStack() is document.undo_stack
    site = first_of(catalogue, CardType.SITE)
    character = first_of(catalogue, CardType.CHARACTER)
    document.add(site)
    document.add(character, 3)
    document.move(character, MAIN, 1)
    document.set_field("name", "Undo test")
    editor.notes.setPlainText("first line")
    editor.notes.appendPlainText("second line")  # merges with the first notes edit
    before = [document.deck.merged(), document.deck.notes]
    assert document.deck.count_of(character, SIDEBOARD) == 1
    assert document.deck.notes == "first line\nsecond line"
    assert document.undo_stack.count() == 5

    window.undo_action.trigger()  # the notes, in one step
    assert document.deck.notes == "" and editor.notes.toPlainText() == ""
    window.undo_action.trigger()  # the name
    assert document.deck.name == "" and editor.name_edit.text() == ""
    window.undo_action.trigger()  # the move
    assert document.count_of(character) == 3
    assert document.count_of(character, SIDEBOARD) == 0
    assert editor.model.group_index(SIDEBOARD, None).isValid()
    assert editor.model.groups[-1].names == []
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert document.deck.main == [] and document.analysis.report.card_count == 0
    assert not window.undo_action.isEnabled()
    for _ in range(5):
        window.redo_action.trigger()
    assert [document.deck.merged(), document.deck.notes] == before
    assert editor_screen.tabs.tabText(0) == "Undo test *"


def test_undo_restores_the_exact_order_of_the_list(editor_screen, window):
    editor = open_demo(editor_screen, window)
    document = editor.document
    original = list(document.deck.main)
    name = original[3].name
    document.set_count(name, 0)
    assert name not in document.deck.counts()
    window.undo_action.trigger()
    assert document.deck.main == original


def drop_on(widget, point: QPoint, names: list[str]) -> bool:
    """Drag ``names`` over ``widget`` and drop them at ``point``, as a drag from the
    browser does (enter, move, drop); returns whether the drop was accepted."""
    mime = card_mime_data(names)
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier)
    with warnings.catch_warnings():  # PySide marks Qt 6's only constructors deprecated
        warnings.simplefilter("ignore", DeprecationWarning)
        QApplication.sendEvent(widget, QDragEnterEvent(point, *args))
        QApplication.sendEvent(widget, QDragMoveEvent(point, *args))
    drop = QDropEvent(point.toPointF(), *args)
    QApplication.sendEvent(widget, drop)
    return drop.isAccepted()


def test_dropping_a_card_from_the_browser(window, editor_screen, catalogue, qtbot):
    editor = editor_screen.new_deck()
    character = first_of(catalogue, CardType.CHARACTER)
    view = editor.view
    qtbot.waitUntil(lambda: view.viewport().height() > 100)  # laid out
    side = editor.model.group_index(SIDEBOARD, None)
    assert drop_on(view.viewport(), view.visualRect(side).center(), [character])
    assert editor.document.count_of(character, SIDEBOARD) == 1
    assert editor.document.count_of(character, MAIN) == 0
    # a drop on the list's empty space goes to the main deck
    empty = QPoint(view.viewport().width() // 2, view.viewport().height() - 5)
    assert drop_on(view.viewport(), empty, [character])
    assert editor.document.count_of(character, MAIN) == 1
    editor.document.undo_stack.undo()
    assert editor.document.count_of(character, MAIN) == 0


def test_dropping_on_the_screen_with_no_deck_open_starts_one(window, editor_screen,
                                                               catalogue, qtbot):
    character = first_of(catalogue, CardType.CHARACTER)
    qtbot.waitUntil(lambda: editor_screen.empty.isVisible())
    assert drop_on(editor_screen, editor_screen.rect().center(), [character])
    assert editor_screen.current_document().count_of(character) == 1


def test_dropping_an_unknown_card_reports_it(window, editor_screen):
    editor = editor_screen.new_deck()
    ok = editor.model.dropMimeData(card_mime_data(["Gentle Maestroo"]),
                                   Qt.DropAction.CopyAction, -1, -1, editor.model.index(0, 0))
    assert not ok
    assert "Gentle Maestroo" in window.context.last_error
    assert editor.document.deck.main == []


def test_groups_by_type_with_counts_and_hides_empty_ones(editor_screen, window):
    editor = open_demo(editor_screen, window)
    model, deck = editor.model, editor.document.deck
    catalogue = editor.document.catalogue
    for row, group in enumerate(model.groups[:8]):
        expected = sum(c for n, c in deck.counts().items()
                       if catalogue.resolve(n).card_type is group.card_type)
        assert model.data(model.index(row, 0)) == expected
        assert editor.view.isRowHidden(row, model.index(row, 0).parent()) == (expected == 0)
    sideboard = len(model.groups) - 1
    assert model.data(model.index(sideboard, 1)) == SIDEBOARD_TITLE
    assert not editor.view.isRowHidden(sideboard, model.index(sideboard, 0).parent())


def test_statistics_charts_follow_every_edit(editor_screen, window):
    editor = open_demo(editor_screen, window)
    document = editor.document
    stats = deck_stats(document.deck, document.catalogue)
    prime = editor.stats.prime_chart.shown()
    assert {int(k): v for k, v in prime.items() if v} == stats.prime_curve
    assert editor.stats.type_chart.shown()["Characters"] == stats.by_type["Character"]
    character = editor.model.groups[0].names[0]
    record = document.catalogue.resolve(character)
    document.add(character)
    assert editor.stats.prime_chart.shown()[str(record.prime)] == \
        stats.prime_curve[record.prime] + 1
    assert editor.stats.dominion_chart.shown()[str(record.dominions[0])] == \
        stats.by_dominion[str(record.dominions[0])] + 1


def test_save_and_reopen(window, editor_screen, catalogue, db):
    editor = editor_screen.new_deck()
    document = editor.document
    site = first_of(catalogue, CardType.SITE)
    character = first_of(catalogue, CardType.CHARACTER)
    QTest.keyClicks(editor.name_edit, "Saved in the database")  # not committed yet
    QTest.keyClicks(editor.author_edit, "Tester")
    document.add(site, 2)
    document.add(character, 1, SIDEBOARD)
    editor.notes.setPlainText("Play the Site first.")
    assert editor_screen.tabs.tabText(0).endswith(" *")
    window.save_action.trigger()
    assert window.context.wait_idle()
    assert not document.dirty and editor_screen.tabs.tabText(0) == "Saved in the database"
    stored = load_deck(UserDatabase(db), "Saved in the database")
    assert stored == DeckList(name="Saved in the database", author="Tester",
                              notes="Play the Site first.", main=[(site, 2)],
                              sideboard=[(character, 1)])
    assert editor_screen.recent.entries()[0] == RecentDeck(SAVED, "Saved in the database")

    assert editor_screen.close_current()
    assert editor_screen.tabs.count() == 0
    editor_screen.open_saved("Saved in the database")
    assert window.context.wait_idle()
    reopened = editor_screen.current_document()
    assert reopened.deck == stored and not reopened.dirty
    assert reopened.saved_name == "Saved in the database"


def test_renaming_a_saved_deck_replaces_the_old_entry(window, editor_screen, catalogue, db):
    editor = editor_screen.new_deck()
    editor.document.set_field("name", "Old name")
    editor.document.add(first_of(catalogue, CardType.SITE))
    editor_screen.save_document()
    assert window.context.wait_idle()
    editor.document.set_field("name", "New name")
    editor_screen.save_document()
    assert window.context.wait_idle()
    assert [d.name for d in list_decks(UserDatabase(db))] == ["New name"]
    assert editor_screen.recent.entries()[0] == RecentDeck(SAVED, "New name")


def test_save_as_writes_the_file_and_save_writes_it_again(window, editor_screen, tmp_path):
    editor = open_demo(editor_screen, window)
    document = editor.document
    target = tmp_path / "copy"
    assert editor_screen.save_as(target, formats.get("cockatrice"))
    assert window.context.wait_idle()
    written = tmp_path / "copy.cod"
    assert document.file_path == written and not document.dirty
    assert formats.read_file(written).merged().main == document.deck.merged().main
    name = document.deck.main[0].name
    document.add(name)
    window.save_action.trigger()
    assert window.context.wait_idle()
    assert formats.read_file(written).count_of(name) == document.count_of(name)
    assert editor_screen.recent.entries()[0] == RecentDeck(FILE, str(written))


@pytest.mark.parametrize("name", formats.names())
def test_export_in_every_format(window, editor_screen, tmp_path, name):
    editor = open_demo(editor_screen, window)
    deck_format = formats.get(name)
    editor_screen.export(tmp_path / "export", deck_format)
    assert window.context.wait_idle(30)
    target = tmp_path / f"export{deck_format.extensions[0]}"
    data = target.read_bytes()
    if name == "pdf":
        assert data.startswith(b"%PDF")
    elif name == "png":
        assert data.startswith(b"\x89PNG")
    else:
        assert formats.read_file(target).merged().main == editor.document.deck.merged().main
    # exporting does not change where it is saved (a demo deck is a copy, saved nowhere)
    assert editor.document.file_path is None and editor.document.copy_of == DEMO


def test_dialog_filters_come_from_the_formats_registry():
    readable = [f for f in formats.all_formats() if f.readable]
    assert len(files.save_filters()) == len(readable)
    assert len(files.export_filters()) == len(formats.all_formats())
    assert "*.o8d" in files.open_filters()[0] and "*.pdf" not in files.open_filters()[0]
    assert files.format_for_filter(files.export_filters()[-1]).name == "png"
    assert files.with_extension("deck", formats.get("pdf")).name == "deck.pdf"
    assert files.with_extension("deck.PDF", formats.get("pdf")).name == "deck.PDF"


def test_importing_a_deck_with_an_unknown_card_shows_where(window, editor_screen, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("# name: Broken\n2 Cinder Waystation\n3 Cinder Waystaton\n", encoding="utf-8")
    editor_screen.import_file(bad)
    assert window.context.wait_idle()
    assert editor_screen.tabs.count() == 0
    message = window.context.last_error
    assert "bad.txt:3" in message and "Cinder Waystaton" in message
    assert "Cinder Waystation" in message  # the suggestion


def test_an_imported_deck_is_unsaved_until_saved(window, editor_screen, tmp_path):
    source = tmp_path / "import.json"
    shutil.copy(DEMO, tmp_path / "demo.txt")
    formats.write_file(formats.read_file(tmp_path / "demo.txt"), source)
    editor_screen.import_file(source)
    assert window.context.wait_idle()
    document = editor_screen.current_document()
    assert document.file_path is None and editor_screen.is_unsaved(document)
    assert not editor_screen.can_close()
    assert editor_screen.quit_box is not None
    assert "“Maestro Reconciliation”" in editor_screen.quit_box.text()


def test_closing_a_tab_with_unsaved_changes_asks(window, editor_screen, catalogue, db):
    editor = editor_screen.new_deck()
    editor.document.set_field("name", "Unsaved")
    editor.document.add(first_of(catalogue, CardType.SITE))
    asked = []
    editor_screen.ask_unsaved = lambda documents: asked.append(documents) or CANCEL
    assert not editor_screen.close_current() and editor_screen.tabs.count() == 1
    assert asked and asked[0][0].deck.name == "Unsaved"
    editor_screen.ask_unsaved = lambda documents: SAVE
    assert editor_screen.close_current() and editor_screen.tabs.count() == 0
    assert load_deck(UserDatabase(db), "Unsaved").total() == 1


def test_quitting_with_unsaved_changes_asks_without_blocking(window, editor_screen, catalogue,
                                                             db):
    editor = editor_screen.new_deck()
    editor.document.set_field("name", "At quit")
    editor.document.add(first_of(catalogue, CardType.SITE))
    window.close()
    assert window.isVisible(), "the window waits for the answer"
    box = editor_screen.quit_box
    assert box is not None and box.isVisible() and "“At quit”" in box.text()
    assert not editor_screen.quit_answer(CANCEL, editor_screen.documents())
    assert window.isVisible() and list_decks(UserDatabase(db)) == []
    window.close()  # asks again
    assert editor_screen.quit_box is not None
    assert editor_screen.quit_answer(SAVE, editor_screen.documents())
    assert not window.isVisible()
    assert load_deck(UserDatabase(db), "At quit").total() == 1


def test_quitting_and_discarding_closes_the_window(window, editor_screen, catalogue, db):
    editor_screen.new_deck().document.add(first_of(catalogue, CardType.SITE))
    assert not editor_screen.can_close()
    assert editor_screen.quit_answer(DISCARD, editor_screen.documents())
    assert not window.isVisible() and list_decks(UserDatabase(db)) == []


def test_recent_decks_reopen_from_the_menu(window, editor_screen, tmp_path):
    open_demo(editor_screen, window)
    assert editor_screen.recent.entries()[0] == RecentDeck(FILE, str(DEMO))
    editor_screen.close_current()
    editor_screen._fill_recent_menu()
    first = editor_screen.recent_menu.actions()[0]
    assert DEMO.name in first.text()
    first.trigger()
    assert window.context.wait_idle()
    assert editor_screen.current_document().copy_of == DEMO
    # opening the same file again shows the open tab
    editor_screen.open_file(DEMO)
    assert window.context.wait_idle()
    assert editor_screen.tabs.count() == 1
    missing = tmp_path / "gone.txt"
    editor_screen.recent.add(RecentDeck(FILE, str(missing)))
    editor_screen.open_recent(RecentDeck(FILE, str(missing)))
    assert window.context.wait_idle()
    assert RecentDeck(FILE, str(missing)) not in editor_screen.recent.entries()


def test_what_i_still_need_counts_the_collection(window, editor_screen, db):
    editor = open_demo(editor_screen, window)
    deck = editor.document.deck
    first, second = deck.main[0], deck.main[1]
    owned = [CollectionRow(first.name, first.count), CollectionRow(second.name, 1)]
    add_rows(UserDatabase(db), owned)
    window.context.collection_changed.emit(None)
    editor.side_tabs.setCurrentWidget(editor.needs)
    assert window.context.wait_idle()
    needs = {n.name: n.to_acquire for n in editor.needs.model.rows}
    assert first.name not in needs
    assert needs.get(second.name, 0) == second.count - 1
    assert sum(needs.values()) == 60 - first.count - 1
    assert "You still need" in editor.needs.summary.text()
    editor.document.set_count(second.name, 1)
    assert second.name not in {n.name for n in editor.needs.model.rows}


def test_the_open_dialog_lists_saved_and_demo_decks(window, editor_screen, catalogue):
    editor = editor_screen.new_deck()
    editor.document.set_field("name", "Listed")
    editor.document.add(first_of(catalogue, CardType.SITE))
    editor_screen.save_document()
    assert window.context.wait_idle()
    dialog = editor_screen.open_document()
    assert window.context.wait_idle()
    assert dialog.mine.childCount() == 1 and dialog.mine.child(0).text(0) == "Listed"
    assert dialog.demos.childCount() == len(deck_sources.demo_deck_files())
    dialog.tree.setCurrentItem(dialog.demos.child(0))
    dialog.accept()
    assert window.context.wait_idle()
    assert editor_screen.tabs.count() == 2


def test_document_analysis_matches_the_deck_layer(catalogue):
    deck = formats.read_file(DEMO)
    document = DeckDocument(deck, catalogue)
    assert document.analysis.report == validate(deck.merged(), catalogue)
    document.set_starter(True)
    assert document.analysis.report == validate(deck.merged(), catalogue, starter=True)
    with pytest.raises(LookupError):
        document.add("No Such Card Anywhere")
    with pytest.raises(ValueError):
        document.set_field("name", "bad\x07name")
    assert document.undo_stack.count() == 0


def test_an_edit_of_several_selected_cards_is_one_undo_step(window, editor_screen, qtbot):
    editor = open_demo(editor_screen, window)
    document = editor.document
    names = editor.model.groups[0].names[:2]
    before = {name: document.count_of(name) for name in names}
    assert editor.select_cards(names) == 2
    editor.add_action.trigger()
    assert {n: document.count_of(n) for n in names} == {n: c + 1 for n, c in before.items()}
    editor.move_action.trigger()
    assert all(document.count_of(n, SIDEBOARD) == 1 for n in names)
    assert document.undo_stack.count() == 2
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert {n: document.count_of(n) for n in names} == before
    assert document.deck.sideboard == []
    editor_screen.close_tab(0, ask=False)
    qtbot.wait(50)  # the closed tab's commands are freed without trouble


def test_charts_follow_the_palette_light_or_dark(editor_screen, window):
    editor = open_demo(editor_screen, window)
    chart = editor.stats.prime_chart
    palette = chart.palette()
    palette.setColor(QPalette.ColorRole.Highlight, QColor("#123456"))
    palette.setColor(QPalette.ColorRole.Window, QColor("#202020"))
    chart.setPalette(palette)  # what a switch of the system's colour scheme does
    assert chart.bars.color() == QColor("#123456")
    assert chart.chart().theme() == QChart.ChartTheme.ChartThemeDark


def test_suggest_swaps_lists_swaps_and_applies_one_as_an_undoable_edit(window, editor_screen,
                                                                       qtbot):
    # issue 12, section 6: the "Suggest Swaps" panel of the deck editor
    editor = open_demo(editor_screen, window)
    panel, document = editor.tuning, editor.document
    editor.side_tabs.setCurrentWidget(panel)
    panel.games.setValue(20)
    panel.rounds.setValue(6)
    panel.run_button.click()
    assert panel.running and not panel.run_button.isEnabled()
    qtbot.waitUntil(lambda: not panel.running, timeout=60_000)
    result = panel.result
    assert result is not None and not result.partial and window.context.last_error is None
    assert panel.model.rowCount() == len(result.suggestions) > 0
    assert "P(victory by round 6)" in panel.summary.text()
    best = result.suggestions[0]
    assert panel.model.index(0, 0).data() == best.out
    before = document.snapshot()
    panel.table.selectRow(0)
    assert panel.apply_button.isEnabled()
    panel.apply_button.click()
    after = document.deck
    assert after.count_of(best.out) == before.count_of(best.out) - 1
    assert after.count_of(best.card_in) == before.count_of(best.card_in) + 1
    assert validate(after, document.catalogue).legal
    assert document.undo_stack.undoText() == f"Swap {best.out} for {best.card_in}"
    document.undo_stack.undo()
    assert document.deck.counts() == before.counts()


def test_cancelling_the_swap_search_shows_what_was_measured(window, editor_screen, qtbot):
    editor = open_demo(editor_screen, window)
    panel = editor.tuning
    panel.games.setValue(2000)
    panel.run()
    qtbot.waitUntil(lambda: panel.progress.value() > 0, timeout=30_000)
    panel.cancel_button.click()
    qtbot.waitUntil(lambda: not panel.running, timeout=30_000)
    assert panel.result is not None and panel.result.partial
    assert "Partial result" in panel.summary.text() and window.context.last_error is None
    assert panel.run_button.isEnabled() and not panel.cancel_button.isEnabled()


def test_card_names_are_whole_at_1024_px(editor_screen, window, qtbot):
    """Issue 25 (cosmetic): at 1024 x 700 the characteristic columns take short titles
    (full ones in their tooltips) so every card name of the demo deck is whole; a
    wide window shows the full titles."""
    from deckbuilder.gui.deck_editor.deck_model import COLUMNS, NAME, SHORT_COLUMNS

    editor = open_demo(editor_screen, window)
    view, model = editor.view, editor.model
    header = view.header()
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: model.short_titles, timeout=3000)
    metrics = view.fontMetrics()
    assert model.card_names()
    for name in model.card_names():
        assert header.sectionSize(NAME) >= metrics.horizontalAdvance(name), name
    assert header.sectionPosition(NAME) + header.sectionSize(NAME) <= view.viewport().width()
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(len(COLUMNS))] \
        == list(SHORT_COLUMNS)
    assert model.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) \
        == "Dominion"
    window.resize(1900, 1000)
    qtbot.waitUntil(lambda: not model.short_titles, timeout=3000)
    assert model.headerData(2, Qt.Orientation.Horizontal) == "Dominion"
