"""The deck editor's History tab (issue 23, section 1): the kept versions, the changes
and statistics of two versions side by side, goldfish P(victory by round) of both on the
same shuffles, and an undoable revert saved as a new version."""

from __future__ import annotations

from card_db.userdb import UserDatabase
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.tuning import win_rounds
from deckbuilder.gui.deck_editor.editor import HISTORY_TAB
from deckbuilder.services.deck_sources import demo_deck_files, read_deck
from deckbuilder.services.deck_versions import deck_history
from deckbuilder.services.decks import load_deck, save_deck

SCREEN_KEYS = ("browser", "deck-editor")


def _save_versions(db):
    handle = UserDatabase(db)
    deck = read_deck(demo_deck_files()[0], handle.catalogue()).deck
    deck.name = "Tuned"
    save_deck(handle, deck)
    first = deck.main[0].name
    deck.set_count(first, deck.count_of(first) - 1)
    deck.add("Gentle")
    save_deck(handle, deck)
    return handle, first


def test_history_lists_compares_races_and_reverts(qtbot, window, db):
    handle, first = _save_versions(db)
    screen = window.show_screen("deck-editor")
    screen.open_saved("Tuned")
    assert window.context.wait_idle()
    editor = screen.current_editor()
    editor.side_tabs.setCurrentIndex(HISTORY_TAB)
    panel = editor.history
    qtbot.waitUntil(lambda: panel.table.rowCount() == 2, timeout=10000)
    assert panel.table.item(0, 0).text() == "v2"  # newest first, selected
    assert (panel.older.currentData(), panel.newer.currentData()) == (1, 2)
    changed = {panel.changes.item(r, 0).text() for r in range(panel.changes.rowCount())}
    assert changed == {first, "Gentle"}
    figures = {panel.stats.item(r, 0).text(): (panel.stats.item(r, 1).text(),
                                               panel.stats.item(r, 2).text())
               for r in range(panel.stats.rowCount())}
    assert figures["Cards"] == ("60", "60")
    assert figures["P(Character in opening hand)"][0].endswith("%")

    panel.games.setValue(300)
    panel.run()
    qtbot.waitUntil(lambda: panel.race is not None, timeout=30000)
    v1 = load_deck(handle, "Tuned")  # v2, the newest
    catalogue = handle.catalogue()
    expected = win_rounds(tuple(v1.expand(catalogue)), Variant(), 10, 0, 300)
    assert panel.race.curve_b[-1] == sum(1 for w in expected if w) / 300  # same shuffles
    assert "95% interval" in panel.summary.text()

    panel.select_version(1)
    assert panel.revert_button.isEnabled()
    assert panel.revert_selected()
    assert window.context.wait_idle()
    qtbot.waitUntil(lambda: len(deck_history(handle, "Tuned")) == 3, timeout=10000)
    document = editor.document
    qtbot.waitUntil(lambda: not document.dirty, timeout=10000)
    assert load_deck(handle, "Tuned").count_of("Gentle") == 0
    document.undo_stack.undo()  # the revert is undoable in the deck
    assert document.count_of("Gentle") == 1 and document.dirty
    handle.close()


def test_an_unsaved_deck_says_how_to_keep_versions(qtbot, window):
    screen = window.show_screen("deck-editor")
    editor = screen.new_deck()
    editor.side_tabs.setCurrentIndex(HISTORY_TAB)
    qtbot.waitUntil(lambda: "Save the deck" in editor.history.message.text(), timeout=5000)
    assert editor.history.table.rowCount() == 0
    assert not editor.history.revert_button.isEnabled()


def test_overwrite_after_a_conflict_keeps_the_other_writers_version(qtbot, window, db):
    from tests.test_deck_versions import _click, _open_and_change_elsewhere

    screen, document = _open_and_change_elsewhere(window, db)
    qtbot.waitUntil(lambda: screen.conflict_box is not None, timeout=5000)
    _click(screen.conflict_box, "Overwrite")
    assert window.context.wait_idle()
    qtbot.waitUntil(lambda: not document.dirty, timeout=5000)
    handle = UserDatabase(db)
    history = deck_history(handle, "Shared")
    assert [v.cards for v in history] == [1, 4, 2]  # theirs (4 Gentle) kept before mine
    assert [c.to_json() for c in history[2].changes] == [
        {"name": "Gentle", "from": 4, "to": 1, "zone": "main"},
        {"name": "Judith", "from": 0, "to": 1, "zone": "main"}]
    handle.close()
